"""What the bots (and the Merchant's ladder) read of the Temple, kept while it stays the same.

Every change to a Temple pool counts in `state.TEMPLE_WRITES` (pools are `state.Pool`), so
one number dates an answer; one game's answers are kept at a time (a bot's clones take turns
with it: answers are redone).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from analytics.games.diceforge.state import TEMPLE_WRITES, Game

T = TypeVar("T")

_OFFERED: list = [None, -1, frozenset()]  # game, Temple writes, face ids
_TEMPLE: list = [None, -1, {}]  # game, Temple writes, answers by name


def offered_faces(g: Game) -> frozenset[str]:
    """Ids of the faces left in the Sanctuary, shared by all bots of the game."""
    if _OFFERED[0] is not g or _OFFERED[1] != TEMPLE_WRITES[0]:
        _OFFERED[:] = g, TEMPLE_WRITES[0], frozenset(f.id for pool in g.sanctuary for f in pool)
    return _OFFERED[2]


def temple_cached(g: Game, name: str, answer: Callable[[Game], T]) -> T:
    """`answer(g)` under `name`, kept while no Temple pool changes."""
    if _TEMPLE[0] is not g or _TEMPLE[1] != TEMPLE_WRITES[0]:
        _TEMPLE[:] = g, TEMPLE_WRITES[0], {}
    answers = _TEMPLE[2]
    if name not in answers:
        answers[name] = answer(g)
    return answers[name]
