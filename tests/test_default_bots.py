"""Without --bots, a command that plays games plays the game's own bots, not Dice Forge's:
`compare --game valeria` once said "unknown bot 'economist' for valeria"."""

import json

import pytest
from click.testing import CliRunner

from analytics.cli.app import main
from analytics.cli.common import bots_of


def _bots_played(out):
    """The bots of every run under `out`, from each run's config.json."""
    return {tuple(json.loads(p.read_text())["config"]["bots"])
            for p in sorted(out.rglob("config.json"))}


def _invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.mark.parametrize("game", ["valeria", "altera"])
def test_compare_without_bots_plays_the_games_own(tmp_path, game):
    result = _invoke("compare", "--game", game, "--players", 2, "--games", 4, "--workers", 1,
                     "--quiet", "--out", tmp_path / "arms", "--format", "csv")
    assert result.exit_code == 0, result.output
    assert _bots_played(tmp_path / "arms") == {("random",)}


def test_balance_without_bots_plays_dice_forges_mix_and_other_games_their_own(tmp_path):
    result = _invoke("balance", "--set", "base", "--players", 2, "--games", 4, "--workers", 1,
                     "--quiet", "--out", tmp_path / "df")
    assert result.exit_code == 0, result.output
    assert _bots_played(tmp_path / "df") == {("economist", "hero")}


def test_bots_of_reads_the_named_default_of_the_game():
    assert bots_of(None, None) == ("economist",)
    assert bots_of(None, "diceforge", "balance_bots") == ("economist", "hero")
    assert bots_of(None, "valeria", "balance_bots") == ("random",)
    assert bots_of(None, "altera") == ("random",)
    assert bots_of(" hero , random", "valeria") == ("hero", "random")
