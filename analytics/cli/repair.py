"""`dicelab repair`: drop a run's damaged parts and play them again from their seeds."""

from __future__ import annotations

from pathlib import Path

import click

from analytics.cli.analysis import precompute_tables
from analytics.cli.common import INT, Command, game_option


@click.command("repair", cls=Command)
@click.argument("run_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--workers", type=INT, default=None, help="Processes (default: all cores).")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@game_option
def repair_command(run_dir: Path, workers: int | None, quiet: bool, game: str | None) -> None:
    """Check every file of a run, drop its damaged parts and play them (and any part never
    written) again from their seeds: the same games as an uninterrupted run. Parts logged
    before parts held the `seat_components` or `score_causes` tables get them, derived from
    their events (the card and face tables and comparisons then read them instead of the
    events: faster, the same numbers).

    \b
    Examples:
      dicelab repair logs/big
      dicelab repair logs/big --workers 2 --quiet
    """
    from analytics.runs.repair import repair_run  # the engine: only when playing

    done = repair_run(run_dir, workers=workers, progress=not quiet, game=game)
    for problem in done.dropped:
        click.echo(f"dropped {problem}")
    for table, parts in done.derived.items():
        click.echo(f"wrote the {table} table of {parts:,} parts logged without it (from their "
                   "events)")
    precompute_tables(run_dir)  # the tables of the whole run, as after `simulate`
    click.echo(f"{run_dir}: whole, {done.n_games:,} games ({done.played:,} played now)")
