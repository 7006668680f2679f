"""Policies (bots): the protocol, the random policy and the registry of bots by name."""

from analytics.policies.protocol import Policy, RandomPolicy
from analytics.policies.registry import available_bots, make_bot, register_bot

__all__ = ["Policy", "RandomPolicy", "available_bots", "make_bot", "register_bot"]
