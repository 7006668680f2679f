"""Write a run folder (a local path or an fsspec URL): `components.parquet`, `roles.json` and
`runs.parquet`,
then one `parts/NNNNN/` folder per chunk of games.

Every file is put whole under its final name (eventlog.store: object stores cannot rename), and
a part's tables are followed by its marker, `_committed.json`: readers read only the parts whose
marker exists, so a crash leaves only whole, usable parts and a part half written is played again.

The writer knows no game: the words of events come from the vocabulary the game declares
(see schema.table_schema), the catalogue rows from the game too.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from itertools import chain
from operator import itemgetter

import numpy as np
import polars as pl

from analytics.eventlog.roles import ROLES_FILE, Roles
from analytics.eventlog.schema import (
    EVENT_TUPLE,
    USE_KINDS,
    WORD_COLUMNS,
    WORD_TABLES,
    Vocabulary,
    check_vocabulary,
    checked_words,
    components_schema,
    table_schema,
    uses_frame,
)
from analytics.eventlog.score_causes import SCORE_CAUSES, score_causes_frame
from analytics.eventlog.seat_components import SEAT_COMPONENTS, seat_components_frame
from analytics.eventlog.store import Location, Place

PARTS = "parts"
COMPONENTS = "components.parquet"
EVENT_ROW_GROUP = 16_384
INCOMPLETE = ".incomplete"  # where writers before markers built parts; never read
COMMITTED = "_committed.json"  # a part's marker, put after its tables: {"games": N}


def frame(table: str, columns: dict[str, list], vocabulary: Vocabulary | None = None
          ) -> pl.DataFrame:
    """Columns as the declared types of `table`, its words checked against the game's
    `vocabulary`; a missing or extra column, or a word the game did not declare, is a bug, so
    it fails."""
    schema = table_schema(table, vocabulary)
    if set(columns) != set(schema):
        raise ValueError(f"{table}: columns {sorted(columns)} != schema {sorted(schema)}")
    # Each column is built straight as its declared type: no wide intermediate frame to cast.
    if table not in WORD_TABLES:
        return pl.DataFrame([pl.Series(name, columns[name], dtype=dtype)
                             for name, dtype in schema.items()])
    if vocabulary is None:
        raise ValueError(f"{table}: its words need the game's vocabulary")
    check_vocabulary(vocabulary)
    return pl.DataFrame([
        checked_words(name, columns[name], vocabulary) if name in WORD_COLUMNS
        else pl.Series(name, columns[name], dtype=dtype) for name, dtype in schema.items()])


def write_runs(run_dir: Location, manifest: dict, catalogue: tuple[dict[str, type], list[dict]],
               roles: Roles | None = None) -> None:
    """The run's catalogue and roles, then the one-row run manifest, each written atomically: a
    folder holding `runs.parquet` always holds its catalogue. `catalogue` is the game's
    (attribute -> Python type, rows): a row per component, with the core columns but `run_id`
    (added here) and the declared attributes; `roles` the game's (None: none written, the
    reader's legacy roles then stand in)."""
    run_dir = Place.of(run_dir)
    if roles is not None:
        (run_dir / ROLES_FILE).put_text(roles.to_json())
    attributes, components = catalogue
    schema = components_schema(attributes)
    rows = [{"run_id": manifest["run_id"], **row} for row in components]
    for row in rows:
        if set(row) != set(schema):
            raise ValueError(f"components: row {row} has columns other than {list(schema)}")
    _put_parquet(pl.DataFrame(rows, schema=schema), run_dir / COMPONENTS)
    _put_parquet(frame("runs", {k: [v] for k, v in manifest.items()}), run_dir / "runs.parquet")


def part_dir(run_dir: Location, index: int) -> Place:
    return Place.of(run_dir) / PARTS / f"{index:05d}"


def write_part(run_dir: Location, index: int, games: dict[str, list], players: dict[str, list],
               events: pl.DataFrame, vocabulary: Vocabulary, roles: Roles,
               kinds: Mapping[str, str]) -> Place:
    """One chunk of games as a folder of Parquet files (games, players, events, and derived
    from the events the `uses` counts and the `seat_components` and `score_causes` tables,
    by the game's `roles`
    and `kinds`, the run's catalogue as component -> kind), then its marker. `events` is a
    frame of the declared events schema (built in batches by `frame("events",
    events_columns(...), vocabulary)`).

    A part already committed is left as it is. Two writers of one part at once (a part retried
    after its worker was lost, a resumed run racing the workers of a killed one) put the same
    bytes, a seed always giving the same games: whichever put a file last, it is whole and the
    same.
    """
    final = part_dir(run_dir, index)
    if (final / COMMITTED).exists():
        return final  # whole already, and the same games: the first copy is kept untouched
    uses = uses_frame(events, vocabulary[USE_KINDS])
    games_table = frame("games", games)
    tables = {"games": games_table, "players": frame("players", players), "uses": uses,
              **derived_tables(events, uses, games_table, roles, kinds)}
    put_tables(final, tables)
    _put_parquet(_sorted_events(events), final / "events.parquet", statistics=True,
                 row_group_size=EVENT_ROW_GROUP)
    commit_part(final, len(games["game_id"]))
    return final


def derived_tables(events: pl.DataFrame, uses: pl.DataFrame, games: pl.DataFrame, roles: Roles,
                   kinds: Mapping[str, str], only: Iterable[str] | None = None
                   ) -> dict[str, pl.DataFrame]:
    """The part tables derived from its `events` (by the game's roles and the run's catalogue,
    `kinds`), by name: each of them, or those named in `only`."""
    makers = {SEAT_COMPONENTS: lambda: seat_components_frame(events, uses, roles, kinds),
              SCORE_CAUSES: lambda: score_causes_frame(events, games, roles)}
    return {name: make() for name, make in makers.items() if only is None or name in only}


def put_tables(part: Location, tables: Mapping[str, pl.DataFrame]) -> None:
    """Put each of a part's `tables` (by name) as its Parquet file, whole or not at all."""
    for name, table in tables.items():
        _put_parquet(table, Place.of(part) / f"{name}.parquet")


def commit_part(part: Location, games: int) -> None:
    """Put the marker that makes a part folder readable: only once its tables are whole. It
    records each table's size, so readers that find the same sizes need not read the tables'
    footers (eventlog/check.py)."""
    part = Place.of(part)
    sizes = {name: size for name, size in sorted(part.sizes().items())
             if name.endswith(".parquet") and "/" not in name and not name.startswith(".")}
    (part / COMMITTED).put_text(json.dumps({"games": games, "sizes": sizes}))


def _sorted_events(events: pl.DataFrame) -> pl.DataFrame:
    """Events stored by kind and resource (stable: game and seq order kept within), in small
    row groups.

    A question about one kind of event (feats, forges, Glory) then reads only the row groups
    whose min/max statistics can hold it: DuckDB skips the rest. The Enums hold the vocabulary
    in alphabetical order, so this integer sort agrees with the statistics' text order.
    Readers order by `seq`.

    One small integer key (kind, then resource with nulls first) gives the same stable order as
    the two Enum columns; numpy's stable sort of it (a radix sort, for keys of 16 bits at most:
    wider ones take a merge sort) and one gather need half the memory of polars' sort, which
    copies the frame twice.
    """
    resources = events["resource"].dtype.categories.len() + 1  # nulls first
    width = pl.UInt16 if events["kind"].dtype.categories.len() * resources < 2**16 else pl.UInt32
    resource = (events["resource"].to_physical().cast(width) + 1).fill_null(0)
    key = (events["kind"].to_physical().cast(width) * resources + resource).to_numpy()
    return events[np.argsort(key, kind="stable")]


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


def _put_parquet(df: pl.DataFrame, path: Place, **options) -> None:
    path.put(lambda target: df.write_parquet(target, compression="zstd", **options))
