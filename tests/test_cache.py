"""The results cache (analytics/cache.py, docs/cache.md): a hit prints exactly what the command
computes, byte for byte, without opening the logs; a component table computed once is shown in
any other sort, --min-n, format or columns without opening them; a change of the logs, the
filters or the code misses; a damaged entry is computed again; an entry is never half
written."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from analytics import cache
from analytics.cli.app import main
from analytics.query import database
from analytics.query.files import queries_dir
from analytics.runs.code import code_version

FORMATS = ("table", "csv", "json")


def simulate(out: Path, *options: str) -> Path:
    result = CliRunner().invoke(main, ["simulate", "--games", "24", "--players", "4",
                                       "--workers", "1", "--quiet", "--out", str(out),
                                       *options])
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """A base run and the same seeds with the Goddess on M8, simulated with the cache off
    (the suite's setting): no entry yet."""
    root = tmp_path_factory.mktemp("runs")
    return simulate(root / "base"), simulate(root / "goddess", "--swap", "M8=goddess")


@pytest.fixture
def fresh(runs):
    """The runs without any cache entry."""
    for run in runs:
        for path in (run / cache.FOLDER).glob("*"):
            path.unlink()
    return runs


@pytest.fixture
def cache_on(monkeypatch):
    monkeypatch.setenv(cache.ENV, "on")


@pytest.fixture
def opens(monkeypatch):
    """How many times the logs were opened (a hit opens none)."""
    count = []
    original = database.LogDatabase.__init__

    def counted(self, *args, **kwargs):
        count.append(1)
        original(self, *args, **kwargs)

    monkeypatch.setattr(database.LogDatabase, "__init__", counted)
    return count


def run(*args: object) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, [str(a) for a in args])
    return result.exit_code, result.stdout, result.stderr


def commands(runs: tuple[Path, Path]) -> dict[str, list[object]]:
    base, goddess = runs
    return {"cards": ["cards", "--logs", base],
            "faces": ["faces", "--logs", base, "--min-n", "0"],
            "components": ["components", "card", "--logs", base, "--sort", "take_rate"],
            "seats": ["seats", "--logs", base],
            "compare": ["compare", "--logs-a", base, "--logs-b", goddess]}


def uncached(args: list[object], monkeypatch) -> tuple[int, str, str]:
    with monkeypatch.context() as off:
        off.setenv(cache.ENV, "off")
        return run(*args)


def entries(run_folder: Path) -> list[Path]:
    return sorted(p for p in (run_folder / cache.FOLDER).glob("*.json"))


def results_entries(run_folder: Path) -> list[Path]:
    """The entries of computed component tables (the others hold a command's output)."""
    return [p for p in entries(run_folder) if '"results"' in p.read_text()[:12]]


# Computed once, then presented in any way: the component tables; a comparison's arms are
# kept as read.
PRESENTED = ("cards", "faces", "components", "compare")


@pytest.mark.parametrize("command", ["cards", "faces", "components", "seats", "compare"])
def test_a_hit_prints_what_the_command_computes_in_every_format(command, fresh, cache_on,
                                                                   opens, monkeypatch):
    for fmt in FORMATS:
        args = [*commands(fresh)[command], "--format", fmt]
        computed = uncached(args, monkeypatch)
        assert computed[0] == 0 and computed[1], computed
        opened = len(opens)
        assert run(*args) == computed  # this output is new: made and kept
        # later formats of a component table present it again; a comparison reads its arms
        # as kept (the first opens both arms)
        kept = command in PRESENTED and fmt != FORMATS[0]
        assert len(opens) == opened + (0 if kept else 2 if command == "compare" else 1)
        opened = len(opens)
        assert run(*args) == computed  # a hit
        assert len(opens) == opened, "a hit opened the logs"


def test_the_cache_off_writes_nothing(fresh, monkeypatch):
    monkeypatch.setenv(cache.ENV, "off")
    assert run("cards", "--logs", fresh[0])[0] == 0
    assert entries(fresh[0]) == []


def test_a_changed_log_file_misses(fresh, cache_on, opens):
    args = ("seats", "--logs", fresh[0])
    first = run(*args)
    part = fresh[0] / "parts" / "00000" / "games.parquet"
    stat = part.stat()
    os.utime(part, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    opened = len(opens)
    assert run(*args) == first  # the same games: the same table, computed again
    assert len(opens) == opened + 1
    assert len(entries(fresh[0])) == 2


def test_another_presentation_shows_the_computed_table_again(fresh, cache_on, opens,
                                                              monkeypatch):
    """--min-n, --sort, --columns and --wide only present the computed table: the logs are
    not opened again, and the output is what the command computes from the logs."""
    base = fresh[0]
    run("cards", "--logs", base)
    opened = len(opens)
    for options in (["--min-n", "0"], ["--sort", "take_rate"], ["--columns", "card,delta"],
                    ["--wide", "--format", "csv"]):
        args = ["cards", "--logs", base, *options]
        assert run(*args) == uncached(args, monkeypatch), options
    assert len(opens) == opened + 4  # the uncached runs only
    assert "0 rows under --min-n 0 hidden" in run("cards", "--logs", base, "--min-n", "0")[2]
    assert len(results_entries(base)) == 1


def test_a_changed_filter_misses(fresh, cache_on, opens):
    base = fresh[0]
    default = run("cards", "--logs", base)
    opened = len(opens)
    kept = run("cards", "--logs", base, "--bot", "economist")
    assert len(opens) == opened + 1 and kept[0] == 0
    assert kept != default and "(bot=economist)" in kept[2]
    assert len(results_entries(base)) == 2


def test_the_component_command_and_its_alias_share_an_entry(fresh, cache_on, opens):
    base = fresh[0]
    alias = run("cards", "--logs", base)
    opened = len(opens)
    assert run("components", "card", "--logs", base) == alias
    assert len(opens) == opened


def test_other_code_misses(fresh, cache_on, opens, monkeypatch):
    args = ("cards", "--logs", fresh[0])
    run(*args)
    monkeypatch.setattr(cache, "code_fingerprint", lambda home: "0.1.0+code.other")
    opened = len(opens)
    run(*args)
    assert len(opens) == opened + 1


def test_the_code_fingerprint_is_the_run_version_hash_of_the_analysis_code(tmp_path):
    expected = code_version("analytics", [str(queries_dir())])
    assert cache.code_fingerprint(tmp_path) == expected
    # Kept under the sources' sizes and times: read back, not hashed again.
    (memo,) = tmp_path.glob(f"{cache.CODE_PREFIX}*.txt")
    memo.write_text("0.1.0+code.kept")
    assert cache.code_fingerprint(tmp_path) == "0.1.0+code.kept"


@pytest.mark.parametrize("damage", [b"", b"{", b'{"text": 3}', b"\xff\xfe"])
def test_a_damaged_entry_is_computed_again(damage, fresh, cache_on, opens):
    args = ("faces", "--logs", fresh[0], "--format", "csv")
    first = run(*args)
    (results,) = results_entries(fresh[0])
    (entry,) = set(entries(fresh[0])) - {results}
    entry.write_bytes(damage)
    opened = len(opens)
    assert run(*args) == first  # presented again from the computed table
    assert len(opens) == opened
    assert cache.Output.from_json(entry.read_text()).text == first[1]  # replaced whole
    for path in (entry, results):
        path.write_bytes(damage)
    assert run(*args) == first  # computed again from the logs
    assert len(opens) == opened + 1
    assert json.loads(results.read_text())["results"]["component"] == "face"


@pytest.mark.parametrize("damage", [b'{"results": {}, "warnings": []}',
                                    b'{"results": {"frame": "%%"}, "warnings": []}',
                                    b'{"warnings": [3]}'])
def test_damaged_computed_results_are_computed_again(damage, fresh, cache_on, opens):
    first = run("cards", "--logs", fresh[0])
    (results,) = results_entries(fresh[0])
    results.write_bytes(damage)
    opened = len(opens)
    assert run("cards", "--logs", fresh[0], "--min-n", "0")[0] == 0
    assert len(opens) == opened + 1
    assert run("cards", "--logs", fresh[0]) == first


def test_the_warnings_of_a_computed_table_are_shown_with_every_presentation(
        tmp_path, cache_on, opens):
    """An unfinished run's warning, raised while the table was computed, is shown again when
    the kept table is presented in another way."""
    from analytics.runs.simulate import RunConfig, run_simulation

    folder = run_simulation(RunConfig(players=4, games=20, seed=3), tmp_path / "run",
                            workers=1, progress=False, chunk_size=5)
    last = sorted((folder / "parts").iterdir())[-1]
    for path in last.iterdir():
        path.unlink()
    last.rmdir()
    first = run("cards", "--logs", folder)
    assert "warning:" in first[2] and "unfinished" in first[2]
    opened = len(opens)
    other = run("cards", "--logs", folder, "--min-n", "0")
    assert len(opens) == opened
    assert [line for line in other[2].splitlines() if line.startswith("warning:")] == [
        line for line in first[2].splitlines() if line.startswith("warning:")]


def test_an_entry_is_written_whole_or_not_at_all(tmp_path, monkeypatch):
    target = tmp_path / cache.FOLDER / "entry.json"
    cache.put_whole(target, "old")
    original = Path.write_text

    def half_then_fail(self, text, *args, **kwargs):
        original(self, text[: len(text) // 2], *args, **kwargs)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "write_text", half_then_fail)
    cache.put_whole(target, json.dumps({"a long": "entry" * 100}))
    assert target.read_text() == "old"
    assert sorted(p.name for p in target.parent.iterdir()) == ["entry.json"]


def test_simulate_and_repair_leave_the_default_tables_cached(tmp_path, cache_on, opens,
                                                            monkeypatch):
    run_folder = simulate(tmp_path / "run")
    for args in (["cards", "--logs", run_folder], ["faces", "--logs", run_folder],
                 ["seats", "--logs", run_folder, "--format", "json"]):
        computed = uncached(args, monkeypatch)
        opened = len(opens)
        assert run(*args) == computed
        assert len(opens) == opened, f"{args[0]} after simulate was not a hit"
    # repair of a whole run rewrites no part: its entries stay, and it keeps them current.
    for entry in entries(run_folder):
        entry.unlink()
    assert run("repair", str(run_folder), "--quiet")[0] == 0
    opened = len(opens)
    assert run("cards", "--logs", run_folder) == uncached(["cards", "--logs", run_folder],
                                                          monkeypatch)
    assert len(opens) == opened + 1  # only the uncached call opened the logs


def test_logs_at_a_url_are_not_cached(cache_on):
    assert cache.Entry.of(["memory://runs/a"], {}) is None


def arm_entries(run_folder: Path) -> list[Path]:
    """The entries of runs read as an arm of a paired comparison."""
    return [p for p in entries(run_folder) if '"seats"' in p.read_text()[:12]]


def test_a_comparison_of_two_simulated_runs_reads_no_logs(tmp_path, cache_on, opens,
                                                          monkeypatch):
    """`simulate` keeps its run read as an arm: comparing two such runs (in either order)
    opens neither's logs, and prints what reading them gives."""
    base = simulate(tmp_path / "base")
    goddess = simulate(tmp_path / "goddess", "--swap", "M8=goddess")
    assert len(arm_entries(base)) == len(arm_entries(goddess)) == 1
    for first, second in ((base, goddess), (goddess, base)):
        args = ["compare", "--logs-a", first, "--logs-b", second, "--format", "csv"]
        computed = uncached(args, monkeypatch)
        opened = len(opens)
        assert run(*args) == computed and computed[0] == 0
        assert len(opens) == opened, "a kept arm was read from its logs"
        assert f"read --logs-b: 1 run(s) kept from {second}" in computed[2]


@pytest.mark.parametrize("damage", [b"{", b'{"seats": "%%"}', b'{"seats": 1, "read": []}'])
def test_a_damaged_kept_arm_is_read_again(damage, fresh, cache_on, opens, monkeypatch):
    args = ["compare", "--logs-a", fresh[0], "--logs-b", fresh[1], "--format", "json"]
    first = run(*args)
    (arm,) = arm_entries(fresh[0])
    arm.write_bytes(damage)
    opened = len(opens)
    again = run(*args[:-1], "csv")
    assert again == uncached(args[:-1] + ["csv"], monkeypatch)
    assert len(opens) == opened + 1 + 2  # arm A read again; the uncached run opens both
    assert run(*args) == first
    assert len(arm_entries(fresh[0])) == 1  # replaced whole


def test_the_caveats_of_a_kept_arm_are_shown_again(tmp_path, cache_on, opens):
    """An unfinished run read as an arm says so again when its kept arm is read."""
    from analytics.runs.simulate import RunConfig, run_simulation

    runs = [run_simulation(RunConfig(players=4, games=20, seed=3, card_set=card_set),
                           tmp_path / card_set, workers=1, progress=False, chunk_size=5)
            for card_set in ("base", "base-alternates")]
    for folder in runs:  # both stopped before their last part: the same 15 seeds
        last = sorted((folder / "parts").iterdir())[-1]
        for path in last.iterdir():
            path.unlink()
        last.rmdir()
    args = ["compare", "--logs-a", runs[0], "--logs-b", runs[1]]
    first = run(*args)
    opened = len(opens)
    other = run(*args, "--format", "csv")  # another output: the arms as kept
    assert len(opens) == opened
    warned = [[line for line in out[2].splitlines() if line.startswith("warning:")]
              for out in (first, other)]
    assert warned[0] == warned[1] and sum("unfinished" in line for line in warned[0]) == 2
