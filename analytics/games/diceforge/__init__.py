"""Dice Forge (base game): the game plugin the engine plays."""

from __future__ import annotations

from analytics.games.diceforge import bots, lookahead, turn  # noqa: F401  (bots register)
from analytics.games.diceforge.clone import clone
from analytics.games.diceforge.components import Card, Face
from analytics.games.diceforge.labels import LABELLING
from analytics.games.diceforge.options import RuleOptions
from analytics.games.diceforge.state import Game, Setup, new_game


class DiceForge:
    """The Dice Forge plugin: content, a fresh state, play to the end, standings."""

    name = "diceforge"
    immutable: tuple[type, ...] = (Face, Card, RuleOptions)  # frozen: views and clones share
    labelling = LABELLING  # option labels that parse back (records, scripted deciders)

    def new_game(self, setup: Setup, chance, decider) -> Game:
        return new_game(setup, chance, decider)

    def play(self, state: Game) -> None:
        turn.play(state)

    def clone(self, state: Game, chance, decider) -> Game:
        return clone(state, chance, decider)

    def standings(self, state: Game) -> list[tuple]:
        return turn.standings(state)


GAME = DiceForge()
