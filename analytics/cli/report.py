"""`dicelab balance` and `dicelab report`; `COMMANDS` joins the main group."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click
from click.core import ParameterSource

from analytics.cli.analysis import log_options, make_filters, view_options
from analytics.cli.common import (
    GAME_COUNT,
    INT,
    Command,
    IntRange,
    assumptions_option,
    bots_of,
    bots_option,
    cluster_option,
    echo_note,
    format_option,
    game_option,
    parse_rules,
    set_or_assumptions,
    swap_option,
    swapped_set,
)
from analytics.errors import UserError
from analytics.output import choose_columns, prepare_out, render_table

if TYPE_CHECKING:  # heavy modules are imported where used: `dicelab --version` needs none
    from analytics.experiments.balance import (
        Balance,
    )

BALANCE_DEFAULT = ("section", "metric", "estimate", "low", "high", "n", "p_value")


@click.command("balance", cls=Command)
@click.option("--set", "card_set", default=None,
              help="Card set to simulate (a preset or a TOML file); omit to read --logs.")
@assumptions_option
@swap_option
@click.option("--module", default="none", show_default=True,
              help="Module ('none': base game); several, comma-separated, side by side (with "
                   "--set: one set for all, or one per module).")
@click.option("--players", "players_text", default="2,3,4", show_default=True,
              help="Player counts to simulate, comma-separated.")
@bots_option("One bot for every seat, or several repeated in turn to fill the seats.",
             "balance_bots")
@click.option("--games", type=GAME_COUNT, default=2000, show_default=True,
              help="Games per player count.")
@click.option("--seed", type=INT, default=0, show_default=True, help="Run seed.")
@click.option("--rule", "rules", multiple=True, metavar="NAME=VALUE", help="Rule option.")
@click.option("--out", type=click.Path(file_okay=False),
              default=Path("logs/balance"), show_default=True,
              help="Folder for the runs (one per player count; an existing run is reused).")
@click.option("--workers", type=INT, default=None, help="Processes (default: all cores).")
@click.option("--logs", "logs", multiple=True, metavar="PATH",
              help="Read these runs instead of simulating (repeatable).")
@click.option("--report", "report_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write the balance report (HTML + Markdown twin) here.")
@click.option("--value-games", type=IntRange(0), default=0, show_default=True,
              help="With a module: also play each module card forbidden (rule forbid=CARD) on "
                   "this many of each run's games, for the cards' paired values (0: none).")
@click.option("--skill", default=None, metavar="BOT,BOT,...",
              help="Skill levels, weakest first: each bot (a rung of 'dicelab ladder', e.g. "
                   "economist,lookahead,mcts:100) plays every seat; the levels side by side, "
                   "and whether each conclusion holds for stronger players. Replaces --bots.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@cluster_option
@game_option
@view_options
@format_option
def balance_command(card_set, assumptions, swaps, module, players_text, bots, games, seed, rules,
                    out, workers, logs, report_path, value_games, skill, quiet, cluster, game,
                    columns, wide, fmt):
    """Is the game balanced at 2, 3 and 4 players? The game-level table of docs/metrics.md.

    Per player count: win rate by seat (Wilson) and a chi-square test against 1/N, Ludii's
    Balance, tie rate, length, lead changes, how late the winner is decided, score spread
    and margin, the score by source, purchase entropy and wins per bot, each with n and a 95%
    interval; then one line naming the worst imbalance and how sure it is.

    \b
    Examples:
      dicelab balance --set base --players 2,3,4 --games 10000 --workers 2
      dicelab balance --set base-alternates --bots economist --report reports/out/alt.html
      dicelab balance --set base --swap M8=goddess --players 4 --games 4000
      dicelab balance --logs logs/demo --format csv > balance.csv
      dicelab balance --module none,goddess --set rebellion-goddess-cards,goddess-discovery
      dicelab balance --module none,goddess,titans \\
          --set rebellion-titans-cards,goddess-discovery,titans-discovery \\
          --value-games 2000 --report reports/out/modules.html
      dicelab balance --set base --players 4 --skill economist,lookahead,mcts:100
      dicelab balance --game altera --assumptions default --players 3,4 --bots steward
    """
    from analytics.experiments.balance import balance_table, parse_player_counts
    if report_path is not None:
        from analytics.reports.render import check_writable

        check_writable(report_path, "--report")
    counts = parse_player_counts(players_text)
    card_set = set_or_assumptions(card_set, assumptions)
    if card_set is None and not logs:
        raise UserError("give --set NAME to simulate, or --logs PATH to read runs")
    if card_set is not None and logs:
        raise UserError("give --set (simulate) or --logs (read runs), not both")
    if swaps:
        if card_set is None:
            raise UserError("--swap changes the set simulated: give --set NAME with it")
        card_set = ",".join(swapped_set(s.strip(), swaps) for s in card_set.split(","))
    modules = tuple(m.strip() for m in module.split(","))
    if value_games and (modules == ("none",) or card_set is None):
        raise UserError("--value-games plays the module cards' forbidden arms: give --set and "
                        "--module with a module")
    if value_games > games:  # before any game is played
        raise UserError(f"--value-games {value_games:,}: more than --games {games:,} (an arm is "
                        "paired with each run's first games)")
    if skill is not None:
        levels = tuple(b.strip() for b in skill.split(","))
        _skill_balance(card_set, module, counts, levels, games, seed, out, rules, workers, logs,
                       report_path, quiet, cluster, game, fmt)
        return
    if modules != ("none",):  # a module's table has its own rows: modules side by side
        _module_balance(card_set, modules, counts, bots, games, seed, out, rules, workers, logs,
                        report_path, value_games, quiet, cluster, game, fmt)
        return
    if card_set is not None:
        from analytics.experiments.balance_runs import simulate_runs

        out = prepare_out(out, folder=True)
        logs = simulate_runs(card_set, module, counts, bots_of(bots, game, "balance_bots"),
                             games, seed, out, parse_rules(rules), workers, not quiet,
                             cluster, game or "")
    from analytics.query.database import Filters, LogDatabase

    # Read runs are filtered by player count only when asked: the default 2,3,4 is what to
    # simulate, and the footer says what was read.
    asked = click.get_current_context().get_parameter_source("players_text")
    chosen = counts if card_set is not None or asked != ParameterSource.DEFAULT else ()
    filters = Filters(players=chosen, game=game)
    with LogDatabase(logs, filters) as db:  # opened once, for the table and the report
        result = balance_table(db)
        _emit_balance(result, fmt, columns, wide)
        if report_path is not None:
            from analytics.reports.report import BALANCE_SECTIONS, report_for

            html, md = report_for(db, report_path, title="Balance report",
                                  sections=BALANCE_SECTIONS, progress=not quiet)
            echo_note(f"wrote {html} and {md}")


def _module_balance(card_set, modules, counts, bots, games, seed, out, rules, workers, logs,
                    report_path, value_games, quiet, cluster, game, fmt) -> None:
    """`--module a,b`: each module's runs (simulated with its set, or read from --logs),
    one column per module and player count; the report puts them side by side too."""
    from analytics.experiments.balance_modules import module_balance, module_wide

    if card_set is not None:
        from analytics.experiments.balance_runs import play_value_arms, simulate_runs

        sets = [s.strip() for s in card_set.split(",")]
        if len(sets) not in (1, len(modules)):
            raise UserError(f"--set names {len(sets)} sets for {len(modules)} modules; give "
                            "one set, or one per module")
        out = prepare_out(out, folder=True)
        runs = {m: simulate_runs(sets[i % len(sets)], m, counts,
                                 bots_of(bots, game, "balance_bots"), games, seed, out,
                                 parse_rules(rules), workers, not quiet, cluster, game or "")
                for i, m in enumerate(modules)}
        if value_games:
            for m in modules:
                runs[m] = runs[m] + play_value_arms(runs[m], value_games, workers, not quiet,
                                                    cluster)
    else:
        runs = {m: list(logs) for m in modules}
    result = module_balance(runs, counts)
    if fmt != "table":
        click.echo(render_table(result.frame, fmt), nl=False)
    else:
        click.echo(render_table(module_wide(result.frame), keys=2))
        _echo_verdicts(result)
    if report_path is not None:  # the report puts the modules side by side (reports/modules.py)
        from analytics.query.database import Filters
        from analytics.reports.report import report_for

        folders = sorted({str(f) for folders in runs.values() for f in folders})
        html, md = report_for(folders, report_path, Filters(players=counts, module=modules),
                              title="Module balance report", progress=not quiet)
        click.echo(f"wrote {html} and {md}", err=True)


def _skill_balance(card_set, module, counts, levels, games, seed, out, rules, workers, logs,
                   report_path, quiet, cluster, game, fmt) -> None:
    """`--skill a,b,c`: each level's runs (every seat that bot), side by side."""
    from analytics.experiments.skill import LEVEL_NOTE, balance_by_skill
    from analytics.query.database import Filters, LogDatabase

    if card_set is not None:
        from analytics.experiments.balance_runs import simulate_runs
        from analytics.experiments.ladder import plain_name

        out = prepare_out(out, folder=True)
        logs = [run for level in levels
                for run in simulate_runs(card_set, module, counts, (level,), games, seed,
                                         Path(out) / plain_name(level), parse_rules(rules),
                                         workers, not quiet, cluster, game or "")]
    with LogDatabase(logs, Filters(players=counts, game=game)) as db:
        table = balance_by_skill(db.run("outcome_by_seat_game"), levels)
        if report_path is not None:
            from analytics.reports.report import BALANCE_SECTIONS, report_for

            html, md = report_for(db, report_path, title="Balance report",
                                  sections=BALANCE_SECTIONS, progress=not quiet)
            click.echo(f"wrote {html} and {md}", err=True)
    if fmt != "table":
        click.echo(render_table(table.long, fmt), nl=False)
    else:
        click.echo(render_table(table.wide))
        click.echo("")
        for line in table.lines:
            click.echo(line)
    click.echo(LEVEL_NOTE, err=True)


def _emit_balance(result: Balance, fmt: str, columns: str | None, wide: bool) -> None:
    """CSV and JSON: the long table. Text: one column per player count, or with --wide or
    --columns one block of the long table per player count."""
    from analytics.experiments.balance import balance_wide
    if fmt != "table":
        click.echo(render_table(result.frame, fmt), nl=False)
        return
    if wide or columns:
        for (players,), group in result.frame.group_by("players", maintain_order=True):
            click.echo(f"\n{players} players")
            click.echo(render_table(choose_columns(group, fmt, BALANCE_DEFAULT, columns, wide),
                                    width=None))
    else:
        click.echo(render_table(balance_wide(result.frame), keys=2))
    _echo_verdicts(result)


def _echo_verdicts(result: Balance) -> None:
    """After the text table: a blank line, the verdicts, the notes (on stderr)."""
    click.echo("")
    for line in result.verdicts:
        click.echo(line)
    for note in result.footnotes:
        echo_note(note)


@click.command("report", cls=Command)
@log_options
@click.option("--out", type=click.Path(dir_okay=False), required=True,
              help="The .html file to write (its Markdown twin: the same name with .md).")
@click.option("--title", default="Balance report", show_default=True, help="Report title.")
@click.option("--min-n", type=IntRange(0), default=200, show_default=True,
              help="Cards and faces owned in fewer seat-games are left out.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def report_command(logs, players, module, card_set, bot, out, title, min_n, quiet):
    """Write a self-contained HTML report (and a Markdown twin) of runs.

    It opens with a one-minute summary, then seats, final scores, each component kind of the
    game (sortable tables; Dice Forge: cards and faces), game-level balance and the score by
    source, and ends with the manifest of every run.
    Charts are embedded: the file opens with no network, on a phone too.

    \b
    Examples:
      dicelab report --logs logs/demo --out reports/out/demo.html
      dicelab report --logs 'logs/*' --players 4 --title "Four players" --out four.html
    """
    from analytics.reports.report import report_for

    html, md = report_for(logs, out, make_filters(players, module, card_set, bot, logs), title,
                          min_n=min_n, progress=not quiet)
    click.echo(f"wrote {html} and {md}")


COMMANDS = [balance_command, report_command]

