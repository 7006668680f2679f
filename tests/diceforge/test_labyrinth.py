"""The Goddess module's board (seed `000_…` "Labyrinth of the Goddess", REFERENCE §6.7): its
setup, its graph, each kind of space, the Treasure Halls, the Goddess space, forks."""

from __future__ import annotations

import pytest
from harness import Bench, ev, gained, pick, reserves

from analytics.games.diceforge.rules.components import FACES
from analytics.games.diceforge.rules.labyrinth import BACKWARD, SPACES, move_golem
from analytics.games.diceforge.rules.options import RuleOptions

SET = "goddess-discovery"


def bench(players: int = 2, rules: RuleOptions | None = None) -> Bench:
    b = Bench(players=players, cards=SET, rules=rules, module="goddess")
    for seat in range(players):
        b.set_reserves(seat)
    return b


def at(b: Bench, space: int, seat: int = 0) -> None:
    b.g.board.golems[seat] = space


def walk(b: Bench, steps: int = 1, seat: int = 0, backward: bool = False) -> list[dict]:
    move_golem(b.g, b.p(seat), steps, "test", backward)
    b.check_scripts_used()
    return b.events()


def moved(to: int, word: str, seat: int = 0, way: str = "forward") -> dict:
    return ev("golem_moved", seat, word, None, to, "test", way)


def board_gain(res: str, amount: int, word: str, seat: int = 0) -> dict:
    return gained(seat, res, amount, word, word)


# --- setup -----------------------------------------------------------------------------------

def test_setup_golem_face_on_the_dark_die_forest_pools_golems_on_1_three_tokens():
    b = bench(players=3)
    for seat in range(3):
        assert b.die(seat, "dark") == ["gold_1"] * 4 + ["golem_moon", "glory_2"]
        assert b.die(seat, "light") == ["gold_1"] * 5 + ["sun_1"]
    assert [f.id for f in b.g.gardens["golem_moon"]] == ["golem_moon"] * 4
    assert [f.id for f in b.g.gardens["golem_sun"]] == ["golem_sun"] * 4
    assert list(b.g.board.golems) == [1, 1, 1]
    assert list(b.g.board.tokens) == ["treasure_sun", "treasure_moon", "treasure_glory"]
    assert b.g.board.first_arrival == -1


def test_setup_with_the_seeds_dice_keeps_the_moon_shard_face():
    b = bench(rules=RuleOptions(goddess_dice="seed"))
    assert b.die(0, "dark") == ["gold_1"] * 4 + ["moon_1", "glory_2"]


def test_without_the_module_there_is_no_board_and_no_forest():
    b = Bench(players=2)
    assert b.g.board is None and "golem_moon" not in b.g.gardens


# --- the graph ---------------------------------------------------------------------------------

def test_the_board_is_reference_6_7():
    assert len(SPACES) == 36
    assert {n: s.forward for n, s in SPACES.items() if len(s.forward) > 1} == {
        1: (2, 9, 14), 2: (3, 9), 4: (5, 10), 6: (7, 12), 16: (17, 10), 19: (20, 12)}
    assert SPACES[36].forward == () and SPACES[13].forward == (24,)
    assert BACKWARD[13] == (8, 12, 23) and BACKWARD[10] == (4, 9, 16) and BACKWARD[1] == ()
    kinds = {n: s.effect for n, s in SPACES.items()}
    assert [n for n, k in kinds.items() if k == "treasure"] == [8, 12, 21]
    assert [n for n, k in kinds.items() if k == "celestial"] == [9, 16, 19, 23, 25, 28, 30]
    assert [SPACES[n].n for n in (9, 16, 19, 23, 25, 28, 30)] == [1, 1, 1, 2, 1, 2, 1]
    assert [(n, SPACES[n].n) for n, k in kinds.items() if k == "forge"] == [
        (10, 2), (18, 0), (24, 0)]
    assert [n for n, k in kinds.items() if k == "nothing"] == [31, 32, 34, 35]


# --- spaces, one test per kind -------------------------------------------------------------------

def test_a_gain_space_gives_its_resources():
    b = bench()
    at(b, 5)
    assert walk(b) == [moved(6, "labyrinth_gain"), board_gain("sun", 1, "labyrinth_gain"),
                       board_gain("moon", 1, "labyrinth_gain"),
                       board_gain("glory", 3, "labyrinth_gain")]
    assert b.reserves(0) == reserves(sun=1, moon=1, glory=3)


def test_a_choice_space_gives_the_chosen_resource():
    b = bench()
    at(b, 3)
    b.decide(("labyrinth_choice", pick("glory", 3)))
    assert walk(b) == [moved(4, "labyrinth_choose"), board_gain("glory", 3, "labyrinth_choose")]
    assert b.decider.asked[0].options == (pick("gold", 6), pick("glory", 3))


def test_glory_drain_takes_2_from_each_other_player_as_much_as_they_have():
    b = bench(players=4)
    b.set_reserves(1, glory=5)
    b.set_reserves(2, glory=1)
    at(b, 6)
    b.decide(("golem_path", 7))
    word = "labyrinth_glory_drain"
    assert walk(b) == [ev("path_chosen", 0, word, None, 7, "test", "6>7|12"), moved(7, word),
                       ev("resource_lost", 1, word, "glory", -2, word),
                       ev("resource_lost", 2, word, "glory", -1, word),
                       board_gain("glory", 3, word)]
    assert [b.reserves(s)["glory"] for s in range(4)] == [3, 3, 0, 0]


def test_glory_drain_two_or_none_spares_players_under_2():
    b = bench(players=3, rules=RuleOptions(glory_drain="two_or_none"))
    b.set_reserves(1, glory=1)
    b.set_reserves(2, glory=2)
    at(b, 6)
    b.decide(("golem_path", 7))
    walk(b)
    assert [b.reserves(s)["glory"] for s in range(3)] == [2, 1, 0]


def test_a_celestial_space_rolls_through_the_chance_source_and_credits_the_space():
    b = bench()
    at(b, 2)
    b.decide(("golem_path", 9))
    b.chance.add_rolls((0, "celestial", "celestial_gold_12"))
    word = "labyrinth_celestial"
    assert walk(b) == [ev("path_chosen", 0, word, None, 9, "test", "2>3|9"), moved(9, word),
                       ev("die_rolled", 0, "celestial_gold_12", None, None, word, "celestial"),
                       gained(0, "gold", 12, word, "celestial_gold_12")]


def test_a_double_celestial_space_rolls_twice():
    b = bench()
    at(b, 22)
    b.chance.add_rolls((0, "celestial", "celestial_glory_5"), (0, "celestial", "celestial_gold_12"))
    events = walk(b)
    assert [e["item"] for e in events if e["kind"] == "die_rolled"] == [
        "celestial_glory_5", "celestial_gold_12"]
    assert b.reserves(0) == reserves(gold=12, glory=5)


def test_the_discount_forge_space_sells_a_face_2_gold_cheaper():
    b = bench()
    b.set_reserves(0, gold=1)
    at(b, 9)
    b.decide(("labyrinth_forge", "gold_4"), ("forge_place", (0, 0)))
    events = walk(b)
    assert b.decider.asked[0].options == ("skip", "gold_3", "moon_1", "gold_4", "sun_1")
    assert events[1:] == [ev("resource_spent", 0, "gold_4", "gold", -1, "gold_4"),
                          ev("face_forged", 0, "gold_4", None, None, "labyrinth_forge",
                             "light:gold_1")]
    assert b.reserves(0) == reserves()


def test_a_forge_space_sells_at_full_cost_and_may_be_skipped():
    b = bench()
    b.set_reserves(0, gold=2)
    at(b, 17)
    b.decide(("labyrinth_forge", "skip"))
    walk(b)
    assert b.decider.asked[0].options == ("skip", "gold_3", "moon_1")
    assert b.reserves(0) == reserves(gold=2)


@pytest.mark.parametrize("space, pays, gives", [(26, ("gold", 6), 6), (28, ("moon", 2), 8)])
def test_a_pay_once_space_trades_once_when_paid(space, pays, gives):
    b = bench()
    b.set_reserves(0, **{pays[0]: 2 * pays[1]})
    at(b, space)
    b.decide(("labyrinth_trade", "trade"))
    walk(b)
    assert b.reserves(0)[pays[0]] == pays[1] and b.reserves(0)["glory"] == gives


def test_a_pay_once_space_asks_nothing_when_it_cannot_be_paid():
    b = bench()
    b.set_reserves(0, gold=5)
    at(b, 26)
    assert walk(b) == [moved(27, "labyrinth_trade")]
    assert b.decider.asked == []


def test_the_forged_faces_space_gives_1_glory_per_face_forged():
    b = bench()
    b.p(0).forged = 4
    at(b, 32)
    assert walk(b) == [moved(33, "labyrinth_forged_glory"),
                       board_gain("glory", 4, "labyrinth_forged_glory")]


def test_an_empty_space_gives_nothing():
    b = bench()
    at(b, 30)
    assert walk(b) == [moved(31, "labyrinth_nothing")]


# --- Treasure Halls --------------------------------------------------------------------------

def test_the_first_at_a_treasure_hall_takes_a_token_front_later_arrivals_its_back():
    b = bench()
    at(b, 7)
    at(b, 7, seat=1)
    b.decide(("treasure_pick", "treasure_moon"))
    assert walk(b) == [moved(8, "labyrinth_treasure"),
                       ev("treasure_taken", 0, "treasure_moon", None, 8, "labyrinth_treasure",
                          "front"),
                       gained(0, "moon", 4, "treasure_moon", "treasure_moon")]
    assert walk(b, seat=1) == [moved(8, "labyrinth_treasure", seat=1),
                               ev("treasure_taken", 1, "treasure_moon", None, 8,
                                  "labyrinth_treasure", "back"),
                               gained(1, "moon", 1, "treasure_moon", "treasure_moon")]
    assert list(b.g.board.tokens) == ["treasure_sun", "treasure_glory"]
    assert dict(b.g.board.halls) == {8: "treasure_moon"}


def test_each_hall_takes_its_own_token_and_the_last_one_is_forced():
    b = bench()
    b.g.board.tokens.remove("treasure_sun")
    b.g.board.tokens.remove("treasure_glory")
    at(b, 20)
    walk(b)
    assert b.reserves(0) == reserves(moon=4)
    assert list(b.g.board.tokens) == []


@pytest.mark.parametrize("token, res, front, back", [
    ("treasure_sun", "sun", 4, 1), ("treasure_moon", "moon", 4, 1),
    ("treasure_glory", "glory", 10, 2)])
def test_every_token_front_and_back(token, res, front, back):
    b = bench()
    at(b, 11)
    at(b, 11, seat=1)
    b.decide(("treasure_pick", token))
    walk(b)
    walk(b, seat=1)
    assert b.reserves(0)[res] == front and b.reserves(1)[res] == back


# --- the Goddess space -------------------------------------------------------------------------

def test_the_first_on_the_goddess_space_gains_15_and_the_goddess_blessing():
    b = bench()
    at(b, 35)
    b.set_die(0, "light", "sun_2")
    b.decide(("goddess_faces", (FACES["sun_2"], FACES["glory_2"])))
    events = walk(b)
    assert events == [moved(36, "goddess_space"), board_gain("glory", 15, "goddess_space"),
                      ev("face_turned_up", 0, "sun_2", None, None, "goddess_space", "light"),
                      ev("face_turned_up", 0, "glory_2", None, None, "goddess_space", "dark"),
                      gained(0, "sun", 2, "goddess_space", "sun_2"),
                      gained(0, "glory", 2, "goddess_space", "glory_2")]
    assert b.g.board.first_arrival == 0


def test_a_later_arrival_gains_15_only_and_no_golem_moves_after_the_goddess_space():
    b = bench()
    b.g.board.first_arrival = 1
    at(b, 34)
    assert walk(b, 3) == [moved(35, "labyrinth_nothing"), moved(36, "goddess_space"),
                          board_gain("glory", 15, "goddess_space")]
    assert walk(b, 2) == [] and walk(b, 2, backward=True) == []
    assert b.g.board.golems[0] == 36


# --- forks -------------------------------------------------------------------------------------

def test_a_fork_forward_is_a_labelled_decision():
    b = bench()
    b.decide(("golem_path", 14))
    events = walk(b)
    assert events == [ev("path_chosen", 0, "labyrinth_gain", None, 14, "test", "1>2|9|14"),
                      moved(14, "labyrinth_gain"), board_gain("moon", 1, "labyrinth_gain")]
    asked = b.decider.asked[0]
    assert (asked.options, asked.context) == ((2, 9, 14), (1, False))
    from analytics.games.diceforge.rules.labels import LABELLING
    assert LABELLING.labels("golem_path", asked.options) == ("space2", "space9", "space14")
    assert LABELLING.parse("golem_path", "space9", asked.options) == 9


def test_moving_back_may_take_another_path_at_a_fork():
    b = bench()
    at(b, 13)
    b.decide(("golem_path", 23), ("labyrinth_choice", pick("sun", 2)))
    b.chance.add_rolls((0, "celestial", "celestial_glory_5"), (0, "celestial", "celestial_glory_5"))
    events = walk(b, 2, backward=True)
    assert [e["kind"] for e in events][:3] == ["path_chosen", "golem_moved", "die_rolled"]
    assert events[1] == moved(23, "labyrinth_celestial", way="backward")
    assert b.decider.asked[0].options == (8, 12, 23)
    assert b.g.board.golems[0] == 22
    assert b.reserves(0) == reserves(sun=2, glory=10)


def test_moving_back_from_the_start_goes_nowhere():
    b = bench()
    assert walk(b, 2, backward=True) == []
    assert b.g.board.golems[0] == 1
