"""Altera's lookahead bot: the engine's MCTS at each deployment, on clones whose hidden parts
are redrawn (analytics/games/altera/hidden.py). What a seat cannot see is sampled, never read:
states that differ only there give the same sample and the same decisions."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from analytics.engine.chance import SeededChance
from analytics.engine.decisions import Decision
from analytics.engine.loop import Decider, play_game
from analytics.games.altera import GAME
from analytics.games.altera.assumptions import load_set
from analytics.games.altera.bots import Steward
from analytics.games.altera.hidden import determinize
from analytics.games.altera.state import Setup
from analytics.policies import make_bot

ASET = load_set()


def scrambled(state, seat: int, rng: random.Random):
    """A copy of `state` that differs from it only where `seat` cannot see: the others' dice
    shuffled between bag and pool with other faces, other Objectives for them and another
    deck order, other cards of the same Stages under each Guild deck's top."""
    twin = GAME.clone(state, SeededChance(0), None)
    others = [p for p in twin.players if p.seat != seat]
    for p in others:
        dice = [*p.bag, *(d for d, _ in p.pool)]
        rng.shuffle(dice)
        p.pool = [[d, rng.randrange(6)] for d in dice[:len(p.pool)]]
        p.bag = dice[len(p.pool):]
    unseen = [*twin.objective_deck, *(o for p in others for o in p.objectives)]
    rng.shuffle(unseen)
    for p in others:
        p.objectives, unseen = unseen[:len(p.objectives)], unseen[len(p.objectives):]
    twin.objective_deck = unseen
    shown = {*twin.past_cards, *(deck[0] for deck in twin.decks.values())}
    for deck in twin.decks.values():
        for i in range(1, len(deck)):
            card = ASET.cards[deck[i]]
            spare = sorted(c.id for c in ASET.cards.values() if c.guild == card.guild
                           and c.stage == card.stage and c.id not in shown and c.id not in deck)
            if spare and rng.random() < 0.5:
                deck[i] = rng.choice(spare)
    return twin


def hidden_parts(state) -> tuple:
    return (tuple((tuple(p.bag), tuple(map(tuple, p.pool)), tuple(p.objectives))
                  for p in state.players),
            tuple(state.objective_deck), tuple(tuple(d) for d in state.decks.values()))


class Stopping(Decider):
    """Plays stewards until seat 0's deployment in round `at`, then stops with the state."""

    class Stop(Exception):
        pass

    def __init__(self, players: int, seed: int, at: int) -> None:
        super().__init__([Steward() for _ in range(players)], seed)
        self.at = at

    def decide(self, seat, kind, options, context=None):
        if kind == "deploy" and seat == 0 and self.state.round == self.at and len(options) > 1:
            raise Stopping.Stop((seat, kind, options, context))
        return super().decide(seat, kind, options, context)


def position(players: int, seed: int, at: int):
    """A game stopped at seat 0's first deployment of round `at`: (state, decision)."""
    decider = Stopping(players, seed, at)
    state = GAME.new_game(Setup(players, ASET), SeededChance(seed), decider)
    decider.bind(state, GAME)
    with pytest.raises(Stopping.Stop) as stop:
        GAME.play(state)
    return state, Decision(*stop.value.args[0])


@pytest.mark.parametrize("players,seed,at", [(3, 1, 2), (4, 2, 4), (2, 3, 6), (5, 4, 3)])
def test_states_that_differ_only_where_the_seat_cannot_see_give_the_same_sample(players, seed,
                                                                                at):
    state, _ = position(players, seed, at)
    twins = [scrambled(state, 0, random.Random(r)) for r in range(3)]
    assert len({hidden_parts(t) for t in twins}) > 1  # the scrambles differ
    samples = {hidden_parts(determinize(GAME.clone(t, SeededChance(0), None), 0,
                                        random.Random(7))) for t in (state, *twins)}
    assert len(samples) == 1


@pytest.mark.parametrize("players,seed,at", [(3, 1, 2), (4, 2, 5)])
def test_a_sample_keeps_what_the_seat_sees_and_redraws_the_rest(players, seed, at):
    state, _ = position(players, seed, at)
    found = set()
    for r in range(8):
        sample = determinize(GAME.clone(state, SeededChance(0), None), 0, random.Random(r))
        mine, real = sample.players[0], state.players[0]
        assert (mine.pool, sorted(mine.bag), mine.objectives) == (real.pool, sorted(real.bag),
                                                                  real.objectives)
        for p, q in zip(sample.players[1:], state.players[1:], strict=True):
            assert Counter([*p.bag, *(d for d, _ in p.pool)]) == Counter(
                [*q.bag, *(d for d, _ in q.pool)])
            assert (len(p.pool), len(p.objectives)) == (len(q.pool), len(q.objectives))
            assert not set(p.objectives) & set(real.objectives)
        for guild, deck in sample.decks.items():
            assert deck[0] == state.decks[guild][0]
            assert [ASET.cards[c].stage for c in deck] == [ASET.cards[c].stage
                                                           for c in state.decks[guild]]
            assert not set(deck) & set(state.past_cards) and len(set(deck)) == len(deck)
        assert sorted(sample.objective_deck + [o for p in sample.players for o in p.objectives]
                      ) == sorted(state.objective_deck
                                  + [o for p in state.players for o in p.objectives])
        found.add(hidden_parts(sample))
    assert len(found) > 1  # redrawn, not read


def test_the_lookahead_decides_the_same_whatever_it_cannot_see():
    for players, seed, at in ((3, 1, 2), (4, 2, 4), (3, 5, 6)):
        state, decision = position(players, seed, at)
        answers = {make_bot("altera", "lookahead:12").choose(view, decision, random.Random(3))
                   for view in (state, *(scrambled(state, 0, random.Random(r))
                                         for r in range(2)))}
        assert len(answers) == 1


class Counting:
    """Seat 0's lookahead, counting its deployments with a choice."""

    def __init__(self, bot) -> None:
        self.bot, self.name, self.params, self.deployments = bot, bot.name, bot.params, 0

    def choose(self, view, decision, rng):
        self.deployments += decision.kind == "deploy"
        return self.bot.choose(view, decision, rng)


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_the_lookahead_searches_every_deployment_at_every_player_count(players):
    setup = GAME.setup("default", "none", {}, players).game_setup
    seat0 = Counting(make_bot("altera", "lookahead:3"))
    bots = [seat0, *(make_bot("altera", "steward") for _ in range(players - 1))]
    result = play_game(GAME, setup, bots, players, checked=(True,) * players)
    assert seat0.deployments > 0 and seat0.bot.searches == seat0.deployments
    assert seat0.bot.params["kinds"] == "deploy" and seat0.bot.params["rollout"] == "steward"
    assert result.rounds == 7
