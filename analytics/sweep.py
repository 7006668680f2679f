"""`dicelab sweep SPEC.toml --out DIR`: every cell of a spec's grid played as one job.

Each cell is an ordinary run folder (`DIR/cells/NAME`), played locally or on a Dask scheduler
(`--cluster`); `DIR/sweep.json` (the sweep manifest) holds the spec's cells, written first and
atomically, so the same command resumes a stopped sweep: whole cells are kept, a cell stopped
mid-way keeps its whole parts. The end is one table across cells.
"""

from __future__ import annotations

import json
import os
import shlex
from datetime import UTC, datetime
from pathlib import Path

import polars as pl
from tqdm import tqdm

from analytics.errors import UserError
from analytics.runfolder import check_run
from analytics.sweep_spec import SweepSpec, cell_config, read_spec
from analytics.workers import RunStopped

SWEEP_MANIFEST = "sweep.json"
CELLS = "cells"


def run_sweep(spec_path: Path, out: Path, workers: int | None = None,
              cluster: str | None = None, progress: bool = True) -> pl.DataFrame:
    """Play every cell of the spec at `spec_path` into `out` (or finish them); the table."""
    from analytics.simulate import run_simulation  # the engine: only once the spec reads well

    spec = read_spec(spec_path)
    _start(out, spec)
    folders = [out / CELLS / cell.name for cell in spec.cells]
    total = spec.games * len(spec.cells)
    present = sum(map(_games_present, folders))
    with tqdm(total=total, initial=present, unit="game", disable=not progress,
              desc=f"sweep of {len(spec.cells)} cells") as bar:
        for cell, folder in zip(spec.cells, folders, strict=True):
            bar.set_postfix_str(cell.name, refresh=False)
            try:
                run_simulation(cell_config(cell, spec.games, spec.seed), folder,
                               workers=workers, resume=True, progress=False, cluster=cluster,
                               on_games=bar.update)
            except RunStopped as stop:
                reason = str(stop).split("; ")[0]
                raise RunStopped(f"sweep stopped in cell {cell.name} ({reason}); resume with: "
                                 f"{resume_command(spec_path, out, cluster)}", stop.exit_code
                                 ) from None
    return sweep_table(spec, folders)


def resume_command(spec_path: Path, out: Path, cluster: str | None = None) -> str:
    on = ["--cluster", cluster] if cluster else []
    return shlex.join(["dicelab", "sweep", str(spec_path), "--out", str(out), *on])


def _games_present(folder: Path) -> int:
    try:
        return check_run(folder).games_present
    except UserError:  # not started yet, or stopped before its manifest: played again
        return 0


def _start(out: Path, spec: SweepSpec) -> None:
    """A new sweep folder, or the folder of this very sweep (to resume); never another."""
    manifest = out / SWEEP_MANIFEST
    if manifest.is_file():
        try:
            stored = json.loads(manifest.read_text(encoding="utf-8"))["spec"]
        except (OSError, ValueError, KeyError) as err:
            raise UserError(f"{manifest}: damaged ({err})") from None
        if stored != spec.as_dict():
            raise UserError(f"--out {out} holds another sweep (other games, seed or cells); "
                            "choose another folder")
        return
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise UserError(f"--out {out} exists and holds no sweep; choose another folder")
    out.mkdir(parents=True, exist_ok=True)
    tmp = out / f".{SWEEP_MANIFEST}.tmp-{os.getpid()}"
    body = {"spec": spec.as_dict(), "spec_file": str(spec.path),
            "created_at": datetime.now(UTC).isoformat(timespec="seconds")}
    tmp.write_text(json.dumps(body, indent=1), encoding="utf-8")
    os.replace(tmp, manifest)


def sweep_table(spec: SweepSpec, folders: list[Path]) -> pl.DataFrame:
    """One row a cell: its settings, the first seat's win share and its advantage over a fair
    1/N (in points), the mean score."""
    from analytics.eventlog.reader import read_table

    rows = []
    for cell, folder in zip(spec.cells, folders, strict=True):
        players = read_table(folder, "players")
        first = players.filter(pl.col("seat") == 0)["win_share"].mean()
        rows.append({"cell": cell.name, "set": cell.card_set, "module": cell.module,
                     "players": cell.players, "bots": ",".join(cell.bots),
                     "rules": ",".join(f"{k}={v}" for k, v in sorted(cell.rules.items())),
                     "games": players["game_id"].n_unique(),
                     "first_seat_wins": round(first, 4),
                     "seat_advantage": round(100 * (first - 1 / cell.players), 2),
                     "mean_score": round(players["score"].mean(), 2)})
    return pl.DataFrame(rows)
