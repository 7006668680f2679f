"""What a seat gains and pays of its resources: Influence flips at 10 and stops at 20.
The lowest layer of gaining: no reward, no ability, no decision."""

from __future__ import annotations

from analytics.games.altera.state import INFLUENCE_CAP, INFLUENCE_FLIP, Altera, Player


def gain(state: Altera, p: Player, res: str, amount: int, cause: str) -> None:
    if amount <= 0:
        return
    if res == "influence":
        gain_influence(state, p, amount, cause)
        return
    p.res[res] += amount
    state.log.emit(p.seat, "resource_gained", resource=res, amount=amount, cause=cause)


def gain_influence(state: Altera, p: Player, amount: int, cause: str) -> None:
    """Influence: past 10 the marker flips to its +10 side (logged), and it stops at 20."""
    before = p.res["influence"]
    after = min(INFLUENCE_CAP, before + amount)
    if after > before:
        p.res["influence"] = after
        state.log.emit(p.seat, "resource_gained", resource="influence", amount=after - before,
                       cause=cause)
    if before <= INFLUENCE_FLIP < after:
        state.log.emit(p.seat, "influence_flipped", cause=cause)
    if before + amount > after:
        state.log.emit(p.seat, "resource_overflowed", resource="influence",
                       amount=before + amount - after, cause=cause)


def spend(state: Altera, p: Player, res: str, amount: int, cause: str) -> None:
    if amount > 0:
        p.res[res] -= amount
        state.log.emit(p.seat, "resource_spent", resource=res, amount=-amount, cause=cause)
