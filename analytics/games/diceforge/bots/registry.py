"""The heuristic bots' tables of card worths and decision handlers, filled by the modules that
define them.

Each module of worths or choices adds its entries here when imported (the game's plugin imports
them all), so the bot and the value model that read these tables never import the modules that
fill them: the Rebellion modules may then read the bot and the value model with no import circle.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# Effect name (a card's `value`) -> its worth in Glory, worth(outlook, values); Glory-only cards
# are absent (worth 0).
EFFECT_VALUES: dict[str, Callable[[Any, Any], float]] = {}

# Upper bounds of worths that cost much more than their bound (heuristic.best_option scores such
# a feat only when its bound could beat the best option found); a worth with none is scored.
EFFECT_BOUNDS: dict[str, Callable[[Any, Any], float]] = {}

# Effects read only through rates, my dice and `acts` (which the rates fix): see Outlook.effect.
DICE_EFFECTS: set[str] = set()

# What one use of a reinforcement with a price but no fixed gain is worth now, worth(outlook).
USE_WORTHS: dict[str, Callable[[Any], float]] = {}

# Decision kind -> the handler that answers it, handler(bot, game, decision).
CHOICES: dict[str, Callable[[Any, Any, Any], Any]] = {}

# A module's die face, by `special`: what one roll of it is worth now, worth(outlook) (the
# Goddess module's Golem faces: bots/goddess.py).
SPECIAL_ROLLS: dict[str, Callable[[Any], float]] = {}
