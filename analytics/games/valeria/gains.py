"""Gains within the player board's caps (the rest is lost), spending, and the Ongoing
Champions a gain or a visit triggers. A reward that takes a die or reserves a plan is
taking.py's (which never gains: no import circle)."""

from __future__ import annotations

from analytics.games.valeria import taking
from analytics.games.valeria.catalogue import Gains
from analytics.games.valeria.state import Player, Valeria
from analytics.games.valeria.words import CAPPED


def gain(state: Valeria, p: Player, gains: Gains, cause: str, trigger: bool = True) -> None:
    """Gain a reward: tracks up to their caps (the rest is lost), Gems from the supply, VP,
    a die from a Shrine, a Battle Plan reserved. Gains of Gold, Magic, Gems and Influence
    trigger the seat's Ongoing Champions (not their own gains)."""
    for effect, amount in gains:
        if effect == "die":
            for _ in range(amount):
                taking.bonus_die(state, p, cause)
        elif effect == "plan":
            for _ in range(amount):
                taking.bonus_plan(state, p, cause)
        else:
            got = add(state, p, effect, amount, cause)
            if got and trigger and effect in CAPPED:
                fire(state, p, f"gain:{effect}")


def add(state: Valeria, p: Player, resource: str, amount: int, cause: str) -> int:
    """Add to one track within its cap (Gems: and the supply); returns what was added."""
    room = amount
    if resource in CAPPED:
        room = min(amount, p.cap[resource] - p.res[resource])
    if resource == "gem":
        room = min(room, state.gem_supply)
        state.gem_supply -= max(room, 0)
    room = max(room, 0)
    if room:
        p.res[resource] += room
        state.log.emit(p.seat, "resource_gained", resource=resource, amount=room, cause=cause)
    if room < amount:
        state.log.emit(p.seat, "resource_overflowed", resource=resource,
                       amount=amount - room, cause=cause)
    return room


def spend(state: Valeria, p: Player, resource: str, amount: int, cause: str) -> None:
    if amount <= 0:
        return
    assert p.res[resource] >= amount, (resource, amount, p.res)
    p.res[resource] -= amount
    if resource == "gem":
        state.gem_supply += amount
    state.log.emit(p.seat, "resource_spent", resource=resource, amount=-amount, cause=cause)


def fire(state: Valeria, p: Player, trigger: str) -> None:
    """The seat's Ongoing Champions with this trigger give their reward (which triggers no
    further Champion)."""
    aset = state.setup.aset
    for cid in p.champions:
        card = aset.champions[cid]
        if card.kind == "ongoing" and card.trigger == trigger:
            state.log.emit(p.seat, "champion_used", item=cid, cause=trigger)
            gain(state, p, card.gains, cid, trigger=False)
