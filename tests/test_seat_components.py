"""Issue 27 item 4: the `seat_components` part table gives the card and face tables and paired
comparisons the very numbers the events give, to the last digit.

Every part writes the table as it is simulated; for parts logged before it existed the reader
derives the same rows from the events (queries/_seat_components.sql) and `dicelab repair`
writes them. Each test reads real simulated runs both ways and asserts equality of every value.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner
from polars.testing import assert_frame_equal

from analytics.cli.app import main
from analytics.eventlog.seat_components import SEAT_COMPONENTS
from analytics.experiments.compare import compare_logs
from analytics.query.database import Filters, LogDatabase
from analytics.runs.simulate import RunConfig, run_simulation
from analytics.tables.components import component_table

BOTS = ("economist", "hero", "random", "economist")


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> dict[str, Path]:
    """Two arms on the same seeds (base and base-alternates, parts of 10 games), each as
    written (`a`, `b`), as logged before parts held the table (`old_a`, `old_b`) and with
    one part only lacking it (`mixed_a`)."""
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
            (part / f"{SEAT_COMPONENTS}.parquet").unlink()
    return copy


def _rows(folder: Path) -> tuple[bool, pl.DataFrame]:
    with LogDatabase([folder]) as db:
        rows = db.con.sql("select * from seat_components").pl()
        return db.has_seat_components, rows.sort("kind", "game_id", "seat", "component")


def test_every_part_writes_the_table(runs):
    parts = sorted((runs["a"] / "parts").iterdir())
    assert len(parts) == 3
    assert all((part / f"{SEAT_COMPONENTS}.parquet").is_file() for part in parts)


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
    assert "(0 played now)" in done.output
    for part in sorted((runs["a"] / "parts").iterdir()):
        repaired = old / "parts" / part.name / f"{SEAT_COMPONENTS}.parquet"
        assert_frame_equal(pl.read_parquet(repaired),
                           pl.read_parquet(part / f"{SEAT_COMPONENTS}.parquet"),
                           check_exact=True)
    again = CliRunner().invoke(main, ["repair", str(old), "--quiet"])
    assert again.exit_code == 0 and "seat_components" not in again.output
