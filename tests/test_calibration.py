"""Calibration of the rare-row rule (issue 28), on synthetic games fast enough for every run.

An outside audit found `compare` flagging 12% of A/A rows with fewer than 20 owners at
p < 0.05, and owned win rate intervals outside [-1, 1]. These tests would have caught it:
A/A comparisons through `compare_games` with rows binned by owners (each bin's false positive
rate within a binomial band of alpha), the coverage of owned_wr and delta intervals against
truths from a large simulation, and the regression's clustered standard error against a
cluster bootstrap. The real-game version: `python -m analytics.devtools.calibration`.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats as sps

from analytics import stats
from analytics.experiments.compare import compare_games
from analytics.experiments.paired import PairedGames
from analytics.games.diceforge.roles import ROLES

ALPHA = 0.05
PLAYERS = 4
# Per-seat chances of owning each card: 3 to 600 owners in 300 games.
TAKE = {"rare_a": 0.0025, "rare_b": 0.005, "few_a": 0.01, "few_b": 0.02, "some": 0.06,
        "many": 0.5}
BINS = {"under 20": (0, 20), "20-99": (20, 100), "100+": (100, 10**9)}


def band(trials: int, p: float = ALPHA, confidence: float = 0.999) -> tuple[float, float]:
    """The share of `trials` a correct test flags, with probability `confidence`."""
    tail = (1 - confidence) / 2
    return sps.binom.ppf(tail, trials, p) / trials, sps.binom.isf(tail, trials, p) / trials


def play(rng, n: int) -> tuple[np.ndarray, np.ndarray]:
    """`n` games: win shares (a tie splits the win) and what each seat owns. Owners are the
    stronger seats (as strong players buy more), so owners win more than non-owners."""
    skill = rng.normal(0, 1, (n, PLAYERS))
    owned = np.stack([rng.random((n, PLAYERS)) < take * 2 * (skill > 0)
                      for take in TAKE.values()], axis=2).astype(np.float32)
    points = np.round(skill + rng.normal(0, 1, (n, PLAYERS)), 1)
    best = points == points.max(axis=1, keepdims=True)
    return best / best.sum(axis=1, keepdims=True), owned


def aa_games(rng, n: int) -> PairedGames:
    """Two arms of one setup on other seeds, paired by position: an A/A comparison."""
    (win_a, owned_a), (win_b, owned_b) = play(rng, n), play(rng, n)
    ones = {arm: np.full(n, 9.0) for arm in "AB"}
    return PairedGames(
        PLAYERS, np.arange(n), {"A": win_a, "B": win_b},
        {"A": 100 * win_a, "B": 100 * win_b},
        {arm: np.full((n, PLAYERS), "bot") for arm in "AB"}, ones, ones,
        {arm: np.zeros(n) for arm in "AB"},
        {"card": list(TAKE), "face": []},
        {"card": {arm: np.ones(len(TAKE), bool) for arm in "AB"},
         "face": {arm: np.zeros(0, bool) for arm in "AB"}},
        {"card": {"A": owned_a, "B": owned_b},
         "face": {arm: np.zeros((n, PLAYERS, 0), np.float32) for arm in "AB"}},
        ROLES)


def test_a_a_false_positives_are_about_alpha_in_every_bin_of_owners():
    rng = np.random.default_rng(28)
    flagged = {name: [0, 0] for name in BINS}  # flags, tested rows
    worst_p = 1.0
    for _ in range(250):
        games = aa_games(rng, 300)
        rows = compare_games(games).rows.filter(rows_measure("owned_wr"))
        owners = {c: min(games.owned["card"][arm][:, :, j].sum() for arm in "AB")
                  for j, c in enumerate(TAKE)}
        for item, p, low, high in rows.select("item", "p", "low", "high").rows():
            assert -1 <= low <= high <= 1 or np.isnan(low)  # never outside the range
            if np.isnan(p):
                continue
            worst_p = min(worst_p, p)
            for name, (lo, hi) in BINS.items():
                if lo <= owners[item] < hi:
                    flagged[name][0] += p < ALPHA
                    flagged[name][1] += 1
    for name, (flags, tested) in flagged.items():
        low, high = band(tested)
        assert tested >= 100, (name, tested)
        # a valid test may be conservative where a handful of owners leave few outcomes
        assert flags / tested <= high, (name, flags, tested)
        if name != "under 20":
            assert low <= flags / tested, (name, flags, tested)
    assert worst_p > 1e-6  # the audit's 10 vs 11 owners gave p = 9.8e-10


def rows_measure(measure: str):
    import polars as pl

    return pl.col("measure") == measure


def per_game_rates(win: np.ndarray, owned: np.ndarray) -> dict[str, stats.ClusteredRates]:
    """owned_wr and not_owned_wr per card from one batch of games, as the card table has
    them (every seat could take every card)."""
    owners = owned.sum(axis=1, dtype=float)
    owner_wins = np.einsum("gs,gsc->gc", win, owned)
    seats = np.full_like(owners, PLAYERS)
    return {"owned_wr": stats.clustered_rates(owner_wins, owners),
            "not_owned_wr": stats.clustered_rates(win.sum(axis=1, keepdims=True) - owner_wins,
                                                  seats - owners)}


def test_owned_win_rate_and_delta_intervals_cover_the_truth_at_every_number_of_owners():
    rng = np.random.default_rng(7)
    truth = per_game_rates(*play(rng, 400_000))  # the truths, to about 1e-3 and below
    true_owned, true_delta = truth["owned_wr"].rate, (truth["owned_wr"].rate
                                                      - truth["not_owned_wr"].rate)
    z = stats.normal_quantile(0.95)
    trials = 600
    covered = {"owned_wr": np.zeros(len(TAKE)), "delta": np.zeros(len(TAKE))}
    counted = np.zeros(len(TAKE))
    for _ in range(trials):
        rates = per_game_rates(*play(rng, 300))
        low, high = rates["owned_wr"].bounds(z)
        delta = stats.rate_difference(rates["owned_wr"], rates["not_owned_wr"])
        ok = ~np.isnan(rates["owned_wr"].rate)  # a card nobody took has no rate
        assert np.all((low[ok] >= 0) & (high[ok] <= 1))
        assert np.all((delta.low[ok] >= -1) & (delta.high[ok] <= 1))
        counted += ok
        covered["owned_wr"] += ok & (low <= true_owned) & (true_owned <= high)
        covered["delta"] += ok & (delta.low <= true_delta) & (true_delta <= delta.high)
    for name, hits in covered.items():
        for j, card in enumerate(TAKE):
            # 95% intervals, 0.999 binomial band; valid at any n: never far below 95%
            low, _ = band(int(counted[j]), 0.95)
            assert hits[j] / counted[j] >= low, (name, card, hits[j], counted[j])


def test_clustered_standard_error_of_the_adjusted_association_matches_a_cluster_bootstrap():
    rng = np.random.default_rng(3)
    n = 600
    win, owned = play(rng, n)
    seat = np.tile(np.arange(PLAYERS), n)
    covariates = np.column_stack([(seat == s) for s in (1, 2, 3)]).astype(float)
    game = np.repeat(np.arange(n), PLAYERS)
    flat_win, flat_owned = win.ravel(), owned.reshape(n * PLAYERS, -1)[:, -1:]  # "many"
    fitted = stats.adjusted_associations(flat_win, flat_owned, covariates, game)[0]
    naive = stats.adjusted_associations(flat_win, flat_owned, covariates)[0]
    se = (fitted.high - fitted.low) / (2 * stats.normal_quantile(0.95))
    draws = []
    for _ in range(300):
        games = rng.integers(0, n, n)
        rows = (games[:, None] * PLAYERS + np.arange(PLAYERS)).ravel()
        draws.append(stats.adjusted_associations(
            flat_win[rows], flat_owned[rows], covariates[rows],
            np.repeat(np.arange(n), PLAYERS))[0].estimate)
    boot = np.std(draws, ddof=1)
    # 300 resamples estimate an SD to about 4%: agree within 15%
    assert se == pytest.approx(boot, rel=0.15)
    naive_se = (naive.high - naive.low) / (2 * stats.normal_quantile(0.95))
    assert abs(naive_se - boot) > abs(se - boot)  # seat-games are not independent draws


def test_clustered_standard_error_is_statsmodels_cluster_robust_margeff():
    import statsmodels.api as sm

    rng = np.random.default_rng(5)
    n = 300
    win, owned = play(rng, n)
    winner = (win == win.max(axis=1, keepdims=True)) & (np.cumsum(win > 0, axis=1) == 1)
    y = winner.astype(float).ravel()  # statsmodels' Logit wants 0/1: the first best seat wins
    seat = np.tile(np.arange(PLAYERS), n)
    covariates = np.column_stack([(seat == s) for s in (1, 2, 3)]).astype(float)
    game = np.repeat(np.arange(n), PLAYERS)
    x = owned.reshape(n * PLAYERS, -1)[:, -1]
    ours = stats.adjusted_associations(y, x[:, None], covariates, game)[0]
    fit = sm.Logit(y, np.column_stack([np.ones(len(y)), x, covariates])).fit(
        disp=0, cov_type="cluster", cov_kwds={"groups": game})
    margins = fit.get_margeff(at="overall", dummy=True)
    assert ours.estimate == pytest.approx(margins.margeff[0], rel=1e-8)
    assert (ours.high - ours.low) / 2 / stats.normal_quantile(0.95) == pytest.approx(
        margins.margeff_se[0], rel=1e-6)
