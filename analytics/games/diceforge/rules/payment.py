"""Paying costs: one function over the reserve and every source a player's cards declare.

A cost is (resource, amount) pairs. The reserve always pays; a card that provides another
way to pay (the Blacksmith's Scepter: its gold, and shards during one's own turn) registers a
`Source` on the `pay` hook. A payment's `purpose` says what it is for, since some sources pay
only some things (Scepter shards: a feat or the extra action, in one's own turn).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from analytics.games.diceforge.rules.components import PAY, Cost
from analytics.games.diceforge.rules.resources import spend
from analytics.games.diceforge.rules.state import Game, Player

# What a payment is for.
FEAT: Final = "feat"
EXTRA_ACTION: Final = "extra_action"
FORGE: Final = "forge"
CARD: Final = "card"

Short = dict[str, int]  # resource -> amount the reserve lacks


@dataclass(frozen=True, slots=True)
class Source:
    """A way to pay besides the reserve, registered on the `pay` hook by the card providing it.

    available(g, p, card_id, res, purpose): the most of `res` it alone could pay now;
    covers(g, p, card_id, short, purpose): the shortfall left after it pays the most it can;
    pays(g, p, card_id, cost, cause, purpose, keep): pays a part of `cost` (asking p where p
    may choose, never leaving more than p's reserve holds, nor `keep` unpayable) and returns
    the rest, for the reserve.
    """

    available: Callable[[Game, Player, str, str, str], int]
    covers: Callable[[Game, Player, str, Short, str], Short]
    pays: Callable[[Game, Player, str, Cost, str, str, Cost], Cost]


SOURCES: dict[str, Source] = {}


def shortfall(p: Player, cost: Cost) -> Short:
    """What p's reserve lacks to pay `cost` alone."""
    short: Short = {}
    for res, amount in cost:
        held = p.res.get(res, 0)
        if amount > held:
            short[res] = amount - held
    return short


def can_pay(g: Game, p: Player, cost: Cost, purpose: str) -> bool:
    """Whether p can pay `cost` now for `purpose`, from the reserve and p's sources."""
    short = shortfall(p, cost)
    if not short:
        return True
    for card_id, key in p.hooks.get(PAY, ()):
        short = SOURCES[key].covers(g, p, card_id, short, purpose)
        if not short:
            return True
    return False


def funds(g: Game, p: Player, res: str, purpose: str) -> int:
    """The most of `res` p could pay now for `purpose` (reserve plus sources)."""
    total = p.res.get(res, 0)
    for card_id, key in p.hooks.get(PAY, ()):
        total += SOURCES[key].available(g, p, card_id, res, purpose)
    return total


def pay(g: Game, p: Player, cost: Cost, cause: str, purpose: str, keep: Cost = ()) -> None:
    """Pay `cost` (the caller has checked `can_pay`): each source p holds pays what p chooses,
    the reserve the rest; every part is logged with `cause`. `keep` is a cost that must stay
    payable after this one (the action an extra action was bought for: checked together)."""
    sources = p.hooks.get(PAY)
    if sources:
        for card_id, key in tuple(sources):
            cost = SOURCES[key].pays(g, p, card_id, cost, cause, purpose, keep)
    for res, amount in cost:
        spend(g, p, res, amount, cause)


def add_costs(first: Cost, second: Cost) -> Cost:
    """Two costs paid together, as one."""
    total: dict[str, int] = {}
    for res, amount in first + second:
        total[res] = total.get(res, 0) + amount
    return tuple(total.items())
