"""Balance and value by skill level (analytics/experiments/skill.py) and their commands."""

from __future__ import annotations

import json

import polars as pl
import pytest
from click.testing import CliRunner

from analytics.cli.app import main
from analytics.experiments.skill import (
    balance_by_skill,
    changes,
    homogeneous,
    level_order,
    value_by_skill,
)
from analytics.stats import Estimate

SMALL = ("--workers", "1", "--quiet")


def seat_rows(level: str, first_wins: int, games: int, start: int) -> list[dict]:
    """Two-seat games of one bot: seat 0 wins the first `first_wins`, seat 1 the rest."""
    rows = []
    for g in range(games):
        winner = 0 if g < first_wins else 1
        for seat in (0, 1):
            rows.append({"game_id": start + g, "seat": seat, "bot": level, "players": 2,
                         "score": 10 if seat == winner else 5, "rank": 1 if seat == winner else 2,
                         "win_share": 1.0 if seat == winner else 0.0})
    return rows


def test_a_seat_advantage_that_vanishes_at_a_stronger_level_is_said():
    seats = pl.DataFrame(seat_rows("economist", 70, 100, 0) + seat_rows("mcts:100", 50, 100, 100)
                         + [{"game_id": 999, "seat": s, "bot": b, "players": 2, "score": 1,
                             "rank": 1 + s, "win_share": 1.0 - s}
                            for s, b in ((0, "economist"), (1, "mcts:100"))])  # a mixed game
    table = balance_by_skill(seats, ("economist", "mcts:100"), n_boot=50)
    wr = table.long.filter(pl.col("metric") == "seat 0 WR").sort("level")
    assert wr["estimate"].to_list() == [0.7, 0.5] and wr["n"].to_list() == [100, 100]
    assert table.lines[0].startswith("At 2 players seat 0's win rate changes between levels "
                                     "(economist − mcts:100: 20.0% [6.4, 32.6]): "
                                     "economist: 70.0% [60.4, 78.1] (above 1/2); mcts:100: "
                                     "50.0% [40.4, 59.6] (not told apart from 1/2)")
    assert "seat 1's win rate changes" in table.lines[1]
    assert table.wide.columns == ["players", "metric", "economist", "mcts:100"]
    margin = table.long.filter(pl.col("metric") == "margin (winner - runner-up)")
    assert margin["estimate"].to_list() == [5.0, 5.0]


def test_only_games_of_one_bot_are_a_level():
    seats = pl.DataFrame([{"game_id": 1, "bot": "a"}, {"game_id": 1, "bot": "b"},
                          {"game_id": 2, "bot": "a"}, {"game_id": 2, "bot": "a"}])
    assert homogeneous(seats)["game_id"].to_list() == [2, 2]
    assert level_order(["mcts:400", "mcts:100", "economist"]) == ["economist", "mcts:100",
                                                                  "mcts:400"]


@pytest.mark.parametrize("bounds,verb", [
    (((0.1, 0.3), (0.2, 0.4)), "holds at every level"),
    (((0.1, 0.3), (-0.1, 0.2)), "reads differently between levels, but the levels are not "
                                "told apart (level0 − level1: +0.150 [-0.030, +0.330])"),
    (((0.3, 0.5), (-0.1, 0.2)), "changes between levels (level0 − level1: +0.350"),
    (((0.1, 0.3), (-0.3, -0.1)), "FLIPS between levels")])
def test_a_conclusion_holds_changes_or_flips(bounds, verb):
    found = [(f"level{i}", Estimate((lo + hi) / 2, lo, hi, n=10))
             for i, (lo, hi) in enumerate(bounds)]
    assert f"x {verb}" in changes("x", found, 0.0, "0", unit="win rate")


def test_values_side_by_side_per_level():
    def table(value, low, high):
        return pl.DataFrame({"card": ["hydra"], "replaced_by": [None], "value": [value],
                             "low": [low], "high": [high], "n_games": [400]})
    found = value_by_skill({"economist": table(0.1, 0.05, 0.15),
                            "mcts:100": table(-0.08, -0.12, -0.02)}, "card")
    assert found.wide.row(0) == ("hydra", "forbidden", "0.100 [0.050, 0.150]",
                                 "-0.080 [-0.120, -0.020]")
    assert found.lines == ("The value of hydra (against forbidden) FLIPS between levels "
                           "(economist − mcts:100: +0.180 [+0.102, +0.244]): economist: "
                           "+0.100 [+0.050, +0.150] (above 0); mcts:100: -0.080 "
                           "[-0.120, -0.020] (below 0)",)


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args], env={"DICELAB_SCHEDULER": None})


def test_balance_by_skill_end_to_end_with_its_report_section(tmp_path):
    report = tmp_path / "r.html"
    result = invoke("balance", "--game", "bazaar", "--set", "first-market", "--players", "2",
                    "--skill", "random,reckoner,mcts:4", "--games", "12", "--out",
                    tmp_path / "runs", "--report", report, *SMALL, "--format", "json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert {r["level"] for r in rows} == {"random", "reckoner", "mcts:4"}
    assert all(r["n"] == 12 for r in rows)
    assert "Does it hold for stronger players?" in report.read_text(encoding="utf-8")
    md = report.with_suffix(".md").read_text(encoding="utf-8")
    section = md[md.index("## Does it hold for stronger players?"):]
    assert "At 2 players seat 0's win rate" in section
    assert "| players | metric" in section and "| mcts:4 " in section


def test_value_by_skill_end_to_end(tmp_path):
    result = invoke("value", "lantern", "--game", "bazaar", "--set", "first-market",
                    "--players", "2", "--ablate", "forbid", "--skill", "random,reckoner",
                    "--games", "8", *SMALL)
    assert result.exit_code == 0, result.output
    assert "The value of lantern (against forbidden)" in result.stdout
    assert "| random" in result.stdout and "reckoner" in result.stdout
