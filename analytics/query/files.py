"""Where the query files are: inside the package when installed, beside it in a checkout."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1]


def queries_dir() -> Path:
    """The folder of the named `.sql` files: the wheel ships the project's `queries/` as
    `analytics/sql` (pyproject.toml); a checkout or an editable install reads `queries/` itself."""
    installed = PACKAGE / "sql"
    return installed if installed.is_dir() else PACKAGE.parent / "queries"
