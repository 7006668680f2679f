"""`dicelab balance`: the statistics (exact and properties), the per-game query, the command."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from analytics.cli.app import main
from analytics.experiments.balance import balance_table
from analytics.stats import balance as bs
from tests.analytics_fixtures import sample_logs


@pytest.fixture(scope="module")
def logs(tmp_path_factory):
    return str(sample_logs(tmp_path_factory.mktemp("logs") / "run-a"))


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


# --- statistics ----------------------------------------------------------------------------

def test_seat_advantage_exact():
    # 12 games, 2 seats: seat 0 wins 9, seat 1 wins 3
    result = bs.seat_advantage(np.array([[1, 0]] * 9 + [[0, 1]] * 3), n_boot=200)
    assert [s.estimate for s in result.seats] == [0.75, 0.25]
    assert result.balance.estimate == 0.5 and result.balance.n == 12
    assert result.chi_square.estimate == pytest.approx(3.0)  # (9-6)^2/6 + (3-6)^2/6
    assert result.chi_square.p_value == pytest.approx(0.0832645, abs=1e-6)
    assert result.chi_square.n == 12 and result.worst_seat == 0
    assert 0 <= result.balance.low <= 0.5 <= result.balance.high <= 1


def test_seat_advantage_on_too_few_games_tests_nothing():
    # 4 games, 2 seats: 2 expected wins a seat, under the 5 a test needs
    result = bs.seat_advantage(np.array([[1, 0], [1, 0], [1, 0], [0, 1]]), n_boot=200)
    assert [s.estimate for s in result.seats] == [0.75, 0.25]
    assert result.chi_square.estimate == pytest.approx(1.0)
    assert math.isnan(result.chi_square.p_value)
    assert all(math.isnan(s.p_value) for s in result.seats)


def test_entropy_and_shares_exact():
    assert bs.entropy_bits([1, 1, 1, 1]) == 2.0
    assert bs.entropy_bits([5, 0, 0]) == 0.0
    shares = bs.shares(np.array([[3.0, 1.0], [1.0, 3.0], [0.0, 0.0]]), n_boot=100)
    assert [s.estimate for s in shares] == [0.5, 0.5] and shares[0].n == 3


def test_spread_matches_numpy():
    values = np.array([9, 9, 10, 10, 10, 11, 12, 12, 13, 20], dtype=float)
    sd, p95 = bs.spread(values, n_boot=300)
    assert sd.estimate == pytest.approx(np.std(values, ddof=1))
    assert p95.estimate == np.quantile(values, 0.95, method="inverted_cdf")
    assert sd.low <= sd.estimate <= sd.high and p95.low <= p95.estimate <= p95.high


def test_verdict_says_what_the_test_says_without_probability_of_truth():
    # Issue 28: the worst seat's own test (adjusted over the seats), in words of what a
    # p-value says: how unlikely such a gap would be if seats were fair.
    seat = bs.Imbalance("seat 3", bs.rate(1930, 10000), 0.25, 0.0004, "Holm over 4 seats")
    text = bs.verdict(4, 10000, seat)
    assert text == ("4 players (10,000 games): seat 3 wins less than a fair share (25.0%): "
                    "19.3%, 95% 18.5%-20.1%, n = 10,000 games; this gap would be very unlikely "
                    "if seats were fair (adjusted p < 0.001, Holm over 4 seats).")
    calm = bs.verdict(4, 1000, bs.Imbalance("seat 1", bs.rate(260, 1000), 0.25, 0.31))
    assert calm == ("4 players (1,000 games): no seat is clearly off a fair share; the largest "
                    "gap: seat 1 wins more than a fair share (25.0%): 26.0%, 95% 23.4%-28.8%, "
                    "n = 1,000 games; a gap this size is common when seats are fair (adjusted "
                    "p = 0.31).")
    bots = [bs.Imbalance("bot hero", bs.rate(400, 1000), 0.5, 0.0001),
            bs.Imbalance("bot random", bs.rate(90, 1000), 0.1, 0.2)]
    assert bs.verdict(4, 10000, seat, bots).endswith(
        "Between the bots: bot hero wins less than its share of seats (50.0%): 40.0%, 95% "
        "37.0%-43.1%, n = 1,000 games; this gap would be very unlikely if the bots were "
        "equally strong (adjusted p < 0.001).")
    for p in (0.0004, 0.004, 0.04, 0.4):
        words = bs.how_unusual(p)
        assert "real" not in words and "certain" not in words and "likely real" not in words


def test_seat_tests_are_score_tests_adjusted_by_holm():
    from statsmodels.stats.multitest import multipletests
    from statsmodels.stats.proportion import proportions_ztest

    wins = np.array([[1, 0, 0, 0]] * 40 + [[0, 1, 0, 0]] * 25 + [[0, 0, 1, 0]] * 20
                    + [[0, 0, 0, 1]] * 15, dtype=float)
    advantage = bs.seat_advantage(wins, n_boot=10)
    # the score test: the variance at the null rate 1/4 (statsmodels' prop_var)
    expected = [proportions_ztest(w, 100, 0.25, prop_var=0.25)[1] for w in (40, 25, 20, 15)]
    assert [s.p_value for s in advantage.seats] == pytest.approx(expected, rel=1e-9)
    holm = multipletests(expected, method="holm")[1]
    assert advantage.seat_p_adjusted == pytest.approx(holm, rel=1e-9)
    # two seats: one hypothesis, tested once (seat 1's gap is seat 0's)
    two = bs.seat_advantage(np.array([[1.0, 0.0]] * 60 + [[0.0, 1.0]] * 40), n_boot=10)
    assert list(two.seat_p_adjusted) == [two.seats[0].p_value] * 2


@given(arrays(np.int8, st.tuples(st.integers(1, 30), st.integers(2, 4)),
              elements=st.integers(0, 3)))
def test_balance_is_one_exactly_when_seats_win_alike(points):
    # any games: each row's win is split among its best seats, as in the logs
    best = points == points.max(axis=1, keepdims=True)
    win_share = best / best.sum(axis=1, keepdims=True)
    result = bs.seat_advantage(win_share, n_boot=20)
    wins = win_share.sum(axis=0)
    assert 0 <= result.balance.estimate <= 1
    # equal up to the rounding of summed shares (a 1/3 split sums to 0.999...)
    assert (result.balance.estimate == pytest.approx(1, abs=1e-12)) == bool(
        np.allclose(wins, wins[0], rtol=0, atol=1e-9))
    assert sum(s.estimate for s in result.seats) == pytest.approx(1.0)


@given(arrays(np.int16, st.tuples(st.integers(1, 20), st.integers(1, 6)),
              elements=st.integers(0, 50)))
def test_entropy_bounded_and_shares_sum_to_one(counts):
    entropy = bs.purchase_entropy(counts, n_boot=20)
    if counts.sum():
        assert -1e-12 <= entropy.estimate <= math.log2(counts.shape[1]) + 1e-12
        assert sum(s.estimate for s in bs.shares(counts, n_boot=20)) == pytest.approx(1.0)


def test_balance_table(logs):
    result = balance_table([logs], n_boot=50)
    get = {r["metric"]: r for r in result.frame.to_dicts()}
    assert [get[f"seat {s} WR"]["estimate"] for s in range(4)] == [0.5, 0.5, 0, 0]
    assert get["fair WR (1/N)"]["estimate"] == 0.25 and get["fair WR (1/N)"]["low"] is None
    assert get["Balance (Ludii)"]["estimate"] == 0.5
    assert get["tie rate"]["estimate"] == pytest.approx(1 / 3) and get["tie rate"]["n"] == 3
    assert get["Glory share: die_face"]["estimate"] == pytest.approx(31 / 42)
    assert get["purchase entropy (bits)"]["estimate"] == pytest.approx(
        -(0.6 * math.log2(0.6) + 0.4 * math.log2(0.4)))
    assert get["economist share of wins"]["estimate"] == pytest.approx(0.5)
    assert get["economist share of seats"]["estimate"] == 0.25
    assert get["margin (winner - runner-up)"]["estimate"] == pytest.approx(8 / 3)
    assert len(result.verdicts) == 1 and result.verdicts[0].startswith("4 players (3 games)")


# --- the command ---------------------------------------------------------------------------

def test_balance_json_and_table(logs):
    result = invoke("balance", "--logs", logs, "--format", "json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert {r["section"] for r in rows} == {"seats", "outcome", "duration", "glory", "strategy"}
    assert {"estimate", "low", "high", "n", "p_value", "method"} <= set(rows[0])
    table = invoke("balance", "--logs", logs)
    assert table.exit_code == 0 and "4 players (3 games):" in table.stdout
    assert "| metric " in table.stdout and "method" not in table.stdout
    assert "| seats    | seat 0 WR                   | 0.500 [0." in table.stdout
    assert "| method " in invoke("balance", "--logs", logs, "--wide").stdout


@pytest.mark.parametrize(("args", "message"), [
    (("--set", "base", "--players", "2,5", "--games", "1"), "--players must be 2, 3 or 4"),
    (("--set", "base", "--players", "two"), "expected player counts such as 2,3,4"),
    (("--set", "base", "--module", "atlantis"), "--module 'atlantis' is not a module of diceforge"),
    (("--logs", "LOGS", "--columns", "metric,colour"), "--columns: no column 'colour'"),
    (("--logs", "LOGS", "--players", "3"), "no games match players=3"),
])
def test_balance_errors_one_line_exit_1(logs, tmp_path, args, message):
    args = [logs if a == "LOGS" else a for a in args]
    result = invoke("balance", *args, "--out", tmp_path / "runs", "--quiet")
    assert result.exit_code == 1, result.output
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "runs").exists()  # nothing simulated before the check


def test_balance_with_no_games(tmp_path, logs):
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "runs.parquet").write_bytes((Path(logs) / "runs.parquet").read_bytes())
    result = invoke("balance", "--logs", empty)
    assert result.exit_code == 1 and "no games logged yet" in result.stderr
