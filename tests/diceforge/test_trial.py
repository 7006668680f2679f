"""The trial script: its interval, its arm parameters, and paired arms playing the same games."""

from __future__ import annotations

import json

import pytest

from analytics.games.diceforge.trial import mean_interval, parse_arm, run_arms, wilson


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
