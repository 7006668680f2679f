"""Which code plays a run: a content hash of the engine, the game and the bots.

A run's games are decided by its settings *and* by the code that plays them: a rules fix, a
new chance stream or a retuned bot changes what a seed plays. So the run id hashes the code
version beside the settings, the manifest records it (`engine_version`, e.g.
"0.1.0+code.3f9c01d2ab44"), `--resume` and `repair` refuse a run made by other code, and the
analyses warn when they pool runs of different code.

Why a content hash and not a version number to bump: a hash cannot be forgotten. It is taken
over the syntax trees of the Python files (docstrings dropped), so comments, docstrings and
formatting do not change it, and over the bytes of the game's data files (card sets, boards).
"""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import sys
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from analytics import __version__

# The packages every game's play goes through, besides the game's own package and its bots.
ENGINE_PACKAGES = ("analytics.engine", "analytics.policies")
# .sql: the named queries (no game's package holds any: run code versions are unchanged).
DATA_SUFFIXES = (".toml", ".json", ".csv", ".sql")


def game_code_version(game: object, bots: Iterable[str] = ()) -> str:
    """The code version of a run of `game` (a plugin) played by `bots` (specs)."""
    from analytics.policies import bot_modules

    return code_version(game_package(game), bot_modules(tuple(bots)))


def game_package(game: object) -> str:
    """The package a game's plugin lives in (all of it plays: rules, cards, bots, content)."""
    module = type(game).__module__
    origin = getattr(sys.modules.get(module), "__file__", "") or ""
    if origin.endswith("__init__.py") or "." not in module:
        return module  # a package, or a game in one module of its own
    return module.rpartition(".")[0]


def code_version(game_package: str, bot_modules: Iterable[str] = ()) -> str:
    """'0.1.0+code.<12 hex>' for the engine, the game's package and the modules (or files) of
    the bots from outside it (built-in bots live in the game's package)."""
    names = (*ENGINE_PACKAGES, game_package, *sorted(set(bot_modules)))
    digest = hashlib.blake2b(digest_size=6)
    for name in names:
        digest.update(name.encode() + b"\0" + _digest_of(name).encode())
    return f"{__version__}+code.{digest.hexdigest()}"


@lru_cache(maxsize=64)
def _digest_of(module: str) -> str:
    """The hash of a module's source, or of every file of a package."""
    root = _source_path(module)
    files = sorted(p for p in root.rglob("*") if _counts(p)) if root.is_dir() else [root]
    digest = hashlib.blake2b(digest_size=16)
    for path in files:
        digest.update(str(path.relative_to(root.parent)).encode() + b"\0" + _content(path))
    return digest.hexdigest()


def _source_path(module: str) -> Path:
    """A module's file, or its package's folder; a bot file is named by its path, and a
    folder of data (the queries) by its absolute path."""
    if module.endswith(".py") or Path(module).is_absolute():
        return Path(module)
    loaded = sys.modules.get(module)
    origin = getattr(loaded, "__file__", None) if loaded else None
    if origin is None:
        spec = importlib.util.find_spec(module)
        origin = spec.origin if spec else None
    if origin is None:
        raise ValueError(f"no source file for module {module!r}")
    path = Path(origin)
    return path.parent if path.name == "__init__.py" else path


def _counts(path: Path) -> bool:
    return (path.is_file() and "__pycache__" not in path.parts
            and (path.suffix == ".py" or path.suffix in DATA_SUFFIXES))


def _content(path: Path) -> bytes:
    if path.suffix != ".py":
        return path.read_bytes()
    tree = ast.parse(path.read_bytes(), filename=str(path))
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(body, list) and body and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.Pass()]  # a docstring says, it does not play
    return ast.dump(tree).encode()
