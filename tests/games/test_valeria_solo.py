"""The solo Adversary: clockwise round the five Shrines, blocking the one it stands on,
scoring when it enters your Warden's Shrine and at the Tactics Shrine; it can win."""

from __future__ import annotations

from analytics.engine.loop import play_game
from analytics.games.valeria import GAME, game, solo
from analytics.games.valeria.bots import Warlord
from tests.games.valeria_helpers import ASET, events, put, table


def test_the_adversary_moves_clockwise_and_blocks_its_shrine():
    state = table(1)
    p = state.players[0]
    p.location = "camp"
    put(state, "gem", ("orc", 1))
    put(state, "magic", ("orc", 2))
    assert state.adversary == ASET.board.adversary["start"] == 0  # on the Gem Shrine
    assert game.destinations(state, p) == ["magic"]
    solo.adversary_moves(state, p)
    assert events(state, "adversary_moved") == [(-2, "magic", None, None, "adversary")]
    assert game.destinations(state, p) == ["gem"]


def test_entering_your_wardens_shrine_scores_meet_vp():
    state = table(1)
    state.players[0].location = "magic"
    solo.adversary_moves(state, state.players[0])
    assert state.adversary_vp == ASET.board.adversary["meet_vp"] == 2


def test_at_the_tactics_shrine_it_scores_the_first_plan_of_the_line():
    state = table(1)
    state.adversary = 3  # champions: next is tactics
    first = state.line[0]
    solo.adversary_moves(state, state.players[0])
    assert state.adversary_vp == ASET.board.adversary["plan_vp"]
    assert first not in state.line and state.plan_deck[-1] == first
    assert len(state.line) == ASET.board.numbers["line"]


def test_a_solo_game_ranks_the_player_against_the_adversary():
    setup = GAME.setup("default", "shrine+great_battles+spells+wraith", {}, 1).game_setup
    result = play_game(GAME, setup, [Warlord()], 3)
    state_vp = [e for e in result.events if e[3] == "adversary_scored"]
    adversary = sum(e[6] for e in state_vp)
    assert state_vp and result.win_shares[0] == (1.0 if result.scores[0] > adversary else
                                                 0.5 if result.scores[0] == adversary else 0.0)
