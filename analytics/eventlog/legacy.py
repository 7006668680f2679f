"""Reading logs of schema 2, which carry no catalogue (`components.parquet`), and of runs
logged before run folders carried their game's roles (`roles.json`).

Readers never import game code, so the catalogue of the release that wrote schema 2 (the only
game then: Dice Forge, base cards and alternates) ships with the reader as data,
`schema2_components.csv`, generated once and never regenerated. A schema-2 run's catalogue is
its set's cards (`runs.cards`) and every face but the garden faces of cards not in its set:
what the catalogue of schema 3 lists for the same setup.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import polars as pl

from analytics.errors import UserError
from analytics.eventlog.roles import Roles
from analytics.eventlog.schema import TABLES

CATALOGUE = Path(__file__).with_name("schema2_components.csv")
# The roles of games whose runs were logged before run folders carried them (roles.json):
# Dice Forge's as it declared them first, kept as data (readers import no game).
LEGACY_ROLES = Path(__file__).with_name("legacy_roles")


@cache
def _catalogue() -> pl.DataFrame:
    # Types as the writer stores them: the game's attributes were declared str, int or bool.
    return pl.read_csv(CATALOGUE, comment_prefix="#", infer_schema_length=None)


def schema2_components(runs: pl.DataFrame) -> pl.DataFrame:
    """The `components` rows of schema-2 `runs` (a runs table: run_id, cards)."""
    frames = []
    for run_id, game, cards in runs.select("run_id", "game", "cards").iter_rows():
        in_set = [card.strip() for card in (cards or "").split(",") if card.strip()]
        set_kind = legacy_roles(game).set_kind  # what `runs.cards` lists
        rows = _catalogue().filter(
            pl.when(pl.col("kind") == set_kind).then(pl.col("component").is_in(in_set))
            .otherwise(pl.col("from_card").is_null() | pl.col("from_card").is_in(in_set)))
        frames.append(rows.select(pl.lit(run_id, pl.String).alias("run_id"), pl.all()))
    return pl.concat(frames) if frames else pl.DataFrame(schema=TABLES["components"])


@cache
def legacy_roles(game: str) -> Roles:
    """The roles of a run of `game` logged without roles.json (schema 2, early schema 3)."""
    path = LEGACY_ROLES / f"{game}.json"
    if not path.is_file():
        raise UserError(f"a run of game {game!r} has no roles.json, and only runs of "
                        f"{', '.join(p.stem for p in LEGACY_ROLES.glob('*.json'))} may lack it")
    return Roles.from_json(path.read_text(encoding="utf-8"), str(path))
