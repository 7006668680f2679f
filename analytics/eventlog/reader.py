"""Read a run folder back into polars frames (the query runner reads the same files via DuckDB)."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from analytics.errors import UserError
from analytics.eventlog.schema import SCHEMA_VERSION, TABLES
from analytics.eventlog.writer import PARTS


def read_table(run_dir: Path | str, table: str) -> pl.DataFrame:
    """One table of a run folder (all parts), with the declared column types."""
    run_dir = Path(run_dir)
    if not (run_dir / "runs.parquet").is_file():
        raise UserError(f"{run_dir}: not a run folder (no runs.parquet)")
    if table == "runs":
        frame = pl.read_parquet(run_dir / "runs.parquet")
        _check_version(run_dir, frame)
        return frame
    files = sorted((run_dir / PARTS).glob(f"*/{table}.parquet"))
    if not files:
        return pl.DataFrame(schema=TABLES[table])
    return pl.concat([pl.read_parquet(f) for f in files])


def _check_version(run_dir: Path, runs: pl.DataFrame) -> None:
    versions = set(runs["schema_version"].to_list())
    if versions != {SCHEMA_VERSION}:
        raise UserError(f"{run_dir}: log schema version {sorted(versions)} but this dicelab "
                        f"reads version {SCHEMA_VERSION}")
