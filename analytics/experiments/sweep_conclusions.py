"""Which conclusions of a sweep hold across its sets: for cells that differ only in their set
(the same module, players, bots and rules, so the same seeds and bots), the first set's
conclusions (the first seat's advantage; each component above or below the average; the
ranking of a component kind) read again in every other set.

A conclusion is a 95% interval's side: `above` (the interval clears the fair or average
value), `below`, or `level` (it holds it). It **holds** when every set says the same, **flips**
when one set says above and another below, and **moves** otherwise (significant in some sets
only). The ranking row compares the sets' orders by win rate when taken (Spearman's rho over
the components shown in both) and names each set's top one. Component rows are associations
(who takes it, not what it does), as in `dicelab components`.
"""

from __future__ import annotations

from collections.abc import Sequence

import polars as pl
from scipy.stats import spearmanr

from analytics import stats
from analytics.eventlog.reader import read_table
from analytics.eventlog.store import Place
from analytics.experiments.sweep_spec import Cell

LEVEL, ABOVE, BELOW = "level", "above", "below"


def side(low: float, high: float, fair: float) -> str:
    return ABOVE if low > fair else BELOW if high < fair else LEVEL


def verdict(sides: Sequence[str]) -> str:
    if len(set(sides)) == 1:
        return "holds"
    return "flips" if {ABOVE, BELOW} <= set(sides) else "moves"


def groups(cells: Sequence[Cell], folders: Sequence[Place]) -> list[list[tuple[Cell, Place]]]:
    """Cells that differ only in their set, in the spec's order; groups of one are dropped."""
    found: dict[tuple, list[tuple[Cell, Place]]] = {}
    for cell, folder in zip(cells, folders, strict=True):
        key = (cell.module, cell.players, cell.bots, tuple(sorted(cell.rules.items())))
        found.setdefault(key, []).append((cell, folder))
    return [g for g in found.values() if len({c.card_set for c, _ in g}) > 1]


def conclusions(cells: Sequence[Cell], folders: Sequence[Place], kinds: Sequence[str],
                min_n: int = 100) -> pl.DataFrame:
    """One row per conclusion of each group: the setting, the conclusion, each set's estimate
    (interval) and side, and the verdict."""
    rows: list[dict] = []
    for group in groups(cells, folders):
        cell0 = group[0][0]
        setting = (f"{cell0.players}p, {','.join(cell0.bots)}"
                   + "".join(f", {k}={v}" for k, v in sorted(cell0.rules.items()))
                   + ("" if cell0.module == "none" else f", {cell0.module}"))
        sets = [c.card_set for c, _ in group]
        rows.append(_row(setting, "first seat's win rate vs 1/N", sets,
                         [_first_seat(f, c.players) for c, f in group]))
        for kind in kinds:
            tables = [_components(f, kind, min_n) for _, f in group]
            rows.append(_ranking(setting, kind, sets, tables))
            for name in tables[0]:  # the first set's conclusions, read in every set
                rows.append(_row(setting, f"{kind} {name}: win rate when taken vs the others",
                                 sets, [t.get(name) for t in tables]))
    return pl.DataFrame(rows) if rows else pl.DataFrame({"setting": [], "conclusion": []})


def _row(setting: str, conclusion: str, sets: list[str], found: list) -> dict:
    """`found`: per set (estimate text, side) or None (too few to show)."""
    row = {"setting": setting, "conclusion": conclusion}
    for name, item in zip(sets, found, strict=True):
        row[name] = "n too small" if item is None else f"{item[0]} {item[1]}"
    sides = [item[1] for item in found if item is not None]
    row["verdict"] = verdict(sides) if len(sides) == len(found) else "not shown in every set"
    return row


def _first_seat(folder: Place, players: int) -> tuple[str, str]:
    seats = read_table(folder, "players").filter(pl.col("seat") == 0)
    wins, n = float(seats["win_share"].sum()), seats.height
    e = stats.wilson(wins, n)
    return (f"{e.estimate:.3f} ({e.low:.3f}, {e.high:.3f}) n={n:,};",
            side(e.low, e.high, 1 / players))


def _components(folder: Place, kind: str, min_n: int) -> dict[str, tuple[str, str, float]]:
    """Per component shown (taken in at least `min_n` seat-games): (its win rate when taken
    and difference from the others with interval, side of the difference, win rate)."""
    from analytics.tables.components import component_table

    frame = component_table([str(folder)], kind, min_n=min_n).frame
    return {r[kind]: (f"{r['owned_wr']:.3f}, {r['delta']:+.3f} ({r['delta_low']:+.3f}, "
                      f"{r['delta_high']:+.3f}) n={r['n_owned']:,};",
                      side(r["delta_low"], r["delta_high"], 0.0), r["owned_wr"])
            for r in frame.iter_rows(named=True)}


def _ranking(setting: str, kind: str, sets: list[str], tables: list[dict]) -> dict:
    """Each set's top component and its order's rank correlation with the first set's."""
    row = {"setting": setting, "conclusion": f"{kind} ranking (by win rate when taken)"}
    tops = []
    for name, table in zip(sets, tables, strict=True):
        if not table:
            row[name] = "n too small"
            continue
        top = max(table, key=lambda c: table[c][2])
        tops.append(top)
        common = [c for c in tables[0] if c in table]
        rho = (spearmanr([tables[0][c][2] for c in common], [table[c][2] for c in common])[0]
               if len(common) > 2 else float("nan"))
        row[name] = f"top {top}; rho vs {sets[0]} {rho:+.2f} ({len(common)} shown)"
    row["verdict"] = (f"same top ({tops[0]})" if len(tops) == len(sets) and len(set(tops)) == 1
                      else "top changes")
    return row
