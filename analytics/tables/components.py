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
from threadpoolctl import threadpool_limits

from analytics import stats
from analytics.errors import UserError
from analytics.query.database import Filters, LogDatabase, list_queries, run_query
from analytics.query.provenance import describe_logs

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
    """The card or face table: point estimates, cluster-bootstrap and regression intervals.

    Four small queries read the logs (seats, acquisitions, availability per run, event
    totals); owned / not-owned counts per game are then built once in numpy and feed the point
    estimates, the bootstrap and the regression alike.
    """
    # The matrix products here are thin (1,000 x games x ~40): OpenBLAS threads gain nothing
    # on them and keep spinning afterwards, costing seconds of CPU the DuckDB thread needs.
    with LogDatabase(logs, filters) as db, threadpool_limits(limits=1, user_api="blas"):
        # The event totals are the longest query and nothing below needs them until the end:
        # they are read while numpy builds the design, resamples and fits.
        totals = db.submit("uses_and_glory_by_component", {"component": component})
        seats = db.run("outcome_by_seat_game")
        acquired = db.run("acquisitions_by_event", {"component": component})
        available = db.run("components_by_run", {"component": component})
        # Alphabetical (code point order, as DuckDB sorts text): acquisitions_by_event numbers
        # the components in this order.
        names = sorted(available["component"].unique().to_list())
        design = SeatDesign.build(seats, acquired, available, names)
        del acquired  # millions of rows, no longer needed: keep the peak memory down
        per_game = design.per_game_sums()
        outcomes = design.outcomes(per_game.sum(axis=0))
        boot = design.outcomes(stats.bootstrap_sums(per_game, n_boot, seed))
        effects = _adjusted_associations(seats, design.owned)
        used = _event_totals(totals.result(), names)
        read = describe_logs(db)
    delta_low, delta_high = stats.percentile_interval(boot["delta"])
    k = len(names)  # per_game's first k columns count owners, the next k their win shares
    owned_low, owned_high = stats.cluster_ratio_bounds(per_game[:, k:2 * k], per_game[:, :k])
    p_adj = stats.benjamini_hochberg([e.p_value for e in effects])
    frame = pl.DataFrame({
        component: names,
        "n_available": outcomes["n_available"].astype(np.int64),
        "n_owned": outcomes["n_owned"].astype(np.int64),
        "take_rate": _ratio(outcomes["n_owned"], outcomes["n_available"]),
        "copies": _ratio(design.copies, outcomes["n_owned"]),
        "owned_wr": outcomes["owned_wr"], "owned_wr_low": owned_low, "owned_wr_high": owned_high,
        "not_owned_wr": outcomes["not_owned_wr"], "delta": outcomes["delta"],
        "delta_low": delta_low, "delta_high": delta_high,
        "adjusted_delta": [e.estimate for e in effects],
        "adjusted_low": [e.low for e in effects], "adjusted_high": [e.high for e in effects],
        "p_adj": p_adj, "first_acquirer_wr": design.first_acquirer_wr(),
        "used_wr": used["used_wr"], "glory_per_game": _ratio(used["glory"], outcomes["n_owned"]),
        "glory_per_cost": _ratio(used["glory"], used["cost"]),
    }).with_columns(pl.selectors.float().fill_nan(None))
    shown, hidden = _apply_min_n(frame, "n_owned", min_n)
    notes = (
        f"{hidden} rows under --min-n {min_n} hidden (owned in fewer seat-games)",
        f"{design.n_games} games, {db.filters.describe()}; win rate = mean win share; "
        f"owned_wr: 95% interval clustered by game (the seats of one game share its win); "
        f"delta: 95% cluster bootstrap over games (B={n_boot}, seed {seed})",
        "delta (owned_wr - not_owned_wr) and adjusted_delta are ASSOCIATIONS: they say who "
        "buys a card, not what it does; adjusted_delta is delta adjusted for seat, bot, player "
        "count and module only (what is fixed before any purchase; logistic regression per "
        f"{component}, as a change in P(win)); p_adj: Benjamini-Hochberg over "
        f"{int(np.sum(~np.isnan(p_adj)))} estimable rows. A card's effect: `dicelab value`",
    )
    shown = with_p_text(sort_frame(shown, sort), "p_adj")
    return Table(shown, (*read, *notes))


def _ratio(numerator: np.ndarray, denominator: np.ndarray) -> np.ndarray:
    """numerator / denominator, NaN where the denominator is 0 (SQL's nullif)."""
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(denominator != 0, numerator / denominator, np.nan)


def _index_of(values: pl.Series, index: dict[str, int]) -> np.ndarray:
    return values.replace_strict(index, return_dtype=pl.Int64).to_numpy()


def _seat_rows(seats: pl.DataFrame, game_id: np.ndarray, seat: np.ndarray) -> np.ndarray:
    """Row in `seats` (ordered by game, then seat) of each (game_id, seat); -1 if none.

    A lookup table by game and seat: a join of millions of acquisitions to the seats in polars
    costs over a second, this a tenth of that.
    """
    seat_game, seat_of_row = seats["game_id"].to_numpy(), seats["seat"].to_numpy()
    game_of_row = _game_index(seat_game)
    games = seat_game[np.flatnonzero(np.diff(game_of_row, prepend=-1))]
    width = int(max(seat_of_row.max(initial=0), seat.max(initial=0))) + 1
    table = np.full((len(games) + 1, width), -1, dtype=np.int64)  # the last row: no such game
    table[game_of_row, seat_of_row] = np.arange(seats.height)
    # Acquisitions come in runs of one game's events: each run's game is looked up once.
    starts = np.flatnonzero(np.diff(game_id, prepend=game_id[:1] - 1))
    game = np.searchsorted(games, game_id[starts])
    found = games[np.minimum(game, len(games) - 1)] == game_id[starts] if len(games) else False
    game = np.repeat(np.where(found, game, len(games)), np.diff(starts, append=len(game_id)))
    return np.where(seat >= 0, table.ravel()[game * width + np.maximum(seat, 0)], -1)


def _game_index(game_id: np.ndarray) -> np.ndarray:
    """0, 1, 2, ... for the successive games of rows ordered by game."""
    return np.concatenate([[0], np.cumsum(game_id[1:] != game_id[:-1])])[:len(game_id)]


def _first_in_group(group: np.ndarray, order: np.ndarray, n_groups: int) -> np.ndarray:
    """True where `order` is the smallest of its `group` (values 0 .. n_groups - 1)."""
    smallest = np.full(n_groups, np.iinfo(np.int64).max)
    np.minimum.at(smallest, group, order)
    return order == smallest[group]


def _acquired_cells(seats: pl.DataFrame, acquired: pl.DataFrame
                    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Seat row, component column and seq of the acquisitions by a seat of `seats` (an inner
    join, in numpy). The column is the component's rank among the offered ones, less one."""
    row = _seat_rows(seats, acquired["game_id"].to_numpy(), acquired["seat"].to_numpy())
    col = acquired["component_rank"].to_numpy().astype(np.int64) - 1
    seq = acquired["seq"].to_numpy().astype(np.int64)
    kept = row >= 0
    if kept.all():  # the usual case: copying millions of rows to drop none costs a tenth of a s
        return row, col, seq
    return row[kept], col[kept], seq[kept]


@dataclass(frozen=True, slots=True)
class SeatDesign:
    """Seat-games (rows, ordered by game) against components (columns), as numpy arrays.

    Availability is a property of a game's run (its card set), so per game only the seats and
    win shares of each run are summed and mapped to components through `run_available`: the
    bootstrap multiplies 2 x components + 2 x runs columns instead of 4 x components.
    """

    names: list[str]
    game: np.ndarray  # game index (0 .. n_games - 1) of each seat row
    run: np.ndarray  # run index of each seat row
    win_share: np.ndarray
    owned: np.ndarray  # (seats, components) 0/1: acquired in a game where it is available
    run_available: np.ndarray  # (runs, components) 0/1
    copies: np.ndarray  # copies acquired of each component, over all seats
    first_wins: np.ndarray  # win shares summed over each component's first acquirers
    first_games: np.ndarray  # games in which each component was acquired at all

    @classmethod
    def build(cls, seats: pl.DataFrame, acquired: pl.DataFrame, available: pl.DataFrame,
              names: Sequence[str]) -> SeatDesign:
        """From `outcome_by_seat_game`, `acquisitions_by_event` and `components_by_run` rows."""
        game = _game_index(seats["game_id"].to_numpy())
        runs = sorted(set(available["run_id"].unique()) | set(seats["run_id"].unique()))
        run_index = {run: i for i, run in enumerate(runs)}
        column = {name: i for i, name in enumerate(names)}
        run_available = np.zeros((len(runs), len(names)))
        run_available[_index_of(available["run_id"], run_index),
                      _index_of(available["component"], column)] = 1.0
        run = _index_of(seats["run_id"], run_index)
        win_share = seats["win_share"].to_numpy().astype(float)
        row, col, seq = _acquired_cells(seats, acquired)
        owned = np.zeros((seats.height, len(names)))
        owned.ravel()[row * len(names) + col] = 1.0  # flat indices: 2-D fancy indexing is slower
        if not run_available.all():
            owned *= run_available[run]  # as in the SQL: owned only where it could be acquired
        copies = np.bincount(col, minlength=len(names)).astype(float)
        # The first acquirer of a component in a game: the seat of its smallest seq there.
        group = game[row] * len(names) + col
        first = _first_in_group(group, seq, (int(game[-1]) + 1 if len(game) else 0) * len(names))
        first_wins = np.bincount(col[first], weights=win_share[row[first]], minlength=len(names))
        first_games = np.bincount(col[first], minlength=len(names)).astype(float)
        return cls(list(names), game, run, win_share, owned, run_available, copies, first_wins,
                   first_games)

    @property
    def n_games(self) -> int:
        return int(self.game[-1]) + 1 if len(self.game) else 0

    def per_game_sums(self) -> np.ndarray:
        """Per game: owners and their win shares per component, then seats and wins per run."""
        if not len(self.game):
            return np.zeros((0, 2 * (len(self.names) + self.run_available.shape[0])))
        # Seat rows are ordered by game, so each game's rows are one contiguous slice.
        starts = np.flatnonzero(np.diff(self.game, prepend=-1))
        owners = np.add.reduceat(self.owned, starts, axis=0)
        owner_wins = np.add.reduceat(self.owned * self.win_share[:, None], starts, axis=0)
        in_run = np.zeros((len(starts), self.run_available.shape[0]))
        in_run[np.arange(len(starts)), self.run[starts]] = 1.0
        seats = np.bincount(self.game)[:, None] * in_run
        wins = np.bincount(self.game, weights=self.win_share)[:, None] * in_run
        return np.column_stack([owners, owner_wins, seats, wins])

    def outcomes(self, sums: np.ndarray) -> dict[str, np.ndarray]:
        """Owned and not-owned counts and win rates from column sums of `per_game_sums`.

        Takes one row of sums (the point estimates) or a stack of them (bootstrap resamples).
        """
        k, n_runs = len(self.names), self.run_available.shape[0]
        n_owned, owned_wins = sums[..., :k], sums[..., k:2 * k]
        n_available = sums[..., 2 * k:2 * k + n_runs] @ self.run_available
        available_wins = sums[..., 2 * k + n_runs:] @ self.run_available
        owned_wr = _ratio(owned_wins, n_owned)
        not_owned_wr = _ratio(available_wins - owned_wins, n_available - n_owned)
        return {"n_owned": n_owned, "owned_wins": owned_wins, "n_available": n_available,
                "owned_wr": owned_wr, "not_owned_wr": not_owned_wr,
                "delta": owned_wr - not_owned_wr}

    def first_acquirer_wr(self) -> np.ndarray:
        """Mean win share of the first seat to acquire each component in a game (NaN: none)."""
        return _ratio(self.first_wins, self.first_games)


def _event_totals(totals: pl.DataFrame, names: Sequence[str]) -> dict[str, np.ndarray]:
    """used_wr, Glory and cost of each component in `names` (without events: NaN, 0, 0)."""
    rows = pl.DataFrame({"component": list(names)}).join(
        totals, on="component", how="left", maintain_order="left")
    return {"used_wr": rows["used_wr"].fill_null(np.nan).to_numpy(),
            "glory": rows["glory"].fill_null(0).to_numpy().astype(float),
            "cost": rows["cost"].fill_null(0).to_numpy().astype(float)}


def _adjusted_associations(seats: pl.DataFrame, owned: np.ndarray) -> list[stats.Estimate]:
    """Owning each component (the columns of `owned`) against winning, adjusted for the
    pre-purchase covariates only (seat, bot, player count, module)."""
    covariates = seats.select(pl.col(c).cast(pl.String) for c in COVARIATES)
    dummies = covariates.to_dummies(drop_first=True) if seats.height else covariates
    return stats.adjusted_associations(seats["win_share"].to_numpy(), owned,
                                       dummies.to_numpy().astype(float))


def with_p_text(frame: pl.DataFrame, *columns: str) -> pl.DataFrame:
    """p-value columns as text (scientific when small, '< 1e-300' on underflow, never 0.0);
    applied last, after any sort by them."""
    return frame.with_columns(pl.col(*columns).map_elements(stats.format_p,
                                                            return_dtype=pl.String))


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
        read = describe_logs(db)
    low, high = stats.wilson_bounds(seats["wins"].to_numpy(), seats["n"].to_numpy())
    tests, notes = {}, []
    for (players,), group in seats.group_by("players", maintain_order=True):
        test = stats.seat_chi_square(group["wins"].to_numpy(), group["n"].to_numpy())
        balance = 1 - (group["win_rate"].max() - group["win_rate"].min())
        tests[players] = test.p_value
        notes.append(f"{players} players: {group['n'].max()} games, chi-square "
                     f"{test.estimate:.2f} ({test.method}), p = {stats.format_p(test.p_value)}; "
                     f"balance (1 - max seat gap) = {balance:.3f}")
    frame = seats.select(
        "players", "seat", "n", "win_rate", pl.Series("low", low), pl.Series("high", high),
        "expected", pl.col("players").replace_strict(tests, return_dtype=pl.Float64)
        .alias("chi2_p"))
    notes.append(f"{described}; win rate = mean win share (tied winners split); 95% Wilson "
                 "(one seat per game: seat-games of a seat are independent)")
    return Table(with_p_text(frame.sort("players", sort), "chi2_p"), (*read, *notes))


def power_table(effect: float | Sequence[float], base: float = 0.25, alpha: float = 0.05,
                power: float = 0.8, paired: bool = False, correlation: float = 0.5,
                measured: str = "") -> Table:
    """Games needed to detect a change `effect` in a win rate `base`, per arm or per pair.

    `measured` says where a paired design's correlation was measured; empty: it is assumed.
    """
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
        source = (f"MEASURED {measured}" if measured else
                  "ASSUMED, not measured (pass --logs-a/--logs-b of two paired runs to "
                  "measure it)")
        note = (f"paired: games are seeds played under both setups; paired t-test on the "
                f"per-seed win difference; correlation of a seat's outcomes on one seed "
                f"{correlation:.3f}, {source}")
    else:
        note = ("independent: games in EACH of two setups (one measured seat per game); "
                "two-sided two-proportion test (Cohen's h)")
    return Table(pl.DataFrame(rows), (note,))


CHART_KINDS = ("cards", "faces", "seats", "scores", "rounds")


def chart_figure(kind: str, logs: Logs, filters: Filters | None = None, min_n: int = 200,
                 n_boot: int = 1000, seed: int = 0):
    """A matplotlib Figure of one kind (cards, faces, seats, scores, rounds) over `logs`."""
    from matplotlib.figure import Figure  # slow to import: only for charts

    from analytics.reports import charts

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
