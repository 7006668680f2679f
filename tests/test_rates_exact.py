"""Issue 36: analytics.stats.rates against computations of its own definitions made here
another way: each Wilson bound as the root of the continuity-corrected score test it inverts,
each p-value as the root of the MOVER bound in the normal quantile, each correlation as
Pearson's over the games' residuals, each score test from scipy's normal distribution."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from scipy import stats as sps
from scipy.optimize import brentq

from analytics import stats
from analytics.stats.rates import ClusteredRates


def _rates(p, n) -> ClusteredRates:
    """Rates `p` over effective n `n` (one column each), no game-level spread (r = 0)."""
    p, n = np.atleast_1d(np.asarray(p, float)), np.atleast_1d(np.asarray(n, float))
    return ClusteredRates(p, n, n, np.zeros((1, len(p))))


def _score_bounds(p: float, n: float, z: float) -> tuple[float, float]:
    """The rates pi the corrected score test keeps: |p - pi| - 1/(2n) <= z sqrt(pi(1-pi)/n)."""
    c = 1 / (2 * n)
    if z == 0:
        return max(p - c, 0.0), min(p + c, 1.0)

    def above(pi: float) -> float:  # > 0 where pi is left out
        return abs(p - pi) - c - z * math.sqrt(pi * (1 - pi) / n)

    low = 0.0 if above(0.0) <= 0 else brentq(above, 0.0, p - c, xtol=1e-15, rtol=1e-15)
    high = 1.0 if above(1.0) <= 0 else brentq(above, p + c, 1.0, xtol=1e-15, rtol=1e-15)
    return low, high


def _mover(p1, n1, p2, n2, r, z) -> tuple[float, float]:
    """Zou & Donner's MOVER bounds of p1 - p2 from each rate's score bounds at `z`."""
    l1, u1 = _score_bounds(p1, n1, z)
    l2, u2 = _score_bounds(p2, n2, z)
    d = p1 - p2
    down = (p1 - l1) ** 2 + (u2 - p2) ** 2 - 2 * r * (p1 - l1) * (u2 - p2)
    up = (u1 - p1) ** 2 + (p2 - l2) ** 2 - 2 * r * (u1 - p1) * (p2 - l2)
    return d - math.sqrt(down), d + math.sqrt(up)


def _inverted_p(p1, n1, p2, n2, r=0.0) -> float:
    """Two-sided level of the quantile at which the MOVER interval's near bound reaches 0."""
    near = 0 if p1 > p2 else 1

    def gap(z: float) -> float:  # > 0 while the interval leaves 0 out
        bound = _mover(p1, n1, p2, n2, r, z)[near]
        return bound if near == 0 else -bound

    if gap(0.0) <= 0:
        return 1.0
    return math.erfc(brentq(gap, 0.0, 38.0, xtol=1e-13) / math.sqrt(2))


@pytest.mark.parametrize(("p", "n", "z"), [
    (81 / 263, 263, 1.959964), (0.3, 7.5, 1.959964), (0.5, 3.2, 1.0), (0.06, 10, 0.3),
    (0.94, 10, 0.3), (0.2, 1.1, 2.5), (0.999, 1500, 8.0), (0.01, 10, 1.959964),
    (1 / 3, 1.125, 1.959964), (0.97, 10, 1.959964), (0.999, 55.5, 1.959964), (0.0, 4.0, 1.0),
    (1.0, 4.0, 1.0)])
def test_a_rates_bounds_are_the_corrected_score_tests_inversion(p, n, z):
    """At any effective n, whole or not, and any quantile: the corrected score test's roots,
    and the edge where p is within 1/(2n) of it (1/3 over 1.125 effective seat-games, what two
    games give; 0.999 over 55.5 once had an upper bound below the rate)."""
    low, high = _rates(p, n).bounds(z)
    expected = _score_bounds(p, n, z)
    assert (low[0], high[0]) == pytest.approx(expected, abs=1e-12)
    assert low[0] <= p <= high[0]


def _three_columns() -> ClusteredRates:
    # Column 0: 3 wins in 6 seat-games over 3 of 4 games; column 1: offered in no game;
    # column 2: one seat-game, won.
    num = np.array([[1, 0, 0], [0, 0, 0], [2, 0, 0], [0, 0, 1]])
    den = np.array([[1, 0, 0], [2, 0, 0], [3, 0, 0], [0, 0, 1]])
    return stats.clustered_rates(num, den)


def test_clustered_rates_column_by_column_by_hand():
    """Column 0: rate 1/2, residuals (1, -1, 1/2) / 6 over the 3 games counting it; their
    squares sum to 1/16 after the 3/2 correction; binomial variance 1/24; n_eff = 6 (1/24) /
    (1/16) = 4. No game counts column 1; column 2 counts one seat-game, won (no spread)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # 0/0 for the empty column: NaN, without a warning
        rates = _three_columns()
        flat = stats.clustered_rates(np.full(50, 1.0), np.full(50, 2.0))  # 1/2 of every game
    assert flat.n_eff[0] == 100.0  # no spread: the binomial n, without a warning
    assert rates.rate[0] == 0.5 and np.isnan(rates.rate[1]) and rates.rate[2] == 1.0
    assert rates.n.tolist() == [6.0, 0.0, 1.0]
    assert rates.n_eff[0] == pytest.approx(4.0, rel=1e-12) and rates.n_eff[1:].tolist() == [0, 1]
    assert rates.influence[:, 0] == pytest.approx([0.5 / 6, -1 / 6, 0.5 / 6, 0.0], abs=1e-15)
    assert rates.influence[:, 2].tolist() == [0.0, 0.0, 0.0, 0.0]
    low, high = rates.bounds(1.96)
    assert (low[0], high[0]) == pytest.approx(_score_bounds(0.5, 4.0, 1.96), abs=1e-12)
    assert np.isnan(low[1]) and np.isnan(high[1])
    assert (low[2], high[2]) == pytest.approx((_score_bounds(1.0, 1.0, 1.96)[0], 1.0), abs=1e-12)


def _pearson_of_residuals(num_a, den_a, num_b, den_b) -> float:
    resid_a = num_a - num_a.sum() / den_a.sum() * den_a
    resid_b = num_b - num_b.sum() / den_b.sum() * den_b
    return float(np.corrcoef(resid_a, resid_b)[0, 1])


def test_correlation_is_pearsons_over_the_games_residuals_column_by_column():
    """Residuals sum to 0 over the games, so the correlation of influences is Pearson's of the
    games' residuals num - rate * den; a rate flat over games correlates 0 with anything."""
    rng = np.random.default_rng(36)
    den_a, den_b = rng.integers(1, 4, (7, 3)).astype(float), rng.integers(1, 4, (7, 3))
    num_a = np.minimum(rng.integers(0, 3, (7, 3)), den_a)
    num_b = np.minimum(rng.integers(0, 3, (7, 3)), den_b).astype(float)
    num_b[:, 2] = den_b[:, 2] / 2  # half of every game's seats: no spread
    r = stats.rate_correlation(stats.clustered_rates(num_a, den_a),
                               stats.clustered_rates(num_b, den_b))
    for j in (0, 1):
        expected = _pearson_of_residuals(num_a[:, j], den_a[:, j], num_b[:, j], den_b[:, j])
        assert r[j] == pytest.approx(expected, rel=1e-12) and abs(expected) > 0.1
    assert r[2] == 0.0


def test_correlation_of_a_rate_with_its_complement_or_itself_is_exactly_1_or_minus_1():
    """Wins and losses of the same seats: -1; the same rate counted in sixths: +1. Rounding
    puts the raw quotient one ulp beyond (these games were found to do so): never reported."""
    wins = np.array([1.0, 1, 0, 1, 0, 1, 0, 1, 0, 1])
    owners = np.array([1.0, 2, 2, 3, 1, 3, 3, 3, 1, 3])
    won = stats.clustered_rates(wins, owners)
    lost = stats.clustered_rates(owners - wins, owners)
    assert stats.rate_correlation(won, lost)[0] == -1.0
    wins = np.array([0.0, 0, 1, 1, 0, 1, 1, 1])
    owners = np.array([1.0, 1, 3, 1, 2, 1, 1, 2])
    thirds = stats.clustered_rates(3 * wins, 3 * owners)
    assert stats.rate_correlation(stats.clustered_rates(wins, owners), thirds)[0] == 1.0


@pytest.mark.parametrize("r", [0.5, -0.5])
def test_a_difference_uses_the_correlation_it_is_given(r):
    """MOVER with r (Zou & Donner 2008) from the published bounds of 81/263 and 15/148
    (Newcombe 1998a, Table I, method 4); the rates' own influences (none) would give r = 0."""
    (l1, u1), (l2, u2) = (0.2535, 0.3682), (0.0598, 0.1644)
    p1, p2 = 81 / 263, 15 / 148
    down = (p1 - l1) ** 2 + (u2 - p2) ** 2 - 2 * r * (p1 - l1) * (u2 - p2)
    up = (u1 - p1) ** 2 + (p2 - l2) ** 2 - 2 * r * (u1 - p1) * (p2 - l2)
    diff = stats.rate_difference(_rates(p1, 263), _rates(p2, 148), r=np.array([r]))
    assert (diff.low[0], diff.high[0]) == pytest.approx(
        (p1 - p2 - math.sqrt(down), p1 - p2 + math.sqrt(up)), abs=1e-4)
    assert diff.p_value[0] == pytest.approx(_inverted_p(p1, 263, p2, 148, r), rel=1e-9)


# (p1, n1, p2, n2): the crossing at a quantile under 1 (p near 0.5), near 2, near 5 and beyond
# 8 (the grid's coarse part), and at an effective n that is not whole.
DIFFERENCES = [(0.5, 20, 0.4, 25), (0.3, 100, 0.2, 120), (0.6, 200, 0.4, 150),
               (0.9, 1000, 0.5, 800), (0.35, 7.5, 0.05, 12.25)]


@pytest.mark.parametrize("case", DIFFERENCES)
def test_the_p_value_is_where_the_interval_reaches_zero(case):
    p1, n1, p2, n2 = case
    forward = stats.rate_difference(_rates(p1, n1), _rates(p2, n2))
    backward = stats.rate_difference(_rates(p2, n2), _rates(p1, n1))
    expected = _inverted_p(p1, n1, p2, n2)
    assert forward.p_value[0] == pytest.approx(expected, rel=1e-9)
    assert backward.p_value[0] == pytest.approx(expected, rel=1e-9)
    z = stats.normal_quantile(0.95)
    assert (forward.low[0], forward.high[0]) == pytest.approx(_mover(*case, 0.0, z), abs=1e-12)


def test_columns_are_each_their_own_difference():
    """Several columns at once: each column's estimate, bounds and p are those it has alone
    (the last column's interval reaches 0 at no quantile up to 38: p is the grid's end)."""
    cases = [*DIFFERENCES, (1.0, 1e6, 0.0, 1e6)]
    first = _rates([c[0] for c in cases], [c[1] for c in cases])
    second = _rates([c[2] for c in cases], [c[3] for c in cases])
    together = stats.rate_difference(first, second)
    for j, (p1, n1, p2, n2) in enumerate(cases):
        alone = stats.rate_difference(_rates(p1, n1), _rates(p2, n2))
        for field in ("estimate", "low", "high", "p_value"):
            assert getattr(together, field)[j] == getattr(alone, field)[0]
    assert together.p_value[-1] == math.erfc(38 / math.sqrt(2)) > 0


def test_equal_rates_and_a_difference_inside_the_correction_have_p_1():
    """Equal rates: p = 1. 5/10 against 6/11 differ by less than the continuity corrections
    together (sqrt(1/20^2 + 1/22^2) at quantile 0): the interval holds 0 at every level."""
    equal = stats.rate_difference(_rates(0.3, 40), _rates(0.3, 90))
    close = stats.rate_difference(_rates(0.5, 10), _rates(6 / 11, 11))
    assert equal.p_value[0] == 1.0 and close.p_value[0] == 1.0
    assert abs(close.estimate[0]) < math.hypot(1 / 20, 1 / 22)


def test_a_difference_with_a_missing_rate_is_nan_without_warnings():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        rates = _three_columns()
        diff = stats.rate_difference(rates, _rates([0.5, 0.5, 0.5], [4, 4, 4]))
    assert np.isnan(diff.estimate[1]) and np.isnan(diff.p_value[1])
    assert np.isnan(diff.low[1]) and np.isnan(diff.high[1])
    assert diff.p_value[0] == 1.0


def test_holm_caps_at_1_and_gives_tied_p_values_one_value():
    assert stats.holm([0.6, 0.9]).tolist() == [1.0, 1.0]
    assert stats.holm([0.02, 0.01, 0.02, 0.2]).tolist() == pytest.approx([0.06, 0.04, 0.06, 0.2])


def test_score_test_p_is_the_two_sided_normal_test_against_the_expected_rate():
    """z = (s/n - p0) / sqrt(p0 (1 - p0) / n), p = 2 P(Z > |z|); arrays broadcast; no trials
    gives NaN, without a warning."""
    s, n, p0 = np.array([30, 10, 0, 5]), np.array([100, 60, 0, 5]), np.array([0.25, 0.25, 0.5, 1])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        p = stats.score_test_p(s, n, p0)
    z = (30 / 100 - 0.25) / math.sqrt(0.25 * 0.75 / 100)
    z2 = (10 / 60 - 0.25) / math.sqrt(0.25 * 0.75 / 60)
    assert p[:2] == pytest.approx([2 * sps.norm.sf(z), 2 * sps.norm.sf(abs(z2))], rel=1e-12)
    assert np.isnan(p[2:]).all()
    assert stats.score_test_p(7, 20, 1 / 3) == pytest.approx(
        2 * sps.norm.sf((7 / 20 - 1 / 3) / math.sqrt(2 / 9 / 20)), rel=1e-12)


def test_too_few_to_test_is_under_5_expected_wins_or_losses():
    n = np.array([20, 19, 20, 19, 15, 14])
    expected = np.array([0.25, 0.25, 0.75, 0.75, 1 / 3, 1 / 3])
    assert stats.too_few_to_test(n, expected).tolist() == [False, True, False, True, False, True]
    assert bool(stats.too_few_to_test(10, 0.5)) is False and bool(stats.too_few_to_test(9, 0.5))


@pytest.mark.parametrize(("expected", "trials"), [
    (0.5, 10), (0.25, 20), (0.75, 20), (1 / 3, 15), (2 / 3, 15), (1 / 6, 30), (0.4, 13),
    (0.2, 25)])
def test_trials_to_test_is_the_fewest_with_5_expected_wins_and_losses(expected, trials):
    assert stats.trials_to_test(expected) == trials
    assert not stats.too_few_to_test(trials, expected) and stats.too_few_to_test(trials - 1,
                                                                                 expected)
