"""The Shrine of the Titans (Rise of Titans), step 8b: the highest-value Troop die of the
completed Battle Plan goes on the Shrine at its value; over capacity (the player count; 2 in
a 2-player or solo game), one die that was there before goes back to the bag."""

from __future__ import annotations

from analytics.games.valeria import board
from analytics.games.valeria.board import label
from analytics.games.valeria.state import Player, Valeria
from analytics.games.valeria.words import TITANS


def capacity(players: int) -> int:
    return 2 if players <= 2 else players


def after_battle(state: Valeria, p: Player) -> None:
    dice = state.in_battle
    if not dice:
        return
    high = max(d[1] for d in dice)
    options = tuple(dict.fromkeys(label(d) for d in dice if d[1] == high))
    chosen = state.decider.decide(p.seat, "titan_die", options)
    die = dice.pop(next(i for i, d in enumerate(dice) if label(d) == chosen))
    shrine = state.shrines[TITANS]
    before = list(shrine)
    shrine.append(die)
    state.log.emit(p.seat, "titan_placed", item=die[0], amount=die[1], cause="8b")
    if len(shrine) > capacity(state.setup.players):
        options = tuple(dict.fromkeys(label(d) for d in before))
        chosen = state.decider.decide(p.seat, "titan_remove", options)
        index = next(i for i, d in enumerate(shrine[:-1]) if label(d) == chosen)
        board.to_bag(state, shrine.pop(index), TITANS)
