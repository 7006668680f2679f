"""The named parts a report's sections refer to: table sources, charts and readings.

Each source takes the report `Context` (the logs open once, cached tables) and returns a frame;
each chart takes the context and that frame and returns a matplotlib Figure; each reading
returns the sentence that reads the numbers. Register more with `SOURCES[name] = ...`. Every
component kind of the game's roles has a source, chart and reading named by its plural's
word (Dice Forge's cards and faces), found by `source`, `chart` and `reading`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from importlib.metadata import PackageNotFoundError, version

import polars as pl
from matplotlib.figure import Figure

from analytics.eventlog.roles import Roles
from analytics.experiments.balance import Balance, balance_table, balance_wide
from analytics.experiments.skill import LEVEL_NOTE, SkillTable, balance_by_skill
from analytics.query.database import Filters, LogDatabase
from analytics.reports import charts
from analytics.stats import balance as bs
from analytics.tables import components as analysis
from analytics.tables.table import SHORT_COLUMNS


def component_columns(roles: Roles, kind: str) -> tuple[str, ...]:
    """The columns a report shows of a component kind's table: its id and what a person calls
    it, the text table's own (counts, and estimates each with its interval and test), and the
    caveat that travels with them."""
    return (kind, "name", *SHORT_COLUMNS, "caveat")


@dataclass
class Context:
    """The logs a report reads, open once, with the tables several sections share computed
    once."""

    db: LogDatabase
    n_boot: int = 1000
    min_n: int = 200
    _cache: dict = field(default_factory=dict)

    @property
    def roles(self) -> Roles:
        return self.db.roles

    @property
    def filters(self) -> Filters:
        return self.db.filters

    def kind_of(self, name: str) -> str | None:
        """The component kind a part named by its plural's word is about (None: another)."""
        return next((c.kind for c in self.roles.components if name == c.word), None)

    def cached(self, key: str, make: Callable[[], object]):
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    def query(self, name: str, params: dict | None = None) -> pl.DataFrame:
        key = f"query:{name}:{sorted((params or {}).items())}"
        return self.cached(key, lambda: self.db.run(name, params))

    def balance(self) -> Balance:
        return self.cached("balance", lambda: balance_table(self.db, n_boot=self.n_boot))

    def skill(self) -> SkillTable:
        """Balance per skill level: games where every seat is one bot, by bot."""
        return self.cached("skill", lambda: balance_by_skill(
            self.query("outcome_by_seat_game"), n_boot=self.n_boot))

    def table(self, kind: str) -> analysis.Table:
        """The table of component kind `kind`."""
        return self.cached(f"table:{kind}", lambda: analysis.component_table(
            self.db, kind, None, "delta", self.min_n))

    def manifest(self) -> pl.DataFrame:
        return self.query("runs_manifest")

    def names(self, kind: str) -> dict[str, str]:
        """Component id -> what a person calls it (the runs' catalogue), of kind `kind`."""
        rows = self.query("component_names").filter(pl.col("kind") == kind)
        return dict(zip(rows["component"], rows["name"], strict=True))

    def named(self, kind: str, frame: pl.DataFrame) -> pl.DataFrame:
        """`frame` with a `name` column after its id column `kind`."""
        names = self.names(kind)
        if frame.is_empty():  # a kind the runs did not offer (a module's): no rows to name
            return frame.with_columns(name=pl.lit(None, dtype=pl.String))
        return frame.with_columns(name=pl.col(kind).replace_strict(
            names, default=pl.col(kind), return_dtype=pl.String))

    def describe(self) -> str:
        """What the numbers are on: sets, players, bots, games (for titles and the stamp)."""
        runs = self.manifest()
        bots = sorted({b for row in runs["bots"] for b in row.split(",")})
        counts = sorted(runs["players"].unique().to_list())
        return (f"{self.roles.set_phrase(', '.join(sorted(runs['card_set'].unique())))} · "
                f"{', '.join(map(str, counts))} players · bots {', '.join(bots)} · "
                f"n = {int(runs['games_kept'].sum()):,} games")

    def versions(self) -> str:
        """Which code made the numbers: dicelab, the engine and the log schema."""
        try:
            dicelab = version("dicelab")
        except PackageNotFoundError:  # pragma: no cover - run from a source tree
            dicelab = "source tree"
        runs = self.manifest()
        return (f"dicelab {dicelab}; engine {', '.join(sorted(set(runs['engine_version'])))}; "
                f"log schema {', '.join(map(str, sorted(set(runs['schema_version']))))}")

    def notes(self, balance: bool = True) -> tuple[str, ...]:
        """Versions and filters, then (`balance`) the balance table's notes."""
        return (f"{self.versions()}; filters: {self.filters.describe()}",
                *(self.balance().footnotes if balance else ()))


def _figure(height: float = 4.5, width: float = 8.0) -> Figure:
    return Figure(figsize=(width, height), layout="constrained")


def _on(ctx: Context, fig: Figure) -> Figure:
    """Say above the chart what it is on: sets, players, bots, games."""
    fig.suptitle(ctx.describe(), fontsize=9, color="#444444")
    return fig


# --- sources -------------------------------------------------------------------------------

def seats_source(ctx: Context, params: dict) -> pl.DataFrame:
    return ctx.cached("seats", lambda: analysis.seat_table(ctx.db).frame)


def seat_scores_source(ctx: Context, params: dict) -> pl.DataFrame:
    counts = ctx.query("score_counts_by_seat")
    return (counts.group_by("players", "seat")
            .agg(n_games=pl.col("n").sum(),
                 mean=(pl.col("score") * pl.col("n")).sum() / pl.col("n").sum(),
                 p95=pl.col("score").repeat_by("n").explode().quantile(0.95, "lower"))
            .sort("players", "seat"))


def balance_source(ctx: Context, params: dict) -> pl.DataFrame:
    return balance_wide(ctx.balance().frame)


def score_sources_source(ctx: Context, params: dict) -> pl.DataFrame:
    rows = ctx.balance().frame.filter(pl.col("section") == ctx.roles.score)
    prefix = f"{ctx.roles.score_title} share: "
    return rows.select("players", source=pl.col("metric").str.replace(prefix, "", literal=True),
                       share=pl.col("estimate"), low="low", high="high", n_games="n")


def has_skill_levels(ctx: Context) -> bool:
    """Whether the logs hold two skill levels or more (games where every seat is one bot)."""
    return ctx.skill().long["level"].n_unique() >= 2


# Sections shown only when their condition holds (Section.shown_if names one).
CONDITIONS: dict[str, Callable[[Context], bool]] = {"skill_levels": has_skill_levels}


def skill_source(ctx: Context, params: dict) -> pl.DataFrame:
    return ctx.skill().wide


SOURCES: dict[str, Callable[[Context, dict], pl.DataFrame]] = {
    "skill": skill_source,
    "seats": seats_source,
    "score_counts_by_seat": seat_scores_source,
    "balance": balance_source,
    "score_sources": score_sources_source,
}


def source(ctx: Context, name: str) -> Callable[[Context, dict], pl.DataFrame]:
    """The source called `name`: a registered one, or a component kind's table."""
    kind = ctx.kind_of(name)
    return SOURCES[name] if kind is None else (
        lambda c, params: c.named(kind, c.table(kind).frame))


# --- charts --------------------------------------------------------------------------------

def seats_chart(ctx: Context, frame: pl.DataFrame) -> Figure:
    fig = _figure()
    charts.plot_seats(fig.subplots(), frame, title="Win rate by seat (seat 0 plays first)")
    return _on(ctx, fig)


def seat_scores_chart(ctx: Context, frame: pl.DataFrame) -> Figure:
    counts = ctx.query("score_counts_by_seat")
    players = sorted(counts["players"].unique().to_list())
    fig = _figure(height=3.2 * len(players))
    axes = fig.subplots(len(players), 1, squeeze=False)[:, 0]
    for ax, count in zip(axes, players, strict=True):
        charts.plot_scores(ax, counts.filter(pl.col("players") == count),
                           title=f"Final score by seat, {count} players", by="seat",
                           score=ctx.roles.score_title)
    return _on(ctx, fig)


def component_chart(kind: str) -> Callable[[Context, pl.DataFrame], Figure]:
    def chart(ctx: Context, frame: pl.DataFrame) -> Figure:
        fig = _figure(height=max(3.0, 0.3 * frame.height + 1.5))
        charts.plot_forest(fig.subplots(), frame, "name",
                           title=f"Win rate owned − not owned, by {kind} (association)")
        return _on(ctx, fig)
    return chart


def score_sources_chart(ctx: Context, frame: pl.DataFrame) -> Figure:
    fig = _figure()
    score = ctx.roles.score_title
    charts.plot_score_sources(fig.subplots(), frame.rename({"share": "estimate"}),
                              ctx.roles.score_sources, score,
                              title=f"Share of all {score} by source")
    return _on(ctx, fig)


# The balance measures on a 0-1 scale, in the words the chart shows.
BALANCE_SHARES = {"Balance (Ludii)": "Balance (1 = every seat wins alike)",
                  "tie rate": "games that end in a tie",
                  "lead changes per round": "rounds whose leader changes",
                  "decided_at": "share of the game before the winner leads for good"}


def balance_chart(ctx: Context, frame: pl.DataFrame) -> Figure:
    fig = _figure(height=3.6)
    charts.plot_shares(fig.subplots(), ctx.balance().frame, BALANCE_SHARES,
                       title="Balance, ties and how late games are decided")
    return _on(ctx, fig)


def skill_chart(ctx: Context, frame: pl.DataFrame) -> Figure:
    """Each seat's win rate per skill level, a panel per player count, 1/N dashed."""
    long = ctx.skill().long.filter(pl.col("metric").str.starts_with("seat "))
    counts = sorted(long["players"].unique().to_list())
    fig = _figure(height=3.4 * len(counts))
    axes = fig.subplots(len(counts), 1, squeeze=False)[:, 0]
    for ax, players in zip(axes, counts, strict=True):
        rows = (long.filter(pl.col("players") == players)
                .with_columns(seat=pl.col("metric").str.replace(" WR", ""),
                              fair=pl.lit(1 / players)))
        charts.plot_grouped(ax, rows, "seat", "level", "win rate", fair="fair",
                            title=f"Win rate by seat at each skill level, {players} players "
                                  "(1/N dashed)")
    return _on(ctx, fig)


CHARTS: dict[str, Callable[[Context, pl.DataFrame], Figure]] = {
    "seats": seats_chart, "seat_scores": seat_scores_chart,
    "score_sources": score_sources_chart, "balance": balance_chart, "skill": skill_chart,
}


def chart(ctx: Context, name: str) -> Callable[[Context, pl.DataFrame], Figure]:
    """The chart called `name`: a registered one, or a component kind's forest."""
    kind = ctx.kind_of(name)
    return CHARTS[name] if kind is None else component_chart(kind)


# --- readings ------------------------------------------------------------------------------

def read_seats(ctx: Context, frame: pl.DataFrame) -> str:
    sentences = []
    for (players,), group in frame.group_by("players", maintain_order=True):
        worst = group.with_columns(gap=(pl.col("win_rate") - pl.col("expected")).abs()) \
            .sort("gap", descending=True).row(0, named=True)
        sentences.append(
            f"At {players} players seat {worst['seat']} is farthest from a fair "
            f"{worst['expected']:.1%}: it wins {worst['win_rate']:.1%} (95% {worst['low']:.1%}"
            f"–{worst['high']:.1%}, n = {worst['n']:,} games); {_seat_test(worst['p_adj'])}")
    return " ".join(sentences)


def _seat_test(p_adj: float | str | None) -> str:
    """What a seat's test says, or that there were too few games to make one."""
    p = _p_value(p_adj)
    if p != p:  # NaN: the table left the test out (too few games)
        return f"{bs.how_unusual(p)}."
    return f"{bs.how_unusual(p)} (adjusted {_p(p_adj)}, Holm over the seats)."


def read_seat_scores(ctx: Context, frame: pl.DataFrame) -> str:
    sentences = []
    for (players,), group in frame.group_by("players", maintain_order=True):
        low, high = group.sort("mean").row(0, named=True), group.sort("mean").row(-1,
                                                                                    named=True)
        sentences.append(f"At {players} players the mean final score runs from "
                         f"{low['mean']:.1f} (seat {low['seat']}) to {high['mean']:.1f} "
                         f"(seat {high['seat']}).")
    return " ".join(sentences)


def read_component(kind: str) -> Callable[[Context, pl.DataFrame], str]:
    def reading(ctx: Context, frame: pl.DataFrame) -> str:
        rows = _by_delta(frame)
        if rows.is_empty():
            return _none_owned(ctx, kind)
        top, bottom = rows.row(0, named=True), rows.row(-1, named=True)
        return (f"{_owners_win(top)} (an association, not its effect; 95% "
                f"{_points(top['delta_low'])} to "
                f"{_points(top['delta_high'])}, n = {top['n_owned']:,} owners); {bottom['name']} "
                f"is at the other end ({_points(bottom['delta'])}). These are associations: "
                f"strong players buy more, so they are not the effect of the {kind} itself. "
                f"Click a column to sort.")
    return reading


def read_balance(ctx: Context, frame: pl.DataFrame) -> str:
    rows = ctx.balance().frame.filter(pl.col("metric") == "Balance (Ludii)").sort("estimate")
    lowest = rows.row(0, named=True) if rows.height else None
    weakest = (f" The lowest Balance is at {lowest['players']} players: {lowest['estimate']:.3f} "
               f"(95% {lowest['low']:.3f}–{lowest['high']:.3f})." if lowest else "")
    return ("Each cell is an estimate with its 95% interval over the games counted on the "
            "first row. Balance (Ludii) is 1 − the largest gap between two seats' win rates "
            "(1 = every seat wins alike); decided_at is the share of the game played before "
            "the eventual winner is ahead for good; a bot's share of wins is fair when it "
            f"equals its share of seats.{weakest}")


def read_score_sources(ctx: Context, frame: pl.DataFrame) -> str:
    sentences = []
    for (players,), group in frame.group_by("players", maintain_order=True):
        ranked = group.sort("share", descending=True)
        listed = ", ".join(f"{r['source']} {r['share']:.0%}" for r in ranked.iter_rows(named=True))
        sentences.append(f"At {players} players: {listed}.")
    return f"Share of all {ctx.roles.score_title} by source. " + " ".join(sentences)


def read_skill(ctx: Context, frame: pl.DataFrame) -> str:
    lines = ctx.skill().lines
    if not lines:
        return ("These runs hold fewer than two skill levels (games where every seat is the "
                "same bot): 'dicelab balance --skill economist,lookahead,mcts:100' plays them.")
    return ("Each column is a skill level, in name order: one bot in every seat, in the "
            f"games where every seat is that bot ({LEVEL_NOTE}). "
            + " ".join(f"{line}." for line in lines))


READINGS: dict[str, Callable[[Context, pl.DataFrame], str]] = {
    "skill": read_skill,
    "seats": read_seats, "seat_scores": read_seat_scores, "balance": read_balance,
    "score_sources": read_score_sources,
}


def reading(ctx: Context, name: str) -> Callable[[Context, pl.DataFrame], str]:
    """The reading called `name`: a registered one, or a component kind's."""
    kind = ctx.kind_of(name)
    return READINGS[name] if kind is None else read_component(kind)


def summary_lines(ctx: Context) -> list[str]:
    """The one-minute summary: a verdict per player count, then the strongest associations,
    the main source of the score, ties and length."""
    balance = ctx.balance()
    lines = list(balance.verdicts)
    frame = balance.frame
    for (players,), group in frame.group_by("players", maintain_order=True):
        get = {r["metric"]: r for r in group.iter_rows(named=True)}
        ties, rounds = get["tie rate"], get["rounds mean"]
        score = ctx.roles.score_title
        scored = group.filter(pl.col("section") == ctx.roles.score).sort("estimate",
                                                                         descending=True)
        main = scored.row(0, named=True) if scored.height else None
        main_source = (f"; most {score} comes from "
                  f"{main['metric'].removeprefix(f'{score} share: ')} "
                  f"({main['estimate']:.0%})" if main else "")
        lines.append(f"{players} players: games last {rounds['estimate']:.1f} rounds, "
                     f"{ties['estimate']:.1%} end in a tie{main_source}.")
    for kind in ctx.roles.kinds:
        rows = _by_delta(ctx.named(kind, ctx.table(kind).frame))
        lines.append(_none_owned(ctx, kind) if rows.is_empty() else
                     f"{_owners_win(rows.row(0, named=True))} (an association, not its "
                     "effect).")
    return lines


def _by_delta(frame: pl.DataFrame) -> pl.DataFrame:
    """A component table's rows with a difference, the largest first."""
    return frame.filter(pl.col("delta").is_not_null()).sort("delta", descending=True)


def _none_owned(ctx: Context, kind: str) -> str:
    return f"No {kind} was owned in at least {ctx.min_n} seat-games."


def _owners_win(row: dict) -> str:
    return (f"Seats owning {row['name']} win {_points(row['delta'])} more often than those "
            "that could have taken it and did not")


def _points(value: float | None) -> str:
    return "n/a" if value is None else f"{value * 100:+.1f} points"


def _p_value(value: float | str | None) -> float:
    """A p-value of an analysis table (text there, never a 0.0) as a number; NaN if none."""
    if value is None or value == "":
        return float("nan")
    if isinstance(value, str):
        return 1e-300 if value.startswith("<") else float(value)
    return value


def _p(value: float | str | None) -> str:
    if value is None:
        return "p n/a"
    if isinstance(value, str):  # the analysis tables carry p-values as text (never a 0.0)
        return f"p {value}" if value.startswith("<") else bs.format_p(float(value))
    return bs.format_p(value)

