"""The `score_causes` part table: per game, each cause of a score change and whether it came
after the last round (end-of-game scoring), with the score it made.

Paired comparisons split each game's score by source (the catalogue says what each cause
counts as) from these rows, a few per game, instead of every score event (ten million on
100,000 four-player games). As `seat_components`: each part writes it beside its events,
`dicelab repair` writes it for parts logged before it existed, and readers of such runs derive
the same rows from the events (analytics/query/database.py): a pure function of the events,
the games' lengths and the roles.
"""

from __future__ import annotations

import polars as pl

from analytics.eventlog.roles import Roles
from analytics.eventlog.schema import TABLES

SCORE_CAUSES = "score_causes"
KEY = ("game_id", "cause", "after_end")


def score_causes_frame(events: pl.DataFrame, games: pl.DataFrame, roles: Roles) -> pl.DataFrame:
    """The table's rows for a part's `events` and its `games` (their `rounds`): the score
    changes (the roles' gains and losses of the score) summed per game, cause and whether the
    event's round is past the game's last; in key order."""
    changes = events.filter(pl.col("resource") == roles.score,
                            pl.col("kind").is_in(roles.score_changes))
    rounds = games.select(pl.col("game_id").cast(pl.Int64), "rounds")
    summed = (changes.select(pl.col("game_id").cast(pl.Int64), "round",
                             pl.col("cause").cast(pl.String), "amount")
              .join(rounds, on="game_id", how="left")
              .group_by("game_id", "cause",
                        (pl.col("round") > pl.col("rounds")).alias("after_end"))
              .agg(pl.col("amount").cast(pl.Int64).sum().alias("score")))
    schema = TABLES[SCORE_CAUSES]
    return summed.sort(*KEY, nulls_last=True).select(
        pl.col(name).cast(dtype) for name, dtype in schema.items())
