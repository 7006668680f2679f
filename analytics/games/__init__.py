"""The explicit registry of games the engine can play."""

from __future__ import annotations

from analytics.errors import UserError
from analytics.games.bazaar import GAME as BAZAAR
from analytics.games.diceforge import GAME as DICEFORGE

GAMES = {DICEFORGE.name: DICEFORGE, BAZAAR.name: BAZAAR}
DEFAULT_GAME = DICEFORGE.name  # the game a new run plays unless told (--game)


def get_game(name: str):
    if name not in GAMES:
        raise UserError(f"unknown game {name!r}; known: {', '.join(GAMES)}")
    return GAMES[name]


def game_of(state: object):
    """The game whose state `state` is (a search bot learns from its view what it plays): the
    plugin that declares its class (`state_type`), else the one whose package defines it."""
    for game in GAMES.values():
        if isinstance(state, getattr(game, "state_type", ())):
            return game
    package = type(state).__module__.split(".")[:3]  # analytics.games.<game>
    for game in GAMES.values():
        if type(game).__module__.split(".")[:3] == package:
            return game
    raise UserError(f"no game plays a {type(state).__name__} state")


def check_game(asked: str | None, found: str, where: str) -> None:
    """--game, when given, must be the game of what a command reads (a run, a record)."""
    get_game(found)
    if asked is not None and asked != found:
        get_game(asked)
        raise UserError(f"{where} is a {found} game, not {asked} (--game)")
