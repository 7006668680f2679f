"""Bots from outside dicelab: module:Factory and file.py:Factory specs with parameters, entry
points, fallbacks, the docs' example file run as written, with workers and on a cluster."""

from __future__ import annotations

import json
import re
import sys
import textwrap
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner

from analytics.cli.app import main
from analytics.engine import play_game
from analytics.engine.decisions import Decision
from analytics.errors import UserError
from analytics.games.diceforge import GAME
from analytics.policies import DEFER, Fallback, is_outside, make_bot, parse_spec, registry
from analytics.runs.simulate import RunConfig, run_simulation

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "docs" / "examples" / "glory_rush.py"
SPEC = f"{EXAMPLE}:GloryRush:min_glory=4"


def test_a_spec_reads_name_factory_and_typed_parameters():
    spec = parse_spec("pkg.mod:Greedy:depth=2:greed=0.5:loud=true:style=calm")
    assert spec.target == "pkg.mod:Greedy" and spec.outside and spec.module == "pkg.mod"
    assert spec.params == (("depth", 2), ("greed", 0.5), ("loud", True), ("style", "calm"))
    assert not parse_spec("economist").outside
    for bad in ("", "a:b:c", "x=1", "pkg:Greedy:1x=2"):
        with pytest.raises(UserError, match="--bots"):
            parse_spec(bad)


def test_the_docs_show_the_example_file_verbatim():
    assert EXAMPLE.read_text().rstrip() in (ROOT / "docs" / "bots.md").read_text()


def test_every_decision_kind_of_every_game_is_documented():
    from analytics.games import GAMES

    documented = set(re.findall(r"^\| `(\w+)` \|", (ROOT / "docs" / "bots.md").read_text(),
                                re.MULTILINE))
    for game in GAMES.values():
        assert game.labelling.kinds <= documented, game.name


def test_the_example_bot_answers_actions_and_defers_the_rest():
    bot = make_bot("diceforge", SPEC)
    assert isinstance(bot, Fallback) and bot.name == "glory_rush"
    assert bot.params == {"min_glory": 4, "fallback": "economist"}
    assert bot.fallback.name == "economist" and is_outside(SPEC)

    class View:  # no feat left on any slot
        slots: dict = {}

    assert bot.bot.choose(View(), Decision(0, "action", ("pass", "forge")), None) is DEFER


def test_the_example_runs_from_the_command_line_with_workers(tmp_path):
    """The exact command docs/bots.md shows, with two worker processes: the bot is built from
    its spec in each, checked for writes by default, and its parameters are in the manifest."""
    out = tmp_path / "rush"
    result = CliRunner().invoke(main, ["simulate", "--players", "2", "--games", "8", "--quiet",
                                       "--out", str(out), "--workers", "2", "--part-size", "4",
                                       "--bots", f"{SPEC},economist"])
    assert result.exit_code == 0, result.output
    runs = pl.read_parquet(out / "runs.parquet")
    assert json.loads(runs["bot_params"][0])[SPEC] == {"min_glory": 4, "fallback": "economist"}
    players = pl.read_parquet(out / "parts" / "*" / "players.parquet")
    assert sorted(set(players["bot"])) == sorted([SPEC, "economist"])  # a bot is its spec


def test_a_bot_file_that_writes_is_stopped_in_a_run(tmp_path):
    cheat = tmp_path / "cheat.py"
    cheat.write_text(textwrap.dedent("""
        class Cheat:
            name, params, fallback = "cheat", {}, "economist"

            def choose(self, view, decision, rng):
                view.players[decision.seat].res["gold"] += 1
                return decision.options[0]
    """))
    result = CliRunner().invoke(main, ["simulate", "--players", "2", "--games", "2", "--quiet",
                                       "--out", str(tmp_path / "r"), "--workers", "1",
                                       "--bots", f"{cheat}:Cheat,economist"])
    assert result.exit_code == 1
    assert re.fullmatch(r"Error: bot 'cheat' \(seat \d\) changed the game while deciding "
                        r"'\w+': a bot may read the game, never change it\n", result.output)


def test_check_bots_checks_the_builtin_bots_too(tmp_path, monkeypatch):
    seen = []
    real = play_game.__wrapped__ if hasattr(play_game, "__wrapped__") else play_game

    def spy(game, setup, policies, seed, checked=()):
        seen.append(checked)
        return real(game, setup, policies, seed, checked)

    import analytics.runs.simulate as simulate

    monkeypatch.setattr(simulate, "play_game", spy)
    config = RunConfig(players=2, games=2, bots=("economist",))
    run_simulation(config, tmp_path / "a", workers=1, progress=False)
    run_simulation(config, tmp_path / "b", workers=1, progress=False, check_bots=True)
    assert seen == [(False, False)] * 2 + [(True, True)] * 2


def test_an_installed_package_offers_bots_by_entry_point(tmp_path, monkeypatch):
    (tmp_path / "mybots.py").write_text(textwrap.dedent("""
        class Greedy:
            name, params = "greedy", {}
            fallback = "hero"
            answers = {"action"}

            def choose(self, view, decision, rng):
                return decision.options[-1]
    """))
    dist = tmp_path / "mybots-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: mybots\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[dicelab.bots]\ngreedy = mybots:Greedy\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    registry._entry_points.cache_clear()
    try:
        assert "greedy" in GAME.bots()
        bot = make_bot("diceforge", "greedy")
        assert bot.name == "greedy" and bot.fallback.name == "hero" and is_outside("greedy")
        assert registry.bot_modules(("greedy", "economist")) == ("mybots",)
        result = play_game(GAME, GAME.setup("base", "none", {}, 2).game_setup,
                           [bot, make_bot("diceforge", "economist")], 3, (True, False))
        assert result.scores
    finally:
        registry._entry_points.cache_clear()
        sys.modules.pop("mybots", None)


def test_unknown_things_are_one_line(tmp_path):
    for spec, message in (
            ("nosuchmodule_xyz:Bot", "cannot import nosuchmodule_xyz"),
            (f"{tmp_path}/missing.py:Bot", "no bot file"),
            (f"{EXAMPLE}:Nope", "has no bot factory 'Nope'"),
            (f"{EXAMPLE}:GloryRush:speed=3", "unexpected keyword argument 'speed'"),
            ("economist:greed=2", "unexpected keyword argument"),
            ("mcts:x", "mcts is a built-in bot, not a module: after it come key=value "
                       "parameters (or a search's budget: mcts:400, mcts:50ms), not 'x'")):
        result = CliRunner().invoke(main, ["simulate", "--games", "1", "--quiet", "--players",
                                           "2", "--out", str(tmp_path / "x"), "--bots", spec])
        assert result.exit_code == 1 and message in result.output, (spec, result.output)
        assert len(result.output.strip().splitlines()) == 1
        assert not (tmp_path / "x").exists()
