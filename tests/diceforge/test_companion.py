"""The Companion (Rebellion, M2): the seed's notes and REFERENCE.md §6.4, scripted exactly."""

from __future__ import annotations

from pathlib import Path

import pytest
from harness import Bench, ev, gained, reserves

from analytics.engine.scripted import ScriptedDecider
from analytics.games.diceforge import GAME
from analytics.games.diceforge.rules import labels, turn
from analytics.games.diceforge.rules.components import CARDS, OWN_TURN, TURN_START
from analytics.games.diceforge.rules.content import load_card_set
from analytics.games.diceforge.rules.hooks import fire, unregister
from analytics.games.diceforge.rules.options import RuleOptions

SET = str(Path(__file__).parent / "sets" / "rebellion-forge-goldsmith.toml")
USE = ev("reinforcement_used", 0, "companion", None, None, "companion")
STEP = ev("resource_gained", 0, "companion", "companion_track", 1, "companion")


def bench(*tracks: int, sun: int = 0) -> Bench:
    """Seat 0 owns one Companion per track given, each token at that position."""
    b = Bench(players=2, cards=SET)
    for seat in range(2):
        b.set_reserves(seat)
    for _ in tracks:
        b.give_card(0, "companion")
    b.p(0).tracks["companion"] = list(tracks)
    for _ in range(tracks.count(5)):  # as the use that took a token to 5 would have done
        unregister(b.p(0), "reinforcement", "companion", "companion")
    b.set_reserves(0, sun=sun)
    return b


def cashed(n: int) -> list[dict]:
    return [ev("token_used", 0, "companion", None, None, "companion"),
            ev("resource_spent", 0, "companion", "companion_track", -n, "companion"),
            gained(0, "sun", n, "companion", "companion"),
            gained(0, "glory", n, "companion", "companion")]


def test_the_companion_is_a_rebellion_reinforcement_on_m2():
    card = CARDS["companion"]
    assert (card.slot, card.moon, card.sun, card.glory, card.timing, card.origin) == (
        "M2", 1, 0, 2, "reinforcement", "rebellion")
    assert load_card_set(SET).cards["M2"] is card


def test_bought_its_token_starts_at_zero_and_it_registers_as_a_reinforcement():
    b = bench()
    b.set_reserves(0, moon=1)
    turn.perform_feat(b.g, b.p(0), "companion", "action")
    assert b.p(0).tracks == {"companion": [0], "companion_moved": [0]}
    assert b.p(0).hooks == {"reinforcement": (("companion", "companion"),),
                            "own_turn": (("companion", "companion_cash"),),
                            "turn_start": (("companion", "companion_turn"),)}


def test_each_use_moves_the_token_one_space():
    b = bench(0)
    b.decide(("reinforcement", "companion"))
    turn.call_reinforcements(b.g, b.p(0))
    assert b.events() == [USE, STEP]
    assert b.p(0).tracks["companion"] == [1]
    assert b.decider.kinds() == ["reinforcement"]  # at 0 there is nothing to cash in
    assert b.reserves(0) == reserves()


def test_once_the_token_reaches_five_the_card_is_no_longer_offered():
    b = bench(4)
    b.decide(("companion_cash", "keep"), ("reinforcement", "companion"))
    turn.call_reinforcements(b.g, b.p(0))
    assert b.p(0).tracks["companion"] == [5]
    assert "reinforcement" not in b.p(0).hooks
    b.decide(("companion_cash", "keep"))
    fire(b.g, b.p(0), OWN_TURN)  # still cashable at 5
    turn.call_reinforcements(b.g, b.p(0))  # no reinforcement left: nothing asked
    assert b.decider.kinds() == ["companion_cash", "reinforcement", "companion_cash"]


@pytest.mark.parametrize("position", [1, 2, 3, 4, 5])
def test_cashing_in_gives_as_many_sun_shards_and_glory_as_the_position(position):
    b = bench(position)
    b.decide(("companion_cash", "cash"))
    fire(b.g, b.p(0), OWN_TURN)
    assert b.events() == cashed(position)
    assert b.reserves(0) == reserves(sun=position, glory=position)
    assert b.decider.asked[0].context == position


def test_once_cashed_in_the_card_has_no_more_effect():
    b = bench(3)
    b.decide(("companion_cash", "cash"))
    fire(b.g, b.p(0), OWN_TURN)
    b.events()
    assert b.p(0).hooks == {} and b.p(0).tracks["companion"] == []
    turn.call_reinforcements(b.g, b.p(0))
    fire(b.g, b.p(0), OWN_TURN)
    assert b.events() == [] and len(b.decider.asked) == 1


def test_keeping_it_changes_nothing():
    b = bench(2)
    b.decide(("companion_cash", "keep"))
    fire(b.g, b.p(0), OWN_TURN)
    assert b.events() == [] and b.p(0).tracks["companion"] == [2]


def test_sun_shards_over_the_cap_are_lost_the_glory_is_not():
    """REFERENCE §3: gains above a cap are lost (the Companion's included)."""
    b = bench(5, sun=4)
    b.decide(("companion_cash", "cash"))
    fire(b.g, b.p(0), OWN_TURN)
    assert b.events()[2:] == [gained(0, "sun", 2, "companion", "companion"),
                              ev("resource_overflowed", 0, "companion", "sun", 3, "companion"),
                              gained(0, "glory", 5, "companion", "companion")]
    assert b.reserves(0) == reserves(sun=6, glory=5)


def test_in_a_turn_it_may_advance_then_cash_in_to_pay_for_the_action():
    """At any time as the Active player: after the reinforcement step, before the action."""
    b = bench(2)
    b.g.blessings_per_turn = 0  # the blessings are not what this tests
    b.decide(("companion_cash", "keep"), ("reinforcement", "companion"),
             ("companion_cash", "cash"), ("action", "guardians_owl"))
    turn.play_turn(b.g, b.p(0))
    events = b.events()
    assert events[1:3] == [USE, STEP] and events[3:7] == cashed(3)
    assert [c.id for c in b.p(0).cards] == ["companion", "guardians_owl"]
    assert b.reserves(0) == reserves(sun=1, glory=3)
    assert b.decider.kinds() == ["companion_cash", "reinforcement", "companion_cash", "action"]


def test_it_is_not_offered_in_another_players_turn():
    b = bench(3)
    b.g.blessings_per_turn = 0
    b.set_reserves(1, gold=2)  # so that seat 1 has an action to choose
    b.decide(("action", "pass"))
    turn.play_turn(b.g, b.p(1))
    assert [(d.seat, d.kind) for d in b.decider.asked if len(d.options) > 1] == [(1, "action")]


def test_each_copy_has_its_own_token_and_a_copy_at_five_is_not_offered():
    b = bench(5, 2)
    assert b.p(0).hooks["reinforcement"] == (("companion", "companion"),)
    b.decide(("companion_cash", "keep"), ("companion_cash", "keep"),
             ("reinforcement", "companion"))
    turn.call_reinforcements(b.g, b.p(0))
    assert b.p(0).tracks["companion"] == [5, 3]
    assert "companion_copy" not in b.decider.kinds()  # the copy at 5 is no choice


@pytest.mark.parametrize("first", [3, 1])
def test_with_two_copies_both_used_each_token_moves_once(first):
    """[3, 1] both used: [4, 2], whichever copy the player moves first."""
    b = bench(3, 1)
    b.decide(("companion_cash", "keep"), ("companion_cash", "keep"),
             ("reinforcement", "companion"), ("companion_copy", first),
             ("reinforcement", "companion"))
    turn.call_reinforcements(b.g, b.p(0))
    assert b.events() == [USE, STEP, USE, STEP]
    assert b.p(0).tracks["companion"] == [4, 2]
    assert [d.options for d in b.decider.asked if d.kind == "companion_copy"] == [(3, 1)]
    assert b.decider.kinds() == ["companion_cash", "companion_cash", "reinforcement",
                                 "companion_copy", "reinforcement"]  # then one copy is left
    assert b.p(0).hooks["reinforcement"] == (("companion", "companion"),) * 2


@pytest.mark.parametrize("chosen, after", [(3, [4, 1]), (1, [3, 2])])
def test_with_one_use_the_chosen_copy_moves(chosen, after):
    b = bench(3, 1)
    b.decide(("companion_cash", "keep"), ("companion_cash", "keep"),
             ("reinforcement", "companion"), ("companion_copy", chosen),
             ("reinforcement", "done"))
    turn.call_reinforcements(b.g, b.p(0))
    assert b.p(0).tracks["companion"] == after
    b.check_scripts_used()


def test_a_copy_reaching_five_stops_while_the_other_is_still_offered():
    b = bench(4, 1)
    b.decide(("companion_cash", "keep"), ("companion_cash", "keep"),
             ("reinforcement", "companion"), ("companion_copy", 4),
             ("reinforcement", "companion"))
    turn.call_reinforcements(b.g, b.p(0))
    assert b.p(0).tracks["companion"] == [5, 2]
    assert b.p(0).hooks["reinforcement"] == (("companion", "companion"),)
    fire(b.g, b.p(0), TURN_START)  # next turn: only the copy at 2 is offered, and no choice
    b.decide(("companion_cash", "keep"), ("companion_cash", "keep"),
             ("reinforcement", "companion"))
    turn.call_reinforcements(b.g, b.p(0))
    assert b.p(0).tracks["companion"] == [5, 3]
    assert b.decider.kinds().count("companion_copy") == 1


def test_each_new_turn_every_copy_below_five_may_move_again():
    b = bench(3, 3)
    for _ in range(2):
        b.decide(("companion_cash", "keep"), ("reinforcement", "companion"),
                 ("reinforcement", "companion"))
        turn.call_reinforcements(b.g, b.p(0))
        fire(b.g, b.p(0), TURN_START)
    assert b.p(0).tracks == {"companion": [5, 5], "companion_moved": [0, 0]}
    assert "companion_copy" not in b.decider.kinds()  # copies on one space are alike


def test_copies_cash_in_one_by_one_and_a_cashed_copy_stops_its_reinforcement():
    b = bench(3, 1)
    b.decide(("companion_cash", "keep"), ("companion_cash", "cash"))
    fire(b.g, b.p(0), OWN_TURN)
    assert [d.context for d in b.decider.asked] == [3, 1]  # the furthest along first
    # the cashed copy is set aside (one of the player's cards: its printed Glory is not scored)
    assert b.p(0).tracks == {"companion": [3], "companion_moved": [0], "set_aside": [0]}
    assert b.p(0).hooks["reinforcement"] == (("companion", "companion"),)
    assert b.reserves(0) == reserves(sun=1, glory=1)


def test_cashing_one_copy_leaves_the_others_token_to_move_on():
    b = bench(3, 1)
    b.decide(("companion_cash", "cash"), ("companion_cash", "keep"),
             ("reinforcement", "companion"))
    turn.call_reinforcements(b.g, b.p(0))
    assert b.p(0).tracks == {"companion": [2], "companion_moved": [1], "set_aside": [0]}
    assert b.reserves(0) == reserves(sun=3, glory=3)
    assert "companion_copy" not in b.decider.kinds()


def test_cashing_the_last_copy_withdraws_all_its_registrations():
    b = bench(2, 5)
    b.decide(("companion_cash", "cash"), ("companion_cash", "cash"))
    fire(b.g, b.p(0), OWN_TURN)
    assert b.p(0).hooks == {} and b.p(0).tracks == {"companion": [], "companion_moved": [],
                                                     "set_aside": [0, 1]}
    assert b.reserves(0) == reserves(sun=6, glory=7)  # 7 Sun, 1 over the cap


def test_the_labelled_scripted_decider_names_the_copy_by_its_space():
    b = bench(3, 1)
    decider = ScriptedDecider(GAME.labelling, ["keep", "keep", "companion", "at1", "done"])
    b.g.decider, b.g.decide = decider, decider.decide
    turn.call_reinforcements(b.g, b.p(0))
    assert b.p(0).tracks["companion"] == [3, 2] and not decider.script
    assert labels.LABELLING.labels("companion_copy", (3, 1)) == ("at3", "at1")
    assert labels.LABELLING.parse("companion_copy", "at1", (3, 1)) == 1


# --- a cashed-in Companion's printed Glory (rule option companion_cashed_glory) ---------------
def _end_glory(b: Bench) -> list[int]:
    turn.end_game(b.g)
    return [e["amount"] for e in b.events() if e["kind"] == "resource_gained"
            and e["seat"] == 0 and e["cause"] == "companion"]


def test_a_cashed_in_companion_is_set_aside_and_scores_no_printed_glory():
    """Seed: "set the card and token aside; they have no effect for the remainder of the
    game"."""
    b = bench(3, 1)
    b.decide(("companion_cash", "cash"), ("companion_cash", "keep"))
    fire(b.g, b.p(0), OWN_TURN)
    b.events()
    assert _end_glory(b) == [2]  # the copy kept scores its 2 Glory; the cashed one nothing


def test_with_the_rule_option_kept_a_cashed_in_companion_still_scores():
    b = bench(3)
    b.g.setup = type(b.g.setup)(b.g.setup.players, b.g.setup.card_set,
                                RuleOptions(companion_cashed_glory="kept"))
    b.decide(("companion_cash", "cash"))
    fire(b.g, b.p(0), OWN_TURN)
    b.events()
    assert _end_glory(b) == [2]


def test_by_default_a_cashed_in_companion_scores_nothing_at_the_end():
    b = bench(3)
    b.decide(("companion_cash", "cash"))
    fire(b.g, b.p(0), OWN_TURN)
    b.events()
    assert _end_glory(b) == []
