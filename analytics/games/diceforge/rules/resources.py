"""Gaining, losing and spending resources in a player's map: caps, gain hooks; every change
logged."""

from __future__ import annotations

from analytics.engine import guard
from analytics.engine.containers import write_item
from analytics.games.diceforge.rules.components import GAIN_OF
from analytics.games.diceforge.rules.hooks import HANDLERS
from analytics.games.diceforge.rules.state import Game, Player


def gain(g: Game, p: Player, res: str, amount: int, cause: str, item: str | None = None) -> None:
    """Give `amount` of `res` to p: gain hooks first (they may take part of it: Hammer,
    Scepter, Sentinel), then the map; what exceeds a cap is lost (Glory has none)."""
    if guard.FROZEN:  # tested here once: the writes below bypass the map's own check
        guard.refuse(p, "gain")
    if amount <= 0:
        return
    if p.hooks:  # (dict lookups are most of a gain's cost: ~480 gains a game)
        hooks = p.hooks.get(GAIN_OF.get(res, ""))
        if hooks:
            for card_id, key in hooks:  # a tuple, replaced if a full Hammer unregisters itself
                amount = HANDLERS[key](g, p, card_id, res, amount, cause, item)
                if amount <= 0:
                    return
    reserve = p.res
    cap = p.caps.get(res)
    if cap is None:
        write_item(reserve, res, reserve.get(res, 0) + amount)
        g.log.emit(p.seat, "resource_gained", item, res, amount, cause)
        return
    held = reserve[res]  # a capped resource is in every map from the start
    room = cap - held
    kept = amount if amount <= room else room  # min(), without a call
    if kept > 0:
        write_item(reserve, res, held + kept)
        g.log.emit(p.seat, "resource_gained", item, res, kept, cause)
    if kept < amount:
        g.log.emit(p.seat, "resource_overflowed", item, res, amount - kept, cause)


def lose(g: Game, p: Player, res: str, amount: int, cause: str, item: str | None = None) -> None:
    """Take up to `amount` of `res` from p's map; nothing goes below zero."""
    if guard.FROZEN:
        guard.refuse(p, "lose")
    held = p.res.get(res, 0)
    lost = amount if amount <= held else held
    if lost > 0:
        write_item(p.res, res, held - lost)
        g.log.emit(p.seat, "resource_lost", item, res, -lost, cause)


def spend(g: Game, p: Player, res: str, amount: int, cause: str) -> None:
    """Take `amount` of `res` from p's map (the caller has checked p holds it) for `cause`.

    Costs go through payment.pay, which uses this for the part the reserve pays."""
    if guard.FROZEN:
        guard.refuse(p, "spend")
    if amount > 0:
        write_item(p.res, res, p.res[res] - amount)
        g.log.emit(p.seat, "resource_spent", cause, res, -amount, cause)
