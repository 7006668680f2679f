"""`dicelab ladder`: ratings of bots from mixed tables, head to head, and what each costs."""

from __future__ import annotations

from pathlib import Path

import click

from analytics.cli.common import (
    GAME_COUNT,
    INT,
    Command,
    IntRange,
    assumptions_option,
    cluster_option,
    format_option,
    parse_rules,
    set_or_assumptions,
)
from analytics.output import prepare_out


@click.command("ladder", cls=Command)
@click.option("--game", default="diceforge", show_default=True, help="Game to play.")
@click.option("--bots", required=True, metavar="A,B,...",
              help="The bots to rate, comma-separated; the first is the anchor (rating 0). "
                   "A search bot takes its budget: mcts:400 (iterations), mcts:50ms.")
@click.option("--games", type=GAME_COUNT, default=2000, show_default=True,
              help="Games across all the tables (each table plays whole rotations).")
@click.option("--players", type=INT, default=4, show_default=True, help="Seats per table.")
@click.option("--seed", type=INT, default=0, show_default=True,
              help="Run seed of every table (the same game seeds at each: paired).")
@click.option("--set", "card_set", default=None, help="Card set (default: the game's own).")
@assumptions_option
@click.option("--module", default="none", show_default=True, help="Module played.")
@click.option("--rule", "rules", multiple=True, metavar="NAME=VALUE", help="Rule option.")
@click.option("--out", type=click.Path(file_okay=False), default=Path("logs/ladder"),
              show_default=True, help="Folder for the tables' runs (a finished one is reused).")
@click.option("--timing-games", type=IntRange(0), default=4, show_default=True,
              help="Games per table played again with a CPU clock (0: no CPU table).")
@click.option("--boot", type=IntRange(0), default=200, show_default=True,
              help="Bootstrap resamplings of the games for the ratings' intervals.")
@click.option("--workers", type=INT, default=None, help="Processes (default: all cores).")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@cluster_option
@format_option
def ladder_command(game, bots, games, players, seed, card_set, assumptions, module, rules, out,
                   timing_games, boot, workers, quiet, cluster, fmt):
    """A skill ladder: bots at mixed tables, rated from their finishing orders.

    Every combination of --players bots is a table, played in whole rotations on the same
    seeds; Plackett-Luce ratings with bootstrap intervals, the head-to-head matrix (how often
    each bot finished above each other at one table) and each bot's CPU time per decision.
    The last lines say, rung by rung, whether a bot clearly finishes above the one below.

    \b
    Examples:
      dicelab ladder --bots random,economist,hero,lookahead,mcts:100,mcts:400 --games 2000
      dicelab ladder --game bazaar --bots random,spender,reckoner,mcts:200 --players 2
      dicelab ladder --bots random,economist,mcts:50ms --players 2 --format json
      dicelab ladder --bots economist,hero,mcts:100:c=1.0:widen=0 --players 3 --workers 2
      dicelab ladder --game altera --assumptions default --bots random,steward,lookahead:50 \\
          --players 3 --games 300
    """
    from analytics.experiments.ladder import LadderSpec, play_tables, rate, time_bots
    from analytics.games import get_game

    plugin = get_game(game)
    spec = LadderSpec(tuple(b.strip() for b in bots.split(",")), game, players, games, seed,
                      set_or_assumptions(card_set, assumptions) or plugin.default_set, module,
                      parse_rules(rules))
    plugin.setup(spec.card_set, spec.module, spec.rules, spec.players)  # players, set, rules
    spec.tables()  # the bots make tables before any folder is made
    out = prepare_out(out, folder=True)
    folders = play_tables(spec, Path(out), workers, not quiet, cluster)
    costs = time_bots(spec, timing_games) if timing_games else {}
    _emit(rate(spec, folders, costs, boot), spec, fmt)


def _emit(ladder, spec, fmt: str) -> None:
    from analytics.experiments.ladder import NOTE, frames, matrix
    from analytics.output import json_text, render_table

    tables = frames(ladder)
    if fmt == "json":
        body = {name: frame.to_dicts() for name, frame in tables.items()}
        click.echo(json_text({**body, "rungs": list(ladder.verdicts)}))
    elif fmt == "csv":
        for name, frame in tables.items():
            click.echo(f"# {name}\n{render_table(frame, 'csv')}")
    else:
        click.echo(f"Ratings\n{render_table(tables['ratings'])}\n")
        click.echo(f"Head to head: row finishes above column\n"
                   f"{render_table(matrix(ladder.h2h, spec.bots))}\n")
        if ladder.costs:
            click.echo(f"CPU per bot\n{render_table(tables['cpu'])}\n")
        click.echo("Rungs\n" + "\n".join(ladder.verdicts))
    for line in (*ladder.read, NOTE):
        click.echo(line, err=True)


COMMANDS = [ladder_command]
