"""The solo Adversary (public descriptions; its numbers are the set's `adversary` rows): it
moves clockwise round the five Shrines after each of your turns; the Shrine it stands on is
blocked to you; entering the location of your Warden scores it `meet_vp`; at the Tactics
Shrine it takes the first plan of the line and scores `plan_vp`. It ignores the Shrine of the
Titans and the Great Battle card (the seed)."""

from __future__ import annotations

from analytics.games.valeria import taking
from analytics.games.valeria.state import Player, Valeria
from analytics.games.valeria.words import SHRINES

ADVERSARY = -2  # its events' seat: not a player's


def adversary_moves(state: Valeria, p: Player) -> None:
    numbers = state.setup.aset.board.adversary
    state.adversary = (state.adversary + 1) % len(SHRINES)
    shrine = SHRINES[state.adversary]
    state.log.emit(ADVERSARY, "adversary_moved", item=shrine, cause="adversary")
    if shrine == p.location:
        score(state, numbers["meet_vp"], "adversary_meet")
    if shrine == "tactics" and state.line:
        plan = state.line.pop(0)
        state.plan_deck.append(plan)
        taking.refill_line(state)
        score(state, numbers["plan_vp"], plan)


def score(state: Valeria, vp: int, cause: str) -> None:
    state.adversary_vp += vp
    state.log.emit(ADVERSARY, "adversary_scored", resource="vp", amount=vp, cause=cause)
