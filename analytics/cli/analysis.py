"""Analysis commands (query, cards, faces, seats, power, chart); `COMMANDS` joins the main group."""

from __future__ import annotations

import click

from analytics.cli.common import Command, format_option
from analytics.output import choose_columns, legend, render_table
from analytics.query.database import Filters, run_query
from analytics.query.provenance import logs_read, resolve_set
from analytics.tables import components as analysis


def _keep_source(ctx: click.Context, _param: click.Parameter, value: tuple[str, ...]) -> None:
    ctx.meta["dicelab.source"] = tuple(value)


def log_options(func):
    """--logs and the game filters shared by every command that reads logs."""
    options = [
        click.option("--logs", "logs", multiple=True, default=("logs",), show_default=True,
                     metavar="PATH", help="Run folder, folder of runs, or glob (repeatable)."),
        click.option("--players", type=click.IntRange(2, 6), multiple=True,
                     help="Keep games with this many players (repeatable)."),
        click.option("--module", multiple=True,
                     help="Keep games of this module (none: the base game; '' in older logs)."),
        click.option("--set", "card_set", multiple=True, metavar="NAME|HASH|FILE",
                     help="Keep games of this card set (its name, content hash or file)."),
        click.option("--bot", multiple=True, help="Keep games where some seat is this bot."),
        # Read by make_filters from the context, so no command's signature has to name it.
        click.option("--source", type=click.Choice(("simulated", "recorded")), multiple=True,
                     expose_value=False, callback=_keep_source,
                     help="Keep simulated or recorded games (dicelab import)."),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def table_options(func):
    """--min-n and --sort for the card and face tables."""
    func = click.option("--sort", default="delta", show_default=True,
                        help="Column to sort by (numbers descending).")(func)
    return click.option("--min-n", type=click.IntRange(0), default=200, show_default=True,
                        help="Hide rows owned in fewer seat-games.")(func)


def view_options(func):
    """--columns and --wide: which columns a text table shows (CSV and JSON keep them all)."""
    func = click.option("--wide", is_flag=True, help="Show every column.")(func)
    return click.option("--columns", metavar="A,B,...",
                        help="Columns to show, comma-separated (default: a short set).")(func)


# The columns a text table shows by default; `--wide` shows the rest.
DEFAULT_COLUMNS = {
    "component": ("n_owned", "take_rate", "owned_wr", "not_owned_wr", "delta", "delta_low",
                  "delta_high", "adjusted_delta", "p_adj", "glory_per_game"),
}


def make_filters(players, module, card_set, bot) -> Filters:
    """Filters from the options; a --set file becomes its content hash (see provenance)."""
    source = click.get_current_context(silent=True)
    return Filters(tuple(players), tuple(module), tuple(resolve_set(s) for s in card_set),
                   tuple(bot), source.meta.get("dicelab.source", ()) if source else ())


def emit(table: analysis.Table, fmt: str, columns: str | None = None, wide: bool = False,
         default: tuple[str, ...] = ()) -> None:
    """The frame on stdout, the footnotes (and in a text table a legend) on stderr, so CSV
    and JSON stay parseable."""
    frame = choose_columns(table.frame, fmt, default, columns, wide)
    click.echo(render_table(frame, fmt), nl=fmt == "table")
    for note in table.footnotes:
        click.echo(note, err=True)
    if fmt == "table" and legend(frame.columns):
        click.echo(legend(frame.columns), err=True)


@click.command("query", cls=Command)
@click.argument("name")
@click.option("-p", "--param", "params", type=(str, str), multiple=True,
              metavar="NAME VALUE", help="Query parameter (repeatable).")
@click.option("--queries-dir", type=click.Path(file_okay=False), default=None,
              help="Extra folder of .sql files (and audits/).")
@log_options
@view_options
@format_option
def query_command(name, params, queries_dir, logs, players, module, card_set, bot, columns, wide,
                  fmt):
    """Run a named query from queries/ over the logs.

    \b
    Examples:
      dicelab query win_rate_by_seat --logs logs/demo
      dicelab query contribution_by_component -p component face --format csv
      dicelab query audits/glory_mismatch_by_seat_game --logs 'logs/*'
    """
    filters = make_filters(players, module, card_set, bot)
    frame = run_query(logs, name, dict(params), filters, queries_dir)
    emit(analysis.Table(frame, logs_read(logs, filters)), fmt, columns, wide)


@click.command("cards", cls=Command)
@log_options
@table_options
@view_options
@format_option
def cards_command(logs, players, module, card_set, bot, min_n, sort, columns, wide, fmt):
    """Heroic Feat cards: take rate, win rate owned vs not (an association), Glory.

    \b
    Examples:
      dicelab cards --logs logs/demo --players 4
      dicelab cards --min-n 500 --sort adjusted_delta --format csv > cards.csv
    """
    filters = make_filters(players, module, card_set, bot)
    emit(analysis.card_table(logs, filters, sort, min_n), fmt, columns, wide,
         ("card", *DEFAULT_COLUMNS["component"]))


@click.command("faces", cls=Command)
@log_options
@table_options
@view_options
@format_option
def faces_command(logs, players, module, card_set, bot, min_n, sort, columns, wide, fmt):
    """Die faces forged during play: the same measures as `cards`.

    \b
    Examples:
      dicelab faces --logs logs/demo
      dicelab faces --bot economist --sort take_rate --format json
    """
    filters = make_filters(players, module, card_set, bot)
    emit(analysis.face_table(logs, filters, sort, min_n), fmt, columns, wide,
         ("face", *DEFAULT_COLUMNS["component"]))


@click.command("seats", cls=Command)
@log_options
@click.option("--sort", default="seat", show_default=True, help="Column to sort by.")
@view_options
@format_option
def seats_command(logs, players, module, card_set, bot, sort, columns, wide, fmt):
    """Win rate by seat, with Wilson intervals and a chi-square test against 1/N.

    \b
    Examples:
      dicelab seats --logs logs/demo
      dicelab seats --players 3 --format csv
    """
    filters = make_filters(players, module, card_set, bot)
    emit(analysis.seat_table(logs, filters, sort), fmt, columns, wide)


@click.command("power", cls=Command)
@click.option("--effect", type=float, multiple=True, required=True,
              help="Change in win rate to detect, e.g. 0.02 (repeatable).")
@click.option("--base", type=float, default=0.25, show_default=True, help="Baseline win rate.")
@click.option("--paired", is_flag=True, help="Paired seeds (same seeds under both setups).")
@click.option("--correlation", type=click.FloatRange(-1, 1), default=None,
              help="Paired only: assumed correlation of a seat's outcomes on one seed "
                   "(default 0.5; --logs-a/--logs-b measure it instead).")
@click.option("--logs-a", multiple=True, metavar="PATH", help="Paired only: arm A's runs.")
@click.option("--logs-b", multiple=True, metavar="PATH", help="Paired only: arm B's runs.")
@click.option("--alpha", type=click.FloatRange(0, 1, min_open=True, max_open=True),
              default=0.05, show_default=True, help="Two-sided significance level.")
@click.option("--power", "power_", type=click.FloatRange(0, 1, min_open=True, max_open=True),
              default=0.8, show_default=True, help="Chance of detecting the effect.")
@format_option
def power_command(effect, base, paired, correlation, logs_a, logs_b, alpha, power_, fmt):
    """How many games detect a change in win rate.

    \b
    Examples:
      dicelab power --effect 0.02
      dicelab power --effect 0.02 --effect 0.05 --base 0.5 --paired
      dicelab power --effect 0.02 --paired --logs-a logs/base --logs-b logs/alt
    """
    from analytics.experiments.compare import paired_correlation

    correlation, measured = paired_correlation(paired, correlation, logs_a, logs_b)
    emit(analysis.power_table(effect, base, alpha, power_, paired, correlation, measured), fmt)


# Charts drawn the way the report draws them: kind -> (report source, report chart).
REPORT_CHARTS = {"seat-scores": ("score_counts_by_seat", "seat_scores"),
                 "glory": ("glory_sources", "glory_sources")}


@click.command("chart", cls=Command)
@click.argument("kind", type=click.Choice((*analysis.CHART_KINDS, *REPORT_CHARTS)))
@log_options
@click.option("--out", type=click.Path(dir_okay=False), required=True,
              help="Image file to write (.png, .svg, .pdf).")
@click.option("--min-n", type=click.IntRange(0), default=200, show_default=True,
              help="cards/faces: hide rows owned in fewer seat-games.")
def chart_command(kind, logs, players, module, card_set, bot, out, min_n):
    """Draw a chart: cards, faces (forest + round acquired), seats, scores (by bot),
    rounds, seat-scores (final score by seat), glory (share of Glory by source).

    \b
    Examples:
      dicelab chart cards --logs logs/demo --out cards.png
      dicelab chart seats --players 4 --out seats.svg
      dicelab chart glory --logs 'logs/balance/*' --out glory.svg
    """
    filters = make_filters(players, module, card_set, bot)
    from analytics.reports import parts as report_parts  # matplotlib loads only for this command
    from analytics.reports.charts import save_figure

    context = report_parts.Context(tuple(logs), filters, min_n=min_n)
    if kind in REPORT_CHARTS:
        source, chart = REPORT_CHARTS[kind]
        figure = report_parts.CHARTS[chart](context, report_parts.SOURCES[source](context, {}))
    else:
        figure = analysis.chart_figure(kind, logs, filters, min_n)
        # What the chart is on (set, players, bots, n), as in the report's charts.
        figure.suptitle(context.describe(), fontsize=9)
    click.echo(f"wrote {save_figure(figure, out)}")
    for line in logs_read(logs, filters):
        click.echo(line, err=True)


COMMANDS = [query_command, cards_command, faces_command, seats_command, power_command,
            chart_command]
