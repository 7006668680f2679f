"""Which game plays a state: how a bot given only its view (the search bot, made by name
alone: `mcts:400`) finds the game plugin whose clone and play it searches with.

The engine sits below the games and cannot import their registry, so the games tell the
engine how to find a state's game instead: analytics/games/plugin.py hands the registry's
`game_of` to `find_plugins_with` when it is imported, which is before any game's state can
exist (every game's plugin is a GameBase)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from analytics.errors import UserError

if TYPE_CHECKING:  # the loop's modules load only with a game, not with the registry
    from analytics.engine.loop import GamePlugin

_FINDER: list[Callable[[Any], GamePlugin]] = []  # the games' registry's answer, once known


def find_plugins_with(finder: Callable[[Any], GamePlugin]) -> None:
    """Let `finder` (state -> its game's plugin) answer `plugin_of`."""
    _FINDER[:] = [finder]


def plugin_of(state: Any) -> GamePlugin:
    """The plugin of the game whose state `state` is."""
    if not _FINDER:
        raise UserError(f"no game plays a {type(state).__name__} state (no game is loaded)")
    return _FINDER[0](state)
