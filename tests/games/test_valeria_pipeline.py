"""Valeria through the generic pipeline: simulate at every player count with modules combined,
its assumption set named with its hash, its catalogue, component tables, balance, compare on
modules, report and sweep."""

from __future__ import annotations

import json
import shutil

import polars as pl
import pytest
from click.testing import CliRunner

from analytics.cli.app import main
from analytics.games.valeria.assumptions import SETS_DIR, load_set
from tests.games.bazaar_cli import SMALL, dicelab

ALL = "wraith,spells,great_battles,shrine"  # any order: the run names them in the seed's


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_simulate_writes_a_valeria_run_at_every_player_count(tmp_path, players):
    out = tmp_path / "run"
    dicelab("simulate", "--game", "valeria", "--players", str(players), "--games", "2",
            "--bots", "warlord", "--module", ALL, "--out", out, *SMALL)
    runs = pl.read_parquet(out / "runs.parquet")
    assert runs["card_set"].to_list() == [f"default [{load_set().hash}]"]
    assert runs["modules"].to_list() == ["shrine+great_battles+spells+wraith"]
    components = pl.read_parquet(out / "components.parquet")
    assert {"champion", "plan", "great_battle", "spell", "die"} <= set(components["kind"])


def test_a_module_that_is_not_valerias_is_one_line(tmp_path):
    result = CliRunner().invoke(main, ["simulate", "--game", "valeria", "--players", "3",
                                       "--games", "2", "--module", "shrine,goddess",
                                       "--out", str(tmp_path / "r"), *SMALL])
    assert result.exit_code == 1
    assert result.output.strip().splitlines()[-1].startswith(
        "Error: --module 'goddess' is not a module of valeria")


@pytest.mark.parametrize("args,line", [
    (("--module", "none+shrine"), "Error: --module 'none+shrine': 'none' is the base game, "
                                  "without modules; it cannot be joined with one"),
    (("--module", "shrine+shrine"), "Error: --module 'shrine+shrine' names a module twice"),
    (("--players", "0"), "Error: --players must be 1, 2, 3, 4 or 5 (got 0)"),
    (("--players", "6"), "Error: --players must be 1, 2, 3, 4 or 5 (got 6)"),
    (("--assumptions", "nosuch"), "Error: --assumptions 'nosuch' is neither a shipped set "
                                  "(cheap-champions, default, steep-chart) nor a folder"),
    (("--bots", "bogus"), "Error: unknown bot 'bogus' for valeria; known: mcts, "
                                  "random, warlord"),
])
def test_bad_simulate_input_is_one_line_and_writes_nothing(tmp_path, args, line):
    out = tmp_path / "r"
    result = CliRunner().invoke(main, ["simulate", "--game", "valeria", "--games", "2",
                                       "--out", str(out), *args, *SMALL])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert result.output.strip().splitlines() == [line]
    assert not out.exists()


def test_a_malformed_assumptions_file_names_the_file_and_the_place(tmp_path):
    folder = tmp_path / "mine"
    shutil.copytree(SETS_DIR / "default", folder)
    (folder / "plans.toml").write_text((folder / "plans.toml").read_text() + "cost = = 3\n")
    result = CliRunner().invoke(main, ["simulate", "--game", "valeria", "--games", "2",
                                       "--assumptions", str(folder), "--out",
                                       str(tmp_path / "r"), *SMALL])
    assert result.exit_code == 1
    [only] = result.output.strip().splitlines()
    assert only.startswith(f"Error: {folder / 'plans.toml'}: not valid TOML: ")


def test_tables_balance_and_report_read_a_valeria_run(tmp_path):
    out = tmp_path / "run"
    dicelab("simulate", "--game", "valeria", "--players", "3", "--games", "6",
            "--bots", "warlord,random,warlord", "--module", "shrine+spells", "--out", out,
            *SMALL)
    assert "| champion " in dicelab("champions", "--logs", out, "--min-n", "1").output
    assert "| great_battle " in dicelab("great-battles", "--logs", out).output  # none offered
    balance = dicelab("balance", "--logs", out).output
    assert "VP share: plan" in balance and "great_battle" not in balance
    dicelab("report", "--logs", out, "--out", tmp_path / "r.html")
    assert (tmp_path / "r.html").exists()


def test_compare_plays_a_module_against_the_base_game_on_the_same_seeds(tmp_path):
    result = dicelab("compare", "--game", "valeria", "--a", "default", "--b", "default",
                     "--module-b", "great_battles", "--players", "4", "--games", "8",
                     "--bots", "warlord", "--endpoint", "score", "--format", "json",
                     "--report", tmp_path / "c.html", *SMALL)
    assert "great_battles" in result.output
    assert "## VP by source, per seat" in (tmp_path / "c.md").read_text()
    rows = json.loads(result.stdout)["rows"]
    sources = {r["item"]: r for r in rows if r["section"] == "score_source"}
    score = next(r for r in rows if r["item"] == "mean score")
    # the VP by source, per seat, paired: it adds up to the mean score in each arm, and the
    # Great Battles' VP is the module's alone
    for arm in ("a", "b", "difference"):
        assert sum(r[arm] for r in sources.values()) == pytest.approx(score[arm])
    assert sources["great_battle"]["a"] == 0 < sources["great_battle"]["low"]
    assert {r["n_games"] for r in sources.values()} == {8}


def test_sweep_across_assumption_sets(tmp_path):
    spec = tmp_path / "spec.toml"
    spec.write_text('game = "valeria"\ngames = 4\nseed = 1\n[grid]\n'
                    'sets = ["default", "steep-chart"]\nplayers = [3]\nbots = ["warlord"]\n')
    result = dicelab("sweep", spec, "--out", tmp_path / "sweep", "--format", "csv", *SMALL)
    assert "steep-chart" in result.output


def test_compare_reads_solo_games_without_a_margin():
    """Solo there is no runner-up: the comparison has no winner's margin (it failed on it)."""
    result = dicelab("compare", "--game", "valeria", "--a", "default", "--b", "default",
                     "--module-b", "wraith", "--players", "1", "--games", "4", "--bots",
                     "warlord", "--endpoint", "score", "--format", "json", *SMALL)
    items = {r["item"] for r in json.loads(result.stdout)["rows"] if r["section"] == "game"}
    assert "mean score" in items and "winner's margin" not in items
