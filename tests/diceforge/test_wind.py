"""The Wind (Rebellion, M4): every note of the seed, scripted exactly."""

from __future__ import annotations

from pathlib import Path

from harness import Bench, ev, gained, reserves, rolled

from analytics.games.diceforge.cards.rebellion_faces import shows
from analytics.games.diceforge.rules import turn
from analytics.games.diceforge.rules.components import CARDS, FACES

SET = str(Path(__file__).parent / "sets" / "wind.toml")
WIND = "wind"


def bench(players: int = 3) -> Bench:
    b = Bench(players=players, cards=SET)
    for seat in range(players):
        b.set_reserves(seat)
    b.set_reserves(0, moon=3)
    return b


def buy(b: Bench) -> None:
    turn.perform_feat(b.g, b.p(0), WIND, "action")


def test_the_wind_is_a_rebellion_feat_on_m4():
    card = CARDS[WIND]
    assert (card.slot, card.moon, card.sun, card.glory, card.timing, card.origin) == (
        "M4", 3, 0, 6, "immediate", "rebellion")


def test_all_players_roll_no_one_applies_and_the_buyer_gains_all_of_one_type():
    b = bench()
    b.set_die(1, "light", "gold_3")
    b.set_die(2, "dark", "sun1_glory1")
    b.rolls((0, "light", "gold_1"), (0, "dark", "glory_2"), (1, "light", "gold_3"),
            (1, "dark", "moon_1"), (2, "light", "sun_1"), (2, "dark", "sun1_glory1"))
    b.decide(("wind_type", "gold"))
    buy(b)
    events = b.events()[2:]
    assert events[:6] == [rolled(0, "gold_1", "light", WIND), rolled(0, "glory_2", "dark", WIND),
                          rolled(1, "gold_3", "light", WIND), rolled(1, "moon_1", "dark", WIND),
                          rolled(2, "sun_1", "light", WIND),
                          rolled(2, "sun1_glory1", "dark", WIND)]
    assert events[6:] == [gained(0, "gold", 1, WIND, "gold_1"),
                          gained(0, "gold", 3, WIND, "gold_3")]
    asked = b.decider.asked[0]
    assert asked.options == ("gold", "sun", "moon", "glory")
    assert asked.context == (("gold", 4), ("sun", 2), ("moon", 1), ("glory", 3))
    assert [b.reserves(s) for s in range(3)] == [reserves(gold=4), reserves(), reserves()]


def test_glory_shown_on_every_die_and_the_dice_keep_showing_what_they_rolled():
    b = bench()
    b.set_die(1, "light", "glory_3")
    b.rolls((0, "light", "gold_1"), (0, "dark", "glory_2"), (1, "light", "glory_3"),
            (1, "dark", "glory_2"), (2, "light", "gold_1"), (2, "dark", "moon_1"))
    b.decide(("wind_type", "glory"))
    buy(b)
    assert b.reserves(0) == reserves(glory=7)
    assert [f.id for f in b.p(1).up] == ["glory_3", "glory_2"]


def test_a_choice_face_shows_each_of_its_resources():
    """1 gold / 1 sun / 1 moon shows a Sun (and a Gold, and a Moon); 3 gold / 2 Glory shows
    2 Glory."""
    b = bench(players=2)
    b.set_die(0, "light", "gold1_or_sun1_or_moon1")
    b.set_die(1, "light", "gold3_or_glory2")
    b.rolls((0, "light", "gold1_or_sun1_or_moon1"), (0, "dark", "moon_1"),
            (1, "light", "gold3_or_glory2"), (1, "dark", "glory_2"))
    b.decide(("wind_type", "moon"))
    buy(b)
    assert b.decider.asked[0].context == (("gold", 4), ("sun", 1), ("moon", 2), ("glory", 4))
    assert b.reserves(0) == reserves(moon=2)


def test_shields_show_their_bottom_reward_and_boars_a_sun_and_a_moon():
    b = bench(players=2)
    b.set_die(0, "light", "shield_green")
    b.set_die(1, "light", "boar:0")
    b.rolls((0, "light", "shield_green"), (0, "dark", "glory_2"),
            (1, "light", "boar:0"), (1, "dark", "moon_1"))
    b.decide(("wind_type", "moon"))
    buy(b)
    assert b.decider.asked[0].context == (("sun", 1), ("moon", 2), ("glory", 5))
    assert b.reserves(0) == reserves(moon=2)  # the Boar's owner bonus is not applied


def test_x3_mirror_and_ship_show_nothing_and_with_nothing_shown_nothing_is_gained():
    b = bench(players=2)
    b.set_die(0, "light", "x3")
    b.set_die(0, "dark", "mirror")
    b.set_die(1, "light", "ship")
    b.set_die(1, "dark", "x3")
    b.rolls((0, "light", "x3"), (0, "dark", "mirror"), (1, "light", "ship"), (1, "dark", "x3"))
    buy(b)
    assert b.decider.asked == [] and b.reserves(0) == reserves()
    assert [e["kind"] for e in b.events()][2:] == ["die_rolled"] * 4


def test_what_exceeds_the_cap_is_lost():
    b = bench(players=2)
    b.set_reserves(0, moon=3, gold=11)
    b.set_die(1, "light", "gold_3")
    b.rolls((0, "light", "gold_1"), (0, "dark", "gold_1"), (1, "light", "gold_3"),
            (1, "dark", "gold_1"))
    buy(b)  # gold is the only type shown: no choice
    assert b.events()[-4:] == [gained(0, "gold", 1, WIND, "gold_1"),
                               ev("resource_overflowed", 0, "gold_1", "gold", 1, WIND),
                               ev("resource_overflowed", 0, "gold_3", "gold", 3, WIND),
                               ev("resource_overflowed", 0, "gold_1", "gold", 1, WIND)]


def test_the_wind_is_no_blessing_the_twins_are_not_offered():
    b = bench(players=2)
    b.give_card(0, "twins")
    b.set_reserves(0, moon=3, gold=5)
    b.rolls((0, "light", "gold_1"), (0, "dark", "gold_1"), (1, "light", "gold_1"),
            (1, "dark", "gold_1"))
    buy(b)
    assert b.decider.kinds() == [] and b.reserves(0) == reserves(gold=9)


def test_what_a_face_shows_is_each_resource_at_the_most_one_alternative_gives():
    assert shows(FACES["gold3_or_glory2"]) == (("glory", 2), ("gold", 3))
    assert shows(FACES["celestial_glory_3_plus"]) == (("glory", 3), ("gold", 3), ("moon", 1),
                                                      ("sun", 1))
    assert shows(FACES["x3"]) == ()
