"""dicelab sweep: the spec refused with file:line: reason before anything runs; each cell the
bytes of its own simulate run; a stopped sweep resumed by the same command."""

import csv
import signal
from pathlib import Path
from uuid import uuid4

import pytest
from click.testing import CliRunner

import analytics.runs.simulate as simulate
from analytics.cli.app import main
from analytics.eventlog.store import Place
from analytics.experiments.sweep import strongest
from analytics.experiments.sweep_spec import read_spec
from analytics.experiments.value import card_value, headline
from analytics.runs.workers import Interrupted

SPEC = """games = 24
seed = 3
[grid]
sets = ["base", "base-alternates"]
players = [2, 3]
bots = ["economist,hero"]
"""
# Each card set with its own module (the sets x modules product would pair a module's preset
# with another module, which the rules refuse).
PAIRED = """games = 4
seed = 3
[grid]
setups = [{set = "base", module = "none"}, {set = "goddess-discovery", module = "goddess"},
          {set = "titans-discovery", module = "titans"}]
players = [2]
bots = ["economist,hero"]
"""
CELLS = ["base_none_2p_economist-hero", "base_none_3p_economist-hero",
         "base-alternates_none_2p_economist-hero", "base-alternates_none_3p_economist-hero"]


def run_files(folder: Path) -> dict[str, bytes]:
    files = [*folder.glob("parts/*/*.parquet"), folder / "config.json"]
    return {str(f.relative_to(folder)): f.read_bytes() for f in files}


def sweep(tmp_path: Path, spec: str, out: str = "out", *extra: str):
    path = tmp_path / "spec.toml"
    path.write_text(spec)
    return CliRunner().invoke(main, ["sweep", str(path), "--out", str(tmp_path / out),
                                     "--workers", "1", "--quiet", *extra],
                              env={"DICELAB_SCHEDULER": None})


@pytest.mark.parametrize(("spec", "line", "reason"), [
    (SPEC.replace("players =", "player ="), 5,
     "unknown key 'player' (did you mean 'players'?); known: sets, modules, players, bots, "
     "rules, setups"),
    (SPEC.replace("seed = 3", "sed = 3"), 2,
     "unknown key 'sed' (did you mean 'seed'?); known: games, seed, grid, value, game"),
    (SPEC.replace('"base-alternates"', '"base-alternate"'), 4,
     "cell base-alternate_none_2p_economist-hero: card set 'base-alternate' is neither a preset "
     "(base, base-alternates, goddess-discovery, rebellion-goddess-cards, "
     "rebellion-titans-cards, titans-discovery) nor a file"),
    (SPEC.replace("[2, 3]", "[2, 5]"), 5,
     "cell base_none_5p_economist-hero: --players must be 2, 3 or 4 (got 5)"),
    (SPEC + 'rules = [{ties = "sometimes"}]\n', 7,
     "cell base_none_2p_economist-hero_ties=sometimes: rule option ties='sometimes' is not "
     "allowed; choose one of shared, tiebreak"),
    (SPEC.replace("[2, 3]", '["two"]'), 5, "players must be a non-empty list of ints"),
    (SPEC.replace("[grid]", "[grid"), 3,
     "not valid TOML: Expected ']' at the end of a table declaration"),
    (SPEC.replace("games = 24\n", ""), 1, "missing key 'games' (games per cell, the run seed)"),
    (SPEC.replace("seed = 3", 'seed = 3\nvalue = ["hydro"]'), 3,
     "cell base_none_2p_economist-hero: unknown card 'hydro'; see 'dicelab list cards'"),
    (SPEC.replace("seed = 3", "seed = 3\nvalue = 7"), 3,
     'value must be "all", a list of card ids, or a table of them by card set'),
    (SPEC.replace("seed = 3", 'seed = 3\nvalue = {basic = "all"}'), 3,
     "value names card set 'basic', which is not in the grid's sets (base, base-alternates)"),
    (PAIRED.replace("players", 'modules = ["goddess"]\nplayers'), 4,
     "setups pairs each set with its module: give setups, or sets and modules, not both "
     "(found modules)"),
    (PAIRED.replace('set = "base", module = "none"', 'module = "none"'), 4,
     "a setup is a table of set (a card set) and module (optional, default none), each a "
     "string; found {'module': 'none'}"),
    (PAIRED.replace("setups = [", 'setups = ["base", '), 4,
     'setups must be a non-empty list of tables such as {set = "goddess-discovery", '
     'module = "goddess"}'),
    (PAIRED.replace('module = "titans"', 'module = "goddess"'), 4,
     "cell titans-discovery_goddess_2p_economist-hero: card set 'titans-discovery': slot M2 "
     "holds 'memory', a card of the titans module: play it with --module titans"),
])
def test_a_bad_spec_is_refused_with_its_line_before_anything_runs(tmp_path, spec, line, reason):
    result = sweep(tmp_path, spec)
    assert result.exit_code == 1
    assert result.output == f"Error: {tmp_path / 'spec.toml'}:{line}: {reason}\n"
    assert not (tmp_path / "out").exists()


def test_each_cell_is_the_run_simulate_makes_and_the_table_has_a_row_a_cell(tmp_path):
    result = sweep(tmp_path, SPEC, "out", "--format", "csv")
    assert result.exit_code == 0, result.output
    lines = result.stdout.rstrip("\n").splitlines()
    assert lines[0] == ("cell,set,module,players,bots,rules,games,first_seat_wins,"
                        "seat_advantage,mean_score")
    assert [line.split(",")[0] for line in lines[1:]] == CELLS
    spec = read_spec(tmp_path / "spec.toml")
    from analytics.experiments.sweep_spec import cell_config

    for cell in spec.cells[::3]:  # two of the four: each is a plain simulate run
        alone = simulate.run_simulation(cell_config(cell, 24, 3), tmp_path / cell.name,
                                        workers=1, progress=False)
        assert run_files(tmp_path / "out" / "cells" / cell.name) == run_files(alone)
    row = list(csv.DictReader(lines))[1]
    assert row["games"] == "24"
    assert float(row["seat_advantage"]) == pytest.approx(
        100 * (float(row["first_seat_wins"]) - 1 / 3), abs=0.01)


def test_setups_pair_each_set_with_its_own_module(tmp_path):
    result = sweep(tmp_path, PAIRED, "out", "--format", "csv")
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(result.stdout.splitlines()))
    assert [(r["cell"], r["set"], r["module"]) for r in rows] == [
        ("base_none_2p_economist-hero", "base", "none"),
        ("goddess-discovery_goddess_2p_economist-hero", "goddess-discovery", "goddess"),
        ("titans-discovery_titans_2p_economist-hero", "titans-discovery", "titans")]
    from analytics.experiments.sweep_spec import cell_config

    cell = read_spec(tmp_path / "spec.toml").cells[2]  # a cell is its plain simulate run
    alone = simulate.run_simulation(cell_config(cell, 4, 3), tmp_path / cell.name, workers=1,
                                    progress=False)
    assert run_files(tmp_path / "out" / "cells" / cell.name) == run_files(alone)


def test_a_stopped_sweep_resumes_keeping_what_was_whole(tmp_path, monkeypatch):
    real = simulate.run_simulation
    calls = []

    def stopped_in_the_third_cell(config, out, **kwargs):
        calls.append(out.name)
        if len(calls) == 3:
            def interrupt(games):  # after the cell's first part is whole
                kwargs["on_games"](games)
                raise Interrupted(signal.SIGINT)
            return real(config, out, chunk_size=8, **{**kwargs, "on_games": interrupt})
        return real(config, out, chunk_size=8, **kwargs)

    monkeypatch.setattr(simulate, "run_simulation", stopped_in_the_third_cell)
    stopped = sweep(tmp_path, SPEC)
    assert stopped.exit_code == 130
    spec_path = tmp_path / "spec.toml"
    assert stopped.output == (
        f"Error: sweep stopped in cell {CELLS[2]} (interrupted (SIGINT)); resume with: "
        f"dicelab sweep {spec_path} --out {tmp_path / 'out'}\n")
    cells = tmp_path / "out" / "cells"
    assert sorted(p.name for p in (cells / CELLS[2] / "parts").iterdir()) == ["00000"]
    assert not (cells / CELLS[3]).exists()
    first = {p: p.stat().st_mtime_ns for p in (cells / CELLS[0]).rglob("*.parquet")}

    resumed = sweep(tmp_path, SPEC)
    assert resumed.exit_code == 0, resumed.output
    assert calls[3:] == CELLS[2:]  # whole cells are kept as they are, not asked again
    assert {p: p.stat().st_mtime_ns for p in (cells / CELLS[0]).rglob("*.parquet")} == first
    assert sweep(tmp_path, SPEC, "whole").exit_code == 0  # the same sweep, never stopped
    for name in CELLS:
        assert run_files(cells / name) == run_files(tmp_path / "whole" / "cells" / name), name


def test_another_sweep_in_the_folder_is_refused(tmp_path):
    assert sweep(tmp_path, SPEC.replace("games = 24", "games = 8")).exit_code == 0
    again = sweep(tmp_path, SPEC)
    assert again.exit_code == 1
    assert again.output == (f"Error: --out {tmp_path / 'out'} holds another sweep (other games, "
                            "seed, cells or values); choose another folder\n")


VALUE_SPEC = """games = 24
seed = 4
value = {base = ["hydra"]}
[grid]
sets = ["base", "base-alternates"]
players = [2]
bots = ["economist"]
"""


def test_a_sweep_measures_the_value_asked_for_and_writes_a_report(tmp_path):
    report = tmp_path / "reports" / "sweep.html"
    result = sweep(tmp_path, VALUE_SPEC, "out", "--format", "csv", "--report", str(report))
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(result.stdout.splitlines()))
    assert [r["cell"] for r in rows] == ["base_none_2p_economist",
                                         "base-alternates_none_2p_economist"]
    # The cell's own run is the ablation's "with" arm: the same numbers as `dicelab value`.
    alone = card_value("base", "hydra", players=2, games=24, seed=4, bots=("economist",),
                       out=tmp_path / "alone", workers=1, progress=False)
    assert rows[0]["strongest_cards"] == strongest(alone) != ""
    assert rows[1]["strongest_cards"] == ""  # not asked for in that set
    value_runs = sorted(p.name for p in (tmp_path / "out" / "value" / rows[0]["cell"]).iterdir())
    # one run per ablation, its set named by the swap (no set file: any worker reads it)
    assert value_runs == [f"without-hydra-{r}" for r in
                          sorted(alone.table["replaced_by"].to_list())]
    html = report.read_text(encoding="utf-8")
    markdown = report.with_suffix(".md").read_text(encoding="utf-8")
    for title in ("Cells of the sweep", "Strongest cards by causal value (paired ablation)",
                  "Seats: does turn order matter?"):
        assert title in html and f"## {title}" in markdown
    assert f"base_none_2p_economist: {headline(alone)}." in markdown
    assert result.stderr == f"wrote {report} and {report.with_suffix('.md')}\n"


def test_a_sweep_at_a_url_holds_the_cells_of_a_local_sweep(tmp_path):
    url = f"memory://dicelab-tests/{uuid4().hex}"
    assert sweep(tmp_path, SPEC.replace("[2, 3]", "[2]"), "local").exit_code == 0
    path = tmp_path / "spec.toml"
    at_url = CliRunner().invoke(main, ["sweep", str(path), "--out", url, "--workers", "1",
                                       "--quiet"], env={"DICELAB_SCHEDULER": None})
    assert at_url.exit_code == 0, at_url.output
    for cell in (CELLS[0], CELLS[2]):
        assert (Place.of(url) / "cells" / cell / "parts" / "00000" / "events.parquet"
                ).read_bytes() == (tmp_path / "local" / "cells" / cell / "parts" / "00000" /
                                   "events.parquet").read_bytes()
    local = sweep(tmp_path, SPEC.replace("[2, 3]", "[2]"), "local")  # resumed: nothing to play
    assert at_url.stdout == local.stdout
    Place.of(url).remove()


def test_a_sweep_asking_for_value_at_a_url_is_refused_before_anything_runs(tmp_path):
    url = f"memory://dicelab-tests/{uuid4().hex}"
    path = tmp_path / "spec.toml"
    path.write_text(VALUE_SPEC)
    result = CliRunner().invoke(main, ["sweep", str(path), "--out", url, "--workers", "1",
                                       "--quiet"], env={"DICELAB_SCHEDULER": None})
    assert result.exit_code == 1
    assert result.output == (f"Error: --out {url}: a sweep asking for value plays its ablated "
                             "runs in folders on a path; put --out on a (shared) path\n")
    assert not Place.of(url).exists()


def test_a_conclusion_holds_flips_or_moves_across_sets():
    from analytics.experiments.sweep_conclusions import side, verdict

    assert [side(0.30, 0.40, 0.25), side(0.10, 0.20, 0.25), side(0.20, 0.30, 0.25)] == [
        "above", "below", "level"]
    assert verdict(["above", "above", "above"]) == "holds"
    assert verdict(["level", "level"]) == "holds"
    assert verdict(["above", "level", "below"]) == "flips"
    assert verdict(["above", "level"]) == "moves"
