"""A seeded playthrough pinned by a golden file; DICELAB_UPDATE_GOLDEN=1 rewrites it on purpose."""

import os
from pathlib import Path

import pytest

from analytics.engine import play_game
from analytics.eventlog.render import render_events
from analytics.games.diceforge import GAME
from analytics.games.diceforge.rules.content import load_card_set
from analytics.games.diceforge.rules.state import Setup
from analytics.policies import RandomPolicy

GOLDEN = Path(__file__).parent / "golden"
REBELLION_SETS = Path(__file__).parent / "diceforge" / "sets"


@pytest.mark.parametrize("card_set, players, seed", [
    ("base", 4, 7), ("base-alternates", 3, 8),
    (str(REBELLION_SETS / "twins-eternal-fire.toml"), 3, 81),
    (str(REBELLION_SETS / "scepter.toml"), 4, 10),
    (str(REBELLION_SETS / "celestial-goddess.toml"), 4, 4),
    (str(REBELLION_SETS / "wind.toml"), 2, 1),
    # the two Rebellion presets; seeds where the random players buy most of their alternates
    ("rebellion-titans-cards", 4, 33), ("rebellion-goddess-cards", 3, 24),
    # the Goddess module (its cards put it in the setup); seeds with the most kinds of spaces
    ("goddess-discovery", 4, 2), ("goddess-discovery", 2, 10),
    # the Titans module; seeds with the most module cards, zones and Misfortune triggers
    ("titans-discovery", 4, 17), ("titans-discovery", 2, 2),
])
def test_seeded_playthrough_matches_golden(card_set, players, seed):
    cards = load_card_set(card_set)
    setup = Setup(players, cards)
    result = play_game(GAME, setup, [RandomPolicy() for _ in range(players)], seed)
    text = f"scores {result.scores} ranks {result.ranks}\n" + render_events(result.events)
    path = GOLDEN / f"diceforge-{cards.name}-{players}p-seed{seed}.txt"
    if os.environ.get("DICELAB_UPDATE_GOLDEN") == "1":
        path.write_text(text)
    assert path.read_text() == text
