"""Logistic regression of a win on what a seat owns: average marginal effects (delta method),
fitted by Newton on distinct design rows weighted by their counts."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from analytics.stats.estimates import Estimate, normal_quantile, two_sided_p


def logistic_average_effects(outcome, owned, covariates, confidence: float = 0.95
                             ) -> list[Estimate]:
    """Average marginal effect on P(win) of each 0/1 column of `owned`, adjusted for the rest.

    Fits a logistic regression of `outcome` (win share in [0, 1]) on a constant, `owned` and
    `covariates` (already dummy-coded), then for each owned column j reports the mean over
    seats of P(win | owns j) - P(win | not j), with a delta-method interval. A column that
    never varies, or that the fit cannot estimate (separation, singularity), gets NaN.

    Seats with the same design row are fitted as one row weighted by their count, with their
    mean outcome: the likelihood, its derivatives and the averages are exactly those of the
    seat rows, in far fewer rows.
    """
    y = np.asarray(outcome, dtype=float)
    owned, covariates = _by_seat(owned, len(y), float), _by_seat(covariates, len(y), float)
    full, y, weights = _collapse_rows(np.column_stack([np.ones(len(y)), owned, covariates]), y)
    return _Fit.of(full, y, weights).effects(owned.shape[1], confidence)


def adjusted_associations(outcome, owned, covariates, game=None, confidence: float = 0.95
                          ) -> list[Estimate]:
    """Per 0/1 column of `owned` on its own: its average marginal association with P(win),
    adjusted only for `covariates` fixed before any purchase (seat, bot, player count, module).
    With `game` (each seat's game, seats ordered by game) the standard errors are clustered by
    game: the seats of one game share its win, so they are not independent draws.

    One logistic regression per column (win on a constant, owning it and the covariates).
    Adjusting for the other cards a seat bought would condition on what happened after the
    purchase and can flip the sign; this adjusts for nothing that the card can change. It is
    still an association (who buys the card), not the card's effect.
    """
    y = np.asarray(outcome, dtype=float)
    bits = _by_seat(owned, len(y)) > 0  # 0/1 or bool: no float copy
    covariates = _by_seat(covariates, len(y), float)
    # Seats grouped once by their covariate row; each column then only splits the groups in
    # two (owns it or not): a fit on a few dozen weighted rows instead of every seat-game.
    if len(y) and not ((covariates == 0) | (covariates == 1)).all():
        raise ValueError("covariates must be dummy-coded (0/1)")
    rows, group = _distinct_rows(covariates) if len(y) else (covariates, np.zeros(0, int))
    groups = _Groups.of(group, len(rows))
    games = _SeatsByGame.of(_game_starts(game), len(y)) if game is not None else None
    fits: list[_Fit] = []
    # Columns a block at a time: each block's seat arrays stay small (a few MB on 100,000
    # games), so memory is reused instead of fetched anew from the system for every sweep.
    block = max(1, BLOCK_CELLS // max(len(y), 1))
    for first in range(0, bits.shape[1], block):
        owned = bits[:, first:first + block].astype(float)  # float: bool operands cost a cast
        n, wins = _split_counts(groups, owned, y)
        block_fits = []
        for j in range(owned.shape[1]):
            present = np.flatnonzero(n[j])
            design = np.column_stack([np.ones(len(present)), present % 2, rows[present // 2]])
            block_fits.append(_Fit.of(design, wins[j, present] / n[j, present],
                                      n[j, present].astype(float), present))
        if games is not None:
            _cluster_covariances(block_fits, y, groups, rows, owned, games)
        fits += block_fits
    return [fit.effects(1, confidence)[0] for fit in fits]


def _by_seat(values, seats: int, dtype=None) -> np.ndarray:
    """`values` as a matrix of `seats` rows (a vector is one column). No seats keep their
    columns: numpy cannot infer a column count from no values."""
    values = np.asarray(values, dtype=dtype)
    columns = values.shape[-1] if values.ndim > 1 else 1
    return values.reshape(seats, -1 if seats else columns)


def _game_starts(game) -> np.ndarray:
    """Where each game's seats begin (seats ordered by game): the first seat, and every seat
    whose game is not the seat before's. Any labels: a difference from -1 (the former way)
    missed a first game labelled -1, whose seats then fell out of the clustered sums."""
    game = np.asarray(game)
    return np.flatnonzero(np.concatenate([[len(game) > 0], game[1:] != game[:-1]]))


# Seat-by-column cells swept at once (a block of columns' float arrays: 16 MB each).
BLOCK_CELLS = 1 << 21
# Up to this many covariate groups, seats are summed per group by a product with the groups'
# indicators (a few BLAS calls); beyond, the seats are sorted by group and summed by slices.
ONE_HOT_GROUPS = 64


@dataclass(frozen=True, slots=True)
class _Groups:
    """Each seat's covariate group, and how its seats are summed per group."""

    group: np.ndarray
    n_groups: int
    indicator: np.ndarray | None  # (seats, groups) 0/1, where the groups are few
    order: np.ndarray | None  # else the seats sorted by group,
    starts: np.ndarray | None  # and where each group's seats begin among them

    @classmethod
    def of(cls, group: np.ndarray, n_groups: int) -> _Groups:
        if n_groups <= ONE_HOT_GROUPS:
            indicator = np.zeros((len(group), n_groups))
            indicator[np.arange(len(group)), group] = 1.0
            return cls(group, n_groups, indicator, None, None)
        order = np.argsort(group, kind="stable")
        starts = np.flatnonzero(np.diff(group[order], prepend=-1))  # every group has seats
        return cls(group, n_groups, None, order, starts)

    def sums(self, values: np.ndarray) -> np.ndarray:
        """(columns, groups): each column of `values` (seats, columns) summed per group."""
        if self.indicator is not None:
            return values.T @ self.indicator
        return np.add.reduceat(values[self.order], self.starts, axis=0).T


def _split_counts(groups: _Groups, owned: np.ndarray, y: np.ndarray
                  ) -> tuple[np.ndarray, np.ndarray]:
    """Per column of `owned` (0.0/1.0): seats and summed `y` in each covariate group, split by
    the bit ((columns, 2 * groups): group * 2 + bit)."""
    counts, wins = (np.zeros((owned.shape[1], 2 * groups.n_groups)) for _ in range(2))
    if not len(y):
        return counts, wins
    owned_wins = owned * y[:, None]
    # Each side summed from its own seats: a share of 0 stays exactly 0 (no difference taken).
    counts[:, 1::2], counts[:, 0::2] = groups.sums(owned), groups.sums(1.0 - owned)
    wins[:, 1::2], wins[:, 0::2] = groups.sums(owned_wins), groups.sums(y[:, None] - owned_wins)
    return counts, wins


@dataclass
class _Fit:
    """One column's logistic fit on its collapsed design: the design rows kept, the fit, and
    (once clustered) the covariance of its coefficients."""

    full: np.ndarray  # the collapsed design (constant, owned columns, covariates)
    weights: np.ndarray
    keep: list[int]  # its independent columns
    params: np.ndarray | None
    cov: np.ndarray | None
    # adjusted_associations: each design row's key, group * 2 + owned bit, ascending
    present: np.ndarray | None = None

    @classmethod
    def of(cls, full: np.ndarray, y: np.ndarray, weights: np.ndarray,
           present: np.ndarray | None = None) -> _Fit:
        keep = _independent_columns(full, weights)
        # No seats: no column adds rank, nothing to fit.
        fit = _fit_logit(y, full[:, keep], weights) if keep else None
        return cls(full, weights, keep, *(fit or (None, None)), present)

    @property
    def x(self) -> np.ndarray:
        return self.full[:, self.keep]

    def effects(self, n_owned: int, confidence: float) -> list[Estimate]:
        """Average marginal effects of columns 1 .. n_owned of the design."""
        results = [_nan_estimate(int(self.weights @ self.full[:, 1 + j])) for j in range(n_owned)]
        if self.params is None:
            return results
        for position, column in enumerate(self.keep):
            if 1 <= column <= n_owned:
                results[column - 1] = _average_effect(self.x, self.weights, self.params,
                                                      self.cov, position, confidence)
        return results


def _cluster_covariances(fits: list[_Fit], y: np.ndarray, groups: _Groups, rows: np.ndarray,
                         owned: np.ndarray, games: _SeatsByGame) -> None:
    """Each fitted column's covariance made cluster-robust: its seats' scores (design row
    times residual) summed per game."""
    fitted = [j for j, fit in enumerate(fits) if fit.params is not None]
    if not fitted:
        return
    owned = owned[:, fitted]
    residual = y[:, None] - _fitted_probabilities([fits[j] for j in fitted], groups.group,
                                                  owned, groups.n_groups)
    # Per game, the scores of the constant, of the owned bit and of each covariate; then each
    # fit's as one contiguous row per design column.
    laid = games.laid_out(residual)
    constant = laid.sum(axis=1).T.copy()
    bit = games.laid_out(owned * residual).sum(axis=1).T.copy()
    covariates = games.laid_out(rows[groups.group]).transpose(0, 2, 1)
    by_covariate = np.matmul(covariates, laid).transpose(2, 1, 0).copy()
    for i, j in enumerate(fitted):
        summed = [constant[i], bit[i], *by_covariate[i]]
        scores = np.stack([summed[c] for c in fits[j].keep])
        fits[j].cov = _sandwich(scores, len(y), fits[j].cov)


def _fitted_probabilities(fits: list[_Fit], group: np.ndarray, owned: np.ndarray,
                          n_groups: int) -> np.ndarray:
    """Each seat's fitted P(win) under each fit: its group's probability without the column,
    plus the owned bit times the difference owning makes (arithmetic: a masked choice over
    millions of cells is several times slower). A cell without seats is never read."""
    without, difference = (np.zeros((n_groups, len(fits))) for _ in range(2))
    for i, fit in enumerate(fits):
        p = _sigmoid(fit.x @ fit.params)
        cell_group, on = fit.present // 2, fit.present % 2 == 1
        without[cell_group[~on], i] = p[~on]
        difference[cell_group[on], i] = p[on] - without[cell_group[on], i]
    return without[group] + owned * difference[group]


@dataclass(frozen=True, slots=True)
class _SeatsByGame:
    """Seats (ordered by game) laid out as (games, most seats of a game): a reshape where
    every game has the same seats, else padded with zeros (a zero adds nothing to a sum)."""

    games: int
    width: int
    padded: tuple[np.ndarray, np.ndarray] | None  # each seat's game and place in it

    @classmethod
    def of(cls, starts: np.ndarray, n_seats: int) -> _SeatsByGame:
        sizes = np.diff(np.append(starts, n_seats))
        width = int(sizes.max(initial=0))
        if (sizes == width).all():
            return cls(len(starts), width, None)
        game = np.repeat(np.arange(len(starts)), sizes)
        return cls(len(starts), width, (game, np.arange(n_seats) - starts[game]))

    def laid_out(self, values: np.ndarray) -> np.ndarray:
        """`values` (seats, columns) as (games, width, columns)."""
        if self.padded is None:
            return values.reshape(self.games, self.width, values.shape[1])
        out = np.zeros((self.games, self.width, values.shape[1]))
        out[self.padded] = values
        return out


def _sandwich(scores: np.ndarray, n: int, bread: np.ndarray) -> np.ndarray:
    """The cluster-robust covariance from per-game `scores` of `n` seats (a row per design
    column, a column per game), with statsmodels' small-sample factor G/(G-1) (N-1)/(N-K), as
    Stata's."""
    k, g = scores.shape
    factor = g / (g - 1) * (n - 1) / (n - k) if g > 1 and n > k else math.nan
    return factor * bread @ (scores @ scores.T) @ bread


def _collapse_rows(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Distinct rows of a 0/1 design `x`, the mean of `y` over each and its count.

    A design with other values is returned as it is, every row with weight 1.
    """
    if not ((x == 0) | (x == 1)).all():
        return x, y, np.ones(len(y))
    rows, inverse = _distinct_rows(x)
    counts = np.bincount(inverse, minlength=len(rows))
    return rows, np.bincount(inverse, weights=y, minlength=len(rows)) / counts, counts.astype(float)


def _distinct_rows(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Distinct rows of a 0/1 matrix `x` and the index of each row of `x` among them."""
    keys = np.packbits(x.astype(bool), axis=1)  # a row's bytes identify it
    if keys.shape[1] <= 8:  # one integer per row sorts far faster than rows of bytes
        # np.pad keeps a column-major input's layout, and a view needs contiguous rows
        padded = np.pad(keys, ((0, 0), (0, 8 - keys.shape[1])))
        keys = np.ascontiguousarray(padded).view(np.uint64).ravel()
    _, first, inverse = np.unique(keys, axis=0, return_index=True, return_inverse=True)
    return x[first], inverse.ravel()


def _independent_columns(x: np.ndarray, weights: np.ndarray) -> list[int]:
    """Columns of `x` kept in order while each adds rank (drops constants and collinear ones).

    Bots fixed to seats, or a card always bought with another, make the design singular;
    dropping the later column keeps the rest estimable.
    """
    gram = x.T @ (x * weights[:, None])
    keep: list[int] = []
    for j in range(x.shape[1]):
        trial = [*keep, j]
        if np.linalg.matrix_rank(gram[np.ix_(trial, trial)], hermitian=True) == len(trial):
            keep.append(j)
    return keep


def _fit_logit(y: np.ndarray, x: np.ndarray, weights: np.ndarray, max_iter: int = 100,
               tol: float = 1e-8) -> tuple[np.ndarray, np.ndarray] | None:
    """Maximum-likelihood coefficients and their covariance (inverse information), by Newton.

    `y` may be fractional (tied winners) and rows carry frequency `weights`. Separation is
    expected with rare cards: the coefficient runs off and the caller's |beta| check turns
    it into NaN; a singular or non-finite information matrix gives None, not a crash.
    """
    params = np.zeros(x.shape[1])
    with np.errstate(over="ignore", under="ignore", invalid="ignore", divide="ignore"):
        for _ in range(max_iter):
            p = _sigmoid(x @ params)
            information = x.T @ (x * (weights * p * (1 - p))[:, None])
            try:
                step = np.linalg.solve(information, x.T @ (weights * (y - p)))
            except np.linalg.LinAlgError:
                return None
            params = params + step
            if not np.all(np.isfinite(params)) or np.max(np.abs(step)) < tol:
                break
        p = _sigmoid(x @ params)
        information = x.T @ (x * (weights * p * (1 - p))[:, None])
        try:
            cov = np.linalg.inv(information)
        except np.linalg.LinAlgError:
            return None
    if not (np.all(np.isfinite(params)) and np.all(np.isfinite(cov))):
        return None
    return params, cov


def _average_effect(x: np.ndarray, weights: np.ndarray, params: np.ndarray, cov: np.ndarray,
                    j: int, confidence: float) -> Estimate:
    beta = params[j]
    eta = x @ params
    eta_on, eta_off = eta + beta * (1 - x[:, j]), eta - beta * x[:, j]
    p_on, p_off = _sigmoid(eta_on), _sigmoid(eta_off)
    share = weights / weights.sum()  # each row stands for `weight` seats
    effect = float(share @ (p_on - p_off))
    # Gradient of the mean difference with respect to the coefficients (delta method).
    d_on, d_off = p_on * (1 - p_on), p_off * (1 - p_off)
    grad = (share * (d_on - d_off)) @ x
    grad[j] = share @ d_on
    variance = float(grad @ cov @ grad)
    n_owned = int(weights @ x[:, j])
    # A near-singular fit can give a covariance whose quadratic form rounds below zero:
    # no interval then, as for a separated fit (|beta| > 15).
    if not np.isfinite(variance) or variance <= 0 or abs(beta) > 15:
        return _nan_estimate(n_owned)
    se = variance ** 0.5
    z = normal_quantile(confidence)
    # A difference of probabilities: its interval is kept inside [-1, 1].
    return Estimate(effect, max(effect - z * se, -1.0), min(effect + z * se, 1.0),
                    two_sided_p(effect / se), n_owned,
                    "logistic regression, average marginal effect (delta method)")


def _sigmoid(eta: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-eta))


def _nan_estimate(n: int) -> Estimate:
    return Estimate(math.nan, math.nan, math.nan, math.nan, n, "not estimable")
