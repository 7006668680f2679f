"""`dicelab sweep`: a grid of runs as one job (analytics.sweep)."""

from __future__ import annotations

from pathlib import Path

import click

from analytics.cli_common import Command, cluster_option, format_option
from analytics.output import render_table


@click.command("sweep", cls=Command)
@click.argument("spec", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), required=True,
              help="Sweep folder (a run folder per cell under cells/, and sweep.json).")
@click.option("--workers", type=int, default=None, help="Processes (default: all cores).")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@cluster_option
@format_option
def sweep_command(spec, out, workers, quiet, cluster, fmt) -> None:
    """Play a grid of setups (card sets x modules x player counts x bots x rule options) as
    one job, then one table across the cells: the first seat's wins and advantage, the mean
    score.

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

    \b
    Examples:
      dicelab sweep sweeps/alternates.toml --out logs/sweep
      dicelab sweep sweeps/alternates.toml --out /shared/sweep --cluster tcp://10.0.0.5:8786
      dicelab sweep sweeps/alternates.toml --out logs/sweep --format csv > sweep.csv
    """
    from analytics.sweep import run_sweep

    table = run_sweep(spec, out, workers=workers, cluster=cluster, progress=not quiet)
    click.echo(render_table(table, fmt))
