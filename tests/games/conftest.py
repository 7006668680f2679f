"""Shared fixtures of the game tests: one small Bazaar run every pipeline test reads."""

from __future__ import annotations

import pytest

from tests.games.bazaar_cli import SMALL, dicelab


@pytest.fixture(scope="session")
def bazaar_run(tmp_path_factory):
    """60 three-player games of the first market, four rounds, the three bots."""
    out = tmp_path_factory.mktemp("bazaar") / "run"
    dicelab("simulate", "--game", "bazaar", "--players", "3", "--games", "60", "--seed", "5",
            "--bots", "spender,reckoner,random", "--set", "first-market", "--rule", "rounds=4",
            "--out", out, *SMALL)
    return out
