"""The Right Hand (Rebellion, M7): gold from the reserve and other reserves (the Scepter) turned
into Glory, one for one, as much as the buyer chooses."""

from __future__ import annotations

from pathlib import Path

from harness import Bench, ev, reserves

from analytics.games.diceforge.rules import turn
from analytics.games.diceforge.rules.components import CARDS

SET = str(Path(__file__).parent / "sets" / "rebellion-players.toml")
SCEPTER = "blacksmiths_scepter"


def bench(gold: int, tracks: tuple[int, ...] = ()) -> Bench:
    b = Bench(players=2, cards=SET)
    for _ in tracks:
        b.give_card(0, SCEPTER)
    if tracks:
        b.p(0).tracks[SCEPTER] = list(tracks)
    b.set_reserves(0, gold=gold, moon=6)
    return b


def buy(b: Bench, *decisions) -> list[dict]:
    """Seat 0 performs The Right Hand; the events after its moon is paid and the feat logged."""
    b.decide(*decisions)
    turn.perform_feat(b.g, b.p(0), "right_hand", "action")
    b.check_scripts_used()
    return b.events()[2:]


def spent(res: str, amount: int) -> dict:
    return ev("resource_spent", 0, "right_hand", res, -amount, "right_hand")


def glory(amount: int) -> dict:
    return ev("resource_gained", 0, "right_hand", "glory", amount, "right_hand")


def test_the_right_hand_is_a_rebellion_card_on_m7():
    card = CARDS["right_hand"]
    assert (card.slot, card.moon, card.sun, card.glory, card.timing, card.origin) == (
        "M7", 6, 0, 10, "immediate", "rebellion")


def test_as_much_reserve_gold_as_the_buyer_wishes_for_1_glory_each():
    b = bench(gold=7)
    assert buy(b, ("right_hand_gold", 5)) == [spent("gold", 5), glory(5)]
    assert b.decider.asked[0].options == tuple(range(8))
    assert b.reserves(0) == reserves(gold=2, glory=5)


def test_spending_nothing_changes_nothing():
    b = bench(gold=7)
    assert buy(b, ("right_hand_gold", 0)) == []
    assert b.reserves(0) == reserves(gold=7)


def test_no_gold_no_choice_and_nothing_happens():
    b = bench(gold=0)
    assert buy(b) == []
    assert [d.options for d in b.decider.asked] == [(0,)]


def test_scepter_gold_is_an_other_reserve_that_pays_too():
    b = bench(gold=2, tracks=(4,))
    assert buy(b, ("scepter_shards", "none"), ("right_hand_gold", 5), ("scepter_pay", 3)) == [
        spent("scepter", 3), spent("gold", 2), glory(5)]
    assert b.decider.asked[1].options == tuple(range(7))
    assert b.decider.asked[2].options == (3, 4)  # the reserve's 2 pay the rest
    assert (b.p(0).tracks[SCEPTER], b.reserves(0)) == ([1], reserves(glory=5))


def test_gold_on_a_hammer_is_a_track_already_turning_into_glory_not_a_reserve():
    b = bench(gold=3)
    b.give_card(0, "blacksmiths_hammer")
    b.p(0).res["hammer"] = 10
    assert buy(b, ("right_hand_gold", 3)) == [spent("gold", 3), glory(3)]
    assert b.decider.asked[0].options == (0, 1, 2, 3)
    assert b.p(0).res["hammer"] == 10
