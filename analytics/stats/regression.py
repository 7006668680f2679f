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
    owned = np.asarray(owned, dtype=float).reshape(len(y), -1)
    covariates = np.asarray(covariates, dtype=float).reshape(len(y), -1)
    full, y, weights = _collapse_rows(np.column_stack([np.ones(len(y)), owned, covariates]), y)
    return _weighted_effects(full, y, weights, owned.shape[1], confidence)


@dataclass(frozen=True, slots=True)
class Clusters:
    """The seats behind a collapsed design, for standard errors clustered by game: each seat's
    design row, its outcome, and where each game's seats start (seats ordered by game)."""

    row_of_seat: np.ndarray
    outcome: np.ndarray
    starts: np.ndarray

    def covariance(self, x: np.ndarray, params: np.ndarray, bread: np.ndarray) -> np.ndarray:
        """The cluster-robust (sandwich) covariance of the coefficients: scores summed per game,
        with statsmodels' small-sample factor G/(G-1) (N-1)/(N-K), as Stata's."""
        residual = self.outcome - _sigmoid(x @ params)[self.row_of_seat]
        scores = np.add.reduceat(x[self.row_of_seat] * residual[:, None], self.starts, axis=0)
        g, n, k = len(self.starts), len(self.outcome), x.shape[1]
        factor = g / (g - 1) * (n - 1) / (n - k) if g > 1 and n > k else math.nan
        return factor * bread @ (scores.T @ scores) @ bread


def _weighted_effects(full: np.ndarray, y: np.ndarray, weights: np.ndarray, n_owned: int,
                      confidence: float, clusters: Clusters | None = None) -> list[Estimate]:
    """Average marginal effects of columns 1 .. n_owned of a design with a constant first;
    with `clusters`, their standard errors clustered by game."""
    keep = _independent_columns(full, weights)
    x = full[:, keep]
    fit = _fit_logit(y, x, weights)
    results = [_nan_estimate(int(weights @ full[:, 1 + j])) for j in range(n_owned)]
    if fit is None:
        return results
    params, cov = fit
    if clusters is not None:
        cov = clusters.covariance(x, params, cov)
    for position, column in enumerate(keep):
        if 1 <= column <= n_owned:
            results[column - 1] = _average_effect(x, weights, params, cov, position, confidence)
    return results


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
    owned = np.asarray(owned, dtype=float).reshape(len(y), -1)
    covariates = np.asarray(covariates, dtype=float).reshape(len(y), -1)
    # Seats grouped once by their covariate row; each column then only splits the groups in
    # two (owns it or not): a fit on a few dozen weighted rows instead of every seat-game.
    if len(y) and not ((covariates == 0) | (covariates == 1)).all():
        raise ValueError("covariates must be dummy-coded (0/1)")
    rows, group = _distinct_rows(covariates) if len(y) else (covariates, np.zeros(0, int))
    starts = (np.flatnonzero(np.diff(np.asarray(game), prepend=-1)) if game is not None
              else None)
    results = []
    for j in range(owned.shape[1]):
        key = group * 2 + (owned[:, j] > 0)
        n = np.bincount(key, minlength=2 * len(rows))
        wins = np.bincount(key, weights=y, minlength=2 * len(rows))
        present = np.flatnonzero(n)
        design = np.column_stack([np.ones(len(present)), present % 2, rows[present // 2]])
        clusters = (None if starts is None else
                    Clusters(np.searchsorted(present, key), y, starts))
        results.extend(_weighted_effects(design, wins[present] / n[present],
                                         n[present].astype(float), 1, confidence, clusters))
    return results


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
