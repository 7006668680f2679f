"""A sweep's report: the table across cells, the strongest cards by causal value where they were
asked for, and the seats of every cell, rendered as `dicelab report` renders (one HTML file and
its Markdown twin)."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from analytics.experiments.sweep_spec import SweepSpec
from analytics.experiments.value import headline, note
from analytics.query.database import LogDatabase
from analytics.reports import parts
from analytics.reports.render import RenderedSection, write_report
from analytics.reports.report import SECTIONS, render_section

# After the cell and the ablated component (named by the kind a card set holds).
VALUE_COLUMNS = ("slot", "replaced_by", "take_rate", "buyers_wr_with", "buyers_wr_without",
                 "value", "low", "high", "p_adj", "n_games")


def write_sweep_report(result, out: Path) -> tuple[Path, Path]:
    """Write `out` (.html) and its .md twin for a played sweep (`result`: a SweepResult)."""
    spec, folders = result.spec, result.folders
    with LogDatabase(tuple(str(f) for f in folders)) as db:
        ctx = parts.Context(db)
        sections = [cells_section(result.table)]
        if result.values:
            sections.append(value_section(result.values, db.roles.set_kind))
        sections.append(render_section(ctx, SECTIONS[0]))  # seats, by player count
        return write_report(out, out.with_suffix(".md"), title=f"Sweep {spec.path.stem}",
                            subtitle=ctx.describe(),
                            summary=summary(spec, result, db.roles.set_kind),
                            sections=sections, manifest=ctx.manifest(),
                            notes=(f"sweep spec {spec.path}; {spec.games:,} games a cell, "
                                   f"seed {spec.seed}; every cell plays the same seeds",
                                   note(db.roles.set_kind)))


def cells_section(table: pl.DataFrame) -> RenderedSection:
    widest = table.row(int(table["seat_advantage"].abs().arg_max()), named=True)
    reading = (f"{table.height} cells. The first seat's advantage over a fair share is largest "
               f"in {widest['cell']}: {widest['seat_advantage']:+.2f} points "
               f"({widest['first_seat_wins']:.1%} of wins at {widest['players']} players).")
    return RenderedSection("Cells of the sweep", reading, table, sortable=True, anchor="cells")


def value_section(values: dict, kind: str) -> RenderedSection:
    frame = pl.concat([report.table.with_columns(cell=pl.lit(cell))
                       for cell, report in values.items()], how="diagonal_relaxed")
    reading = " ".join(f"{cell}: {headline(report)}." for cell, report in values.items())
    return RenderedSection(f"Strongest {kind}s by causal value (paired ablation)", reading,
                           frame.select("cell", kind, *VALUE_COLUMNS), sortable=True,
                           anchor="value")


def summary(spec: SweepSpec, result, kind: str) -> list[str]:
    table = result.table
    lines = [f"{len(spec.cells)} cells of {spec.games:,} games each, on the same seeds.",
             f"Mean score ranges from {table['mean_score'].min():.1f} to "
             f"{table['mean_score'].max():.1f} across cells."]
    lines += [f"Strongest {kind} in {cell}: {headline(report)}."
              for cell, report in result.values.items()]
    return lines
