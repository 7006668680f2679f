"""Altera through the generic pipeline: simulate at every player count with an assumption
set, its name and hash in the run, its catalogue in components.parquet, its tables."""

from __future__ import annotations

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
