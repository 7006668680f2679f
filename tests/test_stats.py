"""Statistics against published values and independent scipy/statsmodels computations."""

from __future__ import annotations

import math

import numpy as np
import pytest
import statsmodels.api as sm
from scipy import stats as sps
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import proportion_confint

from analytics import stats


def test_wilson_matches_newcombe_1998():
    # Newcombe (1998), Stat Med 17:857, Table I: 81/263 -> 0.2553 to 0.3662.
    result = stats.wilson(81, 263)
    assert (round(result.low, 4), round(result.high, 4)) == (0.2553, 0.3662)
    assert result.estimate == pytest.approx(81 / 263) and result.n == 263


@pytest.mark.parametrize(("successes", "n"), [(0, 10), (10, 10), (3, 7), (250, 1000)])
def test_wilson_matches_statsmodels(successes, n):
    low, high = proportion_confint(successes, n, alpha=0.05, method="wilson")
    result = stats.wilson(successes, n)
    assert (result.low, result.high) == pytest.approx((low, high), abs=1e-12)


def test_wilson_bounds_of_empty_cell_are_nan():
    low, high = stats.wilson_bounds([1, 0], [2, 0])
    assert not math.isnan(low[0]) and math.isnan(low[1]) and math.isnan(high[1])


def test_newcombe_difference_matches_newcombe_1998():
    # Newcombe (1998), Stat Med 17:873, example (a): 56/70 - 48/80 -> 0.0524 to 0.3339.
    result = stats.newcombe_difference(56, 70, 48, 80)
    assert result.estimate == pytest.approx(0.2)
    assert (round(result.low, 4), round(result.high, 4)) == (0.0524, 0.3339)
    z = 0.2 / math.sqrt((104 / 150) * (46 / 150) * (1 / 70 + 1 / 80))
    assert result.p_value == pytest.approx(2 * sps.norm.sf(z))


def test_benjamini_hochberg_known_vector():
    adjusted = stats.benjamini_hochberg([0.01, 0.04, 0.03, 0.005, math.nan])
    assert adjusted[:4] == pytest.approx([0.02, 0.04, 0.04, 0.02])
    assert math.isnan(adjusted[4])


def test_benjamini_hochberg_matches_statsmodels():
    p = np.random.default_rng(3).uniform(0, 0.2, 40)
    assert stats.benjamini_hochberg(p) == pytest.approx(multipletests(p, method="fdr_bh")[1])


def test_cluster_bootstrap_is_deterministic_and_resamples_whole_games():
    per_game = np.column_stack([np.arange(1, 101), np.ones(100)])
    first = stats.bootstrap_sums(per_game, n_boot=200, seed=7)
    assert np.array_equal(first, stats.bootstrap_sums(per_game, n_boot=200, seed=7))
    assert np.all(first[:, 1] == 100)  # every resample holds as many games as the data
    # The mean of resampled sums is the observed sum; its SD is sqrt(n) * SD of a game.
    assert first[:, 0].mean() == pytest.approx(5050, rel=0.01)
    assert first[:, 0].std() == pytest.approx(10 * np.arange(1, 101).std(), rel=0.15)


def test_cluster_bootstrap_counts_each_resample_like_one_bincount_per_chunk():
    # The resamples are the draws of rng.integers in chunks of `chunk` rows, whatever way
    # they are counted: one bincount per resample must give what one per chunk gave.
    per_game = np.random.default_rng(1).uniform(size=(50, 3))
    rng = np.random.default_rng(5)
    draws = np.concatenate([rng.integers(0, 50, size=(size, 50)) for size in (4, 4, 2)])
    counts = np.stack([np.bincount(row, minlength=50) for row in draws])
    assert np.allclose(stats.bootstrap_sums(per_game, n_boot=10, seed=5, chunk=4),
                       counts @ per_game, rtol=1e-6, atol=0)  # single-precision sums


def test_percentile_interval_ignores_nan_resamples():
    samples = np.array([[1.0, np.nan], [2.0, np.nan], [3.0, np.nan], [np.nan, np.nan]])
    low, high = stats.percentile_interval(samples, 0.5)
    assert (low[0], high[0]) == (1.5, 2.5) and math.isnan(low[1])


def test_seat_chi_square_matches_scipy():
    result = stats.seat_chi_square([300, 250, 230, 220], [1000] * 4)
    expected = sps.chisquare([300, 250, 230, 220])
    assert result.estimate == pytest.approx(expected.statistic)
    assert result.p_value == pytest.approx(expected.pvalue)
    assert stats.seat_chi_square([25, 25, 25, 25], [100] * 4).p_value == pytest.approx(1.0)


def test_sample_size_independent_matches_normal_formula():
    h = 2 * math.asin(math.sqrt(0.27)) - 2 * math.asin(math.sqrt(0.25))
    n = 2 * ((sps.norm.ppf(0.975) + sps.norm.ppf(0.8)) / h) ** 2  # per arm
    assert stats.sample_size_independent(0.25, 0.02) == pytest.approx(n, rel=1e-3)


def test_sample_size_paired_matches_normal_formula_and_needs_fewer_when_correlated():
    var = 0.25 * 0.75 + 0.27 * 0.73 - 2 * 0.5 * math.sqrt(0.25 * 0.75 * 0.27 * 0.73)
    n = (sps.norm.ppf(0.975) + sps.norm.ppf(0.8)) ** 2 * var / 0.02 ** 2
    paired = stats.sample_size_paired(0.25, 0.02, correlation=0.5)
    assert paired == pytest.approx(n, rel=0.01)
    assert paired < stats.sample_size_independent(0.25, 0.02)


def _simulated_seats(n=3000, seed=11):
    rng = np.random.default_rng(seed)
    owned = (rng.random((n, 3)) < 0.3).astype(float)
    seat = np.column_stack([(np.arange(n) % 4 == k).astype(float) for k in (1, 2, 3)])
    eta = -1.1 + owned @ np.array([0.8, 0.0, -0.5]) + seat @ np.array([-0.1, -0.2, -0.3])
    won = (rng.random(n) < 1 / (1 + np.exp(-eta))).astype(float)
    return won, owned, seat


def test_logistic_average_effects_match_statsmodels_margeff():
    won, owned, seat = _simulated_seats()
    effects = stats.logistic_average_effects(won, owned, seat)
    fit = sm.Logit(won, np.column_stack([np.ones(len(won)), owned, seat])).fit(disp=False)
    margeff = fit.get_margeff(at="overall", method="dydx", dummy=True)
    for j, effect in enumerate(effects):
        assert effect.estimate == pytest.approx(margeff.margeff[j], abs=1e-6)
        assert effect.p_value == pytest.approx(margeff.pvalues[j], abs=1e-3)
        se = (effect.high - effect.low) / (2 * sps.norm.ppf(0.975))
        assert se == pytest.approx(margeff.margeff_se[j], rel=1e-3)
    assert effects[0].estimate > 0.1 and effects[2].estimate < 0


def test_logistic_average_effects_give_nan_rows_for_separation_and_constants():
    won, owned, seat = _simulated_seats(400)
    owned[:, 1] = won  # owning column 1 decides the game: perfect separation
    owned[:, 2] = 0.0  # never owned
    effects = stats.logistic_average_effects(won, owned, seat)
    assert math.isnan(effects[2].estimate) and effects[2].n == 0
    assert math.isnan(effects[1].estimate)


def test_logistic_average_effects_survive_a_singular_design():
    won, owned, seat = _simulated_seats(500)
    owned = np.column_stack([owned, owned[:, 0]])  # a duplicated column
    effects = stats.logistic_average_effects(won, owned, seat)
    assert len(effects) == 4  # no exception; unestimable rows are NaN


def test_logistic_average_effects_same_when_identical_rows_are_merged():
    """Merged rows (frequency weights) give the fit on every row: compare with statsmodels."""
    won, owned, seat = _simulated_seats(3000)
    won = np.where(np.arange(len(won)) % 7 == 0, 0.5, won)  # tied winners: fractional outcome
    effects = stats.logistic_average_effects(won, owned, seat)
    fit = sm.Logit(won, np.column_stack([np.ones(len(won)), owned, seat])).fit(disp=False)
    margeff = fit.get_margeff(at="overall", method="dydx", dummy=True)
    assert [e.estimate for e in effects] == pytest.approx(margeff.margeff[:3], abs=1e-6)
    assert [e.n for e in effects] == list(owned.sum(axis=0))


def test_mean_bounds_agree_with_scipy_stats_t():
    n = np.array([2, 5, 30, 400, 1])
    low, high = stats.mean_bounds(np.zeros(5), np.ones(5), n, confidence=0.9)
    half = sps.t.ppf(0.95, n[:4] - 1) / np.sqrt(n[:4])
    assert high[:4] == pytest.approx(half) and low[:4] == pytest.approx(-half)
    assert math.isnan(low[4]) and math.isnan(high[4])  # one game: no interval


def test_mean_bounds_is_the_student_t_interval():
    # mean 10, sd 2, n 4: half-width t(0.975, 3) * 2 / 2 = 3.182446305284263
    low, high = stats.mean_bounds([10.0], [2.0], [4])
    assert low[0] == pytest.approx(10 - 3.182446305284263)
    assert high[0] == pytest.approx(10 + 3.182446305284263)
