"""The Python API gives the commands' numbers to the last digit, and docs/python.md's example
script runs as written."""

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from analytics import api
from analytics.cli.app import main

ROOT = Path(__file__).resolve().parents[1]


def csv_of(*args: str) -> str:
    result = CliRunner().invoke(main, [*args, "--format", "csv"])
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.fixture(scope="module")
def run(tmp_path_factory) -> Path:
    return api.simulate(tmp_path_factory.mktemp("api") / "run", players=4, games=24, seed=5,
                        workers=1)


def test_simulate_plays_what_the_command_plays(run, tmp_path):
    command = CliRunner().invoke(main, ["simulate", "--players", "4", "--games", "24",
                                        "--seed", "5", "--workers", "1", "--out",
                                        str(tmp_path / "cli"), "--quiet"])
    assert command.exit_code == 0, command.output
    ours = api.query("outcome_by_seat_game", run)
    theirs = api.query("outcome_by_seat_game", tmp_path / "cli")
    assert ours.equals(theirs) and ours.height == 96


@pytest.mark.parametrize(("table", "args"), [
    (lambda run: api.components("card", run, min_n=0), ("cards", "--min-n", "0")),
    (lambda run: api.components("face", run, min_n=0, sort="take_rate"),
     ("faces", "--min-n", "0", "--sort", "take_rate")),
    (lambda run: api.components("card", run, min_n=5, players=[4]),
     ("components", "card", "--min-n", "5", "--players", "4")),
    (lambda run: api.seats(run), ("seats",)),
    (lambda run: api.balance(run), ("balance",)),
])
def test_tables_are_the_commands_csv_to_the_last_digit(run, table, args):
    answer = table(run)
    assert answer.table.write_csv() == csv_of(*args, "--logs", str(run))
    assert answer.notes and answer.notes[0].startswith("read")


def test_balance_verdicts_are_the_headline(run):
    verdict = api.balance(run).headline
    result = CliRunner().invoke(main, ["balance", "--logs", str(run)])
    assert verdict.startswith("4 players (24 games): ") and verdict in result.stdout


def test_a_query_is_the_commands(run):
    frame = api.query("win_rate_by_round_acquired", run, {"component": "face"})
    assert frame.write_csv() == csv_of("query", "win_rate_by_round_acquired", "-p",
                                       "component", "face", "--logs", str(run))


def test_compare_is_the_commands_every_row(tmp_path):
    answer = api.compare("base", "base-alternates", games=12, seed=2, workers=1)
    command = CliRunner().invoke(main, ["compare", "--a", "base", "--b", "base-alternates",
                                        "--games", "12", "--seed", "2", "--workers", "1",
                                        "--all-rows", "--format", "csv", "--quiet"])
    assert command.exit_code == 0, command.output
    assert answer.table.write_csv() == command.stdout
    assert answer.headline in command.stderr


def test_value_is_the_commands():
    answer = api.value("hydra", "base", games=12, seed=2, workers=1)
    command = CliRunner().invoke(main, ["value", "hydra", "--set", "base", "--games", "12",
                                        "--seed", "2", "--workers", "1", "--format", "csv",
                                        "--quiet"])
    assert command.exit_code == 0, command.output
    assert answer.table.write_csv() == command.stdout
    assert answer.headline.startswith("hydra (M8, against ")  # the alternative it beats most


def test_the_report_is_written(run, tmp_path):
    html, md = api.report(run, tmp_path / "r.html", title="From Python")
    assert html.read_text(encoding="utf-8").startswith("<!doctype html>")
    assert md.read_text(encoding="utf-8").startswith("# From Python")


@pytest.mark.slow  # a process playing the docs' run: `make test-slow`
def test_the_docs_example_script_runs(tmp_path):
    script = ROOT / "docs" / "examples" / "notebook.py"
    done = subprocess.run([sys.executable, str(script), str(tmp_path / "out")], cwd=tmp_path,
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr
    assert "B (base-alternates)'s first seat wins" in done.stdout
    assert f"report: {tmp_path / 'out' / 'report.html'}" in done.stdout
    assert (tmp_path / "out" / "report.md").is_file()
