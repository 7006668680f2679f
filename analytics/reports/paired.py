"""Reports of paired experiments (`compare`, `value` and `versus` with --report): effects first.

Each report is built from its experiment's result (paired differences over the same seeds and
bots) and reads the arms' runs only for what every report states: what the numbers are on, the
names a person reads (the runs' catalogue), the manifest and the code that made them. The
"In one minute" box leads with the paired effects; associations (owners' win rates) follow,
labelled as such. Rendered as `dicelab report` renders: one HTML file and its Markdown twin.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import polars as pl
from matplotlib.figure import Figure

from analytics.experiments import compare as cmp
from analytics.experiments import value as val
from analytics.experiments import versus as vs
from analytics.query.database import LogDatabase
from analytics.reports import charts, parts
from analytics.reports.render import RenderedSection, write_report

# Game rows drawn in points of win rate, and in the score's own units.
RATE_MEASURES = ("win_rate", "rate")
SCORE_ROWS = ("mean score", "score SD within a game", "winner's margin")
ALPHA = cmp.ALPHA
# What a report's builder gives from the runs' context: title, summary lines, sections.
Built = tuple[str, list[str], list[RenderedSection]]


def write_versus_report(result: vs.Versus, runs: Path, out: Path) -> tuple[Path, Path]:
    """`out` (.html) and its .md twin for a `dicelab versus` whose runs are in `runs`."""
    a, b = result.a, result.b
    names = (a.name, b.name)

    def build(ctx: parts.Context) -> Built:
        rows = result.comparison.rows
        summary = [vs.verdict(result), _take_sentence(result),
                   *_game_sentences(rows, names, always=("first_seat", "mean score")),
                   *_card_associations(result, rows)]
        sections = [_versus_section(result),
                    _game_section(rows, names, f"The game with {b.name} instead of {a.name}",
                                  f"Each row: with {a.name} (a), with {b.name} (b), and the "
                                  "paired difference b − a with its 95% interval. "
                                  + _sentence(cmp.pairing_note(result.comparison))),
                    *_component_sections(ctx, result.comparison, names)]
        return f"{a.name} against {b.name}", summary, sections

    return _write(runs, out, build, (vs.note(result),))


def write_compare_report(report: cmp.Report, runs: list[Path], out: Path) -> tuple[Path, Path]:
    """`out` (.html) and its .md twin for a `dicelab compare` whose arms' runs are `runs`."""
    comparison, names = report.comparison, (report.name_a, report.name_b)

    def build(ctx: parts.Context) -> Built:
        rows = comparison.rows
        first = cmp.headline(comparison, *names)
        summary = [first, *([cmp.IDENTICAL] if comparison.identical else []),
                   *_game_sentences(rows, names),
                   *_take_sentences(ctx, comparison, names), *_associations(ctx, comparison)]
        reading = f"{first}. {_sentence(cmp.pairing_note(comparison))}"
        sections = [_game_section(rows, names, f"The game: B ({names[1]}) minus A ({names[0]})",
                                  reading),
                    *_source_section(comparison, names),
                    *_component_sections(ctx, comparison, names)]
        return f"{names[1]} against {names[0]}", summary, sections

    return _write(runs, out, build, tuple(cmp.report_notes(report, 0)))


def write_value_report(report: val.ValueReport, runs: Path, out: Path) -> tuple[Path, Path]:
    """`out` (.html) and its .md twin for a `dicelab value` whose runs are in `runs`."""
    kind = report.kind

    def build(ctx: parts.Context) -> Built:
        names = ctx.names(kind)
        table = ctx.named(kind, report.table).with_columns(
            against=pl.col("replaced_by").replace_strict(names, default=pl.col("replaced_by"),
                                                         return_dtype=pl.String)
            .fill_null("forbidden"))
        lines = [_value_sentence(row) for row in table.head(3).iter_rows(named=True)]
        detail = report.detail
        moved = detail.filter(pl.col("p") < ALPHA).sort(pl.col("difference").abs(),
                                                         descending=True)
        lines += [f"Effect on {row['item']} (with {names.get(row[kind], row[kind])} minus "
                  f"{_against_words(row, names)}): {_change(row, True)}."
                  for row in moved.head(2).iter_rows(named=True)]
        sections = [_value_section(table, kind, " ".join(lines[:3])),
                    _detail_section(detail, kind, names)]
        cards = ", ".join(dict.fromkeys(table["name"]))
        return f"What {cards} is worth", lines, sections

    return _write(runs, out, build,
                  (val.note(kind), f"ablation: {val.ablation_text(report.ablate, kind)}"))


def _write(runs: Path | list[Path], out: Path, build: Callable[[parts.Context], Built],
           notes: tuple[str, ...]) -> tuple[Path, Path]:
    """Open the runs, build the report from them and write it (HTML, then its .md twin)."""
    folders = [str(runs)] if isinstance(runs, Path) else [str(r) for r in runs]
    with LogDatabase(folders) as db:
        ctx = parts.Context(db)
        title, summary, sections = build(ctx)
        return write_report(out, out.with_suffix(".md"), title=title,
                            subtitle=f"{ctx.describe()} (every arm, the same seeds)",
                            summary=summary, sections=sections, manifest=ctx.manifest(),
                            notes=(*notes, ctx.versions()))


# --- sentences -------------------------------------------------------------------------------

def _sentence(text: str) -> str:
    """`text` as a sentence: a capital first, a full stop last."""
    return text[:1].upper() + text[1:].rstrip(".") + "."


def _pct(value: float) -> str:
    return "n/a" if value is None or math.isnan(value) else f"{100 * value:.1f}%"


def _change(row: dict, rate: bool) -> str:
    """'+3.2 points (95% +1.0 to +5.4, adjusted p 0.003)' of a row's difference, low, high and
    p_adj (else p)."""
    scale, unit = (100, " points") if rate else (1, "")
    low, high = row["low"], row["high"]
    adjusted = "p_adj" in row
    p = row["p_adj"] if adjusted else row.get("p")
    interval = ("no interval" if low is None or math.isnan(low) else
                f"95% {scale * low:+.1f} to {scale * high:+.1f}")
    tested = ("" if p is None or math.isnan(p) else
              f", {'adjusted p' if adjusted else 'p'} {cmp.stats.format_p(p)}")
    return f"{scale * row['difference']:+.{1 if rate else 2}f}{unit} ({interval}{tested})"


def _game_sentences(rows: pl.DataFrame, names: tuple[str, str], always: tuple[str, ...] = ()
                    ) -> list[str]:
    """The game-level effects: the rows in `always` (by key word) and every row that moved."""
    game = rows.filter(pl.col("section") == "game")
    lines = []
    for row in game.iter_rows(named=True):
        wanted = any(word.replace("_", " ") in row["item"] for word in always)
        if not (wanted or (row["p_adj"] or 1) < ALPHA):
            continue
        rate = row["measure"] in RATE_MEASURES
        shown = (_pct if rate else (lambda v: f"{v:.2f}"))
        lines.append(f"Effect on the {row['item']}: {shown(row['a'])} with {names[0]}, "
                     f"{shown(row['b'])} with {names[1]}: {_change(row, rate)}.")
    return lines


def _take_sentence(result: vs.Versus) -> str:
    parts_ = [f"{c.name} is taken in {_pct(c.take_rate)} of seat-games (95% "
              f"{_pct(c.take_low)} to {_pct(c.take_high)}, {c.buyer_seats:,} seats)"
              for c in (result.a, result.b)]
    return "; ".join(parts_) + ", each in its own arm."


def _card_associations(result: vs.Versus, rows: pl.DataFrame) -> list[str]:
    """The two cards' owners' win rates: associations, said as such, after the effects."""
    players = result.comparison.players
    lines = []
    for card, column in ((result.a, "a"), (result.b, "b")):
        row = rows.filter((pl.col("section") == result.contest.kind)
                          & (pl.col("item") == card.card) & (pl.col("measure") == "owned_wr"))
        if card.buyer_seats and row.height:
            lines.append(f"Association, not an effect: seats that took {card.name} won "
                         f"{_pct(row[column][0])} of their games (a fair share is "
                         f"{_pct(1 / players)}); strong play and the card go together, so "
                         "this is not what the card is worth: its value above is.")
    return lines


def _take_sentences(ctx: parts.Context, comparison: cmp.Comparison,
                    names: tuple[str, str]) -> list[str]:
    """The largest take-rate changes that moved: how play changed (an effect on play)."""
    lines = []
    for kind in comparison.sections:
        if kind == "game":
            continue
        moved = _moved(comparison, kind, "take_rate").head(2)
        for row in ctx.named(kind, moved).iter_rows(named=True):
            lines.append(f"Effect on play: seats take {row['name']} in {_pct(row['a'])} of "
                         f"seat-games with {names[0]}, {_pct(row['b'])} with {names[1]}: "
                         f"{_change(row, True)}.")
    return lines


def _associations(ctx: parts.Context, comparison: cmp.Comparison) -> list[str]:
    lines = []
    for kind in comparison.sections:
        if kind == "game":
            continue
        for row in ctx.named(kind, _moved(comparison, kind, "owned_wr").head(1)).iter_rows(
                named=True):
            lines.append(f"Association, not an effect: seats owning {row['name']} win "
                         f"{_pct(row['a'])} in A, {_pct(row['b'])} in B "
                         f"({_change(row, True)}); who buys it changed too.")
    return lines


def _moved(comparison: cmp.Comparison, kind: str, measure: str) -> pl.DataFrame:
    """The rows of `kind` and `measure` in both arms that moved, the largest change first."""
    return (comparison.rows.filter((pl.col("section") == kind) & (pl.col("measure") == measure)
                                   & (pl.col("p_adj") < ALPHA) & (pl.col("in") == "both"))
            .sort(pl.col("difference").abs(), descending=True).rename({"item": kind}))


def _against_words(row: dict, names: dict[str, str]) -> str:
    other = row.get("replaced_by")
    return "with it forbidden" if other is None else f"with {names.get(other, other)}"


def _value_sentence(row: dict) -> str:
    if row["value"] is None or math.isnan(row["value"]):
        return f"No seat took {row['name']}: no value measured."
    against = ("with it forbidden" if row["replaced_by"] is None
               else f"with {row['against']} on its slot")
    return (f"Effect: the seats that take {row['name']} ({row['slot']}) win "
            f"{_pct(row['buyers_wr_with'])} with it, {_pct(row['buyers_wr_without'])} {against}: "
            f"{_change({**row, 'difference': row['value']}, True)} over {row['n_games']:,} "
            f"paired games; taken in {_pct(row['take_rate'])} of seat-games.")


# --- sections --------------------------------------------------------------------------------

def _figure(panels: int = 1, rows: int = 4) -> tuple[Figure, list]:
    fig = Figure(figsize=(8.0, max(2.6, 0.32 * rows + 1.6)), layout="constrained")
    return fig, list(fig.subplots(1, panels, squeeze=False)[0])


def _versus_section(result: vs.Versus) -> RenderedSection:
    table = vs.cards_table(result)
    fig = Figure(figsize=(8.0, 4.2), layout="constrained")
    top, bottom = fig.subplots(2, 1)  # each panel names its rows: each sorts its own way
    charts.plot_forest(top, table, "name", "value", "value_low", "value_high", "buyer_seats",
                       title="What its buyers gain by it: with it − with the other card",
                       scale=100, xlabel="points of win rate (95%, paired)")
    charts.plot_forest(bottom, table, "name", "take_rate", "take_rate_low", "take_rate_high",
                       "n_games", title="How often it is taken, in its own arm", scale=100,
                       xlabel="% of seat-games (95%)")
    return RenderedSection("Card against card", vs.verdict(result), table, fig, anchor="versus")


def _game_section(rows: pl.DataFrame, names: tuple[str, str], title: str, reading: str
                  ) -> RenderedSection:
    game = (rows.filter(pl.col("section") == "game")
            .select("item", "measure", "a", "b", "difference", difference_low="low",
                    difference_high="high", p_adj="p_adj", n_games="n_games"))
    rates = game.filter(pl.col("measure").is_in(RATE_MEASURES))
    scores = game.filter(pl.col("item").is_in(SCORE_ROWS))
    fig = Figure(figsize=(8.0, 0.32 * (rates.height + scores.height) + 3.2),
                 layout="constrained")
    left, right = fig.subplots(2, 1, height_ratios=(max(rates.height, 1), max(scores.height, 1)))
    charts.plot_forest(left, rates, "item", "difference", "difference_low", "difference_high",
                       "n_games", title="Win rates and ties", scale=100,
                       xlabel=f"points: {names[1]} − {names[0]} (95%, paired)")
    charts.plot_forest(right, scores, "item", "difference", "difference_low",
                       "difference_high", "n_games", title="Scores",
                       xlabel=f"{names[1]} − {names[0]} (95%, paired)")
    return RenderedSection(title, reading, game.drop("measure"), fig, anchor="game")


def _source_section(comparison: cmp.Comparison, names: tuple[str, str]
                    ) -> list[RenderedSection]:
    """Where the score came from, per seat, paired: B − A per source (none when the logs do
    not say)."""
    title = comparison.sections.get(cmp.SOURCE_SECTION)
    if title is None:
        return []
    table = (comparison.rows.filter(pl.col("section") == cmp.SOURCE_SECTION)
             .select(source="item", a="a", b="b", difference="difference",
                     difference_low="low", difference_high="high", p_adj="p_adj",
                     n_games="n_games"))
    fig, (ax,) = _figure(1, table.height)
    charts.plot_forest(ax, table, "source", "difference", "difference_low", "difference_high",
                       "n_games", title=f"{title}: {names[1]} − {names[0]}",
                       xlabel="per seat (95%, paired)")
    reading = (f"{title}: each source's share of the change in the mean score (the sources "
               "add up to it); an effect of the change, paired game by game.")
    return [RenderedSection(title, reading, table, fig, anchor="sources")]


def _component_sections(ctx: parts.Context, comparison: cmp.Comparison,
                        names: tuple[str, str]) -> list[RenderedSection]:
    shown, _ = cmp.shown_rows(comparison, False)
    sections = []
    for kind, title in comparison.sections.items():
        if kind in ("game", cmp.SOURCE_SECTION):
            continue
        rows = ctx.named(kind, shown.filter(pl.col("section") == kind).rename({"item": kind}))
        table = rows.select(kind, "name", "measure", "in", "a", "b", "difference",
                            difference_low="low", difference_high="high", p_adj="p_adj")
        takes = table.filter(pl.col("measure") == "take_rate")
        fig, (ax,) = _figure(1, takes.height)
        charts.plot_forest(ax, takes.with_columns(n=pl.lit(comparison.primary.n)), "name",
                           "difference", "difference_low", "difference_high", "n",
                           title=f"Take rate, {names[1]} − {names[0]}", scale=100,
                           xlabel="points of seat-games (95%, paired)")
        reading = (f"{title} taken more or less often (take_rate: how play changed, an effect "
                   "of the change on what the bots buy) or whose owners' win rate moved "
                   "(owned_wr: an association, since who buys them changed too); rows in one "
                   f"arm only are shown as well. {takes.height} take rates shown.")
        sections.append(RenderedSection(f"{title}: what the players took", reading, table, fig,
                                        sortable=True, anchor=f"{kind}s"))
    return sections


def _value_section(table: pl.DataFrame, kind: str, reading: str) -> RenderedSection:
    shown = table.with_columns(label=pl.concat_str(
        pl.col("name"), pl.lit(" vs "), pl.col("against")))
    fig, (ax,) = _figure(1, shown.height)
    charts.plot_forest(ax, shown, "label", "value", "low", "high", "buyer_seats",
                       title="Its buyers: with it − without it", scale=100,
                       xlabel="points of win rate (95%, paired)")
    columns = (kind, "name", "slot", "against", "take_rate", "buyers_wr_with",
               "buyers_wr_without", "value", "low", "high", "p_adj", "n_games", "buyer_seats")
    return RenderedSection(f"What the {kind} is worth", reading,
                           table.select(columns).rename({"low": "value_low",
                                                         "high": "value_high"}),
                           fig, sortable=True, anchor="value")


def _detail_section(detail: pl.DataFrame, kind: str, names: dict[str, str]) -> RenderedSection:
    detail = detail.rename({"low": "difference_low", "high": "difference_high"})
    shown = detail.with_columns(label=pl.concat_str(
        pl.col("item"), pl.lit(" (vs "),
        pl.col("replaced_by").replace_strict(names, default=pl.col("replaced_by"),
                                             return_dtype=pl.String).fill_null("forbidden"),
        pl.lit(")")))
    fig, (ax,) = _figure(1, shown.height)
    charts.plot_forest(ax, shown, "label", "difference", "difference_low", "difference_high",
                       "n_games", title=f"Win rate with the {kind} − without it", scale=100,
                       xlabel="points of win rate (95%, paired)")
    reading = (f"Each seat's and each bot's win rate with the {kind} in the set minus without "
               "it, on the same games: where the value goes.")
    return RenderedSection("Each seat and bot", reading, detail, fig, sortable=True,
                           anchor="detail")
