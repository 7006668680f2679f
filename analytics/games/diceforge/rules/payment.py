"""Paying costs (engine/payment.py): the reserve, and the sources cards register on the `pay`
hook (the Blacksmith's Scepter: its gold, and shards during one's own turn). A payment's
purpose says what it is for: Scepter shards pay only a feat or the extra action, in one's own
turn."""

from __future__ import annotations

from typing import Final

from analytics.engine.payment import Payment, Short, Source, add_costs, shortfall
from analytics.games.diceforge.rules.components import PAY
from analytics.games.diceforge.rules.resources import RESOURCES

__all__ = ["SOURCES", "Short", "Source", "add_costs", "can_pay", "funds", "pay", "shortfall"]

# What a payment is for.
FEAT: Final = "feat"
EXTRA_ACTION: Final = "extra_action"
FORGE: Final = "forge"
CARD: Final = "card"

PAYMENT = Payment(PAY, RESOURCES)
SOURCES = PAYMENT.sources
# The game's names for the engine's calls, for cards and bots (the rules call PAYMENT's).
can_pay = PAYMENT.can_pay
funds = PAYMENT.funds
pay = PAYMENT.pay
