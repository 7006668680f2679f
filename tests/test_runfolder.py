"""The run folder's layout: parts cover every game once; leftovers of dead writers go."""

import os
import subprocess
import sys
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from analytics.runfolder import RunCheck, clear_leftovers, part_size


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
