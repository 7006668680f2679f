"""Invariants over random Goddess-module games: every Golem on a space it could reach, reserves
within caps, Glory the sum of its events, every game ends, same seed -> identical logs."""

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
from analytics.games.diceforge.rules.labyrinth import BACKWARD, SPACES
from analytics.games.diceforge.rules.state import Game, Setup, new_game
from analytics.policies import RandomPolicy

GODDESS = MODULE_CARDS["goddess"]
goddess_sets = st.fixed_dictionaries(
    {slot: st.just(GODDESS[slot]) if slot in GODDESS else st.sampled_from(options)
     for slot, options in SLOT_OPTIONS.items()}).map(card_set)
games = st.fixed_dictionaries({
    "seed": st.integers(min_value=0, max_value=2**63 - 1),
    "players": st.sampled_from((2, 3, 4)),
    "cards": goddess_sets,
})
fast = settings(max_examples=25, deadline=None)


class BoardChecker(CheckingDecider):
    """Also checks every Golem stands on a space of the board before each decision."""

    def decide(self, seat, kind, options, context=None):
        assert all(space in SPACES for space in self.state.board.golems)
        return super().decide(seat, kind, options, context)


def play(seed: int, players: int, cards) -> Game:
    decider = BoardChecker([RandomPolicy()] * players, seed)
    g = new_game(Setup(players, cards, module="goddess"), SeededChance(seed), decider)
    decider.bind(g, GAME)
    turn.play(g)
    return g


@fast
@given(games)
def test_every_golem_move_follows_a_link_and_ends_where_the_board_says(game):
    g = play(**game)
    at = [1] * len(g.players)
    for e in map(columns, g.log.rows):
        if e["kind"] == "golem_moved":
            here, to = at[e["seat"]], e["amount"]
            links = SPACES[here].forward if e["detail"] == "forward" else BACKWARD[here]
            assert to in links and e["item"] == SPACES[to].word
            at[e["seat"]] = to
    assert at == list(g.board.golems)
    assert len(g.board.halls) + len(g.board.tokens) == 3


@fast
@given(games)
def test_reserves_within_caps_and_glory_is_the_sum_of_its_events(game):
    g = play(**game)
    glory = Counter()
    for e in map(columns, g.log.rows):
        if e["resource"] == "glory" and e["kind"] != "resource_overflowed":
            glory[e["seat"]] += e["amount"]
    for p in g.players:
        assert all(0 <= p.amount(res) <= p.caps[res] for res in RESERVES)
        assert glory[p.seat] == p.glory
    assert g.over and [columns(r)["kind"] for r in g.log.rows[-len(g.players):]] == [
        "game_ended"] * len(g.players)


@settings(max_examples=10, deadline=None)
@given(games)
def test_same_seed_gives_identical_events(game):
    setup = Setup(game["players"], game["cards"], module="goddess")
    policies = [RandomPolicy()] * game["players"]
    first = play_game(GAME, setup, policies, game["seed"])
    second = play_game(GAME, setup, policies, game["seed"])
    assert first.events == second.events and first.scores == second.scores


def test_a_clone_holds_its_own_board():
    g = play(3, 3, card_set({**{s: o[0] for s, o in SLOT_OPTIONS.items()}, **GODDESS}))
    copy = clone(g, chance=SeededChance(1), decider=g.decider)
    copy.board.golems[0] = 99
    copy.board.halls[8] = "x"
    assert g.board.golems[0] != 99 and g.board.halls.get(8) != "x"
