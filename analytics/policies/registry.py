"""Bots by name, per game: `make_bot('diceforge', 'economist')`."""

from __future__ import annotations

from collections.abc import Callable

from analytics.errors import UserError
from analytics.policies.protocol import Policy, RandomPolicy

# (game, name) -> (factory, one-line description); "*" means any game.
_BOTS: dict[tuple[str, str], tuple[Callable[[], Policy], str]] = {
    ("*", "random"): (RandomPolicy, "uniform over the legal options"),
}


def register_bot(game: str, name: str, factory: Callable[[], Policy], about: str) -> None:
    _BOTS[(game, name)] = (factory, about)


def available_bots(game: str) -> dict[str, str]:
    """Bot name -> description for `game` (game-agnostic bots included)."""
    return {name: about for (g, name), (_, about) in sorted(_BOTS.items()) if g in (game, "*")}


def make_bot(game: str, name: str) -> Policy:
    for key in ((game, name), ("*", name)):
        if key in _BOTS:
            return _BOTS[key][0]()
    raise UserError(f"unknown bot {name!r} for {game}; known: {', '.join(available_bots(game))}")
