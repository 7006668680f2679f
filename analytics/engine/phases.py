"""The phase machine: a game's position is data, so a state between two steps can be cloned and
played on (search bots, "what if" analysis).

The state's `phase` names the step to run next; each step does its part of the game and sets
the phase after it. Effects inside a step may still ask the decider: a step ends at a point
where nothing is pending but the next phase.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from analytics.engine.events import EventLog

Step = Callable[[Any], None]


class GameState:
    """A game's state as the engine's mechanics read it: its event log and its position (the
    phase to run next, whether the game is over); a game's state class derives from it.

    A base class, not a Protocol: compiled, the engine then reads these natively."""

    __slots__ = ()
    log: EventLog
    phase: str
    over: bool


class Phases:
    """One game's steps by phase name, run on a state from its phase."""

    __slots__ = ("steps",)

    def __init__(self, steps: Mapping[str, Step]) -> None:
        self.steps = dict(steps)

    def run(self, state: GameState) -> None:
        """Play on from the state's phase until the game is over."""
        steps = self.steps
        while not state.over:
            steps[state.phase](state)

    def run_until(self, state: GameState, phase: str) -> None:
        """Run steps until the state's phase is `phase` (that step not run)."""
        steps = self.steps
        while state.phase != phase:
            steps[state.phase](state)
