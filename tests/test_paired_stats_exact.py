"""`stats/paired` exactly (issue 36): the paired difference, its degenerate cases field by
field, the sample sizes (the power reached at the answer, by scipy and statsmodels) and the
O'Brien-Fleming boundaries (by quadrature), each computed inside its test."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
import scipy.stats as sps
from statsmodels.stats.power import NormalIndPower, TTestPower

from analytics import stats
from analytics.stats.paired import Paired

METHOD = "paired over games (ratio linearised), Student t"


def fields(result: Paired) -> list:
    """Every field, NaN as a string so that lists compare equal."""
    return ["nan" if isinstance(v, float) and math.isnan(v) else v for v in (
        result.a, result.b, result.difference, result.low, result.high, result.p_value,
        result.n, result.correlation, result.se_paired, result.se_independent, result.method)]


def _influence(num, den) -> np.ndarray:
    """Each game's influence on sum(num) / sum(den), written out (Taylor linearisation)."""
    num, den = np.asarray(num, dtype=float), np.asarray(den, dtype=float)
    return (num - num.sum() / den.sum() * den) / den.mean()


# --- the paired difference -------------------------------------------------------------------

def test_ratio_is_the_sum_over_the_sum_and_nan_when_nothing_counts():
    assert stats.ratio([1, 2, 3], [2, 2, 4]) == 0.75
    assert math.isnan(stats.ratio([1, 2], [0, 0])) and math.isnan(stats.ratio([], []))


def test_paired_ratio_difference_of_unequal_denominators_is_the_t_test_of_influences():
    num_a, den_a = [1, 0, 2, 1, 0, 3], [2, 1, 3, 2, 1, 4]
    num_b, den_b = [2, 1, 2, 0, 1, 3], [2, 2, 3, 1, 1, 4]
    result = stats.paired_ratio_difference(num_a, den_a, num_b, den_b)
    z_a, z_b = _influence(num_a, den_a), _influence(num_b, den_b)
    difference = 9 / 13 - 7 / 13
    se = sps.sem(z_b - z_a)  # the influences sum to 0: their spread is the difference's SE
    assert (result.a, result.b, result.n, result.method) == (7 / 13, 9 / 13, 6, METHOD)
    assert result.difference == pytest.approx(difference, rel=1e-12)
    assert result.p_value == pytest.approx(2 * sps.t.sf(difference / se, 5), rel=1e-9)
    half = sps.t.ppf(0.975, 5) * se
    assert (result.low, result.high) == pytest.approx(
        (difference - half, difference + half), rel=1e-9)
    assert result.se_paired == pytest.approx(sps.sem(z_b - z_a), rel=1e-12)
    assert result.se_independent == pytest.approx(
        math.sqrt((np.var(z_a, ddof=1) + np.var(z_b, ddof=1)) / 6), rel=1e-12)
    assert result.correlation == pytest.approx(np.corrcoef(z_a, z_b)[0, 1], rel=1e-12)
    assert result.variance_ratio == pytest.approx(
        (result.se_independent / result.se_paired) ** 2, rel=1e-12)


def test_paired_mean_difference_at_another_confidence():
    a, b = [3, 1, 4, 1, 5, 9, 2, 6], [2, 7, 1, 8, 2, 8, 1, 8]
    result = stats.paired_mean_difference(a, b, confidence=0.9)
    interval = sps.ttest_rel(b, a).confidence_interval(0.9)
    assert (result.low, result.high) == pytest.approx((interval.low, interval.high), rel=1e-9)
    assert result.difference == pytest.approx(np.mean(b) - np.mean(a), rel=1e-12)
    assert result.p_value == pytest.approx(sps.ttest_rel(b, a).pvalue, rel=1e-9)
    assert result.n == 8 and result.method == METHOD


def test_paired_ratio_difference_at_another_confidence():
    num_a, den_a, num_b, den_b = [1, 2, 0, 3], [2, 2, 1, 3], [2, 2, 1, 1], [2, 3, 1, 3]
    at_80 = stats.paired_ratio_difference(num_a, den_a, num_b, den_b, confidence=0.8)
    diff = _influence(num_b, den_b) - _influence(num_a, den_a)
    half = sps.t.ppf(0.9, 3) * sps.sem(diff)
    assert (at_80.low, at_80.high) == pytest.approx(
        (at_80.difference - half, at_80.difference + half), rel=1e-9)


def test_every_game_differing_by_the_same_amount_is_an_exact_difference():
    result = stats.paired_mean_difference([1, 2, 3], [2, 3, 4])
    # no spread: the interval is the point, and no test could doubt it (p = 0)
    assert fields(result) == [2.0, 3.0, 1.0, 1.0, 1.0, 0.0, 3, "nan", 0.0,
                              pytest.approx(math.sqrt(2 / 3), rel=1e-12), METHOD]
    assert math.isnan(result.variance_ratio)


def test_one_arm_constant_has_no_correlation_and_no_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        result = stats.paired_mean_difference([1, 1, 1, 1], [1, 2, 4, 3])
        other = stats.paired_mean_difference([1, 2, 4, 3], [1, 1, 1, 1])
    assert math.isnan(result.correlation) and math.isnan(other.correlation)
    assert result.p_value == pytest.approx(sps.ttest_rel([1, 2, 4, 3], [1, 1, 1, 1]).pvalue)


@pytest.mark.parametrize(("num_a", "den_a", "num_b", "den_b", "a", "b", "n"), [
    ([1.0], [2.0], [2.0], [4.0], 0.5, 0.5, 1),         # one game: no spread to estimate
    ([], [], [], [], "nan", "nan", 0),                 # no game
    ([1, 2], [0, 0], [1, 1], [2, 2], "nan", 0.5, 2),   # nothing counted in arm A
    ([1, 1], [2, 2], [1, 2], [0, 0], 0.5, "nan", 2),   # nothing counted in arm B
])
def test_too_little_to_test_gives_the_rates_and_nan_for_the_rest(num_a, den_a, num_b, den_b,
                                                                  a, b, n):
    with np.errstate(all="raise"), warnings.catch_warnings():
        warnings.simplefilter("error")  # no numpy note on an empty mean or a 0/0
        result = stats.paired_ratio_difference(num_a, den_a, num_b, den_b)
    difference = b - a if "nan" not in (a, b) else "nan"
    assert fields(result) == [a, b, difference, "nan", "nan", "nan", n, "nan", "nan", "nan",
                              METHOD]
    assert math.isnan(result.variance_ratio)


def test_two_games_are_enough_for_a_paired_t_test_with_one_degree_of_freedom():
    result = stats.paired_mean_difference([1.0, 2.0], [4.0, 3.0])
    test = sps.ttest_rel([4.0, 3.0], [1.0, 2.0])
    assert result.p_value == pytest.approx(test.pvalue, rel=1e-9)
    interval = test.confidence_interval(0.95)
    assert (result.low, result.high) == pytest.approx((interval.low, interval.high), rel=1e-9)
    # the other way round: the same p, the interval mirrored
    back = stats.paired_mean_difference([4.0, 3.0], [1.0, 2.0])
    assert (back.difference, back.p_value) == (-result.difference, result.p_value)
    assert (back.low, back.high) == pytest.approx((-result.high, -result.low), rel=1e-12)


def test_paired_profile_is_each_games_influence_on_the_difference():
    num_a, den_a, num_b, den_b = [1, 0, 2], [2, 1, 3], [2, 1, 1], [3, 1, 2]
    assert stats.paired_profile(num_a, den_a, num_b, den_b) == pytest.approx(
        _influence(num_b, den_b) - _influence(num_a, den_a), rel=1e-12)


# --- sample sizes ----------------------------------------------------------------------------

def _normal_power(base: float, effect: float, n: float, alpha: float) -> float:
    h = abs(2 * math.asin(math.sqrt(base + effect)) - 2 * math.asin(math.sqrt(base)))
    return NormalIndPower().power(effect_size=h, nobs1=n, alpha=alpha)


@pytest.mark.parametrize(("base", "effect", "alpha", "power"), [
    (0.25, 0.02, 0.05, 0.8), (0.5, -0.1, 0.01, 0.9), (0.1, 0.3, 0.05, 0.5)])
def test_sample_size_independent_reaches_the_power_exactly(base, effect, alpha, power):
    n = stats.sample_size_independent(base, effect, alpha, power)
    assert _normal_power(base, effect, n, alpha) == pytest.approx(power, abs=1e-10)


def test_sample_size_independent_defaults_alpha_005_power_08():
    assert stats.sample_size_independent(0.25, 0.05) == stats.sample_size_independent(
        0.25, 0.05, 0.05, 0.8)
    assert _normal_power(0.25, 0.05, stats.sample_size_independent(0.25, 0.05), 0.05) == (
        pytest.approx(0.8, abs=1e-10))


@pytest.mark.parametrize(("d", "alpha", "power"), [(0.3, 0.05, 0.8), (-0.05, 0.01, 0.9),
                                                   (1.5, 0.05, 0.8)])
def test_t_test_sample_size_reaches_the_power_exactly(d, alpha, power):
    n = stats.t_test_sample_size(d, alpha, power)
    assert TTestPower().power(effect_size=abs(d), nobs=n, alpha=alpha) == pytest.approx(
        power, abs=1e-10)
    assert stats.t_test_sample_size(0.3) == stats.t_test_sample_size(0.3, 0.05, 0.8)


def test_an_effect_so_large_that_two_observations_detect_it_needs_two():
    assert stats.t_test_sample_size(100.0) == 2.0
    assert TTestPower().power(effect_size=10.0, nobs=2, alpha=0.05) < 0.8


@pytest.mark.parametrize("d", [4.0, 10.0])
def test_an_effect_of_several_sds_gets_its_sample_size(d):
    # Defect fixed (issue 36): scipy's nct.cdf of the wrong-way tail is NaN at such shifts,
    # and the solver stopped with a ValueError (`dicelab power` on a small measured spread).
    n = stats.t_test_sample_size(d)
    assert 2.0 < n < 3.0
    assert TTestPower().power(effect_size=d, nobs=n, alpha=0.05) == pytest.approx(0.8, abs=1e-10)


def test_no_sample_size_beyond_a_trillion_observations():
    # 7.85 / d**2 observations: 2.2e12 here is more than the solver looks for
    assert stats.t_test_sample_size(1.9e-6) == math.inf
    n = stats.t_test_sample_size(4e-6)  # 4.9e11: still found
    assert n == pytest.approx(TTestPower().solve_power(effect_size=4e-6, alpha=0.05, power=0.8),
                              rel=1e-6)
    assert stats.sample_size_independent(0.5, 1e-7) == math.inf


def test_an_effect_detected_by_less_than_one_observation_gets_that_fraction():
    # 5% to 95% (Cohen's h 2.24) at alpha 0.2 and power 0.5: 2 * 1.28**2 / h**2 = 0.64
    # observations per arm, a root below the solver's first bracket of 2.
    n = stats.sample_size_independent(0.05, 0.9, 0.2, 0.5)
    assert 0.6 < n < 0.7
    assert _normal_power(0.05, 0.9, n, 0.2) == pytest.approx(0.5, abs=1e-10)


def test_the_solver_looks_no_further_than_its_last_doubling_below_a_trillion():
    # The bracket doubles from 2 and stops once past 1e12: 2**39 (5.5e11) is the last one
    # tried, so 6.4e11 observations (d = 3.5e-6) are beyond the search, as 2.2e12 are.
    assert stats.t_test_sample_size(3.5e-6) == math.inf


def test_sample_size_paired_with_the_arms_perfectly_correlated_floors_the_sd():
    # equal variances, correlation 1: the SD of the difference is 0, floored at 1e-6
    n = stats.sample_size_paired(0.5, 1e-9, correlation=1.0)
    assert n == pytest.approx(stats.t_test_sample_size(1e-9 / 1e-6), rel=1e-12)
    assert stats.sample_size_paired(0.25, 0.05, 0.01, 0.9, 0.2) == pytest.approx(
        stats.t_test_sample_size(0.05 / _sd(0.25, 0.3, 0.2), 0.01, 0.9), rel=1e-12)
    assert stats.sample_size_paired(0.25, -0.05) == pytest.approx(
        stats.t_test_sample_size(0.05 / _sd(0.25, 0.2, 0.5)), rel=1e-12)


def _sd(p1: float, p2: float, correlation: float) -> float:
    v1, v2 = p1 * (1 - p1), p2 * (1 - p2)
    return math.sqrt(v1 + v2 - 2 * correlation * math.sqrt(v1 * v2))


# --- O'Brien-Fleming boundaries --------------------------------------------------------------

def _two_looks_never_cross(b1: float, b2: float) -> float:
    """P(|Z1| < b1 and |Z2| < b2), corr(Z1, Z2) = sqrt(1/2), by adaptive quadrature over Z1."""
    from scipy.integrate import quad

    rho = math.sqrt(0.5)
    scale = math.sqrt(1 - rho**2)
    inner = lambda z: sps.norm.pdf(z) * (sps.norm.cdf((b2 - rho * z) / scale)  # noqa: E731
                                         - sps.norm.cdf((-b2 - rho * z) / scale))
    return quad(inner, -b1, b1, epsabs=1e-14, epsrel=1e-13)[0]


def _three_looks_never_cross(edge: float) -> float:
    """P(|S_k| < edge, k = 1, 2, 3) for a random walk of standard normal steps (OBF's equal
    boundaries on the sum), by adaptive quadrature over S_1 and S_2."""
    from scipy.integrate import dblquad

    inner = lambda s2, s1: (sps.norm.pdf(s1) * sps.norm.pdf(s2 - s1)  # noqa: E731
                            * (sps.norm.cdf(edge - s2) - sps.norm.cdf(-edge - s2)))
    return dblquad(inner, -edge, edge, -edge, edge, epsabs=1e-13, epsrel=1e-12)[0]


@pytest.mark.parametrize("alpha", [0.05, 0.01])
def test_two_looks_cross_with_probability_alpha(alpha):
    b1, b2 = stats.obrien_fleming_bounds(2, alpha)
    assert b1 == pytest.approx(b2 * math.sqrt(2), rel=1e-14)
    assert 1 - _two_looks_never_cross(b1, b2) == pytest.approx(alpha, abs=1e-11)


def test_three_looks_cross_with_probability_alpha():
    bounds = stats.obrien_fleming_bounds(3, 0.1)
    assert list(bounds) == pytest.approx(bounds[-1] * np.sqrt([3, 3 / 2, 1]), rel=1e-14)
    assert 1 - _three_looks_never_cross(bounds[-1] * math.sqrt(3)) == pytest.approx(0.1,
                                                                                    abs=1e-10)


@pytest.mark.parametrize(("looks", "published"), [
    (2, 1.977), (3, 2.004), (4, 2.024), (5, 2.040), (10, 2.087), (20, 2.126)])
def test_obrien_fleming_constants_of_jennison_and_turnbull(looks, published):
    # Jennison & Turnbull (2000), Table 2.3 (alpha 0.05, two-sided): C_B to 3 decimals
    bounds = stats.obrien_fleming_bounds(looks)
    assert len(bounds) == looks
    assert bounds[-1] == pytest.approx(published, abs=5e-4)
    assert np.array_equal(bounds, stats.obrien_fleming_bounds(looks, 0.05))  # deterministic


def test_one_look_is_the_two_sided_normal_quantile():
    assert stats.obrien_fleming_bounds(1, 0.01)[0] == pytest.approx(sps.norm.ppf(0.995),
                                                                    rel=1e-14)
    assert stats.obrien_fleming_bounds(1)[0] == pytest.approx(sps.norm.ppf(0.975), rel=1e-14)
