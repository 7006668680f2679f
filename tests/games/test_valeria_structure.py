"""The Valeria plugin's modules import one another one way: no import circle (board.py, the
dice and numbers, imports neither the gains nor the actions that use it)."""

from __future__ import annotations

import ast
from pathlib import Path

import analytics.games.valeria as package

HERE = Path(package.__file__).parent


def siblings(path: Path) -> set[str]:
    """The plugin's own modules that `path` imports, at its top or inside a function."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module == package.__name__:
            found |= {a.name for a in node.names if (HERE / f"{a.name}.py").exists()}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                package.__name__ + "."):
            found.add(node.module.rsplit(".", 1)[1])
    return found


def test_no_module_of_the_plugin_imports_itself_back():
    graph = {path.stem: siblings(path) for path in HERE.glob("*.py")
             if path.stem != "__init__"}
    assert graph["board"].isdisjoint({"gains", "taking", "actions"})
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, " -> ".join((*path, module))
        if module in done:
            return
        for imported in graph.get(module, ()):
            visit(imported, (*path, module))
        done.add(module)

    for module in graph:
        visit(module, ())
