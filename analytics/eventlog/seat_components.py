"""The `seat_components` part table: per game, seat and component (of each kind the game's
roles name), what the part's events say about it: copies acquired, the first acquisition's
seq and round, uses, score caused and cost paid.

The card and face tables and paired comparisons read these few million rows instead of the
events (over 100 million on 100,000 four-player games). Each part writes its table beside
its events; `dicelab repair` writes it for parts logged before it existed, and readers of
such runs derive the same rows from the events (queries/_seat_components.sql): the rows are
a pure function of the events, the roles and the run's catalogue.
"""

from __future__ import annotations

from collections.abc import Mapping

import polars as pl

from analytics.eventlog.roles import ComponentRoles, Roles
from analytics.eventlog.schema import TABLES

SEAT_COMPONENTS = "seat_components"
KEY = ("game_id", "seat", "component")


def component_kinds(catalogue: tuple[object, list[dict]] | pl.DataFrame) -> dict[str, str]:
    """component -> kind of a run's catalogue: a game's (attributes, rows) or the frame of a
    run's `components.parquet`."""
    rows = catalogue.iter_rows(named=True) if isinstance(catalogue, pl.DataFrame) else (
        catalogue[1])
    return {row["component"]: row["kind"] for row in rows}


def seat_components_frame(events: pl.DataFrame, uses: pl.DataFrame, roles: Roles,
                          kinds: Mapping[str, str]) -> pl.DataFrame:
    """The table's rows for a part's `events` and their `uses` counts (schema.uses_frame): one
    per game, seat and component that some event acquires, uses, scores for or pays for, of
    the kind `kinds` (the run's catalogue: component -> kind) gives it; in key order."""
    acquire = [k for c in roles.components for k in c.acquire]
    # Only the few kinds read here are turned into text: a part holds a million events.
    wanted = events.filter(
        pl.col("kind").is_in([*acquire, *roles.spend])
        | (pl.col("kind").is_in(roles.score_changes) & (pl.col("resource") == roles.score)))
    plain = wanted.select("game_id", "seq", "round", "seat", "amount",
                          pl.col("kind", "item", "resource", "cause").cast(pl.String))
    scored = _summed(plain.filter(pl.col("resource") == roles.score,
                                  pl.col("kind").is_in(roles.score_changes)),
                     "cause", pl.col("amount"), "score")
    uses = uses.with_columns(pl.col("kind", "item").cast(pl.String))
    frames = [_of_kind(plain, uses, roles, component, scored, kinds)
              for component in roles.components]
    if not frames:  # a game without component kinds
        return pl.DataFrame(schema=TABLES[SEAT_COMPONENTS])
    return pl.concat(frames).sort("kind", *KEY).select(
        pl.col("game_id").cast(pl.Int64), pl.col("seat").cast(pl.Int8),
        pl.col("kind", "component").cast(pl.Categorical),
        *(pl.col(c).cast(pl.Int32) for c in ("copies", "first_seq")),
        pl.col("first_round").cast(pl.Int8),
        *(pl.col(c).cast(pl.Int32) for c in ("uses", "score", "cost")))


def _of_kind(events: pl.DataFrame, uses: pl.DataFrame, roles: Roles, component: ComponentRoles,
             scored: pl.DataFrame, kinds: Mapping[str, str]) -> pl.DataFrame:
    acquired = (events.filter(pl.col("kind").is_in(component.acquire))
                .group_by("game_id", "seat", pl.col("item").alias("component"))
                .agg(pl.len().alias("copies"), pl.col("seq").min().alias("first_seq"),
                     pl.col("round").min().alias("first_round")))
    used = _summed(uses.filter(pl.col("kind").is_in(component.use)), "item", pl.col("n"),
                   "uses")
    paid = _summed(events.filter(pl.col("kind").is_in(roles.spend),
                                 pl.col("resource").is_in(component.pay)),
                   "cause", -pl.col("amount"), "cost")
    mine = [name for name, kind in kinds.items() if kind == component.kind]
    joined = acquired
    for part in (used, scored, paid):
        joined = joined.join(part, on=KEY, how="full", coalesce=True)
    return joined.filter(pl.col("component").is_in(mine)).select(
        *KEY, pl.lit(component.kind).alias("kind"),
        pl.col("copies").fill_null(0), "first_seq", "first_round",
        *(pl.col(c).fill_null(0) for c in ("uses", "score", "cost")))


def _summed(events: pl.DataFrame, column: str, value: pl.Expr, name: str) -> pl.DataFrame:
    """`value` summed per game, seat and `column` (as the component)."""
    return (events.group_by("game_id", "seat", pl.col(column).alias("component"))
            .agg(value.cast(pl.Int64).sum().alias(name)))
