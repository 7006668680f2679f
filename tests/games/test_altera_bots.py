"""Altera's bots: the steward plays with intent (it beats random seats) and never reads what
its seat cannot see: given a state whose hidden parts differ (the other seats' bags, pools and
Objectives), it decides the same."""

from __future__ import annotations

import random

from analytics.engine.chance import SeededChance
from analytics.engine.loop import Decider, play_game
from analytics.games.altera import GAME
from analytics.games.altera.assumptions import load_set
from analytics.games.altera.bots import Steward
from analytics.games.altera.state import Setup
from analytics.policies import RandomPolicy

ASET = load_set()


def scrambled(state, seat: int, rng: random.Random):
    """A copy of `state` whose parts hidden from `seat` are different."""
    twin = GAME.clone(state, SeededChance(0), None)
    dice_ids = sorted(ASET.dice)
    objectives = sorted(ASET.objectives)
    for p in twin.players:
        if p.seat != seat:
            p.bag = [rng.choice(dice_ids) for _ in range(len(p.bag) + rng.randint(0, 3))]
            p.pool = [[rng.choice(dice_ids), rng.randrange(6)] for _ in p.pool]
            p.objectives = rng.sample(objectives, len(p.objectives))
    return twin


class Probing(Decider):
    """Seat 0's steward is asked twice at each of its decisions: on the game, and on a copy
    whose hidden parts differ; the answers must agree."""

    def __init__(self, players: int, seed: int) -> None:
        super().__init__([Steward(), *(RandomPolicy() for _ in range(players - 1))], seed)
        self.rng = random.Random(seed)
        self.probed = 0

    def decide(self, seat, kind, options, context=None):
        answer = super().decide(seat, kind, options, context)
        if seat == 0 and len(options) > 1:
            from analytics.engine.decisions import Decision

            twin = scrambled(self.state, 0, self.rng)
            again = self.policies[0].choose(twin, Decision(seat, kind, options, context),
                                            random.Random(0))
            assert again == answer, (kind, answer, again)
            self.probed += 1
        return answer


def test_the_steward_decides_the_same_whatever_it_cannot_see():
    for players, seed in ((3, 1), (4, 2)):
        decider = Probing(players, seed)
        state = GAME.new_game(Setup(players, ASET), SeededChance(seed), decider)
        decider.bind(state, GAME)
        GAME.play(state)
        assert decider.probed > 50


def test_the_steward_beats_random_seats():
    wins = 0.0
    for seed in range(12):
        bots = [RandomPolicy(), RandomPolicy(), RandomPolicy()]
        bots[seed % 3] = Steward()
        wins += play_game(GAME, Setup(3, ASET), bots, seed).win_shares[seed % 3]
    assert wins >= 9  # random seats win a third each: 4 of 12
