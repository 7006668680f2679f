"""The five player cards in whole games of the heuristic bots: each is bought, its effect used,
and every game ends."""

from __future__ import annotations

from pathlib import Path

import pytest

from analytics.engine.loop import play_game
from analytics.games.diceforge import GAME
from analytics.games.diceforge.rules.content import load_card_set
from analytics.games.diceforge.rules.state import Setup
from analytics.policies.registry import make_bot

SETS = Path(__file__).parent / "sets"
GAMES = 10

# What shows a card's effect at work (not its printed Glory, scored at the end): (kind,
# resource) of an event caused by the card; None matches any resource.
USED = {
    "mists": ("resource_lost", "glory"),
    "right_hand": ("resource_spent", "gold"),
    "eternal_night": ("resource_lost", None),
    "left_hand": ("pawn_ousted", None),
    "first_titan": ("feat_performed", None),
}


def play(set_file: str, players: int) -> list[tuple]:
    """Every event of GAMES seeded games, economist and hero bots alternating."""
    setup = Setup(players, load_card_set(str(SETS / set_file)))
    rows: list[tuple] = []
    for seed in range(GAMES):
        bots = [make_bot("diceforge", ("economist", "hero")[seat % 2]) for seat in range(players)]
        events = play_game(GAME, setup, bots, seed).events
        assert [row[3] for row in events[-players:]] == ["game_ended"] * players
        rows += events
    return rows


@pytest.mark.parametrize("set_file, players, cards", [
    ("rebellion-players.toml", 4, ("mists", "right_hand", "left_hand", "first_titan")),
    ("rebellion-players.toml", 2, ("mists", "right_hand", "left_hand", "first_titan")),
    ("eternal-night.toml", 3, ("eternal_night",)),
])
def test_bots_buy_each_card_and_use_its_effect(set_file, players, cards):
    rows = play(set_file, players)
    for card in cards:
        kind, resource = USED[card]
        assert any(row[3] == "feat_performed" and row[4] == card for row in rows), card
        assert any(row[3] == kind and row[7] == card and resource in (None, row[5])
                   for row in rows), card
