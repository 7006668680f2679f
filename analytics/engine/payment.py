"""Paying costs: one function over a holder's reserve and every source it declares.

A cost is (resource, amount) pairs. The reserve (the holder's resource map) always pays; a
card, token or anything else offering another way to pay registers a `Source` key on the
payment hook of its holder. A payment's `purpose` says what it is for, since some sources pay
only some things.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from analytics.engine.phases import GameState
from analytics.engine.resources import ResourceHolder, Resources

Cost = tuple[tuple[str, int], ...]  # (resource, amount) pairs, all paid
Short = dict[str, int]  # resource -> amount the reserve lacks


@dataclass(frozen=True, slots=True)
class Source:
    """A way to pay besides the reserve, registered on the payment hook by its owner.

    available(state, p, owner, res, purpose): the most of `res` it alone could pay now;
    covers(state, p, owner, short, purpose): the shortfall left after it pays the most it can;
    pays(state, p, owner, cost, cause, purpose, keep): pays a part of `cost` (asking p where p
    may choose, never leaving more than p's reserve holds, nor `keep` unpayable) and returns
    the rest, for the reserve.
    """

    available: Callable[[Any, Any, str, str, str], int]
    covers: Callable[[Any, Any, str, Short, str], Short]
    pays: Callable[[Any, Any, str, Cost, str, str, Cost], Cost]


def shortfall(p: ResourceHolder, cost: Cost) -> Short:
    """What p's reserve lacks to pay `cost` alone."""
    short: Short = {}
    for res, amount in cost:
        held = p.res.get(res, 0)
        if amount > held:
            short[res] = amount - held
    return short


def add_costs(first: Cost, second: Cost) -> Cost:
    """Two costs paid together, as one."""
    total: dict[str, int] = {}
    for res, amount in first + second:
        total[res] = total.get(res, 0) + amount
    return tuple(total.items())


class Payment:
    """One game's payments: the hook its sources register on, the sources by key, and the
    resource rules the reserve pays through."""

    __slots__ = ("hook", "sources", "resources")

    def __init__(self, hook: str, resources: Resources) -> None:
        self.hook = hook
        self.sources: dict[str, Source] = {}
        self.resources = resources

    def can_pay(self, state: GameState, p: ResourceHolder, cost: Cost, purpose: str) -> bool:
        """Whether p can pay `cost` now for `purpose`, from the reserve and p's sources."""
        short = shortfall(p, cost)
        if not short:
            return True
        for owner, key in p.hooks.get(self.hook, ()):
            short = self.sources[key].covers(state, p, owner, short, purpose)
            if not short:
                return True
        return False

    def funds(self, state: GameState, p: ResourceHolder, res: str, purpose: str) -> int:
        """The most of `res` p could pay now for `purpose` (reserve plus sources)."""
        total = p.res.get(res, 0)
        for owner, key in p.hooks.get(self.hook, ()):
            total += self.sources[key].available(state, p, owner, res, purpose)
        return total

    def pay(self, state: GameState, p: ResourceHolder, cost: Cost, cause: str, purpose: str,
            keep: Cost = ()) -> None:
        """Pay `cost` (the caller has checked `can_pay`): each source p holds pays what p
        chooses, in registration order, the reserve the rest; every part is logged with
        `cause`. `keep` is a cost that must stay payable after this one (checked together)."""
        sources = p.hooks.get(self.hook)
        if sources:
            for owner, key in tuple(sources):
                cost = self.sources[key].pays(state, p, owner, cost, cause, purpose, keep)
        spend = self.resources.spend
        for res, amount in cost:
            spend(state, p, res, amount, cause)
