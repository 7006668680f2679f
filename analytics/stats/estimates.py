"""Single estimates and their intervals: proportions (Wilson, Newcombe), means (Student t),
ratios over games clustered by game, seat shares (chi-square), multiple testing, p as text.

scipy is imported only where needed: scipy.stats costs about a second to import, more than a
whole card table takes to compute.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np


@dataclass(frozen=True, slots=True)
class Estimate:
    """A point estimate with its interval, p-value (NaN when none), sample size and method."""

    estimate: float
    low: float
    high: float
    p_value: float = math.nan
    n: float = 0
    method: str = ""


def normal_quantile(confidence: float) -> float:
    """The two-sided normal quantile of `confidence` (1.96 at 0.95)."""
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def two_sided_p(z: float) -> float:
    """P(|Z| >= |z|) for a standard normal Z."""
    return math.erfc(abs(z) / math.sqrt(2))


def wilson_bounds(successes, n, confidence: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
    """Wilson score bounds for arrays of (possibly fractional) successes out of n; NaN at n=0."""
    s, n = np.asarray(successes, dtype=float), np.asarray(n, dtype=float)
    z = normal_quantile(confidence)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = s / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    # At 0 or n successes the bound is exactly 0 or 1; the formula only gets there up to rounding.
    low = np.where((s <= 0) & (n > 0), 0.0, np.clip(centre - half, 0, 1))
    high = np.where((s >= n) & (n > 0), 1.0, np.clip(centre + half, 0, 1))
    return low, high


def wilson(successes: float, n: float, confidence: float = 0.95) -> Estimate:
    """Wilson score interval for a proportion (Wilson 1927; Newcombe 1998 method 3)."""
    low, high = wilson_bounds(successes, n, confidence)
    rate = successes / n if n else math.nan
    return Estimate(rate, float(low), float(high), n=n, method="wilson")


def mean_bounds(mean, sd, n, confidence: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
    """Student-t interval for means of `n` independent units (games) with sample SD `sd`."""
    # The t quantile from scipy.special (scipy.stats.t.ppf, a test checks): importing
    # scipy.stats costs about a second.
    from scipy.special import stdtrit

    mean, sd, n = (np.asarray(a, dtype=float) for a in (mean, sd, n))
    with np.errstate(divide="ignore", invalid="ignore"):
        df = np.where(n > 1, n - 1, np.nan)
        half = stdtrit(df, 0.5 + confidence / 2) * sd / np.sqrt(n)
    return mean - half, mean + half


def newcombe_difference(s1: float, n1: float, s2: float, n2: float,
                        confidence: float = 0.95) -> Estimate:
    """p1 - p2 with Newcombe's hybrid score interval (method 10) and a two-sided z-test p-value."""
    p1, p2 = s1 / n1, s2 / n2
    l1, u1 = wilson_bounds(s1, n1, confidence)
    l2, u2 = wilson_bounds(s2, n2, confidence)
    diff = p1 - p2
    low = diff - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = diff + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    pooled = (s1 + s2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    p_value = two_sided_p(diff / se) if se > 0 else math.nan
    return Estimate(diff, float(low), float(high), p_value, n1 + n2, "newcombe-hybrid-score")


def benjamini_hochberg(p_values) -> np.ndarray:
    """Benjamini-Hochberg adjusted p-values (step-up FDR); NaN stays NaN and is not counted.

    NaN stands for a row with no test (a card nobody bought), so those are set aside. The
    steps are scipy's `false_discovery_control(method="bh")`, operation for operation (a test
    holds them equal to the last bit), in numpy: importing scipy.stats for them cost about a
    second of CPU, a fifth of `compare` on 2 x 100,000 games.
    """
    p = np.asarray(p_values, dtype=float)
    adjusted = np.full_like(p, np.nan)
    ok = ~np.isnan(p)
    tested = p[ok]
    if np.any((tested < 0) | (tested > 1)):  # scipy refuses them, a single one too
        raise ValueError("p-values must lie between 0 and 1")
    m = len(tested)
    if m <= 1:  # scipy leaves a single p as it is
        adjusted[ok] = tested
        return adjusted
    order = np.argsort(tested)
    ranked = tested[order] * (m / np.arange(1, m + 1, dtype=float))
    # Reject every hypothesis ranked below the largest k with p_(k) <= k q / m: each adjusted
    # p is the least of its own and those ranked above it.
    np.minimum.accumulate(ranked[::-1], out=ranked[::-1])
    adjusted[np.flatnonzero(ok)[order]] = np.clip(ranked, 0.0, 1.0)
    return adjusted


@functools.lru_cache(maxsize=4)
def _directions(length: int) -> np.ndarray:
    """Two fixed random directions in the space of per-game profiles of `length` games."""
    return np.random.default_rng(28).normal(size=(2, length))


def profile_signature(profile) -> tuple[float, float]:
    """A per-game profile (what a test sums over games) as two numbers that are equal for
    proportional profiles of either sign and, with probability 1, differ otherwise: its
    projections, once normalised, on two fixed random directions (sign fixed by the first).
    Two numbers a row instead of a vector of games: a comparison of 100,000 games keeps none."""
    v = np.asarray(profile, dtype=float)
    norm = float(np.linalg.norm(v)) if len(v) else 0.0
    if not (norm > 0 and math.isfinite(norm)):
        return math.nan, math.nan
    first, second = _directions(len(v)) @ (v / norm)
    return (float(first), float(second)) if first >= 0 else (float(-first), float(-second))


def same_hypotheses(signatures, p_values, tolerance: float = 1e-7) -> np.ndarray:
    """For each tested row, the index of an earlier row testing the same hypothesis, else -1.

    Two rows test one hypothesis when their per-game profiles are proportional, of either
    sign (`profile_signature`s equal to rounding): seat 0 and the first seat's advantage, the
    two bots of a two-bot game (one's wins are the other's losses), a card and the one face it
    forges (the same owners). Counting them twice in a multiple-testing family would count one
    finding twice.
    """
    signatures = np.asarray(signatures, dtype=float).reshape(-1, 2)
    out = np.full(len(signatures), -1)
    originals: list[int] = []
    for i, (signature, p) in enumerate(zip(signatures, p_values, strict=True)):
        if math.isnan(p) or np.isnan(signature).any():
            continue
        match = next((j for j in originals
                      if np.all(np.abs(signatures[j] - signature) < tolerance)), None)
        if match is None:
            originals.append(i)
        else:
            out[i] = match
    return out


def seat_chi_square(wins, n) -> Estimate:
    """Chi-square goodness of fit of wins by seat against equal shares (1/N of the wins each)."""
    # scipy.special's survival function, not scipy.stats.chisquare: importing scipy.stats
    # costs about a second, most of the `seats` command (a test checks they agree).
    from scipy.special import chdtrc

    wins, n = np.asarray(wins, dtype=float), np.asarray(n, dtype=float)
    expected = wins.sum() * n / n.sum()
    if len(wins) < 2 or wins.sum() == 0:
        return Estimate(math.nan, math.nan, math.nan, math.nan, n.sum(), "chi-square")
    statistic = float(np.sum((wins - expected) ** 2 / expected))
    df = len(wins) - 1
    return Estimate(statistic, math.nan, math.nan, float(chdtrc(df, statistic)), n.sum(),
                    f"chi-square, {df} df")


def cluster_ratio_bounds(numerator, denominator, confidence: float = 0.95
                         ) -> tuple[np.ndarray, np.ndarray]:
    """Interval of sum(num) / sum(den) over games (rows), for each column, clustered by game.

    For a win rate over seat-games: numerator = win shares of the counted seats in a game,
    denominator = how many seats were counted there. The variance is the sandwich
    (linearisation) estimator over the G games that count a seat, with the G / (G - 1)
    correction (statsmodels' cluster-robust variance of a mean), so seats of one game
    are not taken as independent; bounds are clipped to [0, 1] (rates). NaN where nothing is
    counted or fewer than two games count.
    """
    num = np.asarray(numerator, dtype=float)
    den = np.asarray(denominator, dtype=float)
    if num.ndim == 1:
        num, den = num[:, None], den[:, None]
    total = den.sum(axis=0)
    used = (den > 0).sum(axis=0)  # the clusters: games that count at least one seat
    with np.errstate(invalid="ignore", divide="ignore"):
        r = num.sum(axis=0) / total
        spread = ((num - r * den) ** 2).sum(axis=0)
        se = np.where(used >= 2, np.sqrt(spread * used / (used - 1)) / total, np.nan)
    z = normal_quantile(confidence)
    return np.clip(r - z * se, 0, 1), np.clip(r + z * se, 0, 1)


