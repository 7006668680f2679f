"""Paired designs: two setups played on the same seeds, compared game by game (each game one
cluster); the sample sizes such designs need, and the group-sequential boundary that stops
them early."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from analytics.stats.estimates import normal_quantile

# A seat-game is not an independent unit: the seats of one game share its dice and its win
# (win shares sum to 1). Rates over seat-games are therefore ratio estimators over games, and
# two setups played on the same seeds are compared game by game.


@dataclass(frozen=True, slots=True)
class Paired:
    """Arm B minus arm A over paired games: both means, the difference, its interval and p.

    `correlation` is between the arms' per-game values (linearised for ratios); `se_paired` and
    `se_independent` are the standard errors of the difference with and without the pairing.
    """

    a: float
    b: float
    difference: float
    low: float
    high: float
    p_value: float
    n: int
    correlation: float
    se_paired: float
    se_independent: float
    method: str

    @property
    def variance_ratio(self) -> float:
        """How many times the games an unpaired design would need for the same precision."""
        return (self.se_independent / self.se_paired) ** 2 if self.se_paired > 0 else math.nan


def _nan_paired(a: float, b: float, n: int, method: str) -> Paired:
    return Paired(a, b, b - a, math.nan, math.nan, math.nan, n, math.nan, math.nan, math.nan,
                  method)


def ratio(numerator, denominator) -> float:
    """Sum of numerators over sum of denominators; NaN when nothing is counted."""
    total = float(np.sum(denominator))
    return float(np.sum(numerator)) / total if total else math.nan


def _linearised(numerator: np.ndarray, denominator: np.ndarray) -> tuple[float, np.ndarray]:
    """A ratio of sums over games and each game's influence on it (Taylor linearisation)."""
    r = ratio(numerator, denominator)
    mean_den = float(np.mean(denominator)) if len(denominator) else math.nan
    with np.errstate(invalid="ignore", divide="ignore"):
        return r, (numerator - r * denominator) / mean_den


def paired_ratio_difference(num_a, den_a, num_b, den_b, confidence: float = 0.95) -> Paired:
    """R_B - R_A where R = sum(num) / sum(den) over the same games (one row per game in both).

    Each game is one cluster: its linearised contribution to R_B - R_A is an independent
    draw, so the interval is a Student t over games of those contributions. A plain mean per
    game (den = 1) is the paired t-test.
    """
    num_a, den_a, num_b, den_b = (np.asarray(x, dtype=float) for x in (num_a, den_a, num_b, den_b))
    n = len(num_a)
    method = "paired over games (ratio linearised), Student t"
    r_a, z_a = _linearised(num_a, den_a)
    r_b, z_b = _linearised(num_b, den_b)
    if n < 2 or math.isnan(r_a) or math.isnan(r_b):
        return _nan_paired(r_a, r_b, n, method)
    from scipy.special import stdtr, stdtrit

    diff = z_b - z_a
    se = float(np.std(diff, ddof=1) / math.sqrt(n))
    se_ind = float(math.sqrt((np.var(z_a, ddof=1) + np.var(z_b, ddof=1)) / n))
    estimate = r_b - r_a
    if not se > 0:
        # Identical in every game: no spread, the difference is exact.
        p = 1.0 if estimate == 0 else 0.0
        return Paired(r_a, r_b, estimate, estimate, estimate, p, n, math.nan, 0.0, se_ind, method)
    half = float(stdtrit(n - 1, 0.5 + confidence / 2)) * se
    p = float(2 * stdtr(n - 1, -abs(estimate) / se))
    with np.errstate(invalid="ignore", divide="ignore"):
        corr = float(np.corrcoef(z_a, z_b)[0, 1]) if np.std(z_a) and np.std(z_b) else math.nan
    return Paired(r_a, r_b, estimate, estimate - half, estimate + half, p, n, corr, se, se_ind,
                  method)


def paired_profile(num_a, den_a, num_b, den_b) -> np.ndarray:
    """Each game's linearised contribution to R_B - R_A: what the paired test sums (two rows
    with proportional profiles test one hypothesis)."""
    arrays = [np.asarray(x, dtype=float) for x in (num_a, den_a, num_b, den_b)]
    return _linearised(*arrays[2:])[1] - _linearised(*arrays[:2])[1]


def paired_mean_difference(a, b, confidence: float = 0.95) -> Paired:
    """mean(b) - mean(a) over paired games: the paired t-test, with its interval."""
    a = np.asarray(a, dtype=float)
    return paired_ratio_difference(a, np.ones(len(a)), b, np.ones(len(a)), confidence)


def sample_size_independent(base: float, effect: float, alpha: float = 0.05,
                            power: float = 0.8) -> float:
    """Observations per arm for a two-sided test of base vs base + effect (Cohen's h, the
    normal approximation, both tails counted)."""
    from scipy.stats import norm

    h = abs(2 * math.asin(math.sqrt(base + effect)) - 2 * math.asin(math.sqrt(base)))
    z = norm.isf(alpha / 2)

    def short_of(n: float) -> float:
        shift = h * math.sqrt(n / 2)
        return float(norm.sf(z - shift) + norm.cdf(-z - shift)) - power

    return _solve(short_of)


def t_test_sample_size(effect_size: float, alpha: float = 0.05, power: float = 0.8) -> float:
    """Observations for a two-sided one-sample (paired) t-test to reach `power` at the
    standardised effect `effect_size`: the noncentral t, both tails counted."""
    from scipy.stats import nct
    from scipy.stats import t as student

    d = abs(effect_size)

    def short_of(n: float) -> float:
        df, shift = n - 1, d * math.sqrt(n)
        crit = student.isf(alpha / 2, df)
        # The wrong-way tail P(T < -crit) as P(T > crit) under -shift: scipy's nct.cdf gives
        # NaN there for a large shift (an effect of 4 SDs and more), which stopped the solver.
        return float(nct.sf(crit, df, shift) + nct.sf(crit, df, -shift)) - power

    return _solve(short_of, low=2.0)  # one degree of freedom at least


def _solve(short_of, low: float = 1e-6) -> float:
    """The n at which `short_of(n)` (power reached less power wanted) crosses 0.

    scipy, not statsmodels: these two power functions were statsmodels' only use in the
    package, and it brings pandas with it (statsmodels stays a test dependency, to check
    them)."""
    from scipy import optimize

    if short_of(low) >= 0:  # an effect so large that the fewest observations detect it
        return low
    high = 2 * max(low, 1.0)
    while short_of(high) < 0:
        high *= 2
        if high > 1e12:
            return math.inf
    return float(optimize.brentq(short_of, low, high, xtol=1e-10, rtol=1e-12))


def sample_size_paired(base: float, effect: float, alpha: float = 0.05, power: float = 0.8,
                       correlation: float = 0.5) -> float:
    """Pairs (seeds) for a paired t-test of win differences, outcomes correlated within a pair."""
    p1, p2 = base, base + effect
    var1, var2 = p1 * (1 - p1), p2 * (1 - p2)
    sd_diff = math.sqrt(max(var1 + var2 - 2 * correlation * math.sqrt(var1 * var2), 1e-12))
    return t_test_sample_size(abs(effect) / sd_diff, alpha, power)


def obrien_fleming_bounds(looks: int, alpha: float = 0.05) -> np.ndarray:
    """Two-sided O'Brien-Fleming |z| boundaries for `looks` equally spaced analyses.

    Boundary at look k is c * sqrt(looks / k), with c such that a null difference crosses
    some boundary with probability `alpha`. The z of look k is S_k / sqrt(k), S a random walk
    of standard normal steps, so on S every boundary is the same, c * sqrt(looks): the chance
    of never crossing is integrated look by look (Armitage, McPherson and Rowe's recursion),
    deterministic and exact to about 1e-12 (scipy's multivariate normal CDF, used before, is
    randomised: its answers moved in the fifth digit).
    """
    if looks == 1:
        return np.array([normal_quantile(1 - alpha)])
    from scipy.optimize import brentq

    def crossing(c: float) -> float:
        return 1 - _never_crosses(c * math.sqrt(looks), looks) - alpha

    # c lies above the one-look bound (more looks cross more often) and below Bonferroni's
    # over the looks (crossing at some look is less likely than the sum of each look's chance)
    c = brentq(crossing, normal_quantile(1 - alpha), normal_quantile(1 - alpha / looks),
               xtol=1e-14)
    return c * np.sqrt(looks / np.arange(1, looks + 1))


# Gauss-Legendre nodes on (-1, 1) for _never_crosses (built once: a module constant).
_NODES, _WEIGHTS = np.polynomial.legendre.leggauss(128)


def _never_crosses(edge: float, steps: int) -> float:
    """P(|S_k| < edge for k = 1..steps), S a random walk of standard normal steps: S_k's
    density inside the edges at the nodes, carried one step at a time by the normal kernel."""
    at, weight = edge * _NODES, edge * _WEIGHTS
    density = _normal_density(at)  # S_1
    step = _normal_density(np.subtract.outer(at, at)) * weight  # [j, i]: from node i to j
    for _ in range(steps - 1):
        density = step @ density
    return float(weight @ density)


def _normal_density(x: np.ndarray) -> np.ndarray:
    return np.exp(-x**2 / 2) / math.sqrt(2 * math.pi)
