"""The policy protocol: see the decision and the state, return one legal option, never mutate."""

from __future__ import annotations

import random
from typing import Any, Protocol

from analytics.engine.decisions import Decision


class Policy(Protocol):
    """A bot: a stable name, its parameters (recorded in logs) and a choice function."""

    name: str
    params: dict[str, Any]

    def choose(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        """One of `decision.options`. `view` is the game state itself, frozen while the policy
        decides: read it; any write raises ReadOnlyError (engine/guard.py)."""


class RandomPolicy:
    """Uniform over the legal options: the floor every real bot must beat."""

    name = "random"
    params: dict[str, Any] = {}

    def choose(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        options = decision.options
        return options[int(rng.random() * len(options))]
