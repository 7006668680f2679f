"""Read a run folder back into polars frames (the query runner reads the same files via DuckDB).

Every schema version from OLDEST_READABLE on is read; a newer log is refused with one line.
"""

from __future__ import annotations

import polars as pl

from analytics.errors import UserError
from analytics.eventlog.check import check_run, require_whole
from analytics.eventlog.legacy import legacy_roles, schema2_components
from analytics.eventlog.roles import ROLES_FILE, Roles
from analytics.eventlog.schema import OLDEST_READABLE, SCHEMA_VERSION, empty_frame
from analytics.eventlog.store import Location, Place
from analytics.eventlog.writer import COMPONENTS

SOURCE = "source"  # runs column: 'simulated' or 'recorded'


def read_table(location: Location, table: str) -> pl.DataFrame:
    """One table of a run folder (its committed parts; a damaged one is a UserError): word
    columns hold the run's own Enums."""
    run_dir = Place.of(location)
    runs = read_runs(run_dir)
    if table == "runs":
        return runs
    if table == "components":
        return read_components(run_dir, runs)
    check = check_run(run_dir)
    require_whole([check])
    files = check.files(table)
    if not files:
        return empty_frame(table)
    return pl.concat([read_parquet(f) for f in files])


def read_parquet(path: Place) -> pl.DataFrame:
    """A Parquet file, local (read in place) or from its fsspec filesystem."""
    if path.is_local:
        return pl.read_parquet(path.path)
    with path.open() as file:
        return pl.read_parquet(file)


def read_runs(location: Location) -> pl.DataFrame:
    """The run manifest, once its schema version is known to be readable."""
    run_dir = Place.of(location)
    path = run_dir / "runs.parquet"
    if not path.is_file():
        raise UserError(f"{run_dir}: not a run folder (no runs.parquet)")
    try:
        runs = read_parquet(path)
    except (pl.exceptions.PolarsError, OSError) as err:
        first_line = str(err).strip().splitlines()[0]
        raise UserError(f"{path}: not a readable Parquet file ({first_line})") from None
    if "schema_version" not in runs.columns:
        raise UserError(f"{path}: not a dicelab runs table (no schema_version)")
    for version in runs["schema_version"].unique().to_list():
        check_version(run_dir, version)
    if SOURCE not in runs.columns:  # logged before records existed: simulations
        runs = runs.with_columns(pl.lit("simulated").alias(SOURCE))
    return runs


def read_components(run_dir: Location, runs: pl.DataFrame) -> pl.DataFrame:
    """The run's catalogue: its `components.parquet`, or for a schema-2 log (which has none) the
    catalogue of that release (analytics/eventlog/legacy.py)."""
    if runs["schema_version"].max() < 3:
        return schema2_components(runs)
    return read_parquet(catalogue_path(run_dir))


def catalogue_path(run_dir: Location) -> Place:
    """The catalogue file of a run folder of schema 3 or later (a UserError if it is gone)."""
    path = Place.of(run_dir) / COMPONENTS
    if not path.is_file():
        raise UserError(f"{run_dir}: no {COMPONENTS} (every run folder of schema 3 or later "
                        "has one: was it deleted?)")
    return path


def check_version(folder: Location, version: int | None) -> None:
    """A UserError of one line when this dicelab cannot read a log of schema `version`."""
    if version is not None and OLDEST_READABLE <= version <= SCHEMA_VERSION:
        return
    if version is not None and version > SCHEMA_VERSION:
        raise UserError(f"{folder}: log schema version {version} is newer than this dicelab "
                        f"reads (up to {SCHEMA_VERSION}); upgrade dicelab")
    raise UserError(f"{folder}: log schema version {version} is older than this dicelab reads "
                    f"(from {OLDEST_READABLE}); re-run the simulation")


def read_roles(location: Location, runs: pl.DataFrame | None = None) -> Roles:
    """The run's roles: its `roles.json`, or for a run logged before folders carried them the
    legacy roles of its game (analytics/eventlog/legacy.py)."""
    run_dir = Place.of(location)
    path = run_dir / ROLES_FILE
    if path.is_file():
        return Roles.from_json(path.read_text(), str(path))
    runs = read_runs(run_dir) if runs is None else runs
    games = runs["game"].unique().to_list() if "game" in runs.columns else []
    if len(games) != 1 or games[0] is None:
        raise UserError(f"{run_dir}: no {ROLES_FILE} and no single game in runs.parquet")
    return legacy_roles(games[0])
