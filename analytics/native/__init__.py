"""Compiling the hot path (the engine and the Dice Forge rules and bots) with mypyc.

mypyc, part of mypy, turns these type-annotated modules into C extensions from the same
source: about 1.7 times the games per second, with the same decisions and logs (the golden
playthroughs are checked against the compiled build). `make install` (and so `make test`,
`make demo`, `make bench`) builds them in place; without a build the source runs as plain
Python.

    python -m analytics.native           # build (needs mypy and a C compiler)
    python -m analytics.native --remove  # back to plain Python

A built module older than its source would hide the change (Python loads the extension before
the source): importing `analytics` then removes the whole build and warns, so the source runs
as plain Python until the next build (see `drop_stale`).
"""

from __future__ import annotations

import sysconfig
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
COMPILED = (
    "analytics/engine/chance.py",
    "analytics/engine/events.py",
    "analytics/engine/loop.py",
    "analytics/games/diceforge/blessings.py",
    "analytics/games/diceforge/bots.py",
    "analytics/games/diceforge/cards.py",
    "analytics/games/diceforge/components.py",
    "analytics/games/diceforge/feat_values.py",
    "analytics/games/diceforge/forge.py",
    "analytics/games/diceforge/options.py",
    "analytics/games/diceforge/resources.py",
    "analytics/games/diceforge/state.py",
    "analytics/games/diceforge/turn.py",
    "analytics/games/diceforge/valuation.py",
)
SUFFIX = sysconfig.get_config_var("EXT_SUFFIX") or ".so"


def built_files(source: Path) -> list[Path]:
    """The extension and its mypyc runtime library built from `source` (those that exist)."""
    stem = source.with_suffix("")
    return [path for path in (Path(f"{stem}{SUFFIX}"), Path(f"{stem}__mypyc{SUFFIX}"))
            if path.exists()]


def describe_build(root: Path = ROOT) -> str:
    """Whether the hot path runs compiled or as plain Python, in a few words."""
    built = sum(1 for name in COMPILED if built_files(root / name))
    if built == len(COMPILED):
        return f"compiled with mypyc ({built} modules)"
    return (f"plain Python ({built} of {len(COMPILED)} modules compiled; `python -m "
            "analytics.native` compiles them)")


def stale_sources(root: Path = ROOT) -> list[Path]:
    """Compiled modules whose source changed after they were built."""
    stale = []
    for name in COMPILED:
        source = root / name
        built = built_files(source)
        if built and min(p.stat().st_mtime for p in built) < source.stat().st_mtime:
            stale.append(source)
    return stale


class StaleBuildWarning(UserWarning):
    """Compiled modules were older than their source and were removed."""


def drop_stale(root: Path = ROOT) -> list[Path]:
    """If any source changed since the build, remove the whole build (compiled modules call
    each other's compiled code directly: one cannot go back to Python alone) and warn once;
    returns the changed sources."""
    stale = stale_sources(root)
    if stale:
        for name in COMPILED:
            for path in built_files(root / name):
                path.unlink(missing_ok=True)  # another process may have removed it first
        names = ", ".join(str(p.relative_to(root)) for p in stale)
        warnings.warn(f"{names} changed since compiled: the hot path runs as plain Python "
                      "(slower) until `make install` or `python -m analytics.native` rebuilds it",
                      StaleBuildWarning, stacklevel=2)
    return stale
