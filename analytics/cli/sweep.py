"""`dicelab sweep`: a grid of runs as one job (analytics.experiments.sweep)."""

from __future__ import annotations

from pathlib import Path

import click

from analytics.cli.common import INT, Command, cluster_option, echo_note, format_option, game_option
from analytics.output import prepare_out, render_table


@click.command("sweep", cls=Command)
@click.argument("spec", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--out", required=True,
              help="Sweep folder, a path or an fsspec URL (a run folder per cell under cells/, "
                   "and sweep.json).")
@click.option("--workers", type=INT, default=None, help="Processes (default: all cores).")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@click.option("--report", "report_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write a report across cells (HTML + Markdown twin) here.")
@click.option("--rank", multiple=True, metavar="KIND",
              help="Component kind whose ranking is compared across the sets (repeatable; "
                   "default: every kind acquired, for assumption sets, e.g. Altera's faction).")
@click.option("--assumptions", "sets", multiple=True, metavar="NAME|DIR",
              help="Assumption sets (Altera) to sweep in place of the spec's sets "
                   "(repeatable).")
@cluster_option
@game_option
@format_option
def sweep_command(spec, out, workers, quiet, report_path, cluster, game, rank, sets, fmt
                  ) -> None:
    """Play a grid of setups (card sets x modules x player counts x bots x rule options) as
    one job, then one table across the cells: the first seat's wins and advantage, the mean
    score, and the strongest cards by causal value where the spec asks for it (`value =
    "all"`, a list of cards, or a table of them by set).

    The spec is checked whole first (file:line: reason). Run the same command again to resume
    a stopped sweep; whole cells and parts are kept.

    \b
    SPEC.toml:
      games = 2000
      seed = 1
      [grid]
      sets = ["base", "base-alternates"]
      players = [2, 3, 4]
      bots = ["economist", "economist,hero"]
      rules = [{}, {ties = "tiebreak"}]
      value = ["hydra"]      # optional: the cards' causal value, each cell

    \b
    Each card set with its own module (in place of sets and modules):
      setups = [{set = "base", module = "none"},
                {set = "goddess-discovery", module = "goddess"},
                {set = "titans-discovery", module = "titans"}]

    \b
    Examples:
      dicelab sweep sweeps/alternates.toml --out logs/sweep
      dicelab sweep sweeps/alternates.toml --out /shared/sweep --cluster tcp://10.0.0.5:8786
      dicelab sweep sweeps/alternates.toml --out logs/sweep --format csv > sweep.csv
      dicelab sweep sweeps/alternates.toml --out logs/sweep --report reports/out/sweep.html
      dicelab sweep sweeps/alternates.toml --out s3://bucket/sweep --cluster tcp://10.0.0.5:8786
      dicelab sweep docs/examples/altera-sweep.toml --out logs/altera-sweep \\
          --assumptions default --assumptions my-set/
    """
    from analytics.experiments.sweep import run_sweep
    from analytics.reports.render import check_writable
    from analytics.reports.sweep import write_sweep_report

    if report_path is not None:  # before any game is played
        check_writable(report_path, "--report")
    out = prepare_out(out, folder=True, urls=True)
    result = run_sweep(spec, out, workers=workers, cluster=cluster, progress=not quiet,
                       game=game, sets=sets, rank=rank or None)
    _emit(result, fmt)
    if report_path is not None:
        write_sweep_report(result, report_path)
        echo_note(f"wrote {report_path} and {report_path.with_suffix('.md')}")


def _emit(result, fmt: str) -> None:
    """The table across cells; then, where cells differ only in their set, the conclusions
    across the sets (JSON: both under their names; CSV: the second after a blank line)."""
    conclusions = result.conclusions
    if fmt == "json":
        from analytics.output import json_text

        body = result.table.to_dicts()
        if conclusions is not None or result.notes:
            body = {"cells": body, "sets": list(result.notes),
                    "conclusions": [] if conclusions is None else conclusions.to_dicts()}
        click.echo(json_text(body))
        return
    click.echo(render_table(result.table, fmt))
    if conclusions is not None:
        if fmt == "table":
            click.echo("\nWhich conclusions of the first set hold across the sets (95% "
                       "intervals; components: associations):")
        else:
            click.echo()
        click.echo(render_table(conclusions, fmt))
    for note in result.notes:
        echo_note(note)
