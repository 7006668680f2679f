"""The event log schema, declared once: table -> column -> polars type, plus its version."""

from __future__ import annotations

import polars as pl

SCHEMA_VERSION = 2  # 2: the `uses` table

# Event kinds and resources are closed vocabularies stored as compact Enums. They are listed in
# alphabetical order on purpose: the writer sorts events by these Enums (a fast integer sort),
# and Parquet's min/max statistics compare the text, so the two orders must agree for readers
# to skip row groups.
EVENT_KINDS = tuple(sorted((
    "turn_started",
    "die_rolled",
    "resource_gained",
    "resource_lost",
    "resource_spent",
    "resource_overflowed",
    "face_forged",
    "feat_performed",
    "reinforcement_used",
    "token_used",
    "pawn_ousted",
    "action_taken",
    "game_ended",
)))

RESOURCES = tuple(sorted(("gold", "sun", "moon", "glory", "hammer")))

# Events that use a component (a face rolled, a reinforcement or a token used), counted per
# game, seat and component in the `uses` table: "how do the users of X do" then joins a few
# million counts to the seats instead of tens of millions of events (39 M die rolls in 100,000
# four-player games). Derived from `events` by `uses_frame`, checked by an audit query.
USE_KINDS = ("die_rolled", "reinforcement_used", "token_used")

TABLES: dict[str, dict[str, pl.DataType]] = {
    "runs": {
        "run_id": pl.String,
        "game": pl.String,
        "modules": pl.String,
        "card_set": pl.String,
        "cards": pl.String,
        "players": pl.Int8,
        "bots": pl.String,
        "bot_params": pl.String,
        "seed": pl.Int64,
        "n_games": pl.Int32,
        "rules": pl.String,
        "engine_version": pl.String,
        "schema_version": pl.Int16,
        "created_at": pl.String,
    },
    "games": {
        "run_id": pl.String,
        "game_id": pl.Int64,
        "game_index": pl.Int32,
        "seed": pl.Int64,
        "players": pl.Int8,
        "module": pl.String,
        "card_set": pl.String,
        "rounds": pl.Int8,
        "n_events": pl.Int32,
        "n_decisions": pl.Int32,
        "tied": pl.Boolean,
    },
    "players": {
        "game_id": pl.Int64,
        "seat": pl.Int8,
        "bot": pl.String,
        "score": pl.Int16,
        "rank": pl.Int8,
        "won": pl.Boolean,
        "tied": pl.Boolean,
        "win_share": pl.Float32,
    },
    "events": {
        "game_id": pl.Int64,
        "seq": pl.Int32,
        "round": pl.Int8,
        "active_seat": pl.Int8,
        "seat": pl.Int8,
        "kind": pl.Enum(EVENT_KINDS),
        "item": pl.Categorical,
        "resource": pl.Enum(RESOURCES),
        "amount": pl.Int16,
        "cause": pl.Categorical,
        "detail": pl.String,
    },
    "uses": {
        "game_id": pl.Int64,
        "seat": pl.Int8,
        "kind": pl.Enum(EVENT_KINDS),
        "item": pl.Categorical,
        "n": pl.Int32,
    },
}

# Column order of an engine event tuple (everything but game_id and seq, which the writer adds).
EVENT_TUPLE = (
    "round", "active_seat", "seat", "kind", "item", "resource", "amount", "cause", "detail",
)


def empty_frame(table: str) -> pl.DataFrame:
    """An empty frame with the declared columns of `table`."""
    return pl.DataFrame(schema=TABLES[table])


def uses_frame(events: pl.DataFrame) -> pl.DataFrame:
    """The `uses` rows of some `events`: how many times each seat used each component, by kind."""
    columns = ("game_id", "seat", "kind", "item")  # selected first: the filter copies less
    used = events.select(columns).filter(pl.col("kind").is_in(USE_KINDS))
    # In order of first use, so the same events always give the same file.
    return used.group_by("game_id", "seat", "kind", "item", maintain_order=True).agg(
        pl.len().cast(pl.Int32).alias("n"))
