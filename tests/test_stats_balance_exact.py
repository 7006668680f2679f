"""`stats/balance` exactly (issue 36): every function called inside each test on small hand-made
inputs, its answer checked against arithmetic by hand, scipy or statsmodels, and the bootstrap
intervals against the percentiles of resamples drawn here (the defaults: 1000 resamples, seed 0).
"""

from __future__ import annotations

import math
import warnings
from pathlib import Path

import numpy as np
import pytest
import scipy.stats as sps
from click.testing import CliRunner
from statsmodels.stats.proportion import proportion_confint, proportions_ztest

from analytics.cli.app import main
from analytics.stats import Estimate, bootstrap_sums
from analytics.stats import balance as bs
from tests.analytics_fixtures import LogBuilder


def percentiles(samples) -> tuple[float, float]:
    """The 95% percentile interval of bootstrap samples, NaN resamples left out."""
    low, high = np.nanpercentile(np.asarray(samples, dtype=float), [2.5, 97.5])
    return float(low), float(high)


def nan_estimate(e: Estimate) -> bool:
    return math.isnan(e.estimate) and math.isnan(e.low) and math.isnan(e.high)


def silently(function, *args, **kwargs):
    """`function`'s answer, failing on any warning (numpy's 0/0 or empty-slice notes)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return function(*args, **kwargs)


def _counts(games: int, columns: int, seed: int) -> np.ndarray:
    """A (games x columns) matrix of small counts, varied enough that the bootstrap's
    percentiles move with its seed and number of resamples."""
    return np.random.default_rng(seed).integers(0, 4, (games, columns)).astype(float)


# --- rate, mean, spread ----------------------------------------------------------------------

def test_rate_is_the_wilson_interval_of_a_share_of_games():
    result = bs.rate(7, 20)
    low, high = proportion_confint(7, 20, method="wilson")
    assert (result.estimate, result.n) == (0.35, 20.0)
    assert (result.low, result.high) == pytest.approx((low, high), abs=1e-12)


def test_mean_is_the_student_t_interval_over_games():
    result = bs.mean([1, 2, 3, 4])
    half = sps.t.ppf(0.975, 3) * np.std([1, 2, 3, 4], ddof=1) / 2
    assert (result.estimate, result.n, result.method) == (2.5, 4, "t interval over games")
    assert (result.low, result.high) == pytest.approx((2.5 - half, 2.5 + half), rel=1e-12)


def test_mean_of_two_games_has_an_interval():
    two = bs.mean([1, 3])
    half = sps.t.ppf(0.975, 1) * math.sqrt(2) / math.sqrt(2)
    assert (two.estimate, two.low, two.high) == pytest.approx((2, 2 - half, 2 + half), rel=1e-12)


def test_mean_of_one_game_has_no_interval_and_of_none_no_mean():
    one = silently(bs.mean, [7])
    assert one.estimate == 7.0 and math.isnan(one.low) and math.isnan(one.high) and one.n == 1
    none = silently(bs.mean, [])
    assert nan_estimate(none) and none.n == 0


def _resampled(values: np.ndarray, n_boot: int = 1000, seed: int = 0) -> list[np.ndarray]:
    """Resamples of the games drawn as spread documents it (a multinomial over the distinct
    values), each spelled out value by value."""
    distinct, counts = np.unique(values, return_counts=True)
    n = len(values)
    draws = np.random.default_rng(seed).multinomial(n, counts / n, size=n_boot)
    return [np.repeat(distinct, draw) for draw in draws]


def test_spread_is_the_sd_and_95th_percentile_with_bootstrap_intervals():
    values = np.array([9, 9, 10, 10, 10, 11, 12, 12, 13, 20], dtype=float)
    sd, p95 = bs.spread(values)
    resamples = _resampled(values)
    method = "bootstrap over games (B=1000)"
    assert sd.estimate == pytest.approx(np.std(values, ddof=1), rel=1e-12)
    assert (sd.low, sd.high) == pytest.approx(
        percentiles([np.std(r, ddof=1) for r in resamples]), rel=1e-9)
    # the inverted CDF: the smallest value with 95% of the games at or below it
    assert p95.estimate == np.quantile(values, 0.95, method="inverted_cdf") == 20.0
    assert (p95.low, p95.high) == percentiles(
        [np.quantile(r, 0.95, method="inverted_cdf") for r in resamples])
    assert (sd.n, p95.n, sd.method, p95.method) == (10, 10, method, method)


def test_spread_with_other_resamples_and_seed():
    values = np.arange(1.0, 21.0)
    sd, p95 = bs.spread(values, n_boot=50, seed=3)
    resamples = _resampled(values, 50, 3)
    # 19 of 20 games (95%) lie at or below 19: the 95th percentile is 19, not 20
    assert p95.estimate == 19.0
    assert (p95.low, p95.high) == percentiles(
        [np.quantile(r, 0.95, method="inverted_cdf") for r in resamples])
    assert (sd.low, sd.high) == pytest.approx(
        percentiles([np.std(r, ddof=1) for r in resamples]), rel=1e-9)
    assert sd.method == "bootstrap over games (B=50)"


def test_spread_of_equal_values_is_zero_not_nan():
    # 0.1 squared and summed loses a little: the variance may come out a hair below 0
    sd, p95 = bs.spread(np.full(6, 0.1), n_boot=20)  # 6 x 0.01 - 6 x 0.1**2 < 0
    assert (sd.estimate, sd.low, sd.high) == (0.0, 0.0, 0.0)
    assert (p95.estimate, p95.low, p95.high) == (0.1, 0.1, 0.1)


def test_spread_of_one_game_has_no_sd_and_of_none_nothing():
    sd, p95 = silently(bs.spread, np.array([4.0]), n_boot=10)
    assert math.isnan(sd.estimate) and p95.estimate == 4.0 and sd.n == 1
    for empty in silently(bs.spread, np.array([])):
        assert math.isnan(empty.estimate) and math.isnan(empty.low) and math.isnan(empty.high)
        assert (empty.n, empty.method) == (0, "")


# --- seats -----------------------------------------------------------------------------------

def _three_seats(wins=(50, 30, 20)) -> np.ndarray:
    return np.repeat(np.eye(3), wins, axis=0)


def test_seat_advantage_of_three_seats_by_hand_scipy_and_statsmodels():
    win_share = _three_seats()
    result = bs.seat_advantage(win_share)
    for seat, wins in zip(result.seats, (50, 30, 20), strict=True):
        low, high = proportion_confint(wins, 100, method="wilson")
        assert (seat.estimate, seat.n) == (wins / 100, 100)
        assert (seat.low, seat.high) == pytest.approx((low, high), abs=1e-12)
        # the score test against 1/3 (statsmodels: the variance at the null rate)
        want = proportions_ztest(wins, 100, 1 / 3, prop_var=1 / 3)[1]
        assert seat.p_value == pytest.approx(want, rel=1e-9)
    chi = sps.chisquare([50, 30, 20])
    assert result.chi_square.estimate == pytest.approx(chi.statistic, rel=1e-12)
    assert result.chi_square.p_value == pytest.approx(chi.pvalue, rel=1e-9)
    assert result.chi_square.n == 100
    # Balance: 1 - (largest seat's wins - smallest's) / games, resampled by whole games
    assert result.balance.estimate == 1 - (50 - 20) / 100
    sums = bootstrap_sums(win_share, 1000, 0)
    assert (result.balance.low, result.balance.high) == pytest.approx(
        percentiles(1 - (sums.max(axis=1) - sums.min(axis=1)) / 100), rel=1e-12)
    assert result.balance.n == 100
    assert result.balance.method == "1 - max seat gap, bootstrap over games (B=1000)"


def test_seat_advantage_with_other_resamples_and_seed():
    win_share = _three_seats((40, 35, 25))
    result = bs.seat_advantage(win_share, n_boot=40, seed=5)
    sums = bootstrap_sums(win_share, 40, 5)
    assert (result.balance.low, result.balance.high) == pytest.approx(
        percentiles(1 - (sums.max(axis=1) - sums.min(axis=1)) / 100), rel=1e-12)
    assert result.balance.method.endswith("(B=40)")


def test_worst_seat_is_the_farthest_from_a_fair_share_above_or_below():
    # gaps from 1/3: +0.067, +0.017, -0.083: the seat below is the worst
    assert bs.seat_advantage(_three_seats((40, 35, 25)), n_boot=10).worst_seat == 2
    assert bs.seat_advantage(_three_seats((45, 30, 25)), n_boot=10).worst_seat == 0


def test_seat_p_adjusted_is_holm_over_three_seats_and_one_test_for_two():
    from statsmodels.stats.multitest import multipletests

    three = bs.seat_advantage(_three_seats(), n_boot=10)
    p = [s.p_value for s in three.seats]
    assert list(three.seat_p_adjusted) == pytest.approx(
        multipletests(p, method="holm")[1], rel=1e-12)
    two = bs.seat_advantage(np.repeat(np.eye(2), (70, 30), axis=0), n_boot=10)
    assert list(two.seat_p_adjusted) == [two.seats[0].p_value] * 2


def test_seat_advantage_tests_only_with_five_expected_wins_per_seat():
    # 15 games of 3 seats: 5 expected wins and 10 losses a seat, just enough to test
    enough = bs.seat_advantage(_three_seats((9, 4, 2)), n_boot=10)
    assert not any(math.isnan(s.p_value) for s in enough.seats)
    assert enough.chi_square.p_value == pytest.approx(sps.chisquare([9, 4, 2]).pvalue, rel=1e-9)
    # 14 games: 4.67 expected wins, too few; the statistic stays, its p goes
    few = bs.seat_advantage(_three_seats((8, 4, 2)), n_boot=10)
    assert all(math.isnan(s.p_value) for s in few.seats) and math.isnan(few.chi_square.p_value)
    assert few.chi_square.estimate == pytest.approx(sps.chisquare([8, 4, 2]).statistic)
    assert few.chi_square.n == 14


def test_seat_advantage_of_no_games_is_nan_not_an_error():
    with np.errstate(invalid="ignore"):  # the chi-square of no wins (stats/estimates)
        result = bs.seat_advantage(np.zeros((0, 3)), n_boot=10)
    assert nan_estimate(result.balance) and result.balance.n == 0


def test_seat_advantage_of_one_game_has_balance_zero():
    # one game: every resample is that game, where one seat won everything
    balance = bs.seat_advantage(np.array([[0.0, 1.0, 0.0]]), n_boot=10).balance
    assert (balance.estimate, balance.low, balance.high, balance.n) == (0.0, 0.0, 0.0, 1)


def test_seat_family_and_its_words():
    assert list(bs.seat_family(np.array([0.2, 0.4]))) == [0.2, 0.2]
    assert list(bs.seat_family(np.array([0.01, 0.04, 0.03]))) == pytest.approx([0.03, 0.06, 0.06])
    assert bs.family_words(2, "seats") == "one test: two seats share one whole"
    assert bs.family_words(3, "bots") == "Holm over 3 bots"


# --- shares and entropy ----------------------------------------------------------------------

def test_shares_of_the_total_with_cluster_bootstrap_intervals():
    per_game = _counts(12, 3, 1)
    per_game[[2, 7]] = 0  # games without any: resamples of only those have no share (NaN)
    result = silently(bs.shares, per_game)
    assert [s.estimate for s in result] == pytest.approx(
        list(per_game.sum(axis=0) / per_game.sum()), rel=1e-12)
    sums = bootstrap_sums(per_game, 1000, 0)
    resampled = sums / sums.sum(axis=1, keepdims=True)
    for j, share in enumerate(result):
        assert (share.low, share.high) == pytest.approx(percentiles(resampled[:, j]), rel=1e-12)
        assert share.n == 12
        assert share.method == "share of the total, bootstrap over games (B=1000)"
    other = bs.shares(per_game, n_boot=30, seed=2)
    sums = bootstrap_sums(per_game, 30, 2)
    for j, share in enumerate(other):
        assert (share.low, share.high) == pytest.approx(
            percentiles(sums[:, j] / sums.sum(axis=1)), rel=1e-12)


def test_shares_of_two_games_with_one_empty_ignore_resamples_of_the_empty_one():
    per_game = np.array([[1.0, 3.0], [0.0, 0.0]])
    # the resamples drawing the empty game twice have no share: left out, without a warning
    assert [(s.estimate, s.low, s.high) for s in silently(bs.shares, per_game, n_boot=50)] == [
        (0.25, 0.25, 0.25), (0.75, 0.75, 0.75)]


def test_shares_of_nothing_are_nan_for_every_column():
    for per_game, n in ((np.zeros((3, 2)), 3), (np.zeros((0, 2)), 0)):
        result = silently(bs.shares, per_game)
        assert len(result) == 2
        assert all(nan_estimate(s) and (s.n, s.method) == (n, "") for s in result)


def test_entropy_bits_by_hand():
    assert bs.entropy_bits([1, 1, 2]) == 1.5  # -(2 * 1/4 log2 1/4 + 1/2 log2 1/2)
    assert bs.entropy_bits([3, 0, 1]) == pytest.approx(-(0.75 * math.log2(0.75) + 0.25 * -2))
    for counts in ([5, 0, 0], [0, 0], []):
        value = bs.entropy_bits(counts)
        assert value == 0.0 and math.copysign(1, value) == 1  # never -0.0


def test_purchase_entropy_of_four_games_by_hand():
    per_game = np.array([[1, 0, 2], [0, 1, 1], [3, 0, 0], [1, 1, 0]])
    result = bs.purchase_entropy(per_game, n_boot=10)
    assert result.estimate == pytest.approx(-sum(p * math.log2(p) for p in (0.5, 0.2, 0.3)))


def test_purchase_entropy_with_its_bootstrap_interval_and_maximum():
    per_game = _counts(10, 3, 4)
    result = bs.purchase_entropy(per_game, what="cards")
    assert result.estimate == pytest.approx(bs.entropy_bits(per_game.sum(axis=0)))
    sums = bootstrap_sums(per_game.astype(float), 1000, 0)
    assert (result.low, result.high) == pytest.approx(
        percentiles([bs.entropy_bits(row) for row in sums]), rel=1e-12)
    assert result.n == 10
    assert result.method == ("entropy in bits (max 1.58 = 3 cards bought equally), bootstrap "
                             "over games")
    other = bs.purchase_entropy(per_game, n_boot=25, seed=9)
    sums = bootstrap_sums(per_game.astype(float), 25, 9)
    assert (other.low, other.high) == pytest.approx(
        percentiles([bs.entropy_bits(row) for row in sums]), rel=1e-12)
    assert other.method.startswith("entropy in bits (max 1.58 = 3 items bought")


def test_purchase_entropy_when_nothing_is_bought_is_nan_not_a_traceback():
    # Defect fixed (issue 36): with no card bought there are no columns, and the method text
    # took log2 of 0 items (a math domain error out of `dicelab balance`).
    for per_game in (np.zeros((5, 0)), np.zeros((5, 2))):
        result = bs.purchase_entropy(per_game, what="cards")
        assert all(math.isnan(v) for v in (result.estimate, result.low, result.high))
        assert (result.n, result.method) == (5, "entropy in bits: no cards bought")
    none = bs.purchase_entropy(np.zeros((0, 3)))
    assert nan_estimate(none) and (none.n, none.method) == (0, "entropy (bits)")


# --- words: p-values, gaps, the verdict ------------------------------------------------------

@pytest.mark.parametrize(("p", "words"), [
    (0.000999, "this gap would be very unlikely if seats were fair"),
    (0.001, "this gap would be unlikely if seats were fair"),
    (0.00999, "this gap would be unlikely if seats were fair"),
    (0.01, "this gap would be unusual if seats were fair"),
    (0.0499, "this gap would be unusual if seats were fair"),
    (0.05, "a gap this size is common when seats are fair"),
    (math.nan, "too few games to test"),
])
def test_how_unusual_at_each_threshold(p, words):
    assert bs.how_unusual(p) == words


def test_how_unusual_names_who_and_what_is_fair():
    assert bs.how_unusual(0.02, "the bots", "equally strong") == (
        "this gap would be unusual if the bots were equally strong")
    assert bs.how_unusual(0.5, "the bots", "equally strong") == (
        "a gap this size is common when the bots are equally strong")


@pytest.mark.parametrize(("p", "text"), [
    (0.0009, "p < 0.001"), (0.001, "p = 0.0010"), (0.31, "p = 0.31"), (1.0, "p = 1.0"),
])
def test_format_p(p, text):
    assert bs.format_p(p) == text


def test_gap_p_value_from_the_intervals_normal_theory_se():
    se = 0.2 / (2 * sps.norm.ppf(0.975))
    estimate = Estimate(0.3, 0.2, 0.4)
    assert bs.gap_p_value(estimate, 0.25) == pytest.approx(2 * sps.norm.sf(0.05 / se), rel=1e-6)
    assert bs.gap_p_value(estimate, 0.35) == pytest.approx(2 * sps.norm.sf(0.05 / se), rel=1e-6)
    assert bs.gap_p_value(estimate, 0.3) == 1.0
    for flat in (Estimate(0.3, 0.3, 0.3), Estimate(math.nan, math.nan, math.nan)):
        assert math.isnan(bs.gap_p_value(flat, 0.25))


def _seat(wins: int, games: int, fair: float, p: float, family: str = "", who: str = "seat 2"
          ) -> bs.Imbalance:
    return bs.Imbalance(who, bs.rate(wins, games), fair, p, family)


def test_imbalance_gap_is_share_minus_fair():
    assert _seat(30, 100, 0.25, 0.1).gap == pytest.approx(0.05)
    assert _seat(20, 100, 0.25, 0.1).gap == pytest.approx(-0.05)


def test_verdict_with_no_games_or_one_seat():
    assert bs.verdict(4, 0, _seat(0, 1, 0.25, 0.5)) == "4 players: no games."
    assert bs.verdict(3, 100, None) == "3 players: no games."
    assert bs.verdict(1, 1200, _seat(540, 1200, 1.0, math.nan)) == (
        "1 players (1,200 games): one seat, which wins 45.0% of its games (against the solo "
        "opponent).")


def test_verdict_with_too_few_games_says_how_many_a_test_needs():
    assert bs.verdict(3, 12, _seat(5, 12, 1 / 3, math.nan)) == (
        "3 players (12 games): too few games to test a seat's share (at least 15 needed: 5 "
        "expected wins and 5 losses per seat).")


def test_verdict_at_p_exactly_005_is_not_clearly_off():
    seat = _seat(300, 1000, 0.25, 0.05, "Holm over 4 seats")
    low, high = (f"{b:.1%}" for b in proportion_confint(300, 1000, method="wilson"))
    assert bs.verdict(4, 1000, seat) == (
        "4 players (1,000 games): no seat is clearly off a fair share; the largest gap: seat 2 "
        f"wins more than a fair share (25.0%): 30.0%, 95% {low}-{high}, n = 1,000 games; a gap "
        "this size is common when seats are fair (adjusted p = 0.050, Holm over 4 seats).")
    clear = bs.verdict(4, 1000, _seat(300, 1000, 0.25, 0.0499))
    assert clear.startswith("4 players (1,000 games): seat 2 wins more than a fair share")
    assert clear.endswith("this gap would be unusual if seats were fair (adjusted p = 0.050).")


def test_verdict_says_exactly_for_a_seat_at_its_fair_share():
    # Defect fixed (issue 36): a gap of exactly 0 was worded "wins less than a fair share".
    text = bs.verdict(2, 20, _seat(10, 20, 0.5, 1.0, who="seat 0"))
    assert "seat 0 wins exactly a fair share (50.0%): 50.0%," in text
    assert "less" not in text and "more" not in text


def test_verdict_names_the_bot_farthest_off_among_those_clearly_off():
    seat = _seat(260, 1000, 0.25, 0.3)
    bots = [_seat(560, 1000, 0.5, 0.01, "Holm over 3 bots", "bot hero"),       # +0.06
            _seat(120, 1000, 0.2, 0.0001, "Holm over 3 bots", "bot random"),   # -0.08
            _seat(320, 1000, 0.2, 0.05, "Holm over 3 bots", "bot greedy")]     # +0.12, p 0.05
    text = bs.verdict(4, 1000, seat, bots)
    low, high = (f"{b:.1%}" for b in proportion_confint(120, 1000, method="wilson"))
    assert text == bs.verdict(4, 1000, seat) + (
        " Between the bots: bot random wins less than its share of seats (20.0%): 12.0%, 95% "
        f"{low}-{high}, n = 1,000 games; this gap would be very unlikely if the bots were "
        "equally strong (adjusted p < 0.001, Holm over 3 bots).")
    assert "Between the bots" not in bs.verdict(4, 1000, seat, bots[2:])


# --- the command a user runs ----------------------------------------------------------------

def test_balance_command_with_no_card_bought_and_seats_winning_alike(tmp_path: Path):
    # Both defects through `dicelab balance`: it ended in a traceback (log2 of 0 cards), and
    # seat 0, at exactly a fair share, was said to win less than one.
    builder = LogBuilder(players=2)
    for g in range(20):
        builder.game(g + 1, (10, 5) if g % 2 else (5, 10))
    result = CliRunner().invoke(main, ["balance", "--logs", str(builder.write(tmp_path / "r"))])
    assert result.exit_code == 0, result.output
    low, high = (f"{b:.1%}" for b in proportion_confint(10, 20, method="wilson"))
    assert ("2 players (20 games): no seat is clearly off a fair share; the largest gap: seat 0 "
            f"wins exactly a fair share (50.0%): 50.0%, 95% {low}-{high}, n = 20 games; a gap "
            "this size is common when seats are fair (adjusted p = 1.0, one test: two seats "
            "share one whole).") in result.output
    entropy = [line for line in result.output.splitlines() if "purchase entropy" in line]
    assert entropy == ["| strategy | purchase entropy (bits)     |"
                       "                                         |"]
