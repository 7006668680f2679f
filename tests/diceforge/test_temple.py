"""What is worked out from the Temple is kept until a pool changes, however it changes: by the
rules, by hand (as tests do), or in a clone; an answer is never read from another game's Temple.
(Answers are dated by the count of faces left: faces only leave the Temple in a game.)"""

from __future__ import annotations

from harness import Bench

from analytics.engine.chance import SeededChance
from analytics.engine.clone import clone
from analytics.games.diceforge.rules.temple import offered_faces, temple_cached


def _left(g) -> int:
    return temple_cached(g, "left", lambda game: sum(map(len, game.sanctuary)) +
                         sum(map(len, game.gardens.values())))


def test_answers_follow_every_kind_of_change_to_a_pool():
    b = Bench(players=2)
    g = b.g
    left = _left(g)
    assert "gold_3" in offered_faces(g)
    left -= len(g.sanctuary[0])
    g.sanctuary[0].clear()  # the only pool of gold_3
    assert "gold_3" not in offered_faces(g)
    assert _left(g) == left
    g.sanctuary[1][:] = g.sanctuary[1][:1]  # a slice assignment: one face stays
    assert _left(g) == left - 1
    g.gardens["shield"].pop()
    assert _left(g) == left - 2


def test_a_clone_and_its_original_keep_their_own_answers():
    b = Bench(players=2)
    g = b.g
    copy = clone(g, chance=SeededChance(1), decider=g.decider)
    start = _left(g)
    copy.sanctuary[9].clear()
    assert _left(copy) == start - len(g.sanctuary[9])
    assert _left(g) == start  # the original's pools are untouched, and so is its answer
    assert offered_faces(copy) != offered_faces(g)
