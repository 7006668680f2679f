"""Altera's invariants over random games at every player count: dice are conserved between
bag, pool, Villa Board, discard and supply; no resource goes below 0; Prestige is the sum of
its events; every game ends after round 7; the same seed gives the same log. And a golden
playthrough per player count."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from analytics.engine.chance import SeededChance
from analytics.engine.loop import Decider, play_game
from analytics.eventlog.render import render_events
from analytics.games.altera import GAME
from analytics.games.altera.assumptions import load_set
from analytics.games.altera.rounds import supply_counts
from analytics.games.altera.state import Setup
from analytics.policies import RandomPolicy

GOLDEN = Path(__file__).parent.parent / "golden"
ASET = load_set()
COUNTS = (1, 2, 3, 4, 5, 6)


def dice_in_play(state) -> int:
    held = sum(len(p.bag) + len(p.pool) + len(p.slotted) + len(p.discard)
               for p in state.players)
    return held + sum(state.supply.values()) + len(state.rival_bag)


class Checking(Decider):
    """Random seats, with the invariants checked at every decision."""

    def __init__(self, players: int, seed: int, total: int) -> None:
        super().__init__([RandomPolicy() for _ in range(players)], seed)
        self.total = total
        self.checks = 0

    def decide(self, seat, kind, options, context=None):
        state = self.state
        if state is not None:
            assert dice_in_play(state) == self.total
            for p in state.players:
                assert min(p.res.values()) >= 0 and min(p.rep.values()) >= 0, p
            self.checks += 1
        return super().decide(seat, kind, options, context)


def play_checked(players: int, seed: int):
    setup = Setup(players, ASET)
    total = sum(supply_counts(setup).values())
    decider = Checking(players, seed, total)
    state = GAME.new_game(setup, SeededChance(seed), decider)
    decider.bind(state, GAME)
    GAME.play(state)
    assert dice_in_play(state) == total
    return state, decider


@settings(max_examples=18, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.sampled_from(COUNTS))
def test_random_games_keep_the_invariants(seed, players):
    state, decider = play_checked(players, seed)
    assert decider.checks >= 20
    assert state.over and state.round == 7
    assert all(len(deck) == 0 for deck in state.decks.values())
    rounds = {e[0] for e in state.log.rows}
    assert rounds == set(range(0, 8))  # 0: the setup
    for p in state.players:
        prestige = sum(e[6] for e in state.log.rows
                       if e[2] == p.seat and e[3] == "resource_gained" and e[5] == "prestige")
        assert prestige == p.res["prestige"]
        assert min(p.res.values()) >= 0


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.sampled_from(COUNTS))
def test_the_same_seed_gives_the_same_log(seed, players):
    setup = Setup(players, ASET)
    first = play_game(GAME, setup, [RandomPolicy() for _ in range(players)], seed)
    again = play_game(GAME, setup, [RandomPolicy() for _ in range(players)], seed)
    assert first.events == again.events and first.scores == again.scores


def test_a_clone_plays_on_alone():
    setup = Setup(3, ASET)
    state = GAME.new_game(setup, SeededChance(3), Decider([RandomPolicy()] * 3, 3))
    state.decider.bind(state, GAME)
    twin = GAME.clone(state, SeededChance(9), Decider([RandomPolicy()] * 3, 9))
    twin.decider.bind(twin, GAME)
    before = [p.copy() for p in state.players]
    GAME.play(twin)
    assert twin.over and not state.over
    assert [(p.res, p.bag, p.rep) for p in state.players] == [(p.res, p.bag, p.rep)
                                                               for p in before]


def test_seeded_playthroughs_match_their_golden_files():
    for players, seed in ((1, 5), (2, 6), (3, 7), (4, 11), (5, 12), (6, 13)):
        setup = Setup(players, ASET)
        result = play_game(GAME, setup, [RandomPolicy() for _ in range(players)], seed)
        text = (f"under assumption set {ASET.name} [{ASET.hash}]\n"
                f"scores {result.scores} ranks {result.ranks}\n" + render_events(result.events))
        path = GOLDEN / f"altera-default-{players}p-seed{seed}.txt"
        if os.environ.get("DICELAB_UPDATE_GOLDEN") == "1":
            path.write_text(text)
        assert path.read_text() == text
