"""The batch runner: reproducible, independent of --workers, resumable, crash-safe."""

import multiprocessing
import os
import shutil
import signal
from functools import partial
from pathlib import Path

import polars as pl
import pytest

import analytics.runs.simulate as simulate
import analytics.runs.workers as workers
from analytics.errors import Notice, UserError
from analytics.eventlog.reader import read_table
from analytics.runs.folder import check_run
from analytics.runs.simulate import RunConfig

CONFIG = RunConfig(players=4, games=30, seed=11, bots=("random",))


def run_simulation(config, out, **kwargs):
    """Small chunks, so 30 games make four parts."""
    return simulate.run_simulation(config, out, chunk_size=8, **kwargs)


def events(run):
    return read_table(run, "events").sort("game_id", "seq")


def test_same_seed_same_logs_whatever_the_workers(tmp_path):
    one = run_simulation(CONFIG, tmp_path / "one", workers=1, progress=False)
    two = run_simulation(CONFIG, tmp_path / "two", workers=2, progress=False)
    assert events(one).equals(events(two))
    assert read_table(one, "players").sort("game_id", "seat").equals(
        read_table(two, "players").sort("game_id", "seat"))
    assert sorted(p.name for p in (one / "parts").iterdir()) == ["00000", "00001", "00002", "00003"]


def test_event_batches_within_a_part_give_the_same_files(tmp_path, monkeypatch):
    whole = run_simulation(CONFIG, tmp_path / "whole", workers=1, progress=False)
    monkeypatch.setattr(simulate, "EVENT_BATCH", 3)  # parts of 8 games framed 3 at a time
    batched = run_simulation(CONFIG, tmp_path / "batched", workers=1, progress=False)
    for table in ("events", "uses", "games", "players"):
        assert read_table(batched, table).equals(read_table(whole, table)), table


def test_part_size_grows_with_the_run_up_to_its_maximum():
    assert [simulate.part_size(n) for n in (30, 2000, 7000, 8001, 100_000)] == [
        100, 250, 875, 1000, 1000]


def test_other_seed_other_games(tmp_path):
    a = run_simulation(CONFIG, tmp_path / "a", workers=1, progress=False)
    b = run_simulation(RunConfig(players=4, games=30, seed=12), tmp_path / "b", workers=1,
                       progress=False)
    assert not events(a).equals(events(b))


def test_bots_rotate_through_seats(tmp_path):
    config = RunConfig(players=2, games=4, seed=1, bots=("random", "other"))
    assert [config.seat_bots(i) for i in range(3)] == [
        ["random", "other"], ["other", "random"], ["random", "other"]]


def test_crash_leaves_whole_parts_and_resume_finishes(tmp_path, monkeypatch):
    full = run_simulation(CONFIG, tmp_path / "full", workers=1, progress=False)
    real_write = simulate.write_part
    calls = []

    def crash_on_third(*args):
        calls.append(args[1])
        if len(calls) == 3:
            raise RuntimeError("disk on fire")
        return real_write(*args)

    monkeypatch.setattr(simulate, "write_part", crash_on_third)
    out = tmp_path / "crashed"
    with pytest.raises(RuntimeError):
        run_simulation(CONFIG, out, workers=1, progress=False)
    assert sorted(p.name for p in (out / "parts").iterdir()) == ["00000", "00001"]
    assert read_table(out, "games").height == 16
    monkeypatch.setattr(simulate, "write_part", real_write)
    with pytest.raises(UserError, match="--resume"):
        run_simulation(CONFIG, out, workers=1, progress=False)
    run_simulation(CONFIG, out, workers=1, resume=True, progress=False)
    assert events(out).equals(events(full))


def test_a_part_written_twice_keeps_the_first(tmp_path):
    # A resumed run may race the orphaned workers of a killed one for the same part.
    out = run_simulation(CONFIG, tmp_path / "run", workers=1, progress=False)
    before = events(out)
    part = out / "parts" / "00001"
    kept = {p.name: p.stat().st_mtime_ns for p in part.iterdir()}
    simulate.play_chunk(CONFIG, str(out), 1, 8)
    assert {p.name: p.stat().st_mtime_ns for p in part.iterdir()} == kept
    assert events(out).equals(before)
    assert sorted(p.name for p in out.iterdir()) == [
        "components.parquet", "config.json", "parts", "roles.json", "runs.parquet"]


def test_an_orphaned_worker_stops_before_its_next_part(tmp_path):
    # The parent of a run killed outright is gone: its end of the pipe is closed.
    ours, theirs = multiprocessing.Pipe()
    ours.close()
    workers._work(partial(simulate.play_chunk, CONFIG, str(tmp_path), size=8), theirs)
    assert not (tmp_path / "parts").exists()


def test_resume_refuses_a_different_run(tmp_path):
    out = run_simulation(CONFIG, tmp_path / "r", workers=1, progress=False)
    other = RunConfig(players=4, games=30, seed=99)
    with pytest.raises(UserError, match="different run"):
        run_simulation(other, out, resume=True, progress=False)


@pytest.mark.parametrize("config, message", [
    (RunConfig(players=5), "--players must be 2, 3 or 4"),
    (RunConfig(games=0), r"--games must be between 1 and 2,147,483,647 \(got 0\)"),
    (RunConfig(games=2**31), "--games must be between 1 and 2,147,483,647"),
    (RunConfig(seed=-1), r"--seed must be between 0 and 9223372036854775807 \(got -1\)"),
    (RunConfig(seed=2**63), "--seed must be between 0 and"),
    (RunConfig(bots=("random", "random")), "names 2 bots for 4 players"),
    (RunConfig(bots=("nobody",)), "unknown bot 'nobody'"),
    (RunConfig(card_set="no-such-set"), "neither a preset"),
    (RunConfig(rules={"ties": "coin"}), "ties='coin' is not allowed"),
    (RunConfig(module="atlantis"),
     "--module 'atlantis' is not a module of diceforge; valid: none, goddess, titans"),
])
def test_bad_config_fails_before_any_game(tmp_path, config, message):
    with pytest.raises(UserError, match=message):
        run_simulation(config, tmp_path / "never", progress=False)
    assert not (tmp_path / "never").exists()


def test_run_manifest_records_options(tmp_path):
    config = RunConfig(players=2, games=3, seed=4, rules={"extra_action_cost": "gold2"})
    runs = read_table(run_simulation(config, tmp_path / "m", progress=False), "runs")
    row = runs.row(0, named=True)
    assert row["players"] == 2 and row["n_games"] == 3 and row["seed"] == 4
    assert '"extra_action_cost": "gold2"' in row["rules"]
    assert row["cards"].split(",")[0] == "blacksmiths_hammer"
    assert row["modules"] == "none"
    assert read_table(tmp_path / "m", "games")["module"].to_list() == ["none"] * 3
    assert read_table(tmp_path / "m", "games")["players"].to_list() == [2, 2, 2]
    assert pl.Series(read_table(tmp_path / "m", "players")["win_share"]).sum() == pytest.approx(3)


def test_a_chunk_that_fails_midway_leaves_nothing_a_reader_sees(tmp_path, monkeypatch):
    real_write_parquet = pl.DataFrame.write_parquet

    def fail_on_events(self, path, **kwargs):
        if ".events.parquet.tmp-" in str(path):
            Path(path).write_bytes(b"PAR1 half")
            raise OSError("disk full")
        return real_write_parquet(self, path, **kwargs)

    monkeypatch.setattr(pl.DataFrame, "write_parquet", fail_on_events)
    out = tmp_path / "r"
    with pytest.raises(OSError, match="disk full"):
        run_simulation(CONFIG, out, workers=1, progress=False)
    # The tables put before the failure are there, under their names, but no marker: the part
    # is not read, and is played again on resume.
    assert sorted(p.name for p in (out / "parts" / "00000").iterdir()) == [
        "games.parquet", "players.parquet", "score_causes.parquet", "seat_components.parquet",
        "uses.parquet"]
    assert check_run(out).whole == {} and read_table(out, "games").height == 0
    assert not list(out.rglob("*.tmp-*")) and not (out / ".incomplete").exists()
    monkeypatch.undo()
    run_simulation(CONFIG, out, workers=1, resume=True, progress=False)
    assert read_table(out, "games").height == 30


def crash_writing(monkeypatch, name: str) -> None:
    """The next write of file `name` (written under a temporary name, then renamed) stops
    halfway: a few bytes of the temporary file are on disk, then the process 'dies'."""
    real = pl.DataFrame.write_parquet
    real_text = Path.write_text

    def half_parquet(self, path, **kwargs):
        if f".{name}.tmp-" in str(path):
            Path(path).write_bytes(b"PAR1 half")
            raise KeyboardInterrupt  # as the process dying there
        return real(self, path, **kwargs)

    def half_text(self, data, **kwargs):
        if f".{name}.tmp-" in self.name:
            real_text(self, data[:10], **kwargs)
            raise KeyboardInterrupt
        return real_text(self, data, **kwargs)

    monkeypatch.setattr(pl.DataFrame, "write_parquet", half_parquet)
    monkeypatch.setattr(Path, "write_text", half_text)


@pytest.mark.parametrize("name", ["components.parquet", "runs.parquet", "config.json"])
def test_a_crash_while_writing_the_run_files_is_resumed_cleanly(tmp_path, monkeypatch, name):
    full = run_simulation(CONFIG, tmp_path / "full", workers=1, progress=False)
    out = tmp_path / "crashed"
    with monkeypatch.context() as patch:
        crash_writing(patch, name)
        patch.setattr(simulate, "clear_leftovers", lambda out: None)  # a dead process cleans not
        with pytest.raises(KeyboardInterrupt):
            run_simulation(CONFIG, out, workers=1, progress=False)
    assert not (out / name).exists() and list(out.glob(f".{name}.tmp-*"))
    run_simulation(CONFIG, out, workers=1, resume=True, progress=False)
    assert events(out).equals(events(full))
    assert sorted(p.name for p in out.iterdir()) == [
        "components.parquet", "config.json", "parts", "roles.json", "runs.parquet"]


def test_resume_plays_a_damaged_part_again(tmp_path):
    full = run_simulation(CONFIG, tmp_path / "full", workers=1, progress=False)
    out = run_simulation(CONFIG, tmp_path / "run", workers=1, progress=False)
    damaged = out / "parts" / "00002" / "games.parquet"
    damaged.write_bytes(b"")
    with pytest.warns(Notice) as notices:
        run_simulation(CONFIG, out, workers=1, resume=True, progress=False)
    assert [str(n.message) for n in notices] == [
        f"dropped a damaged part, to play again: {damaged}: damaged (Parquet file size is 0 "
        "bytes)"]
    assert events(out).equals(events(full))
    assert read_table(out, "games").equals(read_table(full, "games"))


def test_resume_keeps_the_part_size_the_run_started_with(tmp_path):
    out = run_simulation(CONFIG, tmp_path / "run", workers=1, progress=False)
    shutil.rmtree(out / "parts" / "00003")
    simulate.run_simulation(CONFIG, out, workers=1, resume=True, progress=False)  # default size
    assert sorted(p.name for p in (out / "parts").iterdir()) == ["00000", "00001", "00002",
                                                                 "00003"]
    assert read_table(out, "games").height == 30


def test_a_signal_in_a_one_worker_run_stops_it_with_the_resume_command(tmp_path, monkeypatch):
    real_write = simulate.write_part

    def interrupted_on_second(run_dir, index, *args):
        if index == 1:
            os.kill(os.getpid(), signal.SIGTERM)  # handled: raises in this thread at once
        return real_write(run_dir, index, *args)

    monkeypatch.setattr(simulate, "write_part", interrupted_on_second)
    out = tmp_path / "run"
    with pytest.raises(workers.RunStopped) as stop:
        run_simulation(CONFIG, out, workers=1, progress=False)
    assert stop.value.exit_code == 143
    assert str(stop.value) == (
        "interrupted (SIGTERM); 8 of 30 games are kept in whole parts; resume with: dicelab "
        f"simulate --players 4 --games 30 --seed 11 --bots random --set base --out {out} "
        "--resume")
    assert sorted(p.name for p in out.iterdir()) == [
        "components.parquet", "config.json", "parts", "roles.json", "runs.parquet"]
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL  # restored


def test_workers_are_checked_and_more_than_the_cores_is_said(tmp_path):
    with pytest.raises(UserError, match=r"--workers must be at least 1 \(got 0\)"):
        run_simulation(CONFIG, tmp_path / "never", workers=0, progress=False)
    assert not (tmp_path / "never").exists()
    cores = len(os.sched_getaffinity(0))
    with pytest.warns(Notice, match=f"--workers {cores + 1} is more than the {cores} cores"):
        assert simulate.count_workers(cores + 1) == cores + 1
