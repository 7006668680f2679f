"""The README's five-minute tour, run as a newcomer would: each command of its `sh` blocks in
a fresh folder, in order, and every output line the tour quotes found in what the command
printed. A figure in the README that no command reproduces fails here."""

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from analytics.cli.app import main

# Slow (the tour's commands run as processes on real runs): in `make test-slow` (CI runs it), not
# `make test`.
pytestmark = pytest.mark.slow

README = Path(__file__).resolve().parents[1] / "README.md"


def tour() -> list[tuple[str, list[str]]]:
    """The tour's commands, each with the quoted lines of the `text` block that follows it."""
    text = README.read_text(encoding="utf-8")
    section = text.split("## A five-minute tour", 1)[1].split("\n## ", 1)[0]
    steps: list[tuple[str, list[str]]] = []
    for kind, body in re.findall(r"```(sh|text)\n(.*?)```", section, flags=re.S):
        if kind == "sh":
            joined = body.replace("\\\n", " ")
            steps += [(line.strip(), []) for line in joined.splitlines() if line.strip()]
        else:
            steps[-1][1].extend(line for line in body.splitlines() if line.strip())
    return steps


def run(command: str) -> str:
    words, _, target = command.partition(" > ")
    args = shlex.split(words)
    assert args[0] == "dicelab", command
    result = CliRunner().invoke(main, [*args[1:], "--quiet"] if args[1] in ("compare", "balance")
                                else args[1:])
    assert result.exit_code == 0, f"{command}\n{result.output}"
    if target:
        Path(target.strip()).write_text(result.stdout, encoding="utf-8")
    return result.output


def test_the_tour_has_the_three_questions():
    commands = [command.split()[1] for command, _ in tour()]
    assert {"compare", "balance", "query"} <= set(commands)


def test_the_tour_runs_and_prints_what_the_readme_quotes(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for command, quoted in tour():
        output = run(command)
        for line in quoted:
            assert line in output, f"{command}: the README quotes a line it did not print:\n{line}"
    assert Path("cards.csv").read_text(encoding="utf-8").startswith("card,")
