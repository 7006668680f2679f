"""Game-level balance statistics (METRICS.md): small pure functions returning frozen results.

Every function takes numpy arrays with one row per game (the unit that is independent) and
returns `stats.Estimate`s; intervals over several rows of a game resample whole games.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from analytics import stats
from analytics.stats import Estimate


def rate(successes: float, n: float) -> Estimate:
    """A share of games (ties, say) with its 95% Wilson interval."""
    return stats.wilson(float(successes), float(n))


def mean(values: np.ndarray) -> Estimate:
    """Mean of one value per game with a 95% Student t interval (games are independent)."""
    values = np.asarray(values, dtype=float)
    n = len(values)
    centre = float(values.mean()) if n else math.nan
    sd = float(values.std(ddof=1)) if n > 1 else math.nan
    low, high = stats.mean_bounds(centre, sd, n)
    return Estimate(centre, float(low), float(high), n=n, method="t interval over games")


def spread(values: np.ndarray, n_boot: int = 1000, seed: int = 0) -> tuple[Estimate, Estimate]:
    """SD and 95th percentile of one value per game, each with a 95% bootstrap interval.

    A resample of games is a draw of how often each distinct value occurs (a multinomial):
    the same resamples as drawing games, in a fraction of the time for rounds or decisions.
    """
    values = np.asarray(values, dtype=float)
    n = len(values)
    if not n:
        empty = Estimate(math.nan, math.nan, math.nan, n=0)
        return empty, empty
    distinct, counts = np.unique(values, return_counts=True)
    draws = np.random.default_rng(seed).multinomial(n, counts / n, size=n_boot)
    method = f"bootstrap over games (B={n_boot})"
    out = []
    for statistic in (_weighted_sd, _weighted_p95):
        low, high = stats.percentile_interval(statistic(distinct, draws))
        point = float(statistic(distinct, counts[None, :])[0])
        out.append(Estimate(point, float(low), float(high), n=n, method=method))
    return out[0], out[1]


def _weighted_sd(values: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """Sample SD of `values` repeated `counts` times, per row of `counts`."""
    n = counts.sum(axis=1)
    centre = counts @ values / n
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.sqrt((counts @ values**2 - n * centre**2).clip(0) / (n - 1))


def _weighted_p95(values: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """95th percentile (inverted CDF: the smallest value with 95% at or below it), per row."""
    reached = np.cumsum(counts, axis=1) >= 0.95 * counts.sum(axis=1, keepdims=True)
    return values[np.argmax(reached, axis=1)]


@dataclass(frozen=True, slots=True)
class SeatAdvantage:
    """Win rate by seat (Wilson, each with its score test against 1/N), the chi-square test
    of all seats at once, and Ludii's Balance."""

    seats: tuple[Estimate, ...]
    chi_square: Estimate
    balance: Estimate

    @property
    def seat_p_adjusted(self) -> np.ndarray:
        """Each seat's test adjusted by Holm over the seats, each hypothesis once: with two
        seats one's gap is the other's, one test."""
        return seat_family(np.array([s.p_value for s in self.seats]))

    @property
    def worst_seat(self) -> int:
        """The seat whose win rate is farthest from 1/N."""
        fair = 1 / len(self.seats)
        return int(np.argmax([abs(s.estimate - fair) for s in self.seats]))


def seat_advantage(win_share: np.ndarray, n_boot: int = 1000, seed: int = 0) -> SeatAdvantage:
    """From a (games x seats) matrix of win shares (each row sums to 1)."""
    win_share = np.asarray(win_share, dtype=float)
    n_games, n_seats = win_share.shape
    wins = win_share.sum(axis=0)
    fair = 1 / n_seats
    testable = not stats.too_few_to_test(n_games, fair)  # else every p stays NaN
    seats = tuple(replace(stats.wilson(float(w), n_games),
                          p_value=float(stats.score_test_p(w, n_games, fair)) if testable
                          else math.nan)
                  for w in wins)
    # n: games (the test's own n counts seat-games, N per game)
    chi = replace(stats.seat_chi_square(wins, np.full(n_seats, n_games)), n=n_games)
    chi = chi if testable else replace(chi, p_value=math.nan)
    sums = stats.bootstrap_sums(win_share, n_boot, seed) if n_games else np.zeros((0, n_seats))
    boot = 1 - (sums.max(axis=1) - sums.min(axis=1)) / max(n_games, 1)
    low, high = stats.percentile_interval(boot)
    point = 1 - (wins.max() - wins.min()) / n_games if n_games else math.nan
    balance = Estimate(float(point), float(low), float(high), n=n_games,
                       method=f"1 - max seat gap, bootstrap over games (B={n_boot})")
    return SeatAdvantage(seats, chi, balance)


def shares(per_game: np.ndarray, n_boot: int = 1000, seed: int = 0) -> tuple[Estimate, ...]:
    """Each column's share of the total over all games (Glory by source, wins by bot), with a
    95% cluster-bootstrap interval (whole games resampled)."""
    per_game = np.asarray(per_game, dtype=float)
    n_games = per_game.shape[0]
    total = per_game.sum()
    if not n_games or total == 0:
        return tuple(Estimate(math.nan, math.nan, math.nan, n=n_games)
                     for _ in range(per_game.shape[1]))
    sums = stats.bootstrap_sums(per_game, n_boot, seed)
    with np.errstate(invalid="ignore"):  # a resample of games without any: NaN, ignored
        low, high = stats.percentile_interval(sums / sums.sum(axis=1, keepdims=True))
    point = per_game.sum(axis=0) / total
    method = f"share of the total, bootstrap over games (B={n_boot})"
    return tuple(Estimate(float(p), float(lo), float(hi), n=n_games, method=method)
                 for p, lo, hi in zip(point, low, high, strict=True))


def seat_family(p_values: np.ndarray) -> np.ndarray:
    """Holm-adjusted p of N tests against a fair share of N (seats, or bots' shares of
    seats); two shares of one whole are one hypothesis, tested once."""
    if len(p_values) == 2:
        return np.repeat(p_values[:1], 2)
    return stats.holm(p_values)


def family_words(count: int, what: str) -> str:
    """How a family of `count` fair-share tests was adjusted, in words."""
    return (f"one test: two {what} share one whole" if count == 2
            else f"Holm over {count} {what}")


def entropy_bits(counts: np.ndarray) -> float:
    """Shannon entropy (bits) of the distribution given by `counts`."""
    counts = np.asarray(counts, dtype=float)
    p = counts[counts > 0] / counts.sum() if counts.sum() else np.zeros(0)
    return float(-(p * np.log2(p)).sum()) + 0.0  # + 0.0: never -0.0


def purchase_entropy(per_game: np.ndarray, n_boot: int = 1000, seed: int = 0,
                     what: str = "items") -> Estimate:
    """Entropy of the purchase distribution over all games, from a (games x items) count
    matrix; log2(items) would mean every item is bought equally often. `what` names the items
    in the method text (the game's plural word for them)."""
    per_game = np.asarray(per_game, dtype=float)
    n_games, items = per_game.shape
    if not n_games:
        return Estimate(math.nan, math.nan, math.nan, n=0, method="entropy (bits)")
    if not per_game.sum():  # nothing bought: no distribution to measure (and log2(0) items)
        return Estimate(math.nan, math.nan, math.nan, n=n_games,
                        method=f"entropy in bits: no {what} bought")
    point = entropy_bits(per_game.sum(axis=0))
    sums = stats.bootstrap_sums(per_game, n_boot, seed)
    low, high = stats.percentile_interval(np.array([entropy_bits(row) for row in sums]))
    return Estimate(point, float(low), float(high), n=n_games,
                    method=f"entropy in bits (max {math.log2(items):.2f} = "
                           f"{items} {what} bought equally), bootstrap over games")


def how_unusual(p_value: float, who: str = "seats", fair: str = "fair") -> str:
    """What a test says of a gap, in words: how unlikely a gap this large would be if `who`
    were `fair`. Never how likely the gap is to be real: a p-value is not that."""
    if math.isnan(p_value):
        return "too few games to test"
    for bound, words in ((0.001, "very unlikely"), (0.01, "unlikely"), (0.05, "unusual")):
        if p_value < bound:
            return f"this gap would be {words} if {who} were {fair}"
    return f"a gap this size is common when {who} are {fair}"


def format_p(p_value: float) -> str:
    return "p < 0.001" if p_value < 0.001 else f"p = {p_value:#.2g}"


def gap_p_value(estimate: Estimate, expected: float) -> float:
    """Two-sided p-value of estimate vs `expected`, from the interval's normal-theory SE."""
    se = (estimate.high - estimate.low) / (2 * 1.959964)
    if not se > 0:
        return math.nan
    return math.erfc(abs(estimate.estimate - expected) / se / math.sqrt(2))


@dataclass(frozen=True, slots=True)
class Imbalance:
    """One candidate for the worst imbalance: who, their win share, what is fair, and its own
    test's p-value adjusted over its family (`family` says which: 'Holm over 4 seats')."""

    who: str
    share: Estimate
    fair: float
    p_value: float
    family: str = ""

    @property
    def gap(self) -> float:
        return self.share.estimate - self.fair


def verdict(players: int, n_games: int, seat: Imbalance | None,
            bots: Sequence[Imbalance] = ()) -> str:
    """One sentence per player count: the seat farthest from a fair share of wins and what
    its own test says; then the bot farthest from its share of seats when its test is below
    0.05 (bot strength, which a designer reads apart from the game's own balance)."""
    if seat is None or not n_games:
        return f"{players} players: no games."
    text = f"{players} players ({n_games:,} games): "
    if players == 1:  # one seat: no seat balance to test (it plays against the game's rivals)
        return text + (f"one seat, which wins {seat.share.estimate:.1%} of its games "
                       "(against the solo opponent).")
    if math.isnan(seat.p_value):
        return text + (f"too few games to test a seat's share (at least "
                       f"{stats.trials_to_test(seat.fair)} needed: 5 expected wins and 5 "
                       "losses per seat).")
    if not seat.p_value < 0.05:
        text += "no seat is clearly off a fair share; the largest gap: "
    text += _gap_words(seat, how_unusual(seat.p_value))
    clear = [b for b in bots if b.p_value < 0.05]
    if clear:
        worst = max(clear, key=lambda b: abs(b.gap))
        text += " Between the bots: " + _gap_words(
            worst, how_unusual(worst.p_value, "the bots", "equally strong"), "its share of seats")
    return text


def _gap_words(item: Imbalance, unusual: str, fair_is: str = "a fair share") -> str:
    s = item.share
    # exactly the fair share is neither more nor less (the largest gap when seats win alike)
    side = "more than" if item.gap > 0 else "less than" if item.gap < 0 else "exactly"
    family = f", {item.family}" if item.family else ""
    return (f"{item.who} wins {side} {fair_is} ({item.fair:.1%}): {s.estimate:.1%}, "
            f"95% {s.low:.1%}-{s.high:.1%}, n = {s.n:,.0f} games; {unusual} "
            f"(adjusted {format_p(item.p_value)}{family}).")
