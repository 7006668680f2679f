"""ScriptedChance: answers from its script in order and names the call when the script fails."""

from __future__ import annotations

import pytest

from analytics.engine.chance import ChanceScriptError, ScriptedChance, SeededChance


def test_rolls_and_samples_come_from_the_script_in_order():
    chance = ScriptedChance(rolls=[3, (1, "dark", 5)], samples=[[2, 0]])
    assert chance.roll(0, "light", 6) == 3
    assert chance.sample("sanctuary_0", 4, 2) == [2, 0]
    assert not chance.exhausted
    assert chance.roll(1, "dark", 6) == 5
    assert chance.exhausted


def test_outcomes_can_be_added_later():
    chance = ScriptedChance()
    chance.add_rolls(1, 2)
    chance.add_samples([0])
    assert [chance.roll(0, "light", 6), chance.roll(0, "dark", 6)] == [1, 2]
    assert chance.sample("draw", 3, 1) == [0]


def test_running_out_names_the_call():
    with pytest.raises(ChanceScriptError,
                       match=r"roll\(seat=2, die='dark', n_faces=6\): the script has no rolls"):
        ScriptedChance().roll(2, "dark", 6)
    with pytest.raises(ChanceScriptError,
                       match=r"sample\(what='sanctuary_4', n=4, k=2\): the script has no samples"):
        ScriptedChance().sample("sanctuary_4", 4, 2)


@pytest.mark.parametrize("outcome", [6, -1, "1"])
def test_roll_out_of_range_names_the_call(outcome):
    with pytest.raises(ChanceScriptError, match=r"roll\(seat=0, die='light', n_faces=6\): "
                                                r"scripted outcome .* is out of range"):
        ScriptedChance(rolls=[outcome]).roll(0, "light", 6)


def test_roll_scripted_for_another_die_is_refused():
    with pytest.raises(ChanceScriptError, match=r"next roll is for seat=1, die='light'"):
        ScriptedChance(rolls=[(1, "light", 0)]).roll(0, "light", 6)


@pytest.mark.parametrize("picked", [[0], [1, 1], [0, 4]])
def test_sample_that_is_not_k_distinct_indices_in_range_is_refused(picked):
    with pytest.raises(ChanceScriptError, match=r"sample\(what='s', n=4, k=2\): scripted"):
        ScriptedChance(samples=[picked]).sample("s", 4, 2)


def test_seeded_chance_repeats_with_its_seed():
    a, b = SeededChance(7), SeededChance(7)
    assert [a.roll(0, "light", 6) for _ in range(20)] == [b.roll(0, "light", 6) for _ in range(20)]
    assert a.sample("s", 4, 2) == b.sample("s", 4, 2)
