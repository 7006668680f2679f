"""Copying a game state: immutable components shared, every mutable part copied by hand.

A clone taken between two steps of the phase machine (turn.py) plays on to the end with its
own chance and decider; nothing it does reaches the original. Copying by hand (no deepcopy)
keeps it cheap enough for search: a search bot clones at every action choice.
"""

from __future__ import annotations

from typing import Any

from analytics.engine.chance import Chance
from analytics.engine.containers import GuardedDict, GuardedList
from analytics.engine.events import EventLog
from analytics.games.diceforge.rules.state import Game


def clone(g: Game, chance: Chance, decider: Any) -> Game:
    """A copy of `g` sharing nothing mutable with it, playing on with `chance` and `decider`.

    Shared: the setup (fixed before the game) and faces and cards (frozen).
    """
    log = EventLog()
    log.rows = GuardedList(g.log.rows)  # event tuples are immutable
    log.round, log.active_seat = g.log.round, g.log.active_seat
    return Game(
        setup=g.setup,
        players=tuple(p.copy() for p in g.players),
        sanctuary=tuple(GuardedList(pool) for pool in g.sanctuary),
        gardens=GuardedDict({name: GuardedList(pool) for name, pool in g.gardens.items()}),
        slots=GuardedDict(g.slots),
        stacks=GuardedDict(g.stacks),
        islands=GuardedDict(g.islands),
        rounds=g.rounds,
        blessings_per_turn=g.blessings_per_turn,
        log=log,
        chance=chance,
        decider=decider,
        phase=g.phase,
        round=g.round,
        turn=g.turn,
        active=g.active,
        blessed=g.blessed,
        over=g.over,
        extra_turns=GuardedList(g.extra_turns),
        solo=g.solo,
        turn_cut=g.turn_cut,
        unused=GuardedList(g.unused),
    )
