"""The figures of `dicelab chart` that are not a report's: a component kind's forest beside its
win rate by round acquired, seats, scores and score by round, for any game's logs."""

from __future__ import annotations

import polars as pl
from matplotlib.figure import Figure

from analytics.errors import UserError
from analytics.query.database import Filters, LogDatabase, opened
from analytics.reports import charts
from analytics.tables.components import Logs, component_table, seat_table

# Charts of the logs whatever the game; each component kind adds one, named by its plural's
# word (Dice Forge: cards, faces): a forest of its table and its win rate by round acquired.
CHART_KINDS = ("seats", "scores", "rounds")


def chart_figure(kind: str, logs: Logs, filters: Filters | None = None, min_n: int = 200):
    """A matplotlib Figure of one kind (a component kind's plural, seats, scores, rounds)."""
    with opened(logs, filters) as db:
        components = {c.word: c.kind for c in db.roles.components}
        if kind in components:
            return _component_figure(db, components[kind], min_n)
        if kind not in CHART_KINDS:
            raise UserError(f"unknown chart {kind!r}: expected one of "
                            f"{', '.join((*components, *CHART_KINDS))}")
        fig = Figure(figsize=(9, 5.5), layout="constrained")
        ax = fig.subplots()
        if kind == "seats":
            charts.plot_seats(ax, seat_table(db).frame)
        elif kind == "scores":
            charts.plot_scores(ax, db.run("score_counts_by_bot"), score=db.roles.score_title)
        else:
            charts.plot_curves(ax, db.run("resources_by_round"), db.roles.score)
        return fig


def _component_figure(db: LogDatabase, component: str, min_n: int):
    """The forest of a component kind's table beside its win rate by round acquired."""
    table = component_table(db, component, None, "delta", min_n).frame
    acquired = db.run("win_rate_by_round_acquired", {"component": component})
    fig = Figure(figsize=(15, max(4.0, 0.38 * table.height + 1.5)), layout="constrained")
    left, right = fig.subplots(1, 2, width_ratios=(1, 1.2))
    charts.plot_forest(left, table, component)
    kept = acquired.filter(pl.col("component").is_in(table[component].to_list()))
    charts.plot_round_acquired(right, kept, component)
    return fig
