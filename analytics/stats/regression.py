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
    n, wins = _split_counts(group, bits, y, 2 * len(rows))
    fits = []
    for j in range(bits.shape[1]):
        present = np.flatnonzero(n[j])
        design = np.column_stack([np.ones(len(present)), present % 2, rows[present // 2]])
        fits.append(_Fit.of(design, wins[j, present] / n[j, present], n[j, present].astype(float),
                            present))
    if game is not None:
        # Every column's seats at once: the work over seats is done in a few array sweeps,
        # each value computed as a column's own sweep would (the same sums, in seat order).
        _cluster_covariances(fits, y, group, rows, bits, _game_starts(game))
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


def _split_counts(group: np.ndarray, bits: np.ndarray, y: np.ndarray, width: int
                  ) -> tuple[np.ndarray, np.ndarray]:
    """Per column of `bits`: seats and summed `y` in each covariate group, split by the bit
    ((columns, width): group * 2 + bit). One bincount over every column: each bin still sums
    its seats in seat order, as a bincount per column does."""
    columns = bits.shape[1]
    keys = (group[None, :] * 2 + bits.T) + (np.arange(columns) * width)[:, None]
    counts = np.bincount(keys.ravel(), minlength=columns * width).reshape(columns, width)
    wins = np.bincount(keys.ravel(), weights=np.tile(y, columns), minlength=columns * width)
    return counts, wins.reshape(columns, width)


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


def _cluster_covariances(fits: list[_Fit], y: np.ndarray, group: np.ndarray, rows: np.ndarray,
                         bits: np.ndarray, starts: np.ndarray, block: int = 16) -> None:
    """Each fitted column's covariance made cluster-robust: its seats' scores (design row
    times residual) summed per game, for `block` columns at a time (a block's seat arrays stay
    a few hundred MB on 100,000 games)."""
    fitted = [j for j, fit in enumerate(fits) if fit.params is not None]
    # The design's columns at a seat: 1, the owned bit (per column), its group's covariates.
    values = [None, None, *rows[group].T]
    # A design row's position among a fit's rows, by its key (group * 2 + bit): a lookup
    # table, half the cost of a binary search per seat.
    position = np.zeros(2 * len(rows), dtype=np.int64)
    for first in range(0, len(fitted), block):
        chunk = fitted[first:first + block]
        residual = np.empty((len(y), len(chunk)))
        for i, j in enumerate(chunk):
            fit = fits[j]
            position[fit.present] = np.arange(len(fit.present))
            row_of_seat = position[group * 2 + bits[:, j]]
            residual[:, i] = y - _sigmoid(fit.x @ fit.params)[row_of_seat]
        summed = {}
        for column, value in enumerate(values):
            if any(column in fits[j].keep for j in chunk):
                if column == 0:
                    scores = residual  # the constant's: 1 * r is r, exactly
                elif value is None:
                    scores = bits[:, chunk] * residual
                else:
                    scores = value[:, None] * residual
                summed[column] = _per_game_sums(scores, starts)
        for i, j in enumerate(chunk):
            scores = np.column_stack([summed[c][:, i] for c in fits[j].keep])
            fits[j].cov = _sandwich(scores, len(y), fits[j].cov)


def _per_game_sums(values: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """np.add.reduceat(values, starts, axis=0), bit for bit. Where every game has the same
    2 to 8 seats, by whole slices: reduceat adds the first seat to the others' running sum
    (numpy sums up to 8 values in turn), so this is the same additions in the same order,
    without reduceat's per-game overhead (half its time for games of 4 seats)."""
    games = len(starts)
    seats = len(values) // games if games else 0
    if not 2 <= seats <= 8 or seats * games != len(values) or not np.array_equal(
            starts, np.arange(games) * seats):
        return np.add.reduceat(values, starts, axis=0)
    by_seat = values.reshape(games, seats, -1)
    rest = by_seat[:, 1]
    for seat in range(2, seats):
        rest = rest + by_seat[:, seat]
    return by_seat[:, 0] + rest


def _sandwich(scores: np.ndarray, n: int, bread: np.ndarray) -> np.ndarray:
    """The cluster-robust covariance from per-game `scores` of `n` seats, with statsmodels'
    small-sample factor G/(G-1) (N-1)/(N-K), as Stata's."""
    g, k = scores.shape
    factor = g / (g - 1) * (n - 1) / (n - k) if g > 1 and n > k else math.nan
    return factor * bread @ (scores.T @ scores) @ bread


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
