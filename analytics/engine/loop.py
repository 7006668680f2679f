"""The play loop: one game from a setup, a list of policies and a seed, to scores and events."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol

from analytics.engine.chance import Chance, SeededChance
from analytics.engine.decisions import Decision, DecisionError
from analytics.engine.seeds import derive_seed


class GamePlugin(Protocol):
    """What a game offers the engine (see analytics/games/diceforge for the first one)."""

    name: str

    def new_game(self, setup: Any, chance: Chance, decider: Decider) -> Any:
        """A fresh state for `setup`; setup randomness comes from `chance`."""

    def play(self, state: Any) -> None:
        """Run the game to its end, asking `decider` for every choice and `chance` for dice."""

    def standings(self, state: Any) -> list[tuple]:
        """Per seat, a sortable key: higher is better; equal keys are ties (score first)."""


# Decision(...) runs NamedTuple's generated Python __new__; this builds the same tuple in C
# (~300 decisions a game).
_new_decision = partial(tuple.__new__, Decision)


class Decider:
    """Routes each decision to the policy of its seat and checks the answer is legal.

    A decision with one legal option is answered without asking (and not counted): a forced
    move carries no information, and skipping it keeps the hot path short.
    """

    __slots__ = ("policies", "rngs", "count", "state")

    def __init__(self, policies: list, seed: int) -> None:
        self.policies = policies
        self.rngs = [random.Random(derive_seed(seed, "policy", seat))
                     for seat in range(len(policies))]
        self.count = 0
        self.state: Any = None  # the game's state, set once it is built

    def decide(self, seat: int, kind: str, options: tuple, context: Any = None):
        if len(options) == 1:
            return options[0]
        self.count += 1
        decision = _new_decision((seat, kind, options, context))
        answer = self.policies[seat].choose(self.state, decision, self.rngs[seat])
        if answer not in options:
            raise DecisionError(f"{self.policies[seat].name} answered {answer!r} to {kind}; "
                                f"legal: {options}")
        return answer


@dataclass(frozen=True, slots=True)
class GameResult:
    """Final scores, ranks (1 = best), win shares, events and the count of real decisions."""

    scores: list[int]
    ranks: list[int]
    win_shares: list[float]
    events: list[tuple]
    n_decisions: int
    rounds: int


def rank_seats(keys: list[tuple]) -> tuple[list[int], list[float]]:
    """Ranks (ties share the best rank) and win shares (tied winners split one win)."""
    ranks = [1 + sum(other > key for other in keys) for key in keys]
    winners = ranks.count(1)
    return ranks, [1.0 / winners if r == 1 else 0.0 for r in ranks]


def play_game(game: GamePlugin, setup: Any, policies: list, seed: int) -> GameResult:
    """Play one game; the same (setup, policies, seed) always gives the same result."""
    decider = Decider(policies, seed)
    state = game.new_game(setup, SeededChance(derive_seed(seed, "chance")), decider)
    decider.state = state
    game.play(state)
    keys = game.standings(state)
    ranks, shares = rank_seats(keys)
    return GameResult([k[0] for k in keys], ranks, shares, state.log.rows, decider.count,
                      state.rounds)
