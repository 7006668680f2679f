"""What a part costs on Dask, measured on a LocalCluster on loopback (the README's numbers).

    python -m analytics.devtools.cluster_bench      # 800 games, parts of 100, 1 and 2 workers

Prints: the per-task overhead (empty tasks with 2 workers busy), the cost of a game inside a
part, the same run on 1 and 2 workers (interleaved, best of --repeat), and the efficiency that
overhead predicts at 32 and 256 workers with the smallest part that keeps it >= 0.9. The model:
each worker spends `overhead` per part on top of its games, and the one scheduler spends
`overhead` on every part in turn (an upper bound: the measured overhead is both at once), so
E(W) = part / max(part + overhead, W x overhead).

Each figure is given in wall time and in CPU time (this process, which holds the client and
the scheduler, plus every worker process; not the nannies). On a machine shared with other
jobs the wall times measure the load; the CPU times are the work, and the estimates use them.
"""

from __future__ import annotations

import math
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import click

from analytics.runs.simulate import RunConfig, play_chunk, run_simulation


@dataclass(frozen=True)
class Cost:
    wall: float  # seconds
    cpu: float  # seconds of CPU, all processes of the work

    def per(self, n: int) -> Cost:
        return Cost(self.wall / n, self.cpu / n)


@contextmanager
def measured(client=None) -> Iterator[list[Cost]]:
    """The wall and CPU time of the block (CPU of this process and, with `client`, of every
    worker), appended to the yielded list at its end."""
    found: list[Cost] = []
    wall, cpu = time.perf_counter(), _cpu(client)
    yield found
    found.append(Cost(time.perf_counter() - wall, _cpu(client) - cpu))


def _cpu(client) -> float:
    workers = sum(client.run(time.process_time).values()) if client is not None else 0.0
    return time.process_time() + workers


def empty_task_overhead(address: str, tasks: int) -> Cost:
    """Cost per empty task, the scheduler and both workers kept busy."""
    from distributed import Client

    with Client(address, set_as_default=False) as client:
        client.gather(client.map(abs, range(50), pure=False))  # warm the connections
        with measured(client) as cost:
            client.gather(client.map(abs, range(tasks), pure=False))
        return cost[0].per(tasks)


def game_cost(config: RunConfig, size: int) -> Cost:
    """Cost per game of one part played here (the worker's work), after a warm-up part."""
    with tempfile.TemporaryDirectory() as folder:
        play_chunk(config, folder, 0, size)
        with measured() as cost:
            play_chunk(config, folder, 1, size)
        return cost[0].per(size)


def timed_run(config: RunConfig, size: int, address: str) -> Cost:
    from distributed import Client

    with tempfile.TemporaryDirectory() as folder, Client(address, set_as_default=False) as c:
        with measured(c) as cost:
            run_simulation(config, Path(folder) / "run", progress=False, chunk_size=size,
                           cluster=address)
        return cost[0]


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
    best = {w: min(times, key=lambda c: c.wall) for w, times in runs.items()}
    cpu = {w: min(c.cpu for c in times) for w, times in runs.items()}
    print(f"per-task overhead (empty tasks, 2 workers): wall {overhead.wall * 1e3:.2f} ms, "
          f"CPU {overhead.cpu * 1e3:.2f} ms (client, scheduler and both workers)")
    print(f"one game in a part of {part_size}: wall {per_game.wall * 1e3:.1f} ms, CPU "
          f"{per_game.cpu * 1e3:.1f} ms (a part: {per_game.cpu * part_size:.2f} s CPU)")
    print(f"{games} games, parts of {part_size}: wall 1 worker {best[1].wall:.2f} s, 2 workers "
          f"{best[2].wall:.2f} s: speed-up {best[1].wall / best[2].wall:.2f} (best of {repeat})")
    print(f"  CPU, all processes: 1 worker {cpu[1]:.2f} s, 2 workers {cpu[2]:.2f} s: the second "
          f"worker adds {100 * (cpu[2] / cpu[1] - 1):+.1f}% work; on two free cores the "
          f"speed-up would be {2 * cpu[1] / cpu[2]:.2f}")
    for size in (part_size, 1000):
        for workers in (32, 256):
            print(f"estimated efficiency at {workers} workers, parts of {size} (CPU): "
                  f"{efficiency(per_game.cpu * size, overhead.cpu, workers):.3f}")
    for workers in (32, 256):
        print(f"smallest part for efficiency >= 0.9 at {workers} workers (CPU): "
              f"{smallest_part(per_game.cpu, overhead.cpu, workers)} games; (wall) "
              f"{smallest_part(per_game.wall, overhead.wall, workers)} games")


if __name__ == "__main__":  # pragma: no cover
    main()
