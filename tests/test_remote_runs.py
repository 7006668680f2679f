"""Run folders at an fsspec URL (memory:// in this process, file://): the bytes of a local run,
read back by polars and by DuckDB; a part is read only once its marker is put after its tables,
so a part half written is never read, and resuming plays it again."""

from pathlib import Path
from uuid import uuid4

import pytest
from click.testing import CliRunner

from analytics.cli.app import main
from analytics.errors import UserError
from analytics.eventlog.reader import read_table
from analytics.eventlog.store import Place
from analytics.query.database import run_query
from analytics.runs.folder import UnfinishedRun, check_run
from analytics.runs.simulate import RunConfig, run_simulation

CONFIG = RunConfig(players=3, games=24, seed=7, bots=("random",))
PART = 6  # four parts
TABLES = ("games", "players", "events", "uses", "seat_components", "score_causes")


def memory_url() -> str:
    return f"memory://dicelab-tests/{uuid4().hex}"


def run_files(location) -> dict[str, bytes]:
    """Every file that decides the games (runs.parquet holds the time the run was made), read
    through fsspec, by its name in the run folder."""
    place = Place.of(location)
    names = [f"parts/{p:05d}/{t}.parquet" for p in range(4) for t in TABLES] + ["config.json"]
    return {name: (place / name).read_bytes() for name in names}


def play(out, **options):
    return run_simulation(CONFIG, out, workers=1, progress=False, chunk_size=PART, **options)


@pytest.fixture(scope="module")
def local(tmp_path_factory) -> Path:
    return play(tmp_path_factory.mktemp("local") / "run")


@pytest.fixture
def memory_run():
    url = memory_url()
    play(url)
    yield url
    Place.of(url).remove()


def test_a_run_at_a_memory_url_holds_the_bytes_of_a_local_run(local, memory_run):
    assert run_files(memory_run) == run_files(local)
    assert sorted(p.name for p in (Place.of(memory_run) / "parts" / "00003").iterdir()) == [
        "_committed.json", "events.parquet", "games.parquet", "players.parquet",
        "score_causes.parquet", "seat_components.parquet", "uses.parquet"]
    for table in TABLES:  # polars reads it through fsspec
        assert read_table(memory_run, table).equals(read_table(local, table)), table


def test_duckdb_reads_a_memory_run_as_a_local_one(local, memory_run):
    assert run_query([memory_run], "win_rate_by_seat").equals(
        run_query([local], "win_rate_by_seat"))
    seats = [CliRunner().invoke(main, ["seats", "--logs", str(logs)])
             for logs in (memory_run, local)]
    assert [r.exit_code for r in seats] == [0, 0], seats[0].output
    assert seats[0].stdout == seats[1].stdout


def test_a_folder_of_runs_at_a_url_is_found():
    parent = memory_url()
    for seed in (1, 2):  # two runs (two run ids) under one folder
        run_simulation(RunConfig(players=3, games=24, seed=seed, bots=("random",)),
                       f"{parent}/seed{seed}", workers=1, progress=False, chunk_size=PART)
    assert run_query([parent], "win_rate_by_seat")["n"].to_list() == [48] * 3
    Place.of(parent).remove()


def test_simulate_writes_at_a_file_url_the_local_run(local, tmp_path):
    result = CliRunner().invoke(main, [
        "simulate", "--players", "3", "--games", "24", "--seed", "7", "--bots", "random",
        "--part-size", str(PART), "--workers", "1", "--quiet", "--out", f"file://{tmp_path}/run"],
        env={"DICELAB_SCHEDULER": None})
    assert result.exit_code == 0, result.output
    assert result.stdout == f"wrote 24 games to file://{tmp_path}/run\n"
    assert run_files(tmp_path / "run") == run_files(local)


def test_a_part_without_its_marker_is_never_read_and_is_played_again(local, memory_run):
    part = Place.of(memory_run) / "parts" / "00002"
    (part / "_committed.json").remove()
    (part / "events.parquet").put_text("PAR1 half")  # as a writer stopped mid-way leaves it
    check = check_run(memory_run)
    assert (check.whole, check.damaged) == ({0: 6, 1: 6, 3: 6}, {})
    assert read_table(memory_run, "games")["game_index"].to_list() == [
        *range(12), *range(18, 24)]
    with pytest.warns(UnfinishedRun, match=r"18 of 24 games \(3 of 4 parts\)"):
        assert run_query([memory_run], "win_rate_by_seat")["n"].to_list() == [18] * 3
    play(memory_run, resume=True)
    assert run_files(memory_run) == run_files(local)


def test_a_marker_over_a_damaged_file_is_named_as_damage(memory_run):
    events = Place.of(memory_run) / "parts" / "00001" / "events.parquet"
    events.put_text("PAR1 half")  # damaged after it was committed
    with pytest.raises(UserError, match=f"^{events}: damaged .*dicelab repair {memory_run}`"):
        read_table(memory_run, "events")


def test_a_memory_url_takes_one_worker_process(tmp_path):
    url = memory_url()
    with pytest.raises(UserError) as refused:
        run_simulation(CONFIG, url, workers=2, progress=False)
    assert str(refused.value) == (
        f"--out {url}: a memory:// folder lives in this process only, which other worker "
        "processes cannot write; pass --workers 1")
    assert not Place.of(url).exists()
