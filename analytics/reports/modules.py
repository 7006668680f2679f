"""The report of runs of several modules side by side (`dicelab balance --module a,b --report`,
and `dicelab report` over such runs): each section reads one part of `module_balance`'s long
table (a row per module, player count and metric), shows it one column per module and player
count, and draws it with the modules side by side.

The sections register their sources, charts and readings in `report_parts` like every other
report part; `build_report` uses `MODULE_SECTIONS` when the logs hold more than one module, so
no table ever pools two modules' games. Rows are found by the metric names `balance` and
`balance_modules` give them (no game word here: the goal space and the end positions are the
catalogue's `board_goal` and `board_end`, the cards those whose `module` is the module's).
"""

from __future__ import annotations

from dataclasses import replace

import polars as pl
from matplotlib.figure import Figure

from analytics.experiments.balance import Balance
from analytics.experiments.balance_modules import module_balance, module_wide
from analytics.reports import charts
from analytics.reports import parts as report_parts
from analytics.reports.parts import Context
from analytics.reports.section import Section

GOAL = "goal space"
END, ZONE = "end value", "final zone"  # balance_modules' rows of a board's end positions
TAKE, VALUE = " take rate", " paired value (forbid)"
SEAT_WR = r"^seat \d+ WR$"


def modules_of(ctx: Context) -> list[str]:
    """The modules of the runs read: none first, then by name."""
    return sorted(set(ctx.manifest()["modules"].to_list()), key=lambda m: (m != "none", m))


def side_by_side(ctx: Context) -> bool:
    return len(modules_of(ctx)) > 1


def _colours(ctx: Context) -> dict[str, str]:
    """Each module's colour, the same in every chart of the report."""
    return {m: charts.group_colour(k) for k, m in enumerate(modules_of(ctx))}


def balance_of_modules(ctx: Context) -> Balance:
    """`module_balance` of the runs read, each module's games apart (computed once)."""
    def make() -> Balance:
        counts = ctx.filters.players or tuple(sorted(ctx.manifest()["players"].unique()))
        folders = [str(f) for f in ctx.db.folders]
        return module_balance({m: folders for m in modules_of(ctx)}, tuple(counts),
                              n_boot=ctx.n_boot)
    return ctx.cached("module_balance", make)


def _rows(ctx: Context, test: pl.Expr) -> pl.DataFrame:
    frame = balance_of_modules(ctx).frame.filter(test)
    return frame.with_columns(column=pl.format("{} {}p", "module", "players"))


# --- sources: the rows of one part, one column per module and player count -----------------

def _wide(ctx: Context, test: pl.Expr) -> pl.DataFrame:
    """The rows `test` keeps, one column per module and player count, games first."""
    frame = balance_of_modules(ctx).frame
    chosen = frame.filter(test)["metric"].unique()
    wide = module_wide(frame.filter(test | (pl.col("section") == "seats")))
    return wide.filter((pl.col("metric") == "games") | pl.col("metric").is_in(chosen.implode()))


def overview_source(ctx: Context, params: dict) -> pl.DataFrame:
    return module_wide(balance_of_modules(ctx).frame)


def seats_source(ctx: Context, params: dict) -> pl.DataFrame:
    return _wide(ctx, pl.col("section") == "seats")


def sources_source(ctx: Context, params: dict) -> pl.DataFrame:
    return _wide(ctx, pl.col("section") == ctx.roles.score)


def goal_source(ctx: Context, params: dict) -> pl.DataFrame:
    return _wide(ctx, pl.col("metric").str.starts_with(GOAL))


def ends_source(ctx: Context, params: dict) -> pl.DataFrame:
    return _wide(ctx, pl.col("metric").str.contains(f"^({END}|{ZONE})"))


def cards_source(ctx: Context, params: dict) -> pl.DataFrame:
    return _wide(ctx, pl.col("metric").str.ends_with(TAKE) | pl.col("metric").str.ends_with(VALUE))


# --- charts ---------------------------------------------------------------------------------

def _figure(panels: int = 1, height: float = 4.0) -> tuple[Figure, list]:
    fig = Figure(figsize=(8.0, height * panels), layout="constrained")
    return fig, list(fig.subplots(panels, 1, squeeze=False)[:, 0])


def _by_players(rows: pl.DataFrame) -> pl.DataFrame:
    return rows.with_columns(x=pl.format("{} players", "players")).sort("players",
                                                                         maintain_order=True)


def overview_chart(ctx: Context, frame: pl.DataFrame) -> Figure:
    fig, (score, balance) = _figure(2, 3.4)
    charts.plot_grouped(score, _by_players(_rows(ctx, pl.col("metric") == "mean score")), "x",
                        "module", f"mean final {ctx.roles.score_title} (95% interval)",
                        title="Mean score by module", colours=_colours(ctx))
    charts.plot_grouped(balance, _by_players(_rows(ctx, pl.col("metric") == "Balance (Ludii)")),
                        "x", "module", "Balance (1 = seats win alike; 95% interval)",
                        title="Balance (Ludii) by module", colours=_colours(ctx))
    return report_parts._on(ctx, fig)


def seats_chart(ctx: Context, frame: pl.DataFrame) -> Figure:
    rows = _rows(ctx, pl.col("metric").str.contains(SEAT_WR)).with_columns(
        x=pl.col("metric").str.replace(" WR", ""), fair=1 / pl.col("players"))
    counts = sorted(rows["players"].unique().to_list())
    fig, axes = _figure(len(counts), 3.2)
    _win_rates(ctx, axes, rows, "Win rate by seat, {} players (seat 0 plays first; dashed: 1/N)")
    return report_parts._on(ctx, fig)


def _win_rates(ctx: Context, axes: list, rows: pl.DataFrame, title: str) -> None:
    """One panel per player count: win rates by `x`, the modules side by side, 1/N dashed."""
    for ax, count in zip(axes, sorted(rows["players"].unique().to_list()), strict=True):
        charts.plot_grouped(ax, rows.filter(pl.col("players") == count), "x", "module",
                            "win rate (95% Wilson)", fair="fair", colours=_colours(ctx),
                            title=title.format(count))


def sources_chart(ctx: Context, frame: pl.DataFrame) -> Figure:
    prefix = f"{ctx.roles.score_title} share: "
    order = modules_of(ctx)
    rows = _rows(ctx, pl.col("section") == ctx.roles.score).with_columns(
        source=pl.col("metric").str.replace(prefix, "", literal=True),
        rank=pl.col("module").replace_strict(order, list(range(len(order))))
    ).sort("players", "rank")
    fig, (ax,) = _figure(1, max(3.0, 0.45 * rows["column"].n_unique() + 1.8))
    charts.plot_stacked(ax, rows, "column", "source", ctx.roles.score_sources,
                        title=f"Where {ctx.roles.score_title} comes from, by module and "
                              "player count", xlabel=f"share of all {ctx.roles.score_title}")
    return report_parts._on(ctx, fig)


def goal_chart(ctx: Context, frame: pl.DataFrame) -> Figure:
    fig, (reached, first) = _figure(2, 3.0)
    metric = pl.col("metric")
    charts.plot_grouped(reached, _by_players(_rows(ctx, metric == f"{GOAL} reached (share of "
                                                   "games)")), "x", "module",
                        "share of games (95% Wilson)", colours=_colours(ctx),
                        title="How often some player reaches the board's goal space")
    wins = _by_players(_rows(ctx, metric == f"{GOAL}: first arrival WR")).filter(
        pl.col("estimate").is_not_nan()).with_columns(fair=1 / pl.col("players"))
    if wins.height:
        charts.plot_grouped(first, wins, "x", "module", "win rate (95% Wilson)", fair="fair",
                            title="Win rate of the first to arrive (dashed: 1/N)",
                            colours=_colours(ctx))
    return report_parts._on(ctx, fig)


def ends_chart(ctx: Context, frame: pl.DataFrame) -> Figure:
    metric = pl.col("metric")
    shares = _rows(ctx, metric.str.starts_with(END) & metric.str.ends_with(
        "(share of seats)")).with_columns(side=metric.str.extract(r"end value (\w+)"))
    wins = _rows(ctx, metric.str.starts_with(END) & metric.str.ends_with(" WR")).with_columns(
        x=metric.str.extract(r"end value (\w+)"), fair=1 / pl.col("players"))
    counts = sorted(wins["players"].unique().to_list())
    fig, axes = _figure(1 + len(counts), 3.0)
    charts.plot_stacked(axes[0], shares, "column", "side", ("positive", "zero", "negative"),
                        title="Where the seats end: the sign of the board's end value",
                        xlabel="share of seats")
    _win_rates(ctx, axes[1:], wins, "Win rate by the sign of the end value, {} players "
               "(dashed: 1/N; an association)")
    return report_parts._on(ctx, fig)


def cards_chart(ctx: Context, frame: pl.DataFrame) -> Figure:
    metric = pl.col("metric")
    taken = _by_players(_rows(ctx, metric.str.ends_with(TAKE))).with_columns(
        x=metric.str.replace(TAKE, "", literal=True), group=pl.format("{} players", "players"))
    valued = _rows(ctx, metric.str.ends_with(VALUE)).with_columns(
        x=metric.str.replace(VALUE, "", literal=True), group=pl.format("{} players", "players"))
    fig, axes = _figure(2 if valued.height else 1, max(3.2, 0.25 * taken["x"].n_unique() + 2))
    charts.plot_grouped(axes[0], taken, "x", "group", "share of seat-games (95% Wilson)",
                        title="Module cards: take rate")
    axes[0].tick_params(axis="x", labelrotation=30)
    if valued.height:
        charts.plot_grouped(axes[1], valued.with_columns(fair=pl.lit(0.0)), "x", "group",
                            "buyers' win rate with − without (95%, paired)", fair="fair",
                            title="Module cards: paired value (forbidden to every player, "
                                  "same seeds)")
        axes[1].tick_params(axis="x", labelrotation=30)
    return report_parts._on(ctx, fig)


# --- readings -------------------------------------------------------------------------------

def _cell(row: dict) -> str:
    return f"{row['estimate']:.3f} (95% {row['low']:.3f}–{row['high']:.3f}, n = {row['n']:,})"


def read_overview(ctx: Context, frame: pl.DataFrame) -> str:
    rows = _rows(ctx, pl.col("metric") == "Balance (Ludii)").sort("estimate")
    low = rows.row(0, named=True)
    return ("Each column is one module at one player count; each cell an estimate with its "
            "95% interval. The lowest Balance (Ludii) is "
            f"{low['module']} at {low['players']} players: {_cell(low)}. "
            "Module rows: the board's goal space, the end positions, each module card's take "
            "rate and, where its forbidden arm was played, its paired value.")


def read_seats(ctx: Context, frame: pl.DataFrame) -> str:
    rows = _rows(ctx, pl.col("metric").str.contains(SEAT_WR)).with_columns(
        gap=(pl.col("estimate") - 1 / pl.col("players")).abs())
    sentences = []
    for (module,), group in rows.group_by("module", maintain_order=True):
        worst = group.sort("gap", descending=True).row(0, named=True)
        sentences.append(f"{module}: farthest from a fair share is {worst['metric']} at "
                         f"{worst['players']} players, {_cell(worst)}.")
    return " ".join(sentences)


def read_sources(ctx: Context, frame: pl.DataFrame) -> str:
    scored = _rows(ctx, pl.col("section") == ctx.roles.score)
    everywhere = set.intersection(*(set(g["metric"]) for _, g in scored.group_by("module")))
    own = scored.filter(~pl.col("metric").is_in(list(everywhere)))  # what only a module has
    said = [f"{r['module']} {r['players']}p {r['metric'].split(': ')[-1]} {r['estimate']:.1%}"
            for r in own.iter_rows(named=True)]
    return (f"Share of all {ctx.roles.score_title} by source (bootstrap over whole games). "
            + (f"Sources only a module has: {'; '.join(said)}." if said else ""))


def read_goal(ctx: Context, frame: pl.DataFrame) -> str:
    rows = _rows(ctx, pl.col("metric").str.starts_with(GOAL) & pl.col("estimate").is_not_nan())
    if rows.is_empty():
        return "No module of these runs has a goal space."
    return ("The goal space is the board's last space (the catalogue's board_goal). "
            + " ".join(f"{r['module']} {r['players']}p, {r['metric']}: {_cell(r)}."
                       for r in rows.iter_rows(named=True)))


def read_ends(ctx: Context, frame: pl.DataFrame) -> str:
    rows = _rows(ctx, pl.col("metric").str.starts_with(END))
    if rows.is_empty():
        return "No module of these runs scores an end position."
    return ("The sign of the end value the board adds to a seat's score says which side of the "
            "board the seat ended on. Win rates by side are associations: strong players may "
            "choose a side. " + " ".join(
                f"{r['module']} {r['players']}p {r['metric']}: {_cell(r)}."
                for r in rows.iter_rows(named=True) if r["metric"].endswith("WR")))


def read_cards(ctx: Context, frame: pl.DataFrame) -> str:
    values = _rows(ctx, pl.col("metric").str.ends_with(VALUE))
    if values.is_empty():
        return ("Take rates only: no forbidden arm was read, so no paired value (play them "
                "with `dicelab balance ... --value-games N`).")
    below = values.filter(pl.col("high") < 0)
    costly = ", ".join(f"{r['metric'].removesuffix(VALUE)} ({r['players']}p)"
                       for r in below.iter_rows(named=True))
    return ("Paired value: each card forbidden to every player on the same seeds and bots, "
            "the buyers' win rate with the card minus without (an effect, not an association). "
            + (f"Cards whose whole interval lies below 0: {costly}." if costly else
               "No card's interval lies wholly below 0."))


MODULE_SECTIONS = (
    Section("Modules side by side", "modules", chart="modules", reading="modules"),
    Section("Seats by module: does turn order matter?", "modules_seats", chart="modules_seats",
            reading="modules_seats"),
    Section("Where {score} comes from, by module", "modules_sources", chart="modules_sources",
            reading="modules_sources"),
    Section("The board's goal space", "modules_goal", chart="modules_goal",
            reading="modules_goal"),
    Section("End positions on the board", "modules_ends", chart="modules_ends",
            reading="modules_ends"),
    Section("Module cards: take rate and paired value", "modules_cards",
            chart="modules_cards", reading="modules_cards"),
)
_PARTS = {"modules": (overview_source, overview_chart, read_overview),
          "modules_seats": (seats_source, seats_chart, read_seats),
          "modules_sources": (sources_source, sources_chart, read_sources),
          "modules_goal": (goal_source, goal_chart, read_goal),
          "modules_ends": (ends_source, ends_chart, read_ends),
          "modules_cards": (cards_source, cards_chart, read_cards)}
for _name, (_source, _chart, _reading) in _PARTS.items():
    report_parts.SOURCES[_name] = _source
    report_parts.CHARTS[_name] = _chart
    report_parts.READINGS[_name] = _reading


def sections_for(ctx: Context) -> tuple[Section, ...]:
    """The module sections whose rows these runs have (a goal space, end positions, cards)."""
    frame = balance_of_modules(ctx).frame
    has = {"modules_goal": frame["metric"].str.starts_with(GOAL).any(),
           "modules_ends": frame["metric"].str.starts_with(END).any(),
           "modules_cards": frame["metric"].str.ends_with(TAKE).any()}
    return tuple(replace(s, title=s.title.format(score=ctx.roles.score_title))
                 for s in MODULE_SECTIONS if has.get(s.source, True))


def summary_lines(ctx: Context) -> list[str]:
    """The one-minute summary: each module's verdict per player count, then its mean score."""
    lines = list(balance_of_modules(ctx).verdicts)
    scores = _rows(ctx, pl.col("metric") == "mean score")
    lines += [f"{r['module']}, {r['players']} players: mean final {ctx.roles.score_title} "
              f"{_cell(r)}." for r in scores.iter_rows(named=True)]
    return lines


def notes(ctx: Context) -> tuple[str, ...]:
    return balance_of_modules(ctx).footnotes

