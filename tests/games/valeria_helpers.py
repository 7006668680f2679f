"""A blank Valeria table for rules tests: the default set, empty Shrines and player boards,
scripted chance and decisions (each test puts the dice and resources it needs)."""

from __future__ import annotations

from typing import Any

from analytics.engine.chance import ScriptedChance, SeededChance
from analytics.engine.scripted import ScriptedDecider
from analytics.games.valeria.assumptions import load_set
from analytics.games.valeria.game import new_game
from analytics.games.valeria.labels import LABELLING
from analytics.games.valeria.state import RULE_DEFAULTS, Setup, Valeria
from analytics.games.valeria.words import SHRINES
from tests.games.altera_helpers import First  # answers every decision with its first option

ASET = load_set()


class Asked(ScriptedDecider):
    """A scripted decider that also keeps every decision it was asked (kind, options)."""

    def __init__(self, script=()) -> None:
        super().__init__(LABELLING, script)
        self.asked: list[tuple[int, str, tuple]] = []

    def decide(self, seat: int, kind: str, options: tuple, context: Any = None) -> Any:
        self.asked.append((seat, kind, options))
        return super().decide(seat, kind, options, context)

    def options(self, kind: str) -> tuple:
        return next(o for _, k, o in reversed(self.asked) if k == kind)


def table(players: int = 3, modules: tuple[str, ...] = (), **rules: str) -> Valeria:
    """The game after setup, then: no die on any Shrine (they are back in the bag), no Troop
    dice, scripted chance and decisions, an empty log."""
    setup = Setup(players, ASET, modules, tuple({**RULE_DEFAULTS, **rules}.items()))
    state = new_game(setup, SeededChance(1), First())
    for shrine, dice in state.shrines.items():
        state.bag += [d[0] for d in dice]
        state.shrines[shrine] = []
    state.chance = ScriptedChance()
    state.decider = Asked()
    state.log.rows.clear()
    state.log.active_seat = 0
    return state


def put(state: Valeria, shrine: str, *dice: tuple[str, int]) -> None:
    """Move dice of these types from the bag onto a Shrine, at these values."""
    for kind, pip in dice:
        state.bag.remove(kind)
        state.shrines[shrine].append([kind, pip])


def give(state: Valeria, seat: int, *dice: tuple[str, int]) -> None:
    """Move dice from the bag onto a seat's player board (a Wraith onto its VP chart)."""
    p = state.players[seat]
    for kind, pip in dice:
        state.bag.remove(kind)
        if kind == "wraith":
            p.wraith = [kind, pip]
        else:
            p.dice.append([kind, pip])


def events(state: Valeria, kind: str) -> list[tuple]:
    """(seat, item, resource, amount, cause) of every event of `kind`."""
    return [(e[2], e[4], e[5], e[6], e[7]) for e in state.log.rows if e[3] == kind]


def vp_by_cause(state: Valeria, seat: int) -> dict[str, int]:
    found: dict[str, int] = {}
    for s, _, resource, amount, cause in events(state, "resource_gained"):
        if s == seat and resource == "vp":
            found[cause] = found.get(cause, 0) + amount
    return found


ALL = tuple(SHRINES)
