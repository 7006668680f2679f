"""The search bot in Valeria: a game resumes at every seat's move (the turn's position is
data), so every seat searches; what a seat cannot see (the others' spells, the decks' unseen
order) is sampled by `determinize`, never read: states that differ only there give the same
sample and the same decisions."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from analytics.engine.chance import SeededChance
from analytics.engine.decisions import Decision
from analytics.engine.loop import Decider
from analytics.engine.mcts import resumes_at
from analytics.games.valeria import GAME, solo
from analytics.games.valeria.assumptions import load_set
from analytics.games.valeria.hidden import determinize
from analytics.games.valeria.state import Setup
from analytics.games.valeria.words import MODULES, SHRINES
from analytics.policies import make_bot

ASET = load_set()


class Stopping(Decider):
    """Plays warlords until `seat`'s move in round `at`, then stops with the state."""

    class Stop(Exception):
        pass

    def __init__(self, players: int, seed: int, seat: int, at: int) -> None:
        super().__init__([make_bot("valeria", "warlord") for _ in range(players)], seed)
        self.seat, self.at = seat, at

    def decide(self, seat, kind, options, context=None):
        if (kind, seat) == ("move", self.seat) and self.state.round == self.at \
                and len(options) > 1:
            raise Stopping.Stop((seat, kind, options, context))
        return super().decide(seat, kind, options, context)


def position(players: int, seed: int, seat: int, at: int):
    """A game of every module stopped at `seat`'s move in round `at`: (state, decision)."""
    decider = Stopping(players, seed, seat, at)
    state = GAME.new_game(Setup(players, ASET, MODULES), SeededChance(seed), decider)
    decider.bind(state, GAME)
    with pytest.raises(Stopping.Stop) as stop:
        GAME.play(state)
    return state, Decision(*stop.value.args[0])


def scrambled(state, seat: int, rng: random.Random):
    """A copy of `state` that differs from it only where `seat` cannot see: other spells in
    the other seats' hands (from the cards not dealt to `seat` and not cast), another order
    of each deck's unseen cards."""
    twin = GAME.clone(state, SeededChance(0), None)
    others = [p for p in twin.players if p.seat != seat]
    known = {*twin.players[seat].spells, *twin.spells_cast}
    pool = [c for c in ASET.spells if c not in known]
    rng.shuffle(pool)
    for p in others:
        p.spells, pool = pool[:len(p.spells)], pool[len(p.spells):]
    for name, deck in twin.decks().items():
        top = deck[:twin.unseen[name]]
        rng.shuffle(top)
        deck[:len(top)] = top
    rng.shuffle(twin.bag)
    return twin


def hidden_parts(state) -> tuple:
    return (tuple(tuple(p.spells) for p in state.players),
            tuple(tuple(d) for d in state.decks().values()), tuple(state.bag))


@pytest.mark.parametrize("players,seed,seat,at", [(3, 1, 2, 3), (4, 2, 1, 5), (2, 3, 1, 2)])
def test_every_seats_move_resumes(players, seed, seat, at):
    state, decision = position(players, seed, seat, at)
    assert resumes_at(GAME, state, decision)


@pytest.mark.parametrize("players,seed,seat,at", [(3, 1, 2, 3), (4, 2, 1, 5), (5, 4, 3, 4)])
def test_states_that_differ_only_where_the_seat_cannot_see_give_the_same_sample(
        players, seed, seat, at):
    state, _ = position(players, seed, seat, at)
    twins = [scrambled(state, seat, random.Random(r)) for r in range(3)]
    assert len({hidden_parts(t) for t in twins}) > 1  # the scrambles differ
    samples = {hidden_parts(determinize(GAME.clone(t, SeededChance(0), None), seat,
                                        random.Random(7))) for t in (state, *twins)}
    assert len(samples) == 1


@pytest.mark.parametrize("players,seed,seat,at", [(3, 1, 2, 3), (4, 2, 1, 5)])
def test_a_sample_keeps_what_the_seat_sees_and_redraws_the_rest(players, seed, seat, at):
    state, _ = position(players, seed, seat, at)
    found = set()
    for r in range(8):
        sample = determinize(GAME.clone(state, SeededChance(0), None), seat, random.Random(r))
        assert sample.players[seat].spells == state.players[seat].spells
        for p, q in zip(sample.players, state.players, strict=True):
            assert len(p.spells) == len(q.spells)
            assert not set(p.spells) & set(state.spells_cast)
        dealt = [c for p in sample.players for c in p.spells]
        assert len(set(dealt)) == len(dealt)
        for name, deck in sample.decks().items():
            real, unseen = state.decks()[name], state.unseen[name]
            assert Counter(deck[:unseen]) == Counter(real[:unseen])
            assert deck[unseen:] == real[unseen:]  # seen cards put under the deck stay
        assert Counter(sample.bag) == Counter(state.bag)
        found.add(hidden_parts(sample))
    assert len(found) > 1  # redrawn, not read


def test_the_search_decides_the_same_whatever_it_cannot_see():
    for players, seed, seat, at in ((3, 1, 2, 3), (4, 2, 1, 5)):
        state, decision = position(players, seed, seat, at)
        answers = {make_bot("valeria", "mcts:12").choose(view, decision, random.Random(3))
                   for view in (state, *(scrambled(state, seat, random.Random(r))
                                         for r in range(2)))}
        assert len(answers) == 1


def test_a_plan_the_adversary_puts_under_the_deck_stays_seen():
    """Solo, the Adversary at the Tactics Shrine puts the line's first plan under the deck:
    seen by everyone, it stays the bottom card of every sample."""
    state = GAME.new_game(Setup(1, ASET), SeededChance(5), None)
    before = state.unseen["plans"]
    state.adversary = SHRINES.index("tactics") - 1
    first = state.line[0]
    solo.adversary_moves(state, state.players[0])
    assert state.plan_deck[-1] == first and state.unseen["plans"] == before - 1
    for r in range(4):
        sample = determinize(GAME.clone(state, SeededChance(0), None), 0, random.Random(r))
        assert sample.plan_deck[-1] == first
