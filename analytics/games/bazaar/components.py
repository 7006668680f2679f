"""Bazaar's components as frozen rows: the dice of the shared bag and the charms of the market.

Bazaar is dicelab's own small proof game, not a published one: a second game through the whole
pipeline, so that nothing below the event log can lean on Dice Forge's words.
"""

from __future__ import annotations

from dataclasses import dataclass

COINS = "coins"
STARS = "stars"


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a die: its id (what chance answers by) and what it gives."""

    id: str
    coins: int = 0
    stars: int = 0


@dataclass(frozen=True, slots=True)
class Die:
    """A die tier: its sides and how many copies the shared bag holds."""

    id: str
    name: str
    sides: tuple[Side, ...]
    copies: int


@dataclass(frozen=True, slots=True)
class Charm:
    """A charm of the market: its stall, price in coins, and the effect it has and when.

    `timing` is when the effect acts: purchase, turn_start, draw (more dice drawn) or cast (a
    die may be cast again); `effect` and `amount` say what it gives then.
    """

    id: str
    name: str
    stall: str
    cost: int
    timing: str
    effect: str
    amount: int


def _side(name: str) -> Side:
    """A side from its id: 'coins2', 'stars1', 'coins1_stars1' or 'blank'."""
    coins = stars = 0
    for part in name.split("_"):
        if part.startswith(COINS):
            coins = int(part.removeprefix(COINS))
        elif part.startswith(STARS):
            stars = int(part.removeprefix(STARS))
    return Side(name, coins, stars)


def _die(die_id: str, name: str, sides: str, copies: int) -> Die:
    return Die(die_id, name, tuple(_side(s) for s in sides.split()), copies)


# Dearer tiers give more and lean to stars; the bag holds more of the cheap ones.
DICE: dict[str, Die] = {d.id: d for d in (
    _die("copper", "Copper die", "coins1 coins1 coins2 coins2 stars1 blank", 5),
    _die("silver", "Silver die", "coins1 coins2 coins3 stars1 stars2 coins1_stars1", 3),
    _die("amber", "Amber die", "coins3 coins4 stars1 stars2 stars3 coins1_stars1", 2),
)}

# The bag in draw order: every copy of every tier (what `chance.draw` indexes).
BAG: tuple[str, ...] = tuple(d.id for d in DICE.values() for _ in range(d.copies))

# Stall -> price in coins; a charm set puts one charm on each stall.
STALLS: dict[str, int] = {"stall1": 3, "stall2": 5, "stall3": 7, "stall4": 9}

CHARMS: dict[str, Charm] = {c.id: c for c in (
    Charm("lantern", "Lantern", "stall1", 3, "turn_start", COINS, 1),
    Charm("pennant", "Pennant", "stall1", 3, "purchase", STARS, 2),
    Charm("whistle", "Whistle", "stall1", 3, "cast", "recast", 1),
    Charm("satchel", "Satchel", "stall2", 5, "draw", "extra_die", 1),
    Charm("almanac", "Almanac", "stall2", 5, "turn_start", STARS, 1),
    Charm("lodestone", "Lodestone", "stall3", 7, "purchase", STARS, 5),
    Charm("loom", "Loom", "stall3", 7, "turn_start", COINS, 2),
    Charm("orrery", "Orrery", "stall4", 9, "turn_start", STARS, 2),
    Charm("trophy", "Trophy", "stall4", 9, "purchase", STARS, 8),
)}


def gives(charm: Charm) -> str:
    """What a charm does, in words: '2 stars on purchase', '1 coins at each turn start'."""
    if charm.effect == "extra_die":
        return f"{charm.amount} more die drawn each turn"
    if charm.effect == "recast":
        return f"cast {charm.amount} drawn die again each turn"
    when = "on purchase" if charm.timing == "purchase" else "at each turn start"
    return f"{charm.amount} {charm.effect} {when}"


def side_gives(side: Side) -> str:
    """What a side gives: '2 coins', '1 coins + 1 stars', 'nothing'."""
    parts = [f"{n} {what}" for n, what in ((side.coins, COINS), (side.stars, STARS)) if n]
    return " + ".join(parts) or "nothing"
