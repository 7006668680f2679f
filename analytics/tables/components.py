"""Balance tables built from query results and statistics: components of a kind (the game's
roles name the kinds: Dice Forge's cards and faces), seats, power.

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
from analytics.query.database import Filters, LogDatabase, list_queries, opened
from analytics.query.provenance import describe_logs
from analytics.tables.design import SeatDesign, ratio

__all__ = ["Table", "component_table", "list_queries", "power_table", "seat_table"]

Logs = Iterable[str | Path] | LogDatabase  # paths to open, or logs already open
COVARIATES = ("seat", "bot", "players", "module")
# A component table's text columns by default, after its id and before its score per game.
SHORT_COLUMNS = ("n_owned", "take_rate", "owned_wr", "not_owned_wr", "delta", "delta_low",
                 "delta_high", "adjusted_delta", "p_adj")


@dataclass(frozen=True, slots=True)
class Table:
    """A result frame and the footnotes that must be shown with it."""

    frame: pl.DataFrame
    footnotes: tuple[str, ...] = ()
    columns: tuple[str, ...] = ()  # a text table's default columns (empty: every column)


def component_table(logs: Logs, component: str, filters: Filters | None = None,
                    sort: str = "delta", min_n: int = 200, n_boot: int = 1000, seed: int = 0
                    ) -> Table:
    """The table of one component kind of the game's roles (Dice Forge: card, face): point
    estimates, cluster-bootstrap and regression intervals.

    Four small queries read the logs (seats, acquisitions, availability per run, event
    totals); owned / not-owned counts per game are then built once in numpy and feed the point
    estimates, the bootstrap and the regression alike.
    """
    # The matrix products here are thin (1,000 x games x ~40): OpenBLAS threads gain nothing
    # on them and keep spinning afterwards, costing seconds of CPU the DuckDB thread needs.
    with opened(logs, filters) as db, threadpool_limits(limits=1, user_api="blas"):
        roles = db.roles
        roles.component(component)  # an unknown kind is one line naming the game's kinds
        # The event totals are the longest query and nothing below needs them until the end:
        # they are read while numpy builds the design, resamples and fits.
        totals = db.submit("uses_and_score_by_component", {"component": component})
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
        "take_rate": ratio(outcomes["n_owned"], outcomes["n_available"]),
        "copies": ratio(design.copies, outcomes["n_owned"]),
        "owned_wr": outcomes["owned_wr"], "owned_wr_low": owned_low, "owned_wr_high": owned_high,
        "not_owned_wr": outcomes["not_owned_wr"], "delta": outcomes["delta"],
        "delta_low": delta_low, "delta_high": delta_high,
        "adjusted_delta": [e.estimate for e in effects],
        "adjusted_low": [e.low for e in effects], "adjusted_high": [e.high for e in effects],
        "p_adj": p_adj, "first_acquirer_wr": design.first_acquirer_wr(),
        "used_wr": used["used_wr"],
        f"{roles.score}_per_game": ratio(used["score"], outcomes["n_owned"]),
        f"{roles.score}_per_cost": ratio(used["score"], used["cost"]),
    }).with_columns(pl.selectors.float().fill_nan(None))
    shown, hidden = _apply_min_n(frame, "n_owned", min_n)
    notes = (
        f"{hidden} rows under --min-n {min_n} hidden (owned in fewer seat-games)",
        f"{design.n_games} games, {db.filters.describe()}; win rate = mean win share; "
        f"owned_wr: 95% interval clustered by game (the seats of one game share its win); "
        f"delta: 95% cluster bootstrap over games (B={n_boot}, seed {seed})",
        "delta (owned_wr - not_owned_wr) and adjusted_delta are ASSOCIATIONS: they say who "
        f"buys a {component}, not what it does; adjusted_delta is delta adjusted for seat, "
        "bot, player count and module only (what is fixed before any purchase; logistic "
        f"regression per {component}, as a change in P(win)); p_adj: Benjamini-Hochberg over "
        f"{int(np.sum(~np.isnan(p_adj)))} estimable rows. A {roles.set_kind or component}'s "
        "effect: `dicelab value`",
    )
    shown = with_p_text(sort_frame(shown, sort), "p_adj")
    return Table(shown, (*read, *notes), (component, *SHORT_COLUMNS, f"{roles.score}_per_game"))


def _event_totals(totals: pl.DataFrame, names: Sequence[str]) -> dict[str, np.ndarray]:
    """used_wr, score and cost of each component in `names` (without events: NaN, 0, 0)."""
    rows = pl.DataFrame({"component": list(names)}).join(
        totals, on="component", how="left", maintain_order="left")
    return {"used_wr": rows["used_wr"].fill_null(np.nan).to_numpy(),
            "score": rows["score"].fill_null(0).to_numpy().astype(float),
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
    require_column(frame, sort)
    descending = frame.schema[sort].is_numeric()
    return frame.sort(sort, descending=descending, nulls_last=True)


def require_column(frame: pl.DataFrame, sort: str) -> None:
    """A UserError naming the columns when --sort names none of them."""
    if sort not in frame.columns:
        raise UserError(f"cannot sort by {sort!r}: columns are {', '.join(frame.columns)}")


def seat_table(logs: Logs, filters: Filters | None = None, sort: str = "seat") -> Table:
    """Win rate by seat per player count, Wilson intervals, chi-square p against 1/N."""
    with opened(logs, filters) as db:
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
    require_column(frame, sort)
    return Table(with_p_text(frame.sort("players", sort), "chi2_p"), (*read, *notes))


def power_table(effect: float | Sequence[float], base: float = 0.25, alpha: float = 0.05,
                power: float = 0.8, paired: bool = False, correlation: float = 0.5,
                measured: str = "") -> Table:
    """Games needed to detect a change `effect` in a win rate `base`, per arm or per pair.

    `measured` says where a paired design's correlation was measured; empty: it is assumed.
    """
    effects = [effect] if isinstance(effect, int | float) else list(effect)
    if power <= alpha:  # a test that rejects at random has power alpha: no games are needed
        raise UserError(f"--power {power} must be above --alpha {alpha}")
    rows = []
    for delta in effects:
        if not 0 < base < 1 or not 0 < base + delta < 1 or delta == 0:
            raise UserError(f"--base {base} with --effect {delta} must give two different "
                            "win rates strictly between 0 and 1")
        if paired:
            n = stats.sample_size_paired(base, delta, alpha, power, correlation)
        else:
            n = stats.sample_size_independent(base, delta, alpha, power)
        if not math.isfinite(n):  # the solver found no sample size
            raise UserError(f"no number of games reaches --power {power} for --effect {delta}")
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
