"""The schema is enforced at write time and survives a write-then-read round trip."""

import polars as pl
import pytest

from analytics.eventlog.reader import read_table
from analytics.eventlog.schema import TABLES
from analytics.eventlog.writer import frame
from analytics.simulate import RunConfig, run_simulation


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    out = tmp_path_factory.mktemp("logs") / "run"
    return run_simulation(RunConfig(players=3, games=12, seed=5), out, workers=1, progress=False)


@pytest.mark.parametrize("table", list(TABLES))
def test_tables_read_back_with_declared_types(run, table):
    df = read_table(run, table)
    assert dict(df.schema) == TABLES[table]
    assert df.height > 0


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


def test_frame_refuses_unknown_event_kind():
    columns = {name: [None] for name in TABLES["events"]}
    columns.update(game_id=[1], seq=[0], kind=["not_a_kind"])
    with pytest.raises(pl.exceptions.InvalidOperationError):
        frame("events", columns)
