"""The batch runner: reproducible, independent of --workers, resumable, crash-safe."""

import multiprocessing
from functools import partial

import polars as pl
import pytest

import analytics.simulate as simulate
import analytics.workers as workers
from analytics.errors import UserError
from analytics.eventlog.reader import read_table
from analytics.simulate import RunConfig

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
    assert not any((out / ".incomplete").iterdir())


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
    (RunConfig(games=0), "--games must be at least 1"),
    (RunConfig(bots=("random", "random")), "names 2 bots for 4 players"),
    (RunConfig(bots=("nobody",)), "unknown bot 'nobody'"),
    (RunConfig(card_set="no-such-set"), "neither a preset"),
    (RunConfig(rules={"ties": "coin"}), "ties='coin' is not allowed"),
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
    assert read_table(tmp_path / "m", "games")["players"].to_list() == [2, 2, 2]
    assert pl.Series(read_table(tmp_path / "m", "players")["win_share"]).sum() == pytest.approx(3)


def test_a_chunk_that_fails_midway_leaves_nothing_a_reader_sees(tmp_path, monkeypatch):
    real_write_parquet = pl.DataFrame.write_parquet

    def fail_on_events(self, path, **kwargs):
        if str(path).endswith("events.parquet"):
            raise OSError("disk full")
        return real_write_parquet(self, path, **kwargs)

    monkeypatch.setattr(pl.DataFrame, "write_parquet", fail_on_events)
    out = tmp_path / "r"
    with pytest.raises(OSError, match="disk full"):
        run_simulation(CONFIG, out, workers=1, progress=False)
    assert not list(out.glob("parts/*/*.parquet"))
    assert not list(out.rglob("*.parquet.*")) and not (out / ".incomplete").exists()
