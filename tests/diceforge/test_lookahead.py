"""The lookahead bot: legal, deterministic for a seed, and its rollouts never touch the real
game (its dice streams, log and state are as they were after every choice it makes)."""

from __future__ import annotations

import random

from harness import Bench

from analytics.engine import play_game
from analytics.engine.decisions import Decision
from analytics.games.diceforge import GAME
from analytics.games.diceforge.bots.lookahead import LookaheadBot, outcome, scripted
from analytics.games.diceforge.bots.lookahead_moves import kept_options, moves
from analytics.games.diceforge.rules.content import load_card_set
from analytics.games.diceforge.rules.forge import buyable
from analytics.games.diceforge.rules.state import Setup
from analytics.games.diceforge.rules.turn import action_options
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


# --- the moves tried, and how a chosen move is played out ------------------------------------

def lookahead_game_with(seed: int, **params):
    watched = Watched(LookaheadBot(rollouts=1, **params))
    policies = [watched, make_bot("diceforge", "economist"), make_bot("diceforge", "hero")]
    return play_game(GAME, SETUP, policies, seed), watched


def test_forge_moves_and_confirmation_play_legal_deterministic_games():
    first, watched = lookahead_game_with(5, forges=3, confirm=2, width=None)
    second, _ = lookahead_game_with(5, forges=3, confirm=2, width=None)
    assert watched.searched > 10
    assert first.events == second.events and first.scores == second.scores


def test_scripted_uses_a_legal_step_of_its_kind_and_drops_the_rest_at_a_new_action():
    steps = [("offering", "sun_1")]
    assert scripted(steps, "forge_place", ((0, 0), (0, 1))) is None and steps  # not its kind
    assert scripted(steps, "offering", ("gold_3", "sun_1")) == "sun_1" and steps == []
    steps = [("offering", "sun_1")]
    assert scripted(steps, "offering", ("gold_3",)) is None and steps == []  # sold out: dropped
    steps = [("offering", "sun_1")]
    assert scripted(steps, "extra_action", ("pass", "forge")) is None and steps == []


def action_decision(bench: Bench, seat: int) -> Decision:
    g = bench.g
    return Decision(seat, "action", action_options(g, g.players[seat]), None)


def test_moves_split_forge_by_first_face_the_plans_own_pick_first():
    bench = Bench(players=3)
    bench.set_reserves(0, gold=8, sun=2, moon=2)
    hero = make_bot("diceforge", "hero")
    decision = action_decision(bench, 0)
    o = hero.outlook(bench.g, 0)
    offer = buyable(bench.g, 8)
    own_face = hero.choose(bench.g, Decision(0, "offering", offer, None), random.Random(0))
    tried = moves(o, decision, "forge", None, 2, lambda option: 0.0)
    forge_moves = [m for m in tried if m[0] == ("action", "forge")]
    assert tried[0] == (("action", "forge"), ("offering", own_face))
    assert len(forge_moves) == 2 and forge_moves[1][1][1] in offer
    assert forge_moves[1][1][1] != own_face
    others = [m[0][1] for m in tried if m[0][1] != "forge"]
    assert others == [opt for opt in decision.options if opt != "forge"]
    assert all(len(m) == 1 for m in tried if m[0][1] != "forge")


def test_moves_keep_the_best_scored_options_pass_and_the_plans_choice():
    options = ("pass", "forge", "a", "b", "c", "d")
    scores = {"pass": 0.0, "forge": 5.0, "a": 1.0, "b": 9.0, "c": 7.0, "d": 2.0}
    assert kept_options(options, "d", 2, scores.__getitem__) == ("pass", "b", "c", "d")
    assert kept_options(options, "b", None, scores.__getitem__) == options


def test_the_real_game_buys_the_face_its_chosen_forge_move_names():
    bot = LookaheadBot(rollouts=1, forges=3)
    seen: list[tuple] = []

    class Recording:
        name, params = bot.name, bot.params

        def choose(self, view, decision, rng):
            pending = list(bot.pending)
            answer = bot.choose(view, decision, rng)
            seen.append((decision.kind, answer, pending))
            return answer
    policies = [Recording(), make_bot("diceforge", "economist"), make_bot("diceforge", "hero")]
    play_game(GAME, SETUP, policies, 6)
    first_offerings = [(answer, pending) for kind, answer, pending in seen
                       if kind == "offering" and pending]
    forges = [answer for kind, answer, _ in seen if kind in ("action", "extra_action")
              and answer == "forge"]
    assert len(first_offerings) == len(forges) > 0
    assert all(pending == [("offering", answer)] for answer, pending in first_offerings)


def test_outcome_is_the_margin_over_the_best_opponent_plus_a_split_win_bonus():
    bench = Bench(players=3)
    for seat, glory in enumerate((10, 7, 4)):
        bench.set_reserves(seat, glory=glory)
    assert outcome(bench.g, 0, 5.0) == 8.0
    assert outcome(bench.g, 1, 5.0) == -3.0
    bench.set_reserves(1, glory=10)
    assert outcome(bench.g, 0, 5.0) == 2.5
    assert outcome(bench.g, 2, 5.0) == -6.0


class Scored(LookaheadBot):
    """A lookahead bot whose rollouts are replaced by given sums: 'pass' scores `first` per
    rollout in the first stage and `later` per confirming one; every other move but the
    plan's own (0) scores -100."""

    def __init__(self, first: float, later: float) -> None:
        super().__init__(rollouts=3, confirm=6, margin=2.0)
        self.first, self.later = first, later
        self.calls: list[tuple] = []

    def outcomes(self, view, seat, move, seeds):
        self.calls.append((move, len(seeds)))
        if move == self.mine:
            return 0.0
        if move[0][1] != "pass":
            return -100.0 * len(seeds)
        return (self.first if len(seeds) == 3 else self.later) * len(seeds)


def search_with(first: float, later: float):
    bench = Bench(players=3)
    bench.set_reserves(0, gold=8, sun=2, moon=2)
    decision = action_decision(bench, 0)
    bot = Scored(first, later)
    planned = bot.base.choose(bench.g, decision, random.Random(0))
    assert planned != "pass"
    bot.mine = moves(bot.base.outlook(bench.g, 0), decision, planned, bot.width, bot.forges,
                     lambda option: 0.0)[0]
    return bot, bot.search(bench.g, decision, random.Random(1))


def test_a_move_replaces_the_plans_own_when_it_keeps_its_lead_in_the_confirming_rollouts():
    bot, move = search_with(first=5.0, later=5.0)  # mean 5 over 9 rollouts beats 0 + 2
    assert move == (("action", "pass"),)
    confirming = [move for move, n in bot.calls if n == 6]
    assert sorted(confirming) == sorted([bot.mine, (("action", "pass"),)])


def test_the_plans_own_move_stays_when_the_lead_fades_in_the_confirming_rollouts():
    bot, move = search_with(first=5.0, later=1.0)  # mean (15 + 6) / 9 = 2.33: still > 2
    assert move == (("action", "pass"),)
    bot, move = search_with(first=5.0, later=0.5)  # mean (15 + 3) / 9 = 2: not above 2
    assert move == bot.mine


def test_no_confirmation_when_the_plans_own_move_is_best():
    bot, move = search_with(first=-1.0, later=9.0)
    assert move == bot.mine and all(n == 3 for _, n in bot.calls)
