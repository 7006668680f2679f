"""The Twins (Rebellion, M1): every note of the seed and REFERENCE.md §6.1, scripted exactly."""

from __future__ import annotations

from pathlib import Path

from harness import Bench, ev, gained, reserves, rolled

from analytics.games.diceforge.rules import turn
from analytics.games.diceforge.rules.blessings import (
    divine_blessing,
    everyone_blessed,
    minor_blessing,
)
from analytics.games.diceforge.rules.components import CARDS
from analytics.games.diceforge.rules.content import load_card_set

SET = str(Path(__file__).parent / "sets" / "twins-eternal-fire.toml")


def bench(players: int = 2, gold: int = 0, copies: int = 1) -> Bench:
    b = Bench(players=players, cards=SET)
    for seat in range(players):
        b.set_reserves(seat)
    for _ in range(copies):
        b.give_card(0, "twins")
    b.set_reserves(0, gold=gold)
    return b


def paid(seat: int = 0) -> dict:
    return ev("resource_spent", seat, "twins", "gold", -3, "twins")


def test_twins_is_a_rebellion_card_on_m1_usable_in_a_set_file():
    card = CARDS["twins"]
    assert (card.slot, card.moon, card.sun, card.glory, card.origin) == ("M1", 1, 0, 2, "rebellion")
    assert load_card_set(SET).cards["M1"] is card


def test_bought_as_a_feat_it_registers_on_the_blessing_hooks():
    b = bench(gold=0, copies=0)
    b.set_reserves(0, moon=1)
    turn.perform_feat(b.g, b.p(0), "twins", "action")
    assert b.p(0).hooks == {"rolled": (("twins", "twins_reroll"),),
                            "blessed": (("twins", "twins_bonus"),),
                            "celestial_rolled": (("twins", "twins_reroll"),),
                            "celestial_applied": (("twins", "twins_bonus"),)}
    assert b.events("resource_spent") == [ev("resource_spent", 0, "twins", "moon", -1, "twins")]


def test_pay_three_gold_to_reroll_a_die_before_it_applies_then_gain_moon_or_glory():
    b = bench(gold=5)
    b.rolls((0, "light", "gold_1"), (0, "dark", "moon_1"), (0, "light", "sun_1"))
    b.decide(("twins_reroll", "light"), ("twins_bonus", "glory"))
    divine_blessing(b.g, b.p(0), "divine_blessing")
    assert b.events() == [
        rolled(0, "gold_1", "light"), rolled(0, "moon_1", "dark"),
        paid(), rolled(0, "sun_1", "light", "twins"),
        gained(0, "sun", 1, "sun_1", "sun_1"), gained(0, "moon", 1, "moon_1", "moon_1"),
        gained(0, "glory", 1, "twins", "twins"),
    ]
    assert b.decider.asked[0].options == ("keep", "light", "dark")
    assert b.reserves(0) == reserves(gold=2, sun=1, moon=1, glory=1)
    assert [f.id for f in b.p(0).up] == ["sun_1", "moon_1"]


def test_the_reward_can_be_a_moon_shard():
    b = bench(gold=3)
    b.rolls((0, "light", "gold_1"), (0, "dark", "glory_2"), (0, "dark", "moon_1"))
    b.decide(("twins_reroll", "dark"), ("twins_bonus", "moon"))
    divine_blessing(b.g, b.p(0), "divine_blessing")
    assert b.events()[-3:] == [gained(0, "gold", 1, "gold_1", "gold_1"),
                               gained(0, "moon", 1, "moon_1", "moon_1"),
                               gained(0, "moon", 1, "twins", "twins")]
    assert b.reserves(0) == reserves(gold=1, moon=2)


def test_keeping_the_roll_costs_and_gives_nothing():
    b = bench(gold=5)
    b.rolls((0, "light", "gold_1"), (0, "dark", "glory_2"))
    b.decide(("twins_reroll", "keep"))
    divine_blessing(b.g, b.p(0), "divine_blessing")
    assert b.reserves(0) == reserves(gold=6, glory=2)
    assert b.decider.kinds() == ["twins_reroll"]


def test_without_three_gold_the_twins_are_not_offered():
    b = bench(gold=2)
    b.rolls((0, "light", "gold_1"), (0, "dark", "glory_2"))
    divine_blessing(b.g, b.p(0), "divine_blessing")
    assert b.decider.asked == []
    assert b.reserves(0) == reserves(gold=3, glory=2)


def test_a_minor_blessing_offers_only_its_die():
    b = bench(gold=3)
    b.rolls((0, "dark", "gold_1"), (0, "dark", "glory_2"))
    b.decide(("twins_reroll", "dark"), ("twins_bonus", "glory"))
    minor_blessing(b.g, b.p(0), "silver_hind", die=1)
    assert b.decider.asked[0].options == ("keep", "dark")
    assert b.events() == [rolled(0, "gold_1", "dark", "silver_hind"), paid(),
                          rolled(0, "glory_2", "dark", "twins"),
                          gained(0, "glory", 2, "glory_2", "glory_2"),
                          gained(0, "glory", 1, "twins", "twins")]


def test_several_twins_reroll_the_same_die_and_only_the_final_face_applies():
    """Seed note: one card after the other, 3 gold and 1 Moon or 1 Glory for each card used."""
    b = bench(gold=7, copies=2)
    assert b.p(0).hooks["rolled"] == (("twins", "twins_reroll"),)  # one handler, both copies
    b.rolls((0, "light", "gold_1"), (0, "dark", "gold_1"), (0, "light", "gold_1"),
            (0, "light", "sun_1"))
    b.decide(("twins_reroll", "light"), ("twins_reroll", "light"),
             ("twins_bonus", "moon"), ("twins_bonus", "glory"))
    divine_blessing(b.g, b.p(0), "divine_blessing")
    assert b.events() == [
        rolled(0, "gold_1", "light"), rolled(0, "gold_1", "dark"),
        paid(), rolled(0, "gold_1", "light", "twins"),
        paid(), rolled(0, "sun_1", "light", "twins"),
        gained(0, "sun", 1, "sun_1", "sun_1"), gained(0, "gold", 1, "gold_1", "gold_1"),
        gained(0, "moon", 1, "twins", "twins"), gained(0, "glory", 1, "twins", "twins"),
    ]
    assert b.reserves(0) == reserves(gold=2, sun=1, moon=1, glory=1)


def test_two_twins_may_reroll_both_dice_once_each():
    b = bench(gold=6, copies=2)
    b.rolls((0, "light", "gold_1"), (0, "dark", "gold_1"), (0, "light", "sun_1"),
            (0, "dark", "glory_2"))
    b.decide(("twins_reroll", "light"), ("twins_reroll", "dark"),
             ("twins_bonus", "glory"), ("twins_bonus", "glory"))
    divine_blessing(b.g, b.p(0), "divine_blessing")
    assert b.reserves(0) == reserves(sun=1, glory=4)


def test_the_second_twins_is_not_offered_once_the_gold_runs_out():
    b = bench(gold=5, copies=2)
    b.rolls((0, "light", "gold_1"), (0, "dark", "gold_1"), (0, "light", "sun_1"))
    b.decide(("twins_reroll", "light"), ("twins_bonus", "glory"))
    divine_blessing(b.g, b.p(0), "divine_blessing")
    assert b.decider.kinds() == ["twins_reroll", "twins_bonus"]
    assert b.reserves(0) == reserves(gold=3, sun=1, glory=1)


def test_twins_work_on_a_blessing_in_another_players_turn_when_it_resolves():
    """All dice are rolled first; the Twins reroll when their owner's blessing resolves."""
    b = bench(gold=3)
    b.g.active = 1
    b.rolls((1, "light", "gold_1"), (1, "dark", "gold_1"), (0, "light", "gold_1"),
            (0, "dark", "gold_1"), (0, "dark", "moon_1"))
    b.decide(("twins_reroll", "dark"), ("twins_bonus", "glory"))
    everyone_blessed(b.g, "divine_blessing")
    assert [(e["kind"], e["seat"], e["cause"]) for e in b.events()] == [
        ("die_rolled", 1, "divine_blessing"), ("die_rolled", 1, "divine_blessing"),
        ("die_rolled", 0, "divine_blessing"), ("die_rolled", 0, "divine_blessing"),
        ("resource_gained", 1, "gold_1"), ("resource_gained", 1, "gold_1"),
        ("resource_spent", 0, "twins"), ("die_rolled", 0, "twins"),
        ("resource_gained", 0, "gold_1"), ("resource_gained", 0, "moon_1"),
        ("resource_gained", 0, "twins"),
    ]


def test_an_ousted_hero_may_use_the_twins_on_the_compensation_blessing():
    b = bench(gold=3)
    b.g.islands[1], b.p(0).island = 0, 1
    b.set_reserves(1, moon=1)
    b.rolls((0, "light", "gold_1"), (0, "dark", "gold_1"), (0, "light", "sun_1"))
    b.decide(("twins_reroll", "light"), ("twins_bonus", "moon"))
    turn.perform_feat(b.g, b.p(1), "blacksmiths_chest", "action")
    assert b.reserves(0) == reserves(gold=1, sun=1, moon=1)


def test_faces_not_rolled_on_ones_own_dice_are_not_rerolled():
    """Satyrs: the faces come from the others' dice, so the Twins have no die to reroll."""
    b = bench(players=3, gold=5)
    b.set_reserves(0, gold=5, moon=3)
    b.rolls((1, "light", "gold_1"), (1, "dark", "glory_2"), (2, "light", "sun_1"),
            (2, "dark", "moon_1"))
    b.decide(("satyrs_pick", (1, 2)))
    turn.perform_feat(b.g, b.p(0), "satyrs", "action")
    assert b.decider.kinds() == ["satyrs_pick"]
    assert b.reserves(0) == reserves(gold=5, sun=1, glory=2)


def test_cerberus_applies_the_final_faces_again():
    b = bench(gold=3)
    b.give_card(0, "cerberus")
    b.rolls((0, "light", "gold_1"), (0, "dark", "gold_1"), (0, "dark", "glory_2"))
    b.decide(("twins_reroll", "dark"), ("twins_bonus", "glory"), ("use_cerberus", True))
    divine_blessing(b.g, b.p(0), "divine_blessing")
    assert b.events("resource_gained")[-2:] == [gained(0, "gold", 1, "cerberus", "gold_1"),
                                                 gained(0, "glory", 2, "cerberus", "glory_2")]
    assert b.reserves(0) == reserves(gold=2, glory=5)
