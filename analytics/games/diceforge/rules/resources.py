"""Gaining, losing and spending resources in a player's map (engine/resources.py): caps, and
the gain hooks through which cards take part of a gain (Hammer, Scepter, Sentinel)."""

from __future__ import annotations

from analytics.engine.resources import Resources
from analytics.games.diceforge.rules.components import GAIN_OF
from analytics.games.diceforge.rules.hooks import HOOKS

RESOURCES = Resources(HOOKS, GAIN_OF)
# The game's names for the engine's calls, for cards and bots (bound once: no forwarding call).
# The rules call RESOURCES.gain itself: compiled, a method of a known class is a native call.
gain = RESOURCES.gain
lose = RESOURCES.lose
spend = RESOURCES.spend
