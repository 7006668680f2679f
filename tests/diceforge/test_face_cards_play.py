"""The face and dice cards in whole games: the heuristic bots buy each and use it, with intent
(the choices below are the sensible ones), and the games end."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from harness import Bench

from analytics.engine import play_game
from analytics.engine.decisions import Decision
from analytics.games.diceforge import GAME
from analytics.games.diceforge.cards.celestial import roll_celestial
from analytics.games.diceforge.rules import turn
from analytics.games.diceforge.rules.components import FACES
from analytics.games.diceforge.rules.content import load_card_set
from analytics.games.diceforge.rules.state import Setup
from analytics.policies import make_bot

SETS = Path(__file__).parent / "sets"
HEURISTIC = ("economist", "hero")
FIELDS = ("round", "active", "seat", "kind", "item", "resource", "amount", "cause", "detail")


def play(set_file: str) -> Counter:
    """Six games (2, 3, 4 players, two seeds): what the face cards did, counted."""
    seen: Counter = Counter()
    for players in (2, 3, 4):
        setup = Setup(players, load_card_set(str(SETS / set_file)))
        for seed in (1, 2):
            bots = [make_bot("diceforge", HEURISTIC[(seed + s) % 2]) for s in range(players)]
            result = play_game(GAME, setup, bots, seed)
            rows = [dict(zip(FIELDS, row, strict=True)) for row in result.events]
            seen["ended"] += sum(r["kind"] == "game_ended" for r in rows) == players
            for r in rows:
                seen[(r["kind"], r["item"] if r["kind"] != "resource_gained" else r["cause"])] += 1
                if r["kind"] == "die_rolled" and r["detail"] == "celestial":
                    seen["celestial roll"] += 1
                if r["kind"] == "face_turned_up" and r["cause"] == "goddess":
                    seen["goddess set"] += 1
                if r["kind"] == "face_forged" and r["cause"] in ("merchant", "celestial_upgrade"):
                    seen["upgrade"] += 1
    return seen


def test_the_celestial_die_goddess_merchant_and_light_are_bought_and_used():
    seen = play("celestial-goddess.toml")
    assert seen["ended"] == 6
    for card in ("celestial_die", "goddess", "merchant", "light"):
        assert seen[("feat_performed", card)] > 0, card
    assert seen["celestial roll"] > 0
    assert seen["goddess set"] > 0
    assert seen[("reinforcement_used", "merchant")] > 0
    assert seen["upgrade"] > 0 and seen[("resource_gained", "merchant")] > 0  # both uses
    assert seen[("reinforcement_used", "light")] > 0 and seen[("resource_gained", "light")] > 0


def test_the_wind_is_bought_and_used():
    seen = play("wind.toml")
    assert seen["ended"] == 6
    assert seen[("feat_performed", "wind")] > 0 and seen[("resource_gained", "wind")] > 0


# --- the bots' choices ---------------------------------------------------------------------------

def bench(name: str, gold: int = 0) -> Bench:
    b = Bench(players=2, cards=str(SETS / "celestial-goddess.toml"))
    for seat in range(2):
        b.set_reserves(seat)
    b.set_reserves(0, gold=gold)
    bot = make_bot("diceforge", name)
    b.decider.default = lambda d: bot.choose(
        b.g, Decision(d.seat, d.kind, d.options, d.context), random.Random(0))
    return b


def answers(b: Bench, kind: str) -> list:
    return [d.answer for d in b.decider.asked if d.kind == kind]


@pytest.mark.parametrize("name", HEURISTIC)
@pytest.mark.parametrize("round_, answer", [(1, "upgrade1"), (9, "glory")])
def test_the_merchant_upgrades_early_and_takes_glory_late(name, round_, answer):
    b = bench(name)
    b.give_card(0, "merchant")
    b.g.round = round_
    turn.call_reinforcements(b.g, b.p(0))
    assert answers(b, "merchant") == [answer]


@pytest.mark.parametrize("name", HEURISTIC)
def test_two_merchants_early_go_up_two_levels_on_a_starting_face(name):
    b = bench(name)
    b.give_card(0, "merchant")
    b.give_card(0, "merchant")
    b.g.round = 1
    turn.call_reinforcements(b.g, b.p(0))
    assert answers(b, "merchant") == ["upgrade2"]
    assert _upgraded(b) == [2]  # one face, two levels up


def _upgraded(b: Bench) -> list[int]:
    """Levels gained by each face forged so far (new face's level less the old one's)."""
    rows = [dict(zip(FIELDS, row, strict=True)) for row in b.g.log.rows]
    return [FACES[r["item"]].level - FACES[r["detail"].split(":")[1]].level
            for r in rows if r["kind"] == "face_forged"]


@pytest.mark.parametrize("name", HEURISTIC)
@pytest.mark.parametrize("shown, used", [("sun_2", True), ("gold_1", False)])
def test_the_light_pays_3_gold_only_for_a_face_worth_more(name, shown, used):
    b = bench(name, gold=6)
    b.give_card(0, "light")
    b.g.round = 2
    b.show(0, "gold_1", "gold_1")
    b.show(1, shown, "gold_1")
    turn.call_reinforcements(b.g, b.p(0))
    assert answers(b, "reinforcement") == ["light" if used else "done"]
    assert b.p(0).sun == (2 if used else 0)


@pytest.mark.parametrize("name", HEURISTIC)
def test_the_celestial_faces_are_played_for_the_best(name):
    """The Mirror copies the best face showing; Choose turns up the best own face; the double
    upgrade goes two levels up; the choice face takes a shard early."""
    b = bench(name)
    b.g.round = 1
    b.set_die(0, "dark", "sun_2")
    b.show(1, "moon_2", "gold_3")
    for face in ("celestial_mirror", "celestial_choose", "celestial_upgrade",
                 "celestial_glory_3_plus"):
        b.chance.add_rolls((0, "celestial", face))
        roll_celestial(b.g, b.p(0), "celestial_die")
    assert answers(b, "apply_face_up")[0].id == "moon_2"
    assert answers(b, "celestial_choose") == [(1, 0)]  # the 2-Sun face
    assert _upgraded(b) == [2]
    assert answers(b, "face_choice")[0][1][0] in ("sun", "moon")


@pytest.mark.parametrize("name", HEURISTIC)
def test_the_goddess_sets_an_x3_with_the_best_face(name):
    b = bench(name)
    b.set_die(0, "light", "x3")
    b.set_die(0, "dark", "sun_2")
    b.set_reserves(0, moon=5, sun=5)
    turn.perform_feat(b.g, b.p(0), "goddess", "action")
    assert [f.id for f in answers(b, "goddess_faces")[0]] == ["x3", "sun_2"]


@pytest.mark.parametrize("name", HEURISTIC)
def test_the_wind_takes_the_type_worth_most(name):
    """Early, 2 Sun Shards beat 4 gold."""
    b = Bench(players=2, cards=str(SETS / "wind.toml"))
    bot = make_bot("diceforge", name)
    b.decider.default = lambda d: bot.choose(
        b.g, Decision(d.seat, d.kind, d.options, d.context), random.Random(0))
    b.set_reserves(0, moon=3)
    b.set_reserves(1)
    b.g.round = 1
    b.set_die(1, "light", "sun_2")
    b.rolls((0, "light", "gold_1"), (0, "dark", "gold_1"), (1, "light", "sun_2"),
            (1, "dark", "gold_1"))
    turn.perform_feat(b.g, b.p(0), "wind", "action")
    assert answers(b, "wind_type") == ["sun"] and b.p(0).sun == 2
