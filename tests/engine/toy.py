"""A made-up game state for the engine's mechanics: a log and players with maps and hooks.

Plain Python, shaped like the engine's base classes (ResourceHolder, GameState) without deriving
from them: compiled, those refuse interpreted subclasses and the engine's mechanics take only
compiled states, so tests on this state run on plain Python alone (compiled, the golden
playthroughs and tests/test_builds_agree.py cover the mechanics through Dice Forge)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from analytics.engine import resources
from analytics.engine.events import EventLog

plain_only = pytest.mark.skipif(not resources.__file__.endswith(".py"),
                                reason="a plain Python state: the compiled engine refuses it")


@dataclass
class Toy:
    seat: int
    res: dict[str, int] = field(default_factory=lambda: {"coin": 0, "gem": 0})
    caps: dict[str, int] = field(default_factory=lambda: {"coin": 5})
    hooks: dict = field(default_factory=dict)


@dataclass
class Table:
    players: list[Toy] = field(default_factory=lambda: [Toy(0), Toy(1)])
    log: EventLog = field(default_factory=EventLog)
    calls: list = field(default_factory=list)

    def events(self) -> list[tuple]:
        """(seat, kind, item, resource, amount, cause) of each event so far."""
        return [row[2:8] for row in self.log.rows]
