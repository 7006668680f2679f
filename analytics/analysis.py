"""Balance tables built from query results and statistics: cards, faces, seats, power.

Each function returns a `Table`: a polars frame plus footnote lines (what was hidden, how the
intervals were made), so the command line can print the frame cleanly and the notes apart.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import polars as pl

from analytics import stats
from analytics.errors import UserError
from analytics.query import Filters, LogDatabase, list_queries, run_query

__all__ = [
    "Table", "card_table", "chart_figure", "face_table", "list_queries", "power_table",
    "seat_table",
]

Logs = Iterable[str | Path]
COVARIATES = ("seat", "bot", "players", "module")


@dataclass(frozen=True, slots=True)
class Table:
    """A result frame and the footnotes that must be shown with it."""

    frame: pl.DataFrame
    footnotes: tuple[str, ...] = ()


def card_table(logs: Logs, filters: Filters | None = None, sort: str = "delta",
               min_n: int = 200, n_boot: int = 1000, seed: int = 0) -> Table:
    """Per Heroic Feat card: take rate, owned vs not-owned win rate, adjusted effect, Glory."""
    return component_table(logs, "card", filters, sort, min_n, n_boot, seed)


def face_table(logs: Logs, filters: Filters | None = None, sort: str = "delta",
               min_n: int = 200, n_boot: int = 1000, seed: int = 0) -> Table:
    """Per die face (forged in the game): the same measures as `card_table`."""
    return component_table(logs, "face", filters, sort, min_n, n_boot, seed)


def component_table(logs: Logs, component: str, filters: Filters | None, sort: str,
                    min_n: int, n_boot: int, seed: int) -> Table:
    """The card or face table: SQL point estimates, bootstrap and regression intervals."""
    with LogDatabase(logs, filters) as db:
        summary = db.run("contribution_by_component", {"component": component})
        per_game = db.run("owned_wins_by_game", {"component": component})
        seats = db.run("outcome_by_seat_game")
        copies = db.run("copies_by_seat_game", {"component": component})
    names = summary["component"].to_list()
    delta_low, delta_high = _bootstrap_delta(per_game, names, n_boot, seed)
    effects = _adjusted_effects(seats, copies, names)
    owned_wins = (summary["owned_wr"].fill_null(0) * summary["n_owned"]).to_numpy()
    owned_low, owned_high = stats.wilson_bounds(owned_wins, summary["n_owned"].to_numpy())
    p_adj = stats.benjamini_hochberg([e.p_value for e in effects])
    frame = summary.select(
        pl.col("component").alias(component), "n_available", "n_owned", "take_rate",
        pl.col("copies_per_owner").alias("copies"), "owned_wr",
        pl.Series("owned_wr_low", owned_low), pl.Series("owned_wr_high", owned_high),
        "not_owned_wr", "delta", pl.Series("delta_low", delta_low),
        pl.Series("delta_high", delta_high),
        pl.Series("adjusted_effect", [e.estimate for e in effects]),
        pl.Series("adjusted_low", [e.low for e in effects]),
        pl.Series("adjusted_high", [e.high for e in effects]),
        pl.Series("p_adj", p_adj), "first_acquirer_wr", "used_wr", "glory_per_game",
        "glory_per_cost",
    ).with_columns(pl.selectors.float().fill_nan(None))
    shown, hidden = _apply_min_n(frame, "n_owned", min_n)
    notes = (
        f"{hidden} rows under --min-n {min_n} hidden (owned in fewer seat-games)",
        f"{per_game['game_id'].n_unique()} games, {db.filters.describe()}; win rate = mean win "
        f"share; owned_wr: 95% Wilson; delta: 95% cluster bootstrap over games "
        f"(B={n_boot}, seed {seed})",
        "adjusted_effect: change in P(win) from owning it, logistic regression on owned "
        f"{component}s + seat + bot + player count + module; p_adj: Benjamini-Hochberg over "
        f"{int(np.sum(~np.isnan(p_adj)))} estimable rows",
    )
    return Table(sort_frame(shown, sort), notes)


def _bootstrap_delta(per_game: pl.DataFrame, names: Sequence[str], n_boot: int,
                     seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Cluster-bootstrap bounds of owned WR - not-owned WR for each component in `names`."""
    if per_game.is_empty():
        return np.full(len(names), np.nan), np.full(len(names), np.nan)
    games = per_game["game_id"].rank("dense").cast(pl.Int64).to_numpy() - 1
    columns = pl.Series(per_game["component"]).replace_strict(
        {name: i for i, name in enumerate(names)}, return_dtype=pl.Int64).to_numpy()
    parts = ("n_owned", "owned_wins", "n_not_owned", "not_owned_wins")
    matrix = np.zeros((games.max() + 1, len(parts) * len(names)))
    for k, part in enumerate(parts):
        matrix[games, k * len(names) + columns] = per_game[part].to_numpy()
    sums = stats.bootstrap_sums(matrix, n_boot, seed).reshape(n_boot, len(parts), len(names))
    with np.errstate(invalid="ignore", divide="ignore"):
        deltas = sums[:, 1] / sums[:, 0] - sums[:, 3] / sums[:, 2]
    return stats.percentile_interval(deltas)


def _adjusted_effects(seats: pl.DataFrame, copies: pl.DataFrame,
                      names: Sequence[str]) -> list[stats.Estimate]:
    """Regression-adjusted effect of owning each component, in `names` order."""
    row_of = seats.select("game_id", "seat").with_row_index("row")
    owned_rows = copies.join(row_of, on=["game_id", "seat"]).filter(
        pl.col("component").is_in(list(names)))
    owned = np.zeros((seats.height, len(names)))
    index = {name: i for i, name in enumerate(names)}
    owned[owned_rows["row"].to_numpy(),
          [index[c] for c in owned_rows["component"].to_list()]] = 1.0
    covariates = seats.select(pl.col(c).cast(pl.String) for c in COVARIATES)
    dummies = covariates.to_dummies(drop_first=True) if seats.height else covariates
    return stats.logistic_average_effects(seats["win_share"].to_numpy(), owned,
                                          dummies.to_numpy().astype(float))


def _apply_min_n(frame: pl.DataFrame, column: str, min_n: int) -> tuple[pl.DataFrame, int]:
    shown = frame.filter(pl.col(column) >= min_n)
    return shown, frame.height - shown.height


def sort_frame(frame: pl.DataFrame, sort: str) -> pl.DataFrame:
    """`frame` sorted by column `sort`: numbers descending, text ascending, missing last."""
    if sort not in frame.columns:
        raise UserError(f"cannot sort by {sort!r}: columns are {', '.join(frame.columns)}")
    descending = frame.schema[sort].is_numeric()
    return frame.sort(sort, descending=descending, nulls_last=True)


def seat_table(logs: Logs, filters: Filters | None = None, sort: str = "seat") -> Table:
    """Win rate by seat per player count, Wilson intervals, chi-square p against 1/N."""
    with LogDatabase(logs, filters) as db:
        seats = db.run("win_rate_by_seat")
        described = db.filters.describe()
    low, high = stats.wilson_bounds(seats["wins"].to_numpy(), seats["n"].to_numpy())
    tests, notes = {}, []
    for (players,), group in seats.group_by("players", maintain_order=True):
        test = stats.seat_chi_square(group["wins"].to_numpy(), group["n"].to_numpy())
        balance = 1 - (group["win_rate"].max() - group["win_rate"].min())
        tests[players] = test.p_value
        notes.append(f"{players} players: {group['n'].max()} games, chi-square "
                     f"{test.estimate:.2f} ({test.method}), p = {test.p_value:.3g}; "
                     f"balance (1 - max seat gap) = {balance:.3f}")
    frame = seats.select(
        "players", "seat", "n", "win_rate", pl.Series("low", low), pl.Series("high", high),
        "expected", pl.col("players").replace_strict(tests, return_dtype=pl.Float64)
        .alias("chi2_p"))
    notes.append(f"{described}; win rate = mean win share (tied winners split); 95% Wilson")
    return Table(frame.sort("players", sort), tuple(notes))


def power_table(effect: float | Sequence[float], base: float = 0.25, alpha: float = 0.05,
                power: float = 0.8, paired: bool = False, correlation: float = 0.5) -> Table:
    """Games needed to detect a change `effect` in a win rate `base`, per arm or per pair."""
    effects = [effect] if isinstance(effect, int | float) else list(effect)
    rows = []
    for delta in effects:
        if not 0 < base < 1 or not 0 < base + delta < 1 or delta == 0:
            raise UserError(f"--base {base} with --effect {delta} must give two different "
                            "win rates strictly between 0 and 1")
        if paired:
            n = stats.sample_size_paired(base, delta, alpha, power, correlation)
        else:
            n = stats.sample_size_independent(base, delta, alpha, power)
        rows.append({"design": "paired" if paired else "independent", "base": base,
                     "effect": delta, "alpha": alpha, "power": power, "games": math.ceil(n)})
    if paired:
        note = (f"paired: games are seeds played under both setups; paired t-test on the "
                f"per-seed win difference, outcomes correlated {correlation} within a seed")
    else:
        note = ("independent: games in EACH of two setups (one measured seat per game); "
                "two-sided two-proportion test (Cohen's h)")
    return Table(pl.DataFrame(rows), (note,))


CHART_KINDS = ("cards", "faces", "seats", "scores", "rounds")


def chart_figure(kind: str, logs: Logs, filters: Filters | None = None, min_n: int = 200,
                 n_boot: int = 1000, seed: int = 0):
    """A matplotlib Figure of one kind (cards, faces, seats, scores, rounds) over `logs`."""
    from matplotlib.figure import Figure  # slow to import: only for charts

    from analytics import charts

    if kind in ("cards", "faces"):
        component = kind[:-1]
        table = component_table(logs, component, filters, "delta", min_n, n_boot, seed).frame
        acquired = run_query(logs, "win_rate_by_round_acquired", {"component": component},
                             filters)
        fig = Figure(figsize=(15, max(4.0, 0.38 * table.height + 1.5)), layout="constrained")
        left, right = fig.subplots(1, 2, width_ratios=(1, 1.2))
        charts.plot_forest(left, table, component)
        kept = acquired.filter(pl.col("component").is_in(table[component].to_list()))
        charts.plot_round_acquired(right, kept, component)
        return fig
    if kind not in CHART_KINDS:
        raise UserError(f"unknown chart {kind!r}: expected one of {', '.join(CHART_KINDS)}")
    fig = Figure(figsize=(9, 5.5), layout="constrained")
    ax = fig.subplots()
    if kind == "seats":
        charts.plot_seats(ax, seat_table(logs, filters).frame)
    elif kind == "scores":
        charts.plot_scores(ax, run_query(logs, "score_counts_by_bot", filters=filters))
    else:
        charts.plot_curves(ax, run_query(logs, "resources_by_round", filters=filters))
    return fig
