"""The compiled hot path: an optional accelerator, used only when it matches its sources.

Plain Python is the reference. `python -m analytics.native` (which `make` runs) compiles the
engine and game modules with mypyc, part of mypy, into a folder of its own,
`build/native/<python>/`, and records the SHA-256 of every source the build read: the compiled
modules and the `analytics` modules they import (mypyc may inline their constants). Importing
`analytics` calls `activate`, which serves the compiled modules (an import finder placed first)
only when every recorded hash matches the file as it is now and the modules to compile are
exactly those that were compiled. Otherwise the source runs as plain Python, with one warning
when a build exists but no longer matches. Nothing is deleted on import: only the build
command replaces or removes a build.

`DICELAB_COMPILED=0` runs plain Python even when a current build exists (CI runs the golden
playthroughs both ways).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import sysconfig
import warnings
from dataclasses import dataclass, field
from importlib.abc import MetaPathFinder
from importlib.machinery import ModuleSpec
from importlib.util import spec_from_file_location
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SUFFIX = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
BUILD_DIR = ROOT / "build" / "native" / SUFFIX.strip(".").removesuffix(".so")
MANIFEST = "manifest.json"
OFF_VARIABLE = "DICELAB_COMPILED"

# The compiled modules, in this one place: every module of the engine and of each game, so a
# module added there is compiled by the next build with no edit elsewhere (one that mypyc
# rejects makes the build fall back to plain Python with one line).
COMPILED_GLOBS = ("analytics/engine/*.py", "analytics/games/*/*.py", "analytics/games/*/*/*.py")
INTERPRETED = {  # modules of those folders that must stay plain Python, and why
    "analytics/games/diceforge/rules/content.py": "finds its TOML files by its path (__file__)",
    "analytics/games/bazaar/content.py": "finds its TOML files by its path (__file__)",
    "analytics/games/altera/assumptions.py": "finds its assumption sets by its path (__file__)",
    "analytics/games/valeria/assumptions.py": "finds its assumption sets by its path (__file__)",
    "analytics/engine/readonly.py": "subclasses UserError, an interpreted class",
    # `python -m` runs a module from its code object, which a compiled module has not.
    "analytics/games/diceforge/tools/pairing.py": "a script: python -m needs its code object",
    "analytics/games/diceforge/tools/trial.py": "a script: python -m needs its code object",
}


def compiled_sources(root: Path = ROOT) -> list[str]:
    """The sources to compile, as paths from `root`: COMPILED_GLOBS less INTERPRETED."""
    found = {path.relative_to(root).as_posix() for pattern in COMPILED_GLOBS
             for path in root.glob(pattern) if path.name != "__init__.py"}
    return sorted(found - INTERPRETED.keys())


def module_name(source: str) -> str:
    """`analytics/engine/loop.py` -> `analytics.engine.loop`."""
    return source.removesuffix(".py").replace("/", ".")


def file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@dataclass(frozen=True)
class BuildStatus:
    """What `activate` found: `state` is current, none, stale or off; `detail` says why."""

    state: str
    detail: str
    modules: dict[str, Path] = field(default_factory=dict)  # module name -> built file


def build_status(root: Path = ROOT, build_dir: Path = BUILD_DIR) -> BuildStatus:
    """Whether the build in `build_dir` matches the sources under `root`, file by file."""
    # Opt-in: the policies' read-only views (engine v2) reach compiled code typed `Game`, which
    # refuses them, so plain Python, the reference, runs unless DICELAB_COMPILED=1.
    if os.environ.get(OFF_VARIABLE) != "1":
        return BuildStatus("off", f"{OFF_VARIABLE}={os.environ.get(OFF_VARIABLE, 'unset')}")
    try:
        manifest = json.loads((build_dir / MANIFEST).read_text())
    except (OSError, ValueError):
        return BuildStatus("none", "no compiled build: `make install` or `python -m "
                                   "analytics.native` builds one")
    if manifest.get("compiled") != compiled_sources(root):
        return BuildStatus("stale", "the modules to compile changed since the build")
    changed = [name for name, digest in manifest["sources"].items()
               if not (root / name).is_file() or file_hash(root / name) != digest]
    if changed:
        return BuildStatus("stale", f"{', '.join(changed)} changed since compiled")
    modules = {name: build_dir / file for name, file in manifest["modules"].items()}
    return BuildStatus("current", f"{len(manifest['compiled'])} modules", modules)


class PinnedFinder(MetaPathFinder):
    """Imports the named modules from the given files, ahead of the usual search."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(self, name: str, path: object = None, target: object = None
                  ) -> ModuleSpec | None:
        file = self.files.get(name)
        return spec_from_file_location(name, file) if file is not None else None


class StaleBuildWarning(UserWarning):
    """A compiled build exists but no longer matches its sources: plain Python runs."""


_status = BuildStatus("none", "not activated")


def activate(root: Path = ROOT, build_dir: Path = BUILD_DIR) -> PinnedFinder | None:
    """Serve the compiled build when it is current; else pin plain Python (see the module doc).

    Returns the finder placed first in `sys.meta_path`, if one was needed.
    """
    global _status
    _status = status = build_status(root, build_dir)
    if status.state == "stale" and not os.environ.get("DICELAB_STALE_WARNED"):
        os.environ["DICELAB_STALE_WARNED"] = "1"  # once per run: its workers inherit this
        # Named after the package, not a line of code: the warning prints as one line.
        warnings.warn_explicit(f"{status.detail}: the hot path runs as plain Python (slower, "
                               "same games) until `make install` or `python -m analytics.native` "
                               "rebuilds it", StaleBuildWarning, "dicelab", 0)
    files = status.modules if status.state == "current" else _sources_beside_strays(root)
    if not files:
        return None
    finder = PinnedFinder(files)
    sys.meta_path.insert(0, finder)
    return finder


def _sources_beside_strays(root: Path) -> dict[str, Path]:
    """Sources that have an extension module beside them (left by the old in-place build):
    Python would load the extension before the source, so the source is pinned instead."""
    pinned = {}
    for source in compiled_sources(root):
        if (root / f"{source.removesuffix('.py')}{SUFFIX}").exists():
            pinned[module_name(source)] = root / source
    return pinned


def describe_build() -> str:
    """Whether the hot path runs compiled or as plain Python, in a few words."""
    if _status.state == "current":
        return f"compiled with mypyc ({_status.detail})"
    return f"plain Python ({_status.detail})"
