"""The run folder's layout: parts cover every game once; leftovers of dead writers go; runs from
before part markers are judged by their files."""

import json
import os
import subprocess
import sys
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from analytics.runs.folder import RunCheck, check_run, clear_leftovers, part_size
from analytics.runs.simulate import RunConfig, run_simulation


@given(games=st.integers(1, 20_000), size=st.integers(1, 5000))
def test_the_parts_hold_every_game_once(games, size):
    check = RunCheck(Path("run"), games, size)
    counts = [check.games_in(p) for p in range(check.n_parts)]
    assert sum(counts) == games and min(counts) >= 1
    assert counts[:-1] == [size] * (check.n_parts - 1)  # only the last part may be short
    assert check.games_in(check.n_parts) == 0 and check.missing() == list(range(check.n_parts))


@given(games=st.integers(1, 10**7))
def test_the_default_part_size_stays_within_its_bounds(games):
    size = part_size(games)
    assert 100 <= size <= 1000
    assert -(-games // size) >= 8 or size == 100  # at least 8 parts unless they are minimal


def test_leftovers_of_dead_writers_go_and_a_live_writers_stay(tmp_path):
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True).stdout.strip()
    live = str(os.getppid())  # the process that runs these tests' runner: alive
    for pid in (dead, live):
        (tmp_path / ".incomplete" / f"00003-{pid}").mkdir(parents=True)
        (tmp_path / f".runs.parquet.tmp-{pid}").write_bytes(b"half")
    clear_leftovers(tmp_path)
    assert sorted(p.name for p in tmp_path.rglob("*")) == [
        ".incomplete", f".runs.parquet.tmp-{live}", f"00003-{live}"]
    (tmp_path / ".incomplete" / f"00003-{live}").rmdir()
    (tmp_path / f".runs.parquet.tmp-{live}").unlink()
    clear_leftovers(tmp_path)
    assert not any(tmp_path.iterdir())


def test_a_run_from_before_markers_is_judged_by_its_files(tmp_path):
    out = run_simulation(RunConfig(players=2, games=16, seed=1, bots=("random",)),
                         tmp_path / "run", workers=1, progress=False, chunk_size=8)
    for marker in out.glob("parts/*/_committed.json"):
        marker.unlink()
    assert check_run(out).whole == {}  # a run with markers reads only committed parts
    config = json.loads((out / "config.json").read_text(encoding="utf-8"))
    del config["part_markers"]  # as config.json was written before markers
    (out / "config.json").write_text(json.dumps(config), encoding="utf-8")
    assert check_run(out).whole == {0: 8, 1: 8}
    (out / "parts" / "00001" / "uses.parquet").unlink()
    assert check_run(out).damaged == {1: f"{out}/parts/00001/uses.parquet: missing"}


def test_a_marker_vouches_for_the_tables_of_the_sizes_it_recorded(tmp_path, monkeypatch):
    """Readers skip the footers of tables whose size the part's marker recorded (the check of
    100,000 games reads no footer); a table of another size, or a marker without sizes
    (written before them), has its footer read as ever."""
    import polars as pl

    from analytics.eventlog import check

    out = run_simulation(RunConfig(players=2, games=16, seed=1, bots=("random",)),
                         tmp_path / "run", workers=1, progress=False, chunk_size=8)
    part = out / "parts" / "00001"
    marker = json.loads((part / "_committed.json").read_text(encoding="utf-8"))
    assert marker["games"] == 8
    assert marker["sizes"] == {p.name: p.stat().st_size for p in part.glob("*.parquet")}
    assert set(marker["sizes"]) == {f"{t}.parquet" for t in
                                    ("games", "players", "events", "uses", "seat_components",
                                     "score_causes")}
    read = []
    real_footer = check._footer

    def footer(path):  # the parts' footers read (the run-level files' are read every time)
        read.extend([path.name] if "/parts/" in str(path) else [])
        return real_footer(path)

    monkeypatch.setattr(check, "_footer", footer)
    assert check_run(out).whole == {0: 8, 1: 8} and read == []
    players = pl.read_parquet(part / "players.parquet")
    players.write_parquet(part / "players.parquet", compression="uncompressed")  # same rows
    assert check_run(out).whole == {0: 8, 1: 8} and read == ["players.parquet"] * 2  # cols, rows
    (part / "_committed.json").write_text('{"games": 8}', encoding="utf-8")
    read.clear()
    assert check_run(out).whole == {0: 8, 1: 8} and len(read) == 2 * 6
