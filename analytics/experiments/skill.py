"""Balance by skill: does a conclusion hold for stronger players?

A skill level is a bot (a rung of the ladder) playing every seat. Per level: each seat's win
rate, AdvantageP1 (the first seat's win rate, Ludii's name), Balance, the score spread and the
margin, each with its interval; per level, a card's paired value. Levels sit side by side, and
a plain-words line says where a conclusion changes from one level to the next: a seat favoured
at one level and not (or disfavoured) at another, a card worth winning games at one level and
not at another. Levels are read from games where every seat is the same bot.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import polars as pl

from analytics.stats import Estimate
from analytics.stats import balance as bs

LEVEL_NOTE = ("a skill level is a bot playing every seat; estimate [low, high]: 95% interval "
              "(Wilson for win rates, bootstrap over games for Balance, t over games for "
              "means); a conclusion is a seat's win rate above, below or not told apart from "
              "1/N, or a value above, below or not told apart from 0")


def level_order(levels: Sequence[str]) -> list[str]:
    """Levels in natural order (mcts:100 before mcts:400) when no order is given."""
    def key(text: str) -> list:
        return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text)]
    return sorted(levels, key=key)


def homogeneous(seats: pl.DataFrame) -> pl.DataFrame:
    """The seat rows of games where every seat is the same bot, with that bot as `level`."""
    one_bot = (seats.group_by("game_id").agg(pl.col("bot").n_unique().alias("bots"),
                                             pl.col("bot").first().alias("level"))
               .filter(pl.col("bots") == 1).select("game_id", "level"))
    return seats.join(one_bot, on="game_id")


def level_metrics(seats: pl.DataFrame, players: int, n_boot: int, seed: int
                  ) -> list[tuple[str, Estimate]]:
    """One level's metrics at one player count, from its seat rows (outcome_by_seat_game)."""
    games = seats.sort("game_id", "seat")
    n = games["game_id"].n_unique()
    share = games["win_share"].to_numpy().reshape(n, players)
    score = games["score"].to_numpy().astype(float).reshape(n, players)
    advantage = bs.seat_advantage(share, n_boot, seed)
    ordered = -np.sort(-score, axis=1)
    found = [(f"seat {s} WR", e) for s, e in enumerate(advantage.seats)]
    found += [("AdvantageP1 (seat 0 WR)", advantage.seats[0]),
              ("Balance (Ludii)", advantage.balance),
              ("score SD within a game", bs.mean(score.std(axis=1))),
              ("margin (winner - runner-up)", bs.mean(ordered[:, 0] - ordered[:, 1]))]
    return found


@dataclass(frozen=True, slots=True)
class SkillTable:
    """Levels side by side (one row per player count and metric, one column per level), the
    long rows, and the plain-words lines on what holds."""

    wide: pl.DataFrame
    long: pl.DataFrame
    lines: tuple[str, ...]


def balance_by_skill(seats: pl.DataFrame, levels: Sequence[str] | None = None,
                     n_boot: int = 1000, seed: int = 0) -> SkillTable:
    """Balance metrics per skill level from seat rows (outcome_by_seat_game) of games where
    every seat is one bot; `levels` orders them (default: every such bot, naturally)."""
    rows = homogeneous(seats)
    found = level_order(rows["level"].unique().to_list()) if levels is None else list(levels)
    long = []
    for players in sorted(rows["players"].unique().to_list()):
        at = rows.filter(pl.col("players") == players)
        for level in found:
            mine = at.filter(pl.col("level") == level)
            if mine.is_empty():
                continue
            long += [{"players": players, "level": level, "metric": name, "estimate": e.estimate,
                      "low": e.low, "high": e.high, "n": int(e.n)}
                     for name, e in level_metrics(mine, players, n_boot, seed)]
    frame = pl.DataFrame(long, schema={"players": pl.Int64, "level": pl.String,
                                       "metric": pl.String, "estimate": pl.Float64,
                                       "low": pl.Float64, "high": pl.Float64, "n": pl.Int64})
    return SkillTable(side_by_side(frame, found), frame, seat_lines(frame, found))


def side_by_side(frame: pl.DataFrame, levels: Sequence[str]) -> pl.DataFrame:
    """One row per player count and metric, one `estimate [low, high]` column per level."""
    if frame.is_empty():
        return pl.DataFrame({"players": [], "metric": []})
    cells = frame.with_columns(cell=pl.struct("estimate", "low", "high").map_elements(
        lambda r: cell(r["estimate"], r["low"], r["high"]), return_dtype=pl.String))
    games = (frame.group_by("players", "level").agg(pl.col("n").max())
             .with_columns(metric=pl.lit("games"), cell=pl.col("n").map_elements(
                 lambda n: f"{n:,}", return_dtype=pl.String)))
    both = pl.concat([games.select("players", "metric", "level", "cell"),
                      cells.select("players", "metric", "level", "cell")])
    wide = both.pivot(on="level", index=["players", "metric"], values="cell",
                      maintain_order=True).sort("players", maintain_order=True)
    return wide.select("players", "metric", *(lv for lv in levels if lv in wide.columns))


def cell(estimate: float | None, low: float | None, high: float | None) -> str:
    if estimate is None or (isinstance(estimate, float) and math.isnan(estimate)):
        return ""
    if low is None or high is None or math.isnan(low):
        return f"{estimate:.3f}"
    return f"{estimate:.3f} [{low:.3f}, {high:.3f}]"


def side(low: float, high: float, reference: float) -> str:
    """Where an interval lies against a reference: above, below, or not told apart."""
    if low > reference:
        return "above"
    if high < reference:
        return "below"
    return "not told apart from"


def changes(name: str, found: list[tuple[str, Estimate]], reference: float, what: str,
            unit: str = "%") -> str:
    """One line: whether `name`'s conclusion (its side of `reference`) holds at every level."""
    sides = [(level, side(e.low, e.high, reference), e) for level, e in found]
    said = "; ".join(f"{level}: {_pct(e, unit)} ({where} {what})" for level, where, e in sides)
    distinct = {where for _, where, _ in sides}
    if len(distinct) == 1:
        return f"{name} holds at every level: {said}"
    (high_level, high), (low_level, low) = (max(found, key=lambda f: f[1].estimate),
                                            min(found, key=lambda f: f[1].estimate))
    gap = level_gap(high, low)
    between = f"{high_level} − {low_level}: {_pct(gap, unit)}"
    if gap.low <= 0:  # one test passes and another fails, yet the levels are not told apart
        return (f"{name} reads differently between levels, but the levels are not told apart "
                f"({between}): {said}")
    verb = "FLIPS" if {"above", "below"} <= distinct else "changes"
    return f"{name} {verb} between levels ({between}): {said}"


def level_gap(a: Estimate, b: Estimate) -> Estimate:
    """a − b with its 95% interval by MOVER (Newcombe) from each level's own interval, the
    levels taken as independent samples (a change between levels is claimed only when this
    interval excludes 0, not when one level's test passes and another's fails)."""
    d = a.estimate - b.estimate
    return Estimate(d, d - math.hypot(a.estimate - a.low, b.high - b.estimate),
                    d + math.hypot(a.high - a.estimate, b.estimate - b.low), n=min(a.n, b.n))


def _pct(e: Estimate, unit: str) -> str:
    if unit == "%":
        return f"{100 * e.estimate:.1f}% [{100 * e.low:.1f}, {100 * e.high:.1f}]"
    return f"{e.estimate:+.3f} [{e.low:+.3f}, {e.high:+.3f}]"


def seat_lines(frame: pl.DataFrame, levels: Sequence[str]) -> tuple[str, ...]:
    """Per player count and seat: does its advantage (or handicap) hold at every level?"""
    lines = []
    for (players,), at in frame.group_by("players", maintain_order=True):
        present = [lv for lv in levels if lv in set(at["level"].to_list())]
        if len(present) < 2:
            continue
        for s in range(players):
            rows = at.filter(pl.col("metric") == f"seat {s} WR")
            found = [(lv, _estimate(rows.filter(pl.col("level") == lv).row(0, named=True)))
                     for lv in present]
            lines.append(changes(f"At {players} players seat {s}'s win rate", found,
                                 1 / players, f"1/{players}"))
    return tuple(lines)


def _estimate(row: dict) -> Estimate:
    return Estimate(row["estimate"], row["low"], row["high"], n=row["n"])


def value_by_skill(tables: dict[str, pl.DataFrame], kind: str) -> SkillTable:
    """Each ablation's paired value per level side by side (`tables`: level -> the value
    table of `dicelab value` at that level), and per ablation whether it holds."""
    long = pl.concat([t.select(pl.lit(level).alias("level"), pl.col(kind).alias("item"),
                               pl.col("replaced_by").fill_null("forbidden").alias("against"),
                               pl.col("value").alias("estimate"), "low", "high",
                               pl.col("n_games").alias("n"))
                      for level, t in tables.items()])
    levels = list(tables)
    cells = long.with_columns(cell=pl.struct("estimate", "low", "high").map_elements(
        lambda r: cell(r["estimate"], r["low"], r["high"]), return_dtype=pl.String))
    wide = cells.pivot(on="level", index=["item", "against"], values="cell",
                       maintain_order=True).select("item", "against", *levels)
    lines = []
    for (item, against), rows in long.group_by("item", "against", maintain_order=True):
        found = [(r["level"], _estimate(r)) for r in rows.iter_rows(named=True)
                 if r["estimate"] is not None and not math.isnan(r["estimate"])]
        if len(found) > 1:
            lines.append(changes(f"The value of {item} (against {against})", found, 0.0, "0",
                                 unit="win rate"))
    return SkillTable(wide.rename({"item": kind}), long, tuple(lines))
