"""The heuristic bots with the player cards: how much gold the Right Hand turns into Glory, the
First Titan's choice, when the Mists and the Left Hand are worth buying; no state changed."""

from __future__ import annotations

from pathlib import Path

import pytest
from harness import Bench
from test_bots import HEURISTIC, Checked, bot_decides

from analytics.engine import play_game
from analytics.games.diceforge import GAME
from analytics.games.diceforge.bots.heuristic import HeuristicBot
from analytics.games.diceforge.bots.valuation import Values
from analytics.games.diceforge.rules import turn
from analytics.games.diceforge.rules.content import load_card_set
from analytics.games.diceforge.rules.state import Setup
from analytics.policies import make_bot

SET = str(Path(__file__).parent / "sets" / "rebellion-players.toml")


def bench(round_: int) -> Bench:
    b = Bench(players=2, cards=SET)
    b.g.round = round_
    return b


def worth(b: Bench, card_id: str, name: str = "economist") -> float:
    bot = make_bot("diceforge", name)
    assert isinstance(bot, HeuristicBot)
    return bot.outlook(b.g, 0).effect(card_id)


# The gold a plan keeps in the first round: the economist values a gold as 1.2 Glory of faces
# at the start (above the Right Hand's 1), the hero (and the lookahead bot, on the hero plan)
# at 1.0 less the blessings already gone (below it).
KEEPS_EARLY = {"economist": True, "hero": False, "lookahead": False}


@pytest.mark.parametrize("name", HEURISTIC)
@pytest.mark.parametrize("round_, elder", [(1, False), (9, False), (9, True)])
def test_right_hand_turns_gold_into_glory_once_faces_no_longer_pay(name, round_, elder):
    """While a gold buys more than a Glory of faces, keep it; in the last round spend it all,
    but the 3 gold the Elder turns into 4 Glory next turn."""
    b = bench(round_)
    if elder:
        b.give_card(0, "elder")
    b.set_reserves(0, gold=8, moon=6)
    bot_decides(b, name)
    turn.perform_feat(b.g, b.p(0), "right_hand", "action")
    answer = 0 if round_ == 1 and KEEPS_EARLY[name] else 5 if elder else 8
    assert [d.answer for d in b.decider.asked if d.kind == "right_hand_gold"] == [answer]
    assert b.p(0).gold == 8 - answer


@pytest.mark.parametrize("name", HEURISTIC)
@pytest.mark.parametrize("round_, answer", [(1, "elder"), (9, "wild_spirits")])
def test_first_titan_takes_the_best_one_shard_feat(name, round_, answer):
    """Early, the Elder's 4 Glory a turn beat the rest; in the last round the Elder has no turn
    left and Wild Spirits' 3 gold and 3 Moon come first."""
    b = bench(round_)
    b.set_reserves(0, moon=5, sun=5)
    b.set_die(0, "light", "gold_6", "gold_6", "gold_6")
    bot_decides(b, name)
    turn.perform_feat(b.g, b.p(0), "first_titan", "action")
    assert [d.answer for d in b.decider.asked if d.kind == "first_titan_feat"] == [answer]


def test_the_mists_are_worth_what_they_take_from_others_and_nothing_if_i_am_poorest():
    b = bench(5)
    b.set_reserves(0, gold=4)
    b.set_reserves(1, gold=1, glory=20)
    assert worth(b, "mists") == 10.0  # 5 taken, and 5 lost by my only rival
    b.set_reserves(0, gold=0)
    assert worth(b, "mists") == 0.0


def test_the_mists_tied_with_me_take_only_from_the_others():
    b = Bench(players=3, cards=SET)
    b.set_reserves(0, gold=1)
    b.set_reserves(1, gold=1, glory=20)
    b.set_reserves(2, gold=5, glory=20)
    assert worth(b, "mists") == 7.5  # 5 taken, and half of it counts against two rivals


def test_the_left_hand_is_worth_more_with_rivals_on_islands():
    b = Bench(players=3, cards=SET)
    alone = worth(b, "left_hand")
    b.p(1).island, b.g.islands[2] = 2, 1
    b.set_die(1, "light", "sun_2", "sun_2", "sun_2", "sun_2", "sun_2", "sun_2")
    with_rival = worth(b, "left_hand")
    # a roll of six 2-Sun faces and a dark die, at Values.left_hand_share of its worth
    assert with_rival > alone + 6.0 * Values().left_hand_share
    b.p(2).island, b.g.islands[4] = 4, 2  # the Left Hand's island: ousted by the move only
    assert worth(b, "left_hand") == with_rival


# Four players (about 30 s on a loaded machine) in `make test-slow`.
@pytest.mark.parametrize("players", [2, pytest.param(4, marks=pytest.mark.slow)])
def test_every_bot_answers_legally_without_mutating_with_the_player_cards(players):
    kinds: set[str] = set()
    setup = Setup(players, load_card_set(SET))
    for seed in range(4):
        names = [HEURISTIC[(seed + seat) % len(HEURISTIC)] for seat in range(players)]
        policies = [Checked(make_bot("diceforge", name), kinds) for name in names]
        result = play_game(GAME, setup, policies, seed, checked=(True,) * players)
        assert len(result.scores) == players
    assert {"right_hand_gold", "first_titan_feat"} <= kinds
