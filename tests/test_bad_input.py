"""Issue 37: bad input never crashes. Each defect the fuzzer found, as one exact outcome: the
exit code and the one line (analytics/devtools/fuzz.py looks for more)."""

import json
import shutil
from pathlib import Path

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
