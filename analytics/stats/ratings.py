"""Ratings of bots from finishing orders: Plackett–Luce by maximum likelihood, intervals by a
bootstrap over games, and the head-to-head matrix.

Plackett–Luce: a game's finishing order is drawn place by place, each seat left taking the
place with probability proportional to its bot's strength exp(theta). A tie is Breslow's
approximation (the tied seats all chosen at that place from those left), as Cox regression
treats tied times. theta is fitted with scipy (BFGS with the exact gradient); the first bot is
the anchor (theta 0) and a weak normal prior (sd `PRIOR_SD`) keeps a bot that never lost
finite. Reported on the Elo scale (400 / ln 10 per unit of theta): two bots `d` apart in a
two-seat game, the stronger finishes first with probability 1 / (1 + 10 ** (-d / 400)).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from analytics.stats.estimates import Estimate, wilson_bounds

ELO = 400 / math.log(10)
PRIOR_SD = 10.0  # in theta: 4,000 Elo points, far wider than any ladder


@dataclass(frozen=True, slots=True)
class Stages:
    """Every game's places, as the distinct patterns they take: who was left (mask), who took
    the place (chosen) and how many tied for it; per place, its game and its pattern (a ladder
    of a few bots has a few hundred patterns for any number of games: the fit sums over them)."""

    left: np.ndarray  # (patterns, bots) 0/1
    chosen: np.ndarray  # (patterns, bots) 0/1
    tied: np.ndarray  # (patterns,)
    game: np.ndarray  # (places,)
    pattern: np.ndarray  # (places,)
    games: int
    bots: int


def stages(games: Sequence[Sequence[tuple[int, int]]], bots: int) -> Stages:
    """The rows of `games`: each a list of (bot index, rank) per seat, each bot at most once
    (1 = first; ties share a rank). The last place (one seat left) says nothing: no row."""
    left, chosen, game = [], [], []
    for g, seats in enumerate(games):
        remaining = np.zeros(bots)
        for bot, _ in seats:
            remaining[bot] = 1
        for rank in sorted({r for _, r in seats}):
            if remaining.sum() <= 1:
                break
            took = np.zeros(bots)
            for bot, r in seats:
                if r == rank:
                    took[bot] = 1
            left.append(remaining.copy())
            chosen.append(took)
            game.append(g)
            remaining -= took
    rows = np.hstack([np.array(left, dtype=float).reshape(-1, bots),
                      np.array(chosen, dtype=float).reshape(-1, bots)])
    unique, pattern = np.unique(rows, axis=0, return_inverse=True)
    return Stages(unique[:, :bots], unique[:, bots:], unique[:, bots:].sum(axis=1),
                  np.array(game, dtype=int), pattern.reshape(-1), len(games), bots)


def _negative_log_likelihood(free: np.ndarray, s: Stages, weights: np.ndarray
                             ) -> tuple[float, np.ndarray]:
    theta = np.concatenate([[0.0], free])
    strength = np.exp(theta - theta.max()) * s.left  # (rows, bots), zero where not left
    total = strength.sum(axis=1)
    log_total = np.log(total) + theta.max()
    ll = weights @ (s.chosen @ theta - s.tied * log_total)
    grad = (weights[:, None] * (s.chosen - s.tied[:, None] * strength / total[:, None])).sum(0)
    ll -= (theta ** 2).sum() / (2 * PRIOR_SD ** 2)
    grad -= theta / PRIOR_SD ** 2
    return -ll, -grad[1:]


def fit_theta(s: Stages, game_weights: np.ndarray | None = None) -> np.ndarray:
    """The maximum-likelihood strengths (log scale, the first bot 0), games weighted (the
    bootstrap's resampling counts) or not."""
    from scipy.optimize import minimize  # scipy only when fitting

    per_place = np.ones(len(s.game)) if game_weights is None else game_weights[s.game]
    weights = np.bincount(s.pattern, weights=per_place, minlength=len(s.tied))
    found = minimize(_negative_log_likelihood, np.zeros(s.bots - 1), args=(s, weights),
                     jac=True, method="BFGS")
    return np.concatenate([[0.0], found.x])


@dataclass(frozen=True, slots=True)
class Ratings:
    """Per bot: its Elo-scale rating against the anchor (the first bot) with a bootstrap
    interval, and the number of games it played."""

    names: tuple[str, ...]
    ratings: tuple[Estimate, ...]


def plackett_luce(names: Sequence[str], games: Sequence[Sequence[tuple[int, int]]],
                  n_boot: int = 200, seed: int = 0, confidence: float = 0.95) -> Ratings:
    """Plackett–Luce ratings of `names` from `games` ((bot index, rank) per seat), with
    percentile intervals from `n_boot` resamplings of whole games."""
    s = stages(games, len(names))
    theta = fit_theta(s)
    rng = np.random.default_rng(seed)
    draws = np.array([fit_theta(s, rng.multinomial(s.games, np.full(s.games, 1 / s.games))
                                .astype(float)) for _ in range(n_boot)]) if n_boot else None
    played = np.zeros(len(names))
    for seats in games:
        for bot, _ in seats:
            played[bot] += 1
    tail = (1 - confidence) / 2
    found = []
    for b in range(len(names)):
        low, high = ((np.quantile(draws[:, b], tail), np.quantile(draws[:, b], 1 - tail))
                     if draws is not None else (math.nan, math.nan))
        found.append(Estimate(ELO * theta[b], ELO * low, ELO * high, n=int(played[b]),
                              method=f"Plackett-Luce MLE (Breslow ties), Elo scale, anchor "
                                     f"{names[0]}; bootstrap over games B={n_boot}"))
    return Ratings(tuple(names), tuple(found))


def head_to_head(names: Sequence[str], games: Sequence[Sequence[tuple[int, int]]],
                 confidence: float = 0.95) -> dict[tuple[str, str], Estimate]:
    """For each ordered pair (a, b) of bots that met at a table: the share of those games in
    which a finished above b (a tie counts half), with its Wilson interval (one observation
    per game: games are independent)."""
    above = np.zeros((len(names), len(names)))
    met = np.zeros((len(names), len(names)))
    for seats in games:
        for a, rank_a in seats:
            for b, rank_b in seats:
                if a != b:
                    met[a, b] += 1
                    above[a, b] += 1.0 if rank_a < rank_b else 0.5 if rank_a == rank_b else 0.0
    low, high = wilson_bounds(above, met, confidence)
    return {(names[a], names[b]): Estimate(above[a, b] / met[a, b], float(low[a, b]),
                                           float(high[a, b]), n=int(met[a, b]), method="wilson")
            for a in range(len(names)) for b in range(len(names)) if a != b and met[a, b]}
