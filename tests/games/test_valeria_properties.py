"""Valeria's invariants over random games at every player count and module combination:
dice conserved between bag, Shrines, boards, plans and Great Battles; Wraith dice within 1-3,
Troop dice within 1-6; tracks within their caps; VP = the sum of its events; every game ends;
the same seed gives the same log."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from analytics.engine.chance import SeededChance
from analytics.engine.loop import Decider, play_game
from analytics.games.valeria import GAME
from analytics.games.valeria.state import Setup
from analytics.games.valeria.words import CAPPED, MODULES
from analytics.policies import RandomPolicy
from tests.games.valeria_helpers import ASET

COUNTS = (1, 2, 3, 4, 5)
COMBOS = [c for n in range(len(MODULES) + 1) for c in combinations(MODULES, n)]  # 16


def all_dice(state):
    for dice in state.shrines.values():
        yield from dice
    for p in state.players:
        yield from p.dice
        if p.wraith:
            yield p.wraith
    for spaces in state.battle_dice.values():
        yield from (d for d in spaces if d)
    yield from state.in_battle


class Checking(Decider):
    """Random seats (or warlords), with the invariants checked at every decision."""

    def __init__(self, players: int, seed: int, total: int, bots=None) -> None:
        super().__init__(bots or [RandomPolicy() for _ in range(players)], seed)
        self.total = total
        self.checks = 0

    def decide(self, seat, kind, options, context=None):
        state = self.state
        if state is not None:
            check(state, self.total, kind == "return_die")
            self.checks += 1
        return super().decide(seat, kind, options, context)


def check(state, total: int, returning: bool = False) -> None:
    """(While a seat chooses a die to return, it holds one more than its spaces.)"""
    assert state.dice_count() == total
    for die in all_dice(state):
        assert 1 <= die[1] <= (3 if die[0] == "wraith" else 6), die
    for p in state.players:
        assert all(0 <= p.res[t] <= p.cap[t] for t in CAPPED), p.res
        assert len(p.dice) <= p.spaces + returning
        assert 0 <= p.participation <= 5


def play_checked(players: int, modules: tuple[str, ...], seed: int, bots=None):
    setup = Setup(players, ASET, modules)
    decider = Checking(players, seed, 0, bots)
    state = GAME.new_game(setup, SeededChance(seed), decider)
    decider.total = state.dice_count()
    decider.bind(state, GAME)
    GAME.play(state)
    check(state, decider.total)
    return state, decider


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.sampled_from(COUNTS),
       modules=st.sampled_from(COMBOS))
def test_random_games_keep_the_invariants(seed, players, modules):
    state, decider = play_checked(players, modules, seed)
    assert state.over and decider.checks >= 20
    battles = [len(p.completed) for p in state.players]
    assert max(battles) >= ASET.board.numbers["battles_to_end"]  # it ended by the rule
    for p in state.players:
        vp = sum(e[6] for e in state.log.rows
                 if e[2] == p.seat and e[3] == "resource_gained" and e[5] == "vp")
        assert vp == p.res["vp"]


def test_every_player_count_and_every_module_combination_plays_to_its_end():
    for players in COUNTS:
        for k, modules in enumerate(COMBOS):
            state, _ = play_checked(players, modules, 1000 * players + k)
            assert state.over and state.round < 200


def test_the_warlord_keeps_the_invariants_too():
    from analytics.games.valeria.bots import Warlord

    for players in COUNTS:
        state, _ = play_checked(players, MODULES, players, [Warlord() for _ in range(players)])
        assert state.over


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.sampled_from(COUNTS),
       modules=st.sampled_from(COMBOS))
def test_the_same_seed_gives_the_same_log(seed, players, modules):
    setup = GAME.setup("default", "+".join(modules) or "none", {}, players).game_setup
    bots = [RandomPolicy() for _ in range(players)]
    first = play_game(GAME, setup, bots, seed)
    again = play_game(GAME, setup, bots, seed)
    assert first.events == again.events and first.scores == again.scores


class CloneMidway(Decider):
    """Random seats; at the 100th decision, a clone of the game is played to its end."""

    def __init__(self, players: int, seed: int) -> None:
        super().__init__([RandomPolicy() for _ in range(players)], seed)
        self.asked = 0
        self.clone_result = None

    def decide(self, seat, kind, options, context=None):
        self.asked += 1
        if self.asked >= 100 and kind == "move" and self.clone_result is None:
            twin = GAME.clone(self.state, SeededChance(5), Decider(
                [RandomPolicy() for _ in self.policies], 5))
            twin.decider.bind(twin, GAME)
            GAME.play(twin)
            self.clone_result = [p.res["vp"] for p in twin.players]
        return super().decide(seat, kind, options, context)


def test_a_clone_plays_on_without_touching_the_game_it_came_from():
    """(The search bots clone at a decision.) The game cloned from ends exactly as the same
    game played without a clone."""
    for players in (1, 4):
        setup = Setup(players, ASET, MODULES)
        plain = Decider([RandomPolicy() for _ in range(players)], 11)
        alone = GAME.new_game(setup, SeededChance(11), plain)
        plain.bind(alone, GAME)
        GAME.play(alone)
        cloning = CloneMidway(players, 11)
        state = GAME.new_game(setup, SeededChance(11), cloning)
        cloning.bind(state, GAME)
        GAME.play(state)
        assert cloning.clone_result is not None
        assert state.log.rows == alone.log.rows
