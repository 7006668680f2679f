"""The analysis commands through click: exit codes, one-line errors, parseable CSV and JSON."""

from __future__ import annotations

import csv
import io
import json

import click
import pytest
from click.testing import CliRunner

from analytics.cli_analysis import COMMANDS
from tests.analytics_fixtures import sample_logs


@click.group()
def cli():
    """Stands in for the main group."""


for command in COMMANDS:
    cli.add_command(command)


@pytest.fixture(scope="module")
def logs(tmp_path_factory):
    return str(sample_logs(tmp_path_factory.mktemp("logs") / "run-a"))


def invoke(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def test_cards_csv_is_clean_and_footnote_goes_to_stderr(logs):
    result = invoke("cards", "--logs", logs, "--min-n", "1", "--format", "csv")
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [r["card"] for r in rows] == ["silver_hind", "elder"]
    for column in ("n_available", "take_rate", "owned_wr_low", "delta_high", "adjusted_effect",
                   "p_adj", "glory_per_game"):
        assert column in rows[0]
    assert "13 rows under --min-n 1 hidden" in result.stderr


def test_faces_json_parses(logs):
    result = invoke("faces", "--logs", logs, "--min-n", "0", "--sort", "take_rate",
                    "--format", "json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert rows[0]["face"] == "gold_3" and rows[0]["n_owned"] == 3 and len(rows) == 18


def test_seats_table(logs):
    result = invoke("seats", "--logs", logs, "--players", "4")
    assert result.exit_code == 0, result.output
    assert "| players | seat |" in result.stdout and "chi-square" in result.stderr


def test_query_with_parameter(logs):
    result = invoke("query", "win_rate_by_round_acquired", "-p", "component", "face",
                    "--logs", logs, "--format", "json")
    assert result.exit_code == 0, result.output
    assert [r["round_acquired"] for r in json.loads(result.stdout)] == [1, 2, 3]


@pytest.mark.parametrize(("args", "message"), [
    (("query", "win_rate_by_sit"), "did you mean win_rate_by_seat"),
    (("query", "win_rate_by_seat", "-p", "x", "1"), "has no parameter 'x'"),
    (("cards", "--sort", "colour"), "cannot sort by 'colour'"),
    (("seats", "--players", "3"), "no games match players=3"),
])
def test_errors_are_one_line_and_exit_1(logs, args, message):
    result = invoke(*args, "--logs", logs)
    assert result.exit_code == 1
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_missing_logs_exit_1(tmp_path):
    result = invoke("seats", "--logs", tmp_path / "none")
    assert result.exit_code == 1 and "no logs found" in result.stderr


def test_power_csv():
    result = invoke("power", "--effect", "0.02", "--effect", "0.05", "--format", "csv")
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [int(r["games"]) for r in rows] == [7549, 1250]


def test_power_rejects_impossible_rates():
    result = invoke("power", "--effect", "0.9", "--base", "0.5")
    assert result.exit_code == 1 and "strictly between 0 and 1" in result.stderr


@pytest.mark.parametrize("kind", ["cards", "faces", "seats", "scores", "rounds"])
def test_chart_writes_a_png(logs, tmp_path, kind):
    out = tmp_path / f"{kind}.png"
    result = invoke("chart", kind, "--logs", logs, "--min-n", "0", "--out", out)
    assert result.exit_code == 0, result.output
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temp file left


def test_help_has_examples():
    for command in COMMANDS:
        result = invoke(command.name, "--help")
        assert result.exit_code == 0 and "Examples:" in result.output


def test_text_tables_show_a_short_set_of_columns(logs):
    short = invoke("cards", "--logs", logs, "--min-n", "1")
    assert short.exit_code == 0, short.output
    header = short.stdout.splitlines()[0]
    assert "|  delta |" in header and "owned_wr_low" not in header and "used_wr" not in header
    assert "legend: n: sample size;" in short.stderr and "p_adj: p-value adjusted" in short.stderr
    wide = invoke("cards", "--logs", logs, "--min-n", "1", "--wide").stdout.splitlines()[0]
    assert "owned_wr_low" in wide and "used_wr" in wide
    chosen = invoke("cards", "--logs", logs, "--min-n", "1", "--columns", "card,take_rate")
    assert chosen.stdout.splitlines()[0].split("|")[1:3] == [" card        ", " take_rate "]
    rows = list(csv.DictReader(io.StringIO(invoke("cards", "--logs", logs, "--min-n", "1",
                                                  "--format", "csv").stdout)))
    assert "owned_wr_low" in rows[0] and "used_wr" in rows[0]  # CSV keeps every column


def test_p_values_read_as_text(logs):
    result = invoke("seats", "--logs", logs)
    assert result.exit_code == 0
    first = result.stdout.splitlines()[2]
    assert first.rstrip().endswith("|") and "e-" not in result.stdout


def test_unknown_column_is_one_line(logs):
    result = invoke("seats", "--logs", logs, "--columns", "seat,colour")
    assert result.exit_code == 1 and "--columns: no column 'colour'" in result.stderr
