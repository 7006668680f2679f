"""`make fuzz`: every command invoked with bad inputs (analytics/devtools/fuzz_inputs.py), and
each outcome checked against the promise of issue 37: no traceback, no signal, no hang, nothing
left behind by a failed command, an exit code in {0, 1, 2, 130, 143}, and exit 2 only with a
usage message.

    python -m analytics.devtools.fuzz --invocations 10000 --seed 1
    python -m analytics.devtools.fuzz --seed 1 --only 4321       # one invocation again

Invocations run in this process through click's CliRunner (fast: no interpreter start); a
seeded sample (`--processes`) also runs as real `dicelab` processes, where a signal (the
SIGABRT of a thread pool at teardown) can show. Invocation N is drawn from the seed and N
alone, so `--only N` makes it again; the first of each kind of finding is printed with it.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from traceback import format_exception

import click
from click.testing import CliRunner

from analytics.devtools.fuzz_inputs import COMMANDS, Workspace, invocation

EXITS = {0, 1, 2, 130, 143}
HANG = 120  # seconds: no bad input may keep a command longer (a valid one plays few games)
ROOT = Path(__file__).parents[2]
SAMPLE = ROOT / "logs" / "samples" / "2p-base.dfr"
# A set file read as a user's file (by its path: no game module is imported outside games/).
SET_FILE = ROOT / "analytics" / "games" / "diceforge" / "content" / "base.toml"
SPEC = 'games = 8\nseed = 3\n[grid]\nsets = ["base"]\nplayers = [2]\nbots = ["economist"]\n'


@dataclass(frozen=True)
class Outcome:
    code: int | None  # None: killed by a signal or hung
    stderr: str
    traceback: str = ""  # in process: the exception that was not a SystemExit
    signal: int = 0
    hung: bool = False


class Hang(Exception):
    """An in-process invocation ran past HANG seconds."""


def findings(outcome: Outcome, left: list[str]) -> list[str]:
    """What breaks the promise, each as a short kind: exactly the checks of issue 37."""
    found = []
    if outcome.traceback or "Traceback (most recent call last)" in outcome.stderr:
        found.append("traceback")
    if outcome.signal:
        found.append(f"signal {signal.Signals(outcome.signal).name}")
    if outcome.hung:
        found.append("hang")
    if outcome.code is not None and outcome.code not in EXITS:
        found.append(f"exit {outcome.code}")
    if outcome.code == 2 and "Usage: " not in outcome.stderr:
        found.append("exit 2 without usage")
    if left and outcome.code not in (0, None):
        found.append("left output behind")
    return found


def make_fixtures(folder: Path) -> Path:
    """What invocations copy: a small run (20 games, 2 players) and a valid file of each kind."""
    from analytics.runs.simulate import RunConfig, run_simulation

    run_simulation(RunConfig(players=2, games=20, seed=1, bots=("economist",)), folder / "run",
                   workers=1, progress=False)
    from analytics.query.database import QUERIES_DIR

    shutil.copy(SAMPLE, folder / "good.dfr")
    shutil.copy(SET_FILE, folder / "good.set.toml")
    shutil.copy(QUERIES_DIR / "win_rate_by_seat.sql", folder / "good.sql")
    (folder / "good.toml").write_text(SPEC, encoding="utf-8")
    return folder


def draw(seed: int, number: int, folder: Path, fixtures: Path) -> list[str]:
    """Invocation `number` of the seed (the same arguments every time), its inputs in `folder`."""
    rng = random.Random(f"{seed}:{number}")
    return invocation(rng.choice(sorted(COMMANDS)), Workspace(folder, fixtures, rng))


def in_process(args: list[str]) -> Outcome:
    """One invocation through CliRunner, in the invocation's folder (the current directory)."""
    from analytics.cli.app import main

    def hung(signum, frame):
        raise Hang()

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(HANG)
    try:
        result = CliRunner().invoke(main, args, input="", catch_exceptions=True,
                                    env={"DICELAB_SCHEDULER": None})
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    error = result.exception
    if isinstance(error, Hang):
        return Outcome(None, result.stderr, hung=True)
    if error is None or isinstance(error, SystemExit):
        return Outcome(result.exit_code, result.stderr)
    return Outcome(result.exit_code, result.stderr,
                   "".join(format_exception(error)) if result.exc_info else repr(error))


def in_a_process(args: list[str]) -> Outcome:
    """One invocation as a real `dicelab` process (the interpreter's start and teardown)."""
    dicelab = Path(sys.executable).with_name("dicelab")
    env = {k: v for k, v in os.environ.items() if k != "DICELAB_SCHEDULER"}
    try:
        done = subprocess.run([str(dicelab), *args], capture_output=True, text=True,
                              stdin=subprocess.DEVNULL, timeout=HANG, env=env)
    except subprocess.TimeoutExpired:
        return Outcome(None, "", hung=True)
    if done.returncode < 0:
        return Outcome(None, done.stderr, signal=-done.returncode)
    return Outcome(done.returncode, done.stderr)


def snapshot(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


def whole_results(folder: Path, path: str) -> bool:
    """Whether a new path is (or holds, or is in) a run folder with a committed part: whole
    results a failed command keeps on purpose (balance's runs, reused next time; the records
    imported before one failed); a stopped run keeps its folder too (analytics/output.py)."""
    runs = {marker.parents[2] for marker in (folder / path).rglob("_committed.json")}
    runs |= {p for p in (folder / path).parents if p.is_relative_to(folder)
             and any(p.glob("parts/*/_committed.json"))}
    return bool(runs)


def fuzz_one(seed: int, number: int, root: Path, fixtures: Path, real: bool
             ) -> tuple[list[str], list[str], Outcome]:
    """Draw, run and check invocation `number` in a folder of its own; its arguments, findings
    and outcome. The folder is removed afterwards."""
    folder = root / f"{number:06d}"
    folder.mkdir()
    args = draw(seed, number, folder, fixtures)
    before = snapshot(folder)
    here = os.getcwd()
    os.chdir(folder)
    try:
        outcome = (in_a_process if real else in_process)(args)
    finally:
        os.chdir(here)
    left = [p for p in sorted(snapshot(folder) - before) if not whole_results(folder, p)]
    shutil.rmtree(folder, ignore_errors=True)
    return args, findings(outcome, left), outcome


def fuzz(invocations: int, seed: int, processes: float = 0.02, only: int | None = None,
         echo=click.echo) -> Counter:
    """Run the invocations (or only one); the findings counted by kind, each kind's first
    printed with its number, arguments and stderr."""
    found: Counter = Counter()
    shown: set[tuple[str, str, str]] = set()
    codes: Counter = Counter()  # how the invocations ended: how deep the bad inputs reached
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="dicelab-fuzz-") as temp:
        root = Path(temp)
        fixtures = make_fixtures(root / "fixtures")
        numbers = [only] if only is not None else range(invocations)
        sampler = random.Random(f"{seed}:processes")
        for number in numbers:
            real = sampler.random() < processes
            args, kinds, outcome = fuzz_one(seed, number, root, fixtures, real)
            for kind in kinds:
                error = outcome.traceback.strip().rpartition("\n")[2].partition(":")[0]
                first = (kind, args[0], error)
                if first not in shown:  # the first of each kind, command and exception
                    shown.add(first)
                    echo(f"FOUND {kind}: --seed {seed} --only {number} "
                         f"({'process' if real else 'in process'}): dicelab "
                         f"{' '.join(map(repr, args))}\n  exit {outcome.code} "
                         f"{outcome.traceback[-600:]} {outcome.stderr.strip()[-600:]}")
                found[kind] += 1
            found["invocations"] += 1
            codes["hung or signal" if outcome.code is None else f"exit {outcome.code}"] += 1
            found["processes"] += real
            if only is not None:
                echo(f"dicelab {' '.join(map(repr, args))}: exit {outcome.code}\n"
                     f"{outcome.stderr}{outcome.traceback}")
            elif number % 500 == 499:
                echo(f"{number + 1:,} invocations, {time.monotonic() - started:.0f} s", err=True)
    echo(", ".join(f"{kind}: {n:,}" for kind, n in sorted(codes.items())), err=True)
    return found


@click.command()
@click.option("--invocations", type=int, default=10_000, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--processes", type=float, default=0.02, show_default=True,
              help="Share of invocations also run as real processes (signals at teardown).")
@click.option("--only", type=int, default=None, help="Run invocation N of the seed alone.")
def cli(invocations: int, seed: int, processes: float, only: int | None) -> None:
    """Fuzz every command; exit 1 if anything breaks the promise."""
    started = time.monotonic()
    found = fuzz(invocations, seed, processes, only)
    total, real = found.pop("invocations"), found.pop("processes")
    click.echo(f"{total:,} invocations ({real:,} as processes) of {len(COMMANDS)} commands, "
               f"seed {seed}, in {time.monotonic() - started:.0f} s: "
               + (", ".join(f"{n} {kind}" for kind, n in found.most_common()) or "nothing found"))
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    cli()
