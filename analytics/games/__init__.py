"""The explicit registry of games the engine can play."""

from __future__ import annotations

from analytics.errors import UserError
from analytics.games.altera import GAME as ALTERA
from analytics.games.bazaar import GAME as BAZAAR
from analytics.games.diceforge import GAME as DICEFORGE

GAMES = {DICEFORGE.name: DICEFORGE, BAZAAR.name: BAZAAR, ALTERA.name: ALTERA}
DEFAULT_GAME = DICEFORGE.name  # the game a new run plays unless told (--game)


def get_game(name: str):
    if name not in GAMES:
        raise UserError(f"unknown game {name!r}; known: {', '.join(GAMES)}")
    return GAMES[name]


def check_game(asked: str | None, found: str, where: str) -> None:
    """--game, when given, must be the game of what a command reads (a run, a record)."""
    get_game(found)
    if asked is not None and asked != found:
        get_game(asked)
        raise UserError(f"{where} is a {found} game, not {asked} (--game)")
