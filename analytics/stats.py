"""Statistics for win rates: intervals, cluster bootstrap, multiple testing, regression, power.

Every function returns numbers or small frozen results and never prints (STYLE.md 11).
scipy and statsmodels are imported only where needed: importing them costs about a second,
more than the whole card table takes to compute.
"""

from __future__ import annotations

import math
import warnings
from concurrent.futures import ThreadPoolExecutor
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


def _z(confidence: float) -> float:
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def _two_sided_p(z: float) -> float:
    """P(|Z| >= |z|) for a standard normal Z."""
    return math.erfc(abs(z) / math.sqrt(2))


def wilson_bounds(successes, n, confidence: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
    """Wilson score bounds for arrays of (possibly fractional) successes out of n; NaN at n=0."""
    s, n = np.asarray(successes, dtype=float), np.asarray(n, dtype=float)
    z = _z(confidence)
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
    p_value = _two_sided_p(diff / se) if se > 0 else math.nan
    return Estimate(diff, float(low), float(high), p_value, n1 + n2, "newcombe-hybrid-score")


_ONE = np.float32(1.0)


def bootstrap_sums(per_game: np.ndarray, n_boot: int = 1000, seed: int = 0,
                   chunk: int = 64) -> np.ndarray:
    """Column sums of `per_game` (games x columns) over `n_boot` resamples of whole games.

    Resampling rows keeps every row of one game together (a cluster bootstrap); the same
    seed gives the same resamples.
    """
    rng = np.random.default_rng(seed)
    n_games = per_game.shape[0]
    out = np.empty((n_boot, per_game.shape[1]))
    # The products run in single precision, twice as fast as double: counts and per-game sums
    # of counts are exact in it, and sums of win shares err by about 1e-7 relative, a
    # thousandth of the resampling's own noise.
    values = per_game.astype(np.float32)
    counts = np.empty((min(chunk, n_boot), n_games), dtype=np.float32)

    def draw(start: int) -> np.ndarray:
        # uint32 draws are the very numbers int64 draws would be (numpy draws any range under
        # 2**32 with 32-bit Lemire sampling), written in half the memory and time.
        size = min(chunk, n_boot - start)
        return rng.integers(0, n_games, size=(size, n_games), dtype=np.uint32)

    # Drawing is about a third of the work and numpy does it without the GIL: the next chunk is
    # drawn in a second thread while this one is counted. One thread draws every chunk, in
    # order, so the resamples are those of a plain loop.
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="bootstrap") as drawer:
        pending = drawer.submit(draw, 0)
        for start in range(0, n_boot, chunk):
            draws = pending.result()
            if start + chunk < n_boot:
                pending = drawer.submit(draw, start + chunk)
            # Row b counts how often each game was drawn in resample b; sums are then one
            # matmul. Counting one resample at a time keeps the counts in cache (counting the
            # whole chunk at once writes tens of MB at random and costs twice as much), and
            # add.at counts in place: faster than bincount, which allocates, checks bounds and
            # converts to float. Its increment is a float32 like the counts: a Python float
            # sends add.at down a casting path three times slower.
            for resample, drawn in zip(counts, draws, strict=False):
                resample.fill(0.0)
                np.add.at(resample, drawn, _ONE)
            out[start:start + len(draws)] = counts[:len(draws)] @ values
    return out


def percentile_interval(samples: np.ndarray, confidence: float = 0.95
                        ) -> tuple[np.ndarray, np.ndarray]:
    """Percentile bounds over axis 0 of bootstrap `samples`, ignoring NaN resamples."""
    tail = (1 - confidence) / 2 * 100
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # an all-NaN column gives NaN bounds
        return (np.nanpercentile(samples, tail, axis=0),
                np.nanpercentile(samples, 100 - tail, axis=0))


def benjamini_hochberg(p_values) -> np.ndarray:
    """Benjamini-Hochberg adjusted p-values (step-up FDR); NaN stays NaN and is not counted.

    scipy's false_discovery_control does the adjustment; it refuses NaN, which stands here for
    a row with no test (a card nobody bought), so those are set aside first.
    """
    # Imported when called: scipy.stats costs about 0.9 s of CPU to import.
    from scipy.stats import false_discovery_control

    p = np.asarray(p_values, dtype=float)
    adjusted = np.full_like(p, np.nan)
    ok = ~np.isnan(p)
    if ok.any():
        adjusted[ok] = false_discovery_control(p[ok], method="bh")
    return adjusted


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


def sample_size_independent(base: float, effect: float, alpha: float = 0.05,
                            power: float = 0.8) -> float:
    """Observations per arm for a two-sided test of base vs base + effect (Cohen's h)."""
    from statsmodels.stats.power import NormalIndPower  # slow to import: only when needed
    from statsmodels.stats.proportion import proportion_effectsize

    h = abs(proportion_effectsize(base + effect, base))
    return float(NormalIndPower().solve_power(effect_size=h, alpha=alpha, power=power, ratio=1.0))


def sample_size_paired(base: float, effect: float, alpha: float = 0.05, power: float = 0.8,
                       correlation: float = 0.5) -> float:
    """Pairs (seeds) for a paired t-test of win differences, outcomes correlated within a pair."""
    from statsmodels.stats.power import TTestPower  # slow to import: only when needed

    p1, p2 = base, base + effect
    var1, var2 = p1 * (1 - p1), p2 * (1 - p2)
    sd_diff = math.sqrt(max(var1 + var2 - 2 * correlation * math.sqrt(var1 * var2), 1e-12))
    return float(TTestPower().solve_power(effect_size=abs(effect) / sd_diff, alpha=alpha,
                                          power=power))


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


def _weighted_effects(full: np.ndarray, y: np.ndarray, weights: np.ndarray, n_owned: int,
                      confidence: float) -> list[Estimate]:
    """Average marginal effects of columns 1 .. n_owned of a design with a constant first."""
    keep = _independent_columns(full, weights)
    x = full[:, keep]
    fit = _fit_logit(y, x, weights)
    results = [_nan_estimate(int(weights @ full[:, 1 + j])) for j in range(n_owned)]
    if fit is None:
        return results
    params, cov = fit
    for position, column in enumerate(keep):
        if 1 <= column <= n_owned:
            results[column - 1] = _average_effect(x, weights, params, cov, position, confidence)
    return results


def adjusted_associations(outcome, owned, covariates, confidence: float = 0.95
                          ) -> list[Estimate]:
    """Per 0/1 column of `owned` on its own: its average marginal association with P(win),
    adjusted only for `covariates` fixed before any purchase (seat, bot, player count, module).

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
    results = []
    for j in range(owned.shape[1]):
        key = group * 2 + (owned[:, j] > 0)
        n = np.bincount(key, minlength=2 * len(rows))
        wins = np.bincount(key, weights=y, minlength=2 * len(rows))
        present = np.flatnonzero(n)
        design = np.column_stack([np.ones(len(present)), present % 2, rows[present // 2]])
        results.extend(_weighted_effects(design, wins[present] / n[present],
                                         n[present].astype(float), 1, confidence))
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
    se = float(np.sqrt(grad @ cov @ grad))
    n_owned = int(weights @ x[:, j])
    if not np.isfinite(se) or se == 0 or abs(beta) > 15:
        return _nan_estimate(n_owned)
    z = _z(confidence)
    return Estimate(effect, effect - z * se, effect + z * se, _two_sided_p(effect / se),
                    n_owned, "logistic regression, average marginal effect (delta method)")


def _sigmoid(eta: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-eta))


def _nan_estimate(n: int) -> Estimate:
    return Estimate(math.nan, math.nan, math.nan, math.nan, n, "not estimable")


# --- Paired designs and game clusters -------------------------------------------------------
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


def paired_mean_difference(a, b, confidence: float = 0.95) -> Paired:
    """mean(b) - mean(a) over paired games: the paired t-test, with its interval."""
    a = np.asarray(a, dtype=float)
    return paired_ratio_difference(a, np.ones(len(a)), b, np.ones(len(a)), confidence)


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
    z = _z(confidence)
    return np.clip(r - z * se, 0, 1), np.clip(r + z * se, 0, 1)


def format_p(p: float) -> str:
    """A p-value as text: two significant digits, scientific when small; never '0.0'.

    A p-value below 1e-300 (or one that underflowed to 0 in floating point) is '< 1e-300'.
    """
    if p is None or math.isnan(p):
        return ""
    if p < 1e-300:
        return "< 1e-300"
    return f"{p:.2g}" if p >= 1e-3 else f"{p:.1e}"


def obrien_fleming_bounds(looks: int, alpha: float = 0.05) -> np.ndarray:
    """Two-sided O'Brien-Fleming |z| boundaries for `looks` equally spaced analyses.

    Boundary at look k is c * sqrt(looks / k), with c such that a null difference crosses
    some boundary with probability `alpha` (the z statistics of the looks are Brownian:
    corr(Z_i, Z_j) = sqrt(i / j)). Computed with scipy's multivariate normal CDF (Genz).
    """
    if looks == 1:
        return np.array([_z(1 - alpha)])
    from scipy.optimize import brentq
    from scipy.stats import multivariate_normal

    t = np.arange(1, looks + 1) / looks
    cov = np.sqrt(np.minimum.outer(t, t) / np.maximum.outer(t, t))
    shape = np.sqrt(1 / t)
    mvn = multivariate_normal(mean=np.zeros(looks), cov=cov, seed=1)

    def crossing(c: float) -> float:
        bound = c * shape
        return 1 - mvn.cdf(bound, lower_limit=-bound) - alpha

    return brentq(crossing, _z(1 - alpha) * 0.8, 8.0, xtol=1e-4) * shape
