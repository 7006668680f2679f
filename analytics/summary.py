"""The short summary `make demo` prints: win rates by seat and by bot, scores, top cards."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import polars as pl

from analytics.analysis import card_table
from analytics.query import Filters, LogDatabase
from analytics.stats import mean_bounds, wilson_bounds


def with_wilson(frame: pl.DataFrame, wins: str = "wins", n: str = "n") -> pl.DataFrame:
    """Add `low` and `high`: the 95% Wilson interval of wins / n for each row."""
    low, high = wilson_bounds(frame[wins].to_numpy(), frame[n].to_numpy())
    return frame.with_columns(low=pl.Series(low), high=pl.Series(high))


def with_mean_interval(scores: pl.DataFrame) -> pl.DataFrame:
    """`mean_score` with `score_low`/`score_high`: a 95% t interval with games as the unit."""
    low, high = mean_bounds(scores["mean"], scores["sd_games"], scores["n_games"])
    return scores.select("bot", "players", "n_games", pl.col("mean").alias("mean_score"),
                         score_low=pl.Series(low), score_high=pl.Series(high))


def summary_tables(logs: Iterable[str | Path], filters: Filters | None = None,
                   top: int = 10, min_n: int = 200) -> list[tuple[str, pl.DataFrame]]:
    """(title, table) pairs: seats, bots (with mean score), and the top cards by owned WR."""
    with LogDatabase(logs, filters) as db:
        seats = with_wilson(db.run("win_rate_by_seat"))
        bots = with_wilson(db.run("win_rate_by_bot"))
        scores = with_mean_interval(db.run("mean_score_by_bot"))
    bots = bots.join(scores, on=["bot", "players"])
    cards = card_table(logs, filters, sort="owned_wr", min_n=min_n, n_boot=200).frame
    cards = cards.head(top).select("card", "n_owned", "owned_wr", "owned_wr_low",
                                   "owned_wr_high", "delta", "glory_per_game")
    return [
        ("Win rate by seat (seat 0 plays first; 95% Wilson interval)",
         seats.select("players", "seat", "n", "win_rate", "low", "high", "expected")),
        ("Win rate and mean score by bot (score interval: Student t over games)",
         bots.select("players", "bot", "n", "win_rate", "low", "high", "n_games", "mean_score",
                     "score_low", "score_high")),
        (f"Top {top} feat cards by owned win rate (seat-games owning it)", cards),
    ]
