"""Altera through the generic pipeline: simulate at every player count with an assumption
set, its name and hash in the run, its catalogue in components.parquet, its tables."""

from __future__ import annotations

import json
import shutil

import polars as pl
import pytest
from click.testing import CliRunner

from analytics.cli.app import main
from analytics.games.altera.assumptions import SETS_DIR, load_set
from tests.games.bazaar_cli import SMALL, dicelab


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_simulate_writes_an_altera_run_at_every_player_count(tmp_path, players):
    out = tmp_path / "run"
    dicelab("simulate", "--game", "altera", "--players", str(players), "--games", "2",
            "--bots", "steward", "--out", out, *SMALL)
    aset = load_set()
    runs = pl.read_parquet(out / "runs.parquet")
    assert runs["card_set"].to_list() == [f"default [{aset.hash}]"]
    components = pl.read_parquet(out / "components.parquet")
    assert set(components["kind"]) == {"faction", "artifact", "die", "guild_card", "objective",
                                       "rule_source"}
    seeded = components.filter(pl.col("source") == "seed")["component"].to_list()
    assert {"ashen_druid", "arc_golem", "rune_chime"} <= set(seeded)


def test_assumptions_from_a_folder_are_named_with_their_hash(tmp_path):
    folder = tmp_path / "mine"
    shutil.copytree(SETS_DIR / "default", folder)
    text = (folder / "set.toml").read_text().replace('name = "default"', 'name = "mine"')
    (folder / "set.toml").write_text(text)
    out = tmp_path / "run"
    dicelab("simulate", "--game", "altera", "--players", "3", "--games", "2",
            "--assumptions", folder, "--out", out, *SMALL)
    assert pl.read_parquet(out / "runs.parquet")["card_set"].to_list() == [
        f"mine [{load_set(str(folder)).hash}]"]
    table = dicelab("factions", "--logs", out, "--min-n", "1")
    assert f"mine [{load_set(str(folder)).hash}]" in table.output


def test_a_bad_assumption_set_is_one_line_and_no_run(tmp_path):
    folder = tmp_path / "bad"
    shutil.copytree(SETS_DIR / "default", folder)
    dice = (folder / "dice.toml").read_text().replace('"magic", "magic", "shard"',
                                                       '"magic", "gold", "shard"')
    (folder / "dice.toml").write_text(dice)
    out = tmp_path / "run"
    result = CliRunner().invoke(main, ["simulate", "--game", "altera", "--players", "3",
                                       "--games", "2", "--assumptions", str(folder),
                                       "--out", str(out), *SMALL])
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [
        f"Error: {folder / 'dice.toml'}: die 4 (alchemist tier 1): face 'gold': unknown "
        "icon 'gold' (icons: coin, shard, favor, influence, artisanry, magic, wild)"]
    assert not out.exists()


def test_set_and_assumptions_together_are_a_usage_error(tmp_path):
    result = CliRunner().invoke(main, ["simulate", "--game", "altera", "--set", "default",
                                       "--assumptions", "default", "--out",
                                       str(tmp_path / "r")])
    assert result.exit_code == 2 and "give --set or --assumptions, not both" in result.output


@pytest.fixture(scope="module")
def run3(tmp_path_factory):
    """40 three-player games of stewards under the default set."""
    out = tmp_path_factory.mktemp("altera") / "run"
    dicelab("simulate", "--game", "altera", "--players", "3", "--games", "40", "--seed", "5",
            "--bots", "steward", "--out", out, *SMALL)
    return out


def test_tables_say_under_which_assumption_set(run3):
    aset = load_set()
    result = dicelab("factions", "--logs", run3, "--min-n", "1")
    assert f"under assumption set default [{aset.hash}] 40 games" in result.output


def test_win_rate_by_priority_number_counts_the_seats_that_took_each_faction(run3):
    """The query against the raw tables: each seat-game's Faction (its faction_chosen event)
    and its priority (the catalogue), grouped by priority number."""
    import json

    result = dicelab("query", "win_rate_by_attribute", "--logs", run3, "--param",
                     "component", "faction", "--format", "json")
    rows = json.loads(result.stdout)
    players = pl.concat([pl.read_parquet(p) for p in run3.glob("parts/*/players.parquet")])
    events = pl.concat([pl.read_parquet(p) for p in run3.glob("parts/*/events.parquet")])
    chosen = events.filter(pl.col("kind") == "faction_chosen").select(
        "game_id", "seat", pl.col("item").cast(pl.String).alias("faction"))
    aset = load_set()
    priority = pl.DataFrame({"faction": list(aset.factions),
                             "value": [str(f.priority) for f in aset.factions.values()]})
    expected = (players.join(chosen, on=["game_id", "seat"]).join(priority, on="faction")
                .group_by("value").agg(n=pl.len(),
                                       win_rate=pl.col("win_share").cast(pl.Float64).mean(),
                                       mean_score=pl.col("score").mean()))
    assert sum(r["n"] for r in rows) == 120
    got = {r["value"]: (r["n"], round(r["win_rate"], 9), round(r["mean_score"], 9))
           for r in rows}
    assert got == {r["value"]: (r["n"], round(r["win_rate"], 9), round(r["mean_score"], 9))
                   for r in expected.iter_rows(named=True)}
    assert all(r["win_low"] <= r["win_rate"] <= r["win_high"] for r in rows)


def test_the_sweep_says_which_conclusions_hold_across_assumption_sets(tmp_path):
    import json

    spec = tmp_path / "spec.toml"
    spec.write_text('games = 12\nseed = 2\ngame = "altera"\n[grid]\n'
                    'sets = ["default", "cheap-benefactors"]\nplayers = [3]\n'
                    'bots = ["steward"]\n')
    result = dicelab("sweep", spec, "--out", tmp_path / "out", "--rank", "faction",
                     "--format", "json", *SMALL)
    body = json.loads(result.stdout)
    assert [c["set"] for c in body["cells"]] == ["default", "cheap-benefactors"]
    assert body["sets"] == [f"under assumption set cheap-benefactors "
                            f"[{load_set('cheap-benefactors').hash}]",
                            f"under assumption set default [{load_set().hash}]"]
    first, ranking = body["conclusions"][:2]
    assert first["conclusion"] == "first seat's win rate vs 1/N"
    assert first["verdict"] in ("holds", "moves", "flips")
    assert first["default"].endswith(("above", "below", "level")) and "n=12" in first["default"]
    assert ranking["conclusion"] == "faction ranking (by win rate when taken)"
    again = dicelab("sweep", spec, "--out", tmp_path / "out", "--assumptions", "default",
                    "--assumptions", "cheap-benefactors", "--rank", "faction", "--format",
                    "json", *SMALL)
    assert json.loads(again.stdout) == body  # the same sets named on the command line


@pytest.mark.parametrize("command", [
    ["compare", "--game", "altera", "--assumptions", "cheap-benefactors", "--rule-b",
     "ghost=off", "--players", "2", "--bots", "steward", "--games", "10"],
    ["balance", "--game", "altera", "--assumptions", "cheap-benefactors", "--players", "3",
     "--bots", "steward", "--games", "3"],
    ["ladder", "--game", "altera", "--assumptions", "cheap-benefactors", "--bots",
     "random,steward", "--players", "2", "--games", "2", "--timing-games", "0", "--boot", "2"],
])
def test_commands_that_play_take_assumptions(tmp_path, command):
    # Not bazaar_cli's dicelab(): Altera's own "Guild cards" are no Dice Forge word here.
    result = CliRunner().invoke(main, [*command, "--out", str(tmp_path / "out"), *SMALL])
    assert result.exit_code == 0, result.output
    assert f"cheap-benefactors [{load_set('cheap-benefactors').hash}]" in result.output


def test_list_shows_the_catalogue_of_the_assumption_set_named(tmp_path):
    """`dicelab list factions --assumptions DIR` lists that folder's Factions, not the
    default set's: a user checks an edit before playing it."""
    folder = tmp_path / "mine"
    shutil.copytree(SETS_DIR / "default", folder)
    text = (folder / "factions.toml").read_text()
    # Ember Warden's priority is assumed (an invented Faction): a user may edit it.
    (folder / "factions.toml").write_text(text.replace("priority = 10", "priority = 11", 1))
    listed = [CliRunner().invoke(main, ["list", "factions", "--game", "altera", *mine,
                                        "--format", "json"])
              for mine in (["--assumptions", str(folder)], [])]
    assert [r.exit_code for r in listed] == [0, 0]
    rows, default = (json.loads(r.output) for r in listed)
    assert [r["priority"] for r in rows if r["faction"] == "ember_warden"] == [11]
    assert [r["priority"] for r in default if r["faction"] == "ember_warden"] == [10]
    result = CliRunner().invoke(main, ["list", "cards", "--assumptions", str(folder)])
    assert (result.exit_code, result.output.strip()) == (
        1, "Error: --assumptions: diceforge's cards are not drawn from an assumption set "
           "(its catalogues are the rulebook's)")
