"""Where the query files are: inside the package when installed, beside it in a checkout."""

from __future__ import annotations

import glob
import os
from collections.abc import Iterable
from pathlib import Path

from analytics.eventlog.location import is_url

PACKAGE = Path(__file__).resolve().parents[1]


def queries_dir() -> Path:
    """The folder of the named `.sql` files: the wheel ships the project's `queries/` as
    `analytics/sql` (pyproject.toml); a checkout or an editable install reads `queries/` itself."""
    installed = PACKAGE / "sql"
    return installed if installed.is_dir() else PACKAGE.parent / "queries"


def local_run_folders(paths: Iterable[str | Path]) -> list[Path] | None:
    """Run folders named by local `paths` (run folders, parents of runs, globs), in the order
    named; None when one is a URL (the readers list a store through fsspec). Free of fsspec
    and the data libraries, like `latest_run`: the results cache keys on these folders."""
    found: list[Path] = []
    for raw in paths:
        if is_url(str(raw)):
            return None
        matches = sorted(glob.glob(str(raw))) if glob.has_magic(str(raw)) else [str(raw)]
        for match in matches:
            found.extend(runs_under(Path(match)))
    return found


def runs_under(path: Path) -> list[Path]:
    """Run folders (holding runs.parquet) at or under a local `path`, in name order."""
    if (path / "runs.parquet").is_file():
        return [path]
    found = []
    for root, dirs, files in os.walk(path):
        if "runs.parquet" in files:
            found.append(Path(root))
            dirs.clear()  # a run folder's parts/ never hold further runs
        dirs.sort()
    return found


def latest_run(root: Path) -> tuple[Path | None, int]:
    """The run folder under `root` written last (by its runs.parquet), and how many runs there
    are: what an analysis reads when no --logs is given. Kept free of the data libraries so the
    choice costs a directory walk, not an import."""
    runs = runs_under(root) if root.is_dir() else []
    latest = max(runs, key=lambda p: ((p / "runs.parquet").stat().st_mtime, str(p)), default=None)
    return latest, len(runs)
