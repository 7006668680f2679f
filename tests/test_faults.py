"""Faults a user meets, done for real: a worker killed, Ctrl-C and SIGTERM to the process group,
a truncated part file, an unfinished run. Each stops with one line and its exit code, loses
nothing whole, and resuming (or `dicelab repair`) gives the logs of an uninterrupted run."""

import contextlib
import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

import analytics.runs.simulate as simulate
from analytics.cli.app import main
from analytics.devtools.soak import differing_tables, workers_of
from analytics.eventlog.reader import read_table
from analytics.runs.folder import check_run
from analytics.runs.simulate import RunConfig

# Slow (`dicelab` processes killed, interrupted and resumed): in `make test-slow` (CI runs it), not
# `make test`.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).parents[1]
CONFIG = RunConfig(players=3, games=24, seed=5, bots=("random",))
PART = 2  # twelve parts: a run stopped early has whole parts and parts still to play
SIMULATE = ["simulate", "--players", "3", "--games", "24", "--seed", "5", "--bots", "random",
            "--part-size", str(PART), "--workers", "2", "--quiet"]
STOP_WITHIN = 10.0  # seconds from the fault to the exit, on a loaded machine


def dicelab(*args, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "analytics.cli.app", *map(str, args)],
                          capture_output=True, text=True, env=_env(), timeout=300, **kwargs)


def _env() -> dict:
    return {**os.environ, "PYTHONPATH": str(ROOT)}


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> Path:
    """The uninterrupted run, played in this process."""
    out = tmp_path_factory.mktemp("ref") / "run"
    return simulate.run_simulation(CONFIG, out, workers=1, progress=False, chunk_size=PART)


def same_logs(run: Path, reference: Path) -> bool:
    return differing_tables(run, reference) == []


def start_run(out: Path) -> subprocess.Popen:
    """`dicelab simulate` in its own process group, as a terminal starts it."""
    command = [sys.executable, "-m", "analytics.cli.app", *SIMULATE, "--out", str(out)]
    return subprocess.Popen(command,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=_env(), start_new_session=True)


def frozen_mid_run(run: subprocess.Popen, out: Path) -> list[int]:
    """Wait for the first whole part and both workers, then stop the workers (SIGSTOP) so the
    run cannot end before the fault; returns their pids."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        assert run.poll() is None, run.communicate()
        pids = workers_of(run.pid)
        if len(pids) == 2 and any((out / "parts").glob("*")):
            for pid in pids:
                os.kill(pid, signal.SIGSTOP)
            return pids
        time.sleep(0.02)
    raise AssertionError("no part written within 120 s")


def finish(run: subprocess.Popen) -> tuple[int, str, float]:
    """Exit code, stderr and seconds until the process ended."""
    started = time.monotonic()
    _, err = run.communicate(timeout=60)
    return run.returncode, err, time.monotonic() - started


def resume_from(message: str) -> list[str]:
    """The `dicelab simulate ... --resume` command the message ends with, as arguments."""
    command = shlex.split(message.rsplit("resume with: ", 1)[1])
    assert command[:2] == ["dicelab", "simulate"] and command[-1] == "--resume"
    return command[1:]


def assert_whole_and_clean(out: Path) -> None:
    check = check_run(out)
    assert not check.damaged
    assert {p.name for p in out.iterdir()} <= {
        "runs.parquet", "components.parquet", "roles.json", "config.json", "parts"}


def test_a_killed_worker_stops_the_run_and_names_its_part(tmp_path, reference):
    out = tmp_path / "run"
    run = start_run(out)
    lost, other = frozen_mid_run(run, out)
    os.kill(lost, signal.SIGKILL)
    os.kill(other, signal.SIGCONT)
    code, err, seconds = finish(run)
    assert code == 1 and seconds < STOP_WITHIN, (code, seconds, err)
    [line] = err.strip().splitlines()
    assert line.startswith(f"Error: worker {lost} died (killed by SIGKILL) while playing part ")
    assert not Path(f"/proc/{other}").exists()
    assert_whole_and_clean(out)  # its part is absent, or whole if it died just after writing it
    assert len(check_run(out).whole) < 12
    resumed = CliRunner().invoke(main, resume_from(line))
    assert resumed.exit_code == 0, resumed.output
    assert same_logs(out, reference)
    assert_whole_and_clean(out)


@pytest.mark.parametrize("signum, code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_to_the_process_group_stops_the_run_with_its_code(tmp_path, reference, signum,
                                                                   code):
    out = tmp_path / "run"
    run = start_run(out)
    pids = frozen_mid_run(run, out)
    os.killpg(run.pid, signum)  # what Ctrl-C (SIGINT) does in a terminal
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):  # the run may have ended it already
            os.kill(pid, signal.SIGCONT)
    exit_code, err, seconds = finish(run)
    assert exit_code == code and seconds < STOP_WITHIN
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "resume with: " in lines[0], err
    assert lines == [f"Error: interrupted ({signal.Signals(signum).name}); "
                     f"{check_run(out).games_present} of 24 games are kept in whole parts; "
                     f"resume with: {shlex.join(['dicelab', *resume_from(lines[0])])}"]
    assert not any(Path(f"/proc/{pid}").exists() for pid in pids)
    assert_whole_and_clean(out)
    resumed = CliRunner().invoke(main, resume_from(lines[0]))
    assert resumed.exit_code == 0, resumed.output
    assert same_logs(out, reference)
    assert_whole_and_clean(out)


def test_ctrl_c_while_the_workers_start_prints_no_worker_traceback(tmp_path):
    out = tmp_path / "run"
    run = start_run(out)
    deadline = time.monotonic() + 120
    while len(workers_of(run.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(0.1)  # the main process is past starting them; they are importing
    os.killpg(run.pid, signal.SIGINT)
    code, err, seconds = finish(run)
    assert code == 130 and seconds < STOP_WITHIN
    [line] = err.strip().splitlines()
    assert line.startswith("Error: interrupted (SIGINT); ") and line.endswith(" --resume")


def copy_of(run: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(run, tmp_path / "run"))


def truncate(path: Path) -> None:
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def test_a_truncated_part_file_is_named_and_repair_plays_it_again(tmp_path, reference):
    out = copy_of(reference, tmp_path)
    damaged = out / "parts" / "00004" / "events.parquet"
    truncate(damaged)
    seats = dicelab("seats", "--logs", out)
    assert seats.returncode == 1 and seats.stdout == ""
    assert seats.stderr.splitlines() == [
        f"Error: {damaged}: damaged (Parquet magic bytes not found in footer. Either the file "
        f"is corrupted or this is not a parquet file.); run `dicelab repair {out}` to play the "
        "damaged parts again from their seeds, or `dicelab simulate` with the run's options "
        "and --resume"]
    repaired = dicelab("repair", out, "--quiet")
    assert repaired.returncode == 0, repaired.stderr
    assert repaired.stdout.splitlines()[-1] == f"{out}: whole, 24 games (2 played now)"
    assert same_logs(out, reference)
    assert_whole_and_clean(out)


def analysis_commands(out: Path, tmp_path: Path) -> list[list[str]]:
    """Every command that reads logs, on `out`."""
    logs = ["--logs", str(out)]
    return [["query", "win_rate_by_seat", *logs], ["cards", "--min-n", "0", *logs],
            ["faces", "--min-n", "0", *logs], ["seats", *logs], ["summary", *logs],
            ["chart", "seats", *logs, "--out", str(tmp_path / "seats.png")]]


def test_every_analysis_command_refuses_a_damaged_part(tmp_path, reference):
    out = copy_of(reference, tmp_path)
    damaged = out / "parts" / "00007" / "players.parquet"
    truncate(damaged)
    for args in analysis_commands(out, tmp_path):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 1 and result.stdout == "", args
        [line] = result.stderr.splitlines()
        assert line.startswith(f"Error: {damaged}: damaged (") and "dicelab repair" in line


def test_an_unfinished_run_is_answered_with_a_warning_line(tmp_path, reference):
    out = copy_of(reference, tmp_path)
    for part in ("00010", "00011"):  # as a run stopped with ten parts whole leaves it
        shutil.rmtree(out / "parts" / part)
    warning = (f"warning: {out}: unfinished run, 20 of 24 games (10 of 12 parts); results "
               f"cover only these; finish it with `dicelab repair {out}`")
    seats = dicelab("seats", "--logs", out, "--format", "csv")
    assert seats.returncode == 0
    assert seats.stdout.splitlines()[0].startswith("players,seat,n,win_rate")
    assert seats.stdout.count("\n") == 1 + 3  # the header and three seats
    assert seats.stderr.splitlines()[0] == warning
    for args in analysis_commands(out, tmp_path):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 0, (args, result.output)
        assert result.stderr.splitlines().count(warning) == 1, args


@pytest.mark.parametrize(("table", "command"), [
    ("events", ["query", "acquisitions_by_event"]),
    ("seat_components", ["cards", "--min-n", "0"]),  # what the card table reads
])
def test_damage_inside_a_file_is_named_by_the_query_and_found_by_repair(tmp_path, reference,
                                                                        table, command):
    out = copy_of(reference, tmp_path)
    damaged = out / "parts" / "00005" / f"{table}.parquet"
    data = bytearray(damaged.read_bytes())  # the footer stays whole: only the data is hit
    data[len(data) // 4: len(data) // 2] = bytes(len(data) // 2 - len(data) // 4)
    damaged.write_bytes(bytes(data))
    cards = CliRunner().invoke(main, [*command, "--logs", str(out)])
    assert cards.exit_code == 1 and cards.stdout == ""
    [line] = cards.stderr.splitlines()
    assert line.startswith("Error: query ") and f"; {damaged}: damaged (" in line
    assert line.endswith(f"run `dicelab repair {out}` to play the damaged parts again from "
                         "their seeds")
    repaired = CliRunner().invoke(main, ["repair", str(out), "--workers", "1", "--quiet"])
    assert repaired.exit_code == 0, repaired.output
    assert repaired.stdout.splitlines()[0].startswith(f"dropped {damaged}: damaged (")
    assert same_logs(out, reference)


def test_a_damaged_manifest_is_named_and_written_again_by_repair(tmp_path, reference):
    out = copy_of(reference, tmp_path)
    (out / "runs.parquet").write_bytes(b"PAR1")
    seats = CliRunner().invoke(main, ["seats", "--logs", str(out)])
    assert seats.exit_code == 1
    assert seats.stderr == (f"Error: {out / 'runs.parquet'}: missing or damaged; run "
                            f"`dicelab repair {out}` to write it again\n")
    repaired = CliRunner().invoke(main, ["repair", str(out), "--workers", "1", "--quiet"])
    assert repaired.exit_code == 0, repaired.output
    assert repaired.stdout.splitlines() == [
        f"dropped {out / 'runs.parquet'}: missing or damaged, written again",
        f"{out}: whole, 24 games (0 played now)"]
    assert read_table(out, "runs")["run_id"].equals(read_table(reference, "runs")["run_id"])
    assert CliRunner().invoke(main, ["seats", "--logs", str(out)]).exit_code == 0


@pytest.mark.parametrize("args, message", [
    (["--seed", "-1"], "Error: --seed must be between 0 and 9223372036854775807 (got -1)"),
    (["--workers", "0"], "Error: --workers must be at least 1 (got 0)"),
    (["--workers", "-2"], "Error: --workers must be at least 1 (got -2)"),
    (["--players", "1"], "Error: --players must be 2, 3 or 4 (got 1)"),
])
def test_bad_run_options_are_refused_with_one_line(tmp_path, args, message):
    result = CliRunner().invoke(main, ["simulate", "--out", str(tmp_path / "r"), *args])
    assert result.exit_code == 1 and result.stderr == message + "\n"
    assert not (tmp_path / "r").exists()


def test_no_games_is_a_usage_error_and_leaves_nothing(tmp_path):
    """--games 0 is a bad option value, as in every command that plays (test_bad_input)."""
    result = CliRunner().invoke(main, ["simulate", "--out", str(tmp_path / "r"), "--games", "0"])
    assert result.exit_code == 2 and "Usage:" in result.output
    assert "'--games': 0 is not in the range 1<=x<=2147483647" in result.output
    assert not (tmp_path / "r").exists()


def test_more_workers_than_cores_is_said_on_one_line(tmp_path):
    cores = len(os.sched_getaffinity(0))
    result = CliRunner().invoke(main, ["simulate", "--games", "2", "--workers", str(cores + 1),
                                       "--quiet", "--out", str(tmp_path / "r")])
    assert result.exit_code == 0, result.output
    assert result.stderr == (f"warning: --workers {cores + 1} is more than the {cores} cores "
                             "here: the workers share them, the run is no faster\n")
