"""The pairing measure: per-(game, seat) win shares of two arms played on the same seeds."""

from __future__ import annotations

import pytest

from analytics.games.diceforge.rules.components import CARDS
from analytics.games.diceforge.rules.content import load_card_set
from analytics.games.diceforge.tools.pairing import pairing_correlation, win_shares, with_card

BASE = load_card_set("base")


def test_with_card_changes_one_slot_only():
    changed = with_card(BASE, "M8", "typhon")
    assert changed.cards["M8"] is CARDS["typhon"]
    assert {s: c for s, c in changed.cards.items() if s != "M8"} == {
        s: c for s, c in BASE.cards.items() if s != "M8"}


def test_an_arm_against_itself_is_perfectly_paired():
    shares = win_shares(BASE, 6)
    assert shares.shape == (6, 4) and shares.sum() == pytest.approx(6.0)
    assert pairing_correlation(BASE, BASE, 6) == pytest.approx(1.0)
