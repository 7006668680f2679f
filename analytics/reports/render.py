"""Render a report's sections to one self-contained HTML file and its Markdown twin.

Charts are embedded as inline SVG (HTML) and SVG data URIs (Markdown): the files open with no
network and nothing beside them. Both files are written under temporary names and renamed only
when both are whole, so a failure never leaves half a report.
"""

from __future__ import annotations

import base64
import io
import math
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

import matplotlib
import polars as pl
from jinja2 import Environment, PackageLoader, StrictUndefined
from matplotlib.figure import Figure

from analytics.errors import UserError
from analytics.output import (
    format_p,
    interval_columns,
    is_p_value,
    prepare_out,
    render_table,
    with_p_values_as_text,
)


@dataclass(frozen=True, slots=True)
class RenderedSection:
    """A section computed from the logs, ready to render."""

    title: str
    reading: str
    frame: pl.DataFrame
    figure: Figure | None = None
    sortable: bool = False
    anchor: str = ""


def check_writable(path: str | Path, option: str = "--out") -> Path:
    """Fail before any work if `path` (an .html file) cannot be written (analytics.output:
    its folders are made, and taken back if the command fails)."""
    if str(path).strip() and Path(path).suffix.lower() not in (".html", ".htm"):
        raise UserError(f"{option} {path}: the report is an .html file (its Markdown twin gets "
                        ".md)")
    return Path(prepare_out(path, option))


def figure_svg(figure: Figure, salt: str) -> str:
    """The figure as an <svg> element: text kept as text (small, searchable), and ids salted
    so several charts can sit in one page."""
    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": salt}):
        figure.savefig(buffer, format="svg")
    text = buffer.getvalue()
    return text[text.index("<svg"):]


def html_columns(frame: pl.DataFrame) -> list[str]:
    """The columns a report's HTML table shows: an estimate's _low and _high go in its cell."""
    merged = interval_columns(frame)
    hidden = {f"{c}_{end}" for c in merged for end in ("low", "high")}
    return [c for c in frame.columns if c not in hidden]


def html_cells(frame: pl.DataFrame) -> list[list[tuple[str, str]]]:
    """Per row, per shown cell: (text shown, value the sort uses); an estimate with an
    interval reads `x (low, high)` and sorts by x, as in the text tables."""
    rows = []
    floats = {c for c in frame.columns if frame.schema[c].is_float()}
    merged, shown = set(interval_columns(frame)), html_columns(frame)
    for row in frame.iter_rows(named=True):
        cells = []
        for column in shown:
            value = row[column]
            if value is None or (isinstance(value, float) and math.isnan(value)):
                cells.append(("–", ""))
            elif column in merged and row[f"{column}_low"] is not None:
                bounds = f"{_number(row[f'{column}_low'])}, {_number(row[f'{column}_high'])}"
                cells.append((f"{_number(value)} ({bounds})", repr(value)))
            elif column in floats:
                text = format_p(value) if is_p_value(column) else _number(value)
                cells.append((text, repr(value)))
            elif isinstance(value, int) and not isinstance(value, bool):
                cells.append((f"{value:,}", str(value)))
            else:
                cells.append((str(value), ""))
        rows.append(cells)
    return rows


def _number(value: float) -> str:
    return f"{value:,.1f}" if abs(value) >= 100 else f"{value:.3f}"


def _environment(autoescape: bool) -> Environment:
    return Environment(loader=PackageLoader("analytics.reports", "templates"),
                       autoescape=autoescape, undefined=StrictUndefined, trim_blocks=True,
                       lstrip_blocks=True)


def render_html(title: str, subtitle: str, summary: list[str],
                sections: list[RenderedSection], manifest: pl.DataFrame,
                notes: tuple[str, ...]) -> str:
    items = [{"title": s.title, "reading": s.reading, "anchor": s.anchor,
              "columns": html_columns(s.frame), "rows": html_cells(s.frame), "sortable": s.sortable,
              "svg": figure_svg(s.figure, f"chart{k}") if s.figure else None}
             for k, s in enumerate(sections)]
    return _environment(True).get_template("report.html.j2").render(
        title=title, subtitle=subtitle, summary=summary, sections=items, notes=notes,
        manifest_columns=html_columns(manifest), manifest=html_cells(manifest))


def render_markdown(title: str, subtitle: str, summary: list[str],
                    sections: list[RenderedSection], manifest: pl.DataFrame,
                    notes: tuple[str, ...]) -> str:
    # A Markdown viewer scrolls a wide table: each stays one table, not blocks of columns
    items = [{"title": s.title, "reading": s.reading,
              "table": render_table(s.frame, "table", width=None),
              "image": _data_uri(figure_svg(s.figure, f"chart{k}")) if s.figure else None}
             for k, s in enumerate(sections)]
    return _environment(False).get_template("report.md.j2").render(
        title=title, subtitle=subtitle, summary=summary, sections=items, notes=notes,
        manifest=render_table(with_p_values_as_text(manifest), "table", width=None))


def _data_uri(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


def write_report(html_path: Path, md_path: Path, **content) -> tuple[Path, Path]:
    """Render both files, write them under temporary names, then rename both."""
    texts = {html_path: render_html(**content), md_path: render_markdown(**content)}
    temps: dict[Path, str] = {}
    try:
        for path, text in texts.items():
            handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
            temps[path] = temp
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(text)
            os.chmod(temp, 0o644)
        for path, temp in temps.items():
            os.replace(temp, path)
    except OSError as err:
        raise UserError(f"cannot write the report {html_path}: {err.strerror}") from None
    finally:
        for temp in temps.values():
            if os.path.exists(temp):
                os.remove(temp)
    return html_path, md_path
