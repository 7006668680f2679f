"""A record holds every kind of chance outcome the engine asks: a die with an owner or none, a
bag draw, a deck shuffle; what a recording chance writes, a record chance answers again."""

from __future__ import annotations

import pytest

from analytics.engine.chance import SeededChance
from analytics.records.format import Record, RecordError, Step
from analytics.records.replay import Cursor, RecordChance, RecordingChance

FACES = ("gold_1", "sun_1", "moon_1", "glory_2", "gold_1", "gold_1")


def _ask(chance) -> list:
    """The faces rolled (a record names a face, not which of its equal sides), the draw and the
    shuffle."""
    return [FACES[chance.roll(1, "light", FACES)], FACES[chance.roll(None, "celestial", FACES)],
            chance.draw("sanctuary_3", 4, 2), chance.shuffle("deck", 5)]


def test_recorded_outcomes_replay_as_they_came():
    lines: list[str] = []
    asked = _ask(RecordingChance(SeededChance(3), lines))
    assert [line.split()[0] for line in lines] == ["roll", "roll", "draw", "shuffle"]
    assert lines[1].startswith("roll - celestial ")
    record = Record("t.dfr", steps=[Step(i + 1, tuple(line.split()))
                                    for i, line in enumerate(lines)])
    assert _ask(RecordChance(Cursor(record))) == asked


def test_a_shuffle_line_must_be_a_permutation():
    record = Record("t.dfr", steps=[Step(4, ("shuffle", "deck", "0", "0", "1"))])
    with pytest.raises(RecordError, match=r"t.dfr:4: .*'shuffle deck' and 3 distinct numbers"):
        RecordChance(Cursor(record)).shuffle("deck", 3)
