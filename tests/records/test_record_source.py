"""The runs table's `source`: 'recorded' for imported records, 'simulated' for simulations and
for logs written before the column existed (read by polars and by DuckDB)."""

from __future__ import annotations

from pathlib import Path

import polars as pl
from click.testing import CliRunner

from analytics.cli.app import main
from analytics.eventlog.reader import read_table
from analytics.query.database import LogDatabase
from analytics.records.runs import import_records

SAMPLE = Path(__file__).resolve().parents[2] / "logs" / "samples" / "2p-base.dfr"


def test_simulated_recorded_and_older_runs_each_say_their_source(tmp_path):
    done = CliRunner().invoke(main, ["simulate", "--players", "2", "--games", "2", "--workers",
                                     "1", "--quiet", "--out", str(tmp_path / "sim")])
    assert done.exit_code == 0, done.output
    old = tmp_path / "old"
    CliRunner().invoke(main, ["simulate", "--players", "2", "--games", "2", "--seed", "1",
                              "--workers", "1", "--quiet", "--out", str(old)])
    runs = pl.read_parquet(old / "runs.parquet")
    runs.drop("source").write_parquet(old / "runs.parquet")  # as logged before records
    (recorded,) = import_records([SAMPLE], tmp_path / "rec").folders
    assert [read_table(f, "runs")["source"].to_list() for f in (tmp_path / "sim", old, recorded)
            ] == [["simulated"], ["simulated"], ["recorded"]]
    with LogDatabase([tmp_path / "sim", old, recorded]) as db:
        rows = db.con.execute("select source, count(*) from runs join games using (run_id) "
                              "group by source order by source").fetchall()
    assert rows == [("recorded", 1), ("simulated", 4)]


def test_analysis_commands_keep_one_source(tmp_path):
    runner = CliRunner()
    done = runner.invoke(main, ["simulate", "--players", "2", "--games", "3", "--workers", "1",
                                "--quiet", "--out", str(tmp_path / "sim")])
    assert done.exit_code == 0, done.output
    import_records([SAMPLE], tmp_path / "rec")
    counts = {}
    for source in ("simulated", "recorded"):
        done = runner.invoke(main, ["query", "win_rate_by_bot", "--logs", str(tmp_path),
                                    "--source", source, "--format", "csv"])
        assert done.exit_code == 0, done.output
        counts[source] = sorted(line.split(",")[0] for line in done.stdout.splitlines()[1:])
    assert counts == {"simulated": ["economist"], "recorded": ["Alice", "Bob"]}
