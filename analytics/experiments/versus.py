"""`dicelab versus`: two cards that compete for one slot, played on paired seeds: does one
dominate?

The set is played twice on the same seeds and bots, once with card A on the slot and once with
card B. Each card's value is its buyers' win rate with it minus the win rate the same seats of
the same games reach with the other card (analytics.experiments.compare.buyers_difference, the
number `dicelab value` gives). A card dominates when its buyers gain by it AND the other card's
buyers would gain by switching to it: both intervals on the same side of 0. Every game-level
measure (seat balance, scores, length) is compared too, with card B's arm minus card A's.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import polars as pl

from analytics import stats
from analytics.errors import UserError
from analytics.experiments.arms import ArmSpec, arms_folder, play_arms, run_config
from analytics.experiments.compare import Comparison, buyers_difference, compare_games
from analytics.experiments.paired import PairedGames, pair, read_arms, small_pages
from analytics.games import DEFAULT_GAME, get_game, set_components
from analytics.games.content import with_swaps
from analytics.runs.simulate import validate


@dataclass(frozen=True, slots=True)
class Contest:
    """Two cards on one slot of a set: the set each arm plays (a swap of the set's name)."""

    kind: str  # the component kind a set holds (Dice Forge: card)
    set_name: str
    slot: str
    cards: tuple[str, str]
    names: tuple[str, str]  # as a person reads them (the catalogue's names)
    sets: tuple[str, str]  # arm A's set (card A on the slot), arm B's


def contest(set_name: str, card_a: str, card_b: str, game: str = "") -> Contest:
    """The slot both cards can stand on in `set_name`; two cards that cannot compete for one
    slot (an unknown one, the same one twice, different slots) are a UserError saying why."""
    plugin = get_game(game or DEFAULT_GAME)
    kind = plugin.roles.set_kind
    rows = set_components(plugin)
    for card in (card_a, card_b):
        if card not in rows:
            raise UserError(f"unknown {kind} {card!r}; see 'dicelab list {kind}s'")
    if card_a == card_b:
        raise UserError(f"versus needs two different {kind}s (got {card_a} twice)")
    name, slots = plugin.slots(set_name)

    def slot_of(card: str) -> str | None:
        return next((slot for slot, (now, others) in slots.items()
                     if card == now or card in others), None)

    slot = slot_of(card_a)
    if slot is None or slot != slot_of(card_b):
        where = {c: slot_of(c) or f"no slot of set {name!r}" for c in (card_a, card_b)}
        raise UserError(f"{card_a} and {card_b} cannot compete for one slot: {card_a} goes on "
                        f"{where[card_a]}, {card_b} on {where[card_b]}")
    sets = tuple(set_name if slots[slot][0] == card else with_swaps(set_name, {slot: card})
                 for card in (card_a, card_b))
    names = tuple(str(rows[c].get("name") or c) for c in (card_a, card_b))
    return Contest(kind, name, slot, (card_a, card_b), names, sets)


@dataclass(frozen=True, slots=True)
class Contender:
    """One card of a contest in its own arm: how often it is taken, what it is worth."""

    card: str
    name: str
    take_rate: float  # share of seat-games that took it
    take_low: float
    take_high: float
    value: stats.Paired  # its buyers: win rate with it (b) minus with the other card (a)
    buyer_seats: int


@dataclass(frozen=True, slots=True)
class Versus:
    """Both cards, every game-level measure (card B's arm minus card A's), what was read."""

    contest: Contest
    a: Contender
    b: Contender
    comparison: Comparison
    read: tuple[str, ...]


def versus(set_name: str, card_a: str, card_b: str, players: int = 4, games: int = 2000,
           seed: int = 0, bots: tuple[str, ...] = ("economist",),
           rules: dict[str, str] | None = None, module: str = "", game: str = "",
           out: Path | None = None, workers: int | None = None, progress: bool = True,
           cluster: str | None = None) -> Versus:
    """Play `set_name` with `card_a` and with `card_b` on their slot, on the same seeds and
    bots, and compare them (the runs stay in `out`/a and `out`/b when it is given)."""
    found = contest(set_name, card_a, card_b, game)
    spec_a, spec_b = (ArmSpec(s, bots, dict(rules or {}), module=module, game=game)
                      for s in found.sets)
    for spec in (spec_a, spec_b):  # every bad option fails before any game is played
        validate(run_config(spec, players, games, seed))

    def analyse(logs_a: Path, logs_b: Path) -> tuple[Versus, float]:
        return compare_cards(found, [logs_a], [logs_b]), math.nan

    with arms_folder(out) as folder:
        result, _ = play_arms(spec_a, spec_b, players, games, seed, folder, analyse,
                              workers=workers, progress=progress, cluster=cluster)
    return result


def compare_cards(found: Contest, logs_a, logs_b) -> Versus:
    """The contest read from its arms' runs: arm A has card A on the slot, arm B card B."""
    with small_pages():
        arm_a, arm_b = read_arms(logs_a, logs_b)
        games = pair(arm_a, arm_b)
        comparison = compare_games(games)
        # each card's buyers are those of the arm that offers it: arm A's, seen as arm B
        a = _contender(pair(replace(arm_b, label="A"), replace(arm_a, label="B")), found, 0)
    read = tuple(line.replace(f"--logs-{arm}", f"arm {arm.upper()} ({card})")
                 for arm, card, lines in zip("ab", found.cards, (arm_a.read, arm_b.read),
                                             strict=True) for line in lines)
    return Versus(found, a, _contender(games, found, 1), comparison, read)


def _contender(games: PairedGames, found: Contest, index: int) -> Contender:
    """Card `index` of the contest, offered in arm B of `games`."""
    card, kind = found.cards[index], found.kind
    if card not in games.components[kind]:
        raise UserError(f"{card!r}: no {kind} of that name in the runs")
    owned = games.owned[kind]["B"][:, :, games.components[kind].index(card)]
    take = stats.clustered_rates(owned.sum(axis=1, dtype=float),
                                 np.full(games.n_games, float(games.players)))
    low, high = take.bounds(1.96)
    return Contender(card, found.names[index], float(take.rate[0]), float(low[0]),
                     float(high[0]), buyers_difference(games, kind, card), int(owned.sum()))


def dominant(result: Versus) -> Contender | None:
    """The card that dominates: its buyers gain by it (interval above 0) and the other's
    buyers would gain by switching to it (the other's interval below 0); None: neither."""
    a, b = result.a.value, result.b.value
    if a.low > 0 and b.high < 0:
        return result.a
    if b.low > 0 and a.high < 0:
        return result.b
    return None


def _points(value: float) -> str:
    return f"{100 * value:+.1f}"


def _interval(r: stats.Paired, sign: int = 1) -> str:
    """Its 95% interval in points (`sign` -1: of the opposite difference)."""
    low, high = sorted((sign * r.low, sign * r.high))
    return f"95% {100 * low:.1f} to {100 * high:.1f}"


def _gain(mine: Contender, other: Contender) -> str:
    """What `mine`'s buyers gain by it rather than `other`, in words."""
    if mine.buyer_seats == 0:
        return f"no seat took {mine.name}, so its value is not measured"
    if math.isnan(mine.value.low):
        return f"{mine.name}'s buyers show no spread to measure"
    gain = mine.value.difference
    return (f"{mine.name}'s buyers win {100 * abs(gain):.1f} points "
            f"{'more' if gain >= 0 else 'less'} with it than with {other.name} "
            f"({_interval(mine.value)})")


def verdict(result: Versus) -> str:
    """The answer in one plain sentence."""
    a, b, c = result.a, result.b, result.contest
    n = max(a.value.n, b.value.n)
    on = f"{n:,} paired games of set {c.set_name}, slot {c.slot}"
    winner = dominant(result)
    if winner is not None:
        loser = b if winner is a else a
        return (f"{winner.name} dominates {loser.name}: its buyers win "
                f"{_points(winner.value.difference)} points more with it than with "
                f"{loser.name} ({_interval(winner.value)}), and {loser.name}'s buyers would win "
                f"{_points(-loser.value.difference)} points more with {winner.name} "
                f"({_interval(loser.value, -1)}); {on}.")
    why = ("each card is better for the seats that choose it" if a.value.low > 0
           and b.value.low > 0 else "dominance needs both intervals on one side of 0")
    return f"Neither dominates: {_gain(a, b)}, {_gain(b, a)}; {why}; {on}."


def cards_table(result: Versus) -> pl.DataFrame:
    """One row per card: its set, take rate, its buyers' win rate with it and with the other
    card, the value (with minus with the other) and its interval."""
    rows = []
    for mine, other, arm in ((result.a, result.b, "A"), (result.b, result.a, "B")):
        v = mine.value
        rows.append({result.contest.kind: mine.card, "name": mine.name, "arm": arm,
                     "take_rate": mine.take_rate, "take_rate_low": mine.take_low,
                     "take_rate_high": mine.take_high, "buyers_wr_with": v.b,
                     "buyers_wr_other": v.a, "value": v.difference, "value_low": v.low,
                     "value_high": v.high, "p": v.p_value, "buyer_seats": mine.buyer_seats,
                     "n_games": v.n, "instead_of": other.card})
    return pl.DataFrame(rows).fill_nan(None)  # a card no seat took has no value: blank


def game_rows(result: Versus) -> pl.DataFrame:
    """The game-level measures: with card A (a), with card B (b), b - a and its interval."""
    return (result.comparison.rows.filter(pl.col("section") == "game")
            .select("item", "a", "b", "difference", difference_low="low",
                    difference_high="high", p_adj="p_adj", n_games="n_games"))


def note(result: Versus) -> str:
    """How to read the numbers."""
    c = result.contest
    return (f"arm A: set {c.sets[0]} ({c.cards[0]} on {c.slot}); arm B: set {c.sets[1]} "
            f"({c.cards[1]} on {c.slot}); the same seeds and bots, seats rotated. value = win "
            f"rate of the seats that took the {c.kind} minus the same seats' win rate in the "
            "other arm (95% Student t over games, each game one cluster); take_rate: share of "
            "seat-games that took it (Wilson on the cluster-effective n); game rows: b - a, "
            "p_adj Benjamini-Hochberg over the game rows")
