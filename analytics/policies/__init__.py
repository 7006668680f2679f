"""Policies (bots): the protocol, the random policy, the registry of bots by name and the
bots from outside the package (module:Factory, file.py:Factory, entry points)."""

from analytics.policies.protocol import DEFER, Fallback, Policy, RandomPolicy
from analytics.policies.registry import (
    available_bots,
    bot_modules,
    is_outside,
    make_bot,
    register_bot,
)
from analytics.policies.spec import parse_spec

__all__ = ["DEFER", "Fallback", "Policy", "RandomPolicy", "available_bots", "bot_modules",
           "is_outside", "make_bot", "parse_spec", "register_bot"]
