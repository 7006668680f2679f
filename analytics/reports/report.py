"""`dicelab report`: a balance report declared as a list of sections (STYLE.md 9).

A `Section` names a table source, a chart and a reading (the sentence that reads the numbers);
it never holds SQL. A section about `COMPONENTS` stands for one section per component kind of
the game's roles, its title's `{plural}` their label; `{score}` in a title is the score's.
Sources, charts and readings are looked up by name in `report_parts`,
so another command (`balance --report`, and `compare --report` once it exists) builds its
report from its own list of sections, or adds sections to these, and renders it the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from tqdm import tqdm

from analytics.eventlog.roles import Roles
from analytics.query.database import Filters, LogDatabase, opened
from analytics.reports import modules, parts
from analytics.reports.render import RenderedSection, check_writable, write_report
from analytics.reports.section import Section

COMPONENTS = "components"  # a section repeated for each component kind of the game

# The standard report: after the one-minute summary, seats, each component kind, balance and
# where the score comes from.
SECTIONS = (
    Section("Seats: does turn order matter?", "seats", chart="seats", reading="seats"),
    Section("Final scores by seat", "score_counts_by_seat", chart="seat_scores",
            reading="seat_scores", columns=("players", "seat", "n_games", "mean", "p95")),
    Section("{plural}: which go with winning", COMPONENTS, sortable=True),
    Section("Game-level balance", "balance", chart="balance", reading="balance"),
    Section("Where {score} comes from", "score_sources", chart="score_sources",
            reading="score_sources"),
    # Games where every seat is one bot, one column per bot (a skill level): seats, Balance,
    # spread side by side, and whether each seat's conclusion holds (experiments/skill.py).
    Section("Does it hold for stronger players?", "skill", chart="skill", reading="skill",
            shown_if="skill_levels"),
)
# `dicelab balance --report`: the same parts, balance first.
BALANCE_SECTIONS = (SECTIONS[3], SECTIONS[4], SECTIONS[0], SECTIONS[1], SECTIONS[2],
                    SECTIONS[5])


def for_game(sections: Iterable[Section], roles: Roles) -> tuple[Section, ...]:
    """`sections` for the game of `roles`: one section per component kind for each
    `COMPONENTS` section (named by its plural's word), titles in the game's words."""
    out = []
    for section in sections:
        if section.source != COMPONENTS:
            out.append(replace(section, title=section.title.format(score=roles.score_title)))
            continue
        out += [replace(section, title=section.title.format(plural=c.plural[:1].upper()
                                                            + c.plural[1:]),
                        source=c.word, chart=c.word, reading=c.word,
                        columns=parts.component_columns(roles, c.kind))
                for c in roles.components]
    return tuple(out)


@dataclass(frozen=True, slots=True)
class ReportSpec:
    """What to report on and how: the logs, filters, title and sections."""

    logs: tuple[str, ...]
    filters: Filters = field(default_factory=Filters)
    title: str = "Balance report"
    sections: tuple[Section, ...] = SECTIONS
    n_boot: int = 1000
    min_n: int = 200


def build_report(spec: ReportSpec, out: str | Path, progress: bool = False,
                 db: LogDatabase | None = None) -> tuple[Path, Path]:
    """Compute every section of `spec` and write `out` (.html) and its Markdown twin (.md).

    The output folder is checked before any number is computed, and both files are written
    under temporary names and renamed only when both are whole. `db`: the logs already open
    (else `spec.logs` are opened here, once for every section).
    """
    html_path = check_writable(out)
    md_path = html_path.with_suffix(".md")
    with opened(db or spec.logs, spec.filters) as db:
        ctx = parts.Context(db, spec.n_boot, spec.min_n)
        if modules.side_by_side(ctx):  # never one table over two modules' games
            sections, summary = modules.sections_for(ctx), modules.summary_lines(ctx)
            notes = (*ctx.notes(balance=False), *modules.notes(ctx))
        else:
            sections, summary, notes = (
                [s for s in for_game(spec.sections, db.roles)
                 if s.shown_if is None or parts.CONDITIONS[s.shown_if](ctx)],
                parts.summary_lines(ctx), ctx.notes())
        with tqdm(sections, desc="report", unit="section", disable=not progress) as bar:
            rendered = [render_section(ctx, section) for section in bar]
        return write_report(html_path, md_path, title=spec.title, subtitle=ctx.describe(),
                            summary=summary, sections=rendered, manifest=ctx.manifest(),
                            notes=notes)


def render_section(ctx: parts.Context, section: Section) -> RenderedSection:
    """A section's table, chart and sentence, computed from the logs."""
    frame = parts.source(ctx, section.source)(ctx, dict(section.params))
    figure = parts.chart(ctx, section.chart)(ctx, frame) if section.chart else None
    reading = parts.reading(ctx, section.reading)(ctx, frame) if section.reading else ""
    shown = frame.select(c for c in section.columns if c in frame.columns) if section.columns \
        else frame
    return RenderedSection(section.title, reading, shown, figure, section.sortable,
                           anchor=section.source)


def report_for(logs: Iterable[str | Path] | LogDatabase, out: str | Path,
               filters: Filters | None = None, title: str = "Balance report",
               sections: Sequence[Section] = SECTIONS, n_boot: int = 1000, min_n: int = 200,
               progress: bool = False) -> tuple[Path, Path]:
    """The one-call form used by the commands (`progress`: a bar on stderr); `logs` may be
    open already (its filters then stand)."""
    db = logs if isinstance(logs, LogDatabase) else None
    spec = ReportSpec(tuple(map(str, db.folders if db else logs)), filters or Filters(), title,
                      tuple(sections), n_boot, min_n)
    return build_report(spec, out, progress, db)
