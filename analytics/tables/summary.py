"""The short summary `make demo` prints: win rates by seat and by bot, scores, the components
most bought (of the kind a card set holds: Dice Forge's cards)."""

from __future__ import annotations

import polars as pl

from analytics.query.database import Filters, opened
from analytics.stats import cluster_ratio_bounds, mean_bounds, wilson_bounds
from analytics.tables.components import Logs, component_table


def with_wilson(frame: pl.DataFrame, wins: str = "wins", n: str = "n") -> pl.DataFrame:
    """Add `low` and `high`: the 95% Wilson interval of wins / n for each row."""
    low, high = wilson_bounds(frame[wins].to_numpy(), frame[n].to_numpy())
    return frame.with_columns(low=pl.Series(low), high=pl.Series(high))


def with_mean_interval(scores: pl.DataFrame) -> pl.DataFrame:
    """`mean_score` with `score_low`/`score_high`: a 95% t interval with games as the unit."""
    low, high = mean_bounds(scores["mean"], scores["sd_games"], scores["n_games"])
    return scores.select("bot", "players", "n_games", pl.col("mean").alias("mean_score"),
                         score_low=pl.Series(low), score_high=pl.Series(high))


def with_cluster_interval(bots: pl.DataFrame, seats: pl.DataFrame) -> pl.DataFrame:
    """Add `low` and `high` to win rates by bot: 95% intervals clustered by game.

    A bot often holds several seats of one game, whose win shares are dependent (they sum to
    at most 1): per game its seats' wins and count are one cluster (stats.cluster_ratio_bounds).
    """
    lows, highs = [], []
    for row in bots.iter_rows(named=True):
        per_game = (seats.filter((pl.col("bot") == row["bot"])
                                 & (pl.col("players") == row["players"]))
                    .group_by("game_id").agg(pl.col("win_share").sum(), pl.len()))
        low, high = cluster_ratio_bounds(per_game["win_share"].to_numpy(),
                                         per_game["len"].to_numpy().astype(float))
        lows.append(float(low[0]))
        highs.append(float(high[0]))
    return bots.with_columns(low=pl.Series(lows, dtype=pl.Float64),
                             high=pl.Series(highs, dtype=pl.Float64))


def summary_tables(logs: Logs, filters: Filters | None = None,
                   top: int = 10, min_n: int = 200) -> list[tuple[str, pl.DataFrame]]:
    """(title, table) pairs: seats, bots (with mean score), and the most bought components."""
    with opened(logs, filters) as db:
        roles = db.roles
        seats = with_wilson(db.run("win_rate_by_seat"))
        bots = with_cluster_interval(db.run("win_rate_by_bot"),
                                     db.run("outcome_by_seat_game"))
        scores = with_mean_interval(db.run("mean_score_by_bot"))
        # Owned win rate says who buys one, not how strong it is (`dicelab value` measures
        # that): they are listed by how often they are bought, never ranked by owned win rate.
        kind = roles.main_kind
        bought = component_table(db, kind, None, "take_rate", min_n).frame
    bots = bots.join(scores, on=["bot", "players"])
    bought = bought.head(top).select(kind, "n_owned", "take_rate", "take_rate_low",
                                     "take_rate_high", "copies",
                                     f"{roles.score}_per_game")
    return [
        ("Win rate by seat (seat 0 plays first; 95% Wilson interval)",
         seats.select("players", "seat", "n", "win_rate", "low", "high", "expected")),
        ("Win rate and mean score by bot (win rate: 95% interval clustered by game; score "
         "interval: Student t over games)",
         bots.select("players", "bot", "n", "win_rate", "low", "high", "n_games", "mean_score",
                     "score_low", "score_high")),
        (f"The {top} most bought {roles.component(kind).plural} (take rate; how strong one "
         "is: dicelab value)", bought),
    ]
