"""Logs of the previous release (schema 2, no catalogue) answer every analysis command, alone
and together with logs of the current schema; a log newer than the reader is refused."""

from __future__ import annotations

import shutil
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner

from analytics.cli.app import main
from analytics.eventlog.reader import read_table
from analytics.eventlog.schema import SCHEMA_VERSION
from analytics.query.database import LogDatabase, find_query, query_paths
from analytics.runs.simulate import RunConfig, run_simulation
from tests.analytics_fixtures import sample_logs

SCHEMA2 = Path(__file__).parent / "fixtures" / "schema2"
RUNS = {"alternates": "base-alternates", "base2p": "base"}


def dicelab(*args) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, [str(a) for a in args])
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def mixed(tmp_path_factory):
    """The schema-2 runs beside a run written now, of the same set as one of them."""
    root = tmp_path_factory.mktemp("mixed")
    shutil.copytree(SCHEMA2, root / "old")
    run_simulation(RunConfig(players=3, games=5, seed=8, card_set="base-alternates"),
                   root / "new", workers=1, progress=False)
    return root


def test_the_fixture_is_schema_2_without_catalogue():
    for name in RUNS:
        assert read_table(SCHEMA2 / name, "runs")["schema_version"].item() == 2
        assert not (SCHEMA2 / name / "components.parquet").exists()


@pytest.mark.parametrize("name", sorted(query_paths()))
@pytest.mark.parametrize("logs", ["old", "both"])
def test_every_query_answers(mixed, name, logs):
    paths = [SCHEMA2] if logs == "old" else [mixed]
    declared = {p.name for p in find_query(name).params}
    params = {"component": "face"} if "component" in declared else {}
    if "attribute" in declared:  # an attribute every catalogue has, old or new
        params["attribute"] = "name"
    code, out, err = dicelab("query", name, *_logs(paths), *_flat(params), "--format", "csv")
    assert code == 0, err
    if name.startswith("audits/"):
        assert out.strip().count("\n") == 0, out  # a header, no violation
    else:
        assert out.strip().count("\n") >= 1, out  # a header and rows


@pytest.mark.parametrize("args", [
    ("cards", "--min-n", "0"), ("faces", "--min-n", "0"), ("seats",), ("summary", "--min-n", "0"),
])
@pytest.mark.parametrize("logs", ["old", "both"])
def test_every_table_command_answers(mixed, args, logs):
    paths = [SCHEMA2] if logs == "old" else [mixed]
    code, out, err = dicelab(*args, *_logs(paths), "--format", "csv")
    assert code == 0, err
    assert out.strip().count("\n") >= 2


@pytest.mark.parametrize("kind", ["cards", "faces", "seats", "scores", "rounds"])
def test_every_chart_draws(tmp_path, kind):
    out = tmp_path / f"{kind}.png"
    code, _, err = dicelab("chart", kind, "--logs", SCHEMA2, "--min-n", "0", "--out", out)
    assert code == 0, err
    assert out.read_bytes()[:4] == b"\x89PNG"


def test_migrated_catalogue_is_what_the_set_offers():
    """The set's cards, the Sanctuary and the gardens of its cards; starting faces not offered."""
    with LogDatabase([SCHEMA2]) as db:
        counts = db.con.sql("select r.card_set, c.kind, c.offered, count(*) from components c "
                            "join runs r using (run_id) group by all order by all").fetchall()
        gardens = db.con.sql("select r.card_set, c.component from components c join runs r "
                             "using (run_id) where c.source = 'garden' order by all").fetchall()
    assert counts == [
        ("base", "card", True, 15), ("base", "face", False, 2), ("base", "face", True, 18),
        ("base-alternates", "card", True, 15), ("base-alternates", "face", False, 2),
        ("base-alternates", "face", True, 24),
    ]
    assert gardens == [
        ("base", "mirror"), ("base", "x3"),
        ("base-alternates", "boar"), ("base-alternates", "mirror"),
        ("base-alternates", "shield_blue"), ("base-alternates", "shield_green"),
        ("base-alternates", "shield_red"), ("base-alternates", "shield_yellow"),
        ("base-alternates", "ship"), ("base-alternates", "x3"),
    ]


@pytest.mark.parametrize("name", sorted(RUNS))
def test_migrated_catalogue_agrees_with_what_the_game_writes_now(mixed, name, tmp_path):
    """Which components a set offers, and of what kind: as a run of that set writes today."""
    new = run_simulation(RunConfig(players=2, games=1, seed=1, card_set=RUNS[name]),
                         tmp_path / "new", workers=1, progress=False)
    identity = ["component", "kind", "offered", "origin", "module"]
    old = read_table(SCHEMA2 / name, "components").select(identity).sort("component")
    assert old.equals(read_table(new, "components").select(identity).sort("component"))


@pytest.mark.parametrize("component", ["card", "face"])
def test_ownership_counts_equal_the_events(component):
    """contribution_by_component over schema-2 logs: owners and availability, recounted from
    the raw tables in polars."""
    kind = "feat_performed" if component == "card" else "face_forged"
    events, games = _all("events"), _all("games")
    components = _all("components").filter(pl.col("kind") == component, pl.col("offered"))
    owners = (events.filter(pl.col("kind") == kind).with_columns(pl.col("item").cast(pl.String))
              .join(games.select("game_id", "run_id"), on="game_id")
              .join(components.select("run_id", pl.col("component").alias("item")),
                    on=["run_id", "item"], how="semi")
              .group_by("item").agg(pl.struct("game_id", "seat").n_unique().alias("n_owned")))
    seats = games.group_by("run_id").agg(pl.col("players").cast(pl.Int64).sum().alias("n"))
    available = components.join(seats, on="run_id").group_by("component").agg(pl.col("n").sum())
    expected = (available.join(owners.rename({"item": "component"}), on="component", how="left")
                .select("component", pl.col("n").alias("n_available"),
                        pl.col("n_owned").fill_null(0).cast(pl.Int64)).sort("component"))
    with LogDatabase([SCHEMA2]) as db:
        got = db.run("contribution_by_component", {"component": component})
    assert got.select("component", "n_available", "n_owned").equals(expected)
    assert got["n_owned"].sum() > 0


def test_a_newer_log_is_refused_with_one_line(tmp_path):
    run = sample_logs(tmp_path / "run")
    runs = pl.read_parquet(run / "runs.parquet")
    runs.with_columns(schema_version=pl.lit(SCHEMA_VERSION + 1, pl.Int16)).write_parquet(
        run / "runs.parquet")
    for command in ("cards", "seats", "summary"):
        code, _, err = dicelab(command, "--logs", run)
        assert code == 1
        assert err.strip().splitlines() == [
            f"Error: {run}: log schema version {SCHEMA_VERSION + 1} is newer than this dicelab "
            f"reads (up to {SCHEMA_VERSION}); upgrade dicelab"]


def _all(table: str) -> pl.DataFrame:
    return pl.concat([read_table(SCHEMA2 / name, table) for name in sorted(RUNS)],
                     how="vertical_relaxed")


def _logs(paths) -> list:
    return [arg for path in paths for arg in ("--logs", path)]


def _flat(params: dict) -> list:
    return [arg for key, value in params.items() for arg in ("-p", key, value)]
