"""What a Bazaar run writes about itself: its catalogue (the charms of its set and the dice of
the bag, with attributes) and every word its events may use."""

from __future__ import annotations

from analytics.games.bazaar.components import CHARMS, COINS, DICE, STARS, Charm, Die, gives
from analytics.games.bazaar.state import OPENING_PURSE, Setup

KINDS = ("charm_bought", "charm_used", "coins_paid", "coins_won", "die_cast", "die_drawn",
         "stars_won")
USE_KINDS = ("charm_used", "die_cast")  # kinds whose item is a component being used

ATTRIBUTES: dict[str, type] = {
    "stall": str,  # a charm's market stall (stall1 .. stall4)
    "cost": int,  # a charm's price in coins (a die: 0, it is drawn, not bought)
    "timing": str,  # when a charm acts: purchase, turn_start, draw, cast
    "effect": str,  # what it gives then: stars, coins, extra_die, recast
    "amount": int,
    "copies": int,  # a die tier's copies in the bag
    "gives": str,  # in words ('2 stars on purchase'; a die: its sides)
    "star_source": str,  # what its stars count as: charm or die
}


def catalogue(setup: Setup) -> tuple[dict[str, type], list[dict]]:
    """The attributes and one row per charm of the set and per die tier of the bag."""
    rows = [charm_row(c) for c in setup.charm_set.charms]
    return ATTRIBUTES, rows + [die_row(d) for d in DICE.values()]


def charm_row(charm: Charm) -> dict:
    return {"component": charm.id, "kind": "charm", "name": charm.name, "offered": True,
            "module": "none", "origin": "bazaar", "stall": charm.stall, "cost": charm.cost,
            "timing": charm.timing, "effect": charm.effect, "amount": charm.amount,
            "copies": None, "gives": gives(charm), "star_source": "charm"}


def die_row(die: Die) -> dict:
    return {"component": die.id, "kind": "die", "name": die.name, "offered": True,
            "module": "none", "origin": "bazaar", "stall": None, "cost": 0, "timing": None,
            "effect": None, "amount": None, "copies": die.copies,
            "gives": " ".join(s.id for s in die.sides), "star_source": "die"}


def vocabulary(setup: Setup | None) -> dict[str, tuple[str, ...]]:
    """The words of every event column (the same for every setup; None asks without one)."""
    return VOCABULARY


_IDS = tuple(sorted({*CHARMS, *DICE}))
VOCABULARY: dict[str, tuple[str, ...]] = {
    "kind": KINDS, "item": _IDS, "resource": (COINS, STARS),
    "cause": tuple(sorted({*_IDS, OPENING_PURSE})), "use_kinds": USE_KINDS}
