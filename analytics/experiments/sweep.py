"""`dicelab sweep SPEC.toml --out DIR`: every cell of a spec's grid played as one job.

Each cell is an ordinary run folder (`DIR/cells/NAME`), played locally or on a Dask scheduler
(`--cluster`); DIR is a path or an fsspec URL. `DIR/sweep.json` (the sweep manifest) holds the
spec's cells, written first and whole, so the same command resumes a stopped sweep: whole cells
are kept, a cell stopped mid-way keeps its whole parts. Where the spec asks for the cards' value,
each ablated set is played on the cell's seeds under `DIR/value/NAME`
(analytics.experiments.value). The end is one table across cells, and with `report` an HTML
report (analytics.reports.sweep).
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import polars as pl
from tqdm import tqdm

from analytics.errors import UserError
from analytics.eventlog.store import Location, Place
from analytics.experiments.sweep_spec import Cell, SweepSpec, cell_config, read_spec
from analytics.runs.folder import check_run
from analytics.runs.workers import RunStopped

SWEEP_MANIFEST = "sweep.json"
CELLS = "cells"
VALUE = "value"
STRONGEST = 3  # cards named per cell in the table's strongest_cards column


@dataclass(frozen=True)
class SweepResult:
    """The table across cells, and each cell's value report where it was asked for."""

    table: pl.DataFrame
    values: dict  # cell name -> analytics.experiments.value.ValueReport
    spec: SweepSpec
    folders: list  # each cell's run folder (a Place), in the spec's order
    conclusions: pl.DataFrame | None = None  # which hold across sets (sweep_conclusions.py)
    notes: tuple[str, ...] = ()  # the sets as outputs name them (assumption sets: hashes)


def run_sweep(spec_path: Path, out: Location, workers: int | None = None,
              cluster: str | None = None, progress: bool = True,
              game: str | None = None, sets: tuple[str, ...] = (),
              rank: tuple[str, ...] | None = None) -> SweepResult:
    """Play every cell of the spec at `spec_path` into `out` (or finish them), then the value
    runs asked for; the table across cells (reports.sweep writes its report) and, where cells
    differ only in their set, which conclusions hold across the sets for the component kinds
    `rank` (None: every kind acquired, for a game whose sets are assumption sets)."""
    from analytics.runs.simulate import run_simulation  # the engine: only once the spec reads well

    spec = read_spec(spec_path, game, sets)
    place = Place.of(out)
    plans = _value_plans(spec, place)
    _start(place, spec)
    folders = [place / CELLS / cell.name for cell in spec.cells]
    runs = folders + [run for plan in plans.values() for run in plan.runs.values()]
    with tqdm(total=spec.games * len(runs), initial=sum(map(_games_present, runs)),
              unit="game", disable=not progress,
              desc=f"sweep of {len(spec.cells)} cells") as bar:
        for cell, folder in zip(spec.cells, folders, strict=True):
            if _games_present(folder) == spec.games:
                continue  # a whole cell is kept as it is (whatever code played it)
            with _stop_names(cell, spec_path, out, cluster):
                bar.set_postfix_str(cell.name, refresh=False)
                run_simulation(cell_config(cell, spec.games, spec.seed), folder,
                               workers=workers, resume=True, progress=False, cluster=cluster,
                               on_games=bar.update)
        values = {}
        for cell, folder in zip(spec.cells, folders, strict=True):
            if cell.name in plans:
                with _stop_names(cell, spec_path, out, cluster):
                    bar.set_postfix_str(f"value {cell.name}", refresh=False)
                    values[cell.name] = _cell_value(cell, spec, folder, plans[cell.name],
                                                    workers, cluster, bar.update)
    conclusions, notes = across_sets(spec, folders, rank)
    return SweepResult(sweep_table(spec, folders, values), values, spec, folders, conclusions,
                       notes)


def across_sets(spec: SweepSpec, folders: list[Place], rank: tuple[str, ...] | None
                ) -> tuple[pl.DataFrame | None, tuple[str, ...]]:
    """The conclusions across sets and the lines naming each set as its runs record it."""
    from analytics.eventlog.reader import read_roles, read_table
    from analytics.experiments.sweep_conclusions import conclusions, groups

    roles = read_roles(folders[0])
    named = sorted({read_table(f, "runs")["card_set"][0] for f in folders})
    notes = (tuple(f"{roles.set_phrase(n)}" for n in named)
             if roles.set_word != "card set" else ())
    if rank is None:
        rank = (tuple(c.kind for c in roles.components if c.acquire)
                if roles.set_word != "card set" else ())
    if not rank or not groups(spec.cells, folders):
        return None, notes
    return conclusions(spec.cells, folders, rank), notes


@dataclass(frozen=True)
class ValuePlan:
    """A cell's value runs: the folder of its ablated runs and the run folder of each ablation
    asked for."""

    folder: Path
    runs: dict  # Ablation -> its run folder


def _value_plans(spec: SweepSpec, place: Place) -> dict[str, ValuePlan]:
    """The value runs of each cell asking for them, played in folders on a path: the sweep
    must be on a local (or shared) path."""
    from analytics.experiments.value import ablation_folder, ablations

    plans = {}
    for cell in spec.cells:
        if not cell.value:
            continue
        if not place.is_local:
            raise UserError(f"--out {place}: a sweep asking for value plays its ablated runs in "
                            "folders on a path; put --out on a (shared) path")
        _, found = ablations(cell.card_set, None, game=cell.game)
        folder = Path(place.path) / VALUE / cell.name  # absolute: workers write there
        plans[cell.name] = ValuePlan(folder, {a: ablation_folder(folder, a)
                                              for a in found if a.card in cell.value})
    return plans


def _cell_value(cell: Cell, spec: SweepSpec, folder: Place, plan: ValuePlan,
                workers: int | None, cluster: str | None, on_games: Callable[[int], None]):
    from analytics.experiments.arms import ArmSpec
    from analytics.experiments.balance_runs import seat_bots
    from analytics.experiments.value import value_against

    arm = ArmSpec(cell.card_set, seat_bots(cell.bots, cell.players), dict(cell.rules),
                  cell.module, cell.game)  # the arm whose run the cell's own is
    return value_against(folder, arm, (cell.players, spec.games, spec.seed), list(plan.runs),
                         plan.folder, workers=workers, progress=False,
                         cluster=cluster, on_games=on_games)


@contextmanager
def _stop_names(cell: Cell, spec_path: Path, out: Location, cluster: str | None
                ) -> Iterator[None]:
    """A stop inside a cell's runs says the cell and the sweep's resume command."""
    try:
        yield
    except RunStopped as stop:
        reason = str(stop).split("; ")[0]
        raise RunStopped(f"sweep stopped in cell {cell.name} ({reason}); resume with: "
                         f"{resume_command(spec_path, out, cluster)}", stop.exit_code) from None


def resume_command(spec_path: Path, out: Location, cluster: str | None = None) -> str:
    on = ["--cluster", cluster] if cluster else []
    return shlex.join(["dicelab", "sweep", str(spec_path), "--out", str(out), *on])


def _games_present(folder: Location) -> int:
    try:
        return check_run(folder).games_present
    except UserError:  # not started yet, or stopped before its manifest: played again
        return 0


def _start(out: Place, spec: SweepSpec) -> None:
    """A new sweep folder, or the folder of this very sweep (to resume); never another."""
    manifest = out / SWEEP_MANIFEST
    if manifest.is_file():
        try:
            stored = json.loads(manifest.read_text())["spec"]
        except (OSError, ValueError, KeyError) as err:
            raise UserError(f"{manifest}: damaged ({err})") from None
        if stored != spec.as_dict():
            raise UserError(f"--out {out} holds another sweep (other games, seed, cells or "
                            "values); choose another folder")
        return
    if out.exists() and (not out.is_dir() or out.iterdir()):
        raise UserError(f"--out {out} exists and holds no sweep; choose another folder")
    out.mkdir()
    body = {"spec": spec.as_dict(), "spec_file": str(spec.path),
            "created_at": datetime.now(UTC).isoformat(timespec="seconds")}
    manifest.put_text(json.dumps(body, indent=1))


def sweep_table(spec: SweepSpec, folders: list[Place], values: dict | None = None
                ) -> pl.DataFrame:
    """One row a cell: its settings, the first seat's win share and its advantage over a fair
    1/N (in points), the mean score; where values were asked for, the strongest cards."""
    from analytics.eventlog.reader import read_table

    rows = []
    for cell, folder in zip(spec.cells, folders, strict=True):
        players = read_table(folder, "players")
        first = players.filter(pl.col("seat") == 0)["win_share"].mean()
        row = {"cell": cell.name, "set": cell.card_set, "module": cell.module,
               "players": cell.players, "bots": ",".join(cell.bots),
               "rules": ",".join(f"{k}={v}" for k, v in sorted(cell.rules.items())),
               "games": players["game_id"].n_unique(),
               "first_seat_wins": round(first, 4),
               "seat_advantage": round(100 * (first - 1 / cell.players), 2),
               "mean_score": round(players["score"].mean(), 2)}
        if values:
            row["strongest_cards"] = strongest(values[cell.name]) if cell.name in values else ""
        rows.append(row)
    return pl.DataFrame(rows)


def strongest(report, n: int = STRONGEST) -> str:
    """The cards of highest value, as `hydra +4.1 (0.2 to 8.0)`: points of win rate for the
    seats that buy the card, with its 95% paired interval, each card once (against the
    replacement it beats most); a card no seat bought is left out."""
    rows = (report.table.drop_nulls("value").filter(pl.col("value").is_not_nan())
            .unique(report.kind, keep="first", maintain_order=True).head(n))
    return "; ".join(f"{r[report.kind]} {100 * r['value']:+.1f} ({100 * r['low']:.1f} to "
                     f"{100 * r['high']:.1f})" for r in rows.iter_rows(named=True))
