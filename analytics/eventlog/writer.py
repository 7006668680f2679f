"""Write a run folder: `runs.parquet`, then one `parts/NNNNN/` folder per chunk of games.

Every file is written under a temporary name and renamed, and a chunk's three tables are written
into a temporary folder renamed as a whole: a crash leaves only whole, usable parts.
"""

from __future__ import annotations

import os
import shutil
from itertools import chain
from operator import itemgetter
from pathlib import Path

import numpy as np
import polars as pl

from analytics.eventlog.schema import EVENT_TUPLE, RESOURCES, TABLES, uses_frame

PARTS = "parts"
EVENT_ROW_GROUP = 16_384
INCOMPLETE = ".incomplete"  # chunks being written; never read


def frame(table: str, columns: dict[str, list]) -> pl.DataFrame:
    """Columns as the declared types of `table`; a missing or extra column is a bug, so it fails."""
    schema = TABLES[table]
    if set(columns) != set(schema):
        raise ValueError(f"{table}: columns {sorted(columns)} != schema {sorted(schema)}")
    # Each column is built straight as its declared type: no wide intermediate frame to cast.
    return pl.DataFrame([pl.Series(name, columns[name], dtype=dtype)
                         for name, dtype in schema.items()])


def write_runs(run_dir: Path, manifest: dict) -> None:
    """The one-row run manifest, written atomically."""
    run_dir.mkdir(parents=True, exist_ok=True)
    _write_atomic(frame("runs", {k: [v] for k, v in manifest.items()}), run_dir / "runs.parquet")


def part_dir(run_dir: Path, index: int) -> Path:
    return run_dir / PARTS / f"{index:05d}"


def write_part(run_dir: Path, index: int, games: dict[str, list], players: dict[str, list],
               events: pl.DataFrame) -> Path:
    """One chunk of games as a folder of Parquet files (games, players, events and the `uses`
    counts derived from the events), renamed into place at the end. `events` is a frame of the
    declared events schema (built in batches by `frame("events", events_columns(...))`).

    The folder is built outside `parts/` so that no reader's `parts/*/` glob can see it half done.
    """
    final = part_dir(run_dir, index)
    tmp = run_dir / INCOMPLETE / f"{final.name}-{os.getpid()}"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    try:
        frame("games", games).write_parquet(tmp / "games.parquet", compression="zstd")
        frame("players", players).write_parquet(tmp / "players.parquet", compression="zstd")
        _sorted_events(events).write_parquet(
            tmp / "events.parquet", compression="zstd", statistics=True,
            row_group_size=EVENT_ROW_GROUP)
        uses_frame(events).write_parquet(tmp / "uses.parquet", compression="zstd")
        final.parent.mkdir(exist_ok=True)
        try:
            os.replace(tmp, final)
        except OSError:
            # Another process finished this very part first (a resumed run racing the workers
            # of a run killed mid-way): parts appear whole and a seed always gives the same
            # games, so theirs is ours.
            if not final.is_dir():
                raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return final


def _sorted_events(events: pl.DataFrame) -> pl.DataFrame:
    """Events stored by kind and resource (stable: game and seq order kept within), in small
    row groups.

    A question about one kind of event (feats, forges, Glory) then reads only the row groups
    whose min/max statistics can hold it: DuckDB skips the rest. The Enums are declared in
    alphabetical order, so this integer sort agrees with the statistics' text order.
    Readers order by `seq`.

    One small integer key (kind, then resource with nulls first) gives the same stable order as
    the two Enum columns; numpy's stable sort of it (a radix sort) and one gather need half the
    memory of polars' sort, which copies the frame twice.
    """
    resource = (events["resource"].to_physical().cast(pl.UInt16) + 1).fill_null(0)
    kind = events["kind"].to_physical().cast(pl.UInt16)
    key = (kind * (len(RESOURCES) + 1) + resource).to_numpy()
    return events[np.argsort(key, kind="stable")]


def completed_parts(run_dir: Path) -> set[int]:
    """Indices of the chunks already written in full."""
    root = run_dir / PARTS
    if not root.is_dir():
        return set()
    return {int(p.name) for p in root.iterdir() if p.name.isdigit()}


def events_columns(game_ids: list[int], event_rows: list[list[tuple]]) -> dict[str, list]:
    """Transpose engine event tuples of several games into columns, adding game_id and seq.

    One column at a time over all the chunk's rows: `map(itemgetter(i))` allocates nothing the
    garbage collector tracks, where `zip(*rows)` made an iterator per row and so set off full
    collections over the chunk's millions of values (three times slower; with the collector
    paused it runs a fifth of the instructions but takes the same time: memory-bound).
    """
    game_id: list[int] = []
    seq: list[int] = []
    for gid, rows in zip(game_ids, event_rows, strict=True):
        game_id += [gid] * len(rows)
        seq += range(len(rows))
    every_row = list(chain.from_iterable(event_rows))
    columns = {"game_id": game_id, "seq": seq}
    for index, name in enumerate(EVENT_TUPLE):
        columns[name] = list(map(itemgetter(index), every_row))
    return columns


def _write_atomic(df: pl.DataFrame, path: Path) -> None:
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    df.write_parquet(tmp, compression="zstd")
    os.replace(tmp, path)
