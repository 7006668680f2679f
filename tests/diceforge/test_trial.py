"""The trial script: its interval, its arm parameters, and paired arms playing the same games."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from analytics.engine import derive_seed, play_game
from analytics.games.diceforge import GAME
from analytics.games.diceforge.rules.content import load_card_set
from analytics.games.diceforge.rules.state import Setup
from analytics.games.diceforge.tools.trial import mean_interval, parse_arm, run_arms, wilson
from analytics.policies import make_bot


def test_wilson_interval_of_a_known_proportion():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)


def test_mean_interval_of_paired_differences():
    mean, low, high = mean_interval([1.0, -1.0, 1.0, -1.0])
    assert mean == 0.0
    assert high == pytest.approx(1.96 * (4 / 3) ** 0.5 / 2) and low == -high


def test_an_arm_is_a_name_and_typed_parameters():
    assert parse_arm("wide: width=none, forges=2, margin=1.5, base=hero") == (
        "wide", {"width": None, "forges": 2, "margin": 1.5, "base": "hero"})
    assert parse_arm("now:") == ("now", {})


def test_paired_arms_play_the_same_games(tmp_path):
    out = tmp_path / "rows.jsonl"
    report = run_arms("hero", "hero", {"a": {}, "b": {}}, games=4, seed=1, out=out)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    a = [r for r in rows if r["arm"] == "a"]
    b = [r for r in rows if r["arm"] == "b"]
    assert [r["game"] for r in a] == [0, 1, 2, 3] and [r["seat"] for r in a] == [0, 1, 2, 3]
    assert [r["scores"] for r in a] == [r["scores"] for r in b]  # same seeds, same bots
    assert report["paired_vs_a"]["b"]["share_diff"] == (0.0, 0.0, 0.0)
    assert report["arms"]["a"]["games"] == 4
    assert report["arms"]["a"]["win_share"] == sum(r["share"] for r in a) / 4


def test_a_trial_plays_the_card_set_it_names(tmp_path):
    out = tmp_path / "rows.jsonl"
    report = run_arms("hero", "hero", {"a": {}}, games=1, seed=1, out=out,
                      cards="rebellion-goddess-cards")
    row = json.loads(out.read_text())
    setup = Setup(4, load_card_set("rebellion-goddess-cards"))
    same = play_game(GAME, setup, [make_bot("diceforge", "hero") for _ in range(4)],
                     derive_seed(1, "trial", 0))
    assert row["scores"] == same.scores and report["cards"] == "rebellion-goddess-cards"


def test_an_unknown_card_set_is_one_line_and_exit_1(tmp_path):
    out = tmp_path / "rows.jsonl"
    run = subprocess.run([sys.executable, "-m", "analytics.games.diceforge.tools.trial", "--games",
                          "1", "--cards", "nope", "--out", str(out)],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 1 and run.stdout == "" and not out.exists()
    assert run.stderr.startswith("error: card set 'nope' is neither a preset (base, ")
    assert run.stderr.count("\n") == 1
