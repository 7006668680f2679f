"""Render a table (a polars frame) as a text table, CSV or JSON; one place for `--format`.

The text table is for a person: a short default set of columns (`--columns` to choose,
`--wide` for all), numbers rounded to what can be read, p-values as `<0.001`. CSV and JSON
are for programs and keep every column at full precision.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence

import polars as pl

from analytics.errors import UserError

FORMATS = ("table", "csv", "json")
# Abbreviations used in column names, explained in one legend line under a text table.
ABBREVIATIONS = {
    "n": "n: sample size", "wr": "wr: win rate (tied winners split a win)",
    "low": "low/high: 95% interval", "delta": "delta: owned wr - not-owned wr",
    "adj": "p_adj: p-value adjusted over the table (Benjamini-Hochberg)",
    "chi2": "chi2_p: chi-square test against 1/N", "sd": "sd: standard deviation",
    "p95": "p95: 95th percentile",
}


def render_table(frame: pl.DataFrame, fmt: str = "table", float_digits: int = 3) -> str:
    """The frame as text in `fmt` (table | csv | json)."""
    if fmt == "csv":
        return frame.write_csv()
    if fmt == "json":
        return json.dumps(frame.to_dicts(), indent=2, default=str)
    if fmt != "table":
        raise ValueError(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")
    with pl.Config(
        tbl_rows=-1, tbl_cols=-1, tbl_hide_dataframe_shape=True, tbl_hide_column_data_types=True,
        tbl_formatting="ASCII_MARKDOWN", fmt_str_lengths=60,
        tbl_width_chars=10_000,  # never wrap cells: a wide table reads better scrolled (less -S)
        tbl_cell_numeric_alignment="RIGHT", thousands_separator=",",
        float_precision=float_digits,
    ):
        return _NULL_CELL.sub(lambda m: " " * len(m[0]), str(with_p_values_as_text(frame)))


# A missing value prints as `null`; a person reads an empty cell better.
_NULL_CELL = re.compile(r"(?<=\| )\s*null\s*(?= \|)")


def with_p_values_as_text(frame: pl.DataFrame) -> pl.DataFrame:
    """p-value columns as text: `<0.001`, else two significant digits."""
    p_columns = [c for c in frame.columns if is_p_value(c) and frame.schema[c].is_float()]
    return frame.with_columns(pl.col(c).map_elements(format_p, return_dtype=pl.String)
                              for c in p_columns)


def is_p_value(column: str) -> bool:
    return column in ("p", "p_value", "p_adj") or column.endswith("_p")


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
    """One line explaining the abbreviations that occur in `columns` (empty if none)."""
    words = dict.fromkeys(w for column in columns for w in column.split("_")
                          if w in ABBREVIATIONS)
    return "legend: " + "; ".join(ABBREVIATIONS[w] for w in words) if words else ""
