"""Issue 37: bad input never crashes. Each defect the fuzzer found, as one exact outcome: the
exit code and the one line (analytics/devtools/fuzz.py looks for more)."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from analytics.cli.app import main
from analytics.eventlog.check import CONFIG_FIELDS, manifest_run_id
from analytics.runs.simulate import RunConfig, run_simulation


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def one_line(result, code: int = 1) -> str:
    """The one line a failed command printed (and nothing else), its exit code checked."""
    assert result.exit_code == code, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    lines = result.stderr.strip().splitlines()  # a progress bar may stand before it
    assert result.stdout == "" and lines and "Traceback" not in result.output, result.output
    assert sum(line.startswith("Error: ") for line in lines) == 1, result.output
    return lines[-1]


@pytest.fixture(scope="module")
def run(tmp_path_factory) -> Path:
    return run_simulation(RunConfig(players=2, games=20, seed=1, bots=("economist",)),
                          tmp_path_factory.mktemp("bad") / "run", workers=1, progress=False)


def copy(run: Path, tmp_path: Path, name: str = "copy") -> Path:
    return Path(shutil.copytree(run, tmp_path / name))


def test_config_fields_are_the_run_configs():
    assert set(CONFIG_FIELDS) == set(RunConfig.__dataclass_fields__)


def edited(**changes):
    """config.json's {"config": ..., "part_size": ...} with `changes` (config_x: in "config")."""
    def edit(stored: dict) -> object:
        for key, value in changes.items():
            if key == "whole":
                return value
            target = stored["config"] if key.startswith("config_") else stored
            target[key.removeprefix("config_")] = value
        return stored
    return edit


@pytest.mark.parametrize("edit, problem", [
    (edited(config_rules=[]), '"config"."rules" must be an object (got [])'),
    (edited(whole={"config": {}}), '"part_size" must be a positive integer (got null)'),
    (edited(whole={}), 'no "config" object'),
    (edited(whole=[]), 'no "config" object'),
    (edited(part_size="x"), '"part_size" must be a positive integer (got "x")'),
    (edited(config_seed=None), '"config"."seed" must be an integer (got null)'),
    (edited(config_games="x"), '"config"."games" must be an integer (got "x")'),
    (edited(config_players=True), '"config"."players" must be an integer (got true)'),
    (edited(config_bots=[1]), '"config"."bots" and "rules" must hold strings'),
    (edited(config_colour="red"), 'unknown option "colour" in "config"'),
])
@pytest.mark.parametrize("command", [
    ["repair", "{run}"], ["export-records", "{run}", "--out", "{tmp}/records"],
    ["summary", "--logs", "{run}"], ["seats", "--logs", "{run}"], ["faces", "--logs", "{run}"],
    ["query", "win_rate_by_seat", "--logs", "{run}"],
    ["report", "--logs", "{run}", "--out", "{tmp}/r.html"],
])
def test_a_malformed_config_is_one_line(run, tmp_path, edit, problem, command):
    folder = copy(run, tmp_path)
    path = folder / "config.json"
    stored = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps(edit(stored)), encoding="utf-8")
    result = invoke(*[a.format(run=folder, tmp=tmp_path) for a in command])
    assert one_line(result) == (
        f"Error: {path}: damaged ({problem}); write it again with the run's options, or run "
        "`dicelab simulate` into a new folder")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["copy"]  # nothing written


@pytest.mark.parametrize("source, target, missing", [
    ("parts/00000/games.parquet", "parts/00000/events.parquet",
     "seq, round, active_seat, seat, kind, item, resource, amount, cause, detail"),
    ("parts/00000/uses.parquet", "parts/00000/events.parquet",
     "seq, round, active_seat, resource, amount, cause, detail"),
    ("parts/00000/players.parquet", "parts/00000/uses.parquet", "kind, item, n"),
])
@pytest.mark.parametrize("command", [["seats", "--logs"], ["summary", "--logs"],
                                     ["export-records", "--out", "{tmp}/records"]])
def test_a_part_table_of_another_table_is_named(run, tmp_path, source, target, missing,
                                                command):
    folder = copy(run, tmp_path)
    shutil.copy(folder / source, folder / target)
    args = [a.format(tmp=tmp_path) for a in command]
    args = [args[0], folder, *args[1:]] if args[0] == "export-records" else [*args, folder]
    table = Path(target).stem
    assert one_line(invoke(*args)) == (
        f"Error: {folder / target}: not the {table} table (no column {missing}); run "
        f"`dicelab repair {folder}` to play the damaged parts again from their seeds, or "
        "`dicelab simulate` with the run's options and --resume")


@pytest.mark.parametrize("source, target, missing", [
    ("parts/00000/games.parquet", "components.parquet",
     "component, kind, name, offered, origin"),
    ("components.parquet", "runs.parquet", "game, modules, card_set, cards, players, bots, "
     "bot_params, seed, n_games, rules, engine_version, schema_version, created_at"),
])
def test_a_run_table_of_another_table_is_named_and_repaired(run, tmp_path, source, target,
                                                            missing):
    folder = copy(run, tmp_path)
    shutil.copy(folder / source, folder / target)
    assert one_line(invoke("seats", "--logs", folder)) == (
        f"Error: {folder / target}: not the {Path(target).stem} table (no column {missing}); "
        f"run `dicelab repair {folder}` to write it again")
    assert invoke("repair", folder, "--workers", 1).exit_code == 0
    assert invoke("seats", "--logs", folder).exit_code == 0


@pytest.mark.parametrize("command", [["seats"], ["cards"], ["faces"], ["balance"],
                                     ["query", "win_rate_by_seat"],
                                     ["chart", "seats", "--out", "{tmp}/c.png"]])
def test_two_copies_of_one_run_are_refused(run, tmp_path, command):
    twin = copy(run, tmp_path)
    args = [a.format(tmp=tmp_path) for a in command]
    result = invoke(*args, "--logs", run, "--logs", twin)
    first, second = sorted([str(run), str(twin)])  # folders are read in order of their paths
    rid = manifest_run_id(run)
    assert one_line(result) == (f"Error: {first} and {second} hold the same run ({rid}): its "
                                "games would count twice; read one of them")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["copy"]


SAMPLE = Path(__file__).parents[1] / "logs" / "samples" / "2p-base.dfr"


def test_a_sort_column_that_is_not_there_is_named(run):
    columns = "players, seat, n, win_rate, low, high, expected, p, p_adj"
    for sort in ("nosuch", ""):
        assert one_line(invoke("seats", "--logs", run, "--sort", sort)) == (
            f"Error: cannot sort by {sort!r}: columns are {columns}")


def test_an_empty_report_path_is_one_line(run):
    assert one_line(invoke("report", "--logs", run, "--out", "")) == "Error: --out '': name a file"


@pytest.mark.parametrize("command", [
    ["export-records", "{run}", "--out", "{f}/x"], ["import", SAMPLE, "--out", "{f}/x"],
    ["chart", "seats", "--logs", "{run}", "--out", "{f}/x.png"],
    ["balance", "--logs", "{run}", "--report", "{f}/x.html"],
    ["value", "--all", "--set", "base", "--out", "{f}/x"],
    ["record", "{f}/x.dfr", "--players", "2"], ["simulate", "--out", "{f}/x"],
    ["sweep", "{f}", "--out", "{f}/x"],
])
def test_an_output_under_a_file_is_one_line(run, tmp_path, command):
    afile = tmp_path / "afile"
    afile.write_text("", encoding="utf-8")
    args = [str(a).format(run=run, f=afile) for a in command]
    option = {"record": "FILE", "balance": "--report"}.get(args[0], "--out")
    target = next(a for a in args if a.startswith(f"{afile}/"))
    assert one_line(invoke(*args)) == (
        f"Error: {option} {target}: {afile} is a file, not a folder")


def test_an_image_format_matplotlib_cannot_write_is_named(run, tmp_path):
    assert one_line(invoke("chart", "seats", "--logs", run, "--out", tmp_path / "x.d")) == (
        f"Error: --out {tmp_path / 'x.d'}: name a file ending with one of "
        + ", ".join(f".{f}" for f in __import__("matplotlib.backend_bases").backend_bases
                    .FigureCanvasBase.get_supported_filetypes()))
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", [
    ["sweep", "{bad}.toml", "--out", "{tmp}/sweep"],
    ["simulate", "--set", "{bad}.toml", "--out", "{tmp}/run"],
    ["query", "bad", "--queries-dir", "{tmp}", "--logs", "{run}"],
])
def test_a_user_file_that_is_not_utf8_is_named_by_line(run, tmp_path, command):
    for suffix, text in ((".toml", b"# fine\n\xff = 1\n"), (".sql", b"-- question: q\n\xff\n")):
        (tmp_path / f"bad{suffix}").write_bytes(text)
    args = [str(a).format(bad=tmp_path / "bad", tmp=tmp_path, run=run) for a in command]
    path = tmp_path / ("bad.sql" if args[0] == "query" else "bad.toml")
    assert one_line(invoke(*args)) == f"Error: {path}:2: not UTF-8 text (byte 0xff)"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.sql", "bad.toml"]


def test_a_failed_command_leaves_nothing_behind(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    broken = copy(run, tmp_path, "broken")
    shutil.copy(broken / "parts/00000/games.parquet", broken / "parts/00000/events.parquet")
    for out in ("so", "s1/s2/so"):  # a run stopped before it started: its folders go too
        assert invoke("simulate", "--cluster", "tcp://", "--games", 10, "--quiet", "--out",
                      out).exit_code == 1
    assert invoke("balance", "--logs", broken, "--report", "a/b/c.html").exit_code == 1
    assert invoke("report", "--logs", broken, "--out", "a2/b/c.html").exit_code == 1
    assert one_line(invoke("record", "new.dfr", "--players", 2, "--name", "")) == (
        "Error: --name '': a player's name is a word or more on one line")
    assert one_line(invoke("import", SAMPLE, "--out", "memory://x")) == (
        "Error: --out memory://x: name a local folder (URLs are for run folders of simulate "
        "and sweep)")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["broken"]


@pytest.mark.parametrize("args", [["query", "win_rate_by_seat", "-p", "a"],
                                  ["simulate", "--set"], ["power", "--effect"]])
def test_a_usage_error_always_shows_the_usage(args):
    result = invoke(*args)
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert lines[0].startswith(f"Usage: main {args[0]} [OPTIONS]")
    assert lines[1] == f"Try 'main {args[0]} --help' for help."
    assert lines[3].startswith("Error: Option ") and len(lines) == 4


@pytest.mark.parametrize("args, message", [
    (["--paired", "--logs-a", "{run}"], "--logs-a and --logs-b go together (one arm each): "
     "give both"),
    (["--logs-a", "{run}", "--logs-b", "{run}"], "--logs-a and --logs-b measure the "
     "spread of a paired design: add --paired"),
    (["--paired", "--correlation", "0.3", "--logs-a", "{run}", "--logs-b", "{run}"],
     "--logs-a and --logs-b measure the correlation that --correlation assumes: drop "
     "--correlation"),
])
def test_power_names_the_option_that_is_wrong(run, args, message):
    result = invoke("power", "--effect", 0.02, *[a.format(run=run) for a in args])
    assert one_line(result) == f"Error: {message}"


@pytest.mark.parametrize("option, value, message", [
    ("--games", "٣", "'٣' is not a plain integer (digits 0-9)"),
    ("--games", "1_0", "'1_0' is not a plain integer (digits 0-9)"),
    ("--games", "+5", "'+5' is not a plain integer (digits 0-9)"),
    ("--top", "-3", "-3 is not in the range x>=0."),
    ("--min-n", "-5", "-5 is not in the range x>=0."),
])
def test_a_number_not_written_plainly_is_a_usage_error(run, tmp_path, option, value, message):
    command = ["simulate", "--out", tmp_path / "r"] if option == "--games" else [
        "summary", "--logs", run]
    result = invoke(*command, option, value)
    assert result.exit_code == 2 and result.stderr.startswith("Usage: ")
    assert result.stderr.splitlines()[-1] == f"Error: Invalid value for '{option}': {message}"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow  # dozens of `dicelab` processes: `make test-slow`
def test_every_exit_after_an_error_is_clean_never_an_abort(run, tmp_path):
    """pyarrow's and DuckDB's threads aborted the teardown about 1 time in 10 (SIGABRT):
    the process now leaves without it, with the command's code, every time."""
    broken = copy(run, tmp_path)
    shutil.copy(broken / "components.parquet", broken / "runs.parquet")
    dicelab = Path(sys.executable).with_name("dicelab")
    for _ in range(6):
        for args, code, line in (
                (["repair", run, "--workers", "0"], 1,
                 "Error: --workers must be at least 1 (got 0)"),
                (["seats", "--logs", broken], 1, f"Error: {broken / 'runs.parquet'}: not the "
                 "runs table (no column game, modules, card_set, cards, players, bots, "
                 "bot_params, seed, n_games, rules, engine_version, schema_version, "
                 f"created_at); run `dicelab repair {broken}` to write it again"),
                (["seats", "--logs", run, "--format", "csv"], 0, None)):
            done = subprocess.run([dicelab, *map(str, args)], capture_output=True, text=True,
                                  timeout=120)
            assert done.returncode == code, done.stderr
            assert line is None or done.stderr == line + "\n"


@pytest.mark.parametrize("args, line", [
    (["power", "--effect", "0.02", "--power", "0.02"],
     "Error: --power 0.02 must be above --alpha 0.05"),
    (["balance", "--set", "base", "--players", "99999999999999999999", "--games", "4"],
     "Error: --players must be 2, 3 or 4 (got 99999999999999999999)"),
    (["seats", "--logs", "y" * 300], f"Error: {'y' * 300}/runs.parquet: name too long"),
])
def test_what_the_fuzzer_found_is_one_line(args, line):
    """make fuzz found these: no sample size below alpha (a traceback), a seat list made for
    10**20 players before the game checked the count (a hang), a name too long (a traceback)."""
    assert one_line(invoke(*args)) == line


def test_a_number_that_is_none_is_a_usage_error():
    result = invoke("power", "--effect", "0.02", "--power", "nan")
    assert result.exit_code == 2 and result.stderr.startswith("Usage: ")
    assert result.stderr.splitlines()[-1] == (
        "Error: Invalid value for '--power': 'nan' is not a finite number")


def test_the_same_mistake_exits_the_same_way_in_every_command():
    """A number of games below one is a bad option value wherever it is given: exit 2 with the
    usage, in every command that plays games (found by the commands' own option lists)."""
    from analytics.cli.app import main as group

    ctx = click.Context(group)
    playing = sorted(name for name in group.list_commands(ctx)
                     if any(p.name in ("games", "n_games") and "--games" in p.opts
                            for p in group.get_command(ctx, name).params))
    assert {"simulate", "compare", "value", "balance"} <= set(playing)
    for name in playing:
        result = CliRunner().invoke(group, [name, "--games", "-5"])
        assert result.exit_code == 2, (name, result.output)
        assert "Usage:" in result.output and "--games" in result.output, name


def _commands():
    """Every command of the group, by name, with its click command."""
    from analytics.cli.app import main as group

    ctx = click.Context(group)
    return group, {name: group.get_command(ctx, name) for name in group.list_commands(ctx)}


def _takes(command, option: str) -> bool:
    return any(option in p.opts for p in command.params)


def test_every_command_exits_2_on_an_unknown_option_and_a_bad_format():
    """Usage errors are exit 2 with the usage, in every command alike."""
    group, commands = _commands()
    assert len(commands) >= 20
    for name, command in commands.items():
        result = CliRunner().invoke(group, [name, "--no-such-option"])
        assert result.exit_code == 2, (name, result.output)
        assert "Usage:" in result.stderr and "No such option" in result.stderr, name
        if _takes(command, "--format"):
            result = CliRunner().invoke(group, [name, "--format", "xml"])
            assert result.exit_code == 2, (name, result.output)
            assert "'xml' is not one of" in result.stderr, name


def test_every_command_that_reads_logs_exits_1_on_a_missing_folder(tmp_path):
    """A user error (a folder that is not there) is exit 1 and one line, in every command."""
    group, commands = _commands()
    reading = sorted(name for name, c in commands.items() if _takes(c, "--logs"))
    assert {"cards", "faces", "seats", "summary", "query", "report", "balance"} <= set(reading)
    missing = str(tmp_path / "nowhere")
    needs = {"query": ["win_rate_by_seat"], "chart": ["seats", "--out", str(tmp_path / "c.png")],
             "report": ["--out", str(tmp_path / "r.html")], "components": ["card"]}
    for name in reading:
        args = [name, *needs.get(name, []), "--logs", missing]
        result = CliRunner().invoke(group, args)
        assert result.exit_code == 1, (name, result.output)
        assert result.stderr.count("\n") == 1 and result.stderr.startswith("Error: "), name
        assert "Traceback" not in result.output, name
