"""The Goddess (Rebellion, M8): dice set to chosen faces, applied as a divine blessing."""

from __future__ import annotations

from pathlib import Path

from harness import Bench, ev, gained, reserves, rolled

from analytics.games.diceforge.rules import turn
from analytics.games.diceforge.rules.components import CARDS, FACES
from analytics.games.diceforge.rules.options import RuleOptions

SET = str(Path(__file__).parent / "sets" / "celestial-goddess.toml")
GODDESS = "goddess"


def bench(rules: RuleOptions | None = None) -> Bench:
    b = Bench(players=2, cards=SET, rules=rules)
    for seat in range(2):
        b.set_reserves(seat)
    return b


def buy(b: Bench, gold: int = 0) -> None:
    b.set_reserves(0, moon=5, sun=5, gold=gold)
    turn.perform_feat(b.g, b.p(0), GODDESS, "action")


def pair(light: str, dark: str) -> tuple:
    return FACES[light], FACES[dark]


def turned(face: str, die: str) -> dict:
    return ev("face_turned_up", 0, face, None, None, GODDESS, die)


def test_the_goddess_is_a_rebellion_feat_on_m8():
    card = CARDS[GODDESS]
    assert (card.slot, card.moon, card.sun, card.glory, card.timing, card.origin) == (
        "M8", 5, 5, 18, "immediate", "rebellion")


def test_both_dice_are_set_to_the_chosen_faces_and_applied():
    b = bench()
    b.set_die(0, "dark", "moon_2")
    b.decide(("goddess_faces", pair("sun_1", "moon_2")))
    buy(b)
    options = b.decider.asked[0].options
    assert [(a.id, c.id) for a, c in options] == [
        (a, c) for a in ("gold_1", "sun_1") for c in ("moon_2", "gold_1", "moon_1", "glory_2")]
    assert b.events()[3:] == [turned("sun_1", "light"), turned("moon_2", "dark"),
                              gained(0, "sun", 1, "sun_1", "sun_1"),
                              gained(0, "moon", 2, "moon_2", "moon_2")]
    assert b.p(0).up == [FACES["sun_1"], FACES["moon_2"]]
    assert b.reserves(0) == reserves(sun=1, moon=2)


def test_an_x3_set_up_triples_the_other_chosen_face():
    b = bench()
    b.set_die(0, "light", "x3")
    b.decide(("goddess_faces", pair("x3", "glory_2")))
    buy(b)
    assert b.reserves(0) == reserves(glory=6)


def test_cerberus_hears_it_as_a_divine_blessing():
    b = bench()
    b.give_card(0, "cerberus")
    b.decide(("goddess_faces", pair("sun_1", "glory_2")), ("use_cerberus", True))
    buy(b)
    assert b.reserves(0) == reserves(sun=2, glory=4)


def test_by_default_the_twins_may_reroll_a_die_the_goddess_set():
    """Seed: the Twins trigger "when you receive a divine blessing"; the Goddess's faces apply
    "as if you were receiving a divine blessing" (rule option goddess_twins=reroll)."""
    b = bench()
    b.give_card(0, "twins")
    b.rolls((0, "light", "sun_1"))
    b.decide(("goddess_faces", pair("gold_1", "glory_2")), ("twins_reroll", "light"),
             ("twins_bonus", "moon"))
    buy(b, gold=3)
    assert b.decider.asked[1].options == ("keep", "light", "dark")
    assert b.events()[5:] == [ev("resource_spent", 0, "twins", "gold", -3, "twins"),
                              rolled(0, "sun_1", "light", "twins"),
                              gained(0, "sun", 1, "sun_1", "sun_1"),
                              gained(0, "glory", 2, "glory_2", "glory_2"),
                              gained(0, "moon", 1, "twins", "twins")]


def test_with_goddess_twins_no_the_set_dice_are_not_rerolled():
    b = bench(RuleOptions(goddess_twins="no"))
    b.give_card(0, "twins")
    b.decide(("goddess_faces", pair("gold_1", "glory_2")))
    buy(b, gold=3)
    assert b.decider.kinds() == ["goddess_faces"]
    assert b.reserves(0) == reserves(gold=4, glory=2)
