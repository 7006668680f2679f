"""stats/regression against statsmodels, to rounding: each average marginal effect, its interval,
p-value and count, plain and clustered by game, on small hand-made seat tables. Every test calls
the function it checks itself (no shared fixture computes an answer once)."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
import statsmodels.api as sm
from scipy import stats as sps
from statsmodels.tools.sm_exceptions import PerfectSeparationWarning

from analytics import stats
from analytics.stats import regression

METHOD = "logistic regression, average marginal effect (delta method)"


def _seats(n: int, columns: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """n seats of four-seat games: owned 0/1 columns, seat dummies (seats 2-4), a win share
    (1, 0 or 0.5 for a tie) that depends on the first column."""
    rng = np.random.default_rng(seed)
    owned = (rng.random((n, columns)) < rng.uniform(0.25, 0.6, columns)).astype(float)
    seat = np.column_stack([(np.arange(n) % 4 == k).astype(float) for k in (1, 2, 3)])
    eta = -1.0 + 1.2 * owned[:, 0] - 0.4 * seat[:, 2]
    won = (rng.random(n) < 1 / (1 + np.exp(-eta))).astype(float)
    won[::9] = 0.5
    return won, owned, seat


def _statsmodels(won, design, column, confidence=0.95, groups=None):
    """(estimate, low, high, p) of design column `column`'s average marginal effect (the
    discrete change of a dummy), by statsmodels' Logit and get_margeff; clustered by `groups`
    with statsmodels' small-sample correction when given."""
    kwargs = {} if groups is None else {"cov_type": "cluster", "cov_kwds": {"groups": groups}}
    fit = sm.Logit(won, design).fit(disp=False, tol=1e-12, maxiter=200, **kwargs)
    margins = fit.get_margeff(at="overall", method="dydx", dummy=True)
    estimate, se = margins.margeff[column - 1], margins.margeff_se[column - 1]
    z = sps.norm.ppf(0.5 + confidence / 2)
    return (estimate, max(estimate - z * se, -1.0), min(estimate + z * se, 1.0),
            margins.pvalues[column - 1])


def _assert_is(result: stats.Estimate, expected, n) -> None:
    assert (result.estimate, result.low, result.high, result.p_value) == pytest.approx(
        expected, rel=1e-9, abs=1e-12)
    assert result.n == n and type(result.n) is int and result.method == METHOD


def _constant(*columns) -> np.ndarray:
    return np.column_stack([np.ones(len(columns[0])), *columns])


@pytest.mark.parametrize("confidence", [0.95, None, 0.8])
def test_logistic_average_effects_are_statsmodels_margins(confidence):
    won, owned, seat = _seats(60, 2, seed=3)
    args = {} if confidence is None else {"confidence": confidence}
    effects = stats.logistic_average_effects(won, owned, seat, **args)
    design = _constant(owned, seat)
    for j, effect in enumerate(effects):
        _assert_is(effect, _statsmodels(won, design, 1 + j, confidence or 0.95),
                   int(owned[:, j].sum()))


def test_a_covariate_not_0_or_1_is_fitted_seat_by_seat():
    # A score covariate: rows are not merged, every seat is a row of weight 1.
    won, owned, seat = _seats(60, 2, seed=5)
    score = np.arange(60) % 7 / 3.0
    effects = stats.logistic_average_effects(won, owned, np.column_stack([seat, score]))
    design = _constant(owned, seat, score)
    for j, effect in enumerate(effects):
        _assert_is(effect, _statsmodels(won, design, 1 + j), int(owned[:, j].sum()))


def test_an_interval_past_1_or_minus_1_stops_there():
    # 10 owners win 9, 10 others win 1: effect 0.8, se about 0.13, so the upper bound would
    # pass 1; the mirror image would pass -1.
    owned = np.repeat([1.0, 0.0], 10)
    won = np.array([1.0] * 9 + [0.0] + [1.0] + [0.0] * 9)
    for sign, (effect,) in ((1, stats.logistic_average_effects(won, owned, np.empty((20, 0)))),
                            (-1, stats.logistic_average_effects(1 - won, owned, [[]] * 20))):
        estimate, low, high, p = _statsmodels(won if sign == 1 else 1 - won,
                                              _constant(owned), 1)
        assert (estimate, low, high, p) == pytest.approx(
            (effect.estimate, effect.low, effect.high, effect.p_value), rel=1e-9)
        assert effect.estimate == pytest.approx(0.8 * sign)
        assert (effect.high if sign == 1 else effect.low) == sign * 1.0


def _nan(effect: stats.Estimate, n: int) -> bool:
    return (all(math.isnan(v) for v in (effect.estimate, effect.low, effect.high, effect.p_value))
            and effect.n == n and type(effect.n) is int and effect.method == "not estimable")


def test_separated_never_and_always_owned_columns_are_not_estimable():
    won, _, seat = _seats(40, 1, seed=7)
    won[::9] = 0.0
    columns = np.column_stack([won, np.zeros(40), np.ones(40)])
    effects = stats.logistic_average_effects(won, columns, seat)
    assert _nan(effects[0], int(won.sum())) and _nan(effects[1], 0) and _nan(effects[2], 40)


def test_a_column_equal_to_an_earlier_one_is_dropped_the_earlier_kept():
    won, owned, seat = _seats(60, 2, seed=11)
    twice = np.column_stack([owned[:, 0], owned[:, 0], owned[:, 1]])
    first, copy, other = stats.logistic_average_effects(won, twice, seat)
    design = _constant(owned, seat)
    _assert_is(first, _statsmodels(won, design, 1), int(owned[:, 0].sum()))
    assert _nan(copy, int(owned[:, 0].sum()))
    _assert_is(other, _statsmodels(won, design, 2), int(owned[:, 1].sum()))


@pytest.mark.parametrize(("beta", "estimable"), [(14.5, True), (15.5, False)])
def test_a_coefficient_beyond_15_is_taken_for_separation(beta, estimable):
    # Two rows, owned or not, with win shares whose log-odds differ by `beta`: the fit is
    # exact (saturated), beta its coefficient.
    won = 1 / (1 + np.exp([-beta / 2, beta / 2]))
    effect, = stats.logistic_average_effects(won, [1.0, 0.0], np.empty((2, 0)))
    if estimable:
        with warnings.catch_warnings():  # the reference fit is saturated by design
            warnings.simplefilter("ignore", PerfectSeparationWarning)
            reference = _statsmodels(won, _constant([1.0, 0.0]), 1)
        _assert_is(effect, reference, 1)
    else:
        assert _nan(effect, 1)


# --- adjusted_associations: each column on its own, plain or clustered by game ----------------


def test_adjusted_associations_fit_each_column_alone_with_the_covariates():
    won, owned, seat = _seats(60, 3, seed=13)
    owned[:, 2] = 0.0
    results = stats.adjusted_associations(won, owned.astype(bool), seat)
    for j in range(2):
        _assert_is(results[j], _statsmodels(won, _constant(owned[:, j], seat), 1),
                   int(owned[:, j].sum()))
    assert _nan(results[2], 0)


def _labels(kind: str, seats: int, games: int) -> np.ndarray:
    labels = {"0..": np.arange(games), "-1 first": np.arange(games) - 1,
              "descending": 1000 - 7 * np.arange(games),
              "text": np.array([f"g{i:03}" for i in range(games)])}[kind]
    return np.repeat(labels, seats)


@pytest.mark.parametrize("labels", ["0..", "-1 first", "descending", "text"])
@pytest.mark.parametrize("seats", [4, 1, 9])
def test_adjusted_associations_clustered_by_game_are_statsmodels_cluster_robust(labels, seats):
    """Games of 4 seats (summed by slices), of 1 and of 9 (by reduceat), labelled from 0, from
    -1 (a first game -1 was once left out of the sums), descending, or by text."""
    games = 24 if seats < 9 else 8
    won, owned, seat = _seats(games * seats, 2, seed=17 + seats)
    game = _labels(labels, seats, games)
    results = stats.adjusted_associations(won, owned, seat, game)
    groups = np.unique(game, return_inverse=True)[1]
    for j, result in enumerate(results):
        _assert_is(result, _statsmodels(won, _constant(owned[:, j], seat), 1, groups=groups),
                   int(owned[:, j].sum()))


def test_games_of_unequal_sizes_are_summed_game_by_game():
    won, owned, seat = _seats(70, 2, seed=19)
    sizes = np.resize([2, 3, 4, 5], 20)
    sizes = sizes[: np.searchsorted(np.cumsum(sizes), 70) + 1]
    game = np.repeat(np.arange(len(sizes)), sizes)[:70]
    results = stats.adjusted_associations(won, owned, seat, game, confidence=0.9)
    for j, result in enumerate(results):
        _assert_is(result, _statsmodels(won, _constant(owned[:, j], seat), 1, 0.9, game),
                   int(owned[:, j].sum()))


def test_many_columns_are_clustered_in_blocks_each_as_alone():
    # 20 columns (blocks of 16), among them a separated one and one never owned, which have no
    # covariance, and one that makes a seat dummy redundant (owned exactly at seat 2).
    won, owned, seat = _seats(96, 20, seed=23)
    owned[:, 3] = won == 1
    owned[:, 5] = 0.0
    owned[:, 17] = seat[:, 0]
    game = np.repeat(np.arange(24), 4)
    results = stats.adjusted_associations(won, owned, seat, game)
    for j, result in enumerate(results):
        n = int(owned[:, j].sum())
        if j in (3, 5):
            assert _nan(result, n)
            continue
        design = _constant(owned[:, j], seat[:, 1:] if j == 17 else seat)
        _assert_is(result, _statsmodels(won, design, 1, groups=game), n)


def test_one_game_or_as_many_coefficients_as_seats_give_no_clustered_interval():
    won, owned, seat = _seats(8, 1, seed=29)
    won[:2] = [1.0, 0.0]
    owned[:4, 0], owned[4:, 0] = [1, 1, 0, 0], [1, 0, 1, 0]
    one_game, = stats.adjusted_associations(won, owned, seat, np.zeros(8, int))
    assert _nan(one_game, 4)
    # Four seats in two games and four coefficients (constant, the card, three seats less one
    # dropped): N - K = 0.
    few, = stats.adjusted_associations(won[:4], owned[:4], seat[:4, :2], [0, 0, 1, 1])
    assert _nan(few, 2)


def test_covariates_must_be_dummies_and_no_seats_give_no_estimate():
    with pytest.raises(ValueError, match=r"^covariates must be dummy-coded \(0/1\)$"):
        stats.adjusted_associations([1.0, 0.0], [[1], [0]], [[0.5], [1.0]])
    empty = stats.adjusted_associations(np.zeros(0), np.zeros((0, 2)), np.zeros((0, 3)),
                                        np.zeros(0, int))
    assert len(empty) == 2 and all(_nan(e, 0) for e in empty)
    # A vector is one column, with seats or without.
    for function in (stats.logistic_average_effects, stats.adjusted_associations):
        lone, = function(np.zeros(0), np.zeros(0), np.zeros((0, 2)))
        assert _nan(lone, 0)


def test_adjusted_associations_without_covariates_fit_the_card_alone():
    won, owned, _ = _seats(60, 2, seed=31)
    results = stats.adjusted_associations(won, owned, np.zeros((60, 0)))
    for j, result in enumerate(results):
        _assert_is(result, _statsmodels(won, _constant(owned[:, j]), 1), int(owned[:, j].sum()))


def test_a_separated_score_covariate_gives_nan_without_a_warning():
    # Newton runs the score's coefficient off until exp overflows: silenced, then NaN.
    score = np.arange(40.0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        effect, = stats.logistic_average_effects((score > 20) * 1.0, (score > 10) * 1.0,
                                                 score[:, None])
    assert _nan(effect, 29)


# --- clustering at its edges: one game, two games, no spare seat, no residual ----------------


def test_one_game_gives_no_clustered_interval_though_the_fit_is_estimable():
    won, owned, seat = _seats(40, 1, seed=37)
    plain, = stats.adjusted_associations(won, owned, seat)
    _assert_is(plain, _statsmodels(won, _constant(owned, seat), 1), int(owned.sum()))
    one_game, = stats.adjusted_associations(won, owned, seat, np.zeros(40, int))
    assert _nan(one_game, int(owned.sum()))


def test_two_games_are_clustered_as_statsmodels_does():
    won, owned, seat = _seats(40, 1, seed=41)
    game = np.repeat([0, 1], 20)
    result, = stats.adjusted_associations(won, owned, seat, game)
    _assert_is(result, _statsmodels(won, _constant(owned, seat), 1, groups=game),
               int(owned.sum()))


def test_as_many_seats_as_coefficients_give_no_clustered_interval():
    # Two seats, two games, a constant and the card: the fit is exact, N - K = 0.
    result, = stats.adjusted_associations([0.7, 0.2], [1, 0], np.zeros((2, 0)), [0, 1])
    assert _nan(result, 1)


def test_no_residual_left_gives_no_clustered_interval():
    # Every seat wins half: the fit is p = 0.5 exactly, every score 0, the variance 0.
    result, = stats.adjusted_associations(np.full(4, 0.5), [1, 0, 1, 0], np.zeros((4, 0)),
                                          [0, 0, 1, 1])
    assert _nan(result, 2)


@pytest.mark.parametrize("sizes", [[3, 5, 4, 4] * 6, [4] * 23 + [5]],
                         ids=["seats a whole mean per game", "the last game one seat more"])
def test_games_of_unequal_sizes_with_a_whole_mean_are_summed_game_by_game(sizes):
    """96 seats in 24 games, not 4 each; 97 seats in 24 games that start every 4 seats: the
    sums by slices would be wrong (or fail), reduceat is taken."""
    won, owned, seat = _seats(sum(sizes), 2, seed=43)
    game = np.repeat(np.arange(len(sizes)), sizes)
    results = stats.adjusted_associations(won, owned, seat, game)
    for j, result in enumerate(results):
        _assert_is(result, _statsmodels(won, _constant(owned[:, j], seat), 1, groups=game),
                   int(owned[:, j].sum()))


# --- the helpers' own contracts ---------------------------------------------------------------


def test_collapse_rows_merges_equal_rows_with_their_mean_and_count():
    x = np.array([[1, 0], [1, 1], [1, 0], [1, 0]], dtype=float)
    rows, y, counts = regression._collapse_rows(x, np.array([1.0, 0.5, 0.0, 0.0]))
    merged = {tuple(row): (mean, count) for row, mean, count in zip(rows, y, counts, strict=True)}
    assert merged == {(1.0, 0.0): (1 / 3, 3.0), (1.0, 1.0): (0.5, 1.0)}
    assert counts.dtype == np.float64


@pytest.mark.parametrize("columns", [3, 60, 70])
def test_distinct_rows_of_wide_designs(columns):
    """Up to 64 columns a row is packed into one integer; 70 take the rows of bytes."""
    rng = np.random.default_rng(columns)
    x = (rng.random((12, columns)) < 0.5)[rng.integers(0, 12, 40)].astype(float)
    rows, inverse = regression._distinct_rows(x)
    assert len(rows) == len(np.unique(x, axis=0)) == len(np.unique(rows, axis=0))
    assert inverse.shape == (40,) and np.array_equal(rows[inverse], x)


def test_game_starts_of_no_seat_one_seat_and_text_labels():
    assert regression._game_starts([]).tolist() == []
    assert regression._game_starts([5]).tolist() == [0]
    assert regression._game_starts(["b", "b", "a", "a", "c"]).tolist() == [0, 2, 4]
