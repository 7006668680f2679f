"""Resources: a holder's map of countable things with caps; gains, losses and spending that
clamp, let gain hooks take their part first, and log every change."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from analytics.engine.hooks import HookHolder, Hooks
from analytics.engine.phases import GameState

# The events a change logs: (seat, kind, item, resource, signed amount, cause).
GAINED: Final = "resource_gained"
OVERFLOWED: Final = "resource_overflowed"  # what a cap kept out
LOST: Final = "resource_lost"
SPENT: Final = "resource_spent"


class ResourceHolder(HookHolder):
    """A player: `res` holds every countable thing (a capped one from the start), `caps`
    bounds some of them, `hooks` holds its registrations (engine/hooks.py)."""

    __slots__ = ()
    seat: int
    res: dict[str, int]
    caps: dict[str, int]


class Resources:
    """One game's resource rules: which hook each resource's gains fire (`gain_hooks`), whose
    handlers (from `hooks`) are called as `handler(state, holder, owner, res, amount, cause,
    item) -> the amount left to gain`."""

    __slots__ = ("handlers", "gain_hooks")

    def __init__(self, hooks: Hooks, gain_hooks: Mapping[str, str]) -> None:
        self.handlers = hooks.handlers
        self.gain_hooks = dict(gain_hooks)

    def gain(self, state: GameState, p: ResourceHolder, res: str, amount: int, cause: str,
             item: str | None = None) -> int:
        """Give `amount` of `res` to p: gain hooks first (they may take part of it), then the
        map; what exceeds a cap is lost. Returns what p's map gained."""
        if amount <= 0:
            return 0
        if p.hooks:  # (dict lookups are most of a gain's cost: ~480 gains a game)
            hooks = p.hooks.get(self.gain_hooks.get(res, ""))
            if hooks:
                handlers = self.handlers
                for owner, key in hooks:  # a tuple, replaced if a handler unregisters itself
                    amount = handlers[key](state, p, owner, res, amount, cause, item)
                    if amount <= 0:
                        return 0
        reserve = p.res
        cap = p.caps.get(res)
        if cap is None:
            reserve[res] = reserve.get(res, 0) + amount
            state.log.emit(p.seat, GAINED, item, res, amount, cause)
            return amount
        held = reserve[res]  # a capped resource is in every map from the start
        room = cap - held
        kept = amount if amount <= room else room  # min(), without a call
        if kept > 0:
            reserve[res] = held + kept
            state.log.emit(p.seat, GAINED, item, res, kept, cause)
        if kept < amount:
            state.log.emit(p.seat, OVERFLOWED, item, res, amount - kept, cause)
        return kept if kept > 0 else 0

    def lose(self, state: GameState, p: ResourceHolder, res: str, amount: int, cause: str,
             item: str | None = None) -> int:
        """Take up to `amount` of `res` from p's map, never below zero; returns what it took."""
        held = p.res.get(res, 0)
        lost = amount if amount <= held else held
        if lost > 0:
            p.res[res] = held - lost
            state.log.emit(p.seat, LOST, item, res, -lost, cause)
        return lost if lost > 0 else 0

    def spend(self, state: GameState, p: ResourceHolder, res: str, amount: int, cause: str) -> None:
        """Take `amount` of `res` from p's map (the caller has checked p holds it) for `cause`:
        the part of a payment the reserve pays (engine/payment.py)."""
        if amount > 0:
            p.res[res] -= amount
            state.log.emit(p.seat, SPENT, cause, res, -amount, cause)
