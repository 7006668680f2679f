"""The explicit registry of games the engine can play.

Each game's package (its `GAME`, the plugin) is imported when a game is first asked for
(`GAMES`, `get_game`): a command that reads only logs loads no game engine, a fifth of its
start-up. `game_roles` reads each game's roles without its engine.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path

from analytics.errors import UserError
from analytics.eventlog.roles import Roles

PACKAGES = {"diceforge": "analytics.games.diceforge", "bazaar": "analytics.games.bazaar",
            "altera": "analytics.games.altera", "valeria": "analytics.games.valeria"}
DEFAULT_GAME = "diceforge"  # the game a new run plays unless told (--game)
ROLES_MODULE = "roles.py"  # each game's roles: a module that imports only eventlog.roles


_LOADED: dict = {}  # the plugins imported so far, by name (a test may register its own)


def __getattr__(name: str):
    if name == "GAMES":
        return _games()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _games() -> dict:
    """Every registered game's plugin, by name: one dict, kept (its packages imported once)."""
    ordered = {name: _LOADED.get(name) or importlib.import_module(package).GAME
               for name, package in PACKAGES.items()}
    extra = {name: game for name, game in _LOADED.items() if name not in ordered}
    _LOADED.clear()
    _LOADED.update({**ordered, **extra})
    return _LOADED


def get_game(name: str):
    if name not in _LOADED and name in PACKAGES:
        _LOADED[name] = importlib.import_module(PACKAGES[name]).GAME
    if name not in _LOADED:
        known = dict.fromkeys([*PACKAGES, *_LOADED])
        raise UserError(f"unknown game {name!r}; known: {', '.join(known)}")
    return _LOADED[name]


def set_components(plugin) -> dict[str, dict]:
    """Every component a card set of `plugin`'s game can hold (its set kind's list), by id."""
    kind = plugin.roles.set_kind
    return {row[kind]: row for row in plugin.tables()[f"{kind}s"]()}


def game_roles() -> dict[str, Roles]:
    """Every registered game's roles, by name: the plugin's own once its package is loaded,
    else read from the game's roles module alone (its package, which loads the engine, is
    not run; a test checks they are the plugin's)."""
    found = {}
    for name, package in PACKAGES.items():
        loaded = sys.modules.get(package)
        found[name] = (loaded.GAME.roles if hasattr(loaded, "GAME") else
                       roles_from_file(name))
    return {**found, **{name: game.roles for name, game in _LOADED.items()}}


def roles_from_file(name: str) -> Roles:
    """Game `name`'s roles from its roles module, run on its own (not its package)."""
    path = Path(__file__).parent / PACKAGES[name].rpartition(".")[2] / ROLES_MODULE
    spec = importlib.util.spec_from_file_location(f"_dicelab_roles_of_{name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.ROLES


def game_of(state: object):
    """The game whose state `state` is (a search bot learns from its view what it plays): the
    plugin that declares its class (`state_type`), else the one whose package defines it."""
    for game in _games().values():
        if isinstance(state, getattr(game, "state_type", ())):
            return game
    package = type(state).__module__.split(".")[:3]  # analytics.games.<game>
    for game in _games().values():
        if type(game).__module__.split(".")[:3] == package:
            return game
    raise UserError(f"no game plays a {type(state).__name__} state")


def check_game(asked: str | None, found: str, where: str) -> None:
    """--game, when given, must be the game of what a command reads (a run, a record)."""
    get_game(found)
    if asked is not None and asked != found:
        get_game(asked)
        raise UserError(f"{where} is a {found} game, not {asked} (--game)")
