"""The `dicelab` command line: thin click commands over library functions."""

from __future__ import annotations

import atexit
import os
import sys

import click

from analytics.cli.analysis import COMMANDS as ANALYSIS_COMMANDS
from analytics.cli.analysis import ComponentAliases, precompute_tables
from analytics.cli.common import (
    GAME_COUNT,
    INT,
    Group,
    IntRange,
    assumptions_option,
    cluster_option,
    echo_note,
    format_option,
    game_option,
    logs_option,
    parse_rules,
    set_or_assumptions,
    swap_option,
    swapped_set,
)
from analytics.cli.compare import COMMANDS as COMPARE_COMMANDS
from analytics.cli.ladder import COMMANDS as LADDER_COMMANDS
from analytics.cli.records import COMMANDS as RECORD_COMMANDS
from analytics.cli.repair import repair_command
from analytics.cli.report import COMMANDS as REPORT_COMMANDS
from analytics.cli.search import search_command
from analytics.cli.sweep import sweep_command
from analytics.cli.versus import COMMANDS as VERSUS_COMMANDS
from analytics.output import prepare_out, render_table


class Main(ComponentAliases, Group):
    """The main group, with each game's component kinds as commands (`dicelab cards`)."""


@click.group(cls=Main, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="dicelab")
def main() -> None:
    """dicelab: simulate dice-building games and measure what wins.

    \b
    Examples:
      dicelab simulate --players 4 --games 1000 --bots economist --out logs/demo
      dicelab list cards --format json
      dicelab cards --logs logs/demo
    """


@main.command()
@click.option("--game", default="diceforge", show_default=True, help="Game to play.")
@click.option("--players", type=INT, default=4, show_default=True,
              help="Player count (Dice Forge: 2, 3 or 4).")
@click.option("--games", "n_games", type=GAME_COUNT, default=1000, show_default=True,
              help="Number of games.")
@click.option("--seed", type=INT, default=0, show_default=True, help="Run seed.")
@click.option("--bots", default=None,
              help="One bot for all seats, or one per seat, comma-separated (default: the "
                   "game's own; Dice Forge: economist). A bot is a name ('dicelab list bots'), "
                   "package.module:Factory or file.py:Factory, with optional :key=value "
                   "parameters (docs/bots.md).")
@click.option("--set", "card_set", default=None,
              help="Card set: a preset name or a TOML file (default: the game's own; Dice "
                   "Forge: base).")
@swap_option
@assumptions_option
@click.option("--module", default="none", show_default=True,
              help="Module played with the base game; see 'dicelab list modules'.")
@click.option("--rule", "rules", multiple=True, metavar="NAME=VALUE",
              help="Rule option (repeatable); see 'dicelab list rules'.")
@click.option("--rotate/--no-rotate", default=True, show_default=True,
              help="Rotate the bots through the seats game by game.")
@click.option("--out", required=True, help="Run folder: a path, or an fsspec URL "
              "(s3://bucket/runs/x; memory://, file://).")
@click.option("--workers", type=INT, default=None, help="Processes (default: all cores).")
@click.option("--resume", is_flag=True, help="Finish an interrupted run in --out.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@click.option("--check-bots", is_flag=True,
              help="Stop any bot that changes the game while deciding (bots from outside "
                   "dicelab are always checked; a check costs time).")
@click.option("--part-size", type=INT, default=None, hidden=True,
              help="Games per part (tests: many small parts).")
@cluster_option
def simulate(game, players, n_games, seed, bots, card_set, swaps, assumptions, module, rules,
             rotate, out, workers, resume, quiet, check_bots, part_size, cluster) -> None:
    """Simulate games with bots and write the event log (Parquet) to a run folder.

    \b
    Examples:
      dicelab simulate --players 4 --games 2000 --bots economist,hero,random,random \\
          --out logs/mixed
      dicelab simulate --players 3 --set base-alternates --rule ties=tiebreak --out logs/alt
      dicelab simulate --set base --swap M8=goddess --swap F7=cyclops --out logs/swapped
      dicelab simulate --games 100000 --workers 2 --quiet --out logs/big
      dicelab simulate --games 100000 --workers 2 --quiet --out logs/big --resume
      dicelab simulate --games 1000000 --cluster tcp://10.0.0.5:8786 --out /shared/logs/big
      dicelab simulate --games 1000000 --cluster tcp://10.0.0.5:8786 --out s3://bucket/big
      dicelab simulate --games 200 --bots docs/examples/glory_rush.py:GloryRush,economist \\
          --players 2 --out logs/mine
      dicelab simulate --game altera --players 3 --bots steward --assumptions my-set/ \\
          --out logs/altera

    A stopped run (Ctrl-C, a lost worker) keeps its whole parts and says the exact command
    that resumes it; `dicelab repair DIR` also plays damaged parts again.
    """
    from analytics.games import DEFAULT_GAME, get_game
    from analytics.runs.simulate import (  # the engine: only when simulating
        RunConfig,
        run_simulation,
    )

    plugin = get_game(game or DEFAULT_GAME)
    bots = bots or plugin.default_bots
    card_set = swapped_set(set_or_assumptions(card_set, assumptions) or plugin.default_set, swaps)
    out = prepare_out(out, folder=True, urls=True)
    config = RunConfig(game=game, players=players, games=n_games, seed=seed,
                       bots=tuple(b.strip() for b in bots.split(",")), card_set=card_set,
                       module=module, rules=parse_rules(rules), rotate=rotate)
    path = run_simulation(config, out, workers=workers, resume=resume, progress=not quiet,
                          chunk_size=part_size, cluster=cluster, check_bots=check_bots)
    precompute_tables(path)  # the first `dicelab cards` of this run reads the results cache
    click.echo(f"wrote {n_games} games to {path}")


@main.command("list")
@click.argument("what")
@click.option("--game", default="diceforge", show_default=True)
@click.option("--module", default=None, help="A module of the game (checked); Dice Forge's "
              "board list shows the Goddess module's board.")
@assumptions_option
@format_option
def list_(what: str, game: str, module: str | None, assumptions: str | None, fmt: str) -> None:
    """List what can be named elsewhere: bots, sets, modules, rules, queries, and the game's
    own lists (Dice Forge: cards, faces, board).

    \b
    Examples:
      dicelab list bots
      dicelab list cards --format json
      dicelab list sets --format csv
      dicelab list modules
      dicelab list board --module goddess
      dicelab list factions --game altera --assumptions my-set/
    """
    from analytics.cli import catalog  # polars and the queries: only when listing

    click.echo(render_table(catalog.listing(what, game, module, assumptions), fmt))


@main.command()
@logs_option
@click.option("--top", type=IntRange(0), default=10, show_default=True,
              help="How many of the most bought cards to show.")
@click.option("--min-n", type=IntRange(0), default=200, show_default=True,
              help="Hide cards owned in fewer seat-games.")
@game_option
@format_option
def summary(logs: tuple[str, ...], top: int, min_n: int, game: str | None, fmt: str) -> None:
    """A short summary of runs: win rate by seat and by bot, mean score, the most bought cards.

    \b
    Examples:
      dicelab summary --logs logs/demo
      dicelab summary --logs 'logs/*' --top 5 --format csv
    """
    from analytics.query.database import Filters, LogDatabase
    from analytics.query.provenance import describe_logs
    from analytics.tables.summary import summary_tables

    with LogDatabase(logs, Filters(game=game)) as db:  # opened once for every table
        for line in describe_logs(db):
            echo_note(line)
        tables = summary_tables(db, top=top, min_n=min_n)
    for title, table in tables:
        click.echo(f"\n{title}" if fmt == "table" else f"# {title}")
        click.echo(render_table(table, fmt))


for command in (*ANALYSIS_COMMANDS, *COMPARE_COMMANDS, *VERSUS_COMMANDS, *LADDER_COMMANDS,
                *REPORT_COMMANDS, *RECORD_COMMANDS, repair_command, search_command,
                sweep_command):
    main.add_command(command)


def run() -> None:
    """The `dicelab` process: it leaves with the command's exit code and without the
    interpreter's teardown, where the thread pools of C++ libraries (pyarrow's, DuckDB's)
    still running sometimes aborted it (SIGABRT, exit -6: 1 stop in 14 on a loaded machine,
    and about 1 in 10 after any command that had read Parquet). Python's exit handlers run
    first; every file a command writes is closed or renamed into place by then."""
    try:
        main()
        code: object = 0
    except SystemExit as done:
        code = done.code
    if not isinstance(code, int):  # sys.exit(None) or sys.exit("message"), as Python does
        if code is not None:
            print(code, file=sys.stderr)
        code = 0 if code is None else 1
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass  # a closed pipe (`dicelab ... | head`): nothing more can be said there
    os._exit(code)


if __name__ == "__main__":  # pragma: no cover
    run()
