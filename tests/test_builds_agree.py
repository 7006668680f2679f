"""The compiled build plays the very games plain Python plays: bot games of every preset,
hashed here (compiled when CI runs this file with DICELAB_COMPILED=1) and in a plain Python
child process. The golden playthroughs cover a few games; this covers more of each preset,
where a compiled-only difference (compiled code calls a list's own methods, past a guarded
subclass's) once crashed a Celestial Die's double upgrade that no golden game reached.
Under plain Python both sides are plain: the games must then agree across processes (and
string hash seeds)."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from analytics.engine import play_game
from analytics.games.diceforge import GAME
from analytics.games.diceforge.rules.content import load_card_set
from analytics.games.diceforge.rules.state import Setup
from analytics.policies import make_bot

# Slow (hundreds of bot games on both builds; CI also runs it on the compiled build): in `make
# test-slow` (CI runs it), not `make test`.
pytestmark = pytest.mark.slow

SETS = ("base", "rebellion-goddess-cards", "rebellion-titans-cards", "base-alternates",
        "goddess-discovery", "titans-discovery")  # the last two: their module (read from the
# set's cards by Setup)
GAMES = 60  # per set: enough to meet every Rebellion card's rare branches in the bots' games
BOTS = ("economist", "hero", "economist", "hero")


def events_digest(games: int = GAMES) -> str:
    """A hash of the events of `games` four-player bot games of each set (seeds 0 up)."""
    digest = hashlib.sha256()
    for card_set in SETS:
        setup = Setup(4, load_card_set(card_set))
        for seed in range(games):
            result = play_game(GAME, setup, [make_bot("diceforge", b) for b in BOTS], seed)
            digest.update(repr(result.events).encode())
    return digest.hexdigest()


def test_this_build_and_plain_python_play_the_same_games():
    env = {k: v for k, v in os.environ.items() if k != "DICELAB_COMPILED"}
    plain = subprocess.run(
        [sys.executable, "-c", "import sys; sys.path.insert(0, sys.argv[1]); "
         "from test_builds_agree import events_digest; print(events_digest())",
         str(Path(__file__).parent)],
        env=env, capture_output=True, text=True, check=True)
    assert events_digest() == plain.stdout.split()[-1]
