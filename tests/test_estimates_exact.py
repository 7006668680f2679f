"""Issue 36: analytics.stats.estimates at its edges, against statsmodels and scipy directly."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats as sps
from statsmodels.stats.proportion import proportion_confint

from analytics.stats.estimates import (
    benjamini_hochberg,
    cluster_ratio_bounds,
    newcombe_difference,
    profile_signature,
    same_hypotheses,
    seat_chi_square,
)


@pytest.mark.parametrize("successes", [0, 10])
def test_newcombe_difference_of_two_arms_both_at_0_or_100_percent(successes):
    """No spread in either arm: the difference is 0, its interval is the Wilson bounds' widths
    (method 10), and there is no z-test (the pooled SE is 0)."""
    low, high = proportion_confint(successes, 10, alpha=0.05, method="wilson")
    result = newcombe_difference(successes, 10, 2 * successes, 20)
    p = successes / 10
    low2, high2 = proportion_confint(2 * successes, 20, alpha=0.05, method="wilson")
    assert result.estimate == 0.0 and math.isnan(result.p_value) and result.n == 30
    assert result.low == pytest.approx(-math.hypot(p - low, high2 - p), rel=1e-9)
    assert result.high == pytest.approx(math.hypot(high - p, p - low2), rel=1e-9)


def test_newcombe_difference_against_statsmodels_z_test():
    from statsmodels.stats.proportion import proportions_ztest

    result = newcombe_difference(30, 50, 20, 60)
    _, p = proportions_ztest([30, 20], [50, 60])
    assert result.estimate == pytest.approx(0.6 - 1 / 3) and result.p_value == pytest.approx(p)


@pytest.mark.parametrize("p_values", [[0.2, 1.5], [-0.1, 0.3, 0.5], [1.5], [np.nan, -0.2]])
def test_benjamini_hochberg_refuses_p_values_outside_0_1(p_values):
    with pytest.raises(ValueError, match="between 0 and 1"):
        benjamini_hochberg(p_values)


def test_benjamini_hochberg_is_scipys_and_leaves_nan_and_a_single_p():
    p = np.array([0.01, np.nan, 0.04, 0.03, 0.5])
    expected = sps.false_discovery_control(p[~np.isnan(p)], method="bh")
    adjusted = benjamini_hochberg(p)
    assert math.isnan(adjusted[1])
    assert adjusted[[0, 2, 3, 4]] == pytest.approx(expected, rel=1e-15)
    assert list(benjamini_hochberg([np.nan, 0.3])[1:]) == [0.3]


def test_seat_chi_square_is_scipys_and_has_no_test_for_one_seat_or_no_wins():
    result = seat_chi_square([30, 20, 25, 25], [100, 100, 100, 100])
    expected = sps.chisquare([30, 20, 25, 25])
    assert (result.estimate, result.p_value) == pytest.approx(
        (expected.statistic, expected.pvalue), rel=1e-12)
    assert result.method == "chi-square, 3 df" and result.n == 400
    # Unequal seat-games: each seat expects its share of the wins.
    uneven = seat_chi_square([10, 30], [50, 150])
    assert uneven.estimate == 0.0 and uneven.p_value == 1.0
    for wins, n in (([7], [20]), ([0, 0, 0], [10, 10, 10])):
        none = seat_chi_square(wins, n)
        assert math.isnan(none.estimate) and math.isnan(none.p_value)
        assert none.n == sum(n) and none.method == "chi-square"


def test_newcombe_difference_at_another_confidence_uses_its_wilson_bounds():
    """Method 10 at 90%: each arm's Wilson bounds at 90% (statsmodels), combined."""
    l1, u1 = proportion_confint(12, 40, alpha=0.10, method="wilson")
    l2, u2 = proportion_confint(5, 30, alpha=0.10, method="wilson")
    p1, p2 = 12 / 40, 5 / 30
    result = newcombe_difference(12, 40, 5, 30, confidence=0.90)
    assert (result.low, result.high) == pytest.approx(
        (p1 - p2 - math.hypot(p1 - l1, u2 - p2), p1 - p2 + math.hypot(u1 - p1, p2 - l2)),
        rel=1e-9)
    assert result.method == "newcombe-hybrid-score"


def test_cluster_ratio_bounds_column_by_column_and_nan_without_two_games():
    """Each column is its own rate (tests/test_stats.py holds one column to statsmodels); a
    column that no game counts, or only one game does, has no interval."""
    import statsmodels.api as sm

    num = np.array([[1, 0, 0, 1], [0, 1, 0, 0], [1, 1, 0, 0], [0, 0, 0, 0], [1, 0, 0, 0]], float)
    den = np.array([[2, 1, 0, 1], [1, 2, 0, 0], [1, 1, 0, 0], [2, 1, 0, 0], [1, 2, 0, 0]], float)
    low, high = cluster_ratio_bounds(num, den, confidence=0.90)
    z = sps.norm.ppf(0.95)
    for column in (0, 1):
        # per seat-game outcomes: game g's num wins among its den seats
        y = np.concatenate([[1.0] * int(n) + [0.0] * int(d - n)
                            for n, d in zip(num[:, column], den[:, column], strict=True)])
        group = np.repeat(np.arange(5), den[:, column].astype(int))
        fit = sm.OLS(y, np.ones(len(y))).fit(cov_type="cluster", cov_kwds={"groups": group})
        expected = (max(y.mean() - z * fit.bse[0], 0), min(y.mean() + z * fit.bse[0], 1))
        assert (low[column], high[column]) == pytest.approx(expected, rel=1e-9)
    assert np.isnan(low[2:]).all() and np.isnan(high[2:]).all()


def test_profile_signature_is_equal_for_proportional_profiles_of_either_sign_only():
    profile = np.array([0.5, -1.0, 2.0, 0.0, 1.5])
    signature = profile_signature(profile)
    assert profile_signature(-3 * profile) == pytest.approx(signature, abs=1e-12)
    assert signature[0] >= 0 and signature != profile_signature(profile + [0, 0, 0, 1, 0])
    # Its two numbers: the unit profile's projections on the two fixed directions.
    directions = np.random.default_rng(28).normal(size=(2, 5))
    expected = directions @ (profile / np.linalg.norm(profile))
    assert signature == pytest.approx(tuple(expected * np.sign(expected[0])), rel=1e-12)
    for nothing in ([], [0.0, 0.0], [np.inf, 1.0]):
        assert all(math.isnan(x) for x in profile_signature(nothing))


def test_same_hypotheses_points_each_repeat_at_its_first_row():
    a, b = profile_signature([1.0, -1, 2]), profile_signature([1.0, 1, 0])
    signatures = [a, b, profile_signature([-2.0, 2, -4]), a, b, (math.nan, math.nan)]
    p = [0.1, 0.2, 0.1, math.nan, 0.2, 0.3]
    # Row 3 has no test (p NaN), row 5 no profile: neither repeats nor is repeated.
    assert same_hypotheses(signatures, p).tolist() == [-1, -1, 0, -1, 1, -1]
    nearly = (a[0] + 1e-6, a[1])
    assert same_hypotheses([a, nearly], [0.1, 0.1]).tolist() == [-1, -1]
    assert same_hypotheses([a, nearly], [0.1, 0.1], tolerance=1e-5).tolist() == [-1, 0]


def test_wilson_against_statsmodels_at_its_edges():
    from analytics.stats import format_p
    from analytics.stats.estimates import wilson, wilson_bounds

    for s, n in ((1, 10), (0, 1), (1, 1), (9, 10), (10, 10)):
        assert wilson_bounds(s, n) == pytest.approx(
            proportion_confint(s, n, alpha=0.05, method="wilson"), abs=1e-12)
    # All or none: the bound is exactly 1 or 0, not 1 - 1e-17.
    assert wilson_bounds(10, 10)[1] == 1.0 and wilson_bounds(0, 10)[0] == 0.0
    at_90 = wilson(3, 10, confidence=0.90)
    assert (at_90.estimate, at_90.method, at_90.n) == (0.3, "wilson", 10)
    assert (at_90.low, at_90.high) == pytest.approx(
        proportion_confint(3, 10, alpha=0.10, method="wilson"), rel=1e-12)
    assert math.isnan(wilson(0, 0).estimate)
    assert (format_p(1e-3), format_p(9.9e-4)) == ("0.001", "9.9e-04")


def test_edges_of_bh_chi_square_signatures_and_cluster_bounds():
    # A p of exactly 0 is a p-value; the message is the whole message.
    assert list(benjamini_hochberg([0.0, 0.5])) == [0.0, 0.5]
    with pytest.raises(ValueError, match=r"^p-values must lie between 0 and 1$"):
        benjamini_hochberg([0.5, 1.5])
    chi = seat_chi_square([30, 20], [50, 50])
    none = seat_chi_square([3], [10])
    assert all(math.isnan(x) for x in (chi.low, chi.high, none.low, none.high))
    # Signatures of a profile shorter than 1: the same as of the profile scaled up.
    assert profile_signature([1e-3, -2e-3, 5e-4]) == pytest.approx(
        profile_signature([1.0, -2.0, 0.5]), rel=1e-12)
    # A difference of exactly the tolerance is not the same hypothesis; unequal lengths refused.
    assert same_hypotheses([(0.5, 0.5), (0.5 + 2**-10, 0.5)], [0.1, 0.1],
                           tolerance=2**-10).tolist() == [-1, -1]
    with pytest.raises(ValueError):
        same_hypotheses([(0.5, 0.5), (0.25, 0.5)], [0.1])
    # Two counted games are enough for an interval; a high rate's upper bound stops at 1.
    low, high = cluster_ratio_bounds(np.array([[1.0, 1], [0, 1], [0, 0], [0, 1]]),
                                     np.array([[1.0, 1], [1, 1], [0, 1], [0, 1]]))
    assert not np.isnan(low[0]) and high[0] == 1.0 and low[0] == 0.0
    assert high[1] == 1.0 and 0 < low[1] < 0.75
