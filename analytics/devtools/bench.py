"""`make bench`: simulation speed with Parquet logging (games/s, events/s, peak memory), and the
speed of the analysis commands over the logs just written.

    python -m analytics.devtools.bench                       # 2,000 four-player games on one core
    python -m analytics.devtools.bench --games 100000 --workers 2 --out logs/bench-100k --keep
    python -m analytics.devtools.bench --games 1000 --rounds 5 --set base \\
        --set rebellion-titans-cards
    python -m analytics.devtools.bench --write docs/benchmarks.md   # `make bench`

`--write` replaces the table between the page's `bench:start`/`bench:end` markers with this
run's figures, so the documentation holds one current table rather than a diary.
"""

from __future__ import annotations

import glob
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import click
import duckdb

from analytics.engine.measure import clone_cost
from analytics.games import get_game
from analytics.native import describe_build
from analytics.policies import make_bot
from analytics.runs.simulate import RunConfig, run_simulation, validate
from analytics.stats.estimates import mean_bounds

BLOCK = re.compile(r"(<!-- bench:start -->\n).*?(<!-- bench:end -->)", re.S)


def analysis_commands(game: str) -> tuple[str, ...]:
    """The analysis commands timed: the game's first two component kinds' commands (Dice
    Forge: cards, faces), then seats."""
    return (*(c.word for c in get_game(game).roles.components[:2]), "seats")


def peak_rss_mb(who: int = resource.RUSAGE_SELF) -> float:
    """Peak resident memory in MiB (Linux reports ru_maxrss in KiB)."""
    return resource.getrusage(who).ru_maxrss / 1024


class TreeMemory:
    """Peak of the summed resident memory of this process and all its descendants (Linux /proc),
    sampled in a background thread: with several workers, each one's own peak understates
    what the run needs at once."""

    def __init__(self, interval: float = 0.1) -> None:
        self.interval = interval
        self.peak_mb = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def __enter__(self) -> TreeMemory:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def _sample(self) -> None:
        while not self._stop.wait(self.interval):
            self.peak_mb = max(self.peak_mb, sum(map(_rss_kib, _tree(os.getpid()))) / 1024)


def _tree(pid: int) -> list[int]:
    """pid and its descendants (gone processes are skipped)."""
    found, pending = [], [pid]
    while pending:
        current = pending.pop()
        found.append(current)
        for task in glob.glob(f"/proc/{current}/task/*/children"):
            try:
                pending += [int(child) for child in Path(task).read_text().split()]
            except OSError:
                pass
    return found


def _rss_kib(pid: int) -> int:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    match = re.search(r"VmRSS:\s+(\d+)", status)
    return int(match.group(1)) if match else 0


def cpu_seconds() -> float:
    """User+sys CPU seconds of this process and its finished children (the workers)."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def python_loop_seconds(n: int = 10_000_000) -> float:
    """Seconds for a plain interpreter loop: a rough gauge of a shared machine whose speed
    drifts within minutes (it does not scale like the engine: compare interleaved runs)."""
    start = time.perf_counter()
    total = 0
    for i in range(n):
        total += i
    return time.perf_counter() - start


def bench_simulation(games: int, workers: int, bots: str, out: Path,
                     card_set: str = "base", game: str = "diceforge") -> dict:
    """Simulate `games` four-player games of `card_set` into `out`; time it, count events."""
    config = RunConfig(game=game, players=4, games=games, seed=2026,
                       bots=tuple(bots.split(",")), card_set=card_set)
    start, cpu_start = time.perf_counter(), cpu_seconds()
    with TreeMemory() as memory:
        run_simulation(config, out, workers=workers, progress=False)
    seconds, cpu = time.perf_counter() - start, cpu_seconds() - cpu_start
    with duckdb.connect() as con:
        (events,) = con.execute("select sum(n_events) from read_parquet($files)",
                                {"files": f"{out}/parts/*/games.parquet"}).fetchone()
    disk = sum(f.stat().st_size for f in out.rglob("*.parquet"))
    return {"games": games, "seconds": seconds, "cpu": cpu, "events": int(events), "bytes": disk,
            "peak_mb": max(peak_rss_mb(), peak_rss_mb(resource.RUSAGE_CHILDREN)),
            "tree_peak_mb": memory.peak_mb}


def _print_simulation(sim: dict, bots: str, workers: int, card_set: str, share: str) -> None:
    click.echo(f"simulate: {sim['games']} four-player games of {card_set} ({bots}), "
               f"{workers} worker(s)")
    click.echo(f"  {sim['seconds']:.1f} s  {sim['games'] / sim['seconds']:.0f} games/s  "
               f"{sim['events'] / sim['seconds']:,.0f} events/s  peak {sim['peak_mb']:.0f} MiB "
               f"(largest process), {sim['tree_peak_mb']:.0f} MiB (all processes at once){share}")
    # On a shared machine wall-clock figures are noise: CPU seconds are what to compare.
    click.echo(f"  CPU {sim['cpu']:.1f} s  {sim['games'] / sim['cpu']:.0f} games/s  "
               f"{sim['events'] / sim['cpu']:,.0f} events/s (user+sys, this process and its "
               "workers)")
    click.echo(f"  {sim['events'] / sim['games']:.0f} events/game  "
               f"{sim['bytes'] / sim['games'] / 1024:.1f} KiB/game on disk")


def bench_round(card_sets: tuple[str, ...], games: int, workers: int, bots: str,
                out: Path, game: str = "diceforge") -> list[float]:
    """CPU games/s of each set, simulated in turn (logs not kept). Rounds of these put the
    machine's drift between rounds on every set alike."""
    rates = []
    for i, card_set in enumerate(card_sets):
        run = out.with_name(f"{out.name}-round-{i}")
        shutil.rmtree(run, ignore_errors=True)
        try:
            sim = bench_simulation(games, workers, bots, run, card_set, game)
        finally:
            shutil.rmtree(run, ignore_errors=True)
        rates.append(sim["games"] / sim["cpu"])
    return rates


def share_in_rounds(rates: list[list[float]], column: int
                    ) -> tuple[float, float, float, list[float]]:
    """A set's CPU games/s as a share of the first set's, round by round: (mean share, its 95%
    Student-t interval over the rounds, each round's share). A round is one paired measurement
    (both sets ran within the same minutes)."""
    shares = [row[column] / row[0] for row in rates]
    mean = statistics.fmean(shares)
    sd = statistics.stdev(shares) if len(shares) > 1 else float("nan")
    low, high = mean_bounds(mean, sd, len(shares))
    return mean, float(low), float(high), shares


def _rounds(card_sets: tuple[str, ...], first: list[float], rounds: int, games: int,
            workers: int, bots: str, out: Path, game: str = "diceforge") -> None:
    """Run rounds 2.. (the first is the run above), a line each, then each set's share."""
    click.echo(f"rounds: {rounds} of {games} games per set, the sets in turn in each round "
               "(the first is the run above), CPU games/s")
    rates = [first]
    for number in range(1, rounds + 1):
        if number > 1:
            rates.append(bench_round(card_sets, games, workers, bots, out, game))
        each = ", ".join(f"{s} {rate:.0f}" for s, rate in zip(card_sets, rates[-1], strict=True))
        click.echo(f"  round {number}: {each}")
    for column, card_set in enumerate(card_sets[1:], start=1):
        mean, low, high, shares = share_in_rounds(rates, column)
        each = ", ".join(f"{share:.1%}" for share in shares)
        click.echo(f"  {card_set}: {mean:.1%} of {card_sets[0]}'s (95% interval {low:.1%}-"
                   f"{high:.1%}, {len(shares)} rounds: {each})")


def simulation_rows(sim: dict, card_set: str) -> list[tuple[str, str]]:
    """The figures of one simulation as (measure, value) rows of the documentation's table."""
    return [(f"simulate {sim['games']:,} four-player `{card_set}` games, one core",
             f"{sim['games'] / sim['cpu']:.0f} games/s, {sim['events'] / sim['cpu']:,.0f} events/s "
             f"(CPU); {sim['games'] / sim['seconds']:.0f} games/s wall"),
            ("peak memory of the simulation", f"{sim['peak_mb']:.0f} MiB"),
            ("events per game, disk per game",
             f"{sim['events'] / sim['games']:.0f}, {sim['bytes'] / sim['games'] / 1024:.1f} KiB")]


def write_table(path: Path, rows: list[tuple[str, str]], context: str) -> None:
    """Replace the marked block of `path` with `rows`, under a temporary name then renamed."""
    text = path.read_text(encoding="utf-8")
    if not BLOCK.search(text):
        raise click.ClickException(f"{path}: no <!-- bench:start --> ... <!-- bench:end --> block")
    table = "\n".join([context, "", "| measure | figure |", "| --- | --- |",
                       *(f"| {measure} | {figure} |" for measure, figure in rows), ""])
    temp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    temp.write_text(BLOCK.sub(lambda m: m.group(1) + table + m.group(2), text), encoding="utf-8")
    os.replace(temp, path)


def bench_clone(bots: str, game_name: str = "diceforge", card_set: str = "base") -> float:
    """CPU microseconds to clone a four-player game at a mid-game choice (the game's
    `clone_kind`: Dice Forge's action choice)."""
    config = RunConfig(game=game_name, players=4, games=1, seed=2026,
                       bots=tuple(bots.split(",")), card_set=card_set)
    game = get_game(config.game)
    policies = [make_bot(game.name, name) for name in config.seat_bots(0)]
    return clone_cost(game, validate(config).game_setup, policies, config.seed,
                      kind=getattr(game, "clone_kind", "action"))


# Runs one dicelab command, then reports the process's own peak memory (VmHWM belongs to the
# process image, unlike ru_maxrss, which a child inherits from the large parent that forked it).
_MEASURED = """
import re, sys
from analytics.cli.app import main
try:
    main(sys.argv[1:], standalone_mode=False)
finally:
    status = open("/proc/self/status").read()
    print("peak_kib", re.search(r"VmHWM:\\s+(\\d+)", status).group(1), file=sys.stderr)
"""


def bench_command(args: list[str]) -> tuple[float, float, int]:
    """Run one dicelab command in a fresh process: (seconds, its peak MiB, exit code)."""
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", _MEASURED, *args], stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, check=False)
    seconds = time.perf_counter() - start
    peaks = [line.split()[1] for line in proc.stderr.splitlines() if line.startswith("peak_kib")]
    return seconds, int(peaks[-1]) / 1024 if peaks else float("nan"), proc.returncode


@click.command()
@click.option("--games", type=int, default=2000, show_default=True)
@click.option("--workers", type=int, default=1, show_default=True,
              help="Processes; 1 measures one core.")
@click.option("--game", default="diceforge", show_default=True,
              help="The game to simulate (its own bots and sets: pass --bots and --set).")
@click.option("--bots", default="economist,hero,economist,hero", show_default=True)
@click.option("--out", type=click.Path(path_type=Path), default=None,
              help="Run folder (default: a temporary folder).")
@click.option("--keep", is_flag=True, help="Keep the logs written.")
@click.option("--set", "card_sets", multiple=True, default=("base",), show_default=True,
              help="Card set (preset or file) to simulate; repeat to compare several sets, "
                   "each against the first. The analysis commands read the first set's logs.")
@click.option("--rounds", type=click.IntRange(min=1), default=1, show_default=True,
              help="With several sets: simulate them all again, in turn, until this many rounds "
                   "are done, and give each set's share of the first's CPU games/s with a 95% "
                   "interval over the rounds (a drifting machine's noise, measured).")
@click.option("--write", "write", type=click.Path(path_type=Path, dir_okay=False, exists=True),
              default=None, help="Put this run's figures in the marked table of a Markdown page.")
def main(games: int, game: str, workers: int, bots: str, out: Path | None, keep: bool,
         card_sets: tuple[str, ...], rounds: int, write: Path | None) -> None:
    """Benchmark simulation with logging, then the analysis commands on the same logs.

    \b
    Examples:
      python -m analytics.devtools.bench
      python -m analytics.devtools.bench --games 500 --set base --set rebellion-titans-cards
      python -m analytics.devtools.bench --games 1000 --rounds 5 --set base \\
          --set rebellion-goddess-cards
      python -m analytics.devtools.bench --game altera --bots steward --set default \\
          --games 500
    """
    if rounds > 1 and len(card_sets) < 2:
        raise click.UsageError("--rounds compares card sets: give two or more --set")
    out = out or Path(tempfile.mkdtemp(prefix="dicelab-bench-")) / "run"
    click.echo(f"machine: a pure-Python loop of 10 M additions takes {python_loop_seconds():.2f} s "
               "(a rough gauge of a drifting machine: it does not scale like the engine)")
    click.echo(f"engine: {describe_build()}")
    first_rate, cpu_rates, rows = None, [], []
    for i, card_set in enumerate(card_sets):
        run = out if i == 0 else out.with_name(f"{out.name}-{i}")
        shutil.rmtree(run, ignore_errors=True)
        sim = bench_simulation(games, workers, bots, run, card_set, game)
        rate = sim["games"] / sim["seconds"]
        first_rate = first_rate or rate
        cpu_rates.append(sim["games"] / sim["cpu"])
        share = "" if i == 0 else f"  ({rate / first_rate:.0%} of {card_sets[0]}'s games/s)"
        _print_simulation(sim, bots, workers, card_set, share)
        rows += simulation_rows(sim, card_set) if i == 0 else []
        if i and not keep:
            shutil.rmtree(run, ignore_errors=True)
    if rounds > 1:
        _rounds(card_sets, cpu_rates, rounds, games, workers, bots, out, game)
    for command in analysis_commands(game):
        seconds, peak, code = bench_command([command, "--logs", str(out), "--format", "csv"])
        status = "" if code == 0 else f"  (exit {code})"
        click.echo(f"{command}: {seconds:.2f} s  peak {peak:.0f} MiB{status}")
        rows.append((f"`dicelab {command}` on those logs, a fresh process",
                     f"{seconds:.2f} s wall, peak {peak:.0f} MiB{status}"))
    clone = bench_clone(bots, game, card_sets[0])
    click.echo(f"clone: {clone:.0f} µs CPU per four-player mid-game state (at an action choice)")
    rows.append(("clone a four-player mid-game state", f"{clone:.0f} µs CPU"))
    if write:
        write_table(write, rows, f"`make bench` ({bots}; engine: {describe_build()}; "
                    f"{time.strftime('%Y-%m-%d')}):")
        click.echo(f"wrote the table in {write}")
    if not keep:
        shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    main()
