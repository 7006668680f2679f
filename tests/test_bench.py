"""`make bench` runs end to end and prints its figures (speed itself is not a test)."""

from click.testing import CliRunner

from analytics.bench import main


def test_bench_prints_simulation_and_analysis_figures(tmp_path):
    result = CliRunner().invoke(main, ["--games", "16", "--out", str(tmp_path / "run")])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("machine: a pure-Python loop") and lines[1].startswith("engine: ")
    assert "16 four-player games of base" in lines[2] and "games/s" in lines[3]
    assert "MiB (all processes at once)" in lines[3] and "events/game" in lines[5]
    assert lines[4].startswith("  CPU ") and "games/s" in lines[4] and "user+sys" in lines[4]
    for line, command in zip(lines[6:9], ("cards", "faces", "seats"), strict=True):
        assert line.startswith(f"{command}: ") and "exit" not in line
    assert lines[9].startswith("clone: ") and "µs CPU per four-player mid-game state" in lines[9]
    assert not (tmp_path / "run").exists()  # removed without --keep


def test_bench_compares_each_set_with_the_first(tmp_path):
    result = CliRunner().invoke(main, ["--games", "8", "--out", str(tmp_path / "run"),
                                       "--set", "base", "--set", "base-alternates"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "8 four-player games of base " in lines[2] and "of base's" not in lines[3]
    assert "8 four-player games of base-alternates " in lines[6]
    assert "% of base's games/s)" in lines[7]
    assert not list(tmp_path.iterdir())  # both runs removed without --keep
