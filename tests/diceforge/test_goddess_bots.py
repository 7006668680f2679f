"""The bots on the Goddess module: forks weigh what lies ahead (an unclaimed Treasure, a forge
space with gold at hand), module cards are bought, and the lookahead bot plays it (its clones
carry the board)."""

from __future__ import annotations

import random
from collections import Counter

from harness import Bench

from analytics.engine import play_game
from analytics.engine.decisions import Decision
from analytics.games.diceforge import GAME
from analytics.games.diceforge.bots.goddess import space_value
from analytics.games.diceforge.bots.lookahead import LookaheadBot
from analytics.games.diceforge.rules.components import MODULE_CARDS
from analytics.games.diceforge.rules.content import load_card_set
from analytics.games.diceforge.rules.labyrinth import SPACES
from analytics.games.diceforge.rules.state import Setup
from analytics.policies import make_bot

HEURISTIC = ("economist", "hero")


def bench() -> Bench:
    b = Bench(players=3, cards="goddess-discovery", module="goddess")
    for seat in range(3):
        b.set_reserves(seat)
    b.g.round = 3
    return b


def answer(b: Bench, name: str, kind: str, options: tuple, context=None):
    bot = make_bot("diceforge", name)
    return bot.choose(b.g, Decision(0, kind, options, context), random.Random(0))


def claim(b: Bench, space: int, token: str) -> None:
    b.g.board.halls[space] = token
    b.g.board.tokens.remove(token)


def test_a_fork_goes_where_a_treasure_is_still_unclaimed():
    for name in HEURISTIC:
        b = bench()
        b.g.board.golems[0] = 19
        claim(b, 21, "treasure_glory")  # the far hall's token taken: the near hall's front
        assert answer(b, name, "golem_path", (20, 12), (19, False)) == 12
        b = bench()
        claim(b, 12, "treasure_glory")  # the near hall's taken: the route to the far one
        assert answer(b, name, "golem_path", (20, 12), (19, False)) == 20


def test_a_forge_space_is_worth_something_only_with_gold_at_hand():
    for name in HEURISTIC:
        b = bench()
        o = make_bot("diceforge", name).outlook(b.g, 0)
        assert space_value(o, SPACES[18]) == 0.0
        b.set_reserves(0, gold=12)
        o = make_bot("diceforge", name).outlook(b.g, 0)
        assert space_value(o, SPACES[18]) > 0.0


def test_the_treasure_worth_most_now_and_a_pay_once_space_when_it_pays():
    tokens = ("treasure_sun", "treasure_moon", "treasure_glory")
    b = bench()  # round 3: 4 Sun Shards are worth more than 10 Glory to the economist
    assert answer(b, "economist", "treasure_pick", tokens, 8) == "treasure_sun"
    b.g.round = b.g.rounds  # the last round: shards buy little now
    assert answer(b, "economist", "treasure_pick", tokens, 8) == "treasure_glory"
    b.set_reserves(0, moon=2)
    assert answer(b, "economist", "labyrinth_trade", ("skip", "trade"), 29) == "trade"


def test_the_heuristic_bots_buy_every_module_card():
    setup = Setup(4, load_card_set("goddess-discovery"))
    # Every card is bought in some game: the seeds are a sample, played until each card has
    # been bought (a few games today), not a fixed few whose outcomes a bot change may move.
    wanted, bought = set(MODULE_CARDS["goddess"].values()), Counter()
    for seed in range(60):
        result = play_game(GAME, setup, [make_bot("diceforge", n) for n in HEURISTIC * 2], seed)
        bought.update(row[4] for row in result.events if row[3] == "feat_performed"
                      and row[4] in wanted)
        if set(bought) == wanted:
            break
    assert set(bought) == wanted


def test_the_lookahead_bot_plays_the_module_to_the_end():
    setup = Setup(3, load_card_set("goddess-discovery"))
    policies = [LookaheadBot(rollouts=1, confirm=1), make_bot("diceforge", "hero"),
                make_bot("diceforge", "hero")]
    result = play_game(GAME, setup, policies, 2)
    assert len(result.scores) == 3
    assert any(row[3] == "golem_moved" and row[2] == 0 for row in result.events)
