"""The Goddess module's cards and Golem faces (seed `000_…` "Goddess Module", REFERENCE §6.2,
§6.6): each played, with the exact resources, Glory and events it gives; the module's slots."""

from __future__ import annotations

import pytest
from harness import Bench, ev, gained, reserves, rolled

from analytics.errors import UserError
from analytics.games.diceforge import GAME
from analytics.games.diceforge.cards.base import EFFECTS
from analytics.games.diceforge.cards.rebellion_forge import trident_faces
from analytics.games.diceforge.rules import turn
from analytics.games.diceforge.rules.blessings import divine_blessing, minor_blessing
from analytics.games.diceforge.rules.components import CARDS
from analytics.games.diceforge.rules.options import RuleOptions

SET = "goddess-discovery"


def bench(players: int = 2, rules: RuleOptions | None = None) -> Bench:
    b = Bench(players=players, cards=SET, rules=rules, module="goddess")
    for seat in range(players):
        b.set_reserves(seat)
    return b


def buy(b: Bench, card: str, **res) -> list[dict]:
    b.set_reserves(0, **res)
    turn.perform_feat(b.g, b.p(0), card, "action")
    b.check_scripts_used()
    return b.events()


def moved(to: int, word: str, cause: str, seat: int = 0, way: str = "forward") -> dict:
    return ev("golem_moved", seat, word, None, to, cause, way)


@pytest.mark.parametrize("card, slot, moon, sun, glory", [
    ("moon_golem", "M3", 2, 0, 2), ("great_golem", "M6", 5, 0, 8),
    ("sun_golem", "F3", 0, 2, 4), ("time_golem", "F4", 0, 3, 4)])
def test_module_cards_stand_on_their_slots_with_their_glory(card, slot, moon, sun, glory):
    c = CARDS[card]
    assert (c.slot, c.moon, c.sun, c.glory, c.timing, c.origin) == (
        slot, moon, sun, glory, "immediate", "goddess")


# --- the cards ---------------------------------------------------------------------------------

@pytest.mark.parametrize("card, face, pay", [("moon_golem", "golem_moon", {"moon": 2}),
                                             ("sun_golem", "golem_sun", {"sun": 2})])
def test_a_golem_card_forges_its_face_from_the_forest(card, face, pay):
    b = bench()
    b.decide(("forge_place", (0, 0)))
    events = buy(b, card, **pay)
    assert events[-1] == ev("face_forged", 0, face, None, None, card, "light:gold_1")
    assert b.die(0, "light")[0] == face
    assert len(b.g.gardens[face]) == 3
    assert b.reserves(0) == reserves()


def test_a_golem_card_with_the_forest_empty_forges_nothing():
    b = bench()
    b.g.gardens["golem_sun"].clear()
    events = buy(b, "sun_golem", sun=2)
    assert [e["kind"] for e in events] == ["resource_spent", "feat_performed"]


def test_the_seeds_great_golem_example():
    """Max moves forward one space: the Celestial Die, 12 Gold. Then an intersection: he picks
    the Treasure Hall, is the first there, takes the 10 Glory token; it stays on the Hall."""
    b = bench()
    b.g.board.golems[0] = 18
    b.chance.add_rolls((0, "celestial", "celestial_gold_12"))
    b.decide(("golem_path", 12), ("treasure_pick", "treasure_glory"))
    events = buy(b, "great_golem", moon=5)
    assert events[2:] == [
        moved(19, "labyrinth_celestial", "great_golem"),
        ev("die_rolled", 0, "celestial_gold_12", None, None, "labyrinth_celestial", "celestial"),
        gained(0, "gold", 12, "labyrinth_celestial", "celestial_gold_12"),
        ev("path_chosen", 0, "labyrinth_treasure", None, 12, "great_golem", "19>20|12"),
        moved(12, "labyrinth_treasure", "great_golem"),
        ev("treasure_taken", 0, "treasure_glory", None, 12, "labyrinth_treasure", "front"),
        gained(0, "glory", 10, "treasure_glory", "treasure_glory")]
    assert b.reserves(0) == reserves(gold=12, glory=10)
    assert dict(b.g.board.halls) == {12: "treasure_glory"} and b.g.board.golems[0] == 12


def test_the_time_golem_moves_2_back_and_may_take_another_path():
    b = bench()
    b.g.board.golems[0] = 13
    b.decide(("golem_path", 12), ("treasure_pick", "treasure_sun"), ("golem_path", 11))
    events = buy(b, "time_golem", sun=3)
    assert [e for e in events if e["kind"] == "golem_moved"] == [
        moved(12, "labyrinth_treasure", "time_golem", way="backward"),
        moved(11, "labyrinth_gain", "time_golem", way="backward")]
    assert b.decider.asked[0].options == (8, 12, 23) and b.decider.asked[2].options == (6, 11, 19)
    assert b.reserves(0) == reserves(gold=6, sun=4)


# --- Golem faces ---------------------------------------------------------------------------------

def test_a_golem_face_rolled_moves_the_golem_one_space():
    b = bench()
    b.rolls((0, "light", "gold_1"), (0, "dark", "golem_moon"))
    b.decide(("golem_path", 2))
    divine_blessing(b.g, b.p(0), "divine_blessing")
    assert b.events() == [
        rolled(0, "gold_1", "light"), rolled(0, "golem_moon", "dark"),
        gained(0, "gold", 1, "gold_1", "gold_1"),
        ev("path_chosen", 0, "labyrinth_gain", None, 2, "golem_moon", "1>2|9|14"),
        moved(2, "labyrinth_gain", "golem_moon"),
        gained(0, "sun", 1, "labyrinth_gain", "labyrinth_gain")]


def test_a_golem_face_in_a_minor_blessing_moves_it_too():
    b = bench()
    b.g.board.golems[0] = 2
    b.rolls((0, "dark", "golem_moon"))
    b.decide(("golem_path", 3))
    minor_blessing(b.g, b.p(0), "test", 1)
    assert b.g.board.golems[0] == 3 and b.reserves(0) == reserves(glory=3)


@pytest.mark.parametrize("option, space", [("three", 5), ("one", 3)])
def test_x3_with_a_golem_face_moves_it_three_spaces_ruling_r14(option, space):
    b = bench(rules=RuleOptions(golem_x3=option))
    b.g.board.golems[0] = 2
    b.set_die(0, "light", "x3")
    b.rolls((0, "light", "x3"), (0, "dark", "golem_moon"))
    b.decide(("golem_path", 3))
    if option == "three":  # 3 (3 Glory), 4 (a choice), then the fork to 5 (5 Glory)
        b.decide(("labyrinth_choice", (("glory", 3),)), ("golem_path", 5))
    divine_blessing(b.g, b.p(0), "divine_blessing")
    b.check_scripts_used()
    assert b.g.board.golems[0] == space


def test_both_golem_faces_add_one_celestial_roll():
    b = bench()
    b.g.board.golems[0] = 30
    b.set_die(0, "light", "golem_sun")
    b.rolls((0, "light", "golem_sun"), (0, "dark", "golem_moon"))
    b.chance.add_rolls((0, "celestial", "celestial_glory_5"))
    divine_blessing(b.g, b.p(0), "divine_blessing")
    events = b.events()
    assert events[2:] == [
        moved(31, "labyrinth_nothing", "golem_sun"), moved(32, "labyrinth_nothing", "golem_moon"),
        ev("die_rolled", 0, "celestial_glory_5", None, None, "golem_bonus", "celestial"),
        gained(0, "glory", 5, "golem_bonus", "celestial_glory_5")]


def test_the_bonus_roll_comes_even_on_the_last_space():
    b = bench()
    b.g.board.golems[0] = 36
    b.set_die(0, "light", "golem_sun")
    b.rolls((0, "light", "golem_sun"), (0, "dark", "golem_moon"))
    b.chance.add_rolls((0, "celestial", "celestial_gold_12"))
    divine_blessing(b.g, b.p(0), "divine_blessing")
    assert b.events()[2:] == [
        ev("die_rolled", 0, "celestial_gold_12", None, None, "golem_bonus", "celestial"),
        gained(0, "gold", 12, "golem_bonus", "celestial_gold_12")]
    assert b.g.board.golems[0] == 36


def test_two_faces_of_one_kind_give_no_bonus():
    b = bench()
    b.g.board.golems[0] = 30
    b.set_die(0, "light", "golem_moon")
    b.rolls((0, "light", "golem_moon"), (0, "dark", "golem_moon"))
    divine_blessing(b.g, b.p(0), "divine_blessing")
    assert [e["kind"] for e in b.events()] == ["die_rolled"] * 2 + ["golem_moved"] * 2


def test_under_the_minotaur_a_golem_face_moves_nothing():
    b = bench(players=2)
    b.rolls((1, "light", "gold_1"), (1, "dark", "golem_moon"))
    b.set_reserves(1, gold=3)
    EFFECTS["minotaur"](b.g, b.p(0), CARDS["minotaur"])
    assert b.g.board.golems[1] == 1 and b.reserves(1) == reserves(gold=2)


# --- the module and the set --------------------------------------------------------------------

def test_the_trident_cannot_forge_forest_faces():
    b = bench()
    assert not {"golem_moon", "golem_sun"} & set(trident_faces(b.g))


def test_a_set_without_the_module_cards_is_refused_naming_the_slot():
    with pytest.raises(UserError, match="slot M3 holds 'silver_hind', but the goddess module "
                                        "puts 'moon_golem' there"):
        GAME.setup("base", "goddess", {}, 2)


def test_a_module_card_without_its_module_is_refused_naming_the_slot():
    with pytest.raises(UserError, match="slot M3 holds 'moon_golem', a card of the goddess "
                                        "module: play it with --module goddess"):
        GAME.setup(SET, "none", {}, 2)


def test_a_library_setup_refuses_module_cards_without_their_module():
    from analytics.games.diceforge.rules.content import load_card_set
    from analytics.games.diceforge.rules.state import Setup

    cards = load_card_set(SET)
    assert Setup(2, cards).module == "goddess"  # left out: the module of the set's cards
    with pytest.raises(UserError, match="slot M3 holds 'moon_golem', a card of the goddess"):
        Setup(2, cards, module="none")


def test_the_setup_carries_the_module():
    setup = GAME.setup(SET, "goddess", {}, 3)
    assert setup.module == "goddess" and setup.game_setup.module == "goddess"
    assert "goddess" in GAME.modules
