"""The Light (Rebellion, F4): the seed's text and what is face-up, scripted exactly."""

from __future__ import annotations

from pathlib import Path

from harness import Bench, ev, gained, reserves

from analytics.games.diceforge.rules import turn
from analytics.games.diceforge.rules.blessings import divine_blessing
from analytics.games.diceforge.rules.components import CARDS, FACES, GOLD, Use

SET = str(Path(__file__).parent / "sets" / "celestial-goddess.toml")
LIGHT = "light"


def bench(gold: int = 3, players: int = 2) -> Bench:
    b = Bench(players=players, cards=SET)
    for seat in range(players):
        b.set_reserves(seat)
    b.give_card(0, LIGHT)
    b.set_reserves(0, gold=gold)
    return b


def used_and_paid() -> list[dict]:
    return [ev("reinforcement_used", 0, LIGHT, None, None, LIGHT),
            ev("resource_spent", 0, LIGHT, "gold", -3, LIGHT)]


def test_the_light_is_a_rebellion_reinforcement_on_f4_costing_3_gold_a_use():
    card = CARDS[LIGHT]
    assert (card.slot, card.sun, card.moon, card.glory, card.timing, card.origin) == (
        "F4", 3, 0, 8, "reinforcement", "rebellion")
    assert card.use == Use(cost=((GOLD, 3),), order=2)


def test_pay_3_gold_to_apply_a_face_up_on_an_opponents_die():
    b = bench(gold=4, players=3)
    b.show(0, "gold_1", "gold_1")
    b.show(1, "sun_2", "glory_2")
    b.show(2, "moon_1", "glory_3")
    b.decide(("reinforcement", LIGHT), ("apply_face_up", FACES["glory_3"]))
    turn.call_reinforcements(b.g, b.p(0))
    assert [f.id for f in b.decider.asked[1].options] == [
        "gold_1", "sun_2", "glory_2", "moon_1", "glory_3"]
    assert b.events() == used_and_paid() + [gained(0, "glory", 3, LIGHT, "glory_3")]
    assert b.reserves(0) == reserves(gold=1, glory=3)


def test_a_face_up_on_ones_own_die_may_be_applied():
    b = bench()
    b.show(0, "sun_1", "gold_1")
    b.show(1, "gold_1", "gold_1")
    b.decide(("reinforcement", LIGHT), ("apply_face_up", FACES["sun_1"]))
    turn.call_reinforcements(b.g, b.p(0))
    assert b.reserves(0) == reserves(sun=1)


def test_without_3_gold_the_light_is_not_offered():
    b = bench(gold=2)
    turn.call_reinforcements(b.g, b.p(0))
    assert b.decider.asked == [] and b.reserves(0) == reserves(gold=2)


def test_once_a_turn_per_copy():
    b = bench(gold=9)
    b.decide(("reinforcement", LIGHT), ("apply_face_up", FACES["gold_1"]))
    turn.call_reinforcements(b.g, b.p(0))  # the step then has nothing left to offer
    assert b.decider.kinds() == ["reinforcement"] and b.reserves(0) == reserves(gold=7)


def test_a_ship_face_up_gives_a_discounted_purchase_and_a_mirror_copies_on():
    b = bench(gold=5)
    b.show(1, "ship", "mirror")
    b.show(0, "gold_1", "moon_1")
    b.decide(("reinforcement", LIGHT), ("apply_face_up", FACES["ship"]),
             ("ship_buy", "gold_4"), ("forge_place", (0, 0)))
    turn.call_reinforcements(b.g, b.p(0))
    assert b.events()[2:] == [ev("resource_spent", 0, "gold_4", "gold", -1, "gold_4"),
                              ev("face_forged", 0, "gold_4", None, None, "ship", "light:gold_1")]


def test_the_mirror_face_up_copies_a_face_of_an_opponent_of_the_lights_owner():
    b = bench(players=3)
    b.show(0, "moon_2", "gold_1")
    b.show(1, "mirror", "gold_1")
    b.show(2, "sun_2", "gold_1")
    b.decide(("reinforcement", LIGHT), ("apply_face_up", FACES["mirror"]),
             ("mirror_copy", FACES["sun_2"]))
    turn.call_reinforcements(b.g, b.p(0))
    assert [f.id for f in b.decider.asked[2].options] == ["gold_1", "sun_2"]  # not my moon_2
    assert b.reserves(0) == reserves(sun=2)


def test_a_boar_face_up_pays_its_owner_too():
    b = bench(players=3)
    b.show(1, "boar:2", "gold_1")
    b.decide(("reinforcement", LIGHT), ("apply_face_up", b.p(1).up[0]),
             ("boar_bonus", "glory"), ("face_choice", (("moon", 1),)))
    turn.call_reinforcements(b.g, b.p(0))
    assert b.reserves(0) == reserves(moon=1) and b.reserves(2) == reserves(glory=3)


def test_face_up_before_any_roll_is_each_dies_first_side_then_the_last_roll():
    """What is face-up before anyone rolled: the first side (1 gold on both starting dice);
    every turn starts with blessings, so in play the Light always sees rolled faces."""
    g = Bench(players=3, cards=SET).g
    assert [[f.id for f in p.up] for p in g.players] == [["gold_1", "gold_1"]] * 3
    b = bench()
    b.rolls((1, "light", "sun_1"), (1, "dark", "glory_2"))
    divine_blessing(b.g, b.p(1), "divine_blessing")
    assert b.p(1).up == [FACES["sun_1"], FACES["glory_2"]]
