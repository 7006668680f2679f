"""The heuristic bots buy and play The Companion, Ancestor, Tree, Wood Nymph, Goldsmith,
Omniscient and Abyssal Trident with intent, and games with them run to the end."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from harness import Bench

from analytics.engine import play_game
from analytics.engine.decisions import Decision
from analytics.games.diceforge import GAME
from analytics.games.diceforge.rules import turn
from analytics.games.diceforge.rules.components import FACES, OWN_TURN
from analytics.games.diceforge.rules.content import load_card_set
from analytics.games.diceforge.rules.hooks import fire
from analytics.games.diceforge.rules.options import RuleOptions
from analytics.games.diceforge.rules.state import Setup
from analytics.policies import make_bot

SETS = Path(__file__).parent / "sets"
HEURISTIC = ("economist", "hero")


def bench(name: str, round_: int = 2, rules: RuleOptions | None = None) -> Bench:
    b = Bench(players=3, cards=str(SETS / "rebellion-forge-goldsmith.toml"), rules=rules)
    for seat in range(3):
        b.set_reserves(seat)
    b.g.round = round_
    bot = make_bot("diceforge", name)
    b.decider.default = lambda d: bot.choose(b.g, Decision(d.seat, d.kind, d.options, d.context),
                                             random.Random(0))
    return b


def answers(b: Bench, kind: str) -> list:
    return [d.answer for d in b.decider.asked if d.kind == kind]


def feat(b: Bench, card_id: str) -> None:
    b.p(0).moon, b.p(0).sun = 4, 5
    b.chance.add_rolls((0, "light", 0), (0, "dark", 0))  # an Ancestor's blessing, if any
    turn.perform_feat(b.g, b.p(0), card_id, "action")


# --- The Companion -----------------------------------------------------------------------------
def cash_decision(b: Bench, position: int, sun: int = 0) -> str:
    b.give_card(0, "companion")
    b.p(0).tracks["companion"] = [position]
    b.p(0).sun = sun
    fire(b.g, b.p(0), OWN_TURN)
    return answers(b, "companion_cash")[0]


@pytest.mark.parametrize("name", HEURISTIC)
def test_bots_keep_the_companion_growing_early_unless_its_shards_buy_a_feat_now(name):
    assert cash_decision(bench(name), 2, sun=6) == "keep"  # a full reserve: nothing to buy
    assert cash_decision(bench(name), 2, sun=0) == "cash"  # 2 Sun buy a feat now


@pytest.mark.parametrize("name", HEURISTIC)
def test_bots_cash_the_companion_on_their_last_turn(name):
    assert cash_decision(bench(name, round_=10), 2) == "cash"


@pytest.mark.parametrize("name", HEURISTIC)
def test_bots_cash_a_full_companion_when_the_shards_fit_and_wait_when_they_would_overflow(name):
    assert cash_decision(bench(name), 5, sun=1) == "cash"
    assert cash_decision(bench(name), 5, sun=4) == "keep"


@pytest.mark.parametrize("name", HEURISTIC)
def test_on_the_last_turn_bots_advance_the_companion_before_cashing_it(name):
    b = bench(name, round_=10)
    b.give_card(0, "companion")
    b.p(0).tracks["companion"] = [2]
    b.g.phase = turn.REINFORCEMENTS
    while b.g.phase != turn.ACTION_CHOICE:  # the reinforcement step, then the action's moment
        turn.PHASES.steps[b.g.phase](b.g)
    assert answers(b, "companion_cash") == ["keep", "cash"]
    assert [e["amount"] for e in b.events() if e["item"] == "companion"
            and e["resource"] == "companion_track"] == [1, -3]


@pytest.mark.parametrize("name", HEURISTIC)
def test_bots_advance_the_companion_every_turn(name):
    b = bench(name)
    b.give_card(0, "companion")
    b.give_card(0, "tree")
    turn.call_reinforcements(b.g, b.p(0))
    assert answers(b, "reinforcement")[:2] == ["companion", "tree"]
    assert b.p(0).tracks["companion"] == [1]


@pytest.mark.parametrize("name", HEURISTIC)
def test_bots_move_the_companion_furthest_along_first_and_every_copy_each_turn(name):
    b = bench(name)
    b.give_card(0, "companion")
    b.give_card(0, "companion")
    b.p(0).tracks["companion"] = [1, 3]
    b.g.phase = turn.REINFORCEMENTS
    turn.PHASES.steps[b.g.phase](b.g)  # the step (its own_turn moment keeps both: they may move)
    assert answers(b, "companion_cash") == ["keep", "keep"]
    assert answers(b, "companion_copy") == [3]
    assert answers(b, "reinforcement") == ["companion", "companion"]
    assert b.p(0).tracks["companion"] == [2, 4]


# --- faces ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", HEURISTIC)
def test_bots_take_the_ancestors_face_and_decline_it_over_better_dice(name):
    b = bench(name)
    feat(b, "ancestor")
    assert answers(b, "ancestor_face") == ["sun1_glory1"]
    b = bench(name)
    for die in ("light", "dark"):
        b.set_die(0, die, *["gold1_sun1_moon1_glory1"] * 6)
    feat(b, "ancestor")
    assert answers(b, "ancestor_face") == ["decline"]
    assert answers(b, "minor_die")  # the blessing still comes


@pytest.mark.parametrize("name", HEURISTIC)
def test_bots_take_a_top_face_with_the_trident(name):
    b = bench(name)
    feat(b, "abyssal_trident")
    assert FACES[answers(b, "trident_face")[0]].cost == 12  # the dearest tier of the Temple


@pytest.mark.parametrize("name", HEURISTIC)
def test_bots_buy_with_the_wood_nymph_only_when_a_face_gains(name):
    b = bench(name)
    feat(b, "wood_nymph")
    assert answers(b, "nymph_buy") == ["gold_6"]  # the 4 gold buy the best 4-gold face
    b = bench(name, rules=RuleOptions(nymph_buy="may"))  # a purchase may be declined
    for die in ("light", "dark"):
        b.set_die(0, die, *["gold1_sun1_moon1_glory1"] * 6)
    feat(b, "wood_nymph")
    assert answers(b, "nymph_buy") == ["skip"]


@pytest.mark.parametrize("name", HEURISTIC)
def test_by_default_the_wood_nymph_buys_even_a_face_that_gains_nothing(name):
    """The seed: "then buy any die face" — the purchase is not optional (rule nymph_buy)."""
    b = bench(name)
    for die in ("light", "dark"):
        b.set_die(0, die, *["gold1_sun1_moon1_glory1"] * 6)
    feat(b, "wood_nymph")
    (bought,) = answers(b, "nymph_buy")
    assert bought != "skip" and b.p(0).forged == 1


# --- whole games ---------------------------------------------------------------------------------
def card_uses(events: list[tuple]) -> Counter:
    """(card, what happened) counts: bought, used (a reinforcement or a cash-in), forged (a
    face the card forged), glory (Glory its effect gave, besides its printed Glory)."""
    seen: Counter = Counter()
    for row in events:
        kind, item, resource, cause = row[3], row[4], row[5], row[7]
        if kind == "feat_performed":
            seen[item, "bought"] += 1
        elif kind in ("reinforcement_used", "token_used"):
            seen[item, kind] += 1
        elif kind == "face_forged":
            seen[cause, "forged"] += 1
        elif kind == "resource_gained" and resource == "glory" and item == cause:
            seen[cause, "glory"] += 1
    return seen


@pytest.mark.parametrize("f5", ["goldsmith", "omniscient"])
def test_seeded_bot_games_buy_and_use_every_card_and_end(f5):
    setup = Setup(4, load_card_set(str(SETS / f"rebellion-forge-{f5}.toml")))
    seen: Counter = Counter()
    for seed in range(8):
        bots = [make_bot("diceforge", HEURISTIC[seat % 2]) for seat in range(4)]
        result = play_game(GAME, setup, bots, seed)
        assert sum(row[3] == "game_ended" for row in result.events) == 4
        seen += card_uses(result.events)
    for card, happened in [("companion", "reinforcement_used"), ("companion", "token_used"),
                           ("tree", "reinforcement_used"), ("ancestor", "forged"),
                           ("wood_nymph", "forged"), ("abyssal_trident", "forged"),
                           (f5, "glory")]:
        assert seen[card, "bought"] and seen[card, happened], (card, happened, seen)


def test_the_lookahead_bot_plays_a_game_with_these_cards():
    setup = Setup(2, load_card_set(str(SETS / "rebellion-forge-omniscient.toml")))
    bots = [make_bot("diceforge", "lookahead"), make_bot("diceforge", "economist")]
    result = play_game(GAME, setup, bots, 3)
    assert len(result.scores) == 2 and card_uses(result.events)
