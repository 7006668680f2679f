"""Plackett–Luce ratings and the head-to-head matrix (analytics/stats/ratings.py)."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from analytics.stats.ratings import ELO, fit_theta, head_to_head, plackett_luce, stages


def planted_games(theta: list[float], n: int, seats: int, seed: int) -> list[list[tuple]]:
    """Games drawn from Plackett–Luce itself: each table `seats` distinct bots, the order by
    strength plus Gumbel noise (exactly Plackett–Luce's law)."""
    rng = np.random.default_rng(seed)
    games = []
    for _ in range(n):
        table = rng.choice(len(theta), seats, replace=False)
        noisy = np.asarray(theta)[table] + rng.gumbel(size=seats)
        order = np.argsort(-noisy)
        games.append([(int(table[i]), int(place) + 1) for place, i in enumerate(order)])
    return games


def test_ratings_recover_a_planted_order():
    theta = [0.0, 0.4, 0.8, 1.2, 1.6, 2.0]
    names = [f"bot{i}" for i in range(len(theta))]
    ratings = plackett_luce(names, planted_games(theta, 3000, 4, seed=1), n_boot=100)
    found = [r.estimate for r in ratings.ratings]
    assert found == sorted(found)  # the planted order, rung by rung
    covered = sum(r.low <= ELO * t <= r.high for r, t in zip(ratings.ratings, theta, strict=True))
    assert covered >= len(theta) - 1  # 95% intervals: at most one miss among six
    assert all(abs(r.estimate - ELO * t) < 60
               for r, t in zip(ratings.ratings[1:], theta[1:], strict=True))


def test_two_bots_give_the_log_odds_of_their_games():
    """Two bots: theta is the log-odds of the games won (the prior moves it by < 1e-3)."""
    games = [[(0, 1), (1, 2)]] * 30 + [[(1, 1), (0, 2)]] * 70
    theta = fit_theta(stages(games, 2))
    assert math.isclose(theta[1], math.log(70 / 30), abs_tol=1e-3)


def test_a_tie_counts_half_head_to_head():
    games = [[(0, 1), (1, 1), (2, 3)], [(0, 2), (1, 1), (2, 3)]]
    h2h = head_to_head(["a", "b", "c"], games)
    assert h2h[("a", "b")].estimate == 0.25 and h2h[("b", "a")].estimate == 0.75
    assert h2h[("a", "c")].estimate == 1.0 and h2h[("a", "c")].n == 2


def test_a_bot_that_never_loses_stays_finite():
    games = [[(0, 2), (1, 1)]] * 20
    theta = fit_theta(stages(games, 2))
    assert 3 < theta[1] < 40


@settings(max_examples=30, deadline=None)
@given(st.lists(st.permutations([0, 1, 2]), min_size=1, max_size=20))
def test_head_to_head_rates_of_a_pair_sum_to_one(orders):
    games = [[(bot, place + 1) for place, bot in enumerate(order)] for order in orders]
    h2h = head_to_head(["a", "b", "c"], games)
    for a, b in (("a", "b"), ("a", "c"), ("b", "c")):
        assert math.isclose(h2h[(a, b)].estimate + h2h[(b, a)].estimate, 1.0)
        assert h2h[(a, b)].low <= h2h[(a, b)].estimate <= h2h[(a, b)].high
