"""--cluster: a run's parts played on a real Dask scheduler (a 2-worker LocalCluster on loopback,
started here): the same bytes as a local run, a worker lost mid-part retried and kept once."""

import os
import signal
import sys
import threading
from pathlib import Path
from uuid import uuid4

import cloudpickle
import pytest
from click.testing import CliRunner
from distributed import Client, LocalCluster
from distributed.diagnostics.plugin import WorkerPlugin

import analytics.runs.simulate as simulate
from analytics.cli.app import main
from analytics.errors import UserError
from analytics.eventlog.store import Place
from analytics.runs.cluster import SchedulerLost
from analytics.runs.folder import check_run
from analytics.runs.simulate import RunConfig

ROOT = Path(__file__).resolve().parents[1]
CONFIG = RunConfig(players=4, games=100, seed=5, bots=("random",))
PART = 25  # four parts
KILL_AFTER = 0.05  # seconds into a part: a part of 25 games takes longer (3 ms a game idle)

# The worker plugin below is defined here: its class travels to the workers by value.
cloudpickle.register_pickle_by_value(sys.modules[__name__])


@pytest.fixture(scope="module")
def cluster():
    path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=":0", env={"PYTHONPATH": path}) as local:
        yield local.scheduler_address


def run_files(folder: Path) -> dict[str, bytes]:
    """Every file that decides the games: the parts and config.json (runs.parquet holds the
    time the run was made)."""
    files = [*folder.glob("parts/*/*.parquet"), folder / "config.json"]
    return {str(f.relative_to(folder)): f.read_bytes() for f in files}


@pytest.fixture(scope="module")
def local_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("local") / "run"
    simulate.run_simulation(CONFIG, out, workers=1, progress=False, chunk_size=PART)
    return run_files(out)


def test_a_cluster_run_writes_the_bytes_of_a_local_run(cluster, local_run, tmp_path):
    out = simulate.run_simulation(CONFIG, tmp_path / "run", progress=False, chunk_size=PART,
                                  cluster=cluster)
    assert len(local_run) == 6 * 4 + 1  # six tables a part, and config.json
    assert run_files(out) == local_run
    assert not (out / ".incomplete").exists()


def test_workers_write_at_a_url_the_bytes_of_a_local_run(cluster, local_run, tmp_path):
    simulate.run_simulation(CONFIG, f"file://{tmp_path}/run", progress=False, chunk_size=PART,
                            cluster=cluster)
    assert run_files(tmp_path / "run") == local_run


def test_a_folder_the_workers_cannot_see_is_refused_before_any_part(cluster):
    url = f"memory://dicelab-tests/{uuid4().hex}"  # this process's memory: not the workers'
    seen = Place.of(url).url
    with pytest.raises(UserError, match=r"^--cluster: worker tcp://127\.0\.0\.1:\d+ on .* does "
                       f"not see the run folder {seen}; put --out on a path every worker "
                       "shares, or on an object store's URL$"):
        simulate.run_simulation(CONFIG, url, progress=False, chunk_size=PART, cluster=cluster)
    assert not (Place.of(url) / "parts").exists()
    Place.of(url).remove()


def test_the_scheduler_comes_from_the_environment(cluster, tmp_path):
    args = ["simulate", "--players", "4", "--games", "100", "--seed", "5", "--bots", "random",
            "--part-size", str(PART), "--quiet"]
    result = CliRunner().invoke(main, [*args, "--out", str(tmp_path / "env")],
                                env={"DICELAB_SCHEDULER": cluster})
    assert result.exit_code == 0, result.output
    local = CliRunner().invoke(main, [*args, "--out", str(tmp_path / "local"), "--workers", "1"],
                               env={"DICELAB_SCHEDULER": None})
    assert local.exit_code == 0, local.output
    assert run_files(tmp_path / "env") == run_files(tmp_path / "local")


def test_compare_on_the_cluster_says_what_a_local_compare_says(cluster, tmp_path):
    args = ["compare", "--a", "base", "--b", "base-alternates", "--players", "2", "--games",
            "40", "--quiet", "--format", "csv"]
    on_cluster = CliRunner().invoke(main, [*args, "--cluster", cluster])
    local = CliRunner().invoke(main, [*args, "--workers", "1"], env={"DICELAB_SCHEDULER": None})
    assert on_cluster.exit_code == 0, on_cluster.output
    assert local.exit_code == 0, local.output
    assert on_cluster.stdout == local.stdout


def test_no_scheduler_is_one_line_with_the_resume_command(tmp_path, monkeypatch):
    monkeypatch.setattr("analytics.runs.cluster.CONNECT_TIMEOUT", "1s")
    result = CliRunner().invoke(main, ["simulate", "--games", "10", "--quiet", "--cluster",
                                       "tcp://127.0.0.1:9", "--out", str(tmp_path / "r")])
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output
    assert lines[0].startswith("Error: --cluster tcp://127.0.0.1:9: no Dask scheduler answers")
    assert lines[0].endswith(f"--out {tmp_path / 'r'} --resume --cluster tcp://127.0.0.1:9")


def test_a_sweep_on_the_cluster_makes_the_cells_of_a_local_sweep(cluster, tmp_path):
    spec = tmp_path / "spec.toml"
    spec.write_text('games = 20\nseed = 2\n[grid]\nplayers = [2, 3]\nbots = ["random"]\n')
    for out, where in (("cluster", ["--cluster", cluster]), ("local", ["--workers", "1"])):
        result = CliRunner().invoke(main, ["sweep", str(spec), "--out", str(tmp_path / out),
                                           "--quiet", *where], env={"DICELAB_SCHEDULER": None})
        assert result.exit_code == 0, result.output
    for cell in ("base_none_2p_random", "base_none_3p_random"):
        assert (run_files(tmp_path / "cluster" / "cells" / cell)
                == run_files(tmp_path / "local" / "cells" / cell))


def test_a_lost_scheduler_stops_the_run_with_its_resume_command(cluster, local_run, tmp_path):
    # A scheduler of its own, in this process (quick to start), closed after the first part.
    lost = LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tcp",
                        host="127.0.0.1", dashboard_address=":0")
    address, out = lost.scheduler_address, tmp_path / "run"
    played = []

    def close_after_the_first_part(games):
        played.append(games)
        if len(played) == 1:
            lost.close()

    with pytest.raises(SchedulerLost) as stop:
        simulate.run_simulation(CONFIG, out, progress=False, chunk_size=PART, cluster=address,
                                on_games=close_after_the_first_part)
    message = str(stop.value)
    assert message.startswith(f"lost the Dask scheduler {address} (FutureCancelledError); ")
    assert message.endswith(f"--out {out} --resume --cluster {address}")
    simulate.run_simulation(CONFIG, out, progress=False, resume=True, cluster=cluster)
    assert run_files(out) == local_run


class KillOnce(WorkerPlugin):
    """The first worker to start a part is killed (SIGKILL) KILL_AFTER seconds into it."""

    def __init__(self, marker: str):
        self.marker = marker

    def transition(self, key, start, finish, **kwargs):
        if finish != "executing" or not str(key).startswith("dicelab-part-"):
            return
        try:
            os.close(os.open(self.marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            return  # one worker is killed, once
        Path(self.marker).write_text(str(key))
        threading.Timer(KILL_AFTER, os.kill, (os.getpid(), signal.SIGKILL)).start()


def test_a_worker_lost_mid_part_its_part_is_played_again_and_kept_once(cluster, local_run,
                                                                         tmp_path):
    # Last in this file: the killed worker comes back (its nanny restarts it) but slowly.
    marker = tmp_path / "killed"
    with Client(cluster, set_as_default=False) as client:
        client.register_plugin(KillOnce(str(marker)), name="kill-once")
        try:
            out = simulate.run_simulation(CONFIG, tmp_path / "run", progress=False,
                                          chunk_size=PART, cluster=cluster)
        finally:
            client.unregister_worker_plugin("kill-once")
    killed = marker.read_text()
    assert killed.startswith("dicelab-part-")
    part = killed.split("-")[2]
    assert run_files(out) == local_run  # the killed part too, from its second player
    assert sorted(p.name for p in (out / "parts").iterdir()) == [f"{i:05d}" for i in range(4)]
    assert (out / "parts" / part).is_dir()
    assert check_run(out).games_present == 100
    assert not (out / ".incomplete").exists()  # the dead writer's leftovers went


def test_a_bot_from_a_file_plays_on_the_cluster_as_it_does_here(cluster, tmp_path):
    """Cluster workers build a bot from outside from its spec, as local processes do: the same
    games (and the workers run the same code version, which the run checks first)."""
    spec = f"{ROOT / 'docs' / 'examples' / 'glory_rush.py'}:GloryRush:min_glory=4"
    config = RunConfig(players=2, games=8, seed=3, bots=(spec, "economist"))
    here = simulate.run_simulation(config, tmp_path / "here", workers=1, progress=False,
                                   chunk_size=4)
    there = simulate.run_simulation(config, tmp_path / "there", progress=False, chunk_size=4,
                                    cluster=cluster)
    assert run_files(there) == run_files(here)
