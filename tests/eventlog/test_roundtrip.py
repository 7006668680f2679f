"""The schema is enforced at write time and survives a write-then-read round trip."""

import polars as pl
import pytest

from analytics.errors import UserError
from analytics.eventlog.reader import read_table
from analytics.eventlog.schema import SCHEMA_VERSION, TABLES, components_schema, table_schema
from analytics.eventlog.writer import frame
from analytics.games import get_game
from analytics.query.database import LogDatabase
from analytics.runs.simulate import RunConfig, run_simulation, validate
from tests.analytics_fixtures import sample_logs

CONFIG = RunConfig(players=3, games=12, seed=5, card_set="base-alternates")
GAME = get_game(CONFIG.game)


def game_setup():
    return validate(CONFIG).game_setup


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    out = tmp_path_factory.mktemp("logs") / "run"
    return run_simulation(CONFIG, out, workers=1, progress=False)


@pytest.mark.parametrize("table", list(TABLES))
def test_tables_read_back_with_declared_types(run, table):
    """Word columns come back as Enums of the game's vocabulary; the catalogue has the core
    columns, then the attributes the game declares."""
    df = read_table(run, table)
    if table == "components":
        assert dict(df.schema) == components_schema(GAME.catalogue(game_setup())[0])
    else:
        assert dict(df.schema) == table_schema(table, GAME.vocabulary(game_setup()))
    assert df.height > 0


def test_words_are_enums_of_the_vocabulary(run):
    kinds = read_table(run, "events").schema["kind"]
    assert kinds == pl.Enum(sorted(GAME.vocabulary(game_setup())["kind"]))
    assert list(kinds.categories) == sorted(kinds.categories)


def test_catalogue_is_written_with_the_run(run):
    components = read_table(run, "components")
    _, rows = GAME.catalogue(game_setup())
    run_id = read_table(run, "runs")["run_id"].item()
    assert components.drop("run_id").to_dicts() == rows
    assert components["run_id"].unique().to_list() == [run_id]
    assert read_table(run, "runs")["schema_version"].item() == SCHEMA_VERSION == 3


def test_row_counts_match(run):
    games, players, events = (read_table(run, t) for t in ("games", "players", "events"))
    assert games.height == 12
    assert players.height == 36
    assert events.height == games["n_events"].sum()
    assert events.group_by("game_id").agg(pl.col("seq").max())["seq"].sort().to_list() == sorted(
        (games["n_events"] - 1).to_list())


def test_glory_events_sum_to_scores(run):
    glory = (read_table(run, "events").filter(pl.col("resource") == "glory")
             .group_by("game_id", "seat").agg(pl.col("amount").cast(pl.Int64).sum().alias("g")))
    joined = read_table(run, "players").join(glory, on=["game_id", "seat"], how="left")
    assert (joined["score"].cast(pl.Int64) == joined["g"].fill_null(0)).all()


def test_frame_refuses_missing_column():
    with pytest.raises(ValueError, match="columns"):
        frame("players", {"game_id": [1]})


def event_columns(**words) -> dict[str, list]:
    columns = {name: [None] for name in TABLES["events"]}
    columns.update(game_id=[1], seq=[0], **{k: [v] for k, v in words.items()})
    return columns


VOCABULARY = {"kind": ("die_rolled",), "item": ("gold_1",), "resource": ("gold",),
              "cause": ("gold_1",), "use_kinds": ("die_rolled",)}


@pytest.mark.parametrize(("column", "word"), [
    ("kind", "omen_drawn"), ("item", "gold_9"), ("resource", "shards"), ("cause", "oracle")])
def test_frame_refuses_a_word_the_game_did_not_declare(column, word):
    columns = event_columns(kind="die_rolled", item="gold_1", resource="gold", cause="gold_1")
    columns[column] = [word]
    with pytest.raises(ValueError, match=rf"^{column}: '{word}' not in the game's vocabulary"):
        frame("events", columns, VOCABULARY)
    columns[column] = [VOCABULARY[column][0]]
    assert frame("events", columns, VOCABULARY)[column].cast(pl.String).to_list() == [
        VOCABULARY[column][0]]


def test_frame_needs_a_vocabulary_for_words():
    with pytest.raises(ValueError, match="vocabulary"):
        frame("events", event_columns(kind="die_rolled"))
    with pytest.raises(ValueError, match=r"use kinds \['omen_drawn'\] are not event kinds"):
        frame("events", event_columns(kind="die_rolled"),
              {**VOCABULARY, "use_kinds": ("omen_drawn",)})


def test_a_run_of_schema_3_without_its_catalogue_is_one_clear_error(tmp_path):
    run = sample_logs(tmp_path / "run")
    (run / "components.parquet").unlink()
    for read in (lambda: read_table(run, "components"), lambda: LogDatabase([run])):
        with pytest.raises(UserError, match=r"run: no components\.parquet \(every run folder"):
            read()
