"""Bazaar's heuristic bots, registered by name beside the generic random bot.

Both weigh a coin as half a star (what a side or a charm is worth to them) and recast the die
showing least below its tier's mean; they differ in how they buy.
"""

from __future__ import annotations

import random
from typing import Any

from analytics.engine.decisions import Decision
from analytics.games.bazaar.components import CHARMS, DICE, Charm, Side
from analytics.games.bazaar.state import Bazaar
from analytics.games.bazaar.turn import KEEP, PASS
from analytics.policies.registry import register_bot

COIN_WORTH = 0.5  # stars per coin: about what the dearer charms pay back


def worth(side: Side) -> float:
    return side.stars + COIN_WORTH * side.coins


def mean_worth(die: str) -> float:
    sides = DICE[die].sides
    return sum(worth(s) for s in sides) / len(sides)


def pick_recast(shown: tuple[tuple[str, str], ...]) -> int:
    """The place of the die furthest below its tier's mean, or KEEP when none is below it."""
    best, best_gap = KEEP, 0.0
    for place, (die, side_id) in enumerate(shown):
        side = next(s for s in DICE[die].sides if s.id == side_id)
        gap = mean_worth(die) - worth(side)
        if gap > best_gap:
            best, best_gap = place, gap
    return best


def charm_worth(charm: Charm, turns_left: int) -> float:
    """Stars a charm should bring over the seat's turns left (its price not counted)."""
    if charm.timing == "purchase":
        return float(charm.amount)
    per_turn = {"stars": 1.0, "coins": COIN_WORTH, "extra_die": 1.2, "recast": 0.6}
    return per_turn[charm.effect] * charm.amount * turns_left


class BazaarBot:
    """Recasts by `pick_recast`; buys the dearest charm (spender) or the best value (reckoner)."""

    def __init__(self, name: str, by_value: bool) -> None:
        self.name = name
        self.by_value = by_value
        self.params: dict[str, Any] = {"by_value": by_value, "coin_worth": COIN_WORTH}

    def choose(self, view: Bazaar, decision: Decision, rng: random.Random) -> Any:
        if decision.kind == "recast":
            return pick_recast(decision.context)
        charms = [CHARMS[c] for c in decision.options if c != PASS]
        if not charms:
            return PASS
        if not self.by_value:
            return max(charms, key=lambda c: (c.cost, c.id)).id
        turns_left = int(view.setup.options.rounds) - view.turn // view.setup.players - 1
        best = max(charms, key=lambda c: (charm_worth(c, turns_left) - COIN_WORTH * c.cost,
                                          c.id))
        gain = charm_worth(best, turns_left) - COIN_WORTH * best.cost
        return best.id if gain > 0 else PASS


def _spender() -> BazaarBot:
    return BazaarBot("spender", by_value=False)


def _reckoner() -> BazaarBot:
    return BazaarBot("reckoner", by_value=True)


register_bot("bazaar", "spender", _spender, "buys the dearest charm it can afford")
register_bot("bazaar", "reckoner", _reckoner,
             "buys the charm worth most over the turns left, if more than its price")
