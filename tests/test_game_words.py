"""No game's words below the games: queries and the analytics outside `analytics/games/` read
a game's roles from its logs instead of naming its words (as the import test keeps them from
importing a game).

The words are every registered game's declared ones: its roles' event kinds, resources,
component kinds and labels, and its vocabulary (event kinds, items, resources, causes) but
digits. A string literal equal to one fails: in `.sql` files any quoted word, in Python any
string constant (docstrings and comments are prose and may name a game). The seat and turn
words are the log schema's own column names (`seat`, `round`), not a game's word, and are left
out. `analytics/native` (the compiled build: it lists the modules to compile by path, no word)
and `analytics/devtools` (the developer's tools: benchmarks and profiles play Dice Forge on
purpose) are left out too.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from analytics.games import GAMES

ROOT = Path(__file__).parents[1]
EXCLUDED = ("analytics/games/", "analytics/engine/", "analytics/native/", "analytics/devtools/")
ALLOWED = {
    # The record file format (`dicelab record`): its header line `card SLOT CARD_ID` names a
    # set's card per slot, a key of the file format, as `players` or `seat` are.
    "analytics/records/format.py": {"card"},
}


def declared_words() -> set[str]:
    """Every word some registered game declares in its roles or its vocabulary, but digits."""
    words: set[str] = set()
    for game in GAMES.values():
        words |= game.roles.words()
        for declared in game.vocabulary(None).values():
            words |= {w for w in declared if not w.isdigit()}
    return words


def sql_files() -> list[Path]:
    return sorted([*ROOT.glob("queries/*.sql"), *ROOT.glob("queries/audits/*.sql")])


def python_files() -> list[Path]:
    return sorted(p for p in ROOT.glob("analytics/**/*.py")
                  if not str(p.relative_to(ROOT)).startswith(EXCLUDED))


def python_strings(path: Path) -> set[str]:
    """The string constants of a module but its docstrings (f-string parts included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                       ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)}
    return {node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docstrings}


def sql_strings(path: Path) -> set[str]:
    """The quoted literals of a query file but its comments."""
    text = "\n".join(line.split("--", 1)[0] for line in path.read_text().splitlines())
    return set(re.findall(r"'([^']*)'", text))


def test_the_games_declare_words():
    words = declared_words()
    assert {"card", "face", "glory", "feat_performed", "die_rolled"} <= words


@pytest.mark.parametrize("path", sql_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_queries_name_no_game_word(path):
    named = sorted(sql_strings(path) & declared_words())
    assert named == [], f"{path.relative_to(ROOT)} names {named}: read them from the roles"


@pytest.mark.parametrize("path", python_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_analytics_name_no_game_word(path):
    allowed = ALLOWED.get(str(path.relative_to(ROOT)), set())
    named = sorted(python_strings(path) & declared_words() - allowed)
    assert named == [], f"{path.relative_to(ROOT)} names {named}: read them from the roles"
