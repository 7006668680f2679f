"""Issue 27 item 4: the `seat_components` and `score_causes` part tables give the card and face
tables and paired comparisons the very numbers the events give, to the last digit.

Every part writes the tables as it is simulated; for parts logged before they existed the
reader derives the same rows from the events (queries/_seat_components.sql, _score_causes.sql)
and `dicelab repair` writes them. Each test reads real simulated runs both ways and asserts
equality of every value.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner
from polars.testing import assert_frame_equal

from analytics.cli.app import main
from analytics.eventlog.check import DERIVED_TABLES
from analytics.eventlog.score_causes import SCORE_CAUSES
from analytics.eventlog.seat_components import SEAT_COMPONENTS
from analytics.experiments.compare import compare_logs
from analytics.query.database import Filters, LogDatabase
from analytics.runs.simulate import RunConfig, run_simulation
from analytics.tables.components import component_table

BOTS = ("economist", "hero", "random", "economist")


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> dict[str, Path]:
    """Two arms on the same seeds (base and base-alternates, parts of 10 games), each as
    written (`a`, `b`), as logged before parts held the derived tables (`old_a`, `old_b`) and
    with one part only lacking them (`mixed_a`)."""
    root = tmp_path_factory.mktemp("seat_components")
    found = {}
    for arm, card_set in (("a", "base"), ("b", "base-alternates")):
        config = RunConfig(players=4, games=30, seed=7, bots=BOTS, card_set=card_set)
        found[arm] = run_simulation(config, root / arm, workers=1, progress=False,
                                    chunk_size=10)
        found[f"old_{arm}"] = _without_tables(found[arm], root / f"old_{arm}")
    found["mixed_a"] = _without_tables(found["a"], root / "mixed_a", parts=["00001"])
    return found


def _without_tables(run: Path, copy: Path, parts: list[str] | None = None) -> Path:
    shutil.copytree(run, copy)
    for part in sorted((copy / "parts").iterdir()):
        if parts is None or part.name in parts:
            for table in DERIVED_TABLES:
                (part / f"{table}.parquet").unlink()
    return copy


def _rows(folder: Path) -> tuple[bool, pl.DataFrame]:
    with LogDatabase([folder]) as db:
        rows = db.con.sql("select * from seat_components").pl()
        return db.has_seat_components, rows.sort("kind", "game_id", "seat", "component")


def test_every_part_writes_the_tables(runs):
    parts = sorted((runs["a"] / "parts").iterdir())
    assert len(parts) == 3 and DERIVED_TABLES == (SEAT_COMPONENTS, SCORE_CAUSES)
    assert all((part / f"{table}.parquet").is_file() for part in parts
               for table in DERIVED_TABLES)


def _causes(folder: Path) -> tuple[bool, pl.DataFrame]:
    with LogDatabase([folder]) as db:
        rows = db.con.sql("select * from score_causes").pl()
        return db.holds(SCORE_CAUSES), rows.sort("game_id", "cause", "after_end")


def test_the_written_score_causes_are_those_the_events_give(runs):
    written, from_parts = _causes(runs["a"])
    derived, from_events = _causes(runs["old_a"])
    mixed, from_both = _causes(runs["mixed_a"])
    assert (written, derived, mixed) == (True, False, False)
    assert from_parts.height > 300 and from_parts["after_end"].any()
    assert from_parts["after_end"].sum() < from_parts.height
    assert_frame_equal(from_parts, from_events, check_exact=True)
    assert_frame_equal(from_parts, from_both, check_exact=True)


def test_the_score_causes_add_up_to_the_final_scores(runs):
    """Every point of every seat's score is in some cause's row: the game's rows sum to the
    sum of its seats' final scores."""
    with LogDatabase([runs["a"]]) as db:
        by_game = db.con.sql("select game_id, sum(score)::bigint as total from score_causes "
                             "group by game_id order by game_id").pl()
        finals = db.con.sql("select game_id, sum(score)::bigint as total from players "
                            "group by game_id order by game_id").pl()
    assert by_game.height == 30
    assert_frame_equal(by_game, finals, check_exact=True)


@pytest.mark.parametrize("filters", [Filters(), Filters(bot=("hero",))])
def test_the_score_by_source_is_the_same_to_the_last_digit(runs, filters):
    fast, slow = (LogDatabase([runs[arm]], filters) for arm in ("a", "old_a"))
    with fast, slow:
        rows = [db.run("score_by_source_by_game") for db in (fast, slow)]
    assert rows[0].height > 60 and rows[0]["source"].n_unique() >= 3
    assert_frame_equal(rows[0], rows[1], check_exact=True)


def test_the_written_rows_are_those_the_events_give(runs):
    written, from_parts = _rows(runs["a"])
    derived, from_events = _rows(runs["old_a"])
    mixed, from_both = _rows(runs["mixed_a"])
    assert (written, derived, mixed) == (True, False, False)
    assert from_parts.height > 1000 and set(from_parts["kind"]) == {"card", "face"}
    assert_frame_equal(from_parts, from_events, check_exact=True)
    assert_frame_equal(from_parts, from_both, check_exact=True)


@pytest.mark.parametrize("kind", ["card", "face"])
@pytest.mark.parametrize("filters", [Filters(), Filters(bot=("hero",)), Filters(players=(4,))])
def test_a_component_table_is_the_same_to_the_last_digit(runs, kind, filters):
    for pooled in (["a"], ["a", "b"]):
        fast = component_table([runs[arm] for arm in pooled], kind, filters, min_n=0)
        slow = component_table([runs[f"old_{arm}"] for arm in pooled], kind, filters, min_n=0)
        assert fast.frame.height > 10
        assert_frame_equal(fast.frame, slow.frame, check_exact=True)
        assert fast.footnotes[1:] == slow.footnotes[1:]  # the first names the folders read


def test_a_paired_comparison_is_the_same_to_the_last_digit(runs):
    fast = compare_logs([runs["a"]], [runs["b"]])
    slow = compare_logs([runs["old_a"]], [runs["old_b"]])
    assert fast.comparison.rows.height > 50
    assert_frame_equal(fast.comparison.rows, slow.comparison.rows, check_exact=True)


def test_the_commands_print_the_same_bytes(runs):
    for command in (["cards"], ["faces"], ["components", "face", "--players", "4"]):
        fast, slow = (CliRunner().invoke(main, [*command, "--logs", str(runs[arm]),
                                                "--format", "csv", "--min-n", "0"])
                      for arm in ("a", "old_a"))
        assert fast.exit_code == slow.exit_code == 0, fast.output
        assert fast.stdout == slow.stdout and len(fast.stdout.splitlines()) > 10


def test_repair_writes_the_tables_of_older_parts(runs, tmp_path):
    old = _without_tables(runs["a"], tmp_path / "old")
    done = CliRunner().invoke(main, ["repair", str(old), "--quiet"])
    assert done.exit_code == 0, done.output
    assert "wrote the seat_components table of 3 parts logged without it" in done.output
    assert "wrote the score_causes table of 3 parts logged without it" in done.output
    assert "(0 played now)" in done.output
    for part in sorted((runs["a"] / "parts").iterdir()):
        for table in DERIVED_TABLES:
            repaired = old / "parts" / part.name / f"{table}.parquet"
            assert_frame_equal(pl.read_parquet(repaired),
                               pl.read_parquet(part / f"{table}.parquet"), check_exact=True)
    again = CliRunner().invoke(main, ["repair", str(old), "--quiet"])
    assert again.exit_code == 0 and "wrote" not in again.output
