"""Figures for balance tables: each function draws one table on an Axes and returns the Axes.

No pyplot: callers make a `matplotlib.figure.Figure` and `save_figure` writes it atomically.
"""

from __future__ import annotations

import os
import tempfile
import zlib
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only; never a window

import numpy as np  # noqa: E402
import polars as pl  # noqa: E402
from matplotlib.axes import Axes  # noqa: E402
from matplotlib.backend_bases import FigureCanvasBase  # noqa: E402
from matplotlib.colors import Normalize, TwoSlopeNorm  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

COLOURS = ("#1b6ca8", "#d1495b", "#66a182", "#edae49", "#6b4e9b", "#00798c", "#8d6a9f")
# One colour per bot in every chart and report; a bot not listed gets one from its name's hash.
BOT_COLOURS = {"economist": "#1b6ca8", "hero": "#d1495b", "random": "#7f7f7f",
               "lookahead": "#66a182"}
_SPARE = ("#edae49", "#6b4e9b", "#00798c", "#8d6a9f", "#a05a2c", "#17becf")
# Score sources take these colours in the order the game's roles give them (score_sources);
# a source the roles do not list takes a spare one, and `other` (rules, no component) grey.
SOURCE_PALETTE = ("#1b6ca8", "#edae49", "#66a182", "#d1495b")
OTHER_SOURCE, OTHER_COLOUR = "other", "#7f7f7f"


def bot_colour(bot: str) -> str:
    """The colour of `bot`, the same in every chart."""
    return BOT_COLOURS.get(bot) or _SPARE[zlib.crc32(bot.encode()) % len(_SPARE)]


def seat_colour(seat: int) -> str:
    """The colour of seat `seat` (0 plays first), the same in every chart."""
    return COLOURS[seat % len(COLOURS)]


def plot_forest(ax: Axes, table: pl.DataFrame, label: str, estimate: str = "delta",
                low: str = "delta_low", high: str = "delta_high", n: str = "n_owned",
                title: str = "", xlabel: str = "win rate owned − not owned (95% interval)",
                scale: float = 1.0) -> Axes:
    """Horizontal interval plot of `estimate` [low, high] per row (times `scale`: 100 draws
    rates in points), largest on top, n in labels; no row: says so."""
    rows = table.filter(pl.col(estimate).is_not_null() & pl.col(estimate).is_not_nan()
                        ).sort(estimate)
    if rows.is_empty():
        ax.text(0.5, 0.5, "no row to draw", ha="center", va="center", transform=ax.transAxes)
    y = np.arange(rows.height)
    centre = rows[estimate].to_numpy() * scale
    errors = np.vstack([centre - rows[low].fill_null(np.nan).to_numpy() * scale,
                        rows[high].fill_null(np.nan).to_numpy() * scale - centre])
    colours = [COLOURS[1] if v < 0 else COLOURS[0] for v in centre]
    ax.errorbar(centre, y, xerr=np.nan_to_num(errors), fmt="none", ecolor="#888888",
                elinewidth=1.5, capsize=3)
    ax.scatter(centre, y, c=colours, zorder=3, s=28)
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_yticks(y, [f"{name} (n={count:,})" for name, count in
                      zip(rows[label], rows[n], strict=True)])
    ax.set_xlabel(xlabel)
    ax.set_title(title or f"Δ win rate when owned, by {label}")
    ax.grid(axis="x", alpha=0.3)
    return ax


def plot_shares(ax: Axes, table: pl.DataFrame, labels: dict[str, str], title: str = "") -> Axes:
    """Measures on a 0-1 scale with their 95% intervals, one row per measure (`labels`: metric
    -> the words shown, in order) and one marker colour per player count, n in the legend.

    `table` rows: players, metric, estimate, low, high, n (the long balance table)."""
    rows = table.filter(pl.col("metric").is_in(list(labels)))
    counts = sorted(rows["players"].unique().to_list())
    step = 0.7 / max(len(counts), 1)
    for k, players in enumerate(counts):
        group = rows.filter(pl.col("players") == players)
        y = np.array([len(labels) - 1 - list(labels).index(m) for m in group["metric"]])
        y = y - (k - (len(counts) - 1) / 2) * step  # the first player count on top
        est = group["estimate"].to_numpy()
        errors = np.vstack([est - group["low"].fill_null(np.nan).to_numpy(),
                            group["high"].fill_null(np.nan).to_numpy() - est])
        ax.errorbar(est, y, xerr=np.nan_to_num(np.abs(errors)), fmt="o", capsize=3,
                    color=COLOURS[k % len(COLOURS)],
                    label=f"{players} players (n={int(group['n'].max()):,} games)")
    ax.set_yticks(range(len(labels)), list(reversed(labels.values())))
    ax.set_xlim(0, 1)
    ax.set_xlabel("share (95% interval)")
    ax.set_title(title)
    # below the axes: a point near 1 would hide behind a legend inside
    ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.22),
              ncols=max(len(counts), 1), frameon=False)
    ax.grid(axis="x", alpha=0.3)
    return ax


def plot_round_acquired(ax: Axes, table: pl.DataFrame, label: str, min_n: int = 30,
                        title: str = "") -> Axes:
    """Heat map of win rate by round of first acquisition; cells under `min_n` left blank."""
    names = sorted(table["component"].unique().to_list())
    rounds = sorted(table["round_acquired"].unique().to_list())
    grid = np.full((len(names), len(rounds)), np.nan)
    for row in table.filter(pl.col("n") >= min_n).iter_rows(named=True):
        grid[names.index(row["component"]), rounds.index(row["round_acquired"])] = row["win_rate"]
    # Centre the colours on the overall win rate so above/below average reads at a glance.
    centre = float((table["wins"].sum() / table["n"].sum()) if table.height else 0.5)
    spread = max(float(np.nanmax(np.abs(grid - centre))) if np.isfinite(grid).any() else 0, 0.05)
    # The scale stops at the win rates that can happen (0 and 1), keeping its centre.
    low, high = max(centre - spread, 0.0), min(centre + spread, 1.0)
    norm = TwoSlopeNorm(centre, low, high) if low < centre < high else Normalize(low, high)
    image = ax.imshow(grid, cmap="RdBu", norm=norm, aspect="auto")
    for (i, j), value in np.ndenumerate(grid):
        if not np.isnan(value):
            strong = abs(float(norm(value)) - 0.5) > 0.35  # a dark cell: white text
            ax.text(j, i, f"{value:.2f}", ha="center", va="center", fontsize=7,
                    color="white" if strong else "black")
    ax.set_xticks(range(len(rounds)), [str(r) for r in rounds])
    totals = table.group_by("component").agg(pl.col("n").sum())
    counts = dict(zip(totals["component"], totals["n"], strict=True))
    ax.set_yticks(range(len(names)), [f"{name} (n={counts[name]:,})" for name in names])
    ax.set_xlabel("round first acquired")
    ax.set_title(title or f"win rate by round {label} first acquired (blank: n < {min_n})")
    ax.figure.colorbar(image, ax=ax, label=f"win rate (centre {centre:.2f} = overall)",
                       shrink=0.8)
    return ax


def plot_seats(ax: Axes, table: pl.DataFrame, title: str = "") -> Axes:
    """Win rate by seat with intervals, grouped by player count, a dashed 1/N line per group;
    each seat in its own colour."""
    position, ticks, labels = 0.0, [], []
    for (players,), group in table.sort("players", "seat").group_by("players",
                                                                      maintain_order=True):
        x = position + np.arange(group.height)
        rate = group["win_rate"].to_numpy()
        errors = np.vstack([rate - group["low"].to_numpy(), group["high"].to_numpy() - rate])
        ax.bar(x, rate, yerr=errors, color=[seat_colour(s) for s in group["seat"]], capsize=4)
        ax.hlines(1 / players, x[0] - 0.5, x[-1] + 0.5, colors="black", linestyles="dashed")
        ticks.extend(x)
        labels.extend(f"seat {s}" for s in group["seat"])
        ax.annotate(f"{players} players\nn={group['n'].max():,} games", (x.mean(), 0),
                    xycoords=("data", "axes fraction"), xytext=(0, -22),
                    textcoords="offset points", ha="center", va="top", fontsize=8)
        position = x[-1] + 2
    ax.set_xticks(ticks, labels)
    ax.set_ylabel("win rate (95% Wilson); dashed: 1/N")
    ax.set_title(title or "win rate by seat (seat 0 plays first)")
    return ax


SCORE_BIN = 5  # points per bar: single scores zigzag (Dice Forge's Glory comes in even amounts)


def plot_scores(ax: Axes, table: pl.DataFrame, title: str = "", by: str = "bot",
                score: str = "points") -> Axes:
    """Final-score distribution per bot or per seat (`by`): the share of seat-games per
    SCORE_BIN of the score (`score`: its name), one step line each in its own colour, n in
    the legend."""
    binned = (table.with_columns(score=pl.col("score") // SCORE_BIN * SCORE_BIN)
              .group_by(by, "score").agg(pl.col("n").sum()).sort(by, "score"))
    for (key,), group in binned.group_by(by, maintain_order=True):
        total = group["n"].sum()
        colour, name = (bot_colour(key), key) if by == "bot" else (seat_colour(key),
                                                                    f"seat {key}")
        ax.step(group["score"] + SCORE_BIN / 2, group["n"] / total, where="mid",
                color=colour, label=f"{name} (n={total:,})")
    ax.set_xlabel(f"final score ({score})")
    ax.set_ylabel(f"share of seat-games per {SCORE_BIN} {score}")
    ax.set_title(title or f"final score distribution by {by}"
                 + (" (seat 0 plays first)" if by == "seat" else ""))
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    return ax


def plot_curves(ax: Axes, table: pl.DataFrame, resource: str, title: str = "") -> Axes:
    """Mean `resource` held at the end of each round, one line per bot and player count."""
    rows = table.filter(pl.col("resource") == resource).sort("players", "bot", "round")
    if rows.is_empty():
        ax.text(0.5, 0.5, f"no {resource} events in these logs", ha="center",
                transform=ax.transAxes)
    styles = {p: ("-", "--", ":", "-.")[k % 4] for k, p in
              enumerate(sorted(rows["players"].unique().to_list()))}
    for (players, bot), group in rows.group_by(["players", "bot"], maintain_order=True):
        ax.plot(group["round"], group["held_mean"], marker="o", markersize=3,
                color=bot_colour(bot), linestyle=styles[players],
                label=f"{bot}, {players}p (n={group['n'].max():,})")
    ax.set_xlabel("round (0 = setup, last = end-of-game scoring)")
    ax.set_ylabel(f"mean {resource} held")
    ax.set_title(title or f"{resource} by round")
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    return ax


def plot_score_sources(ax: Axes, table: pl.DataFrame, order: tuple[str, ...], score: str,
                       title: str = "") -> Axes:
    """Share of all the score by source (in `order`, the roles' score_sources), bars grouped
    by player count, with 95% intervals.

    `table` rows: players, source, estimate, low, high (the score rows of the balance table).
    """
    counts = sorted(table["players"].unique().to_list())
    sources = [s for s in order if s in set(table["source"])]
    sources += sorted(set(table["source"]) - set(sources))
    colours = {s: OTHER_COLOUR if s == OTHER_SOURCE else (SOURCE_PALETTE + _SPARE)[k]
               for k, s in enumerate((*order, *sorted(set(sources) - set(order))))}
    width = 0.8 / max(len(sources), 1)
    for k, source in enumerate(sources):
        rows = table.filter(pl.col("source") == source).sort("players")
        offset = (k - (len(sources) - 1) / 2) * width
        x = np.array([counts.index(p) for p in rows["players"]]) + offset
        share = rows["estimate"].to_numpy()
        errors = np.vstack([share - rows["low"].to_numpy(), rows["high"].to_numpy() - share])
        ax.bar(x, share, width, yerr=np.nan_to_num(errors), capsize=2, label=source,
               color=colours[source])
    ax.set_xticks(range(len(counts)), [f"{p} players" for p in counts])
    ax.set_ylabel(f"share of all {score} (95% interval)")
    ax.set_title(title or f"where {score} comes from")
    ax.legend(fontsize=8, ncols=min(len(sources), 5), loc="upper center")
    top = float(np.nanmax(table["high"].to_numpy(), initial=0))
    ax.set_ylim(0, min(1.0, max(0.1, top * 1.25)))
    ax.grid(axis="y", alpha=0.3)
    return ax


def group_colour(k: int) -> str:
    """The colour of the k-th group of a grouped chart (a module, a setup)."""
    return (COLOURS + _SPARE)[k % (len(COLOURS) + len(_SPARE))]


def plot_grouped(ax: Axes, table: pl.DataFrame, x: str, group: str, ylabel: str,
                 title: str = "", fair: str | None = None,
                 colours: dict[str, str] | None = None) -> Axes:
    """Estimates with 95% intervals per `x` category, one colour per `group` side by side
    (`colours`: group -> colour, kept alike across charts); `fair` (a column): a dashed line
    per category at that value (a fair share).

    `table` rows: x, group, estimate, low, high, n (and `fair`), in the order to show."""
    cats = list(dict.fromkeys(table[x].to_list()))
    groups = list(dict.fromkeys(table[group].to_list()))
    width = 0.8 / max(len(groups), 1)
    for k, name in enumerate(groups):
        rows = table.filter(pl.col(group) == name)
        at = np.array([cats.index(c) for c in rows[x]]) + (k - (len(groups) - 1) / 2) * width
        centre = rows["estimate"].to_numpy().astype(float)
        errors = np.vstack([centre - rows["low"].fill_null(np.nan).to_numpy(),
                            rows["high"].fill_null(np.nan).to_numpy() - centre])
        colour = (colours or {}).get(name) or group_colour(k)
        ax.errorbar(at, centre, yerr=np.nan_to_num(errors), fmt="o", color=colour,
                    capsize=3, label=f"{name} (n={int(rows['n'].max()):,})")
    if fair is not None:
        for c, value in table.group_by(x, maintain_order=True).agg(pl.col(fair).first()).rows():
            i = cats.index(c)
            ax.hlines(value, i - 0.45, i + 0.45, colors="black", linestyles="dashed",
                      linewidth=0.8)
    ax.set_xticks(range(len(cats)), [str(c) for c in cats])
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(fontsize=8)
    ax.grid(axis="y", alpha=0.3)
    return ax


def plot_stacked(ax: Axes, table: pl.DataFrame, bar: str, part: str, order: tuple[str, ...] = (),
                 title: str = "", xlabel: str = "share") -> Axes:
    """One horizontal bar per `bar` (top to bottom in table order) split into its `part`
    shares (`order` first, then the others), each share written on its segment.

    `table` rows: bar, part, estimate."""
    bars = list(dict.fromkeys(table[bar].to_list()))
    present = set(table[part].to_list())
    parts = [p for p in order if p in present] + sorted(present - set(order))
    left = np.zeros(len(bars))
    y = np.arange(len(bars))[::-1]
    for k, name in enumerate(parts):
        rows = dict(table.filter(pl.col(part) == name).select(bar, "estimate").rows())
        width = np.array([rows.get(b) or 0.0 for b in bars])
        colour = OTHER_COLOUR if name == OTHER_SOURCE else group_colour(k)
        ax.barh(y, width, left=left, color=colour, label=name)
        for yi, x0, w in zip(y, left, width, strict=True):
            if w >= 0.06:
                ax.text(x0 + w / 2, yi, f"{w:.0%}", ha="center", va="center", fontsize=7,
                        color="white")
        left += width
    ax.set_yticks(y, bars)
    ax.set_xlim(0, max(1.0, float(left.max(initial=0))))
    ax.set_xlabel(xlabel)
    ax.set_title(title)
    ax.legend(fontsize=8, ncols=min(len(parts), 4), loc="upper center",
              bbox_to_anchor=(0.5, -0.2))
    return ax


def image_suffixes() -> tuple[str, ...]:
    """The file endings `save_figure` can write (matplotlib's formats; none: PNG)."""
    return ("", *(f".{name}" for name in FigureCanvasBase.get_supported_filetypes()))


def save_figure(fig: Figure, path: str | Path, dpi: int = 150) -> Path:
    """Write `fig` to `path` (format from its suffix) via a temporary file and a rename."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fmt = path.suffix.lstrip(".") or "png"
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    os.close(handle)
    os.chmod(temp, 0o644)  # mkstemp makes 0600; a chart is meant to be shared like any file
    try:
        fig.savefig(temp, format=fmt, dpi=dpi)
        os.replace(temp, path)
    finally:
        if os.path.exists(temp):
            os.remove(temp)
    return path
