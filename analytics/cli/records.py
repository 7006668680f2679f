"""`dicelab export-records` and `dicelab import`: games as records (docs/records.md)."""

from __future__ import annotations

from pathlib import Path

import click

from analytics.cli.common import (
    INT,
    Command,
    assumptions_option,
    echo_note,
    game_option,
    set_or_assumptions,
    swap_option,
)
from analytics.errors import UserError
from analytics.output import prepare_out


@click.command("export-records", cls=Command)
@click.argument("run_dir", type=click.Path(path_type=Path))
@click.option("--out", type=click.Path(), required=True,
              help="New folder for the records (one game-NNNNNN.dfr per game).")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@game_option
def export_records_command(run_dir, out, quiet, game):
    """Write the simulated games of RUN_DIR as records, replayed from their seeds.

    Examples:
      dicelab export-records logs/demo --out logs/demo-records
      dicelab import logs/demo-records/*.dfr --out logs/demo-again
    """
    from tqdm import tqdm  # a progress bar: only when exporting (a table needs none)

    from analytics.records.runs import export_records

    out = prepare_out(out, folder=True)
    with tqdm(unit="game", disable=quiet, desc="export") as bar:
        written = export_records(run_dir, out, bar.update, game)
    click.echo(f"wrote {len(written)} records to {out}")


@click.command("import", cls=Command)
@click.argument("records", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--out", type=click.Path(), required=True,
              help="New folder: one run folder per setup (players, card set, module, rules).")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@game_option
def import_command(records, out, quiet, game):
    """Replay recorded games through the rules and log them as run folders.

    Each record is checked step by step; one that breaks the rules is listed as FILE:LINE with
    what the rules expected there, and the others are imported (exit 1 if any failed). The
    format: docs/records.md.

    Examples:
      dicelab import logs/samples/*.dfr --out logs/recorded
      dicelab summary --logs logs/recorded
    """
    from tqdm import tqdm

    from analytics.records.runs import import_records

    out = prepare_out(out, folder=True)
    with tqdm(total=len(records), unit="record", disable=quiet, desc="import") as bar:
        done = import_records(list(records), out, bar.update, game)
    for folder in done.folders:
        click.echo(f"wrote {folder}")
    click.echo(f"imported {done.games} of {len(records)} records")
    if done.failed:
        for line in done.failed:
            echo_note(line)
        raise UserError(f"{len(done.failed)} of {len(records)} records not imported (above)")


COMMANDS = (export_records_command, import_command)


@click.command("record", cls=Command)
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--resume", is_flag=True, help="Continue the record in FILE.")
@click.option("--players", type=INT, default=None, help="Player count (a new record).")
@click.option("--set", "card_set", default=None,
              help="Card set: a preset or a file (a new record; default: the game's own).")
@assumptions_option
@swap_option
@click.option("--module", default="none", show_default=True, help="Module (a new record).")
@click.option("--rule", multiple=True, metavar="NAME=VALUE", help="Rule option (repeatable).")
@click.option("--name", "names", multiple=True, help="Player names in seat order (repeatable).")
@game_option
def record_command(file, resume, players, card_set, assumptions, swaps, module, rule, names, game):
    """Record a game at the table: each die result and choice is asked for, checked against
    the rules and written to FILE at once (format: docs/records.md).

    Only legal answers are taken (by number or word); 'undo' takes back the last step, 'quit'
    (or Ctrl-D) stops, and --resume continues where it stopped.

    Examples:
      dicelab record tonight.dfr --players 3 --name Alice --name Bob --name Chloe
      dicelab record --resume tonight.dfr
    """
    from datetime import date

    from analytics.cli.common import parse_rules, swapped_set
    from analytics.games import DEFAULT_GAME, get_game
    from analytics.records.format import Record
    from analytics.records.recorder import new_record_file, record_session
    from analytics.records.replay import record_setup

    if not resume:
        if players is None:
            raise UserError("a new record needs --players (or pass --resume to continue one)")
        record = Record(str(file), game=game or DEFAULT_GAME, players=players,
                        card_set=swapped_set(set_or_assumptions(card_set, assumptions)
                                             or get_game(game or DEFAULT_GAME).default_set,
                                             swaps), module=module,
                        rules=parse_rules(rule), names=dict(enumerate(names)),
                        date=date.today().isoformat())
        record_setup(record)  # a wrong set, module or rule fails before the file is made
        file = prepare_out(file, "FILE")
        new_record_file(file, record)
    elif not file.is_file():
        raise UserError(f"--resume: {file} is not a file")
    elif game is not None:
        from analytics.games import check_game
        from analytics.records.runs import read_record

        check_game(game, read_record(file).game, str(file))
    record_session(file)


COMMANDS = (*COMMANDS, record_command)
