"""Rates over seat-games and their differences, valid at any number of seats (the rare-row rule).

A rate over seat-games (owners' win rate, take rate) is a ratio of sums over games, and the
seats of one game share its dice and its win. Its interval is the Wilson score interval with
continuity correction (Newcombe 1998, method 4) on the cluster-effective sample size: n
seat-games divided by the design effect (the variance clustered by game over the binomial one;
Korn & Graubard 1998 for complex samples). Wilson's interval stays inside [0, 1] and holds its
level at a handful of seats, where a normal interval does not (an audit found p = 1e-9 for 10
vs 11 owners in an A/A comparison); the continuity correction keeps it there for counts of a
few (without it, A/A tests of faces taken a handful of times in 1,200 seat-games flagged 7%).

A difference of two such rates (owned minus not owned; arm B minus arm A) gets the MOVER
interval of Newcombe (1998, method 11: from the corrected bounds) and Zou & Donner (2008):
each rate's own Wilson bounds, combined with the correlation of the two rates over games
(negative for owners and non-owners of one game, positive for two arms on the same seeds). It
stays inside [-1, 1]. Its p-value is the one that interval inverts: the smallest
1 - confidence at which the interval leaves out 0, so a p-value and the interval beside it
never disagree.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from analytics.stats.estimates import normal_quantile

RULE = ("rates: Wilson score interval, continuity-corrected, on the cluster-effective n "
        "(seat-games over the design effect of clustering by game); differences: MOVER "
        "(Newcombe's hybrid score with the rates' correlation over games), p-value = the "
        "level at which that interval reaches 0; valid at any n, never outside the possible "
        "range")


@dataclass(frozen=True, slots=True)
class ClusteredRates:
    """Per column: the rate, its seat-games, its effective n and each game's influence on it."""

    rate: np.ndarray
    n: np.ndarray
    n_eff: np.ndarray
    influence: np.ndarray  # (games, columns): (num_g - rate * den_g) / sum(den)

    def bounds(self, z) -> tuple[np.ndarray, np.ndarray]:
        """Wilson score bounds at normal quantile(s) `z` (1.96: 95%)."""
        return _wilson(self.rate, self.n_eff, z)


def _wilson(p: np.ndarray, n: np.ndarray, z) -> tuple[np.ndarray, np.ndarray]:
    """Wilson (1927) score bounds of rate `p` over `n`, with continuity correction (Newcombe
    1998, method 4), at quantile `z` (arrays broadcast). The correction keeps the level where
    a rate counts a handful of seats (a rare face taken 2 times in 1,200 seat-games), and
    costs nothing visible where it counts hundreds."""
    with np.errstate(invalid="ignore", divide="ignore"):
        z2, q = z * z, 1 - p
        root_low = np.sqrt(np.maximum(z2 - 2 - 1 / n + 4 * p * (n * q + 1), 0))
        root_high = np.sqrt(np.maximum(z2 + 2 - 1 / n + 4 * p * (n * q - 1), 0))
        low = (2 * n * p + z2 - 1 - z * root_low) / (2 * (n + z2))
        high = (2 * n * p + z2 + 1 + z * root_high) / (2 * (n + z2))
    # The corrected test takes in every rate within 1/(2n) of p, so where p (or 1 - p) is
    # within 1/(2n) of the edge the bound is the edge. Newcombe's closed form assumes a count of
    # at least 1, true of a plain count (p = 0 aside) but not of an effective n: a rate of 1/3
    # over 1.125 effective seat-games (two games) would get a lower bound above 0, and one of
    # 0.999 over 55.5 an upper bound below the rate itself.
    low = np.where(n * p <= 0.5, 0.0, np.clip(low, 0, 1))
    return low, np.where(n * q <= 0.5, 1.0, np.clip(high, 0, 1))


def clustered_rates(numerator, denominator) -> ClusteredRates:
    """Rates sum(num) / sum(den) over games (rows), per column, with the design effect of
    clustering by game: the linearised (sandwich) variance with the G / (G - 1) correction
    over the G games that count a seat, as statsmodels' cluster-robust variance of a mean."""
    num = np.asarray(numerator, dtype=float)
    den = np.asarray(denominator, dtype=float)
    if num.ndim == 1:
        num, den = num[:, None], den[:, None]
    total = den.sum(axis=0)
    used = (den > 0).sum(axis=0)
    with np.errstate(invalid="ignore", divide="ignore"):
        rate = num.sum(axis=0) / total
        influence = np.where(den > 0, num - rate * den, 0.0) / total
        variance = (influence ** 2).sum(axis=0) * used / (used - 1)
        binomial = rate * (1 - rate) / total
        # Owners of one game compete for its win (and tied winners split one), so a design
        # effect below 1 is real: about 0.2 for a card three seats of four buy. Where nothing
        # varies (every game the same share) the binomial n stands.
        n_eff = np.where((binomial > 0) & (variance > 0), total * binomial / variance, total)
    return ClusteredRates(rate, total, np.where(total > 0, n_eff, 0.0), influence)


# math.erfc over arrays: scipy.special's costs a noticeable import for every command.
erfc = np.vectorize(math.erfc, otypes=[float])


def correlation(first: ClusteredRates, second: ClusteredRates) -> np.ndarray:
    """Per column, the correlation over games of two rates' influences (0 where one is flat)."""
    a, b = first.influence, second.influence
    with np.errstate(invalid="ignore", divide="ignore"):
        r = (a * b).sum(axis=0) / np.sqrt((a * a).sum(axis=0) * (b * b).sum(axis=0))
    return np.clip(np.nan_to_num(r), -1.0, 1.0)


@dataclass(frozen=True, slots=True)
class RateDifference:
    """first - second per column: estimate, 95% MOVER bounds and the p-value they invert."""

    estimate: np.ndarray
    low: np.ndarray
    high: np.ndarray
    p_value: np.ndarray


def _mover(first: ClusteredRates, second: ClusteredRates, r: np.ndarray, z
           ) -> tuple[np.ndarray, np.ndarray]:
    l1, u1 = first.bounds(z)
    l2, u2 = second.bounds(z)
    p1, p2 = first.rate, second.rate
    d = p1 - p2
    down = (p1 - l1) ** 2 + (u2 - p2) ** 2 - 2 * r * (p1 - l1) * (u2 - p2)
    up = (u1 - p1) ** 2 + (p2 - l2) ** 2 - 2 * r * (u1 - p1) * (p2 - l2)
    return d - np.sqrt(np.maximum(down, 0)), d + np.sqrt(np.maximum(up, 0))


# Normal quantiles at which a difference's interval is looked at: fine where tests decide
# (p from 1 to about 1e-15), coarser beyond, up to z = 38 (p below 1e-300).
Z_GRID = np.concatenate([np.linspace(0.0, 8.0, 321), np.geomspace(8.0, 38.0, 41)[1:]])


def rate_difference(first: ClusteredRates, second: ClusteredRates, confidence: float = 0.95,
                    r: np.ndarray | None = None) -> RateDifference:
    """first.rate - second.rate with its MOVER interval and p-value; NaN where a rate is.

    With the rates' correlation, a MOVER bound need not move monotonically with the level
    (the covariance term shrinks the root as one rate's bound moves out), so the interval at
    a level is the hull of the intervals at every lower level, and p is the level at which
    the first of them reaches 0: then p < 1 - confidence exactly when the interval leaves out
    0, at every confidence.
    """
    r = correlation(first, second) if r is None else r
    d = first.rate - second.rate
    z = normal_quantile(confidence)
    levels = np.append(Z_GRID[Z_GRID < z], z)
    # Every level at once (a row each): the same arithmetic as one level at a time.
    lows, highs = _mover(first, second, r, levels[:, None])
    with np.errstate(invalid="ignore"):
        low, high = np.minimum(np.min(lows, axis=0), d), np.maximum(np.max(highs, axis=0), d)
    return RateDifference(d, low, high, _inverted_p(first, second, r))


def _inverted_p(first: ClusteredRates, second: ClusteredRates, r: np.ndarray) -> np.ndarray:
    """The two-sided level of the lowest normal quantile at which the MOVER interval reaches
    0: found on Z_GRID, then refined by bisection in its step (1 where the rates are equal,
    NaN where either is missing, below 1e-300 where no level reaches 0)."""
    d = first.rate - second.rate
    with np.errstate(invalid="ignore"):
        reached = _reaches_zero(first, second, r, d, Z_GRID[:, None])
        first_reached = np.where(reached.any(axis=0), reached.argmax(axis=0), len(Z_GRID) - 1)
        low_z, high_z = Z_GRID[np.maximum(first_reached - 1, 0)], Z_GRID[first_reached]
        for _ in range(40):
            mid = (low_z + high_z) / 2
            hit = _reaches_zero(first, second, r, d, mid)
            low_z, high_z = np.where(hit, low_z, mid), np.where(hit, mid, high_z)
        p = erfc(high_z / math.sqrt(2))
    p = np.where(d == 0, 1.0, p)
    return np.where(np.isnan(d), np.nan, p)


def _reaches_zero(first: ClusteredRates, second: ClusteredRates, r: np.ndarray,
                  d: np.ndarray, z) -> np.ndarray:
    low, high = _mover(first, second, r, z)
    return np.where(d > 0, low <= 0, high >= 0)


def score_test_p(successes, n, expected) -> np.ndarray:
    """Two-sided p of the score test of a rate against `expected` (the test whose inversion is
    the Wilson interval: the interval leaves out `expected` exactly when p < 1 - confidence)."""
    s, n, p0 = (np.asarray(a, dtype=float) for a in (successes, n, expected))
    with np.errstate(invalid="ignore", divide="ignore"):
        z = (s / n - p0) / np.sqrt(p0 * (1 - p0) / n)
    return erfc(np.abs(z) / math.sqrt(2))


# The large-sample rule the score and chi-square tests rest on: every cell expects at least
# 5 (here, 5 wins and 5 losses per seat). Below it a p-value would look exact and not be.
MIN_EXPECTED = 5


def too_few_to_test(n, expected) -> np.ndarray:
    """Where a rate's test against `expected` has too few trials to be trusted."""
    n, p0 = np.asarray(n, dtype=float), np.asarray(expected, dtype=float)
    return (n * np.minimum(p0, 1 - p0)) < MIN_EXPECTED


def trials_to_test(expected: float) -> int:
    """The fewest trials whose test against `expected` meets the large-sample rule."""
    return math.ceil(MIN_EXPECTED / min(expected, 1 - expected) - 1e-9)


def holm(p_values) -> np.ndarray:
    """Holm's step-down adjusted p-values (family-wise error, valid under any dependence);
    NaN stays NaN and is not counted."""
    p = np.asarray(p_values, dtype=float)
    adjusted = np.full_like(p, np.nan)
    ok = np.flatnonzero(~np.isnan(p))
    order = ok[np.argsort(p[ok], kind="stable")]
    m = len(order)
    running = 0.0
    for rank, index in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p[index]))
        adjusted[index] = running
    return adjusted
