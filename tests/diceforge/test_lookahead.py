"""The lookahead bot: legal, deterministic for a seed, and its rollouts never touch the real
game (its dice streams, log and state are as they were after every choice it makes)."""

from __future__ import annotations

import random

from analytics.engine import play_game
from analytics.engine.decisions import Decision
from analytics.games.diceforge import GAME
from analytics.games.diceforge.content import load_card_set
from analytics.games.diceforge.lookahead import LookaheadBot
from analytics.games.diceforge.state import Setup
from analytics.policies import available_bots, make_bot

SETUP = Setup(3, load_card_set("base"))


def dice_positions(chance) -> dict:
    return {key: stream.__self__.getstate() for key, stream in chance._streams.items()}


class Watched:
    """Wraps the lookahead bot: after every choice the real game is as it was before it."""

    def __init__(self, bot: LookaheadBot) -> None:
        self.bot, self.name, self.params = bot, bot.name, bot.params
        self.searched = 0

    def choose(self, view, decision: Decision, rng: random.Random):
        g = view  # the game itself, frozen while the bot decides
        before = (len(g.log.rows), dice_positions(g.chance), repr(g.players), g.phase,
                  repr(g.sanctuary), repr(g.stacks), repr(g.islands))
        answer = self.bot.choose(view, decision, rng)
        after = (len(g.log.rows), dice_positions(g.chance), repr(g.players), g.phase,
                 repr(g.sanctuary), repr(g.stacks), repr(g.islands))
        assert after == before, decision.kind
        self.searched += decision.kind in ("action", "extra_action")
        return answer


def lookahead_game(seed: int):
    watched = Watched(LookaheadBot(rollouts=1))
    policies = [watched, make_bot("diceforge", "economist"), make_bot("diceforge", "hero")]
    return play_game(GAME, SETUP, policies, seed), watched


def test_lookahead_is_registered():
    assert "lookahead" in available_bots("diceforge")
    assert make_bot("diceforge", "lookahead").params["rollouts"] >= 1


def test_lookahead_plays_legal_games_without_touching_the_real_one():
    result, watched = lookahead_game(3)  # the Decider refuses an illegal answer
    assert watched.searched > 10 and len(result.scores) == 3


def test_lookahead_is_deterministic_for_a_seed():
    first, _ = lookahead_game(4)
    second, _ = lookahead_game(4)
    assert first.events == second.events and first.scores == second.scores
