"""Every command with `--format json` writes strict JSON (issue 28): NaN and infinities are
null, so jq and browsers read it. Each command runs on a small run and its output is parsed by
a parser that refuses NaN, Infinity and -Infinity."""

from __future__ import annotations

import json
import math

import click
import pytest
from click.testing import CliRunner

from analytics.cli.app import main as cli
from analytics.output import json_text
from analytics.runs.simulate import RunConfig, run_simulation


def strict_loads(text: str):
    def refuse(constant: str):
        raise ValueError(f"not JSON: {constant}")

    return json.loads(text, parse_constant=refuse)


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    out = tmp_path_factory.mktemp("strict") / "run"
    run_simulation(RunConfig(players=4, games=8, seed=2, bots=("economist", "hero") * 2),
                   out, workers=1, progress=False)
    return out


def _commands(run, tmp_path) -> dict[str, list[str]]:
    spec = tmp_path / "sweep.toml"
    spec.write_text('games = 8\nseed = 1\n[grid]\nsets = ["base"]\nplayers = [4]\n'
                    'bots = ["economist"]\n', encoding="utf-8")
    logs = ["--logs", str(run)]
    small = ["--games", "8", "--workers", "1", "--quiet"]
    return {
        "list": ["list", "cards"],
        "summary": ["summary", *logs, "--min-n", "0"],
        "query": ["query", "contribution_by_component", *logs],
        "components": ["components", "face", *logs, "--min-n", "0"],
        "cards": ["cards", *logs, "--min-n", "0"],
        "faces": ["faces", *logs, "--min-n", "0"],
        "seats": ["seats", *logs],
        "power": ["power", "--effect", "0.02", "--endpoint", "seat:0"],
        "balance": ["balance", *logs, "--players", "4"],
        "compare": ["compare", "--a", "base", "--b", "base", "--seed-b", "1", "--all-rows",
                    "--bots", "economist,hero,economist,hero", *small],
        "value": ["value", "hydra", "--bots", "economist,hero,economist,hero", *small],
        "versus": ["versus", "goddess", "hydra", "--players", "2", *small],
        "sweep": ["sweep", str(spec), "--out", str(tmp_path / "sweep"), "--workers", "1",
                  "--quiet"],
        "ladder": ["ladder", "--game", "bazaar", "--bots", "random,spender,reckoner",
                   "--players", "2", "--games", "6", "--out", str(tmp_path / "ladder"),
                   "--timing-games", "1", "--boot", "10", "--workers", "1", "--quiet"],
        "search": ["search", "--game", "bazaar", "--players", "2", "--bots", "reckoner",
                   "--objective", "seat_gap", "--budget", "16", "--first-games", "4",
                   "--population", "2", "--top", "1", "--holdout-games", "4", "--workers", "1",
                   "--quiet", "--out", str(tmp_path / "search")],
    }


def _json_commands() -> set[str]:
    """Every command that offers --format json; of the component aliases (one function for
    every game's kinds: `components KIND`), Dice Forge's run here."""
    from analytics.cli.analysis import component_words

    ctx = click.Context(cli)
    names: set[str] = set()
    aliases = set(component_words()) - {"cards", "faces"}
    for name in cli.list_commands(ctx):
        command = cli.get_command(ctx, name)
        if any("--format" in p.opts for p in command.params if isinstance(p, click.Option)):
            names.add(name)
    return names - aliases


def test_every_json_command_is_covered(run, tmp_path):
    assert _json_commands() <= set(_commands(run, tmp_path)), _json_commands()


@pytest.mark.parametrize("name", ["list", "summary", "query", "components", "cards", "faces",
                                  "seats", "power", "balance", "compare", "value", "sweep",
                                  "ladder", "search"])
def test_json_output_parses_strictly(run, tmp_path, name):
    args = _commands(run, tmp_path)[name]
    result = CliRunner().invoke(cli, [*args, "--format", "json"])
    assert result.exit_code == 0, result.output
    text = result.stdout
    if name == "summary":  # titled tables, each one JSON document
        documents = [part for part in text.split("# ") if part.strip()]
        for part in documents:
            strict_loads(part.split("\n", 1)[1])
        return
    strict_loads(text)


def test_nan_and_infinities_become_null():
    body = {"a": math.nan, "b": [math.inf, -math.inf, 1.5], "c": (2.0, None)}
    assert strict_loads(json_text(body)) == {"a": None, "b": [None, None, 1.5], "c": [2.0, None]}
    with pytest.raises(ValueError, match="not JSON: NaN"):
        strict_loads(json.dumps({"corr": math.nan}))  # what the commands wrote before
