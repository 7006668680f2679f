"""Render a table (a polars frame) as a text table, CSV or JSON; one place for `--format`.

The text table is for a person: a short default set of columns (`--columns` to choose,
`--wide` for all), numbers rounded to what can be read, p-values as `<0.001`. CSV and JSON
are for programs and keep every column at full precision.
"""

from __future__ import annotations

import json
import math
import os
import re
import shutil
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from analytics.errors import UserError

if TYPE_CHECKING:  # polars is imported where a table is rendered: `dicelab --help` needs none
    import polars as pl

FORMATS = ("table", "csv", "json")
# Abbreviations used in column names, explained in one legend line under a text table.
ABBREVIATIONS = {
    "n": "n: sample size", "wr": "wr: win rate (tied winners split a win)",
    "low": "low/high: 95% interval", "delta": "delta: owned wr - not-owned wr",
    "adj": "p_adj: p-value adjusted within its family (the notes name each family)",
    "chi2": "chi2_p: chi-square test against 1/N", "sd": "sd: standard deviation",
    "p95": "p95: 95th percentile",
}


# A text table fits a terminal of this many columns: wider tables are printed in blocks of
# columns, each repeating the row labels (`--wide` or `--columns` print one wide table).
TABLE_WIDTH = 100


def render_table(frame: pl.DataFrame, fmt: str = "table", float_digits: int = 3,
                 width: int | None = TABLE_WIDTH, keys: int | None = None) -> str:
    """The frame as text in `fmt` (table | csv | json). A text table wider than `width` is
    split into blocks of columns, each led by the `keys` first columns (by default the
    leading text columns, at most 3); `width=None` never splits."""
    if fmt == "csv":
        return frame.write_csv()
    if fmt == "json":
        return json_text(frame.to_dicts())
    if fmt != "table":
        raise ValueError(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")
    shown = with_intervals_as_text(with_p_values_as_text(frame), float_digits)
    text = _text_table(shown, float_digits)
    if width is None or max(map(len, text.splitlines()), default=0) <= width:
        return text
    keys = _label_columns(frame) if keys is None else keys
    blocks = _column_blocks(text, shown.width, keys, width)
    if len(blocks) < 2:
        return text
    return "\n\n".join(_text_table(shown.select(*shown.columns[:keys], *block), float_digits)
                     for block in ([shown.columns[i] for i in b] for b in blocks))


def _text_table(frame: pl.DataFrame, float_digits: int) -> str:
    import polars as pl

    with pl.Config(
        tbl_rows=-1, tbl_cols=-1, tbl_hide_dataframe_shape=True, tbl_hide_column_data_types=True,
        tbl_formatting="ASCII_MARKDOWN", fmt_str_lengths=60,
        tbl_width_chars=10_000,  # never wrap cells: blocks of columns read better
        tbl_cell_numeric_alignment="RIGHT", thousands_separator=",",
        float_precision=float_digits,
    ):
        return _NULL_CELL.sub(lambda m: " " * len(m[0]), str(frame))


def _label_columns(frame: pl.DataFrame) -> int:
    """How many leading columns label a row: the leading text columns, 1 to 3."""
    count = 0
    for dtype in frame.dtypes[:3]:
        if dtype.is_numeric():
            break
        count += 1
    return min(max(count, 1), frame.width - 1)


def _column_blocks(text: str, n_columns: int, keys: int, width: int) -> list[list[int]]:
    """Indices of the non-key columns, packed in order into blocks that fit `width` beside the
    key columns; widths read from the table's `|---|` rule line."""
    rule = next(line for line in text.splitlines() if line.startswith("|-"))
    widths = [len(cell) + 1 for cell in rule.strip("|").split("|")]  # each with its bar
    assert len(widths) == n_columns
    room = width - 1 - sum(widths[:keys])
    blocks: list[list[int]] = []
    used = room + 1  # start a new block at once
    for index in range(keys, n_columns):
        if used + widths[index] > room and (not blocks or blocks[-1]):
            blocks.append([])
            used = 0
        blocks[-1].append(index)
        used += widths[index]
    return blocks


INTERVAL_LEGEND = "x (low, high): an estimate and its 95% interval"


def interval_columns(frame: pl.DataFrame) -> list[str]:
    """Numeric columns X with both X_low and X_high beside them."""
    return [c for c in frame.columns if f"{c}_low" in frame.columns
            and f"{c}_high" in frame.columns and frame.schema[c].is_numeric()]


def with_intervals_as_text(frame: pl.DataFrame, digits: int = 3) -> pl.DataFrame:
    """Each estimate X with X_low and X_high as one cell `x (low, high)`: a person reads an
    estimate with its interval (CSV and JSON keep the three columns)."""
    import polars as pl

    merged = interval_columns(frame)
    if not merged:
        return frame

    def cell(row: dict) -> str | None:
        value, low, high = row.values()
        if value is None:
            return None
        bounds = "" if low is None or high is None else f" ({low:.{digits}f}, {high:.{digits}f})"
        return f"{value:.{digits}f}{bounds}"

    return frame.with_columns(
        pl.struct(pl.col(c), pl.col(f"{c}_low"), pl.col(f"{c}_high"))
        .map_elements(cell, return_dtype=pl.String).alias(c) for c in merged
    ).drop(*(f"{c}_{end}" for c in merged for end in ("low", "high")))


def json_text(body: object) -> str:
    """`body` as strict JSON (RFC 8259): NaN and infinities are null, which every parser reads
    (Python's json writes a bare NaN that jq and browsers refuse); other objects as text."""
    return json.dumps(_finite(body), indent=2, default=str, allow_nan=False)


def _finite(value: object) -> object:
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {key: _finite(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(item) for item in value]
    return value


# A missing value prints as `null`; a person reads an empty cell better.
_NULL_CELL = re.compile(r"(?<=\| )\s*null\s*(?= \|)")


def with_p_text(frame: pl.DataFrame, *columns: str) -> pl.DataFrame:
    """The p-value `columns` the frame has as the analyses write them (scientific when small,
    '< 1e-300' on underflow, never 0.0); applied last, after any sort by them."""
    import polars as pl

    present = [c for c in columns if c in frame.columns]
    return frame.with_columns(pl.col(c).map_elements(analysis_p, return_dtype=pl.String)
                              for c in present)


def with_p_values_as_text(frame: pl.DataFrame) -> pl.DataFrame:
    """p-value columns as text: `<0.001`, else two significant digits."""
    import polars as pl

    p_columns = [c for c in frame.columns if is_p_value(c) and frame.schema[c].is_float()]
    return frame.with_columns(pl.col(c).map_elements(format_p, return_dtype=pl.String)
                              for c in p_columns)


def is_p_value(column: str) -> bool:
    return column in ("p", "p_value", "p_adj") or column.endswith("_p")


def analysis_p(p: float | None) -> str:
    """A p-value as the analyses write it: two significant digits, scientific when small;
    never '0.0'. A p-value below 1e-300 (or one that underflowed to 0 in floating point) is
    '< 1e-300'. (Here, not in analytics.stats: a table kept in the results cache is shown
    without loading numpy.)"""
    if p is None or math.isnan(p):
        return ""
    if p < 1e-300:
        return "< 1e-300"
    return f"{p:.2g}" if p >= 1e-3 else f"{p:.1e}"


def format_p(value: float | None) -> str:
    """`<0.001`, else two significant digits (0.0012, 0.050, 0.31): never a bare 0.05."""
    if value is None or math.isnan(value):
        return ""
    return "<0.001" if value < 0.001 else f"{value:#.2g}"


def choose_columns(frame: pl.DataFrame, fmt: str, default: Sequence[str] = (),
                   columns: str | None = None, wide: bool = False) -> pl.DataFrame:
    """The columns a person sees: `columns` (comma-separated) if given, all with `wide` or in
    CSV/JSON, else `default` (all when empty). An unknown column is a UserError."""
    if columns:
        chosen = [c.strip() for c in columns.split(",") if c.strip()]
        unknown = [c for c in chosen if c not in frame.columns]
        if unknown:
            raise UserError(f"--columns: no column {', '.join(map(repr, unknown))}; columns "
                            f"are {', '.join(frame.columns)}")
        return frame.select(chosen)
    if wide or fmt != "table" or not default:
        return frame
    return frame.select(c for c in default if c in frame.columns)


def legend(columns: Sequence[str]) -> str:
    """One line explaining the abbreviations that occur in `columns` (empty if none); columns
    shown as `x (low, high)` in a text table are said so."""
    words = dict.fromkeys(w for column in columns for w in column.split("_")
                          if w in ABBREVIATIONS)
    merged = any(f"{c}_low" in columns and f"{c}_high" in columns for c in columns)
    if merged:
        words.pop("low", None)
    parts = [INTERVAL_LEGEND] * merged + [ABBREVIATIONS[w] for w in words]
    return "legend: " + "; ".join(parts) if parts else ""


# Output paths. Every --out (and --report) is checked by `prepare_out` before any work, and
# the folders it makes are taken back when the command fails (`removed_on_failure`, around
# every command): a failed command leaves nothing behind.
_made: list[tuple[Path, Callable[[Path], bool]]] = []  # folder made, and whether to keep it


def prepare_out(text: str | Path, option: str = "--out", *, folder: bool = False,
                suffixes: Sequence[str] = (), urls: bool = False) -> Path | str:
    """The output `text` of `option` checked and its missing parent folders made: a path (an
    fsspec URL only where `urls`), a folder or else a file of one of `suffixes`, whose parent
    is a folder this process can write into. A UserError of one line otherwise."""
    text = str(text)
    want = "folder" if folder else "file"
    if not text.strip():
        raise UserError(f"{option} '': name a {want}")
    if "://" in text:
        if urls:
            return text  # the store checks it (analytics/eventlog/store.py)
        raise UserError(f"{option} {text}: name a local {want} (URLs are for run folders of "
                        "simulate and sweep)")
    path = Path(text)
    if suffixes and path.suffix.lower() not in suffixes:
        named = ", ".join(s for s in suffixes if s)  # '' (no suffix) may be allowed too
        raise UserError(f"{option} {path}: name a file ending with one of {named}")
    try:
        _check_place(path, option, folder)
    except OSError as err:  # a name too long, a loop of links...
        raise UserError(f"{option} {path}: {err.strerror}") from None
    return path


def _check_place(path: Path, option: str, folder: bool) -> None:
    want = "folder" if folder else "file"
    if path.exists() and path.is_dir() != folder:
        raise UserError(f"{option} {path} is a {'file' if folder else 'folder'}; name a {want}")
    make_folder(path.parent, option, path)
    try:  # a file made and removed: permissions alone do not say (root, /proc, read-only)
        handle, probe = tempfile.mkstemp(prefix=".probe-", dir=path.parent)
        os.close(handle)
        os.remove(probe)
    except OSError as err:
        raise UserError(f"{option} {path}: cannot write in {path.parent} ({err.strerror})"
                        ) from None
    if folder and not path.exists():  # made by the command: gone if it fails with no result
        _made.append((path, _holds_results))


def _holds_results(folder: Path) -> bool:
    """Whether a folder holds a committed part (of a run, or of runs below it): a failed
    command's whole results (a stopped run's, the records imported before one failed) stay."""
    from analytics.eventlog.writer import COMMITTED  # pyarrow: only when a command failed

    return any(folder.rglob(COMMITTED))


def make_folder(folder: Path, option: str, path: Path,
                keep: Callable[[Path], bool] = lambda made: any(made.iterdir())) -> None:
    """`folder` and its missing parents made, each taken back if the command fails unless
    `keep` (default: it holds something, which a failed command may leave on purpose)."""
    missing = [p for p in (folder, *folder.parents) if not p.exists()][::-1]
    for parent in [folder, *folder.parents][::-1]:
        if parent.exists() and not parent.is_dir():
            raise UserError(f"{option} {path}: {parent} is a file, not a folder")
    for made in missing:
        try:
            made.mkdir()
        except OSError as err:
            raise UserError(f"{option} {path}: cannot make the folder {made} "
                            f"({err.strerror})") from None
        _made.append((made, keep))


@contextmanager
def removed_on_failure(kept: Callable[[], bool] = lambda: False) -> Iterator[None]:
    """Around a command: the folders made for it are removed (newest first) when it fails,
    unless `kept()` (a stopped run keeps its parts for --resume) or their own `keep`."""
    del _made[:]
    try:
        yield
    except SystemExit as done:
        if done.code not in (0, None):
            _remove_made(kept)
        raise
    except BaseException:
        _remove_made(kept)
        raise


def _remove_made(kept: Callable[[], bool]) -> None:
    stopped = kept()  # a stopped run's folder stays, whatever it holds; empty ones go
    made, _made[:] = _made[::-1], []
    for folder, keep in made:
        if folder.is_dir() and not keep(folder) and not (stopped and any(folder.iterdir())):
            shutil.rmtree(folder, ignore_errors=True)


def frame_to_text(frame: pl.DataFrame) -> str:
    """A frame as text for a JSON entry of the results cache: Arrow IPC (zstd), base64. Every
    type and every bit of every value comes back (`frame_from_text`)."""
    import base64
    import io

    buffer = io.BytesIO()
    frame.write_ipc(buffer, compression="zstd")
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def frame_from_text(text: object) -> pl.DataFrame:
    """The frame `frame_to_text` wrote; a ValueError when `text` is not one (a damaged entry)."""
    import base64
    import binascii
    import io

    import polars as pl

    try:
        return pl.read_ipc(io.BytesIO(base64.b64decode(str(text), validate=True)))
    except (binascii.Error, pl.exceptions.PolarsError, OSError) as err:
        raise ValueError(f"not a kept frame ({err})") from None
