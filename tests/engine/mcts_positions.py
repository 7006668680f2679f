"""Positions for the search tests: the last decision of a seeded game a search may start at,
and the score shift that makes exactly one of its options win outright (checked by playing
every option on under many draws of chance)."""

from __future__ import annotations

import random
from typing import Any

from analytics.engine.chance import SeededChance
from analytics.engine.decisions import Decision
from analytics.engine.loop import play_game
from analytics.engine.mcts import resumes_at
from analytics.games.bazaar.state import Bazaar
from analytics.games.diceforge.rules.components import GLORY


class Idle:
    """The decider a kept position holds: it is only ever cloned, never played."""

    count = 0

    def bind(self, state: Any, game: Any) -> None:
        pass

    def decide(self, *_: Any) -> Any:
        raise AssertionError("a kept position is cloned before it is played")


class Capture:
    """A bot that plays `bot`'s answers and keeps a copy of the last searchable position."""

    def __init__(self, game: Any, bot: Any, kind: str) -> None:
        self.game, self.bot, self.kind = game, bot, kind
        self.name, self.params = bot.name, {}
        self.found: tuple[Any, Decision] | None = None

    def choose(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        if decision.kind == self.kind and resumes_at(self.game, view, decision):
            self.found = (self.game.clone(view, SeededChance(0), Idle()), decision)
        return self.bot.choose(view, decision, rng)


def last_position(game: Any, setup: Any, seed: int, kind: str, seat: int) -> tuple[Any, Decision]:
    """`seat`'s last searchable decision of `kind` in a seeded game of the default bots."""
    bots = [game.make_bot(game.default_bots) for _ in range(setup.players)]
    capture = bots[seat] = Capture(game, bots[seat], kind)
    play_game(game, setup, bots, seed)
    assert capture.found is not None
    return capture.found


class Forced:
    """Answers the first decision with `option`, every other with the game's default bots."""

    count = 0

    def __init__(self, game: Any, option: Any, players: int) -> None:
        self.option, self.state = option, None
        self.bots = [game.make_bot(game.default_bots) for _ in range(players)]
        self.rng = random.Random(0)

    def bind(self, state: Any, game: Any) -> None:
        self.state = state

    def decide(self, seat: int, kind: str, options: tuple, context: Any = None) -> Any:
        if self.option is not None:
            option, self.option = self.option, None
            return option
        if len(options) == 1:
            return options[0]
        return self.bots[seat].choose(self.state, Decision(seat, kind, options, context),
                                      self.rng)


def margins(game: Any, state: Any, decision: Decision, option: Any, seeds: range) -> list[int]:
    """The deciding seat's final score minus its best opponent's, per chance seed, after
    `option`."""
    found = []
    for seed in seeds:
        decider = Forced(game, option, len(game.standings(state)))
        twin = game.clone(state, SeededChance(seed), decider)
        decider.bind(twin, game)
        game.play(twin)
        scores = [key[0] for key in game.standings(twin)]
        mine = scores.pop(decision.seat)
        found.append(mine - max(scores))
    return found


def add_score(state: Any, seat: int, amount: int) -> None:
    if isinstance(state, Bazaar):
        state.seats[seat].stars += amount
    else:
        state.players[seat].res[GLORY] += amount


def one_winner(game: Any, state: Any, decision: Decision, seeds: range) -> Any:
    """Shift the deciding seat's score so that exactly one option wins under every seed and
    every other loses under every seed; that option, or None when no shift does it."""
    low = {o: min(margins(game, state, decision, o, seeds)) for o in decision.options}
    high = {o: max(margins(game, state, decision, o, seeds)) for o in decision.options}
    best = max(low, key=low.__getitem__)
    others = max((high[o] for o in decision.options if o != best), default=-10**6)
    if low[best] - others < 2:
        return None
    add_score(state, decision.seat, -(others + 1))
    return best
