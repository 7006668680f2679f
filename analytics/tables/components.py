"""Balance tables built from query results and statistics: components of a kind (the game's
roles name the kinds: Dice Forge's cards and faces), seats (power: analytics.experiments.power).

Each function returns a `Table`: a polars frame plus footnote lines (what was hidden, how the
intervals were made), so the command line can print the frame cleanly and the notes apart.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import polars as pl
from threadpoolctl import threadpool_limits

from analytics import stats
from analytics.output import with_p_text
from analytics.query.database import Filters, LogDatabase, list_queries, opened
from analytics.query.provenance import describe_logs
from analytics.stats.balance import seat_family
from analytics.tables.design import SeatDesign, ratio
from analytics.tables.table import ComponentResults, Table, require_column

__all__ = ["ComponentResults", "Table", "component_results", "component_table", "list_queries",
           "seat_table"]

Logs = Iterable[str | Path] | LogDatabase  # paths to open, or logs already open
COVARIATES = ("seat", "bot", "players", "module")
# The regression's normal approximation needs owners: below this many, no adjusted row.
MIN_ADJUSTED = 100
CAVEAT = "association: who buys it, not what it does (its effect: dicelab value)"


def component_table(logs: Logs, component: str, filters: Filters | None = None,
                    sort: str = "delta", min_n: int = 200) -> Table:
    """The table of one component kind of the game's roles (Dice Forge: card, face), shown:
    `component_results`, presented with `sort` and `min_n`."""
    return component_results(logs, component, filters).presented(sort, min_n)


def component_results(logs: Logs, component: str, filters: Filters | None = None
                      ) -> ComponentResults:
    """The table of one component kind of the game's roles (Dice Forge: card, face): rates
    and their differences by the rare-row rule (analytics.stats.rates), and the adjusted
    association with standard errors clustered by game.

    Four small queries read the logs (seats, acquisitions, availability per run, event
    totals); owned / not-owned counts per game are then built once in numpy and feed the
    estimates and the regression alike.
    """
    # The matrix products here are thin: OpenBLAS threads gain nothing on them and keep
    # spinning afterwards, costing seconds of CPU the DuckDB thread needs.
    with opened(logs, filters) as db, threadpool_limits(limits=1, user_api="blas"):
        roles = db.roles
        roles.component(component)  # an unknown kind is one line naming the game's kinds
        # The event totals are the longest query and nothing below needs them until the end:
        # they are read while numpy builds the design and fits.
        totals = db.submit("uses_and_score_by_component", {"component": component})
        seats = db.run("covariates_by_seat_game")
        acquired = db.run("acquisitions_by_seat_game", {"component": component})
        available = db.run("components_by_run", {"component": component})
        # Alphabetical (code point order, as DuckDB sorts text): acquisitions_by_seat_game
        # numbers the components in this order.
        names = sorted(available["component"].unique().to_list())
        design = SeatDesign.build(seats, acquired, available, names)
        del acquired  # millions of rows, no longer needed: keep the peak memory down
        # The fits and the rates share nothing: numpy releases the GIL in both, so the fits
        # run in a thread beside the rates and the totals on the second core.
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="fits") as fits:
            effects = fits.submit(_adjusted_associations, seats, design)
            rates = design.rates()
            used = _event_totals(totals.result(), names)
            read = describe_logs(db)
            effects = effects.result()
    frame, tests = _frame(component, names, design, rates, effects, used, roles.score)
    notes = (
        f"{design.n_games} games, {db.filters.describe()}; win rate = mean win share; "
        f"take_rate, owned_wr, not_owned_wr, delta: {stats.RARE_ROW_RULE}",
        "delta (owned_wr - not_owned_wr) and adjusted_delta are ASSOCIATIONS (column caveat): "
        f"they say who buys a {component}, not what it does; adjusted_delta is delta adjusted "
        "for seat, bot, player count and module only (what is fixed before any purchase; "
        f"logistic regression per {component}, as a change in P(win), standard errors "
        f"clustered by game; only with {MIN_ADJUSTED} or more owners). A "
        f"{roles.set_kind or component}'s effect: `dicelab value`",
        f"p-value families (Benjamini-Hochberg within each): delta_p_adj over the {tests} "
        f"{component}s whose delta is tested, adjusted_p_adj over those whose adjusted_delta "
        f"is; each beside the estimate it tests; a {component} owned by exactly the same "
        "seats as an earlier one (same_as) repeats its test and is not counted again",
    )
    return ComponentResults(component, frame, tuple(read), notes)


def _frame(component: str, names: list[str], design: SeatDesign, rates: dict,
           effects: list[stats.Estimate], used: dict, score: str) -> tuple[pl.DataFrame, int]:
    """The table's columns, and how many rows the delta family tests."""
    delta = stats.rate_difference(rates["owned_wr"], rates["not_owned_wr"])
    # A component's profile over games is a row here: contiguous, not a strided column.
    profiles = np.ascontiguousarray((rates["owned_wr"].influence
                                     - rates["not_owned_wr"].influence).T)
    same_as = stats.same_hypotheses([stats.profile_signature(v) for v in profiles],
                                    delta.p_value)
    adjusted_p = np.array([e.p_value if e.n >= MIN_ADJUSTED else np.nan for e in effects])
    n_owned = rates["owned_wr"].n
    columns: dict[str, object] = {
        component: names, "n_available": rates["take_rate"].n.astype(np.int64),
        "n_owned": n_owned.astype(np.int64)}
    for name in ("take_rate", "owned_wr", "not_owned_wr"):
        low, high = rates[name].bounds(stats.normal_quantile(0.95))
        columns |= {name: rates[name].rate, f"{name}_low": low, f"{name}_high": high}
    tested = ~np.isnan(adjusted_p)  # enough owners, and estimable

    def adjusted(field: str) -> np.ndarray:
        return np.where(tested, [getattr(e, field) for e in effects], np.nan)

    columns |= {
        "copies": ratio(design.copies, n_owned),
        "delta": delta.estimate, "delta_low": delta.low, "delta_high": delta.high,
        "delta_p": delta.p_value, "delta_p_adj": _family_adjusted(delta.p_value, same_as),
        "same_as": [names[k] if k >= 0 else None for k in same_as],
        "adjusted_delta": adjusted("estimate"), "adjusted_delta_low": adjusted("low"),
        "adjusted_delta_high": adjusted("high"),
        "adjusted_p": adjusted_p, "adjusted_p_adj": _family_adjusted(adjusted_p, same_as),
        "first_acquirer_wr": design.first_acquirer_wr(), "used_wr": used["used_wr"],
        f"{score}_per_game": ratio(used["score"], n_owned),
        f"{score}_per_cost": ratio(used["score"], used["cost"]),
        "caveat": CAVEAT,
    }
    frame = pl.DataFrame(columns).with_columns(pl.selectors.float().fill_nan(None))
    return frame, int(np.sum(~np.isnan(delta.p_value) & (same_as < 0)))


def _family_adjusted(p_values: np.ndarray, same_as: np.ndarray) -> np.ndarray:
    """Benjamini-Hochberg over the family, each hypothesis once: a repeated row carries the
    adjusted p of the row it repeats."""
    p = np.where(same_as >= 0, np.nan, p_values)
    adjusted = stats.benjamini_hochberg(p)
    repeated = (same_as >= 0) & ~np.isnan(p_values)
    adjusted[repeated] = adjusted[same_as[repeated]]
    return adjusted


def _event_totals(totals: pl.DataFrame, names: Sequence[str]) -> dict[str, np.ndarray]:
    """used_wr, score and cost of each component in `names` (without events: NaN, 0, 0)."""
    rows = pl.DataFrame({"component": list(names)}, schema={"component": pl.String}).join(
        totals, on="component", how="left", maintain_order="left")
    return {"used_wr": rows["used_wr"].fill_null(np.nan).to_numpy(),
            "score": rows["score"].fill_null(0).to_numpy().astype(float),
            "cost": rows["cost"].fill_null(0).to_numpy().astype(float)}


def _adjusted_associations(seats: pl.DataFrame, design: SeatDesign) -> list[stats.Estimate]:
    """Owning each component against winning, adjusted for the pre-purchase covariates only
    (seat, bot, player count, module), standard errors clustered by game."""
    covariates = seats.select(pl.col(c).cast(pl.String) for c in COVARIATES)
    dummies = covariates.to_dummies(drop_first=True) if seats.height else covariates
    return stats.adjusted_associations(seats["win_share"].to_numpy(), design.owned,
                                       dummies.to_numpy().astype(float), design.game)


def _seat_note(players: int, group: pl.DataFrame) -> str:
    """One player count's line: the chi-square of all seats and Balance, or why no test."""
    games = group["n"].max()
    balance = 1 - (group["win_rate"].max() - group["win_rate"].min())
    if stats.too_few_to_test(games, 1 / players):
        return (f"{players} players: {games} games; too few games to test (a seat's test needs "
                f"at least {stats.trials_to_test(1 / players)}: 5 expected wins and 5 losses "
                f"per seat); balance (1 - max seat gap) = {balance:.3f}")
    test = stats.seat_chi_square(group["wins"].to_numpy(), group["n"].to_numpy())
    return (f"{players} players: {games} games; all seats at once: chi-square "
            f"{test.estimate:.2f} ({test.method}), p = {stats.format_p(test.p_value)}; "
            f"balance (1 - max seat gap) = {balance:.3f}")


def seat_table(logs: Logs, filters: Filters | None = None, sort: str = "seat") -> Table:
    """Win rate by seat per player count, Wilson intervals, each seat's score test against
    1/N (p, and p_adj: Holm over the seats of its player count); the chi-square of all seats
    at once in the notes."""
    with opened(logs, filters) as db:
        seats = db.run("win_rate_by_seat")
        described = db.filters.describe()
        read = describe_logs(db)
    low, high = stats.wilson_bounds(seats["wins"].to_numpy(), seats["n"].to_numpy())
    n, expected = seats["n"].to_numpy(), seats["expected"].to_numpy()
    p = stats.score_test_p(seats["wins"].to_numpy(), n, expected)
    p[stats.too_few_to_test(n, expected)] = np.nan
    adjusted, notes = np.full(seats.height, np.nan), []
    for players in seats["players"].unique(maintain_order=True).to_list():
        here = (seats["players"] == players).to_numpy()
        group = seats.filter(pl.col("players") == players)
        adjusted[here] = seat_family(p[here])
        notes.append(_seat_note(players, group))
    frame = seats.select("players", "seat", "n", "win_rate", pl.Series("low", low),
                         pl.Series("high", high), "expected", pl.Series("p", p),
                         pl.Series("p_adj", adjusted))
    notes += [f"{described}; win rate = mean win share (tied winners split); 95% Wilson "
              "(one seat per game: seat-games of a seat are independent)",
              "p: the seat's score test against expected (1/N), the test the Wilson interval "
              "inverts; p_adj: Holm over the seats of one player count (the family; with two "
              "seats one's gap is the other's: one test)"]
    require_column(frame, sort)
    return Table(with_p_text(frame.sort("players", sort), "p", "p_adj"), (*read, *notes))
