"""Run named SQL files from `queries/` over the Parquet logs of one or more runs, in DuckDB.

A query file is one SQL statement preceded by a header of `--` comment lines:

    -- question: How often is each card taken, and how do its owners do?
    -- grain: one row per card
    -- param: min_n INTEGER = 200  -- hide rows with fewer seat-games
    -- param: card VARCHAR  -- a parameter without a default is required

`question` and `grain` are free text. Each `param:` line declares a DuckDB `$name` bind:
a name, a type (INTEGER, BIGINT, DOUBLE, VARCHAR or BOOLEAN), an optional `= default`
and an optional `-- description`. Values (from Python or the command line) are converted to
the declared type before binding; nothing is pasted into the SQL text.

The query's name is its file stem (`card_contribution_by_card`) or `audits/<stem>` for the
invariant checks in `queries/audits/`. Files whose name starts with `_` are not queries:
`_macros.sql` holds table macros shared by every query, created when the logs are opened.

Views `runs`, `games`, `players`, `events`, `uses` and `seat_components` are created over the
run folders (the last derived from the events where some part was logged before parts held it:
the same rows, slower), and `components`, the runs' catalogues (for logs of schema 2, which
have none, the catalogue of that release: analytics/eventlog/legacy.py). Filters (player count,
module, card set, bot) are applied once, here, to the set of games every view exposes, so every
query file honours them without repeating SQL.
"""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Iterable, Iterator, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import duckdb
import polars as pl

from analytics.errors import UserError, read_user_text
from analytics.eventlog.check import (
    check_run,
    damage_advice,
    require_run_files,
    require_whole,
    warn_unfinished,
)
from analytics.eventlog.reader import catalogue_path, check_version, read_components, read_runs
from analytics.eventlog.score_causes import SCORE_CAUSES
from analytics.eventlog.seat_components import SEAT_COMPONENTS
from analytics.eventlog.store import Place, is_url
from analytics.eventlog.writer import PARTS
from analytics.query.files import local_run_folders, queries_dir, runs_under
from analytics.query.filters import Filters as Filters  # re-exported: where readers import it
from analytics.query.provenance import ambiguous_set, no_set_matches
from analytics.query.roles import create_roles, pooled_roles, quoted

QUERIES_DIR = queries_dir()
MACROS_FILE = "_macros.sql"
# A query file's error('dicelab: ...') is a bad parameter, said as it is (not damage).
USER_ERROR = "dicelab: "
DERIVED_FILE = "_seat_components.sql"  # the seat_components view of older parts
DERIVED_CAUSES_FILE = "_score_causes.sql"  # the score_causes view of older parts
OLDER_PARTS_FILE = "_older_parts.sql"  # the macros of the tables over their events
TABLE_NAMES = ("games", "players", "events", "uses")
PARAM_LINE = re.compile(
    r"^--\s*param:\s*(?P<name>[a-z_][a-z0-9_]*)\s+(?P<type>[A-Za-z]+)"
    r"(?:\s*=\s*(?P<default>'[^']*'|[^\s-]+))?\s*(?:--\s*(?P<doc>.*))?$"
)
BIND = re.compile(r"(?<![$\w])\$([a-z_][a-z0-9_]*)")


@dataclass(frozen=True, slots=True)
class Param:
    """A declared `$name` bind: its type, default (None = required) and description."""

    name: str
    type: str
    default: str | None
    description: str

    def convert(self, raw: object, query: str) -> object:
        """`raw` converted to this parameter's type, or a UserError naming the query."""
        try:
            return _CONVERTERS[self.type](raw)
        except (TypeError, ValueError):
            raise UserError(
                f"query {query!r}: parameter {self.name!r} expects {self.type}, got {raw!r}"
            ) from None


def _to_int(raw: object) -> int:
    if isinstance(raw, bool) or (isinstance(raw, float) and not raw.is_integer()):
        raise ValueError(raw)
    return int(str(raw)) if isinstance(raw, str) else int(raw)


def _to_bool(raw: object) -> bool:
    if isinstance(raw, bool):
        return raw
    text = str(raw).strip().lower()
    if text not in {"true", "false", "1", "0", "yes", "no"}:
        raise ValueError(raw)
    return text in {"true", "1", "yes"}


_CONVERTERS = {
    "INTEGER": _to_int, "BIGINT": _to_int, "DOUBLE": float, "BOOLEAN": _to_bool,
    "VARCHAR": lambda raw: raw.strip("'") if isinstance(raw, str) else str(raw),
}


@dataclass(frozen=True, slots=True)
class QueryFile:
    """A parsed query file: name, header and SQL text."""

    name: str
    path: Path
    question: str
    grain: str
    params: tuple[Param, ...]
    sql: str

    def bind_values(self, given: Mapping[str, object] | None) -> dict[str, object]:
        """Typed values for every declared parameter, from `given` or the defaults."""
        given = dict(given or {})
        declared = {p.name: p for p in self.params}
        unknown = sorted(set(given) - set(declared))
        if unknown:
            names = ", ".join(declared) or "none"
            raise UserError(f"query {self.name!r} has no parameter {unknown[0]!r} "
                            f"(its parameters: {names})")
        values = {}
        for param in self.params:
            raw = given.get(param.name, param.default)
            if raw is None:
                raise UserError(f"query {self.name!r} needs parameter {param.name!r} "
                                f"({param.type}): pass -p {param.name} VALUE")
            values[param.name] = param.convert(raw, self.name)
        return values


def parse_query_file(path: Path, name: str) -> QueryFile:
    """Read a query file and its header; a malformed header is a UserError naming the file."""
    text = read_user_text(path, "query")
    header = {"question": "", "grain": ""}
    params = []
    for line in text.splitlines():
        if not line.startswith("--"):
            if line.strip():
                break
            continue
        if re.match(r"^--\s*param:", line):
            match = PARAM_LINE.match(line.strip())
            if not match or match["type"].upper() not in _CONVERTERS:
                raise UserError(f"{path}: bad parameter line {line.strip()!r} (expected "
                                f"'-- param: NAME TYPE [= DEFAULT] [-- description]')")
            params.append(Param(match["name"], match["type"].upper(), match["default"],
                                (match["doc"] or "").strip()))
        key, _, value = line.lstrip("- ").partition(":")
        if key in header:
            header[key] = value.strip()
    return QueryFile(name, path, header["question"], header["grain"], tuple(params), text)


def query_paths(extra_dir: Path | None = None) -> dict[str, Path]:
    """Every query name with its file: `queries/*.sql`, `queries/audits/*.sql`, then `extra_dir`."""
    found: dict[str, Path] = {}
    for root in (QUERIES_DIR, *([Path(extra_dir)] if extra_dir else [])):
        for path in sorted(root.glob("*.sql")):
            if not path.name.startswith("_"):
                found[path.stem] = path
        for path in sorted(root.glob("audits/*.sql")):
            found[f"audits/{path.stem}"] = path
    return found


def find_query(name: str, extra_dir: Path | None = None) -> QueryFile:
    """The query called `name`; an unknown name lists the closest known names."""
    paths = query_paths(extra_dir)
    if name not in paths:
        close = difflib.get_close_matches(name, paths, n=3, cutoff=0.5)
        hint = f"; did you mean {', '.join(close)}?" if close else "; see `dicelab list queries`"
        raise UserError(f"unknown query {name!r} (looked in {QUERIES_DIR}){hint}")
    return parse_query_file(paths[name], name)


def list_queries(extra_dir: Path | None = None) -> pl.DataFrame:
    """One row per query: name, question and its parameters as `name TYPE [= default]`."""
    rows = []
    for name, path in query_paths(extra_dir).items():
        query = parse_query_file(path, name)
        params = ", ".join(f"{p.name} {p.type}" + (f" = {p.default}" if p.default else "")
                           for p in query.params)
        rows.append({"name": name, "question": query.question, "params": params})
    return pl.DataFrame(rows, schema={"name": pl.String, "question": pl.String,
                                      "params": pl.String})


def find_run_folders(paths: Iterable[str | Path]) -> list[Path | Place]:
    """Run folders (holding runs.parquet) named by `paths`: run folders, parents of runs, globs;
    an fsspec URL (`memory://`, `s3://`...) names a run folder or a folder of runs there."""
    folders: list[Path | Place] = []
    for raw in paths:
        if is_url(str(raw)):
            folders.extend(_runs_at(Place.of(raw)))
            continue
        folders.extend(local_run_folders([raw]) or ())
    if not folders:
        shown = ", ".join(map(str, paths)) or "(none)"
        raise UserError(f"no logs found in {shown}: expected run folders holding runs.parquet")
    return sorted(dict.fromkeys(folders), key=str)


def _runs_at(place: Place) -> list[Path | Place]:
    """Run folders at or under a URL (one listing of the store)."""
    if place.is_local:
        return list(runs_under(place.local_path()))
    if (place / "runs.parquet").is_file():
        return [place]
    return [Place(m.fs, m.path.rsplit("/", 1)[0], str(m).rsplit("/", 1)[0])
            for m in place.find("runs.parquet") if f"/{PARTS}/" not in m.path]


def _sql_list(paths: Iterable[Path]) -> str:
    # View definitions cannot take binds, so file names are quoted here, escaping quotes.
    return "[" + ", ".join("'" + str(p).replace("'", "''") + "'" for p in paths) + "]"


class LogDatabase:
    """An in-memory DuckDB with filtered views `runs`, `games`, `players`, `events`, `uses`."""

    def __init__(self, paths: Iterable[str | Path], filters: Filters | None = None,
                 extra_dir: Path | None = None, threads: int | None = None,
                 memory_limit: str = "1536MB", game: str | None = None):
        self.folders = find_run_folders(paths)
        self.filters = filters or Filters()
        self.extra_dir = extra_dir
        self._background: ThreadPoolExecutor | None = None
        # Insertion order is never relied on (every query orders its output), and dropping
        # it lets DuckDB stream large scans in less memory.
        self.con = duckdb.connect(config={
            "threads": threads or min(os.cpu_count() or 1, 4), "memory_limit": memory_limit,
            "preserve_insertion_order": False,
        })
        self.con.execute("set enable_progress_bar = false")  # commands print only their tables
        for fs in {id(f.fs): f.fs for f in self.folders if isinstance(f, Place)}.values():
            self.con.register_filesystem(fs)  # DuckDB reads fsspec URLs through fsspec
        # Queries scan the same part files several times: parse each file's footer once.
        self.con.execute("set parquet_metadata_cache = true")
        require_run_files(self.folders)  # a damaged manifest is named as such
        versions = _schema_versions(self.con, self.folders)  # refuses newer logs
        # Only whole parts are read; a damaged one stops here, an unfinished run is said.
        self.checks = [check_run(folder) for folder in self.folders]
        require_whole(self.checks)
        warn_unfinished(self.checks)
        try:
            self._create_views()
            self._create_components(versions)
        except duckdb.Error as err:  # whole footers, damaged data (the filters read it)
            first_line = (str(err).strip().splitlines() or [type(err).__name__])[0]
            raise UserError(f"cannot read the logs ({first_line})"
                            f"{damage_advice(self.folders)}") from None
        # One game's roles: which of its words the queries read for each role.
        self.roles = pooled_roles(self.folders, game or self.filters.game)
        create_roles(self.con, self.roles)
        if not self.has_seat_components:
            self._derive_seat_components()
        if not self.holds(SCORE_CAUSES):
            self.con.execute((QUERIES_DIR / DERIVED_CAUSES_FILE).read_text(encoding="utf-8"))
        macros = QUERIES_DIR / MACROS_FILE
        if macros.is_file():
            self.con.execute(macros.read_text(encoding="utf-8"))
        if not self.has_seat_components:  # the tables' macros read the events, as before
            self.con.execute((QUERIES_DIR / OLDER_PARTS_FILE).read_text(encoding="utf-8"))

    def __enter__(self) -> LogDatabase:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._background is not None:
            self._background.shutdown(wait=True, cancel_futures=True)
        self.con.close()

    def run(self, name: str, params: Mapping[str, object] | None = None) -> pl.DataFrame:
        """The result of query `name` with `params` (converted to the header's types)."""
        return self.execute(find_query(name, self.extra_dir), params)

    def submit(self, name: str, params: Mapping[str, object] | None = None
               ) -> Future[pl.DataFrame]:
        """Start query `name` in a background thread; `.result()` gives its frame.

        It runs on a second connection to the same database (one connection must not be used
        from two threads). DuckDB releases the GIL while it works, so the caller's numpy work
        and this query share the cores instead of waiting for each other.
        """
        query = find_query(name, self.extra_dir)
        if self._background is None:
            self._background = ThreadPoolExecutor(max_workers=1, thread_name_prefix="duckdb")
        return self._background.submit(self._execute_and_close, query, params,
                                       self.con.cursor())

    def _execute_and_close(self, query: QueryFile, params: Mapping[str, object] | None,
                           cursor: duckdb.DuckDBPyConnection) -> pl.DataFrame:
        try:
            return self.execute(query, params, cursor)
        finally:
            cursor.close()

    def execute(self, query: QueryFile, params: Mapping[str, object] | None = None,
                con: duckdb.DuckDBPyConnection | None = None) -> pl.DataFrame:
        """Run a parsed query file (on `con`, default this database's connection); a DuckDB
        error becomes one line naming the file."""
        # A component kind left out is the game's first: no query file names a game's kind.
        given = dict(params or {})
        if any(p.name == "component" for p in query.params) and self.roles.kinds:
            given.setdefault("component", self.roles.kinds[0])
            # Another kind would match no row: an empty table, read as "nothing there".
            self.roles.component(str(given["component"]))
        values = query.bind_values(given)
        try:
            return (con or self.con).sql(query.sql, params=values).pl()
        except duckdb.Error as err:
            first_line = str(err).strip().splitlines()[0]
            if USER_ERROR in first_line:  # the query's own check of its parameters
                raise UserError(f"query {query.name!r}: "
                                f"{first_line.split(USER_ERROR, 1)[1]}") from None
            # An error of the SQL itself needs no look at the data; any other may be damage.
            sql_error = isinstance(err, (duckdb.ParserException, duckdb.BinderException,
                                         duckdb.CatalogException))
            advice = "" if sql_error else damage_advice(self.folders)
            raise UserError(f"query {query.name!r} ({query.path}) failed: {first_line}"
                            f"{advice}") from None

    @property
    def has_seat_components(self) -> bool:
        """Whether every part read holds its `seat_components` table (else the view derives
        the same rows from the events, slower: `dicelab repair` writes the tables)."""
        return self.holds(SEAT_COMPONENTS)

    def holds(self, table: str) -> bool:
        """Whether every part read holds the derived `table` (else its view derives the same
        rows from the events)."""
        return not any(check.lacking.get(table) for check in self.checks)

    @property
    def _part_tables(self) -> tuple[str, ...]:
        """The part tables the views read: the derived ones only where every part holds them."""
        return (*TABLE_NAMES, *(t for t in (SEAT_COMPONENTS, SCORE_CAUSES) if self.holds(t)))

    def _derive_seat_components(self) -> None:
        self.con.execute((QUERIES_DIR / DERIVED_FILE).read_text(encoding="utf-8"))
        # Kinds are the roles' words, quoted by the roles' own quoting (no binds in a view).
        kinds = " union all ".join(f"select * from seat_components_from_events({quoted(kind)})"
                                   for kind in self.roles.kinds)
        self.con.execute(f"create view seat_components as {kinds}")

    def _create_views(self) -> None:
        runs = [folder / "runs.parquet" for folder in self.folders]
        self.con.execute("create view _read_runs as select * from "
                         f"read_parquet({_sql_list(runs)}, union_by_name = true)")
        columns = {row[0] for row in self.con.execute("describe _read_runs").fetchall()}
        # Runs logged before records have no `source`: they are simulations.
        source = ("* replace (coalesce(source, 'simulated') as source)" if "source" in columns
                  else "*, 'simulated' as source")
        self.con.execute(f"create view _all_runs as select {source} from _read_runs")
        for table in self._part_tables:
            files = [f for check in self.checks for f in check.files(table)]
            if not files:
                where = ", ".join(map(str, self.folders))
                raise UserError(f"no games logged yet in {where} (no parts/*/{table}.parquet)")
            self.con.execute(f"create view _all_{table} as "
                             f"select * from read_parquet({_sql_list(files)})")
        tables = self._part_tables
        if not self.filters.active:
            for table in ("runs", *tables):
                self.con.execute(f"create view {table} as select * from _all_{table}")
            return
        self._create_filtered_views(tables)

    def _create_components(self, versions: dict[Path, int]) -> None:
        """The `components` view: the catalogues of the runs the other views keep, a few dozen
        rows per run read once (by DuckDB: polars' Parquet reader would add 15 MiB to every
        command). Schema-2 runs, which have none, get theirs from the reader's legacy data."""
        current = [folder for folder, version in versions.items() if version >= 3]
        old = [folder for folder in versions if folder not in current]
        sources = []
        if current:
            # Runs of different games (or releases) may carry different attributes: the union.
            files = _sql_list(catalogue_path(folder) for folder in current)
            sources.append(f"select * from read_parquet({files}, union_by_name = true)")
        if old:
            legacy = pl.concat([read_components(folder, read_runs(folder)) for folder in old])
            self.con.register("_schema2_components", legacy)
            sources.append("select * from _schema2_components")
        self.con.execute("create table _all_components as "
                         + " union all by name ".join(sources))
        if old:
            self.con.unregister("_schema2_components")
        self.con.execute("create view components as select * from _all_components "
                         "where run_id in (select run_id from runs)")

    def _create_filtered_views(self, tables: tuple[str, ...]) -> None:
        f = self.filters
        self.con.execute(_KEPT_GAMES_SQL, {
            "players": list(f.players), "modules": list(f.module),
            "card_sets": list(f.card_set), "bots": list(f.bot), "sources": list(f.source),
        })
        if f.card_set:
            self._check_set_filter(list(f.card_set))
        (kept,) = self.con.execute("select count(*) from _kept_games").fetchone()
        if not kept:
            raise UserError(f"no games match {f.describe()} in "
                            f"{', '.join(map(str, self.folders))}")
        for table in tables:
            self.con.execute(f"create view {table} as select * from _all_{table} "
                             f"where game_id in (select game_id from _kept_games)")
        self.con.execute("create view runs as select * from _all_runs "
                         "where run_id in (select distinct run_id from games)")

    def _check_set_filter(self, wanted: list[str]) -> None:
        """--set keeps the games of a set named so or of that content hash: one content per
        value (two different sets of one name never pool), and nothing kept lists what is."""
        sets = self.con.sql(_SETS_SQL).pl()
        for value in wanted:
            named = sets.filter((sets["card_set"] == value) | (sets["set_hash"] == value))
            if named["set_hash"].n_unique() > 1:
                raise ambiguous_set(value, named)
        if not sets.filter(sets["card_set"].is_in(wanted) | sets["set_hash"].is_in(wanted)).height:
            raise no_set_matches(wanted, sets)


# The games every view exposes when filters are given; computed once per open. Not a temp
# table: the second connection of `LogDatabase.submit` must see it too.
_KEPT_GAMES_SQL = """
create table _kept_games as
select g.game_id
from _all_games as g
where (len($players::integer[]) = 0 or list_contains($players::integer[], g.players::integer))
  and (len($modules::varchar[]) = 0 or list_contains($modules::varchar[], g.module))
  and (len($card_sets::varchar[]) = 0 or list_contains($card_sets::varchar[], g.card_set)
       or list_contains($card_sets::varchar[], (
           select substr(md5(r.cards), 1, 8) from _all_runs as r where r.run_id = g.run_id)))
  and (len($bots::varchar[]) = 0 or g.game_id in (
      select p.game_id from _all_players as p where list_contains($bots::varchar[], p.bot)))
  and (len($sources::varchar[]) = 0 or g.run_id in (
      select r.run_id from _all_runs as r where list_contains($sources::varchar[], r.source)))
"""

# The card sets of every logged game (before any filter), by name and content hash.
_SETS_SQL = """
select g.card_set, substr(md5(r.cards), 1, 8) as set_hash, count(*)::bigint as n
from _all_games as g
join _all_runs as r using (run_id)
group by all
order by g.card_set, set_hash
"""



def _schema_versions(con: duckdb.DuckDBPyConnection, folders: list[Path]) -> dict[Path, int]:
    """Each run folder's log schema version; a UserError of one line if this dicelab cannot
    read it."""
    versions = {}
    for folder in folders:
        path = folder / "runs.parquet"
        try:
            rows = con.execute("select distinct schema_version from read_parquet($path)",
                               {"path": str(path)}).fetchall()
        except duckdb.Error:
            raise UserError(f"{path}: not a dicelab runs table (no schema_version)") from None
        for (version,) in rows:
            check_version(folder, version)
        versions[folder] = max(version for (version,) in rows)
    return versions


@contextmanager
def opened(logs: Iterable[str | Path] | LogDatabase, filters: Filters | None = None
           ) -> Iterator[LogDatabase]:
    """`logs` open: a LogDatabase passed down as it is (its opener closes it), paths opened
    here with `filters` and closed after the block."""
    if isinstance(logs, LogDatabase):
        yield logs
        return
    with LogDatabase(logs, filters) as db:
        yield db


def run_query(logs: Iterable[str | Path], name: str, params: Mapping[str, object] | None = None,
              filters: Filters | None = None, extra_dir: Path | None = None) -> pl.DataFrame:
    """Open `logs`, run query `name` with `params`, close; the one-call form."""
    query = find_query(name, extra_dir)  # an unknown name fails before any file is read
    with LogDatabase(logs, filters, extra_dir) as db:
        return db.execute(query, params)
