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
        """One of `decision.options`. `view` is the game state itself: read it, never change
        it (with checks on, a bot that writes is stopped: engine/fingerprint.py)."""


class RandomPolicy:
    """Uniform over the legal options: the floor every real bot must beat."""

    name = "random"
    params: dict[str, Any] = {}

    def choose(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        options = decision.options
        return options[int(rng.random() * len(options))]


class Defer:
    """What a bot returns for a decision it leaves to its fallback bot (see `Fallback`)."""

    def __repr__(self) -> str:
        return "DEFER"


DEFER = Defer()


class Fallback:
    """A bot from outside that answers only the decisions it cares about: those whose kind is in
    its `answers` (all, when it has none) and for which `choose` does not return DEFER. Every
    other decision goes to the built-in bot it names as `fallback`."""

    def __init__(self, bot: Any, fallback: Any) -> None:
        self.bot, self.fallback = bot, fallback
        self.answers = frozenset(getattr(bot, "answers", ()) or ())
        self.name = bot.name
        self.params = {**getattr(bot, "params", {}), "fallback": fallback.name}

    def choose(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        if not self.answers or decision.kind in self.answers:
            answer = self.bot.choose(view, decision, rng)
            if answer is not DEFER:
                return answer
        return self.fallback.choose(view, decision, rng)
