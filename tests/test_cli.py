"""The dicelab CLI: simulate and list, and one clear line for every bad input."""

import json
import re

import click
import pytest
from click.testing import CliRunner

from analytics.cli.app import main
from analytics.games.diceforge.rules.content import PRESET_DIR


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_simulate_writes_a_run(tmp_path):
    result = invoke("simulate", "--players", 2, "--games", 6, "--bots", "random", "--workers", 1,
                    "--quiet", "--out", tmp_path / "run")
    assert result.exit_code == 0, result.output
    assert "wrote 6 games" in result.output
    assert (tmp_path / "run" / "runs.parquet").is_file()
    assert (tmp_path / "run" / "parts" / "00000" / "events.parquet").is_file()


@pytest.mark.parametrize("args, message", [
    (["--set", "nope"], "card set 'nope' is neither a preset"),
    (["--bots", "random,ghost"], "names 2 bots for 4 players"),
    (["--bots", "ghost"], "unknown bot 'ghost'"),
    (["--rule", "ties"], "--rule 'ties': expected NAME=VALUE"),
    (["--rule", "speed=fast"], "unknown rule option 'speed'"),
    (["--players", "7"], "--players must be 2, 3 or 4"),
    (["--game", "chess"], "unknown game 'chess'"),
    (["--module", "atlantis"],
     "--module 'atlantis' is not a module of diceforge; valid: none, goddess, titans"),
])
def test_simulate_bad_input_is_one_line_and_exit_1(tmp_path, args, message):
    result = invoke("simulate", "--games", 2, "--quiet", "--out", tmp_path / "x", *args)
    assert result.exit_code == 1
    assert result.output.startswith("Error: ") and result.output.count("\n") == 1
    assert message in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "x").exists()


def test_simulate_bad_card_set_file_names_file_slot_and_id(tmp_path):
    bad = tmp_path / "mine.toml"
    bad.write_text((PRESET_DIR / "base.toml").read_text().replace('"hydra"', '"hydrra"'))
    result = invoke("simulate", "--games", 2, "--quiet", "--set", bad, "--out", tmp_path / "x")
    assert result.exit_code == 1
    assert f"{bad}: slot M8: unknown card id 'hydrra'" in result.output


def test_simulate_refuses_to_overwrite_a_run(tmp_path):
    args = ["simulate", "--games", 2, "--bots", "random", "--quiet", "--workers", 1,
            "--out", tmp_path / "run"]
    assert invoke(*args).exit_code == 0
    again = invoke(*args)
    assert again.exit_code == 1 and "already holds a run; pass --resume" in again.output
    assert invoke(*args, "--resume").exit_code == 0


def test_usage_error_exits_2():
    assert invoke("simulate", "--players", "four", "--out", "x").exit_code == 2


@pytest.mark.parametrize("what, first", [
    ("sets", "base"), ("cards", "blacksmiths_hammer"), ("faces", "gold_1"),
    ("rules", "extra_action_cost"), ("modules", "none"),
])
def test_list_as_json(what, first):
    result = invoke("list", what, "--format", "json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert first in rows[0].values()


def test_list_bots_names_the_heuristic_bots_the_search_bots_and_random():
    rows = json.loads(invoke("list", "bots", "--format", "json").output)
    assert {row["bot"] for row in rows} == {"economist", "hero", "lookahead", "mcts", "random"}


def test_list_of_something_a_game_does_not_list_is_one_line_naming_what_it_lists():
    result = invoke("list", "heroes")
    assert result.exit_code == 1 and result.output == (
        "Error: dicelab list 'heroes': diceforge lists bots, sets, modules, rules, queries, "
        "cards, faces, board\n")


def test_list_modules_has_the_goddess_and_titans_modules():
    rows = json.loads(invoke("list", "modules", "--format", "json").output)
    assert [row["module"] for row in rows] == ["none", "goddess", "titans"]


def test_list_board_shows_the_titans_board_from_its_table():
    result = invoke("list", "board", "--module", "titans", "--format", "json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert len(rows) == 31
    assert rows[2] == {"space": 3, "value": -20, "zone": "rebellion_2", "left": 1, "right": 5}
    assert rows[15] == {"space": 16, "value": 0, "zone": "neutral", "left": 15, "right": 17}
    assert rows[30] == {"space": 31, "value": 25, "zone": "loyalty_3", "left": 29,
                        "right": None}


def test_list_board_shows_the_goddess_labyrinth_from_its_table():
    result = invoke("list", "board", "--module", "goddess", "--format", "json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert len(rows) == 36 and rows[0]["forward"] == "2 9 14"
    assert rows[9] == {"space": 10, "kind": "labyrinth_forge", "gives": "", "pays": "",
                       "celestial_rolls": None, "forge_discount": 2, "forward": "11"}
    assert rows[35]["kind"] == "goddess_space" and rows[35]["gives"] == "15 glory"


def test_list_with_an_unknown_module_is_one_line():
    result = invoke("list", "board", "--module", "atlantis")
    assert result.exit_code == 1 and result.output == (
        "Error: --module 'atlantis' is not a module of diceforge; valid: none, goddess, titans\n")


@pytest.mark.parametrize("args, message", [
    (("--set", "base", "--module", "goddess"),
     "Error: card set 'base': slot M3 holds 'silver_hind', but the goddess module puts "
     "'moon_golem' there (see the goddess-discovery preset)"),
    (("--set", "goddess-discovery"),
     "Error: card set 'goddess-discovery': slot M3 holds 'moon_golem', a card of the goddess "
     "module: play it with --module goddess"),
])
def test_a_set_that_does_not_fit_the_module_is_one_line_naming_the_slot(tmp_path, args, message):
    result = invoke("simulate", "--games", "2", "--out", tmp_path / "run", *args)
    assert result.exit_code == 1 and result.output == message + "\n"
    assert not (tmp_path / "run").exists()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_simulate_plays_the_titans_module(tmp_path, players):
    result = invoke("simulate", "--set", "titans-discovery", "--module", "titans", "--games",
                    "3", "--players", str(players), "--workers", "1", "--out", tmp_path / "run")
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "run" / "config.json").read_text())
    assert manifest["config"]["module"] == "titans"


def test_simulate_plays_the_goddess_module(tmp_path):
    result = invoke("simulate", "--set", "goddess-discovery", "--module", "goddess", "--games",
                    "3", "--players", "2", "--workers", "1", "--out", tmp_path / "run")
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "run" / "config.json").read_text())
    assert manifest["config"]["module"] == "goddess"


def test_list_cards_has_all_24_base_cards_and_the_rebellion_ones_by_origin():
    rows = json.loads(invoke("list", "cards", "--format", "json").output)
    origins = [row["origin"] for row in rows]
    assert (origins.count("base"), origins.count("base-alternate")) == (15, 9)
    assert {row["card"] for row in rows if row["origin"] == "rebellion"} == {
        "twins", "blacksmiths_scepter", "eternal_fire",
        "celestial_die", "goddess", "light", "merchant", "wind",
        "companion", "ancestor", "tree", "wood_nymph", "goldsmith", "omniscient", "abyssal_trident",
        "mists", "right_hand", "eternal_night", "left_hand", "first_titan"}


@pytest.mark.parametrize("fmt", ["csv", "table"])
def test_list_cards_in_each_format_shows_the_player_cards_with_slot_cost_and_origin(fmt):
    rows: dict[str, dict] = {}
    # A text table wider than a terminal comes in blocks of columns, each led by the card id.
    for block in invoke("list", "cards", "--format", fmt).output.split("\n\n"):
        cells = [[cell.strip() for cell in line.strip("|").split("," if fmt == "csv" else "|")]
                 for line in block.splitlines() if ("," in line or "|" in line)
                 and not line.startswith("|-")]
        for row in cells[1:]:
            rows.setdefault(row[0], {}).update(zip(cells[0], row, strict=True))
    assert [{k: rows[card][k] for k in ("slot", "moon", "sun", "glory", "origin")}
            for card in ("mists", "right_hand", "eternal_night", "left_hand", "first_titan")
            ] == [{"slot": slot, "moon": moon, "sun": sun, "glory": glory, "origin": "rebellion"}
                  for slot, moon, sun, glory in (("M5", "4", "0", "6"), ("M7", "6", "0", "10"),
                                                 ("M7", "6", "0", "8"), ("F7", "0", "6", "8"),
                                                 ("M8", "5", "5", "20"))]


def commands() -> list[str]:
    """Every command a user can run, as `dicelab NAME` takes it."""
    return main.list_commands(click.Context(main))


def example_lines(help_text: str) -> list[str]:
    """The lines of the Examples block of a command's help (up to the first blank line)."""
    block = help_text.split("Examples:", 1)[1].strip("\n").split("\n\n", 1)[0]
    return block.splitlines()


def test_every_command_has_help_with_whole_examples():
    assert {"simulate", "cards", "faces", "compare", "value", "sweep"} <= set(commands())
    for command in commands():
        result = invoke(command, "--help")
        assert result.exit_code == 0 and "Examples:" in result.output, command
        lines = example_lines(result.output)
        assert lines and lines[0].strip().startswith("dicelab "), command
        for line in lines:
            # a lone backslash in a docstring joins two lines: the second's indent stays inside
            assert not re.search(r"\S {3,}--", line), (command, line)
            if line.strip().startswith("dicelab "):
                assert line.strip().split()[1] == command, (command, line)


class Left(BaseException):
    """os._exit never returns: the fake one stands for that by raising."""


@pytest.fixture
def leaving(monkeypatch) -> list:
    """cli.run's os._exit raises Left(code); the exit handlers it runs are recorded, not run
    (they are pytest's own)."""
    import atexit

    import analytics.cli.app as cli

    def leave(status):
        raise Left(status)

    ran: list = []
    monkeypatch.setattr(cli.os, "_exit", leave)
    monkeypatch.setattr(atexit, "_run_exitfuncs", lambda: ran.append(True))
    return ran


@pytest.mark.parametrize("code, expected", [(130, 130), (143, 143), (1, 1), (0, 0),
                                            (None, 0), ("a message", 1)])
def test_the_process_always_leaves_without_teardown_with_its_code(monkeypatch, leaving, code,
                                                                   expected):
    """Issue 37: the interpreter's teardown aborted the process (SIGABRT) after any command
    now and then, not only after a stopped run; the exit handlers still run first."""
    import analytics.cli.app as cli

    def stopped():
        raise SystemExit(code)

    monkeypatch.setattr(cli, "main", stopped)
    with pytest.raises(Left) as done:
        cli.run()
    assert done.value.args[0] == expected and leaving == [True]


@pytest.mark.parametrize("lost_worker", [True, False])
def test_a_lost_worker_and_a_user_error_leave_with_exit_1_without_teardown(monkeypatch, leaving,
                                                                           lost_worker):
    import click

    import analytics.cli.app as cli
    from analytics.cli import common as cli_common
    from analytics.errors import UserError
    from analytics.runs.workers import WorkerLost

    class Command(cli_common.UserErrorsExit1, click.Command):
        pass

    def fails():
        raise WorkerLost(3, 99, -9) if lost_worker else UserError("unknown card 'x'")

    monkeypatch.setattr(cli, "main", lambda: Command("x", callback=fails)(args=[]))
    with pytest.raises(Left) as done:
        cli.run()
    assert done.value.args[0] == 1 and leaving == [True]


def test_no_docstring_joins_two_example_lines():
    """A lone backslash at a line's end inside a docstring joins it to the next line, whose
    indent stays inside (the devtools' --help and the modules' own usage are read too)."""
    import ast
    from pathlib import Path

    import analytics

    joined = []
    for path in Path(analytics.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef):
                text = ast.get_docstring(node, clean=False) or ""
                joined += [f"{path.name}: {line.strip()}" for line in text.splitlines()
                           if re.search(r"\S {3,}--", line)]
    assert joined == []
