"""Gaining, losing and spending resources: caps, the Hammer, conversions; every change logged."""

from __future__ import annotations

from analytics.games.diceforge.components import (
    GLORY,
    GOLD,
    HAMMER_PHASE,
    HAMMER_REWARDS,
    MOON,
    SUN,
)
from analytics.games.diceforge.state import Game, Player

# What a conversion card turns into Glory while its blessings resolve, and at what rate.
CONVERSIONS = {"sentinel": ((SUN, MOON), 2), "cyclops": ((GOLD,), 1)}


def gain(g: Game, p: Player, res: str, amount: int, cause: str, item: str | None = None) -> None:
    """Give `amount` of `res` to p: Glory has no cap; gold may go to the Hammer; excess is lost."""
    if amount <= 0:
        return
    if p.converting and res != GLORY:
        amount = _convert(g, p, res, amount, cause, item)
    if res == GLORY:
        p.glory += amount
        g.log.emit(p.seat, "resource_gained", item, GLORY, amount, cause)
        return
    if res == GOLD and p.hammers and p.hammer_room > 0:
        amount = _to_hammer(g, p, amount, cause, item)
    if amount <= 0:
        return
    held = getattr(p, res)
    room = p.caps[res] - held
    kept = amount if amount <= room else room  # min(), without a call: ~480 gains a game
    if kept > 0:
        setattr(p, res, held + kept)
        g.log.emit(p.seat, "resource_gained", item, res, kept, cause)
    if kept < amount:
        g.log.emit(p.seat, "resource_overflowed", item, res, amount - kept, cause)


def lose(g: Game, p: Player, res: str, amount: int, cause: str, item: str | None = None) -> None:
    """Take up to `amount` of `res` from p's reserve; nothing goes below zero."""
    lost = min(amount, getattr(p, res))
    if lost > 0:
        setattr(p, res, getattr(p, res) - lost)
        g.log.emit(p.seat, "resource_lost", item, res, -lost, cause)


def spend(g: Game, p: Player, res: str, amount: int, cause: str) -> None:
    """Pay `amount` of `res` (the caller has checked p can) for `cause`."""
    if amount > 0:
        setattr(p, res, getattr(p, res) - amount)
        g.log.emit(p.seat, "resource_spent", cause, res, -amount, cause)


def _convert(g: Game, p: Player, res: str, amount: int, cause: str, item: str | None) -> int:
    """Sentinel/Cyclops: the player turns some of the gain into Glory; returns what is left."""
    resources, rate = CONVERSIONS[p.converting]
    if res not in resources:
        return amount
    converted = g.decide(p.seat, "convert", tuple(range(amount + 1)), (p.converting, res))
    if converted:
        g.log.emit(p.seat, "resource_gained", item or cause, GLORY, converted * rate, p.converting)
        p.glory += converted * rate
    return amount - converted


def _to_hammer(g: Game, p: Player, amount: int, cause: str, item: str | None) -> int:
    """The player puts gold on the Hammer track; each 15 completes a phase (10, then 15 Glory)."""
    put = g.decide(p.seat, "hammer_gold", tuple(range(min(amount, p.hammer_room) + 1)), amount)
    if put:
        before = p.hammer_gold
        p.hammer_gold += put
        g.log.emit(p.seat, "resource_gained", item, "hammer", put, cause)
        for phase in range(before // HAMMER_PHASE + 1, p.hammer_gold // HAMMER_PHASE + 1):
            reward = HAMMER_REWARDS[(phase - 1) % 2]
            p.glory += reward
            g.log.emit(p.seat, "resource_gained", "blacksmiths_hammer", GLORY, reward,
                       "blacksmiths_hammer")
    return amount - put
