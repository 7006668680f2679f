"""Dice Forge (base game): the game plugin the engine plays."""

from __future__ import annotations

from analytics.games.diceforge import bots, catalogue, turn  # noqa: F401  (bots register)
from analytics.games.diceforge.state import Game, Setup, new_game


class DiceForge:
    """The Dice Forge plugin: content, a fresh state, play to the end, standings; what a run
    logs about itself (its catalogue, the words of its events)."""

    name = "diceforge"

    def new_game(self, setup: Setup, chance, decider) -> Game:
        return new_game(setup, chance, decider)

    def play(self, state: Game) -> None:
        turn.play(state)

    def standings(self, state: Game) -> list[tuple]:
        return turn.standings(state)

    def catalogue(self, setup: Setup) -> tuple[dict[str, type], list[dict]]:
        return catalogue.catalogue(setup)

    def vocabulary(self, setup: Setup) -> dict[str, tuple[str, ...]]:
        return catalogue.vocabulary(setup)


GAME = DiceForge()
