"""`dicelab power` per endpoint (issue 28): each endpoint's games from its own spread, measured
from two paired runs (checked against numpy and statsmodels directly) or said to be assumed."""

from __future__ import annotations

import csv
import io
import math

import numpy as np
import pytest
from click.testing import CliRunner
from statsmodels.stats.power import TTestPower

from analytics.cli.app import main as cli
from tests.analytics_fixtures import LogBuilder, feat

GAMES = 60


def invoke(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def _winners(arm: str) -> list[int]:
    """The winning seat of each game: arm B moves some wins (a paired run on the same seeds)."""
    return [g % 4 if arm == "A" or g % 5 else (g + 1) % 4 for g in range(GAMES)]


def _run(folder, arm: str):
    """Four-player games on seeds 1..GAMES; in arm B seat 1 buys the elder in every third
    game. Scores: 10 for the winner, the seat number for the others, + 3 in arm B's game 7."""
    builder = LogBuilder(run_id=f"run-{arm}")
    for g, winner in enumerate(_winners(arm)):
        scores = tuple(10 if s == winner else s + (3 if arm == "B" and g == 7 else 0)
                       for s in range(4))
        game = builder.game(g + 1, scores, bots=("economist", "hero") * 2)
        if arm == "B" and g % 3 == 0:
            feat(builder, game, 1, 1, "elder")
    return builder.write(folder)


@pytest.fixture(scope="module")
def arms(tmp_path_factory):
    root = tmp_path_factory.mktemp("power")
    return _run(root / "a", "A"), _run(root / "b", "B")


def _games(sd: float, effect: float = 0.01) -> int:
    return math.ceil(TTestPower().solve_power(effect_size=effect / sd, alpha=0.05, power=0.8))


def _wins(arm: str) -> np.ndarray:
    return np.eye(4)[_winners(arm)]


def test_each_endpoint_gets_its_games_from_its_own_measured_spread(arms):
    result = invoke("power", "--effect", "0.01", "--paired", "--logs-a", arms[0], "--logs-b",
                    arms[1], "--endpoint", "seat:0", "--endpoint", "bot:hero", "--endpoint",
                    "value:elder", "--endpoint", "score", "--format", "csv")
    assert result.exit_code == 0, result.output
    rows = {r["endpoint"]: r for r in csv.DictReader(io.StringIO(result.stdout))}
    a, b = _wins("A"), _wins("B")
    # seat 0: the paired t-test of its win per game
    seat = np.std(b[:, 0] - a[:, 0], ddof=1)
    # bot hero sits in seats 1 and 3: its win share per game is the mean of those seats
    hero = np.std(b[:, [1, 3]].mean(axis=1) - a[:, [1, 3]].mean(axis=1), ddof=1)
    # the elder's buyers (seat 1 in every third game of B), linearised ratio over all games
    buyer = np.zeros(GAMES)
    buyer[::3] = 1
    rate_a, rate_b = (a[:, 1] * buyer).sum() / buyer.sum(), (b[:, 1] * buyer).sum() / buyer.sum()
    influence = ((b[:, 1] - rate_b) - (a[:, 1] - rate_a)) * buyer / buyer.mean()
    value = np.std(influence, ddof=1)
    # the mean score per game: winner 10, others their seat number, +3 in one game of B
    score = lambda arm: np.array([(10 + sum(s for s in range(4) if s != w)) / 4  # noqa: E731
                                  for w in _winners(arm)])
    score_b = score("B")
    score_b[7] += 3 * 3 / 4  # the three non-winners of game 7 gained 3 each
    mean_score = np.std(score_b - score("A"), ddof=1)
    for endpoint, sd in (("seat:0", seat), ("bot:hero", hero), ("value:elder", value),
                         ("score", mean_score)):
        assert float(rows[endpoint]["sd_per_game"]) == pytest.approx(sd, rel=1e-9), endpoint
        assert int(rows[endpoint]["games"]) == _games(sd), endpoint
        assert rows[endpoint]["spread"] == "measured"
    assert "value:elder: elder's value on its buyers" in result.stderr
    assert "MEASURED from 60 paired games" in result.stderr


def test_without_runs_a_win_rate_is_planned_on_an_assumed_spread_and_said_so():
    result = invoke("power", "--effect", "0.02", "--effect", "0.05", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [int(r["games"]) for r in rows] == [7549, 1250]  # Cohen's h, as before
    assert {r["spread"] for r in rows} == {"assumed"} and "ASSUMED" in result.stderr
    paired = invoke("power", "--effect", "0.02", "--paired", "--endpoint", "bot:hero")
    assert paired.exit_code == 0 and "correlation 0.500" in paired.stderr


@pytest.mark.parametrize(("args", "message"), [
    (("--endpoint", "score"), "its spread must be measured"),
    (("--endpoint", "value:hydra"), "its spread must be measured"),
    (("--endpoint", "colour"), "choose seat:N, bot:NAME, value:CARD or score"),
    (("--endpoint", "seat:9", "--paired", "--logs-a", "A", "--logs-b", "B"), "not in the paired"),
    (("--paired", "--logs-a", "A", "--logs-b", "A"), "do not differ game by game"),
    (("--logs-a", "A", "--logs-b", "B"), "add --paired"),
])
def test_bad_endpoints_are_one_line(arms, args, message):
    args = [{"A": arms[0], "B": arms[1]}.get(a, a) for a in args]
    result = invoke("power", "--effect", "0.01", *args)
    assert result.exit_code == 1, result.output
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1
