"""Analysis commands (query, components and its aliases, seats, power, chart); `COMMANDS` joins
the main group. Every command reading logs takes --game and opens the logs once."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import click

from analytics.cache import Output
from analytics.cli.common import (
    FLOAT,
    Command,
    FloatRange,
    IntRange,
    cached_output,
    echo_note,
    format_option,
    game_option,
    logs_option,
    show,
    with_notices,
)
from analytics.errors import UserError, warn_again
from analytics.output import (
    FORMATS,
    TABLE_WIDTH,
    choose_columns,
    legend,
    prepare_out,
    render_table,
)

if TYPE_CHECKING:  # heavy modules are imported where used: `dicelab --version` needs none
    from analytics.eventlog.roles import ComponentRoles
    from analytics.query.filters import Filters
    from analytics.tables import table as analysis
    from analytics.tables.table import ComponentResults


def _keep_source(ctx: click.Context, _param: click.Parameter, value: tuple[str, ...]) -> None:
    ctx.meta["dicelab.source"] = tuple(value)


def _keep_game(ctx: click.Context, _param: click.Parameter, value: str | None) -> None:
    ctx.meta["dicelab.game"] = value


def log_options(func):
    """--logs and the game filters shared by every command that reads logs."""
    options = [
        logs_option,
        click.option("--players", type=IntRange(2, 6), multiple=True,
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
        click.option("--game", metavar="NAME", expose_value=False, callback=_keep_game,
                     help="The game of the logs (default: whichever game they are of); logs "
                          "of another game are an error."),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def table_options(func):
    """--min-n and --sort for the card and face tables."""
    func = click.option("--sort", default="delta", show_default=True,
                        help="Column to sort by (numbers descending).")(func)
    return click.option("--min-n", type=IntRange(0), default=200, show_default=True,
                        help="Hide rows owned in fewer seat-games.")(func)


def view_options(func):
    """--columns and --wide: which columns a text table shows (CSV and JSON keep them all)."""
    func = click.option("--wide", is_flag=True, help="Show every column.")(func)
    return click.option("--columns", metavar="A,B,...",
                        help="Columns to show, comma-separated (default: a short set).")(func)


def make_filters(players, module, card_set, bot, logs=()) -> Filters:
    """Filters from the options (with --game, which is not one); a --set file becomes its
    content hash, read by the game of --game or else of `logs` (see provenance)."""
    from analytics.query.filters import Filters  # light: a cache hit builds its key with it
    ctx = click.get_current_context(silent=True)
    meta = ctx.meta if ctx else {}
    game = meta.get("dicelab.game")
    if any(s.endswith(".toml") for s in card_set) and game is None and logs:
        from analytics.query.database import find_run_folders
        from analytics.query.roles import pooled_roles

        game = pooled_roles(find_run_folders(logs)).game
    return Filters(tuple(players), tuple(module), tuple(resolve_set(s, game) for s in card_set),
                   tuple(bot), meta.get("dicelab.source", ()), meta.get("dicelab.game"))


def resolve_set(value: str, game: str | None = None) -> str:
    """A `--set` filter value: a TOML file becomes its content hash; a name or hash stays.

    A preset name stays a name (the logs' own set names are matched), so that `--set base`
    also finds runs of a custom file whose name is base; a file pins the exact content. The
    file is read by `game` (None: the game a new run plays).
    """
    from analytics.query.provenance import set_hash
    path = Path(value)
    if not path.is_file():
        return value
    from analytics.games import DEFAULT_GAME, get_game  # the game reads its own set files

    _, slots = get_game(game or DEFAULT_GAME).slots(str(path))
    return set_hash(",".join(card for card, _ in slots.values()))


def emit(table: analysis.Table, fmt: str, columns: str | None = None, wide: bool = False,
         default: tuple[str, ...] = ()) -> None:
    """The frame on stdout, the footnotes (and in a text table a legend) on stderr, so CSV
    and JSON stay parseable."""
    show(rendered(table, fmt, columns, wide, default))


def rendered(table: analysis.Table, fmt: str, columns: str | None = None, wide: bool = False,
             default: tuple[str, ...] = ()) -> Output:
    """What `emit` prints, as text (which the results cache keeps)."""
    frame = choose_columns(table.frame, fmt, default or table.columns, columns, wide)
    width = None if wide or columns else TABLE_WIDTH  # asked for more: one wide table
    notes = (*table.footnotes, *([legend(frame.columns)]
                                 if fmt == "table" and legend(frame.columns) else []))
    return Output(render_table(frame, fmt, width=width), fmt == "table", notes)


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
      dicelab query audits/score_mismatch_by_seat_game --logs 'logs/*'
    """
    from analytics.query.database import LogDatabase, find_query
    from analytics.query.provenance import describe_logs
    from analytics.tables.table import Table
    filters = make_filters(players, module, card_set, bot, logs)
    query = find_query(name, queries_dir)  # an unknown name fails before any file is read
    with LogDatabase(logs, filters, queries_dir) as db:
        frame = db.execute(query, dict(params))
        read = describe_logs(db)
    emit(Table(frame, read), fmt, columns, wide)


@click.command("components", cls=Command)
@click.argument("kind")
@log_options
@table_options
@view_options
@format_option
def components_command(kind, logs, players, module, card_set, bot, min_n, sort, columns, wide,
                       fmt):
    """One component kind of the logs' game: take rate, win rate owned vs not (an
    association), score per game and per unit of cost.

    \b
    Examples:
      dicelab components card --logs logs/demo --players 4
      dicelab components face --min-n 500 --sort adjusted_delta --format csv > faces.csv
    """
    component_table(kind, logs, make_filters(players, module, card_set, bot, logs), sort,
                    min_n, columns, wide, fmt)


def component_table(kind, logs, filters, sort, min_n, columns, wide, fmt) -> None:
    """The table of component kind `kind` (or "seats") on stdout, what was read on stderr;
    from the results cache when these logs were asked so before (or were simulated:
    `precompute_tables`)."""
    def compute() -> Output:
        return rendered(_table(kind, logs, filters, sort, min_n), fmt, columns, wide)

    show(cached_output(logs, table_key(kind, filters, sort, min_n, fmt, columns, wide),
                       compute))


def _table(kind: str, logs, filters: Filters, sort: str, min_n: int | None) -> analysis.Table:
    if kind != SEATS:
        return cached_results(kind, logs, filters).presented(sort, min_n)
    from analytics.query.database import LogDatabase
    from analytics.tables.components import seat_table
    with LogDatabase(logs, filters) as db:
        return seat_table(db, None, sort)


def cached_results(kind: str, logs, filters: Filters) -> ComponentResults:
    """The computed table of component kind `kind` before it is shown (every row, unsorted):
    kept in the results cache under the logs and filters alone, so another sort, --min-n,
    format or choice of columns on the same games only presents it again. Its warnings are
    raised again on a hit, as when it was computed."""
    from analytics.cache import Entry

    entry = Entry.of(logs, {"results": kind, "filters": dataclasses.asdict(filters)})
    kept = _load_results(entry) if entry is not None else None
    if kept is None:
        kept = with_notices(partial(_component_results, kind, logs, filters))
        if entry is not None:
            entry.store_text(json.dumps({"results": kept[0].to_json(),
                                         "warnings": list(kept[1])}))
    results, notices = kept
    warn_again(notices)
    return results


def _component_results(kind: str, logs, filters: Filters) -> ComponentResults:
    from analytics.query.database import LogDatabase
    from analytics.tables.components import component_results
    with LogDatabase(logs, filters) as db:
        return component_results(db, kind)


def _load_results(entry) -> tuple[ComponentResults, tuple[str, ...]] | None:
    """A kept computed table and its warnings, or None (absent or damaged: computed again)."""
    from analytics.tables.table import ComponentResults

    text = entry.load_text()
    try:
        data = json.loads(text) if text is not None else None
        if not isinstance(data, dict):
            return None
        notices = data.get("warnings")
        if not (isinstance(notices, list) and all(isinstance(n, str) for n in notices)):
            return None
        return ComponentResults.from_json(data["results"]), tuple(notices)
    except (ValueError, KeyError, TypeError):
        return None


SEATS = "seats"  # the seat table, beside the component kinds


def table_key(kind: str, filters: Filters, sort: str, min_n: int | None, fmt: str,
              columns: str | None = None, wide: bool = False) -> dict:
    """The results cache's parameters of a component table (`kind`: card, face) or of the
    seat table (`kind` "seats", no min_n): the same whichever command word asked."""
    return {"table": kind, "filters": dataclasses.asdict(filters), "sort": sort,
            "min_n": min_n, "format": fmt, "columns": columns, "wide": wide}


def precompute_tables(folder: Path | str) -> None:
    """Put every component kind's table and the seat table of the run folder `folder`, with
    the commands' default options, in the results cache in every format: the first `dicelab
    cards --logs FOLDER` after a run is a hit. Each table is computed once, as its command
    computes it; its warnings are kept for the hits to show, not shown here. The run read as
    an arm of a paired comparison is kept too: `compare` of two runs made so reads neither's
    logs."""
    from analytics.cache import Entry, enabled
    from analytics.eventlog.location import is_url
    from analytics.query.filters import Filters
    from analytics.query.roles import pooled_roles

    if not enabled() or is_url(str(folder)):
        return
    logs, filters = (str(folder),), Filters()
    try:
        kinds = pooled_roles([Path(folder)]).kinds
        for kind, sort, min_n in (*((k, "delta", 200) for k in kinds), (SEATS, "seat", None)):
            made, notices = with_notices(partial(_table, kind, logs, filters, sort, min_n))
            for fmt in FORMATS:
                entry = Entry.of(logs, table_key(kind, filters, sort, min_n, fmt))
                if entry is not None:
                    entry.store(replace(rendered(made, fmt), warnings=notices))
        from analytics.experiments.paired import read_arm
        with_notices(partial(read_arm, "A", logs))  # kept by reading it; shown by compare
    except UserError:
        pass  # the command asked later says what is wrong: a run is not failed for it


def component_alias(kind: str, word: str, about: str) -> click.Command:
    """`dicelab WORD`: `dicelab components KIND` under its plural (Dice Forge: cards)."""
    examples = (f"\b\nExamples:\n  dicelab {word} --logs logs/demo --players 4\n"
                f"  dicelab {word} --min-n 500 --sort adjusted_delta --format csv")

    @click.command(word, cls=Command,
                   help=f"{about}: `dicelab components {kind}`.\n\n{examples}")
    @log_options
    @table_options
    @view_options
    @format_option
    def alias(logs, players, module, card_set, bot, min_n, sort, columns, wide, fmt):
        component_table(kind, logs, make_filters(players, module, card_set, bot, logs), sort,
                        min_n, columns, wide, fmt)
    return alias


def component_words() -> dict[str, ComponentRoles]:
    """The plural word of every component kind of every registered game (Dice Forge: cards,
    faces), with its roles."""
    from analytics.games import game_roles  # the registry's roles: no game's engine

    return {c.word: c for roles in game_roles().values() for c in roles.components}


def alias_command(name: str) -> click.Command | None:
    """`dicelab NAME` when NAME is a component kind's plural word, else None."""
    found = component_words().get(name)
    return found and component_alias(found.kind, name,
                                     found.plural[:1].upper() + found.plural[1:])


class ComponentAliases:
    """Group mixin: a command per component kind's plural word (`dicelab cards`), made when
    asked for from the games' roles alone: no command loads a game's engine to find it
    (the engines cost a command about a fifth of its start-up)."""

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        return super().get_command(ctx, name) or alias_command(name)  # type: ignore[misc]

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *component_words()})  # type: ignore[misc]


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
    component_table(SEATS, logs, make_filters(players, module, card_set, bot, logs), sort,
                    None, columns, wide, fmt)


@click.command("power", cls=Command)
@click.option("--effect", type=FLOAT, multiple=True, required=True,
              help="Change to detect in the endpoint's unit, e.g. 0.02 of a win rate or 1.5 "
                   "points of score (repeatable).")
@click.option("--endpoint", "endpoints", multiple=True, default=("seat:0",), show_default=True,
              metavar="seat:N|bot:NAME|value:CARD|score",
              help="What the games are for (repeatable): a seat's win rate, a bot's win "
                   "share, a card's value on its buyers, the mean score.")
@click.option("--base", type=FLOAT, default=0.25, show_default=True, help="Baseline win rate.")
@click.option("--paired", is_flag=True, help="Paired seeds (same seeds under both setups).")
@click.option("--correlation", type=FloatRange(-1, 1), default=None,
              help="Paired only: assumed correlation of a seat's outcomes on one seed "
                   "(default 0.5; --logs-a/--logs-b measure it instead).")
@click.option("--logs-a", multiple=True, metavar="PATH", help="Paired only: arm A's runs.")
@click.option("--logs-b", multiple=True, metavar="PATH", help="Paired only: arm B's runs.")
@click.option("--alpha", type=FloatRange(0, 1, min_open=True, max_open=True),
              default=0.05, show_default=True, help="Two-sided significance level.")
@click.option("--power", "power_", type=FloatRange(0, 1, min_open=True, max_open=True),
              default=0.8, show_default=True, help="Chance of detecting the effect.")
@game_option
@format_option
def power_command(effect, endpoints, base, paired, correlation, logs_a, logs_b, alpha, power_,
                  game, fmt):
    """How many games detect a change in one endpoint; each endpoint has its own spread,
    measured from two paired runs (--logs-a/--logs-b) or, for win rates, assumed.

    \b
    Examples:
      dicelab power --effect 0.02
      dicelab power --effect 0.02 --effect 0.05 --base 0.5 --paired
      dicelab power --effect 0.01 --paired --logs-a logs/a --logs-b logs/b \\
          --endpoint seat:0 --endpoint bot:hero --endpoint value:cyclops --endpoint score
    """
    from analytics.experiments.power import power_table

    emit(power_table(effect, endpoints, base, alpha, power_, paired, correlation, logs_a,
                     logs_b, game), fmt)


# Charts drawn the way the report draws them: kind -> (report source, report chart). The score
# sources chart is also named after the game's score resource (Dice Forge: glory).
REPORT_CHARTS = {"seat-scores": ("score_counts_by_seat", "seat_scores"),
                 "score-sources": ("score_sources", "score_sources")}


@click.command("chart", cls=Command)
@click.argument("kind")
@log_options
@click.option("--out", type=click.Path(dir_okay=False), required=True,
              help="Image file to write (.png, .svg, .pdf).")
@click.option("--min-n", type=IntRange(0), default=200, show_default=True,
              help="cards/faces: hide rows owned in fewer seat-games.")
def chart_command(kind, logs, players, module, card_set, bot, out, min_n):
    """Draw a chart: each component kind's plural (Dice Forge: cards, faces; forest + round
    acquired), seats, scores (by bot), rounds, seat-scores (final score by seat),
    score-sources or the score's name (Dice Forge: glory; share of the score by source).

    \b
    Examples:
      dicelab chart cards --logs logs/demo --out cards.png
      dicelab chart seats --players 4 --out seats.svg
      dicelab chart glory --logs 'logs/balance/*' --out glory.svg
    """
    from analytics.query.database import LogDatabase
    from analytics.query.provenance import describe_logs
    filters = make_filters(players, module, card_set, bot, logs)
    from analytics.reports import figures  # matplotlib loads only for this command
    from analytics.reports import parts as report_parts
    from analytics.reports.charts import image_suffixes, save_figure

    out = prepare_out(out, suffixes=image_suffixes())

    with LogDatabase(logs, filters) as db:
        context = report_parts.Context(db, min_n=min_n)
        named = {**REPORT_CHARTS, db.roles.score: REPORT_CHARTS["score-sources"]}
        if kind in named:
            source, chart = named[kind]
            figure = report_parts.CHARTS[chart](context, report_parts.SOURCES[source](context,
                                                                                      {}))
        else:
            figure = figures.chart_figure(kind, db, None, min_n)
            # What the chart is on (set, players, bots, n), as in the report's charts.
            figure.suptitle(context.describe(), fontsize=9)
        read = describe_logs(db)
    click.echo(f"wrote {save_figure(figure, out)}")
    for line in read:
        echo_note(line)


COMMANDS = [query_command, components_command, seats_command, power_command, chart_command]
