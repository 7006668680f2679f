"""Render a table (a polars frame) as a text table, CSV or JSON; one place for `--format`."""

from __future__ import annotations

import json

import polars as pl

FORMATS = ("table", "csv", "json")


def render_table(frame: pl.DataFrame, fmt: str = "table", float_digits: int = 3) -> str:
    """The frame as text in `fmt` (table | csv | json)."""
    if fmt == "csv":
        return frame.write_csv()
    if fmt == "json":
        return json.dumps(frame.to_dicts(), indent=2, default=str)
    if fmt != "table":
        raise ValueError(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")
    rounded = frame.with_columns(pl.selectors.float().round(float_digits))
    with pl.Config(
        tbl_rows=-1, tbl_cols=-1, tbl_hide_dataframe_shape=True, tbl_hide_column_data_types=True,
        tbl_formatting="ASCII_MARKDOWN", fmt_str_lengths=60,
        tbl_width_chars=10_000,  # never wrap cells: a wide table reads better scrolled (less -S)
    ):
        return str(rounded)
