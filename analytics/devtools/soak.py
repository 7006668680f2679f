"""`make soak`: one long run stopped again and again by random faults, each followed by a
resume; it must end with the logs of an uninterrupted run of the same seed.

    python -m analytics.devtools.soak                  # 30 faults on a run of 1,200 games
    python -m analytics.devtools.soak --faults 60 --games 4000 --keep --out logs/soak

Faults: a worker killed (SIGKILL), Ctrl-C and SIGTERM to the process group, SIGTERM to the
main process, the main process killed outright (SIGKILL), a part file truncated between two
runs. After each, the run must have stopped within seconds with its exit code and one line
(`--resume` command included), with no worker left and only whole parts readable.
"""

from __future__ import annotations

import os
import random
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import click

from analytics.eventlog.reader import read_table
from analytics.runs.folder import check_run

STOP_WITHIN = 15.0  # seconds from a fault to the end of the run (the machine may be loaded)
KEYS = {"games": ["game_id"], "players": ["game_id", "seat"], "events": ["game_id", "seq"],
        "uses": ["game_id", "seat", "kind", "item"]}
# fault -> (signal, to whom, expected exit code, start of the one line on stderr)
SIGNALS = {
    "kill a worker": (signal.SIGKILL, "worker", 1, "Error: worker "),
    "Ctrl-C": (signal.SIGINT, "group", 130, "Error: interrupted (SIGINT)"),
    "SIGTERM to the group": (signal.SIGTERM, "group", 143, "Error: interrupted (SIGTERM)"),
    "SIGTERM to the run": (signal.SIGTERM, "main", 143, "Error: interrupted (SIGTERM)"),
    "kill the run": (signal.SIGKILL, "main", -signal.SIGKILL, None),
}
TRUNCATE = "truncate a part file"


class SoakFailed(AssertionError):
    pass


def simulate_args(games: int, seed: int, part_size: int, workers: int, out: Path) -> list[str]:
    return [sys.executable, "-m", "analytics.cli.app", "simulate", "--players", "4", "--games",
            str(games), "--seed", str(seed), "--bots", "economist,hero,random,economist",
            "--part-size", str(part_size), "--workers", str(workers), "--quiet",
            "--out", str(out)]


def soak(games: int, seed: int, part_size: int, workers: int, faults: int, out: Path,
         rng: random.Random) -> Counter:
    """Run to the end through `faults` faults; the faults survived, by kind."""
    reference = out.with_name(out.name + "-reference")
    started = time.monotonic()
    _run([*simulate_args(games, seed, part_size, workers, reference)], expect=0)
    click.echo(f"uninterrupted run: {time.monotonic() - started:.1f} s")
    survived: Counter = Counter()
    args = simulate_args(games, seed, part_size, workers, out)
    while True:
        run = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=_env(), start_new_session=True)
        if sum(survived.values()) >= faults or not _progressing(run, out, rng):
            _finish(run, 0, None)
            break
        kind = rng.choice(list(SIGNALS))
        _fault(run, kind, rng)
        survived[kind] += 1
        damaged = check_run(out).damaged
        if damaged:
            raise SoakFailed(f"{kind} left a damaged part visible: {damaged}")
        if rng.random() < 0.25 and _truncate_a_part(out, rng):
            survived[TRUNCATE] += 1
        args = [*simulate_args(games, seed, part_size, workers, out), "--resume"]
        whole = check_run(out)
        click.echo(f"{sum(survived.values()):3d} faults survived ({kind}); "
                   f"{whole.games_present:,} of {games:,} games whole")
    differing = differing_tables(out, reference)
    if differing:
        raise SoakFailed(f"{', '.join(differing)} differ from the uninterrupted run")
    leftovers = {p.name for p in out.iterdir()} - {"runs.parquet", "config.json", "parts"}
    if leftovers:
        raise SoakFailed(f"{out}: left behind {sorted(leftovers)}")
    return survived


def _progressing(run: subprocess.Popen, out: Path, rng: random.Random) -> bool:
    """Wait until the run has written a new part and a random while more; False if it ended."""
    before = _parts(out)
    while _parts(out) <= before or not workers_of(run.pid):
        if run.poll() is not None:
            return False
        time.sleep(0.02)
    time.sleep(rng.uniform(0, 1.5))
    return run.poll() is None


def _fault(run: subprocess.Popen, kind: str, rng: random.Random) -> None:
    signum, whom, code, line = SIGNALS[kind]
    workers = sorted(workers_of(run.pid))
    if whom == "worker":
        os.kill(rng.choice(workers), signum)
    elif whom == "group":
        os.killpg(run.pid, signum)
    else:
        os.kill(run.pid, signum)
    _finish(run, code, line)
    deadline = time.monotonic() + STOP_WITHIN
    while any(Path(f"/proc/{pid}").exists() for pid in workers):
        if time.monotonic() > deadline:
            raise SoakFailed(f"{kind}: workers {workers} still alive {STOP_WITHIN} s later")
        time.sleep(0.05)


def _finish(run: subprocess.Popen, code: int, line: str | None) -> None:
    try:
        _, err = run.communicate(timeout=STOP_WITHIN if code else 3600)
    except subprocess.TimeoutExpired:
        os.killpg(run.pid, signal.SIGKILL)
        raise SoakFailed(f"the run did not stop within {STOP_WITHIN} s") from None
    # Warning lines may come first (a damaged part dropped when the run resumed).
    lines = [x for x in err.strip().splitlines() if not x.startswith("warning: ")]
    if run.returncode != code:
        raise SoakFailed(f"exit code {run.returncode}, expected {code}: {err}")
    if line is not None and (len(lines) != 1 or not lines[0].startswith(line)
                             or " --resume" not in lines[0]):
        raise SoakFailed(f"expected one line starting {line!r} with the --resume command: {err}")
    if line is None and lines:
        raise SoakFailed(f"expected nothing on stderr: {err}")


def _truncate_a_part(out: Path, rng: random.Random) -> bool:
    files = sorted(out.glob("parts/*/*.parquet"))
    if not files:
        return False
    path = rng.choice(files)
    path.write_bytes(path.read_bytes()[: rng.randrange(path.stat().st_size)])
    return True


def _parts(out: Path) -> int:
    return len(list(out.glob("parts/*"))) if out.is_dir() else 0


def workers_of(parent: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            ppid = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            if ppid == parent and b"spawn_main" in (stat.parent / "cmdline").read_bytes():
                found.append(int(stat.parent.name))
        except (OSError, IndexError, ValueError):
            continue  # ended meanwhile
    return found


def differing_tables(run: Path, reference: Path) -> list[str]:
    """The tables of `run` whose rows differ from those of `reference`."""
    return [table for table, keys in KEYS.items()
            if not read_table(run, table).sort(keys).equals(
                read_table(reference, table).sort(keys))]


def _run(args: list[str], expect: int) -> None:
    done = subprocess.run(args, capture_output=True, text=True, env=_env())
    if done.returncode != expect:
        raise SoakFailed(f"{shlex.join(args)}: exit {done.returncode}: {done.stderr}")


def _env() -> dict:
    return {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])}


@click.command()
@click.option("--games", type=int, default=1200, show_default=True)
@click.option("--part-size", type=int, default=20, show_default=True)
@click.option("--workers", type=int, default=2, show_default=True)
@click.option("--faults", type=int, default=30, show_default=True)
@click.option("--seed", type=int, default=9, show_default=True, help="Run and fault seed.")
@click.option("--out", type=click.Path(path_type=Path), default=None,
              help="Run folder (default: a temporary one).")
@click.option("--keep", is_flag=True, help="Keep the run folders.")
def main(games, part_size, workers, faults, seed, out, keep) -> None:
    """Soak one run in faults; exit 1 if any fault is not survived."""
    temporary = Path(tempfile.mkdtemp(prefix="dicelab-soak-")) if out is None else None
    out = out or temporary / "run"
    started = time.monotonic()
    try:
        survived = soak(games, seed, part_size, workers, faults, out, random.Random(seed))
    except SoakFailed as err:
        click.echo(f"soak FAILED: {err}", err=True)
        sys.exit(1)
    finally:
        if not keep:
            shutil.rmtree(out, ignore_errors=True)
            shutil.rmtree(out.with_name(out.name + "-reference"), ignore_errors=True)
            if temporary:
                temporary.rmdir()
    kinds = ", ".join(f"{n} {kind}" for kind, n in sorted(survived.items()))
    click.echo(f"soak passed: {sum(survived.values())} faults survived ({kinds}) in "
               f"{time.monotonic() - started:.0f} s; logs identical to the uninterrupted run")


if __name__ == "__main__":  # pragma: no cover
    main()
