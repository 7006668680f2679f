"""The rare-row rule (analytics.stats.rates): Wilson (continuity-corrected) on the
cluster-effective n, MOVER differences and the p-value their interval inverts; one hypothesis
counted once; Holm."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from statsmodels.stats.multitest import multipletests

from analytics import stats
from analytics.stats.rates import ClusteredRates


def _binomial(successes: int, n: int) -> ClusteredRates:
    """A rate with no clustering (n_eff = n) and no influence (uncorrelated)."""
    return ClusteredRates(np.array([successes / n]), np.array([float(n)]),
                          np.array([float(n)]), np.zeros((1, 1)))


# Newcombe (1998a) Table I, method 4: Wilson's score interval with continuity correction.
TABLE_I = [((81, 263), (0.2535, 0.3682)), ((15, 148), (0.0598, 0.1644)),
           ((0, 10), (0.0, 0.3445)), ((1, 10), (0.0052, 0.4588)), ((5, 56), (0.0333, 0.2037))]


@pytest.mark.parametrize(("counts", "published"), TABLE_I)
def test_a_rate_is_wilsons_continuity_corrected_interval(counts, published):
    low, high = _binomial(*counts).bounds(stats.normal_quantile(0.95))
    assert (low[0], high[0]) == pytest.approx(published, abs=5e-5)


def test_a_difference_is_mover_from_each_rates_own_bounds():
    # Newcombe (1998b) method 11 from the published bounds of 81/263 and 15/148 (r = 0)
    diff = stats.rate_difference(_binomial(81, 263), _binomial(15, 148))
    (l1, u1), (l2, u2) = TABLE_I[0][1], TABLE_I[1][1]
    p1, p2 = 81 / 263, 15 / 148
    expected = (p1 - p2 - np.hypot(p1 - l1, u2 - p2), p1 - p2 + np.hypot(u1 - p1, p2 - l2))
    assert (diff.low[0], diff.high[0]) == pytest.approx(expected, abs=1e-4)


def test_the_p_value_is_the_level_at_which_the_interval_reaches_zero():
    first, second = _binomial(8, 10, ), _binomial(2, 11)
    p = stats.rate_difference(first, second).p_value[0]
    at_p = stats.rate_difference(first, second, confidence=1 - p)
    assert at_p.low[0] == pytest.approx(0.0, abs=1e-9)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 3),
                          st.integers(0, 3)), min_size=2, max_size=40))
def test_intervals_stay_in_range_and_agree_with_their_p(games):
    """Any games (owners and their wins per game in two groups): rates in [0, 1], differences
    in [-1, 1], and p < 0.05 exactly when the 95% interval leaves out 0."""
    rows = np.array([(min(w1, o1), o1, min(w2, o2), o2) for w1, o1, w2, o2 in games], float)
    first = stats.clustered_rates(rows[:, 0], rows[:, 1])
    second = stats.clustered_rates(rows[:, 2], rows[:, 3])
    for rate in (first, second):
        low, high = rate.bounds(1.96)
        if not np.isnan(rate.rate[0]):
            assert 0 <= low[0] <= rate.rate[0] <= high[0] <= 1
    diff = stats.rate_difference(first, second)
    if np.isnan(diff.estimate[0]):
        assert np.isnan(diff.p_value[0])
        return
    assert -1 <= diff.low[0] <= diff.estimate[0] <= diff.high[0] <= 1
    excludes = diff.low[0] > 0 or diff.high[0] < 0
    if abs(diff.p_value[0] - 0.05) > 1e-6:  # at the boundary either reading holds
        assert (diff.p_value[0] < 0.05) == excludes


def test_clustered_rate_counts_the_seats_of_one_game_once():
    # Two owners in each of 50 games, one of whom wins: the owners' rate is 1/2 in every
    # game (no spread); one owner in each of 100 games: binomial, n_eff = n (G-1)/G.
    together = stats.clustered_rates(np.full(50, 1.0), np.full(50, 2.0))
    assert together.n_eff[0] == 100  # nothing varies: the binomial n stands
    wins = np.tile([1.0, 0.0, 0.0, 0.0], 25)
    alone = stats.clustered_rates(wins, np.ones(100))
    assert alone.n_eff[0] == pytest.approx(100 * 99 / 100)
    assert alone.rate[0] == 0.25


def test_same_hypotheses_finds_proportional_profiles_of_either_sign():
    rng = np.random.default_rng(1)
    base, other = rng.normal(size=50), rng.normal(size=50)
    profiles = [base, other, -3 * base, np.zeros(50), other * 2, base]
    p = [0.1, 0.2, 0.1, np.nan, 0.2, 0.1]
    signatures = [stats.profile_signature(v) for v in profiles]
    assert stats.same_hypotheses(signatures, p).tolist() == [-1, -1, 0, -1, 1, 0]
    # rounding apart (the same profile by two float paths), still one hypothesis
    nudged = [base, base * (1 + 1e-13) - 1e-16]
    assert stats.same_hypotheses([stats.profile_signature(v) for v in nudged],
                                 [0.1, 0.1]).tolist() == [-1, 0]


def test_holm_matches_statsmodels():
    p = np.array([0.01, 0.04, 0.03, np.nan, 0.005, 0.5])
    ok = ~np.isnan(p)
    expected = multipletests(p[ok], method="holm")[1]
    assert stats.holm(p)[ok] == pytest.approx(expected, rel=1e-12)
    assert np.isnan(stats.holm(p)[3])
