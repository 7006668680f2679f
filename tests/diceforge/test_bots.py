"""Heuristic bots: legal answers everywhere, no mutation of the state, and better than random."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from harness import Bench, reserves

from analytics.engine import play_game
from analytics.engine.decisions import Decision
from analytics.games.diceforge import GAME
from analytics.games.diceforge.rules import turn
from analytics.games.diceforge.rules.blessings import divine_blessing
from analytics.games.diceforge.rules.content import load_card_set
from analytics.games.diceforge.rules.state import Game, Setup
from analytics.policies import available_bots, make_bot

# The search bot on a small budget: it is checked like the others, not timed.
BOTS = sorted("mcts:3" if name == "mcts" else name for name in available_bots("diceforge"))
HEURISTIC = [name for name in BOTS if name != "random" and not name.startswith("mcts")]


class Checked:
    """Wraps a bot: checks each answer is legal and records the decision kinds (that it only
    reads the game is checked by the engine: play_game's `checked`)."""

    def __init__(self, bot, kinds: set[str]) -> None:
        self.bot, self.kinds = bot, kinds
        self.name, self.params = bot.name, bot.params

    def choose(self, view: Game, decision: Decision, rng: random.Random):
        answer = self.bot.choose(view, decision, rng)
        assert answer in decision.options, f"{self.name}: {answer!r} for {decision.kind}"
        self.kinds.add(decision.kind)
        return answer


@pytest.mark.parametrize("card_set", ["base", "base-alternates"])
# Two players in `make test`; three and four (longer games, 30-50 s each on a loaded machine) in
# `make test-slow`.
@pytest.mark.parametrize("players", [2, *(pytest.param(n, marks=pytest.mark.slow) for n in (3, 4))])
def test_every_bot_answers_legally_without_mutating(players: int, card_set: str) -> None:
    kinds: set[str] = set()
    setup = Setup(players, load_card_set(card_set))
    for seed in range(6):
        names = [BOTS[(seed + seat) % len(BOTS)] for seat in range(players)]
        policies = [Checked(make_bot("diceforge", name), kinds) for name in names]
        result = play_game(GAME, setup, policies, seed, checked=(True,) * players)
        assert len(result.scores) == players
    assert {"action", "offering", "forge_place"} <= kinds


@pytest.mark.parametrize("name", HEURISTIC)
def test_bot_has_stable_name_and_recorded_params(name: str) -> None:
    bot = make_bot("diceforge", name)
    assert bot.name == name
    assert bot.params and bot.params == make_bot("diceforge", name).params


# The search bot plays the hero plan but where its rollouts disagree, at ~1 s a game: 12 games
# are enough for a bot that wins ~99% of them (it is measured against hero in trial.py).
GAMES_AGAINST_RANDOM = {"lookahead": 12}


# The search bot's games (about a minute) in `make test-slow`.
@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.slow)
                                  if n in GAMES_AGAINST_RANDOM else n for n in HEURISTIC])
def test_bot_beats_random(name: str) -> None:
    """Four-player games against three random bots, seats rotated (60; the search bot 12);
    measured ~99 % wins."""
    setup = Setup(4, load_card_set("base"))
    games = GAMES_AGAINST_RANDOM.get(name, 60)
    wins = 0.0
    for seed in range(games):
        seat = seed % 4
        policies = [make_bot("diceforge", name if s == seat else "random") for s in range(4)]
        wins += play_game(GAME, setup, policies, seed).win_shares[seat]
    assert wins / games >= 0.75


@pytest.mark.parametrize("name", HEURISTIC)
def test_bot_copying_a_face_under_the_minotaur_picks_the_least_loss(name: str) -> None:
    """The Mirror's choice under the Minotaur is a loss: copying gold_6 would cost 6 gold,
    copying moon_1 costs nothing (no Moon Shards held)."""
    b = Bench(players=2)
    b.set_reserves(0, sun=3)
    b.set_reserves(1, gold=10)
    b.set_die(1, "light", "mirror")
    b.show(0, light="gold_6", dark="moon_1")
    b.rolls((1, "light", "mirror"), (1, "dark", "glory_2"))
    bot = make_bot("diceforge", name)
    b.decider.default = lambda d: bot.choose(b.g, Decision(d.seat, d.kind, d.options, d.context),
                                             random.Random(0))
    turn.perform_feat(b.g, b.p(0), "minotaur", "action")
    asked = [d for d in b.decider.asked if d.kind.startswith("mirror")]
    assert [(d.kind, d.answer.id) for d in asked] == [("mirror_loss", "moon_1")]
    assert b.reserves(1) == reserves(gold=10)


def bot_decides(b: Bench, name: str) -> None:
    bot = make_bot("diceforge", name)
    b.decider.default = lambda d: bot.choose(b.g, Decision(d.seat, d.kind, d.options, d.context),
                                             random.Random(0))


RICH = "gold1_sun1_moon1_glory1"


@pytest.mark.parametrize("name", HEURISTIC)
@pytest.mark.parametrize("rolled, answer", [("gold_1", "light"), (RICH, "keep")])
def test_bot_rerolls_a_poor_face_with_the_twins_and_keeps_a_good_one(name, rolled, answer):
    """A light die of five faces of 1 gold, 1 Sun, 1 Moon and 1 Glory: a 1-gold roll is worth
    rerolling for 3 gold (counted twice, Values.reroll_gold_weight) and the Twins'
    reward; the good face is kept (it gives 1 gold)."""
    b = Bench(players=2, cards=str(Path(__file__).parent / "sets" / "twins-eternal-fire.toml"))
    b.give_card(0, "twins")
    b.set_reserves(0, gold=6)
    b.set_die(0, "light", "gold_1", *[RICH] * 5)
    b.rolls((0, "light", rolled), (0, "dark", "glory_2"))
    if answer != "keep":
        b.rolls((0, "light", RICH))
    bot_decides(b, name)
    divine_blessing(b.g, b.p(0), "divine_blessing")
    b.check_scripts_used()
    assert [d.answer for d in b.decider.asked if d.kind == "twins_reroll"] == [answer]
    assert (b.p(0).up[0].id, b.p(0).gold) == (RICH, 6 - 3 + 1 if answer != "keep" else 6 + 1)


@pytest.mark.parametrize("name", HEURISTIC)
@pytest.mark.parametrize("round_, answer", [(1, "none"), (9, "sun1")])
def test_bot_converts_the_scepter_once_its_gold_is_worth_less_than_a_shard(name, round_, answer):
    """Paying The Elder (1 Sun) with 1 Sun in reserve and a full track: early, 6 gold are worth
    more than the shard; in the last round, the shard is."""
    b = Bench(players=2, cards=str(Path(__file__).parent / "sets" / "scepter.toml"))
    b.give_card(0, "blacksmiths_scepter")
    b.p(0).tracks["blacksmiths_scepter"] = [6]
    b.set_reserves(0, sun=1)
    b.g.round = round_
    bot_decides(b, name)
    turn.perform_feat(b.g, b.p(0), "elder", "action")
    assert [d.answer for d in b.decider.asked if d.kind == "scepter_shards"] == [answer]


# Numbers a bot file may write outside its parameters: nothing, units, and the rules' own
# multiples (an x3 face, two dice, 2 Glory a card); and a float tolerance.
RULE_NUMBERS = {0.0, 1.0, 2.0, 3.0, 1e-6}


def test_every_tuned_bot_constant_is_a_named_parameter_logged_with_the_run():
    """A tuned share or weight lives in `Values` or `Plan` (so `bot.params`, which every run's
    manifest logs, holds it), or in a bot's constructor (the lookahead's); a number written
    anywhere else in a bot file would change play without the run saying so."""
    import ast

    from analytics.games.diceforge.bots import heuristic

    folder = Path(heuristic.__file__).parent
    stray = []
    for path in sorted(folder.glob("*.py")):
        tree = ast.parse(path.read_text())
        allowed = set()
        for node in ast.walk(tree):
            if ((isinstance(node, ast.ClassDef) and node.name in ("Values", "Plan"))
                    or (isinstance(node, ast.Call) and getattr(node.func, "id", "") in
                        ("Values", "Plan"))
                    or (isinstance(node, ast.FunctionDef) and node.name == "__init__")):
                allowed |= {id(n) for n in ast.walk(node)}
        stray += [f"{path.name}:{node.lineno} {node.value}" for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and isinstance(node.value, float)
                  and id(node) not in allowed and node.value not in RULE_NUMBERS]
    assert stray == []
    params = make_bot("diceforge", "economist").params["values"]
    assert params["cyclops_blessings"] == 4.4 and params["left_hand_share"] == 0.5
