"""The game registry loads a game's engine only when the game is asked for: a command that
reads logs (`dicelab cards`) finds its component words from the games' roles alone."""

import json
import subprocess
import sys

from analytics.games import (
    DEFAULT_GAME,
    GAMES,
    PACKAGES,
    game_roles,
    roles_from_file,
    set_components,
)

PROBE = """
import json, sys
from analytics.games import game_roles
words = sorted(c.word for roles in game_roles().values() for c in roles.components)
print(json.dumps([words, sorted(m for m in sys.modules if m.startswith(("analytics.engine",
      "analytics.games.")))]))
"""


def test_the_roles_read_alone_are_the_plugins_own():
    assert set(GAMES) == set(PACKAGES) and DEFAULT_GAME in GAMES
    for name, game in GAMES.items():
        assert roles_from_file(name) == game.roles == game_roles()[name]
        assert roles_from_file(name) is not game.roles  # read anew, not the plugin's object


def test_finding_the_component_words_loads_no_engine():
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                          check=True)
    words, loaded = json.loads(done.stdout)
    assert {"cards", "faces"} <= set(words)
    assert loaded == []


def test_every_game_lists_what_its_card_sets_hold_by_id():
    for name, game in GAMES.items():
        kind = game.roles.set_kind
        rows = game.tables()[f"{kind}s"]()
        assert list(set_components(game)) == [row[kind] for row in rows], name
    cards = set_components(GAMES["diceforge"])
    assert len(cards) == 54 and cards["hydra"]["slot"] == "M8"
    assert set_components(GAMES["altera"])["arc_golem"]["craft"] == 3
