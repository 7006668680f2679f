"""What a run folder holds, checked: whole parts, damaged parts, games present and expected.

A run folder is `runs.parquet` (the manifest, with the number of games expected), `config.json`
(the options that decide the games, so that `dicelab repair` can play a part again), other
run-level tables (`components.parquet`, `roles.json`) and `parts/NNNNN/` folders of games.
Writers and readers agree here on what a whole part is: every part table present with a
readable Parquet footer, and as many games as the part's place in the run says. Readers read
only whole parts, refuse a run with a damaged one (naming the file and the remedy) and warn
about an unfinished run. It lives with the readers (the runner's analytics/runs/folder.py uses
it too), so reading a log needs nothing above the event log.

The folder is a local path or an fsspec URL (eventlog.store). A part is committed when its marker
(`_committed.json`, put after its tables) exists: a part folder without one is being written, or
was stopped half way, and is never read; it is played again. Runs written before markers (their
parts were renamed into place whole) have none at all: their part folders are judged by their
files, as then.
"""

from __future__ import annotations

import json
import warnings
from dataclasses import dataclass, field
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from analytics.errors import Notice, UserError
from analytics.eventlog.schema import TABLES
from analytics.eventlog.store import Location, Place
from analytics.eventlog.writer import COMMITTED, PARTS, part_dir

PART_TABLES = ("games", "players", "events", "uses")
# Part tables derived from the events that parts logged before them lack: such a part is whole
# (readers derive the rows from its events; `dicelab repair` writes them), a damaged one is not.
DERIVED_TABLES = ("seat_components", "score_causes")
MANIFEST = "runs.parquet"
RUN_TABLES = (MANIFEST, "components.parquet")  # run-level tables, beside config.json
CONFIG_FILE = "config.json"
# config.json's word that the run's parts are committed by markers, said before any part: even
# its first part is then judged by its marker (runs before markers, and records, lack it).
MARKERS = "part_markers"
# Games per part folder (the unit of work, of --resume and of crash safety): up to MAX_PART, so
# that readers open few files (every scan of a file costs a query time: on 100,000 games,
# `dicelab cards` and `faces` answer about 0.4 s sooner from parts of 1,000 than of 500; parts
# of 2,000 gain little more and double a worker's memory while it writes), and at least
# MIN_PARTS parts for smaller runs, to share them among the workers. It depends on the number
# of games only, never on --workers, so the files are the same for any worker count.
MAX_PART = 1000
MIN_PARTS = 8
MIN_PART = 100
# config.json's "config": the runner's RunConfig (analytics/runs/simulate.py) as `asdict` wrote
# it, each field with its JSON type; a field left out takes RunConfig's default (runs written
# before it existed). Checked here so that a hand-edited file is one line, not a traceback.
CONFIG_FIELDS: dict[str, type | tuple[type, ...]] = {
    "game": str, "players": int, "games": int, "seed": int, "bots": list, "card_set": str,
    "module": str, "rules": dict, "rotate": bool,
}
# Columns a run table may lack: runs logged before records have no `source`.
OPTIONAL_COLUMNS = {"runs": {"source"}}


class UnfinishedRun(Notice):
    """A run folder holds fewer games than its manifest expects."""


def part_size(games: int) -> int:
    """Games per part for a run of `games` games (see MAX_PART)."""
    return min(MAX_PART, max(MIN_PART, -(-games // MIN_PARTS)))


@dataclass
class RunCheck:
    """One run folder as found on disk."""

    folder: Path | Place
    n_games: int  # expected, from the manifest
    part_size: int
    whole: dict[int, int] = field(default_factory=dict)  # part -> its games
    damaged: dict[int, str] = field(default_factory=dict)  # part -> what is wrong, naming a file
    # derived table -> the whole parts logged without it (DERIVED_TABLES)
    lacking: dict[str, list[int]] = field(default_factory=dict)

    @property
    def n_parts(self) -> int:
        return -(-self.n_games // self.part_size)

    @property
    def games_present(self) -> int:
        return sum(self.whole.values())

    def games_in(self, part: int) -> int:
        return max(0, min(self.n_games, (part + 1) * self.part_size) - part * self.part_size)

    def missing(self) -> list[int]:
        """Parts still to play: never written, or damaged."""
        return [p for p in range(self.n_parts) if p not in self.whole]

    def files(self, table: str) -> list[Place]:
        return [part_dir(self.folder, p) / f"{table}.parquet" for p in sorted(self.whole)]


def check_run(location: Location, deep: bool = False) -> RunCheck:
    """Read the manifest and every committed part's Parquet footers (not the data: this stays
    cheap); `deep` reads every file whole, finding damage inside a file too. A damaged
    run-level file is a UserError."""
    folder = Place.of(location)
    require_run_files([folder])
    n_games = _manifest_games(folder)
    stored = read_config(folder)
    size = stored["part_size"] if stored else part_size(n_games)
    check = RunCheck(folder, n_games, size)
    root = folder / PARTS
    listing = root.sizes() if root.is_dir() else {}  # every part file and its size, at once
    committed = {path.partition("/")[0] for path in listing if path.endswith(f"/{COMMITTED}")}
    by_part: dict[str, dict[str, int]] = {}  # part folder -> its files and sizes, in one pass
    for path, file_size in listing.items():
        name, _, rest = path.partition("/")
        by_part.setdefault(name, {})[rest] = file_size
    marked = bool(committed) or bool(stored and stored.get(MARKERS))
    for entry in root.iterdir():
        if not entry.name.isdigit() or not _counts(entry, marked, committed):
            continue  # not a part (readers never glob parts/*/), or not committed: missing
        part = int(entry.name)
        files = by_part.get(entry.name, {})
        vouched = set() if deep else _vouched(entry, files, check.games_in(part))
        problem = _part_problem(entry, files, vouched, check.games_in(part), deep)
        if problem:
            check.damaged[part] = problem
        else:
            check.whole[part] = check.games_in(part)
            for table in DERIVED_TABLES:
                if f"{table}.parquet" not in files:
                    check.lacking.setdefault(table, []).append(part)
    return check


def _vouched(part: Place, files: dict[str, int], games: int) -> set[str]:
    """The part's tables its marker vouches for: the writer recorded each table's size in the
    marker once the table was whole, so a table of that very size (not truncated, not another
    file put in its place) needs no look at its footer. Markers before sizes, or of another
    game count, vouch for none; damage that keeps a file's size is found when a query fails
    (damage_advice reads the files whole)."""
    if COMMITTED not in files:
        return set()
    try:
        marker = json.loads((part / COMMITTED).read_text())
        recorded, marked_games = marker.get("sizes", {}), marker.get("games")
    except (OSError, ValueError, UserError, AttributeError):
        return set()
    if marked_games != games or not isinstance(recorded, dict):
        return set()
    return {name for name, size in recorded.items() if files.get(name) == size}


def _counts(part: Place, marked: bool, committed: set[str]) -> bool:
    """Whether a part folder is judged at all: committed, or (a run written before markers,
    holding none) not empty."""
    return part.name in committed if marked else bool(part.iterdir())


def require_run_files(folders: list[Location]) -> None:
    """A UserError naming the first damaged run-level file (before its content is read), or
    two folders holding the same run (a copy: its games would count twice)."""
    seen: dict[str, Location] = {}
    for folder in folders:
        problem = run_files_problem(folder)
        if problem:
            raise UserError(f"{problem}; run `dicelab repair {folder}` to write it again")
        rid = str(manifest_run_id(folder))
        if rid in seen:
            raise UserError(f"{seen[rid]} and {folder} hold the same run ({rid}): its games "
                            "would count twice; read one of them")
        seen[rid] = folder


def run_files_problem(location: Location) -> str | None:
    """What is wrong with the run-level files (the manifest, missing or damaged; the other run
    tables when present), naming the file; None when they are whole. They are written before
    any part, so whatever stopped a run, they can be written again from config.json."""
    folder = Place.of(location)
    if manifest_run_id(folder) is None:
        return f"{folder / MANIFEST}: missing or damaged"
    for name in RUN_TABLES:
        path = folder / name
        try:
            problem = _columns_problem(path, name.removesuffix(".parquet")) if (
                path.exists()) else None
        except (OSError, pa.ArrowException) as err:
            return f"{path}: damaged ({_first_line(err)})"
        if problem:
            return problem
    return None


def _columns_problem(path: Place, table: str) -> str | None:
    """Whether a Parquet file holds the declared columns of `table` (from its footer): a file of
    another table put in its place is named before any query binds to it."""
    names = set(_footer(path).schema.to_arrow_schema().names)
    missing = [c for c in TABLES[table] if c not in names | OPTIONAL_COLUMNS.get(table, set())]
    if missing:
        return f"{path}: not the {table} table (no column {', '.join(missing)})"
    return None


def _manifest_games(folder: Place) -> int:
    return int(_column(folder / MANIFEST, "n_games"))


def manifest_run_id(location: Location) -> str | None:
    """The run id in the manifest; None when it is missing or unreadable."""
    return manifest_field(location, "run_id")


def manifest_field(location: Location, name: str) -> str | None:
    """A field of the manifest; None when it is missing or unreadable."""
    try:
        return str(_column(Place.of(location) / MANIFEST, name))
    except (OSError, pa.ArrowException, KeyError, IndexError):
        return None


def _column(path: Place, name: str) -> object:
    """The first value of a column of a Parquet file."""
    # ParquetFile.read, not pq.read_table: the latter imports pyarrow.dataset, which imports
    # pandas, about a second of CPU on every command that opens logs.
    with path.open() as file:
        return pq.ParquetFile(file).read(columns=[name])[name][0].as_py()


def _footer(path: Place) -> pq.FileMetaData:
    with path.open() as file:
        return pq.read_metadata(file)


def _part_problem(part: Place, files: dict[str, int], vouched: set[str], games: int,
                  deep: bool) -> str | None:
    """What makes this part folder not whole, naming the file; None when it is whole. `files`
    are its files (name -> size); those `vouched` for by its marker are whole."""
    for table in (*PART_TABLES, *DERIVED_TABLES):
        path = part / f"{table}.parquet"
        if f"{table}.parquet" not in files:
            if table in DERIVED_TABLES:
                continue
            return f"{path}: missing"
        if f"{table}.parquet" in vouched:
            continue
        try:
            problem = _columns_problem(path, table)
            rows = _rows(path, deep)
        except (OSError, pa.ArrowException) as err:
            return f"{path}: damaged ({_first_line(err)})"
        if problem:
            return problem
        if table == "games" and rows != games:
            return f"{path}: {rows} games where the part holds {games}"
    return None


def _rows(path: Place, deep: bool) -> int:
    """Rows of a Parquet file: from its footer, or (`deep`) by reading it whole."""
    if not deep:
        return _footer(path).num_rows
    with path.open() as file:
        return pq.ParquetFile(file).read().num_rows


def _first_line(err: Exception) -> str:
    return (str(err).strip().splitlines() or [type(err).__name__])[0]


def require_whole(checks: list[RunCheck]) -> None:
    """A UserError naming the first damaged file and the remedy, if any part is damaged."""
    for check in checks:
        if check.damaged:
            first = next(iter(check.damaged.values()))
            more = len(check.damaged) - 1
            others = f" (and {more} more damaged part{'s' * (more > 1)})" if more else ""
            raise UserError(f"{first}{others}; run `dicelab repair {check.folder}` to play the "
                            "damaged parts again from their seeds, or `dicelab simulate` with "
                            "the run's options and --resume")


def damage_advice(folders: list[Location]) -> str:
    """For a reader's error that may come from damaged data (a whole footer does not make whole
    data): the damaged file a whole read of the runs finds, and what to do; '' if none."""
    for folder in folders:
        damaged = check_run(folder, deep=True).damaged
        if damaged:
            return (f"; {next(iter(damaged.values()))}: run `dicelab repair {folder}` to play "
                    "the damaged parts again from their seeds")
    return ""


def warn_unfinished(checks: list[RunCheck]) -> None:
    """A notice for each run holding fewer games than it should: answers cover only those."""
    for check in checks:
        if check.games_present < check.n_games:
            warnings.warn(UnfinishedRun(
                f"{check.folder}: unfinished run, {check.games_present:,} of {check.n_games:,} "
                f"games ({len(check.whole)} of {check.n_parts} parts); results cover only "
                f"these; finish it with `dicelab repair {check.folder}`"), stacklevel=2)


def read_config(folder: Location) -> dict | None:
    """`config.json`: {"config": the run's options, "part_size": N}; None for runs without."""
    path = Place.of(folder) / CONFIG_FILE
    if not path.is_file():
        return None
    try:
        stored = json.loads(path.read_text())
    except (OSError, ValueError) as err:
        raise UserError(f"{path}: damaged ({_first_line(err)})") from None
    problem = _config_problem(stored)
    if problem:
        raise UserError(f"{path}: damaged ({problem}); write it again with the run's options, "
                        "or run `dicelab simulate` into a new folder")
    return stored


def _config_problem(stored: object) -> str | None:
    """What in config.json does not follow its schema ({"config": CONFIG_FIELDS, "part_size":
    a positive integer, MARKERS: a flag}); None when it does."""
    if not isinstance(stored, dict) or not isinstance(stored.get("config"), dict):
        return "no \"config\" object"
    size = stored.get("part_size")
    if not _is_int(size) or size < 1:
        return f"\"part_size\" must be a positive integer (got {json.dumps(size)})"
    if not isinstance(stored.get(MARKERS, False), bool):
        return f"\"{MARKERS}\" must be true or false"
    for name, value in stored["config"].items():
        kind = CONFIG_FIELDS.get(name)
        if kind is None:
            return f"unknown option \"{name}\" in \"config\""
        if not (_is_int(value) if kind is int else isinstance(value, kind)):
            return f"\"config\".\"{name}\" must be {_TYPE_WORDS[kind]} (got {json.dumps(value)})"
    config = stored["config"]
    if not all(isinstance(b, str) for b in config.get("bots", [])) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in config.get("rules", {}).items()):
        return "\"config\".\"bots\" and \"rules\" must hold strings"
    return None


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)  # JSON true is no count


_TYPE_WORDS = {str: "a string", int: "an integer", list: "a list", dict: "an object",
               bool: "true or false"}
