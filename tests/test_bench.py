"""`make bench` runs end to end and prints its figures (speed itself is not a test)."""

import math
import re

import pytest
from click.testing import CliRunner
from scipy import stats

from analytics.devtools.bench import main, share_in_rounds

# Slow (the benchmark run end to end): in `make test-slow` (CI runs it), not `make test`.
pytestmark = pytest.mark.slow


def figures(output: str, pattern: str) -> list[re.Match]:
    return [m for m in map(re.compile(pattern).search, output.splitlines()) if m]


def test_bench_prints_games_events_and_memory_and_the_analyses_timings(tmp_path):
    """What `make bench` is for: games/s and events/s (wall and CPU), peak memory, and each
    analysis command's time, as numbers; where each line sits is the bench's own business."""
    result = CliRunner().invoke(main, ["--games", "16", "--out", str(tmp_path / "run")])
    assert result.exit_code == 0, result.output
    out = result.output
    [wall] = figures(out, r"(\d+) games/s  ([\d,]+) events/s  peak (\d+) MiB")
    [cpu] = figures(out, r"CPU [\d.]+ s  (\d+) games/s  ([\d,]+) events/s")
    assert int(wall[1]) > 0 and int(cpu[1]) > 0 and int(wall[3]) > 0
    assert figures(out, r"16 four-player games of base ")
    for command in ("cards", "faces", "seats"):
        [line] = figures(out, rf"^{command}: [\d.]+ s")
        assert "exit" not in line.string
    assert figures(out, r"^clone: [\d.]+ µs CPU per four-player mid-game state")
    assert not (tmp_path / "run").exists()  # removed without --keep


def test_bench_compares_each_set_with_the_first(tmp_path):
    result = CliRunner().invoke(main, ["--games", "8", "--out", str(tmp_path / "run"),
                                       "--set", "base", "--set", "base-alternates"])
    assert result.exit_code == 0, result.output
    assert figures(result.output, r"8 four-player games of base ")
    assert figures(result.output, r"8 four-player games of base-alternates ")
    [share] = figures(result.output, r"(\d+)% of base's games/s\)")
    assert int(share[1]) > 0
    assert not list(tmp_path.iterdir())  # both runs removed without --keep


def test_bench_rounds_give_each_set_its_share_with_an_interval(tmp_path):
    result = CliRunner().invoke(main, ["--games", "4", "--out", str(tmp_path / "run"),
                                       "--set", "base", "--set", "base-alternates",
                                       "--rounds", "3"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    start = lines.index("rounds: 3 of 4 games per set, the sets in turn in each round (the "
                        "first is the run above), CPU games/s")
    for r in (1, 2, 3):
        assert re.fullmatch(rf"  round {r}: base \d+, base-alternates \d+", lines[start + r])
    share = r"-?\d+\.\d%"  # 4 games take a few ticks of CPU: a bound may cross 0
    assert re.fullmatch(rf"  base-alternates: {share} of base's \(95% interval {share}-{share}, "
                        rf"3 rounds: {share}, {share}, {share}\)", lines[start + 4])
    assert lines[start + 5].startswith("cards: ")
    assert not list(tmp_path.iterdir())  # every round's logs removed without --keep


def test_rounds_need_two_sets_to_compare(tmp_path):
    result = CliRunner().invoke(main, ["--games", "4", "--rounds", "2"])
    assert result.exit_code == 2
    assert "--rounds compares card sets: give two or more --set" in result.output


def test_a_sets_share_is_the_mean_of_its_rounds_with_a_student_t_interval():
    rates = [[100.0, 70.0], [200.0, 144.0], [50.0, 37.0]]  # shares 0.70, 0.72, 0.74
    mean, low, high, shares = share_in_rounds(rates, 1)
    assert shares == [0.7, 0.72, 0.74]
    assert mean == pytest.approx(0.72)
    half = stats.t.ppf(0.975, 2) * 0.02 / math.sqrt(3)  # sd 0.02 over 3 rounds
    assert (low, high) == (pytest.approx(0.72 - half), pytest.approx(0.72 + half))


def test_write_replaces_only_the_marked_table_of_a_page(tmp_path):
    page = tmp_path / "benchmarks.md"
    page.write_text("# Bench\n\nbefore\n<!-- bench:start -->\nold table\n<!-- bench:end -->\n"
                    "after\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["--games", "8", "--out", str(tmp_path / "run"),
                                       "--write", str(page)])
    assert result.exit_code == 0, result.output
    text = page.read_text(encoding="utf-8")
    assert text.startswith("# Bench\n\nbefore\n<!-- bench:start -->\n`make bench` (")
    assert text.endswith("<!-- bench:end -->\nafter\n") and "old table" not in text
    assert re.search(r"\| simulate 8 four-player `base` games, one core \| \d+ games/s, ", text)
    for command in ("cards", "faces", "seats"):
        assert re.search(rf"\| `dicelab {command}` on those logs, a fresh process \| [\d.]+ s "
                         r"wall, peak \d+ MiB \|", text)
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_write_refuses_a_page_without_the_markers(tmp_path):
    page = tmp_path / "benchmarks.md"
    page.write_text("# Bench\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["--games", "4", "--out", str(tmp_path / "run"),
                                       "--write", str(page)])
    assert result.exit_code == 1
    assert "no <!-- bench:start --> ... <!-- bench:end --> block" in result.output
    assert page.read_text(encoding="utf-8") == "# Bench\n"
