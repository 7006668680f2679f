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


def test_benjamini_hochberg_on_the_example_of_benjamini_and_hochberg_1995():
    # Their 15 p-values (J. R. Stat. Soc. B 57, p. 295); at FDR 0.05 they reject the first 4.
    # Adjusted by hand: p_(i) * 15 / i, then the running minimum from the largest down.
    p = [0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344, 0.0459, 0.3240,
         0.4262, 0.5719, 0.6528, 0.7590, 1.0]
    adjusted = stats.benjamini_hochberg(p)
    assert adjusted == pytest.approx([
        0.0015, 0.003, 0.0095, 0.035625, 0.0603, 0.0298 * 15 / 7, 0.0298 * 15 / 7, 0.0645,
        0.0765, 0.486, 0.4262 * 15 / 11, 0.5719 * 15 / 12, 0.6528 * 15 / 13, 0.7590 * 15 / 14,
        1.0])
    assert (adjusted < 0.05).sum() == 4


def test_benjamini_hochberg_matches_statsmodels():
    p = np.random.default_rng(3).uniform(0, 0.2, 40)
    assert stats.benjamini_hochberg(p) == pytest.approx(multipletests(p, method="fdr_bh")[1])


def test_benjamini_hochberg_equals_scipy_to_the_last_bit():
    # compare's outputs must not move when scipy.stats is no longer imported for this.
    from scipy.stats import false_discovery_control

    rng = np.random.default_rng(7)
    for size in (2, 3, 17, 66, 500):
        p = rng.uniform(0, 1, size) ** rng.uniform(1, 60)  # many tiny, some near 1
        p[rng.integers(0, size, size // 3)] = p[0]  # ties
        p[-1] = 1.0
        ours = stats.benjamini_hochberg(p)
        assert ours.tobytes() == false_discovery_control(p, method="bh").tobytes()
    with_nan = np.array([0.3, math.nan, 1e-200, 0.3, math.nan, 0.04])
    ours = stats.benjamini_hochberg(with_nan)
    assert np.isnan(ours[[1, 4]]).all()
    kept = with_nan[~np.isnan(with_nan)]
    assert ours[~np.isnan(with_nan)].tobytes() == false_discovery_control(kept).tobytes()
    assert stats.benjamini_hochberg([0.2, math.nan]).tolist()[0] == 0.2  # one test: as it is
    with pytest.raises(ValueError, match="between 0 and 1"):
        stats.benjamini_hochberg([0.2, 1.5])


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


def _bincount_sums(per_game: np.ndarray, seed: int, sizes: tuple[int, ...]) -> np.ndarray:
    """The sums of resamples drawn by rng.integers in chunks of `sizes` rows, counted apart."""
    rng = np.random.default_rng(seed)
    n = len(per_game)
    draws = np.concatenate([rng.integers(0, n, size=(size, n)) for size in sizes])
    return np.stack([np.bincount(row, minlength=n) for row in draws]) @ per_game


@pytest.mark.parametrize(("n_boot", "sizes"), [(None, (64,) * 15 + (40,)), (130, (64, 64, 2)),
                                               (5, (5,))])
def test_cluster_bootstrap_defaults_are_1000_resamples_seed_0_in_chunks_of_64(n_boot, sizes):
    """The resamples of 1000 (or 130) draws of seed 0 over 51 games; fewer resamples than a
    chunk are one chunk of that many."""
    per_game = np.arange(51.0)[:, None] * [1.0, 0.5]
    sums = (stats.bootstrap_sums(per_game) if n_boot is None
            else stats.bootstrap_sums(per_game, n_boot=n_boot))
    assert sums.shape == (sum(sizes), 2)
    assert np.allclose(sums, _bincount_sums(per_game, 0, sizes), rtol=1e-6, atol=0)


def test_percentile_interval_is_95_percent_unless_told():
    samples = np.arange(201.0)[:, None] * [1.0, -1.0]
    low, high = stats.percentile_interval(samples)
    # the 2.5th and 97.5th percentiles of 0..200: 5 and 195
    assert low == pytest.approx([5.0, -195.0]) and high == pytest.approx([195.0, -5.0])


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


# --- paired designs, clusters, p-values, sequential boundaries -------------------------------


def test_paired_mean_difference_is_scipys_paired_t_test():
    rng = np.random.default_rng(4)
    a = rng.normal(0, 1, 50)
    b = 0.6 * a + rng.normal(0.3, 1, 50)
    result = stats.paired_mean_difference(a, b)
    expected = sps.ttest_rel(b, a)
    interval = expected.confidence_interval(0.95)
    assert result.difference == pytest.approx(b.mean() - a.mean())
    assert result.p_value == pytest.approx(expected.pvalue)
    assert (result.low, result.high) == pytest.approx((interval.low, interval.high))
    assert result.correlation == pytest.approx(np.corrcoef(a, b)[0, 1])
    se_independent = math.sqrt((a.var(ddof=1) + b.var(ddof=1)) / 50)
    assert result.variance_ratio == pytest.approx((se_independent / result.se_paired) ** 2)


def test_paired_ratio_difference_with_equal_denominators_is_the_paired_t_of_the_rates():
    rng = np.random.default_rng(8)
    wins_a, wins_b = rng.integers(0, 3, 40), rng.integers(0, 4, 40)
    result = stats.paired_ratio_difference(wins_a, np.full(40, 4), wins_b, np.full(40, 4))
    plain = stats.paired_mean_difference(wins_a / 4, wins_b / 4)
    assert (result.difference, result.low, result.high, result.p_value) == pytest.approx(
        (plain.difference, plain.low, plain.high, plain.p_value))


def test_paired_ratio_difference_is_exact_when_every_game_agrees():
    result = stats.paired_ratio_difference([1, 0, 1], [1, 1, 1], [1, 0, 1], [1, 1, 1])
    assert (result.difference, result.low, result.high, result.p_value) == (0, 0, 0, 1.0)


def test_cluster_ratio_bounds_match_statsmodels_cluster_robust_mean():
    rng = np.random.default_rng(2)
    games, seats = 60, 4
    winner = rng.integers(0, seats, games)
    win = (np.arange(seats)[None, :] == winner[:, None]).astype(float)
    owned = rng.random((games, seats)) < 0.5
    owned[0] = False  # a game where nobody counts is no cluster
    y, group = win[owned], np.repeat(np.arange(games), seats).reshape(games, seats)[owned]
    fit = sm.OLS(y, np.ones(len(y))).fit(cov_type="cluster", cov_kwds={"groups": group})
    low, high = stats.cluster_ratio_bounds((win * owned).sum(axis=1), owned.sum(axis=1))
    z = sps.norm.ppf(0.975)
    assert (low[0], high[0]) == pytest.approx((y.mean() - z * fit.bse[0],
                                               y.mean() + z * fit.bse[0]))


def test_cluster_ratio_bounds_narrower_than_wilson_when_one_owner_per_game_wins():
    # Every seat of 100 four-player games owns the card and exactly one wins: the owners'
    # win rate is 1/4 in every game, with no uncertainty at all; Wilson treats the 400
    # seat-games as independent draws.
    win = np.tile([1.0, 0, 0, 0], (100, 1))
    low, high = stats.cluster_ratio_bounds(win.sum(axis=1), np.full(100, 4.0))
    assert (low[0], high[0]) == pytest.approx((0.25, 0.25))
    wilson_low, wilson_high = stats.wilson_bounds(100, 400)
    assert wilson_high - wilson_low > 0.08


@pytest.mark.parametrize(("p", "text"), [
    (0.0, "< 1e-300"), (1e-310, "< 1e-300"), (3.2e-5, "3.2e-05"), (0.5, "0.5"),
    (0.0123, "0.012"), (math.nan, ""), (1e-300, "1.0e-300"),
])
def test_format_p_never_prints_zero(p, text):
    assert stats.format_p(p) == text


def test_obrien_fleming_bounds_match_published_constants():
    # Jennison & Turnbull (2000), Table 2.3: K = 5, alpha = 0.05, C_B = 2.040.
    bounds = stats.obrien_fleming_bounds(5, 0.05)
    assert bounds == pytest.approx(2.040 * np.sqrt(5 / np.arange(1, 6)), abs=2e-3)
    assert stats.obrien_fleming_bounds(1, 0.05)[0] == pytest.approx(sps.norm.ppf(0.975))


def test_adjusted_associations_adjust_for_covariates_only_not_other_cards():
    won, owned, seat = _simulated_seats(3000)
    owned[:, 1] = np.where(owned[:, 0] == 1, 1.0, owned[:, 1])  # card 1 comes with card 0
    results = stats.adjusted_associations(won, owned, seat)
    for j, result in enumerate(results):
        alone = np.column_stack([np.ones(len(won)), owned[:, j], seat])
        margeff = sm.Logit(won, alone).fit(disp=False).get_margeff(
            at="overall", method="dydx", dummy=True)
        assert result.estimate == pytest.approx(margeff.margeff[0], abs=1e-6)
        assert result.p_value == pytest.approx(margeff.pvalues[0], abs=1e-3)
    # Card 1 has no effect of its own, but its owners hold card 0: an association remains,
    # which the joint regression (adjusting for card 0, bought after) would hide.
    assert results[1].estimate > 0.05
    assert abs(stats.logistic_average_effects(won, owned, seat)[1].estimate) < 0.05


def test_distinct_rows_of_a_column_major_matrix():
    # polars hands over column-major matrices; mixing recorded and simulated runs made one
    # with exactly 64 columns, whose padded keys could not be viewed as integers.
    import numpy as np

    from analytics.stats.regression import _distinct_rows

    rows = np.array([[1, 0] * 32, [0] * 64, [1, 0] * 32], dtype=np.int8)
    distinct, index = _distinct_rows(np.asfortranarray(rows))
    assert index.tolist() == [1, 0, 1] and distinct.tolist() == [[0] * 64, [1, 0] * 32]


@pytest.mark.parametrize("alpha, power", [(0.05, 0.8), (0.01, 0.9)])
def test_sample_sizes_agree_with_statsmodels_over_a_grid(alpha, power):
    """Computed with scipy (statsmodels was the package's only reason to bring pandas); checked
    here against statsmodels' NormalIndPower and TTestPower, both tails counted."""
    from statsmodels.stats.power import NormalIndPower, TTestPower
    from statsmodels.stats.proportion import proportion_effectsize

    for base in (0.1, 0.25, 0.5, 0.7):
        for effect in (0.005, 0.01, 0.05, -0.03, 0.2):
            h = abs(proportion_effectsize(base + effect, base))
            want = NormalIndPower().solve_power(effect_size=h, alpha=alpha, power=power)
            assert stats.sample_size_independent(base, effect, alpha, power) == pytest.approx(
                want, rel=1e-6)
            for corr in (0.0, 0.5, 0.9):
                v1, v2 = base * (1 - base), (base + effect) * (1 - base - effect)
                sd = math.sqrt(v1 + v2 - 2 * corr * math.sqrt(v1 * v2))
                want = TTestPower().solve_power(effect_size=abs(effect) / sd, alpha=alpha,
                                                power=power)
                assert stats.sample_size_paired(base, effect, alpha, power, corr) == (
                    pytest.approx(want, rel=1e-6))
    assert stats.t_test_sample_size(3.0) == pytest.approx(
        TTestPower().solve_power(effect_size=3.0, alpha=0.05, power=0.8), rel=1e-6)
