"""Imports run one way (ARCHITECTURE.md): no import circle among the analytics outside the
games' own folders, and the bots (analytics/policies) import nothing of the layers above them
(the games, the runs, the experiments). Imports inside functions count: a late import is
still an arrow."""

from __future__ import annotations

from pathlib import Path

import analytics
from analytics.native import module_name
from analytics.native.build import module_imports

ROOT = Path(analytics.__file__).parents[1]
ABOVE_THE_BOTS = ("analytics.games", "analytics.runs", "analytics.experiments")


def modules() -> dict[str, str]:
    """Module name -> source, every module of the package but those of a game's folder (a
    package's `__init__.py` under the package's own name)."""
    found = {}
    for path in (ROOT / "analytics").rglob("*.py"):
        source = path.relative_to(ROOT).as_posix()
        if source.count("/") > 2 and source.startswith("analytics/games/"):
            continue
        found[module_name(source).removesuffix(".__init__")] = source
    return found


def import_graph() -> dict[str, set[str]]:
    known = modules()
    return {name: {m for m in module_imports(source, ROOT) if m in known and m != name}
            for name, source in known.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import one another, each sorted (one group per circle)."""
    reach = {}
    for start in graph:
        seen, todo = set(), list(graph[start])
        while todo:
            node = todo.pop()
            if node not in seen:
                seen.add(node)
                todo += graph.get(node, ())
        reach[start] = seen
    groups = {frozenset([v, *(w for w in reach[v] if v in reach[w])])
              for v in graph if v in reach[v]}
    return sorted(sorted(g) for g in groups)


def test_the_circle_finder_finds_a_planted_circle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e2"}, "e2": set()}
    assert circles(graph) == [["a", "b", "c"]]


def test_no_import_circle_outside_the_games_folders():
    assert circles(import_graph()) == []


def test_the_bots_import_nothing_above_them():
    found = {name: sorted(m for m in imported if m.startswith(ABOVE_THE_BOTS))
             for name, imported in import_graph().items() if name.startswith("analytics.policies")}
    assert {name: above for name, above in found.items() if above} == {}
    assert "analytics.policies.mcts" in found
