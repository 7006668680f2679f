"""The rule option `planted` (an experiment, not a rule): each copy of the planted card its owner
holds at the end scores PLANTED_GLORY more Glory, caused by the card; nothing else changes."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analytics.engine import play_game
from analytics.games import get_game
from analytics.games.diceforge.rules.options import PLANTED_GLORY

GAME = get_game("diceforge")


def _play(seed: int, rules: dict, card_set: str = "base"):
    setup = GAME.setup(card_set, "none", rules, 4)
    bots = [GAME.make_bot(b) for b in ("economist", "hero", "economist", "hero")]
    return play_game(GAME, setup.game_setup, bots, seed)


def _feats(events, card: str) -> Counter:
    """Copies of `card` each seat took: events are (round, active, seat, kind, item, ...)."""
    return Counter(e[2] for e in events if e[3] == "feat_performed" and e[4] == card)


def _planted_gains(events, card: str) -> Counter:
    return Counter(e[2] for e in events if e[3] == "resource_gained" and e[7] == card
                   and e[6] == PLANTED_GLORY and e[0] > 0 and e[1] == -1)


@settings(max_examples=6)
@given(st.integers(0, 2**31), st.sampled_from(["hydra", "satyrs", "blacksmiths_hammer"]))
def test_each_copy_of_the_planted_card_scores_the_planted_glory_at_the_end(seed, card):
    plain, planted = _play(seed, {}), _play(seed, {"planted": card})
    copies = _feats(plain.events, card)
    assert _feats(planted.events, card) == copies  # the bots do not know: the same play
    assert _planted_gains(planted.events, card) == copies
    for seat in range(4):
        assert planted.scores[seat] - plain.scores[seat] == PLANTED_GLORY * copies[seat]


def test_a_planted_card_outside_the_set_changes_nothing():
    plain, planted = _play(3, {}), _play(3, {"planted": "wind"})
    assert planted.events == plain.events and planted.scores == plain.scores


@pytest.mark.parametrize("value", ["none", "satyrs"])
def test_planted_is_a_listed_rule_option(value):
    assert value in GAME.rule_options()["planted"][1]
