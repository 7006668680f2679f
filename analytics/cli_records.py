"""`dicelab export-records` and `dicelab import`: games as records (docs/records.md)."""

from __future__ import annotations

from pathlib import Path

import click
from tqdm import tqdm

from analytics.cli_common import Command
from analytics.errors import UserError


@click.command("export-records", cls=Command)
@click.argument("run_dir", type=click.Path(path_type=Path))
@click.option("--out", type=click.Path(path_type=Path), required=True,
              help="New folder for the records (one game-NNNNNN.dfr per game).")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def export_records_command(run_dir, out, quiet):
    """Write the simulated games of RUN_DIR as records, replayed from their seeds.

    Examples:
      dicelab export-records logs/demo --out logs/demo-records
      dicelab import logs/demo-records/*.dfr --out logs/demo-again
    """
    from analytics.records.runs import export_records

    with tqdm(unit="game", disable=quiet, desc="export") as bar:
        written = export_records(run_dir, out, bar.update)
    click.echo(f"wrote {len(written)} records to {out}")


@click.command("import", cls=Command)
@click.argument("records", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--out", type=click.Path(path_type=Path), required=True,
              help="New folder: one run folder per setup (players, card set, module, rules).")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def import_command(records, out, quiet):
    """Replay recorded games through the rules and log them as run folders.

    Each record is checked step by step; one that breaks the rules is listed as FILE:LINE with
    what the rules expected there, and the others are imported (exit 1 if any failed). The
    format: docs/records.md.

    Examples:
      dicelab import logs/samples/*.dfr --out logs/recorded
      dicelab summary --logs logs/recorded
    """
    from analytics.records.runs import import_records

    with tqdm(total=len(records), unit="record", disable=quiet, desc="import") as bar:
        done = import_records(list(records), out, bar.update)
    for folder in done.folders:
        click.echo(f"wrote {folder}")
    click.echo(f"imported {done.games} of {len(records)} records")
    if done.failed:
        for line in done.failed:
            click.echo(line, err=True)
        raise UserError(f"{len(done.failed)} of {len(records)} records not imported (above)")


COMMANDS = (export_records_command, import_command)
