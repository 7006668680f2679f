"""What a part costs on Dask, measured on a LocalCluster on loopback (the README's numbers).

    python -m analytics.cluster_bench                # 800 games, parts of 100, 1 and 2 workers

Prints: the per-task overhead (empty tasks, wall time per task with 2 workers busy), the cost
of a game inside a part, the same run on 1 and 2 workers (interleaved, best of --repeat), and
the efficiency that overhead predicts at 32 and 256 workers with the smallest part that keeps
it >= 0.9. The model: each worker spends `overhead` per part on top of its games, and the one
scheduler spends `overhead` on every part in turn (an upper bound: the measured overhead is
both at once), so E(W) = part / max(part + overhead, W x overhead).
"""

from __future__ import annotations

import math
import tempfile
import time
from pathlib import Path

import click

from analytics.simulate import RunConfig, play_chunk, run_simulation


def empty_task_overhead(address: str, tasks: int) -> float:
    """Seconds of wall time per empty task, the scheduler and both workers kept busy."""
    from distributed import Client

    with Client(address, set_as_default=False) as client:
        client.gather(client.map(abs, range(50), pure=False))  # warm the connections
        start = time.perf_counter()
        client.gather(client.map(abs, range(tasks), pure=False))
        return (time.perf_counter() - start) / tasks


def game_cost(config: RunConfig, size: int) -> float:
    """Seconds per game of one part played here (the worker's work), after a warm-up part."""
    with tempfile.TemporaryDirectory() as folder:
        play_chunk(config, folder, 0, size)
        start = time.perf_counter()
        play_chunk(config, folder, 1, size)
        return (time.perf_counter() - start) / size


def timed_run(config: RunConfig, size: int, address: str) -> float:
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        run_simulation(config, Path(folder) / "run", progress=False, chunk_size=size,
                       cluster=address)
        return time.perf_counter() - start


def efficiency(part: float, overhead: float, workers: int) -> float:
    return part / max(part + overhead, workers * overhead)


def smallest_part(per_game: float, overhead: float, workers: int, target: float = 0.9) -> int:
    """Games per part for E(workers) >= target."""
    return math.ceil(max(target / (1 - target) * overhead, workers * overhead * target)
                     / per_game)


@click.command()
@click.option("--games", type=int, default=800, show_default=True)
@click.option("--part-size", type=int, default=100, show_default=True)
@click.option("--tasks", type=int, default=1000, show_default=True, help="Empty tasks timed.")
@click.option("--repeat", type=int, default=3, show_default=True)
def main(games: int, part_size: int, tasks: int, repeat: int) -> None:
    from distributed import LocalCluster

    config = RunConfig(games=games, bots=("economist",))
    per_game = game_cost(config, part_size)
    kwargs = {"threads_per_worker": 1, "processes": True, "host": "127.0.0.1",
              "dashboard_address": ":0"}
    with LocalCluster(n_workers=2, **kwargs) as two:
        overhead = empty_task_overhead(two.scheduler_address, tasks)
        with LocalCluster(n_workers=1, **kwargs) as one:
            timed_run(config, part_size, one.scheduler_address)  # warm both clusters' workers
            timed_run(config, part_size, two.scheduler_address)
            runs = {1: [], 2: []}
            for _ in range(repeat):  # interleaved: the machine's load falls on both alike
                runs[1].append(timed_run(config, part_size, one.scheduler_address))
                runs[2].append(timed_run(config, part_size, two.scheduler_address))
    best = {w: min(times) for w, times in runs.items()}
    print(f"per-task overhead (empty tasks, 2 workers): {overhead * 1e3:.2f} ms")
    print(f"one game in a part of {part_size}: {per_game * 1e3:.1f} ms "
          f"(a part: {per_game * part_size:.2f} s)")
    print(f"{games} games, parts of {part_size}: 1 worker {best[1]:.2f} s, 2 workers "
          f"{best[2]:.2f} s: speed-up {best[1] / best[2]:.2f} (best of {repeat})")
    for size in (part_size, 1000):
        for workers in (32, 256):
            print(f"estimated efficiency at {workers} workers, parts of {size}: "
                  f"{efficiency(per_game * size, overhead, workers):.3f}")
    for workers in (32, 256):
        print(f"smallest part for efficiency >= 0.9 at {workers} workers: "
              f"{smallest_part(per_game, overhead, workers)} games")


if __name__ == "__main__":  # pragma: no cover
    main()
