"""Invariants over random Titans-module games: every token on a space of the board reached by
its links, the Ancient Shard reserve within its cap, Glory the sum of its events (the end value
included), every game ends, same seed -> identical logs."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from test_properties import RESERVES, SLOT_OPTIONS, CheckingDecider, card_set, columns

from analytics.engine.chance import SeededChance
from analytics.engine.clone import clone
from analytics.engine.loop import play_game
from analytics.games.diceforge import GAME
from analytics.games.diceforge.rules import turn
from analytics.games.diceforge.rules.components import MODULE_CARDS
from analytics.games.diceforge.rules.state import Game, Setup, new_game
from analytics.games.diceforge.rules.titans import ANCIENT_CAP, SPACES, START
from analytics.policies import RandomPolicy

TITANS = MODULE_CARDS["titans"]
titans_sets = st.fixed_dictionaries(
    {slot: st.just(TITANS[slot]) if slot in TITANS else st.sampled_from(options)
     for slot, options in SLOT_OPTIONS.items()}).map(card_set)
games = st.fixed_dictionaries({
    "seed": st.integers(min_value=0, max_value=2**63 - 1),
    "players": st.sampled_from((2, 3, 4)),
    "cards": titans_sets,
})
fast = settings(max_examples=25, deadline=None)


class BoardChecker(CheckingDecider):
    """Also checks every token is on the board and every Ancient Shard reserve within its cap
    before each decision."""

    def decide(self, seat, kind, options, context=None):
        board = self.state.board
        assert all(space in SPACES for space in board.tokens)
        assert all(0 <= p.res["ancient"] <= ANCIENT_CAP for p in self.state.players)
        return super().decide(seat, kind, options, context)


def play(seed: int, players: int, cards) -> Game:
    decider = BoardChecker([RandomPolicy()] * players, seed)
    g = new_game(Setup(players, cards, module="titans"), SeededChance(seed), decider)
    decider.bind(g, GAME)
    turn.play(g)
    return g


@fast
@given(games)
def test_every_token_move_follows_a_link_of_the_board(game):
    g = play(**game)
    at = [START] * len(g.players)
    for e in map(columns, g.log.rows):
        if e["kind"] == "allegiance_moved":
            here, to = at[e["seat"]], e["amount"]
            assert to in (SPACES[here].left, SPACES[here].right)
            assert e["item"] == ("main" if abs(to - here) == 1 else "special")
            at[e["seat"]] = to
    assert at == list(g.board.tokens)


@fast
@given(games)
def test_reserves_within_caps_and_glory_is_the_sum_of_its_events(game):
    g = play(**game)
    glory, end_values = Counter(), Counter()
    for e in map(columns, g.log.rows):
        if e["resource"] == "glory" and e["kind"] != "resource_overflowed":
            glory[e["seat"]] += e["amount"]
        if e["kind"] == "allegiance_scored":
            end_values[e["seat"]] += 1
    for p in g.players:
        assert all(0 <= p.amount(res) <= p.caps[res] for res in (*RESERVES, "ancient"))
        assert glory[p.seat] == p.glory >= 0
        assert end_values[p.seat] == 1
    assert g.over and [columns(r)["kind"] for r in g.log.rows[-len(g.players):]] == [
        "game_ended"] * len(g.players)


@settings(max_examples=10, deadline=None)
@given(games)
def test_same_seed_gives_identical_events(game):
    setup = Setup(game["players"], game["cards"], module="titans")
    policies = [RandomPolicy()] * game["players"]
    first = play_game(GAME, setup, policies, game["seed"])
    second = play_game(GAME, setup, policies, game["seed"])
    assert first.events == second.events and first.scores == second.scores


def test_a_clone_holds_its_own_board():
    g = play(3, 3, card_set({**{s: o[0] for s, o in SLOT_OPTIONS.items()}, **TITANS}))
    copy = clone(g, chance=SeededChance(1), decider=g.decider)
    copy.board.tokens[0] = 99
    copy.board.memory.append([0, 1, 0, 0])
    copy.board.gained[1] = 50
    assert g.board.tokens[0] != 99 and [0, 1, 0, 0] not in g.board.memory
    assert g.board.gained[1] != 50
