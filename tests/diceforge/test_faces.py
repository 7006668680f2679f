"""Face resolution: plain, choice and multi faces, x3, Mirror, Shield, Ship, Boar, caps, Hammer."""

from __future__ import annotations

import pytest
from harness import Bench, ev, face_of, gained, pick, reserves, rolled

from analytics.games.diceforge.rules.blessings import (
    divine_blessing,
    everyone_blessed,
    minor_blessing,
    resolve,
)
from analytics.games.diceforge.rules.components import FACES
from analytics.games.diceforge.rules.options import RuleOptions


def bless(b: Bench, seat: int, light: str, dark: str) -> list[dict]:
    """Seat rolls `light` and `dark` in a divine blessing; returns the non-roll events."""
    b.set_die(seat, "light", light)
    b.set_die(seat, "dark", dark)
    b.rolls((seat, "light", light), (seat, "dark", dark))
    divine_blessing(b.g, b.p(seat), "divine_blessing")
    b.check_scripts_used()
    events = b.events()
    assert events[:2] == [rolled(seat, face_of(light).id, "light"),
                          rolled(seat, face_of(dark).id, "dark")]
    return events[2:]


@pytest.fixture
def b() -> Bench:
    bench = Bench()
    bench.set_reserves(0)
    bench.set_reserves(1)
    return bench


# --- plain, multi and choice faces ---------------------------------------------------------
def test_plain_faces_give_their_resource(b):
    assert bless(b, 0, "gold_3", "moon_2") == [
        gained(0, "gold", 3, "gold_3", "gold_3"), gained(0, "moon", 2, "moon_2", "moon_2")]
    assert b.reserves(0) == reserves(gold=3, moon=2)


def test_starting_faces_give_one_gold_and_two_glory(b):
    assert bless(b, 0, "gold_1", "glory_2") == [
        gained(0, "gold", 1, "gold_1", "gold_1"), gained(0, "glory", 2, "glory_2", "glory_2")]
    assert b.reserves(0) == reserves(gold=1, glory=2)


def test_multi_faces_give_every_resource_shown(b):
    assert bless(b, 0, "gold1_sun1_moon1_glory1", "moon2_glory2") == [
        gained(0, "gold", 1, "gold1_sun1_moon1_glory1", "gold1_sun1_moon1_glory1"),
        gained(0, "sun", 1, "gold1_sun1_moon1_glory1", "gold1_sun1_moon1_glory1"),
        gained(0, "moon", 1, "gold1_sun1_moon1_glory1", "gold1_sun1_moon1_glory1"),
        gained(0, "glory", 1, "gold1_sun1_moon1_glory1", "gold1_sun1_moon1_glory1"),
        gained(0, "moon", 2, "moon2_glory2", "moon2_glory2"),
        gained(0, "glory", 2, "moon2_glory2", "moon2_glory2"),
    ]
    assert b.reserves(0) == reserves(gold=1, sun=1, moon=3, glory=3)


def test_sun_glory_and_gold_moon_faces(b):
    assert bless(b, 0, "sun1_glory1", "gold2_moon1") == [
        gained(0, "sun", 1, "sun1_glory1", "sun1_glory1"),
        gained(0, "glory", 1, "sun1_glory1", "sun1_glory1"),
        gained(0, "gold", 2, "gold2_moon1", "gold2_moon1"),
        gained(0, "moon", 1, "gold2_moon1", "gold2_moon1"),
    ]


@pytest.mark.parametrize(("face", "resource", "amount"), [
    ("gold1_or_sun1_or_moon1", "gold", 1),
    ("gold1_or_sun1_or_moon1", "sun", 1),
    ("gold1_or_sun1_or_moon1", "moon", 1),
    ("gold3_or_glory2", "gold", 3),
    ("gold3_or_glory2", "glory", 2),
    ("gold2_or_sun2_or_moon2", "gold", 2),
    ("gold2_or_sun2_or_moon2", "sun", 2),
    ("gold2_or_sun2_or_moon2", "moon", 2),
])
def test_choice_face_gives_only_the_chosen_resource(b, face, resource, amount):
    b.decide(("face_choice", pick(resource, amount)))
    assert bless(b, 0, face, "gold_1") == [
        gained(0, resource, amount, face, face), gained(0, "gold", 1, "gold_1", "gold_1")]
    assert b.decider.asked[0].options == FACES[face].bundles
    expected = reserves(gold=1)
    expected[resource] += amount
    assert b.reserves(0) == expected


# --- x3 ------------------------------------------------------------------------------------
def test_x3_triples_a_plain_face(b):
    assert bless(b, 0, "x3", "gold_3") == [
        gained(0, "gold", 3, "gold_3", "gold_3"), gained(0, "gold", 6, "x3", "gold_3")]
    assert b.reserves(0) == reserves(gold=9)


def test_x3_triples_a_multi_face(b):
    assert bless(b, 0, "sun1_glory1", "x3") == [
        gained(0, "sun", 1, "sun1_glory1", "sun1_glory1"),
        gained(0, "sun", 2, "x3", "sun1_glory1"),
        gained(0, "glory", 1, "sun1_glory1", "sun1_glory1"),
        gained(0, "glory", 2, "x3", "sun1_glory1"),
    ]
    assert b.reserves(0) == reserves(sun=3, glory=3)


def test_x3_triples_the_chosen_side_of_a_choice_face(b):
    b.decide(("face_choice", pick("glory", 2)))
    assert bless(b, 0, "x3", "gold3_or_glory2") == [
        gained(0, "glory", 2, "gold3_or_glory2", "gold3_or_glory2"),
        gained(0, "glory", 4, "x3", "gold3_or_glory2"),
    ]
    assert b.reserves(0) == reserves(glory=6)


def test_lone_x3_in_a_minor_blessing_does_nothing(b):
    b.set_die(0, "dark", "x3")
    b.rolls((0, "dark", "x3"))
    minor_blessing(b.g, b.p(0), "silver_hind", die=1)
    assert b.events() == [rolled(0, "x3", "dark", "silver_hind")]
    assert b.reserves(0) == reserves()


def test_x3_with_x3_does_nothing(b):
    assert bless(b, 0, "x3", "x3") == []
    assert b.reserves(0) == reserves()


def test_x3_with_a_ship_raises_the_discount_to_six(b):
    b.set_reserves(0, gold=2)
    b.decide(("ship_buy", "sun_2"), ("forge_place", (0, 1)))
    assert bless(b, 0, "ship", "x3") == [
        ev("resource_spent", 0, "sun_2", "gold", -2, "sun_2"),
        ev("face_forged", 0, "sun_2", None, None, "ship", "light:gold_1"),
    ]
    assert b.decider.asked[0].context == 6
    assert b.die(0, "light")[:2] == ["ship", "sun_2"]
    assert b.reserves(0) == reserves()


def test_x3_with_a_boar_gives_the_owner_the_bonus_three_times(b):
    b.decide((1, "boar_bonus", "glory"), (1, "boar_bonus", "sun"), (1, "boar_bonus", "glory"),
             (0, "face_choice", pick("moon", 1)))
    assert bless(b, 0, "boar:1", "x3") == [
        gained(1, "glory", 3, "tenacious_boar", "boar"),
        gained(1, "sun", 1, "tenacious_boar", "boar"),
        gained(1, "glory", 3, "tenacious_boar", "boar"),
        gained(0, "moon", 1, "boar", "boar"),
        gained(0, "moon", 2, "x3", "boar"),
    ]
    assert b.reserves(0) == reserves(moon=3)
    assert b.reserves(1) == reserves(sun=1, glory=6)


# --- Mirror --------------------------------------------------------------------------------
def test_mirror_copies_a_face_showing_on_an_opponent_die(b):
    b.show(1, light="gold_6", dark="moon_2")
    b.decide(("mirror_copy", FACES["moon_2"]))
    assert bless(b, 0, "mirror", "gold_1") == [
        gained(0, "moon", 2, "mirror", "moon_2"), gained(0, "gold", 1, "gold_1", "gold_1")]
    assert b.decider.asked[0].options == (FACES["gold_6"], FACES["moon_2"])
    assert b.reserves(0) == reserves(gold=1, moon=2)


def test_mirror_copying_a_choice_face_lets_the_player_choose(b):
    b.show(1, light="gold2_or_sun2_or_moon2", dark="gold_1")
    b.decide(("mirror_copy", FACES["gold2_or_sun2_or_moon2"]), ("face_choice", pick("sun", 2)))
    assert bless(b, 0, "glory_2", "mirror") == [
        gained(0, "glory", 2, "glory_2", "glory_2"),
        gained(0, "sun", 2, "mirror", "gold2_or_sun2_or_moon2"),
    ]


def test_mirror_cannot_copy_a_mirror(b):
    b.show(1, light="mirror", dark="gold_4")
    assert bless(b, 0, "mirror", "gold_1") == [
        gained(0, "gold", 4, "mirror", "gold_4"), gained(0, "gold", 1, "gold_1", "gold_1")]
    assert [d.options for d in b.decider.asked] == [(FACES["gold_4"],)]


def test_mirror_facing_only_mirrors_gives_nothing(b):
    b.show(1, light="mirror", dark="mirror")
    assert bless(b, 0, "mirror", "gold_1") == [gained(0, "gold", 1, "gold_1", "gold_1")]


def test_mirror_sees_the_faces_opponents_rolled_in_the_same_blessing():
    b = Bench(players=3)
    for seat in range(3):
        b.set_reserves(seat)
    b.set_die(0, "light", "mirror")
    b.set_die(2, "dark", "sun_2")
    b.rolls((0, "light", "mirror"), (0, "dark", "gold_1"), (1, "light", "gold_1"),
            (1, "dark", "glory_2"), (2, "light", "gold_1"), (2, "dark", "sun_2"))
    b.decide(("mirror_copy", FACES["sun_2"]))
    everyone_blessed(b.g, "divine_blessing")
    assert b.decider.asked[0].options == (FACES["gold_1"], FACES["glory_2"], FACES["sun_2"])
    assert b.reserves(0) == reserves(gold=1, sun=2)


def test_mirror_copy_is_tripled_by_x3(b):
    b.show(1, light="gold_4", dark="glory_2")
    b.decide(("mirror_copy", FACES["gold_4"]))
    assert bless(b, 0, "mirror", "x3") == [
        gained(0, "gold", 4, "mirror", "gold_4"), gained(0, "gold", 8, "x3", "gold_4")]
    assert b.reserves(0) == reserves(gold=12)


def test_mirror_copying_an_x3_triples_the_other_die(b):
    b.show(1, light="x3", dark="glory_2")
    b.decide(("mirror_copy", FACES["x3"]))
    assert bless(b, 0, "mirror", "moon_1") == [
        gained(0, "moon", 1, "moon_1", "moon_1"), gained(0, "moon", 2, "x3", "moon_1")]


# --- Guardian's Shield ---------------------------------------------------------------------
SHIELDS = [  # shield, a face giving its colour, its bottom reward
    ("shield_red", "sun_1", ("sun", 2)),
    ("shield_blue", "moon_1", ("moon", 2)),
    ("shield_yellow", "gold_1", ("gold", 3)),
    ("shield_green", "glory_2", ("glory", 3)),
]


@pytest.mark.parametrize(("shield", "matching", "bottom"), SHIELDS)
def test_shield_matched_by_the_other_die_gives_five_glory(b, shield, matching, bottom):
    res = FACES[matching].bundles[0][0]
    assert bless(b, 0, matching, shield) == [
        gained(0, res[0], res[1], matching, matching), gained(0, "glory", 5, shield, shield)]


@pytest.mark.parametrize(("shield", "matching", "bottom"), SHIELDS)
def test_shield_not_matched_gives_its_bottom_reward(b, shield, matching, bottom):
    other = "moon_2" if bottom[0] != "moon" else "sun_2"
    res = FACES[other].bundles[0][0]
    assert bless(b, 0, shield, other) == [
        gained(0, res[0], res[1], other, other), gained(0, bottom[0], bottom[1], shield, shield)]


def test_shield_matched_by_the_chosen_side_of_a_choice_face(b):
    b.decide(("face_choice", pick("gold", 3)))
    assert bless(b, 0, "shield_yellow", "gold3_or_glory2") == [
        gained(0, "gold", 3, "gold3_or_glory2", "gold3_or_glory2"),
        gained(0, "glory", 5, "shield_yellow", "shield_yellow"),
    ]


def test_shield_in_a_minor_blessing_gives_its_bottom_reward(b):
    b.set_die(0, "light", "shield_blue")
    b.rolls((0, "light", "shield_blue"))
    minor_blessing(b.g, b.p(0), "silver_hind", die=0)
    assert b.events()[1:] == [gained(0, "moon", 2, "shield_blue", "shield_blue")]


def test_two_shields_of_different_colours_give_both_bottom_rewards(b):
    assert bless(b, 0, "shield_red", "shield_yellow") == [
        gained(0, "sun", 2, "shield_red", "shield_red"),
        gained(0, "gold", 3, "shield_yellow", "shield_yellow"),
    ]


def test_two_green_shields_each_see_the_other_give_glory(b):
    # Each shield sees the other's bottom reward (3 Glory), so both match.
    assert bless(b, 0, "shield_green", "shield_green") == [
        gained(0, "glory", 5, "shield_green", "shield_green"),
        gained(0, "glory", 5, "shield_green", "shield_green"),
    ]


def test_shield_with_x3_triples_the_bottom_reward(b):
    assert bless(b, 0, "x3", "shield_red") == [
        gained(0, "sun", 2, "shield_red", "shield_red"),
        gained(0, "sun", 4, "x3", "shield_red"),
    ]


# --- Celestial Ship ------------------------------------------------------------------------
def test_ship_buys_a_face_two_gold_cheaper_after_the_other_die(b):
    b.set_reserves(0, gold=1)
    b.decide(("ship_order", "last"), ("ship_buy", "moon_2"), ("forge_place", (1, 0)))
    assert bless(b, 0, "ship", "gold_3") == [
        gained(0, "gold", 3, "gold_3", "gold_3"),
        ev("resource_spent", 0, "moon_2", "gold", -4, "moon_2"),
        ev("face_forged", 0, "moon_2", None, None, "ship", "dark:gold_3"),
    ]
    assert b.decider.asked[1].options == ("skip", "gold_3", "moon_1", "gold_4", "sun_1",
                                          "gold_6", "gold1_or_sun1_or_moon1",
                                          "gold3_or_glory2", "moon_2")
    assert b.reserves(0) == reserves()
    assert b.p(0).up[1] == FACES["moon_2"]
    assert [f.id for f in b.g.sanctuary[6]] == ["moon_2"]


def test_ship_resolved_first_cannot_use_the_other_die_gold(b):
    b.set_reserves(0, gold=1)
    b.decide(("ship_order", "first"), ("ship_buy", "sun_1"), ("forge_place", (0, 1)))
    assert bless(b, 0, "ship", "gold_3") == [
        ev("resource_spent", 0, "sun_1", "gold", -1, "sun_1"),
        ev("face_forged", 0, "sun_1", None, None, "ship", "light:gold_1"),
        gained(0, "gold", 3, "gold_3", "gold_3"),
    ]
    assert b.decider.asked[1].options == ("skip", "gold_3", "moon_1", "gold_4", "sun_1")


def test_ship_order_last_option_asks_no_order():
    b = Bench(rules=RuleOptions(ship_order="last"))
    b.set_reserves(0, gold=0)
    b.decide(("ship_buy", "skip"))
    assert bless(b, 0, "ship", "gold_1") == [gained(0, "gold", 1, "gold_1", "gold_1")]
    assert b.decider.kinds() == ["ship_buy"]


def test_ship_may_skip_the_purchase(b):
    b.set_reserves(0, gold=5)
    b.decide(("ship_buy", "skip"))
    assert bless(b, 0, "ship", "x3") == []
    assert b.reserves(0) == reserves(gold=5)
    assert [len(pool) for pool in b.g.sanctuary] == [2] * 10


def test_ship_with_nothing_affordable_asks_nothing(b):
    b.set_reserves(0, gold=0)
    b.g.sanctuary[0].clear()  # the two faces costing 2 gold are gone
    b.g.sanctuary[1].clear()
    b.set_die(0, "dark", "glory_2")
    b.rolls((0, "light", 0), (0, "dark", "glory_2"))
    b.set_die(0, "light", "ship")
    b.decide(("ship_order", "last"))
    divine_blessing(b.g, b.p(0), "divine_blessing")
    assert b.events()[2:] == [gained(0, "glory", 2, "glory_2", "glory_2")]
    assert b.decider.kinds() == ["ship_order"]


def test_ship_does_nothing_under_minotaur(b):
    b.set_reserves(1, gold=10, moon=2)
    resolve(b.g, b.p(1), [FACES["ship"], FACES["moon_1"]], loss="minotaur")
    assert b.events() == [ev("resource_lost", 1, "moon_1", "moon", -1, "minotaur")]
    assert b.reserves(1) == reserves(gold=10, moon=1)


# --- Tenacious Boar face -------------------------------------------------------------------
@pytest.mark.parametrize("bearer_pick", ["sun", "moon"])
def test_boar_bearer_chooses_sun_or_moon_and_owner_gains_a_bonus(b, bearer_pick):
    b.decide((1, "boar_bonus", "moon"), (0, "face_choice", pick(bearer_pick, 1)))
    assert bless(b, 0, "boar:1", "gold_1") == [
        gained(0, "gold", 1, "gold_1", "gold_1"),
        gained(1, "moon", 1, "tenacious_boar", "boar"),
        gained(0, bearer_pick, 1, "boar", "boar"),
    ]
    assert b.reserves(1) == reserves(moon=1)


@pytest.mark.parametrize(("bonus", "resource", "amount"),
                         [("sun", "sun", 1), ("moon", "moon", 1), ("glory", "glory", 3)])
def test_boar_owner_bonus_choices(b, bonus, resource, amount):
    b.decide((1, "boar_bonus", bonus), ("face_choice", pick("sun", 1)))
    bless(b, 0, "boar:1", "gold_1")
    assert b.decider.asked[0].options == ("sun", "moon", "glory")
    assert b.reserves(1) == reserves(**{resource: amount})


def test_boar_bearer_gains_nothing_with_rule_option_nothing():
    b = Bench(rules=RuleOptions(boar_bearer="nothing"))
    b.set_reserves(0)
    b.set_reserves(1)
    b.decide((1, "boar_bonus", "glory"))
    assert bless(b, 0, "boar:1", "gold_1") == [
        gained(0, "gold", 1, "gold_1", "gold_1"),
        gained(1, "glory", 3, "tenacious_boar", "boar"),
    ]
    assert b.reserves(0) == reserves(gold=1)


def test_boar_bearer_choice_matches_a_shield(b):
    b.decide((1, "boar_bonus", "sun"), (0, "face_choice", pick("sun", 1)))
    assert bless(b, 0, "shield_red", "boar:1") == [
        gained(1, "sun", 1, "tenacious_boar", "boar"),
        gained(0, "sun", 1, "boar", "boar"),
        gained(0, "glory", 5, "shield_red", "shield_red"),
    ]


# --- caps and overflow ---------------------------------------------------------------------
def test_gain_over_the_gold_cap_overflows(b):
    b.set_reserves(0, gold=11)
    assert bless(b, 0, "gold_3", "glory_2") == [
        gained(0, "gold", 1, "gold_3", "gold_3"),
        ev("resource_overflowed", 0, "gold_3", "gold", 2, "gold_3"),
        gained(0, "glory", 2, "glory_2", "glory_2"),
    ]
    assert b.reserves(0) == reserves(gold=12, glory=2)


def test_gain_into_a_full_reserve_only_overflows(b):
    b.set_reserves(0, sun=6, moon=6)
    assert bless(b, 0, "sun_2", "moon_1") == [
        ev("resource_overflowed", 0, "sun_2", "sun", 2, "sun_2"),
        ev("resource_overflowed", 0, "moon_1", "moon", 1, "moon_1"),
    ]
    assert b.reserves(0) == reserves(sun=6, moon=6)


def test_glory_has_no_cap(b):
    b.set_reserves(0, glory=500)
    bless(b, 0, "glory_4", "x3")
    assert b.reserves(0) == reserves(glory=512)


@pytest.mark.parametrize(("chests", "caps"), [(1, (16, 9, 9)), (2, (20, 12, 12))])
def test_each_chest_raises_the_caps(b, chests, caps):
    for _ in range(chests):
        b.give_card(0, "blacksmiths_chest")
    assert b.p(0).caps == {"gold": caps[0], "sun": caps[1], "moon": caps[2]}
    b.set_reserves(0, gold=caps[0] - 1, sun=caps[1] - 1)
    assert bless(b, 0, "gold_3", "sun_2") == [
        gained(0, "gold", 1, "gold_3", "gold_3"),
        ev("resource_overflowed", 0, "gold_3", "gold", 2, "gold_3"),
        gained(0, "sun", 1, "sun_2", "sun_2"),
        ev("resource_overflowed", 0, "sun_2", "sun", 1, "sun_2"),
    ]


# --- Blacksmith's Hammer -------------------------------------------------------------------
def test_hammer_owner_splits_gold_between_track_and_reserve(b):
    b.give_card(0, "blacksmiths_hammer")
    b.decide(("hammer_gold", 4))
    assert bless(b, 0, "gold_6", "glory_2") == [
        gained(0, "hammer", 4, "gold_6", "gold_6"),
        gained(0, "gold", 2, "gold_6", "gold_6"),
        gained(0, "glory", 2, "glory_2", "glory_2"),
    ]
    assert b.decider.asked[0].options == tuple(range(7))
    assert (b.p(0).res['hammer'], b.reserves(0)) == (4, reserves(gold=2, glory=2))


def test_hammer_phases_give_ten_then_fifteen_glory_then_stop(b):
    b.give_card(0, "blacksmiths_hammer")
    b.p(0).res['hammer'] = 12
    b.decide(("hammer_gold", 6))
    assert bless(b, 0, "gold_6", "moon_1")[:2] == [
        gained(0, "hammer", 6, "gold_6", "gold_6"),
        gained(0, "glory", 10, "blacksmiths_hammer", "blacksmiths_hammer"),
    ]
    b.decide(("hammer_gold", 6), ("hammer_gold", 6))
    assert bless(b, 0, "gold_6", "x3") == [
        gained(0, "hammer", 6, "gold_6", "gold_6"),
        gained(0, "hammer", 6, "x3", "gold_6"),
        gained(0, "glory", 15, "blacksmiths_hammer", "blacksmiths_hammer"),
        gained(0, "gold", 6, "x3", "gold_6"),
    ]
    assert b.decider.asked[-1].options == tuple(range(7))  # 12 gold, room for 6
    assert (b.p(0).res['hammer'], b.p(0).caps['hammer']) == (30, 30)
    assert bless(b, 0, "gold_3", "moon_1")[0] == gained(0, "gold", 3, "gold_3", "gold_3")
    assert b.reserves(0) == reserves(gold=9, moon=2, glory=25)


def test_two_hammers_fill_one_after_the_other(b):
    b.give_card(0, "blacksmiths_hammer")
    b.give_card(0, "blacksmiths_hammer")
    b.p(0).res['hammer'] = 28
    b.decide(("hammer_gold", 6))
    assert bless(b, 0, "gold_6", "moon_1")[:2] == [
        gained(0, "hammer", 6, "gold_6", "gold_6"),
        gained(0, "glory", 15, "blacksmiths_hammer", "blacksmiths_hammer"),
    ]
    b.p(0).res['hammer'] = 42
    b.decide(("hammer_gold", 6))
    assert bless(b, 0, "gold_6", "moon_1")[1] == gained(
        0, "glory", 10, "blacksmiths_hammer", "blacksmiths_hammer")
    b.p(0).res['hammer'] = 57
    b.decide(("hammer_gold", 3))
    bless(b, 0, "gold_6", "moon_1")
    assert b.decider.asked[-1].options == (0, 1, 2, 3)
    assert (b.p(0).res['hammer'], b.p(0).glory) == (60, 40)
