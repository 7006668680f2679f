"""Bad input to Altera's commands: one readable line naming the place, exit code 1, no
traceback and no output folder, whichever command plays the games."""

from __future__ import annotations

import shutil

import pytest
from click.testing import CliRunner

from analytics.cli.app import main
from analytics.games.altera.assumptions import SETS_DIR
from tests.games.bazaar_cli import SMALL

SETS = "cheap-benefactors, default, strong-merchant"


def malformed_set(tmp_path):
    """The default set with a line of dice.toml that is not TOML."""
    folder = tmp_path / "broken"
    shutil.copytree(SETS_DIR / "default", folder)
    with (folder / "dice.toml").open("a") as handle:
        handle.write("this is = = not toml\n")
    return folder


# (what is wrong, the options that say it, the one line the user reads)
BAD = [
    ("players 0", ["--players", "0"], "Error: --players must be 1, 2, 3, 4, 5 or 6 (got 0)"),
    ("players 7", ["--players", "7"], "Error: --players must be 1, 2, 3, 4, 5 or 6 (got 7)"),
    ("unknown set", ["--assumptions", "nosuch"],
     f"Error: --assumptions 'nosuch' is neither a shipped set ({SETS}) nor a folder"),
    ("unknown rule", ["--rule", "nosuch=1"],
     "Error: unknown rule option 'nosuch'; known: difficulty, trashed_dice, ghost, overflow, "
     "forbid"),
    ("bad rule value", ["--rule", "ghost=maybe"],
     "Error: rule option ghost='maybe' is not allowed; choose one of on, off"),
]

# Each command that plays Altera games, with what it needs besides the bad option.
COMMANDS = {
    "simulate": ["simulate", "--game", "altera", "--games", "2", "--bots", "steward"],
    "compare": ["compare", "--game", "altera", "--rule-b", "overflow=off", "--games", "10",
                "--bots", "steward"],
    "ladder": ["ladder", "--game", "altera", "--bots", "random,steward", "--games", "2",
               "--timing-games", "0"],
    "balance": ["balance", "--game", "altera", "--assumptions", "default", "--games", "2",
                "--bots", "steward"],
}


def invoke(tmp_path, args):
    out = tmp_path / "out"
    result = CliRunner().invoke(main, [*args, "--out", str(out), *SMALL],
                                env={"DICELAB_SCHEDULER": None})
    return result, out


def check_one_line(result, out, line):
    assert result.exit_code == 1, result.output
    assert result.output.strip().splitlines() == [line]
    assert "Traceback" not in result.output
    assert not out.exists()


def with_players(args, bad):
    """The command's args with a player count unless the bad options give one (compare's
    rule options are arm A's)."""
    players = [] if "--players" in bad else ["--players", "2"]
    if args[0] == "compare":
        bad = ["--rule-a" if b == "--rule" else b for b in bad]
    if "--assumptions" in bad and "--assumptions" in args:
        at = args.index("--assumptions")
        args = args[:at] + args[at + 2:]
    return [*args, *players, *bad]


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize(("what", "bad", "line"), BAD, ids=[b[0] for b in BAD])
def test_bad_input_is_one_line_and_no_output(tmp_path, command, what, bad, line):
    result, out = invoke(tmp_path, with_players(COMMANDS[command], bad))
    check_one_line(result, out, line)


@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_malformed_assumptions_file_names_file_and_line(tmp_path, command):
    folder = malformed_set(tmp_path)
    args = with_players(COMMANDS[command], ["--assumptions", str(folder)])
    result, out = invoke(tmp_path, args)
    check_one_line(result, out, f"Error: {folder / 'dice.toml'}: not valid TOML: Expected '=' "
                                "after a key in a key/value pair (at line 66, column 6)")


@pytest.mark.parametrize("command", ["simulate", "compare", "ladder"])
def test_an_unknown_bot_names_the_known_ones(tmp_path, command):
    args = [a if a not in ("steward", "random,steward") else
            ("nosuch" if a == "steward" else "random,nosuch") for a in COMMANDS[command]]
    result, out = invoke(tmp_path, [*args, "--players", "2"])
    check_one_line(result, out,
                   "Error: unknown bot 'nosuch' for altera; known: mcts, random, lookahead, "
                   "steward")


def test_a_sweep_names_the_spec_line_of_a_bad_cell(tmp_path):
    spec = tmp_path / "spec.toml"
    spec.write_text('games = 10\nseed = 1\ngame = "altera"\n[grid]\n'
                    'sets = ["default"]\nplayers = [7]\nbots = ["steward"]\n')
    result, out = invoke(tmp_path, ["sweep", str(spec)])
    check_one_line(result, out, f"Error: {spec}:6: cell default_none_7p_steward: --players "
                                "must be 1, 2, 3, 4, 5 or 6 (got 7)")


def test_value_of_a_faction_says_what_value_ablates(tmp_path):
    result, out = invoke(tmp_path, ["value", "celestial_savant", "--game", "altera",
                                    "--ablate", "forbid", "--bots", "steward", "--players",
                                    "3", "--games", "10"])
    check_one_line(result, out, "Error: unknown artifact 'celestial_savant'; see 'dicelab "
                                "list artifacts'")
