"""The play loop: one game from a setup, a chance source and a decider, to scores and events."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol

from analytics.engine import guard
from analytics.engine.chance import Chance, SeededChance
from analytics.engine.decisions import Decision, DecisionError
from analytics.engine.seeds import derive_seed


class Deciding(Protocol):
    """Whatever answers a game's decisions: policies by seat, a script of labels, a search."""

    count: int  # decisions answered that had a real choice

    def bind(self, state: Any, game: GamePlugin) -> None:
        """Called once with the new game's state and its game, before play."""

    def decide(self, seat: int, kind: str, options: tuple, context: Any = None) -> Any:
        """One of `options` for `seat`."""


class GamePlugin(Protocol):
    """What a game offers the engine (see analytics/games/diceforge for the first one)."""

    name: str
    immutable: tuple[type, ...]  # component types shared as they are (clones)

    def new_game(self, setup: Any, chance: Chance, decider: Deciding) -> Any:
        """A fresh state for `setup`; setup randomness comes from `chance`."""

    def play(self, state: Any) -> None:
        """Run the game on from its position to its end, asking its decider for every choice
        and its chance for dice."""

    def clone(self, state: Any, chance: Chance, decider: Deciding) -> Any:
        """A copy of a state between two steps, sharing nothing mutable, that plays on with
        `chance` and `decider`."""

    def standings(self, state: Any) -> list[tuple]:
        """Per seat, a sortable key: higher is better; equal keys are ties (score first)."""


# Decision(...) runs NamedTuple's generated Python __new__; this builds the same tuple in C
# (~300 decisions a game).
_new_decision = partial(tuple.__new__, Decision)


class Decider:
    """Routes each decision to the policy of its seat, which reads the game itself, frozen
    while it decides (every write raises: engine/guard.py), and checks the answer is legal.

    A decision with one legal option is answered without asking (and not counted): a forced
    move carries no information, and skipping it keeps the hot path short.
    """

    __slots__ = ("policies", "rngs", "count", "state")

    def __init__(self, policies: list, seed: int) -> None:
        self.policies = policies
        self.rngs = [random.Random(derive_seed(seed, "policy", seat))
                     for seat in range(len(policies))]
        self.count = 0
        self.state: Any = None  # the game, set by `bind`

    def bind(self, state: Any, game: GamePlugin) -> None:
        self.state = state

    def decide(self, seat: int, kind: str, options: tuple, context: Any = None) -> Any:
        if len(options) == 1:
            return options[0]
        if guard.FROZEN:  # a policy may not ask the game's decisions itself
            guard.refuse(self, f"asking {kind!r}")
        self.count += 1
        if type(context) is list:  # the rules may read it after the answer (rolled faces)
            context = tuple(context)
        decision = _new_decision((seat, kind, options, context))
        guard.FROZEN = True  # the flag itself, not freeze(): two calls less per decision
        try:
            answer = self.policies[seat].choose(self.state, decision, self.rngs[seat])
        finally:
            guard.FROZEN = False
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


def play(game: GamePlugin, setup: Any, chance: Chance, decider: Deciding) -> GameResult:
    """Play one game with the given chance source and decider."""
    state = game.new_game(setup, chance, decider)
    decider.bind(state, game)
    game.play(state)
    return result_of(game, state, decider.count)


def result_of(game: GamePlugin, state: Any, n_decisions: int) -> GameResult:
    """The result of a finished game."""
    keys = game.standings(state)
    ranks, shares = rank_seats(keys)
    return GameResult([k[0] for k in keys], ranks, shares, state.log.rows, n_decisions,
                      state.rounds)


def play_game(game: GamePlugin, setup: Any, policies: list, seed: int) -> GameResult:
    """Play one seeded game; the same (setup, policies, seed) always gives the same result."""
    return play(game, setup, SeededChance(derive_seed(seed, "chance")), Decider(policies, seed))
