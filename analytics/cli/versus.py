"""`dicelab versus`: two cards that compete for one slot, on paired seeds."""

from __future__ import annotations

from pathlib import Path

import click

from analytics.cli.common import (
    GAME_COUNT,
    INT,
    Command,
    assumptions_option,
    bots_of,
    cluster_option,
    format_option,
    game_option,
    parse_rules,
    report_option,
    runs_for_report,
    set_or_assumptions,
    swap_option,
    swapped_set,
    table_options,
)
from analytics.output import prepare_out

# The card rows of the text output: they fit 100 columns.
CARD_COLUMNS = ("arm", "name", "take_rate", "buyers_wr_with", "buyers_wr_other", "value", "p")


@click.command("versus", cls=Command)
@click.argument("card_a")
@click.argument("card_b")
@click.option("--set", "card_set", default=None, metavar="SET|FILE",
              help="Card set played: a preset name or a TOML file (default: the game's own; "
                   "Dice Forge: base).")
@assumptions_option
@swap_option
@click.option("--module", default="", help="Module played (default none: the base game).")
@table_options
@click.option("--games", type=GAME_COUNT, default=2000, show_default=True,
              help="Games per arm (one arm per card).")
@click.option("--seed", type=INT, default=0, show_default=True, help="Run seed of both arms.")
@click.option("--out", type=click.Path(), default=None,
              help="Keep the arms' runs here (a/: CARD_A, b/: CARD_B); default: a temporary "
                   "folder.")
@report_option
@click.option("--workers", type=INT, default=None, help="Processes (default: all cores).")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@cluster_option
@game_option
@format_option
def versus_command(card_a, card_b, card_set, assumptions, swaps, module, bots, rules, players,
                   games, seed, out, report_path, workers, quiet, cluster, game, fmt):
    """Is CARD_A better than CARD_B? Two cards that compete for one slot, on paired seeds.

    The set is played with each card on the slot, on the same seeds and bots. One card
    dominates when its buyers gain by it and the other card's buyers would gain by switching
    to it; the first line says whether one does, then both cards' values and take rates and
    the game-level effects (seat balance, scores, length) of playing CARD_B instead of CARD_A.

    \b
    Examples:
      dicelab versus goddess hydra --set base --games 2000
      dicelab versus goddess hydra --bots economist,hero,economist,hero --games 4000
      dicelab versus cyclops sphinx --set base --swap M8=goddess --format json
      dicelab versus goddess hydra --report reports/out/versus.html
    """
    from analytics.experiments.versus import versus
    from analytics.games import DEFAULT_GAME, get_game

    card_set = (set_or_assumptions(card_set, assumptions)
                or get_game(game or DEFAULT_GAME).default_set)
    out = out if out is None else prepare_out(out, folder=True)
    with runs_for_report(out, report_path) as runs:
        result = versus(swapped_set(card_set, swaps), card_a, card_b, players, games, seed,
                        bots_of(bots, game), parse_rules(rules), module,
                        game or "", runs, workers, not quiet, cluster)
        if report_path is not None:
            from analytics.reports.paired import write_versus_report

            paths = write_versus_report(result, Path(runs), Path(report_path))
            click.echo(f"wrote {paths[0]} and {paths[1]}", err=True)
    _emit(result, fmt)


def _emit(result, fmt: str) -> None:
    """The verdict first, then the cards and the game rows; notes on stderr."""
    from analytics.experiments.versus import cards_table, game_rows, note, verdict
    from analytics.output import json_text, render_table

    notes = (*result.read, note(result))
    if fmt == "json":
        body = {"verdict": verdict(result), "slot": result.contest.slot,
                "sets": list(result.contest.sets), "cards": cards_table(result).to_dicts(),
                "game": game_rows(result).to_dicts(), "read": list(result.read)}
        click.echo(json_text(body))
    elif fmt == "csv":
        click.echo(render_table(cards_table(result), "csv"), nl=False)
        notes = (verdict(result), *notes)
    else:
        c = result.contest
        cards = cards_table(result).select(*CARD_COLUMNS, "value_low", "value_high")
        click.echo("\n".join([verdict(result), "", render_table(cards), "",
                              f"The game with {c.names[1]} (b) instead of {c.names[0]} (a)",
                              render_table(game_rows(result))]))
    for line in notes:
        click.echo(line, err=True)


COMMANDS = [versus_command]
