"""Export then import: a game written as a record and replayed gives the same events and
players, over random games with random card sets (Rebellion cards included)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner
from hypothesis import example, given, settings
from hypothesis import strategies as st

from analytics.cli.app import main
from analytics.eventlog.reader import read_table
from analytics.eventlog.writer import events_columns, frame
from analytics.games import get_game
from analytics.games.diceforge.rules.components import CARDS, MODULE_CARDS, MODULE_OF_CARD
from analytics.games.diceforge.rules.content import CardSet
from analytics.games.diceforge.rules.options import parse_rule_options
from analytics.games.diceforge.rules.state import Setup
from analytics.games.plugin import RunSetup
from analytics.records.runs import import_records, record_game

GAME = get_game("diceforge")
SLOTS: dict[str, list[str]] = {}
for _card in CARDS.values():
    if _card.id not in MODULE_OF_CARD:  # a module's cards come with it (test below)
        SLOTS.setdefault(_card.slot, []).append(_card.id)
WORDS = ("kind", "item", "resource", "cause")


def run_setup(players: int, cards: dict[str, str], module: str = "none") -> RunSetup:
    card_set = CardSet("random", {slot: CARDS[card] for slot, card in cards.items()})
    options = parse_rule_options({})
    return RunSetup(players, "random", card_set.card_ids, module, options.as_dict(),
                    Setup(players, card_set, options, module))


def as_text(df: pl.DataFrame) -> pl.DataFrame:
    """Word columns as plain strings (each run's Enum is its own type)."""
    return df.with_columns(pl.col(c).cast(pl.String) for c in WORDS if c in df.columns)


games = st.fixed_dictionaries({
    "players": st.sampled_from((2, 3, 4)),
    "cards": st.fixed_dictionaries({slot: st.sampled_from(sorted(ids))
                                    for slot, ids in sorted(SLOTS.items())}),
    "bots": st.lists(st.sampled_from(("random", "economist", "hero")), min_size=4, max_size=4),
    "seed": st.integers(min_value=0, max_value=2**63 - 1),
})
REBELLION = {**{slot: ids[0] for slot, ids in SLOTS.items()}, "M1": "twins",
             "F7": "eternal_fire"}


@settings(max_examples=30, deadline=None)
@given(games)
@example({"players": 3, "cards": REBELLION, "bots": ["random"] * 4, "seed": 81})
@example({"players": 4, "cards": {**REBELLION, "M1": "blacksmiths_scepter"},
          "bots": ["economist", "random", "hero", "random"], "seed": 7})
def test_a_recorded_game_replays_to_the_same_events_and_players(game):
    setup = run_setup(game["players"], game["cards"])
    bots = game["bots"][:game["players"]]
    text, result = record_game("diceforge", setup, bots, game["seed"])
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.dfr"
        path.write_text(text)
        done = import_records([path], Path(folder) / "out")
        assert done.failed == [] and done.games == 1
        events = read_table(done.folders[0], "events").sort("seq").drop("game_id")
        players = read_table(done.folders[0], "players").sort("seat").drop("game_id")
    vocabulary = GAME.vocabulary(setup.game_setup)
    expected = frame("events", events_columns([0], [result.events]), vocabulary).drop("game_id")
    assert as_text(events).equals(as_text(expected))
    assert players["bot"].to_list() == bots
    assert players["score"].to_list() == result.scores
    assert players["rank"].to_list() == result.ranks
    assert players["win_share"].to_list() == result.win_shares


@pytest.mark.parametrize("module", ["goddess", "titans"])
@settings(max_examples=10, deadline=None)
@given(game=games)
def test_a_recorded_module_game_replays_to_the_same_events(game, module):
    """The module and its decisions (forks and treasure picks; Memory tokens, allegiance
    choices) are in the record; replay gives the events."""
    setup = run_setup(game["players"], {**game["cards"], **MODULE_CARDS[module]}, module)
    bots = game["bots"][:game["players"]]
    text, result = record_game("diceforge", setup, bots, game["seed"])
    assert f"module {module}" in text.splitlines()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.dfr"
        path.write_text(text)
        done = import_records([path], Path(folder) / "out")
        assert done.failed == [] and done.games == 1
        events = read_table(done.folders[0], "events").sort("seq").drop("game_id")
        games_ = read_table(done.folders[0], "games")
    vocabulary = GAME.vocabulary(setup.game_setup)
    expected = frame("events", events_columns([0], [result.events]), vocabulary).drop("game_id")
    assert as_text(events).equals(as_text(expected))
    assert games_["module"].to_list() == [module]


def test_export_then_import_of_a_run_gives_its_tables(tmp_path):
    runner = CliRunner()
    for args in (["simulate", "--players", "3", "--games", "4", "--bots", "random,hero,economist",
                  "--set", "base-alternates", "--workers", "1", "--quiet", "--out",
                  str(tmp_path / "run")],
                 ["export-records", str(tmp_path / "run"), "--out", str(tmp_path / "recs"),
                  "--quiet"]):
        done = runner.invoke(main, args)
        assert done.exit_code == 0, done.output
    records = sorted((tmp_path / "recs").glob("*.dfr"))
    assert [p.name for p in records] == [f"game-{i:06d}.dfr" for i in range(4)]
    done = runner.invoke(main, ["import", *map(str, records), "--out", str(tmp_path / "imp"),
                                "--quiet"])
    assert done.exit_code == 0, done.output
    assert "imported 4 of 4 records" in done.output
    (folder,) = (tmp_path / "imp").iterdir()
    for table, keys in (("events", ["game_index", "seq"]), ("players", ["game_index", "seat"])):
        old, new = (as_text(read_table(f, table).join(
            read_table(f, "games").select("game_id", "game_index"), on="game_id")
            .drop("game_id").sort(keys)) for f in (tmp_path / "run", folder))
        assert new.equals(old), table
    assert read_table(folder, "games")["n_decisions"].to_list() == \
        read_table(tmp_path / "run", "games").sort("game_index")["n_decisions"].to_list()
