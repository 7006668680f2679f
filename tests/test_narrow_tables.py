"""Text tables and notes fit a 100-column terminal by default; --wide and --columns ask for
one wide table. Nothing is dropped: a wide table is printed in blocks of columns, each led by
the row labels."""

import re

import polars as pl
import pytest
from click.testing import CliRunner

from analytics.cli.app import main
from analytics.output import TABLE_WIDTH, render_table
from analytics.runs.simulate import RunConfig, run_simulation


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("narrow") / "run"
    run_simulation(RunConfig(players=4, games=12, seed=3), out, workers=1, progress=False)
    return out


def headers(text: str) -> list[list[str]]:
    """The column names of each block of a text table."""
    lines = text.splitlines()
    return [[c.strip() for c in line.strip("|").split("|")]
            for line, below in zip(lines, lines[1:], strict=False) if below.startswith("|-")]


def wide_frame() -> pl.DataFrame:
    return pl.DataFrame({"card": ["the_hydra", "the_owl"],
                         **{f"measure_{i:02d}": [1000.5 + i, 2.25] for i in range(16)}})


def test_a_wide_table_is_split_into_blocks_that_fit_each_led_by_the_labels():
    text = render_table(wide_frame())
    assert max(len(line) for line in text.splitlines()) <= TABLE_WIDTH
    blocks = headers(text)
    assert len(blocks) > 1 and all(block[0] == "card" for block in blocks)
    assert [c for block in blocks for c in block[1:]] == wide_frame().columns[1:]
    assert text.count("| the_hydra ") == len(blocks)


def test_width_none_prints_one_wide_table():
    text = render_table(wide_frame(), width=None)
    assert len(headers(text)) == 1 and max(map(len, text.splitlines())) > TABLE_WIDTH


def test_a_table_that_fits_is_one_block():
    frame = wide_frame().select("card", "measure_00", "measure_01")
    assert render_table(frame) == render_table(frame, width=None)


def test_label_columns_are_the_leading_text_columns():
    frame = pl.DataFrame({"item": ["a"], "measure": ["win_rate"],
                          **{f"m{i}": [0.123456789 + i] for i in range(14)}})
    blocks = headers(render_table(frame, width=60))
    assert all(block[:2] == ["item", "measure"] for block in blocks)


@pytest.mark.parametrize("command", ["cards", "faces", "seats"])
def test_default_command_tables_fit_100_columns(run_dir, command):
    result = CliRunner().invoke(main, [command, "--logs", str(run_dir), "--min-n", "0"]
                                if command != "seats" else [command, "--logs", str(run_dir)])
    assert result.exit_code == 0, result.output
    widest = max(len(line) for line in result.stdout.splitlines())
    assert widest <= TABLE_WIDTH, result.stdout


def test_wide_asks_for_one_wide_table(run_dir):
    result = CliRunner().invoke(main, ["cards", "--logs", str(run_dir), "--min-n", "0",
                                       "--wide"])
    assert result.exit_code == 0, result.output
    assert len(headers(result.stdout)) == 1
    assert max(len(line) for line in result.stdout.splitlines()) > TABLE_WIDTH


def test_long_notes_wrap_with_an_indent_on_a_terminal(run_dir, monkeypatch):
    monkeypatch.setattr("analytics.cli.common._stderr_is_terminal", lambda: True)
    result = CliRunner().invoke(main, ["seats", "--logs", str(run_dir)])
    continued = [line for line in result.stderr.splitlines() if re.match(r"  \S", line)]
    assert continued and all(len(line) <= TABLE_WIDTH for line in result.stderr.splitlines())


def test_notes_piped_stay_one_line_each(run_dir):
    result = CliRunner().invoke(main, ["seats", "--logs", str(run_dir)])
    assert not [line for line in result.stderr.splitlines() if re.match(r"  \S", line)]
    assert max(len(line) for line in result.stderr.splitlines()) > TABLE_WIDTH
