"""The Celestial Die (Rebellion, M4; its die: REFERENCE.md §6.5, seed `000_…`): each face, the
card, its chance stream, and The Twins on it, scripted exactly."""

from __future__ import annotations

from pathlib import Path

import pytest
from harness import Bench, ev, gained, reserves

from analytics.engine.chance import SeededChance
from analytics.games.diceforge.cards.celestial import roll_celestial
from analytics.games.diceforge.catalogue import catalogue_of_cards
from analytics.games.diceforge.rules import turn
from analytics.games.diceforge.rules.components import CARDS, FACES, GLORY, GOLD, MOON, SUN
from analytics.games.diceforge.rules.content import load_card_set

SET = str(Path(__file__).parent / "sets" / "celestial-goddess.toml")
CARD = "celestial_die"


def bench(players: int = 2) -> Bench:
    b = Bench(players=players, cards=SET)
    for seat in range(players):
        b.set_reserves(seat)
    return b


def celestial(b: Bench, face_id: str, seat: int = 0) -> None:
    """Script the next Celestial roll by face id, as a record does."""
    b.chance.add_rolls((seat, "celestial", face_id))


def rolled_celestial(face_id: str, cause: str = CARD, seat: int = 0) -> dict:
    return ev("die_rolled", seat, face_id, None, None, cause, "celestial")


def test_the_card_is_a_rebellion_feat_on_m4_and_its_faces_are_in_the_catalogue():
    card = CARDS[CARD]
    assert (card.slot, card.moon, card.sun, card.glory, card.timing, card.origin) == (
        "M4", 3, 0, 6, "immediate", "rebellion")
    rows = [r for r in catalogue_of_cards(list(load_card_set(SET).cards.items()))
            if r["source"] == "celestial"]
    assert [(r["component"], r["origin"], r["from_card"]) for r in rows] == [
        (face, "rebellion", CARD) for face in (
            "celestial_gold_12", "celestial_glory_5", "celestial_glory_3_plus",
            "celestial_mirror", "celestial_choose", "celestial_upgrade")]
    assert [r["gives"] for r in rows[:3]] == [
        "12 gold", "5 glory", "3 glory + 3 gold / 3 glory + 1 moon / 3 glory + 1 sun"]


def test_bought_as_a_feat_it_rolls_the_die_once_and_applies_12_gold():
    b = bench()
    b.set_reserves(0, moon=3)
    celestial(b, "celestial_gold_12")
    turn.perform_feat(b.g, b.p(0), CARD, "action")
    assert b.events() == [
        ev("resource_spent", 0, CARD, "moon", -3, CARD),
        ev("feat_performed", 0, CARD, None, None, "action", "2"),
        rolled_celestial("celestial_gold_12"),
        gained(0, "gold", 12, "celestial_gold_12", "celestial_gold_12"),
    ]
    assert b.reserves(0) == reserves(gold=12)
    assert b.chance.exhausted


def test_12_gold_overflows_the_reserve_cap_like_any_gain():
    b = bench()
    b.set_reserves(0, gold=5)
    celestial(b, "celestial_gold_12")
    roll_celestial(b.g, b.p(0), CARD)
    assert b.events()[1:] == [
        gained(0, "gold", 7, "celestial_gold_12", "celestial_gold_12"),
        ev("resource_overflowed", 0, "celestial_gold_12", "gold", 5, "celestial_gold_12")]


def test_5_glory():
    b = bench()
    celestial(b, "celestial_glory_5")
    roll_celestial(b.g, b.p(0), CARD)
    assert b.events()[1:] == [gained(0, "glory", 5, "celestial_glory_5", "celestial_glory_5")]


@pytest.mark.parametrize("pick, res, amount", [("gold", GOLD, 3), ("moon", MOON, 1),
                                               ("sun", SUN, 1)])
def test_3_glory_and_a_choice_of_3_gold_1_moon_or_1_sun(pick, res, amount):
    b = bench()
    celestial(b, "celestial_glory_3_plus")
    b.decide(("face_choice", ((GLORY, 3), (res, amount))))
    roll_celestial(b.g, b.p(0), CARD)
    face = "celestial_glory_3_plus"
    assert b.events()[1:] == [gained(0, "glory", 3, face, face), gained(0, res, amount, face, face)]
    assert b.decider.asked[0].options == (((GLORY, 3), (GOLD, 3)), ((GLORY, 3), (MOON, 1)),
                                          ((GLORY, 3), (SUN, 1)))


def test_the_celestial_mirror_applies_a_face_showing_on_an_opponents_die():
    b = bench(players=3)
    b.show(0, "gold_1", "glory_2")
    b.show(1, "sun_2", "gold_1")
    b.show(2, "gold3_or_glory2", "moon_1")
    celestial(b, "celestial_mirror")
    b.decide(("apply_face_up", FACES["gold3_or_glory2"]), ("face_choice", ((GLORY, 2),)))
    roll_celestial(b.g, b.p(0), CARD)
    assert [f.id for f in b.decider.asked[0].options] == [
        "gold_1", "glory_2", "sun_2", "gold3_or_glory2", "moon_1"]  # own, then turn order
    assert b.events()[1:] == [gained(0, "glory", 2, "celestial_mirror", "gold3_or_glory2")]
    assert [f.id for f in b.p(2).up] == ["gold3_or_glory2", "moon_1"]  # theirs unchanged


def test_the_celestial_mirror_may_apply_one_of_ones_own_faces():
    b = bench()
    b.show(0, "sun_1", "glory_2")
    b.show(1, "gold_1", "gold_1")
    celestial(b, "celestial_mirror")
    b.decide(("apply_face_up", FACES["glory_2"]))
    roll_celestial(b.g, b.p(0), CARD)
    assert b.reserves(0) == reserves(glory=2)


def test_a_mirror_showing_copies_on_and_an_x3_alone_gives_nothing():
    b = bench(players=3)
    b.show(0, "x3", "gold_1")
    b.show(1, "mirror", "sun_2")
    b.show(2, "gold_1", "gold_3")
    celestial(b, "celestial_mirror")
    celestial(b, "celestial_mirror")
    b.decide(("apply_face_up", FACES["mirror"]), ("mirror_copy", FACES["sun_2"]),
             ("apply_face_up", FACES["x3"]))
    roll_celestial(b.g, b.p(0), CARD)
    roll_celestial(b.g, b.p(0), CARD)
    assert [f.id for f in b.decider.asked[1].options] == ["sun_2", "gold_1", "gold_3"]
    assert b.reserves(0) == reserves(sun=2)


def test_choose_a_face_turns_it_up_and_applies_it():
    b = bench()
    b.set_die(0, "dark", "moon_2")
    celestial(b, "celestial_choose")
    b.decide(("celestial_choose", (1, 0)))
    roll_celestial(b.g, b.p(0), CARD)
    # one option per distinct face of each die: light 5 x gold_1 + sun_1; dark moon_2, gold_1
    # x3, moon_1, glory_2
    assert b.decider.asked[0].options == ((0, 0), (0, 5), (1, 0), (1, 1), (1, 4), (1, 5))
    assert b.events()[1:] == [
        ev("face_turned_up", 0, "moon_2", None, None, "celestial_choose", "dark"),
        gained(0, "moon", 2, "celestial_choose", "moon_2")]
    assert b.p(0).up[1] == FACES["moon_2"]


def test_double_upgrade_replaces_a_face_by_one_two_levels_higher_for_free():
    b = bench()
    b.set_reserves(0, gold=4)
    celestial(b, "celestial_upgrade")
    b.decide(("upgrade_face", (0, 0)), ("upgrade_to", "sun_1"))
    roll_celestial(b.g, b.p(0), CARD)
    assert b.decider.asked[1].options == ("gold_4", "sun_1")  # level 0 + 2: the 3-gold pools
    assert b.events()[1:] == [ev("face_forged", 0, "sun_1", None, None, "celestial_upgrade",
                                 "light:gold_1")]
    assert b.die(0, "light")[0] == "sun_1" and b.reserves(0) == reserves(gold=4)
    assert [f.id for f in b.g.sanctuary[3]] == ["sun_1"]  # one taken from the pool


def test_the_twins_may_reroll_the_celestial_die_before_it_applies():
    """Seed: the Twins trigger "right after you rolled the Celestial Die, but before applying
    its effects"; only the final face applies; then 1 Moon or 1 Glory."""
    b = bench()
    b.give_card(0, "twins")
    b.set_reserves(0, gold=3)
    celestial(b, "celestial_glory_5")
    celestial(b, "celestial_gold_12")
    b.decide(("twins_reroll", "celestial"), ("twins_bonus", "glory"))
    roll_celestial(b.g, b.p(0), CARD)
    assert b.decider.asked[0].options == ("keep", "celestial")
    assert b.events() == [
        rolled_celestial("celestial_glory_5"),
        ev("resource_spent", 0, "twins", "gold", -3, "twins"),
        rolled_celestial("celestial_gold_12", "twins"),
        gained(0, "gold", 12, "celestial_gold_12", "celestial_gold_12"),
        gained(0, "glory", 1, "twins", "twins"),
    ]
    assert b.reserves(0) == reserves(gold=12, glory=1)


def test_two_twins_reroll_the_celestial_die_twice():
    b = bench()
    b.give_card(0, "twins")
    b.give_card(0, "twins")
    b.set_reserves(0, gold=6)
    for face in ("celestial_upgrade", "celestial_glory_5", "celestial_gold_12"):
        celestial(b, face)
    b.decide(("twins_reroll", "celestial"), ("twins_reroll", "celestial"),
             ("twins_bonus", "moon"), ("twins_bonus", "glory"))
    roll_celestial(b.g, b.p(0), CARD)
    assert b.reserves(0) == reserves(gold=12, moon=1, glory=1)


def test_cerberus_follows_blessings_only_not_the_celestial_die():
    b = bench()
    b.give_card(0, "cerberus")
    celestial(b, "celestial_glory_5")
    roll_celestial(b.g, b.p(0), CARD)
    assert b.decider.asked == [] and b.reserves(0) == reserves(glory=5)


def test_the_celestial_die_has_its_own_stream_the_players_dice_roll_as_without_it():
    faces = list(range(6))
    plain, with_celestial = SeededChance(11), SeededChance(11)
    with_celestial.roll(0, "celestial", faces)
    assert [plain.roll(0, "light", faces) for _ in range(20)] == [
        with_celestial.roll(0, "light", faces) for _ in range(20)]


def test_double_upgrade_with_no_face_that_can_go_up_does_nothing():
    b = bench()
    b.set_die(0, "light", *["glory_4"] * 6)
    b.set_die(0, "dark", *["moon2_glory2"] * 6)
    celestial(b, "celestial_upgrade")
    roll_celestial(b.g, b.p(0), CARD)
    assert b.decider.asked == [] and b.events() == [rolled_celestial("celestial_upgrade")]
