"""Chance: scripted outcomes by side or face id, naming the call on failure; seeded streams keyed
by purpose so one seat's extra rolls do not shift anyone else's dice."""

from __future__ import annotations

import copy
from dataclasses import dataclass

import pytest

from analytics.engine.chance import ChanceScriptError, ScriptedChance, SeededChance

LIGHT = ("gold1", "gold1", "gold1", "gold1", "gold1", "sun1")
DARK = ("gold1", "gold1", "gold1", "gold1", "moon1", "glory2")


@dataclass(frozen=True)
class Face:
    id: str


def test_rolls_and_draws_come_from_the_script_in_order():
    chance = ScriptedChance(rolls=[3, (1, "dark", 5)], draws=[[2, 0]])
    assert chance.roll(0, "light", LIGHT) == 3
    assert chance.draw("sanctuary_0", 4, 2) == [2, 0]
    assert not chance.exhausted
    assert chance.roll(1, "dark", DARK) == 5
    assert chance.exhausted


def test_a_roll_can_be_scripted_by_face_id():
    chance = ScriptedChance(rolls=["moon1", (2, "light", "sun1"), "gold1"])
    assert chance.roll(0, "dark", [Face(f) for f in DARK]) == 4
    assert chance.roll(2, "light", LIGHT) == 5
    assert chance.roll(2, "light", LIGHT) == 0  # a face on several sides: its first side


def test_outcomes_can_be_added_later():
    chance = ScriptedChance()
    chance.add_rolls(1, 2)
    chance.add_draws([0])
    assert [chance.roll(0, "light", LIGHT), chance.roll(0, "dark", DARK)] == [1, 2]
    assert chance.draw("draw", 3, 1) == [0]


def test_running_out_names_the_call():
    with pytest.raises(ChanceScriptError, match=r"roll\(seat=2, die='dark', faces=\['gold1', "
                                                r".*'glory2'\]\): the script has no rolls"):
        ScriptedChance().roll(2, "dark", DARK)
    with pytest.raises(ChanceScriptError,
                       match=r"draw\(bag='sanctuary_4', n=4, k=2\): the script has no draws"):
        ScriptedChance().draw("sanctuary_4", 4, 2)


@pytest.mark.parametrize("outcome", [6, -1, "moon1", True, 1.0])
def test_roll_not_on_the_die_names_the_call(outcome):
    with pytest.raises(ChanceScriptError, match=r"roll\(seat=0, die='light', faces=.*\): "
                                                r"scripted outcome .* is not on the die"):
        ScriptedChance(rolls=[outcome]).roll(0, "light", LIGHT)


def test_roll_scripted_for_another_die_is_refused():
    with pytest.raises(ChanceScriptError, match=r"next roll is for seat=1, die='light'"):
        ScriptedChance(rolls=[(1, "light", 0)]).roll(0, "light", LIGHT)


@pytest.mark.parametrize("picked", [[0], [1, 1], [0, 4]])
def test_draw_that_is_not_k_distinct_indices_in_range_is_refused(picked):
    with pytest.raises(ChanceScriptError, match=r"draw\(bag='s', n=4, k=2\): scripted"):
        ScriptedChance(draws=[picked]).draw("s", 4, 2)


def test_seeded_chance_repeats_with_its_seed():
    a, b = SeededChance(7), SeededChance(7)
    assert [a.roll(0, "light", LIGHT) for _ in range(20)] == [
        b.roll(0, "light", LIGHT) for _ in range(20)]
    assert a.draw("s", 4, 2) == b.draw("s", 4, 2)
    assert sorted(a.draw("t", 6, 6)) == list(range(6))


def test_seeded_streams_are_keyed_by_seat_and_die():
    """Extra rolls of one seat (or one die, or a draw) leave every other stream where it was."""
    plain, busy = SeededChance(3), SeededChance(3)
    for _ in range(7):
        busy.roll(1, "light", LIGHT)
        busy.roll(0, "dark", DARK)
        busy.draw("sanctuary_2", 4, 2)
    assert [plain.roll(0, "light", LIGHT) for _ in range(30)] == [
        busy.roll(0, "light", LIGHT) for _ in range(30)]
    assert [plain.roll(1, "dark", DARK) for _ in range(30)] == [
        busy.roll(1, "dark", DARK) for _ in range(30)]


def test_seeded_streams_differ_between_keys():
    chance = SeededChance(5)
    light = [chance.roll(0, "light", LIGHT) for _ in range(40)]
    assert light != [chance.roll(0, "dark", DARK) for _ in range(40)]
    assert light != [chance.roll(1, "light", LIGHT) for _ in range(40)]
    assert set(light) == set(range(6))


def test_a_copy_rolls_what_the_original_would_and_moves_on_its_own():
    chance = SeededChance(9)
    chance.roll(0, "light", LIGHT)
    twin = chance.copy()
    ahead = [twin.roll(0, "light", LIGHT) for _ in range(20)]
    assert [chance.roll(0, "light", LIGHT) for _ in range(20)] == ahead
    assert copy.deepcopy(chance).roll(1, "dark", DARK) == chance.roll(1, "dark", DARK)


def test_a_draw_keeps_the_stream_of_the_former_sample_call():
    """Setup draws are keyed ("sample", bag), as before `draw` had its name: same seeds, same
    pools (the stream is consumed one index at a time from those left)."""
    import random

    from analytics.engine.seeds import derive_seed
    stream = random.Random(derive_seed(4, "sample", "bag")).random
    pool = list(range(10))
    expected = [pool.pop(int(stream() * len(pool))) for _ in range(3)]
    assert SeededChance(4).draw("bag", 10, 3) == expected


def test_draws_and_shuffles_are_keyed_by_bag_and_deck_not_by_seat():
    a, b = SeededChance(8), SeededChance(8)
    for _ in range(5):  # other streams used in between change nothing
        b.roll(0, "light", LIGHT)
        b.draw("other_bag", 6, 2)
        b.shuffle("other_deck", 6)
    assert [a.draw("bag", 9, 3) for _ in range(4)] == [b.draw("bag", 9, 3) for _ in range(4)]
    assert [a.shuffle("deck", 8) for _ in range(4)] == [b.shuffle("deck", 8) for _ in range(4)]
    fresh = SeededChance(8)
    assert [fresh.shuffle("deck", 8) for _ in range(4)] != [
        fresh.shuffle("deck_2", 8) for _ in range(4)]
    assert sorted(SeededChance(1).shuffle("deck", 12)) == list(range(12))
    assert SeededChance(1).draw("same", 12, 12) != SeededChance(1).shuffle("same", 12)


def test_a_die_no_one_owns_has_one_stream_keyed_by_its_name():
    import random

    from analytics.engine.seeds import derive_seed
    stream = random.Random(derive_seed(6, "celestial")).random
    expected = [int(stream() * 6) for _ in range(10)]
    chance = SeededChance(6)
    for _ in range(3):
        chance.roll(0, "celestial", LIGHT)  # the same die rolled as a seat's: another stream
    assert [chance.roll(None, "celestial", LIGHT) for _ in range(10)] == expected


def test_scripted_draws_and_shuffles_answer_in_order_and_are_checked():
    chance = ScriptedChance(draws=[[3, 1]], shuffles=[[2, 0, 1]])
    chance.add_shuffles([0, 1])
    assert chance.draw("bag", 4, 2) == [3, 1]
    assert chance.shuffle("deck", 3) == [2, 0, 1]
    assert not chance.exhausted
    assert chance.shuffle("deck", 2) == [0, 1]
    assert chance.exhausted
    assert ScriptedChance(rolls=[(None, "celestial", 1)]).roll(None, "celestial", LIGHT) == 1
    with pytest.raises(ChanceScriptError, match=r"shuffle\(deck='d', n=3\): the script has no "
                                                r"shuffles left"):
        ScriptedChance().shuffle("d", 3)
    with pytest.raises(ChanceScriptError, match=r"shuffle\(deck='d', n=3\): scripted outcome "
                                                r"\[0, 0, 1\] is not 3 distinct"):
        ScriptedChance(shuffles=[[0, 0, 1]]).shuffle("d", 3)
