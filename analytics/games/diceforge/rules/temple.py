"""What the bots read of the Temple (Sanctuary and Gardens), kept while it stays the same.

Faces only ever leave the Temple, so within one game the count of faces left dates an answer;
one game's answers are kept at a time (a bot's clones take turns with it: answers are redone).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from analytics.games.diceforge.rules.state import Game

T = TypeVar("T")

_OFFERED: list = [None, -1, frozenset()]  # game, Sanctuary size, face ids
_TEMPLE: list = [None, -1, {}]  # game, faces left in its Temple, answers by name


def offered_faces(g: Game) -> frozenset[str]:
    """Ids of the faces left in the Sanctuary, shared by all bots of the game."""
    size = sanctuary_size(g)
    if _OFFERED[0] is not g or _OFFERED[1] != size:
        _OFFERED[:] = g, size, frozenset(f.id for pool in g.sanctuary for f in pool)
    return _OFFERED[2]


def sanctuary_size(g: Game) -> int:
    """How many faces the Sanctuary has left (a loop, not `sum(map(len, ...))`: compiled, the
    loop is native, the builtins are calls; every bot decision asks it)."""
    size = 0
    for pool in g.sanctuary:
        size += len(pool)
    return size


def temple_cached(g: Game, name: str, answer: Callable[[Game], T]) -> T:
    """`answer(g)` under `name`, kept while g's Sanctuary and Gardens stay the same."""
    size, gardens = sanctuary_size(g), g.gardens
    for garden in gardens:  # by key: compiled, `.values()` of a dict subclass is a method call
        size += len(gardens[garden])
    if _TEMPLE[0] is not g or _TEMPLE[1] != size:
        _TEMPLE[:] = g, size, {}
    answers = _TEMPLE[2]
    if name not in answers:
        answers[name] = answer(g)
    return answers[name]
