"""A blank Altera table for rules tests: known Factions and Guild cards, empty Villas, and
scripted chance and decisions (each test sets the pools and resources it needs)."""

from __future__ import annotations

from typing import Any

from analytics.engine.chance import ScriptedChance, SeededChance
from analytics.engine.scripted import ScriptedDecider
from analytics.games.altera.assumptions import load_set
from analytics.games.altera.labels import LABELLING
from analytics.games.altera.rounds import new_game, setup_phase
from analytics.games.altera.state import RESOURCES, Altera, Setup
from analytics.games.altera.words import GUILDS, TRACKS

ASET = load_set()
FACTIONS = ("harbor_baron", "ashen_druid", "autumn_prefect", "oceanic_regent")


class First:
    """Answers every decision with its first option (the setup's picks)."""

    count = 0

    def bind(self, state: Any, game: Any) -> None:
        pass

    def decide(self, seat: int, kind: str, options: tuple, context: Any = None) -> Any:
        return options[0]


class Recording(ScriptedDecider):
    """A scripted decider that also notes (seat, kind, emissaries on the board) at each ask."""

    def __init__(self, state: Altera, script=()) -> None:
        super().__init__(LABELLING, script)
        self.state = state
        self.asked: list[tuple[int, str, int]] = []

    def decide(self, seat: int, kind: str, options: tuple, context: Any = None) -> Any:
        board = sum(len(s) for s in self.state.spaces.values())
        self.asked.append((seat, kind, board))
        return super().decide(seat, kind, options, context)


def table(players: int = 3, factions: tuple[str, ...] = FACTIONS) -> Altera:
    """Seats with the given Factions (priority order = seat order for the defaults), every
    Guild's Stage 1 'a' card on top, nothing in any Villa, scripted chance and decisions."""
    state = new_game(Setup(players, ASET), SeededChance(1), First())
    setup_phase(state)
    state.phase = "draw"
    for p, faction in zip(state.players, factions, strict=False):
        for die in p.bag:
            state.supply[die] += 1
        p.faction, p.priority = faction, ASET.factions[faction].priority
        p.res = dict.fromkeys(RESOURCES, 0)
        p.rep = dict.fromkeys(TRACKS, 0)
        p.bag, p.objectives = [], []
    state.decks = {g: [f"{g}-1a", f"{g}-2a", f"{g}-2b", f"{g}-2c", f"{g}-3a", f"{g}-3b",
                       f"{g}-3c"] for g in GUILDS}
    state.chance = ScriptedChance()
    state.decider = Recording(state)
    state.log.rows.clear()
    return state


def events(state: Altera, kind: str) -> list[tuple]:
    """(seat, item, resource, amount, cause) of every event of `kind`."""
    return [(e[2], e[4], e[5], e[6], e[7]) for e in state.log.rows if e[3] == kind]
