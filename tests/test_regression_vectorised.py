"""The component tables' regression, done for every column at once, gives what one column at
a time gives (the per-column reference below is the code it replaced), to rounding: its sums
are taken in another order (per group, then per game by whole slices)."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from analytics.stats import regression as r


def one_column_at_a_time(y, owned, covariates, game):
    """Each column's own collapsed fit, its cluster-robust covariance from its seats' scores
    summed per game with reduceat, its average effect: the former loop."""
    rows, group = r._distinct_rows(covariates)
    starts = np.flatnonzero(np.diff(game, prepend=-1))
    results = []
    for j in range(owned.shape[1]):
        key = group * 2 + (owned[:, j] > 0)
        n = np.bincount(key, minlength=2 * len(rows))
        wins = np.bincount(key, weights=y, minlength=2 * len(rows))
        present = np.flatnonzero(n)
        design = np.column_stack([np.ones(len(present)), present % 2, rows[present // 2]])
        fit = r._Fit.of(design, wins[present] / n[present], n[present].astype(float))
        if fit.params is not None:
            x = fit.x
            residual = y - r._sigmoid(x @ fit.params)[np.searchsorted(present, key)]
            scores = np.add.reduceat(x[np.searchsorted(present, key)] * residual[:, None],
                                     starts, axis=0)
            fit.cov = r._sandwich(scores.T, len(y), fit.cov)
        results.append(fit.effects(1, 0.95)[0])
    return results


def games(seed: int, n_games: int, seats: int, columns: int):
    rng = np.random.default_rng(seed)
    game = np.repeat(np.arange(n_games), seats)
    y = np.zeros(n_games * seats)
    y[np.arange(n_games) * seats + rng.integers(0, seats, n_games)] = 1.0
    covariates = np.zeros((len(y), seats))
    covariates[np.arange(len(y)), np.tile(np.arange(seats), n_games)] = 1
    covariates[:, 0] = rng.random(len(y)) < 0.5  # a bot: not one per game
    owned = rng.random((len(y), columns)) < rng.uniform(0, 0.7, columns)
    owned[:, 0] = y > 0  # separated: not estimable
    if columns > 2:
        owned[:, 2] = owned[:, 1]  # a copy
    return y, owned, covariates, game


def assert_same_fits(alone, together):
    """Each column's estimate, interval and p equal to rounding (1e-9 relative), NaN where
    the other is NaN, and the same owner count."""
    for a, b in zip(alone, together, strict=True):
        got = np.array([b.estimate, b.low, b.high, b.p_value])
        want = np.array([a.estimate, a.low, a.high, a.p_value])
        assert np.array_equal(np.isnan(got), np.isnan(want)) and a.n == b.n
        assert np.allclose(got, want, rtol=1e-9, atol=1e-15, equal_nan=True)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n_games=st.integers(60, 400), seats=st.integers(2, 9),
       columns=st.integers(1, 20), ragged=st.booleans())
def test_every_column_at_once_is_each_column_alone_to_rounding(seed, n_games, seats, columns,
                                                                 ragged):
    y, owned, covariates, game = games(seed, n_games, seats, columns)
    if ragged:  # games of unequal sizes: a seat in ten left out, the first of each game kept
        kept = (np.random.default_rng(seed).random(len(y)) > 0.1) | (np.arange(len(y)) % seats == 0)
        y, owned, covariates, game = y[kept], owned[kept], covariates[kept], game[kept]
    alone = one_column_at_a_time(y, owned, covariates, game)
    together = r.adjusted_associations(y, owned, covariates, game)
    assert_same_fits(alone, together)


def test_many_covariate_groups_are_summed_by_sorting_the_seats():
    """Past ONE_HOT_GROUPS distinct covariate rows the seats are sorted by group and summed by
    slices instead of a product with the groups' indicators: the same fits."""
    y, owned, covariates, game = games(3, 400, 4, 5)
    extra = np.random.default_rng(3).random((len(y), 7)) < 0.5  # up to 128 more rows
    covariates = np.column_stack([covariates, extra]).astype(float)
    assert len(r._distinct_rows(covariates)[0]) > r.ONE_HOT_GROUPS
    alone = one_column_at_a_time(y, owned, covariates, game)
    together = r.adjusted_associations(y, owned, covariates, game)
    assert sum(not np.isnan(e.estimate) for e in together) >= 3
    assert_same_fits(alone, together)


def test_columns_fitted_a_block_at_a_time_are_each_as_alone(monkeypatch):
    """Columns are swept BLOCK_CELLS seat-cells at a time: with blocks of two columns, every
    column's fit is still there and still its own."""
    y, owned, covariates, game = games(5, 100, 4, 7)
    monkeypatch.setattr(r, "BLOCK_CELLS", 2 * len(y))
    alone = one_column_at_a_time(y, owned, covariates, game)
    together = r.adjusted_associations(y, owned, covariates, game)
    assert len(together) == 7
    assert_same_fits(alone, together)
