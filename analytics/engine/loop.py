"""The play loop: one game from a setup, a chance source and a decider, to scores and events."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol

from analytics.engine.chance import Chance, SeededChance
from analytics.engine.decisions import Decision, DecisionError
from analytics.engine.fingerprint import fingerprint
from analytics.engine.readonly import ReadOnlyError
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
    """Routes each decision to the policy of its seat, which reads the game itself, and checks
    the answer is legal.

    A bot may read the game, never change it. The seats in `checked` (bots from outside by
    default, every bot with --check-bots and in the tests) are held to it: the state's
    fingerprint is taken before and after each of their decisions, and a change stops the game
    with one line naming the bot and the decision. Unchecked seats pay nothing for it: the state
    is plain lists, dicts and classes.

    A decision with one legal option is answered without asking (and not counted): a forced
    move carries no information, and skipping it keeps the hot path short.
    """

    __slots__ = ("policies", "rngs", "count", "state", "checked", "immutable")

    def __init__(self, policies: list, seed: int, checked: tuple[bool, ...] = ()) -> None:
        self.policies = policies
        self.rngs = [random.Random(derive_seed(seed, "policy", seat))
                     for seat in range(len(policies))]
        self.count = 0
        self.state: Any = None  # the game, set by `bind`
        self.checked = checked or (False,) * len(policies)
        self.immutable: tuple[type, ...] = ()

    def bind(self, state: Any, game: GamePlugin) -> None:
        self.state = state
        if game is not None:
            self.immutable = game.immutable

    def decide(self, seat: int, kind: str, options: tuple, context: Any = None) -> Any:
        if len(options) == 1:
            return options[0]
        self.count += 1
        if type(context) is list:  # the rules may read it after the answer (rolled faces)
            context = tuple(context)
        decision = _new_decision((seat, kind, options, context))
        if self.checked[seat]:
            answer = self.checked_choice(decision)
        else:
            answer = self.policies[seat].choose(self.state, decision, self.rngs[seat])
        if answer not in options:
            raise DecisionError(f"{self.policies[seat].name} answered {answer!r} to {kind}; "
                                f"legal: {options}")
        return answer


    def checked_choice(self, decision: Decision) -> Any:
        """The policy's answer, with the game's fingerprint the same after as before."""
        policy, state = self.policies[decision.seat], self.state
        before = fingerprint(state, self.immutable, self)
        answer = policy.choose(state, decision, self.rngs[decision.seat])
        if fingerprint(state, self.immutable, self) != before:
            raise ReadOnlyError(f"bot {policy.name!r} (seat {decision.seat}) changed the game "
                                f"while deciding {decision.kind!r}: a bot may read the game, "
                                "never change it")
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
    """The result of a finished game. A game with competitors that are not seats (solo
    Rivals) offers `rival_standings`: they rank beside the seats and may take the win."""
    keys = game.standings(state)
    rivals = getattr(game, "rival_standings", None)
    ranks, shares = rank_seats(keys + (rivals(state) if rivals is not None else []))
    ranks, shares = ranks[:len(keys)], shares[:len(keys)]
    return GameResult([k[0] for k in keys], ranks, shares, state.log.rows, n_decisions,
                      state.rounds)


def play_game(game: GamePlugin, setup: Any, policies: list, seed: int,
              checked: tuple[bool, ...] = ()) -> GameResult:
    """Play one seeded game; the same (setup, policies, seed) always gives the same result.
    The seats in `checked` are stopped if their bot changes the game (Decider)."""
    return play(game, setup, SeededChance(derive_seed(seed, "chance")),
                Decider(policies, seed, checked))
