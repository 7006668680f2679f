"""`dicelab report`: a balance report declared as a list of sections (STYLE.md 9).

A `Section` names a table source, a chart and a reading (the sentence that reads the numbers);
it never holds SQL. Sources, charts and readings are looked up by name in `report_parts`,
so another command (`balance --report`, and `compare --report` once it exists) builds its
report from its own list of sections, or adds sections to these, and renders it the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from tqdm import tqdm

from analytics.query.database import Filters
from analytics.reports import parts
from analytics.reports.render import RenderedSection, check_writable, write_report


@dataclass(frozen=True, slots=True)
class Section:
    """One part of a report: a title, a table by name, a chart by name, a reading by name."""

    title: str
    source: str
    chart: str | None = None
    reading: str | None = None
    sortable: bool = False
    columns: tuple[str, ...] = ()  # the columns shown (all when empty)
    params: tuple[tuple[str, object], ...] = ()


# The standard report: after the one-minute summary, seats, cards, faces, balance, Glory.
SECTIONS = (
    Section("Seats: does turn order matter?", "seats", chart="seats", reading="seats"),
    Section("Final scores by seat", "score_counts_by_seat", chart="seat_scores",
            reading="seat_scores", columns=("players", "seat", "n_games", "mean", "p95")),
    Section("Cards: which Heroic Feats go with winning", "cards", chart="cards",
            reading="cards", sortable=True, columns=parts.COMPONENT_COLUMNS),
    Section("Die faces: which forged faces go with winning", "faces", chart="faces",
            reading="faces", sortable=True, columns=parts.COMPONENT_COLUMNS),
    Section("Game-level balance", "balance", reading="balance"),
    Section("Where Glory comes from", "glory_sources", chart="glory_sources",
            reading="glory_sources"),
)
# `dicelab balance --report`: the same parts, balance first.
BALANCE_SECTIONS = (SECTIONS[4], SECTIONS[5], SECTIONS[0], SECTIONS[1], SECTIONS[2],
                    SECTIONS[3])


@dataclass(frozen=True, slots=True)
class ReportSpec:
    """What to report on and how: the logs, filters, title and sections."""

    logs: tuple[str, ...]
    filters: Filters = field(default_factory=Filters)
    title: str = "Balance report"
    sections: tuple[Section, ...] = SECTIONS
    n_boot: int = 1000
    min_n: int = 200


def build_report(spec: ReportSpec, out: str | Path, progress: bool = False
                 ) -> tuple[Path, Path]:
    """Compute every section of `spec` and write `out` (.html) and its Markdown twin (.md).

    The output folder is checked before any number is computed, and both files are written
    under temporary names and renamed only when both are whole.
    """
    html_path = Path(out)
    md_path = html_path.with_suffix(".md")
    check_writable(html_path)
    ctx = parts.Context(spec.logs, spec.filters, spec.n_boot, spec.min_n)
    with tqdm(spec.sections, desc="report", unit="section", disable=not progress) as bar:
        rendered = [render_section(ctx, section) for section in bar]
    return write_report(html_path, md_path, title=spec.title, subtitle=ctx.describe(),
                        summary=parts.summary_lines(ctx), sections=rendered,
                        manifest=ctx.manifest(), notes=ctx.notes())


def render_section(ctx: parts.Context, section: Section) -> RenderedSection:
    """A section's table, chart and sentence, computed from the logs."""
    frame = parts.SOURCES[section.source](ctx, dict(section.params))
    figure = parts.CHARTS[section.chart](ctx, frame) if section.chart else None
    reading = parts.READINGS[section.reading](ctx, frame) if section.reading else ""
    shown = frame.select(c for c in section.columns if c in frame.columns) if section.columns \
        else frame
    return RenderedSection(section.title, reading, shown, figure, section.sortable,
                           anchor=section.source)


def report_for(logs: Iterable[str | Path], out: str | Path, filters: Filters | None = None,
               title: str = "Balance report", sections: Sequence[Section] = SECTIONS,
               n_boot: int = 1000, min_n: int = 200, progress: bool = False
               ) -> tuple[Path, Path]:
    """The one-call form used by the commands (`progress`: a bar on stderr)."""
    spec = ReportSpec(tuple(map(str, logs)), filters or Filters(), title, tuple(sections),
                      n_boot, min_n)
    return build_report(spec, out, progress)
