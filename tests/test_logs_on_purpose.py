"""Logs are read on purpose: without --logs an analysis reads the most recent run and says so;
pooling is asked for; pooling simulated with recorded games is a warning; a sample too small
for a test gets no p-value but "too few games to test"."""

import os
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from analytics import stats
from analytics.cli.app import main
from analytics.query.files import latest_run
from analytics.runs.simulate import RunConfig, run_simulation
from analytics.stats.balance import Imbalance, seat_advantage, verdict

SAMPLE = Path(__file__).resolve().parents[1] / "logs" / "samples"


def simulate(out: Path, games: int = 3, players: int = 4, seed: int = 1) -> Path:
    run_simulation(RunConfig(players=players, games=games, seed=seed), out, workers=1,
                   progress=False)
    return out


@pytest.fixture
def two_runs(tmp_path, monkeypatch):
    """logs/old (4 players) then logs/new (2 players), new written last."""
    monkeypatch.chdir(tmp_path)
    old = simulate(Path("logs/old"), players=4)
    new = simulate(Path("logs/sub/new"), players=2)
    os.utime(old / "runs.parquet", (1_000_000, 1_000_000))
    return old, new


def test_the_latest_run_is_the_one_written_last(two_runs, tmp_path):
    old, new = two_runs
    assert latest_run(tmp_path / "logs") == (tmp_path / new, 2)
    os.utime(new / "runs.parquet", (500_000, 500_000))
    assert latest_run(tmp_path / "logs") == (tmp_path / old, 2)
    assert latest_run(tmp_path / "nowhere") == (None, 0)


def test_without_logs_a_command_reads_the_latest_run_and_says_so(two_runs):
    result = CliRunner().invoke(main, ["seats", "--format", "csv"])
    assert result.exit_code == 0, result.output
    assert "reading the most recent run, logs/sub/new (--logs logs pools all 2 runs there)" \
        in result.stderr
    players = {line.split(",")[0] for line in result.stdout.splitlines()[1:]}
    assert players == {"2"}


def test_logs_logs_pools_every_run_on_request(two_runs):
    result = CliRunner().invoke(main, ["seats", "--logs", "logs", "--format", "csv"])
    assert result.exit_code == 0, result.output
    assert "most recent run" not in result.stderr
    assert {line.split(",")[0] for line in result.stdout.splitlines()[1:]} == {"2", "4"}


def test_no_runs_under_logs_is_the_usual_one_line_error(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["seats"])
    assert result.exit_code == 1
    assert result.stderr == ("Error: no logs found in logs: expected run folders holding "
                             "runs.parquet\n")


def test_pooling_simulated_and_recorded_games_is_a_warning(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    simulate(Path("logs/sim"), games=2, players=2)
    imported = CliRunner().invoke(main, ["import", str(SAMPLE / "2p-base.dfr"), "--out",
                                         "logs/rec"])
    assert imported.exit_code == 0, imported.output
    pooled = CliRunner().invoke(main, ["seats", "--logs", "logs", "--format", "csv"])
    assert pooled.exit_code == 0, pooled.output
    assert ("warning: these games pool simulated and recorded games (1 recorded, 2 simulated): "
            "bots and people play differently; pass --source simulated|recorded to keep one"
            ) in pooled.stderr
    kept = CliRunner().invoke(main, ["seats", "--logs", "logs", "--source", "recorded"])
    assert "pool simulated and recorded" not in kept.stderr


def test_a_seat_table_on_too_few_games_tests_nothing(two_runs):
    result = CliRunner().invoke(main, ["seats", "--logs", "logs/old", "--format", "csv"])
    assert result.exit_code == 0, result.output
    rows = [line.split(",") for line in result.stdout.splitlines()[1:]]
    assert len(rows) == 4 and all(row[-2:] == ['""', '""'] for row in rows)  # p, p_adj empty
    assert ("4 players: 3 games; too few games to test (a seat's test needs at least 20: 5 "
            "expected wins and 5 losses per seat)") in result.stderr


def test_the_balance_verdict_on_too_few_games_says_so():
    shares = np.eye(4)[[0, 1, 2, 0, 1, 2, 0, 1, 2, 0]]  # 10 four-player games
    result = seat_advantage(shares, n_boot=10)
    assert all(np.isnan(s.p_value) for s in result.seats) and np.isnan(result.chi_square.p_value)
    worst = Imbalance("seat 0", result.seats[0], 0.25, float(result.seat_p_adjusted[0]))
    assert verdict(4, 10, worst) == ("4 players (10 games): too few games to test a seat's "
                                     "share (at least 20 needed: 5 expected wins and 5 losses "
                                     "per seat).")
    enough = seat_advantage(np.eye(4)[np.arange(20) % 4], n_boot=10)
    assert all(s.p_value == pytest.approx(1.0) for s in enough.seats)


@pytest.mark.parametrize(("n", "expected", "too_few"), [
    (20, 0.25, False), (19, 0.25, True), (10, 0.5, False), (9, 0.5, True), (15, 1 / 3, False),
    (14, 1 / 3, True), (20, 0.75, False), (19, 0.75, True)])
def test_too_few_is_under_five_expected_successes_or_failures(n, expected, too_few):
    assert bool(stats.too_few_to_test(n, expected)) is too_few
    assert (n < stats.trials_to_test(expected)) is too_few


def test_a_report_on_too_few_games_says_so_instead_of_a_test(two_runs, tmp_path):
    result = CliRunner().invoke(main, ["report", "--logs", "logs/old", "--out",
                                       str(tmp_path / "r.html"), "--quiet"])
    assert result.exit_code == 0, result.output
    text = (tmp_path / "r.md").read_text(encoding="utf-8")
    assert "n = 3 games); too few games to test." in text and "adjusted p" not in text
