"""The Tree (F1), The Goldsmith (F5) and The Omniscient (F5) (Rebellion): every note of the seed
and REFERENCE.md §6.1, scripted exactly."""

from __future__ import annotations

from pathlib import Path

import pytest
from harness import Bench, ev, gained, reserves

from analytics.games.diceforge.rules import turn
from analytics.games.diceforge.rules.components import CARDS
from analytics.games.diceforge.rules.content import load_card_set
from analytics.games.diceforge.rules.options import RuleOptions

SETS = Path(__file__).parent / "sets"
GOLDSMITH_SET = str(SETS / "rebellion-forge-goldsmith.toml")
OMNISCIENT_SET = str(SETS / "rebellion-forge-omniscient.toml")
TREE_USED = ev("reinforcement_used", 0, "tree", None, None, "tree")


def bench(cards: str = GOLDSMITH_SET, rules: RuleOptions | None = None) -> Bench:
    b = Bench(players=2, cards=cards, rules=rules)
    for seat in range(2):
        b.set_reserves(seat)
    return b


@pytest.mark.parametrize("card_id, slot, sun, glory, timing, card_set", [
    ("tree", "F1", 1, 2, "reinforcement", GOLDSMITH_SET),
    ("goldsmith", "F5", 4, 4, "immediate", GOLDSMITH_SET),
    ("omniscient", "F5", 4, 8, "immediate", OMNISCIENT_SET)])
def test_the_cards_stand_on_their_slots_with_their_cost_and_glory(card_id, slot, sun, glory,
                                                                  timing, card_set):
    card = CARDS[card_id]
    assert (card.slot, card.moon, card.sun, card.glory, card.timing, card.origin) == (
        slot, 0, sun, glory, timing, "rebellion")
    assert load_card_set(card_set).cards[slot] is card


# --- The Tree ----------------------------------------------------------------------------------
def use_tree(b: Bench, gold: int) -> list[dict]:
    b.give_card(0, "tree")
    b.p(0).gold = gold
    b.decide(("reinforcement", "tree"))
    turn.call_reinforcements(b.g, b.p(0))
    return b.events()


def test_bought_the_tree_does_nothing_at_once_and_registers_its_reinforcement():
    b = bench()
    b.set_reserves(0, sun=1)
    turn.perform_feat(b.g, b.p(0), "tree", "action")
    assert b.events()[1:] == [ev("feat_performed", 0, "tree", None, None, "action", "7")]
    assert b.p(0).hooks == {"reinforcement": (("tree", "tree"),)}


def test_the_tree_gives_three_gold_and_one_glory_below_eight_gold():
    b = bench()
    assert use_tree(b, 7) == [TREE_USED, gained(0, "gold", 3, "tree", "tree"),
                              gained(0, "glory", 1, "tree", "tree")]
    assert b.reserves(0) == reserves(gold=10, glory=1)
    assert b.decider.kinds() == ["reinforcement"]  # no choice


def test_from_eight_gold_the_tree_gives_two_glory_instead():
    b = bench()
    assert use_tree(b, 8) == [TREE_USED, gained(0, "glory", 2, "tree", "tree")]
    assert b.reserves(0) == reserves(gold=8, glory=2)


def test_scepter_gold_does_not_count_towards_the_eight():
    """Only the Hero Inventory reserve counts (REFERENCE §6.1)."""
    b = bench()
    b.give_card(0, "blacksmiths_scepter")
    b.p(0).tracks["blacksmiths_scepter"] = [6]  # full: the gained gold goes to the reserve
    assert use_tree(b, 7)[1:] == [gained(0, "gold", 3, "tree", "tree"),
                                  gained(0, "glory", 1, "tree", "tree")]


def test_the_tree_is_used_once_per_turn():
    b = bench()
    use_tree(b, 0)
    assert [d.options for d in b.decider.asked] == [("done", "tree")]


# --- The Goldsmith -----------------------------------------------------------------------------
def test_the_goldsmith_gives_two_glory_per_different_feat_card_itself_included():
    b = bench()
    for card_id in ("tree", "tree", "companion"):
        b.give_card(0, card_id)
    b.set_reserves(0, sun=4)
    turn.perform_feat(b.g, b.p(0), "goldsmith", "action")
    assert b.events()[-1] == gained(0, "glory", 6, "goldsmith", "goldsmith")  # 3 kinds
    assert b.reserves(0) == reserves(glory=6)  # printed Glory comes at the end (R9)


def test_a_second_goldsmith_counts_the_goldsmith_once():
    b = bench()
    b.give_card(0, "goldsmith")
    b.give_card(0, "companion")
    b.set_reserves(0, sun=4)
    turn.perform_feat(b.g, b.p(0), "goldsmith", "action")
    assert b.reserves(0) == reserves(glory=4)


# --- The Omniscient ----------------------------------------------------------------------------
def omniscient(b: Bench) -> dict:
    b.set_reserves(0, sun=4)
    turn.perform_feat(b.g, b.p(0), "omniscient", "action")
    return b.events()[-1]


def test_the_omniscient_counts_the_starting_two_glory_face():
    b = bench(OMNISCIENT_SET)
    assert omniscient(b) == gained(0, "glory", 2, "omniscient", "omniscient")


def test_every_face_showing_glory_counts_choices_and_mixed_faces_too():
    """Seed note: the Glory symbol appears on it (3 Gold / 2 Glory, 1 Sun + 1 Glory...)."""
    b = bench(OMNISCIENT_SET)
    b.set_die(0, "light", "glory_3", "sun1_glory1", "gold3_or_glory2", "x3", "mirror", "ship")
    b.set_die(0, "dark", "gold1_sun1_moon1_glory1", "moon2_glory2", "glory_4", "sun_2")
    assert omniscient(b) == gained(0, "glory", 14, "omniscient", "omniscient")  # 6 + glory_2


def test_shield_faces_show_their_glory_match_bonus_by_default():
    b = bench(OMNISCIENT_SET)
    b.set_die(0, "light", "shield_red", "shield_green")
    assert omniscient(b)["amount"] == 6


def test_with_the_rule_reward_only_a_shield_whose_reward_is_glory_counts():
    b = bench(OMNISCIENT_SET, RuleOptions(omniscient_shields="reward"))
    b.set_die(0, "light", "shield_red", "shield_green")
    assert omniscient(b)["amount"] == 4
