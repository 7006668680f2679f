"""Bazaar, a second game, through the pipeline by the command line: simulate, the component
tables (charms, bag dice), seats, compare, balance, value, report and sweep, with no Dice Forge
word in what they print."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest

from analytics.eventlog.reader import read_table
from tests.games.bazaar_cli import SMALL, dice_forge_words, dicelab

CHARMS = {"lantern", "satchel", "lodestone", "orrery"}  # first-market, stall order
DICE = {"copper", "silver", "amber"}


def test_simulate_writes_a_bazaar_run(bazaar_run):
    manifest = read_table(bazaar_run, "runs").row(0, named=True)
    assert (manifest["game"], manifest["card_set"], manifest["n_games"]) == (
        "bazaar", "first-market", 60)
    assert json.loads(manifest["rules"])["rounds"] == "4"
    players = read_table(bazaar_run, "players")
    assert players.height == 180 and players["win_share"].sum() == pytest.approx(60)
    events = read_table(bazaar_run, "events")
    stars = events.filter(pl.col("resource") == "stars").group_by("game_id", "seat").agg(
        pl.col("amount").sum().alias("score"))
    assert stars.join(players, on=["game_id", "seat"]).filter(
        pl.col("score") != pl.col("score_right")).height == 0
    components = pl.read_parquet(bazaar_run / "components.parquet")
    assert dict(zip(components["component"], components["kind"], strict=True)) == {
        **{c: "charm" for c in CHARMS}, **{d: "die" for d in DICE}}
    assert json.loads((bazaar_run / "roles.json").read_text())["score"] == "stars"


@pytest.mark.parametrize("kind, ids", [("charm", CHARMS), ("die", DICE)])
def test_the_component_table_of_each_kind(bazaar_run, kind, ids):
    out = dicelab("components", kind, "--logs", bazaar_run, "--min-n", "0", "--format", "json")
    rows = {r[kind]: r for r in json.loads(out.stdout)}  # the id column is named by the kind
    assert set(rows) == ids and all(r["n_available"] == 180 for r in rows.values())
    if kind == "charm":  # every buyer gets the Lodestone's 5 stars; the Lantern gives coins
        assert (rows["lodestone"]["stars_per_game"], rows["lantern"]["stars_per_game"]) == (5, 0)


def test_seats(bazaar_run):
    rows = json.loads(dicelab("seats", "--logs", bazaar_run, "--format", "json").stdout)
    assert [(r["players"], r["seat"], r["n"]) for r in rows] == [(3, 0, 60), (3, 1, 60),
                                                                  (3, 2, 60)]
    assert sum(r["win_rate"] for r in rows) == pytest.approx(1)


def test_compare(tmp_path):
    out = dicelab("compare", "--game", "bazaar", "--a", "first-market", "--b", "night-market",
                  "--players", "2", "--games", "20", "--bots", "spender,reckoner",
                  "--out", tmp_path / "arms", "--format", "json", *SMALL)
    result = json.loads(out.stdout)
    assert result["headline"].startswith("B (night-market)'s first seat wins")
    taken = {(r["item"], r["in"]) for r in result["rows"] if r["measure"] == "take_rate"}
    assert {c for c, arm in taken if arm == "A only"} == CHARMS
    assert {c for c, arm in taken if arm == "B only"} == {"pennant", "almanac", "loom", "trophy"}


def test_balance(tmp_path):
    out = dicelab("balance", "--game", "bazaar", "--set", "first-market", "--players", "2,3",
                  "--games", "20", "--bots", "spender,reckoner", "--out", tmp_path / "runs",
                  "--format", "json", *SMALL)
    rows = {(r["players"], r["metric"]): r for r in json.loads(out.stdout)}
    assert rows[2, "fair WR (1/N)"]["n"] == rows[3, "fair WR (1/N)"]["n"] == 20
    assert rows[2, "rounds mean"]["estimate"] == rows[3, "rounds mean"]["estimate"] == 6
    assert rows[3, "fair WR (1/N)"]["estimate"] == pytest.approx(1 / 3)
    assert rows[2, "Stars share: charm"]["estimate"] + rows[2, "Stars share: die"][
        "estimate"] == pytest.approx(1)  # every star comes from a charm or a die


def test_value(tmp_path):
    out = dicelab("value", "lantern", "--game", "bazaar", "--set", "first-market",
                  "--players", "2", "--games", "20", "--bots", "spender,reckoner",
                  "--out", tmp_path / "value", "--format", "json", *SMALL)
    rows = json.loads(out.stdout)["values"]
    assert sorted((r["charm"], r["slot"], r["replaced_by"]) for r in rows) == [
        ("lantern", "stall1", "pennant"), ("lantern", "stall1", "whistle")]


def test_report(bazaar_run, tmp_path):
    page = tmp_path / "report.html"
    dicelab("report", "--logs", bazaar_run, "--out", page, "--min-n", "0", "--title", "Bazaar",
            "--quiet")
    for written in (page, page.with_suffix(".md")):
        assert dice_forge_words(written.read_text()) == [], written.name
    assert "lodestone" in page.read_text()


def test_sweep(tmp_path):
    spec = tmp_path / "spec.toml"
    spec.write_text('game = "bazaar"\ngames = 12\nseed = 2\n[grid]\n'
                    'sets = ["first-market", "night-market"]\nplayers = [2]\n'
                    'bots = ["spender,reckoner"]\n')
    out = dicelab("sweep", spec, "--out", tmp_path / "sweep", "--format", "json", *SMALL)
    rows = json.loads(out.stdout)
    assert len(rows) == 2


@pytest.mark.parametrize("command", [("repair",), ("export-records", "--out", "records")])
def test_a_command_reading_a_run_refuses_another_game(bazaar_run, tmp_path, command):
    from click.testing import CliRunner

    from analytics.cli.app import main

    name, *rest = command
    args = [name, str(bazaar_run), *(str(tmp_path / a) if a == "records" else a for a in rest),
            "--game", "diceforge"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 1
    assert result.output.strip().endswith(f"{bazaar_run} is a bazaar game, not diceforge (--game)")
    assert not (tmp_path / "records").exists()


def test_import_names_each_record_of_another_game(tmp_path):
    from click.testing import CliRunner

    from analytics.cli.app import main

    sample = sorted(Path(__file__).parents[2].glob("logs/samples/*.dfr"))[0]
    result = CliRunner().invoke(main, ["import", str(sample), "--out", str(tmp_path / "out"),
                                       "--game", "bazaar", "--quiet"])
    assert result.exit_code == 1
    assert f"{sample} is a diceforge game, not bazaar (--game)" in result.output
    assert not (tmp_path / "out").exists()


def test_repair_takes_the_runs_own_game(bazaar_run):
    out = dicelab("repair", bazaar_run, "--game", "bazaar", "--quiet")
    assert out.output.strip() == f"{bazaar_run}: whole, 60 games (0 played now)"


def test_simulate_plays_the_games_own_bots_and_set_by_default(tmp_path):
    dicelab("simulate", "--game", "bazaar", "--players", "2", "--games", "4",
            "--out", tmp_path / "run", *SMALL)
    manifest = read_table(tmp_path / "run", "runs").row(0, named=True)
    assert (manifest["bots"], manifest["card_set"]) == ("reckoner", "first-market")
