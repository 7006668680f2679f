"""Altera's modules import one way: no circle, not even through an import inside a function
(gains.py once imported artifacts.py there, which imported gains.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import analytics.games.altera as altera

PACKAGE = "analytics.games.altera"


def imports(path: Path) -> set[str]:
    """The package's modules `path` imports, anywhere in it (lazy imports too)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == PACKAGE:
                found |= {alias.name for alias in node.names}
            elif node.module.startswith(PACKAGE + "."):
                found.add(node.module.split(".")[3])
    return found


def graph() -> dict[str, set[str]]:
    folder = Path(altera.__file__).parent
    return {p.stem: imports(p) for p in folder.glob("*.py") if p.stem != "__init__"}


def circle(edges: dict[str, set[str]]) -> list[str]:
    """One import circle of `edges` (module names in order), or []."""
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> list[str]:
        if name in path:
            return path[path.index(name):] + [name]
        if name in done:
            return []
        for other in sorted(edges.get(name, ())):
            found = visit(other, [*path, name])
            if found:
                return found
        done.add(name)
        return []

    for start in sorted(edges):
        found = visit(start, [])
        if found:
            return found
    return []


def test_the_circle_finder_finds_a_circle():
    assert circle({"gains": {"artifacts"}, "artifacts": {"gains", "state"}, "state": set()}) == [
        "artifacts", "gains", "artifacts"]


def test_altera_has_no_import_circle():
    edges = graph()
    assert {"gains", "artifacts", "resources", "free_actions"} <= set(edges)
    assert circle(edges) == []
