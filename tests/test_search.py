"""`dicelab search`: the known optimum of a synthetic objective is found, constraints always
hold, winners are re-evaluated on seeds the search never played, a stopped search resumes to
the very result of an uninterrupted one, and the command runs end to end."""

from __future__ import annotations

import json
import signal
import tempfile
import tomllib
from dataclasses import replace
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from analytics.engine import derive_seed
from analytics.errors import UserError
from analytics.experiments import search_eval, search_objectives
from analytics.experiments.search import propose, search
from analytics.experiments.search_eval import Evaluator, SearchSpec
from analytics.experiments.search_objectives import (
    Objective,
    Sample,
    card_values,
    parse_objective,
    seat_gap,
    take_band,
    value_band,
)
from analytics.experiments.search_space import build_space
from analytics.experiments.search_space import candidate_key as search_space_key
from analytics.games import get_game
from analytics.reports.search import summary_lines, winners_table, write_search_report
from analytics.runs.simulate import run_simulation
from analytics.runs.workers import Interrupted

# Slow (searches that play thousands of games, some in several processes): in `make test-slow` (CI
# runs it), not `make test`.
pytestmark = pytest.mark.slow

DICEFORGE = get_game("diceforge")
BAZAAR = get_game("bazaar")


# --- the objectives, on hand-made games -------------------------------------------------------

def _sample(win, taken=None, without=None, score=None) -> Sample:
    win = np.array(win, dtype=float)
    n = len(win)
    return Sample(np.arange(n), win, np.array(score if score is not None else win * 10.0),
                  np.full(n, 9.0), np.full(n, 100.0),
                  {k: np.array(v, dtype=float) for k, v in (taken or {}).items()},
                  {k: np.array(v, dtype=float) for k, v in (without or {}).items()})


def test_seat_gap_is_the_largest_gap_between_seat_win_rates():
    s = _sample([[1, 0, 0], [0, 1, 0], [1, 0, 0], [0.5, 0.5, 0]])
    assert seat_gap(s) == pytest.approx(0.625 - 0.0)


def test_take_band_sums_the_distance_outside_the_band():
    s = _sample([[1, 0], [0, 1]], taken={"a": [[1, 1], [1, 1]], "b": [[0, 0], [0, 1]],
                                          "c": [[1, 0], [0, 1]]})
    # a: taken by every seat (1.0, 0.25 above 0.75); b: 0.25 in band; c: 0.5 in band
    assert take_band(s, low=0.05, high=0.75) == pytest.approx(0.25)
    assert take_band(s, low=0.3, high=0.75) == pytest.approx(0.25 + 0.05)


def test_value_is_the_buyers_win_rate_with_minus_without_on_the_same_games():
    # game 0: seat 0 buys x and wins; with x forbidden seat 1 wins. game 1: nobody buys x.
    s = _sample([[1, 0], [0, 1]], taken={"x": [[1, 0], [0, 0]]},
                without={"x": [[0, 1], [0, 1]]})
    assert card_values(s) == {"x": 1.0}
    assert value_band(s, low=-0.05, high=0.15) == pytest.approx(0.85)
    assert parse_objective("value_band:slots=free").free_slots_only
    with pytest.raises(UserError, match="slots must be all or free"):
        parse_objective("value_band:slots=some")
    nobody = _sample([[1, 0]], taken={"x": [[0, 0]]}, without={"x": [[1, 0]]})
    assert card_values(nobody) == {"x": 0.0}


def test_parse_objective_reads_weights_params_and_refuses_unknown_names(tmp_path):
    o = parse_objective("take_band:low=0.1,high=0.8,weight=2")
    assert (o.name, o.weight, dict(o.params)) == ("take_band", 2.0, {"low": 0.1, "high": 0.8})
    with pytest.raises(UserError, match="unknown objective 'nope'"):
        parse_objective("nope")
    with pytest.raises(UserError, match="no parameter 'top'"):
        parse_objective("seat_gap:top=1")
    with pytest.raises(UserError, match="needs a target"):
        parse_objective("length")
    with pytest.raises(UserError, match="no such SQL file"):
        parse_objective(str(tmp_path / "missing.sql"))
    mine = tmp_path / "mine.py"
    mine.write_text("def loss(sample, **_):\n    return float(sample.rounds.mean())\n")
    objective = parse_objective(f"{mine}:loss:weight=0.5")
    assert objective.weight == 0.5
    assert objective.loss(_sample([[1, 0]]), (), None) == 9.0


# --- the space and its constraints -------------------------------------------------------------

SPACE = build_space(DICEFORGE, "base")
CARDS = sorted({c for d in SPACE.domains for c in d})


@st.composite
def constraints(draw):
    fixed = {}
    for slot, domain in zip(SPACE.slots, SPACE.domains, strict=True):
        if draw(st.booleans()) and draw(st.booleans()):
            fixed[slot] = draw(st.sampled_from(domain))
    free_cards = [c for s, d in zip(SPACE.slots, SPACE.domains, strict=True)
                  if s not in fixed for c in d]
    excluded = draw(st.lists(st.sampled_from(free_cards), max_size=8, unique=True))
    return fixed, tuple(excluded)


@given(constraints(), st.integers(0, 2**32 - 1))
def test_every_proposed_set_respects_the_constraints(limits, seed):
    fixed, excluded = limits
    try:
        space = build_space(DICEFORGE, "base", fixed, excluded)
    except UserError as err:  # a slot left with nothing is refused, naming the slot
        assert "every card it can hold is excluded" in str(err)
        return
    rng = np.random.default_rng(seed)
    archive = {}
    found = []
    for generation in range(3):
        population = propose(space, archive, rng, 8, generation)
        found += population
        for c in population:
            archive[c] = type("E", (), {"candidate": c, "blocks": 1, "estimate":
                                        type("L", (), {"loss": rng.random()})()})()
    found += [space.mutate(found[0], rng, 3), space.crossover(found[0], found[-1], rng)]
    for candidate in found:
        assert space.allows(candidate) or candidate == space.reference
        assert not set(candidate) & set(excluded) or candidate == space.reference
        for slot, card in fixed.items():
            assert candidate[space.slots.index(slot)] == card or candidate == space.reference
        assert len(set(candidate)) == len(candidate)


def test_module_slots_stay_the_modules_and_every_proposed_set_is_a_legal_setup(tmp_path):
    space = build_space(DICEFORGE, "goddess-discovery")
    rng = np.random.default_rng(3)
    for k in range(12):
        candidate = space.random(rng)
        path = tmp_path / f"{k}.toml"
        path.write_text(DICEFORGE.set_file(f"s{k}", dict(zip(space.slots, candidate,
                                                              strict=True))))
        DICEFORGE.setup(str(path), "goddess", {}, 4)  # a module card off its slot would raise
        for slot in ("M3", "M6", "F3", "F4"):
            assert candidate[space.slots.index(slot)] == space.reference[
                space.slots.index(slot)]


def test_bad_constraints_are_one_line_naming_them():
    with pytest.raises(UserError, match="--fix M9=hydra: no slot 'M9'"):
        build_space(DICEFORGE, "base", {"M9": "hydra"})
    with pytest.raises(UserError, match="--fix M1=hydra: slot M1 can hold"):
        build_space(DICEFORGE, "base", {"M1": "hydra"})
    with pytest.raises(UserError, match="--exclude nope"):
        build_space(DICEFORGE, "base", exclude=("nope",))


# --- the search on a synthetic objective (no games: a stand-in evaluator) ----------------------

TARGET_SEED = 11


class Synthetic(Evaluator):
    """Plays no game: a set's 'score' on each game is its slots differing from a target set
    plus noise that depends on the game's seed alone (common random numbers)."""

    def play(self, candidate, games, seed, folder):
        target = SPACE.random(np.random.default_rng(TARGET_SEED))
        distance = sum(a != b for a, b in zip(candidate, target, strict=True))
        seeds = np.arange(games) + derive_seed(seed, "synthetic") % 2**40
        noise = np.random.default_rng(seed).normal(size=games)  # the block's, for every set
        score = (distance + noise)[:, None] * np.ones((1, 2))
        win = np.tile([1.0, 0.0], (games, 1))
        return Sample(seeds, win, score, np.ones(games), np.ones(games), {})


def mean_score(s: Sample, **_) -> float:
    return float(s.score[:, 0].mean())


def test_the_search_finds_the_known_optimum_of_a_synthetic_objective(monkeypatch, tmp_path):
    monkeypatch.setitem(search_objectives.LIBRARY, "synthetic", mean_score)
    monkeypatch.setattr(search_objectives, "N_BOOT", 20)  # intervals are not what is tested
    monkeypatch.setattr("analytics.experiments.search.Evaluator", Synthetic)
    monkeypatch.setattr("analytics.experiments.search.holdout",
                        lambda spec, space, ev, archive, out: ([], (None, {}, {})))
    spec = SearchSpec((Objective("synthetic"),), players=2, budget=20_000, first_games=16,
                      population=16)
    result = search(spec, tmp_path / "s", progress=False)
    target = SPACE.random(np.random.default_rng(TARGET_SEED))
    best = min((r for r in result.history.iter_rows(named=True)),
               key=lambda r: (-r["games"], r["loss"]))
    from analytics.experiments.search_space import candidate_key
    assert best["set"] == candidate_key(target)
    assert result.spent <= spec.budget


# --- end to end on real games ---------------------------------------------------------------

BAZAAR_SPEC = SearchSpec((parse_objective("seat_gap"), parse_objective("distance:weight=0.1")),
                         game="bazaar", players=2, bots=("reckoner",), budget=96,
                         first_games=4, population=4, top=2, holdout_games=8)


def _game_seeds(folder: Path) -> set[int]:
    return set(pl.read_parquet(list(folder.glob("**/games*.parquet")))["seed"].to_list())


@pytest.fixture(scope="module")
def whole(tmp_path_factory):
    """A small search on Bazaar, uninterrupted (many parts a run, as the stopped one)."""
    out = tmp_path_factory.mktemp("search") / "whole"
    return search(BAZAAR_SPEC, out, workers=1, progress=False, part_size=2)


def test_held_out_games_use_seeds_the_search_never_played(whole):
    result = whole
    search_seeds = _game_seeds(result.out / "runs")
    holdout_seeds = _game_seeds(result.out / "holdout")
    assert search_seeds and holdout_seeds and not search_seeds & holdout_seeds
    # common random numbers: every set's first block played the very same seeds
    firsts = [_game_seeds(p) for p in (result.out / "runs").glob("*/block-0")]
    assert len(firsts) >= 4 and all(f == firsts[0] for f in firsts)
    assert len(result.winners) == 2
    assert all(w.holdout.games == 8 for w in result.winners)


def test_a_stopped_search_resumes_to_the_uninterrupted_result(whole, tmp_path, monkeypatch):
    played = {"games": 0}

    def stop_midway(*args, **kwargs):
        def count(n):
            played["games"] += n
            if played["games"] > 30:  # inside a run of several parts: whole parts are kept
                raise Interrupted(signal.SIGINT)
        return run_simulation(*args, **{**kwargs, "on_games": count})

    monkeypatch.setattr(search_eval, "run_simulation", stop_midway)
    with pytest.raises(Interrupted, match="--resume"):
        search(BAZAAR_SPEC, tmp_path / "stopped", workers=1, progress=False, part_size=2)
    monkeypatch.setattr(search_eval, "run_simulation", run_simulation)
    assert list((tmp_path / "stopped").glob("runs/*/*/as-is/parts/*"))  # whole parts kept
    with pytest.raises(UserError, match="pass --resume"):
        search(BAZAAR_SPEC, tmp_path / "stopped", workers=1, progress=False, part_size=2)
    resumed = search(BAZAAR_SPEC, tmp_path / "stopped", resume=True, workers=1,
                     progress=False, part_size=2)
    assert resumed.history.equals(whole.history)
    assert winners_table(resumed).equals(winners_table(whole))
    assert resumed.spent == whole.spent


def test_a_larger_budget_extends_a_search_to_the_result_of_one_started_with_it(whole, tmp_path):
    short = replace(BAZAAR_SPEC, budget=40, top=1)
    first = search(short, tmp_path / "grown", workers=1, progress=False)
    assert first.spent <= 40 < whole.spent
    grown = search(BAZAAR_SPEC, tmp_path / "grown", resume=True, workers=1, progress=False)
    assert grown.history.equals(whole.history)
    assert winners_table(grown).equals(winners_table(whole))


def test_sets_played_side_by_side_in_two_processes_give_the_same_search(whole, tmp_path):
    both = search(BAZAAR_SPEC, tmp_path / "two", workers=2, progress=False)
    assert both.history.equals(whole.history)
    assert winners_table(both).equals(winners_table(whole))


def test_value_band_on_free_slots_forbids_only_their_components(tmp_path):
    spec = replace(BAZAAR_SPEC, objectives=(parse_objective("value_band:slots=free"),),
                   fix=(("stall1", "lantern"), ("stall2", "satchel"), ("stall3", "lodestone")),
                   budget=48, top=1)
    result = search(spec, tmp_path / "s", workers=1, progress=False)
    assert set(result.reference_values) == {"orrery"}  # stall4's, the one free slot
    winner = result.winners[0]
    assert set(winner.values) == {winner.candidate[3]}
    for block in (tmp_path / "s" / "runs").glob("*/block-0"):
        stall4 = json.loads((block / "as-is" / "config.json").read_text())["config"]["card_set"]
        charm = tomllib.loads(Path(stall4).read_text())["stalls"]["stall4"]
        assert sorted(p.name for p in block.iterdir()) == ["as-is", f"forbid-{charm}"]
    write_search_report(result, tmp_path / "s" / "report.html")
    assert "Paired values of each charm on fresh seeds" in (tmp_path / "s" / "report.md"
                                                            ).read_text()


def test_a_game_whose_components_do_not_swap_on_slots_is_one_line(tmp_path):
    spec = SearchSpec((parse_objective("seat_gap"),), game="altera", players=2,
                      bots=("steward",))
    with pytest.raises(UserError, match="altera's components do not swap on slots"):
        search(spec, tmp_path / "s", progress=False)
    assert not (tmp_path / "s").exists()  # refused before the folder is made


def test_resume_refuses_other_settings(tmp_path):
    (tmp_path / "s").mkdir()
    (tmp_path / "s" / "search.json").write_text(json.dumps({"budget": 1}))
    with pytest.raises(UserError, match="other settings"):
        search(BAZAAR_SPEC, tmp_path / "s", resume=True, progress=False)


def test_the_command_runs_end_to_end_and_writes_winners_and_the_report(tmp_path):
    from analytics.cli.search import search_command

    out = tmp_path / "s"
    sql = tmp_path / "rounds.sql"
    sql.write_text("-- question: rounds per game\nselect seed, cast(rounds as double) as value "
                   "from games\n")
    result = CliRunner().invoke(search_command, [
        "--game", "bazaar", "--players", "2", "--bots", "reckoner", "--objective", "seat_gap",
        "--objective", "take_band:low=0.05,high=0.9", "--objective", f"{sql}:weight=0.5",
        "--budget", "64", "--first-games", "4",
        "--population", "4", "--top", "1", "--holdout-games", "8", "--workers", "1",
        "--quiet", "--out", str(out), "--format", "json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert rows[0]["rank"] == 1 and rows[0]["holdout_games"] == 8
    assert rows[0][f"holdout_{sql}"] == 6.0  # Bazaar's market stays open 6 rounds
    assert (out / "report.html").is_file() and (out / "report.md").is_file()
    assert "Winner 1 against first-market" in (out / "report.md").read_text()
    assert list((out / "winners").glob("rank1-*.toml"))
    again = CliRunner().invoke(search_command, ["--objective", "seat_gap", "--budget", "1",
                                                "--out", str(tmp_path / "t")])
    assert again.exit_code == 1 and "less than one block" in again.output


# --- module parity -------------------------------------------------------------------------------

def test_module_parity_is_the_largest_gap_of_a_measure_between_modules():
    s = _sample([[1, 0], [1, 0]])  # seat gap 1.0 under the search's own module
    s = replace(s, modules={"goddess": _sample([[1, 0], [0, 1]]),  # 0.0
                            "titans": _sample([[1, 0], [0.5, 0.5]])})  # 0.5
    parity = parse_objective("module_parity:goddess=goddess-discovery,titans=titans-discovery")
    assert parity.parity_sets == (("goddess", "goddess-discovery"), ("titans", "titans-discovery"))
    assert parity.loss(s, (), None) == pytest.approx(1.0)
    assert search_objectives.module_measures(s) == {"": 1.0, "goddess": 0.0, "titans": 0.5}
    # of=spread: the score SD within a game is 10/sqrt(2) in every game but titans' second
    spread = parse_objective("module_parity:of=spread,goddess=goddess-discovery,titans=t")
    assert spread.parity_sets == (("goddess", "goddess-discovery"), ("titans", "t"))
    assert spread.loss(s, (), None) == pytest.approx(10 / np.sqrt(2) / 2)
    length = parse_objective("module_parity:of=length,target=9,measure=rounds,goddess=g")
    assert length.parity_sets == (("goddess", "g"),)
    assert length.loss(s, (), None) == 0.0  # 9 rounds in every game under every module
    resampled = s.rows(np.array([0, 0]))
    assert search_objectives.module_parity(resampled) == 0.0  # every module's games
    # resampled with the same rows: each module's first game twice, a seat gap of 1 in each


@pytest.mark.parametrize(("text", "message"), [
    ("module_parity", "needs MODULE=SET"),
    ("module_parity:of=distance,goddess=goddess-discovery", "of=distance is not a measure"),
    ("module_parity:of=length,goddess=goddess-discovery", "needs a target"),
    ("module_parity:goddess=3", "is not a set"),
])
def test_module_parity_refuses_what_it_cannot_compare(text, message):
    with pytest.raises(UserError, match=message):
        parse_objective(text)


def test_a_module_keeps_its_reserved_slots_and_the_searched_set_the_others():
    from analytics.experiments.search_space import module_overlay

    assert module_overlay(DICEFORGE, "base", "goddess-discovery") == {
        "M3": "moon_golem", "M6": "great_golem", "F3": "sun_golem", "F4": "time_golem"}
    assert module_overlay(DICEFORGE, "base", "titans-discovery") == {
        "M2": "memory", "M3": "oracle", "M6": "chaos", "F2": "dogged", "F3": "guardian",
        "F6": "mirror_of_misfortune"}
    # searched under the Goddess, played under the Titans: the Goddess's slots are not the
    # searched set's either (F4 takes the Titans set's card)
    assert module_overlay(DICEFORGE, "goddess-discovery", "titans-discovery")["F4"] == "light"


@given(st.integers(0, 2**32 - 1), st.sampled_from(["goddess", "titans"]))
def test_every_set_of_the_space_overlaid_with_a_module_is_a_legal_setup(seed, module):
    from analytics.experiments.search_space import module_overlay, overlaid

    overlay = module_overlay(DICEFORGE, "base", f"{module}-discovery")
    candidate = overlaid(SPACE, SPACE.random(np.random.default_rng(seed)), overlay)
    cards = dict(zip(SPACE.slots, candidate, strict=True))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.toml"
        path.write_text(DICEFORGE.set_file("s", cards))
        DICEFORGE.setup(str(path), module, {}, 4)  # a module card off its slot would raise
    assert {s: cards[s] for s in overlay} == overlay


def _seat_gap_of_run(folder: Path) -> float:
    games = pl.read_parquet(list(folder.glob("**/players*.parquet")))
    rates = games.group_by("seat").agg(pl.col("win_share").mean())["win_share"]
    return float(rates.max() - rates.min())


def test_a_module_parity_search_plays_each_set_under_each_module_on_the_same_seeds(tmp_path):
    spec = SearchSpec((parse_objective("module_parity:goddess=goddess-discovery"),),
                      players=2, budget=32, first_games=4, population=2, top=1,
                      holdout_games=8, fix=tuple((s, c) for s, c in zip(
                          SPACE.slots, SPACE.reference, strict=True) if s not in ("M4", "F5")))
    result = search(spec, tmp_path / "s", workers=1, progress=False)
    block = next((tmp_path / "s" / "runs").glob("*/block-0"))
    assert sorted(p.name for p in block.iterdir()) == ["as-is", "module-goddess"]
    assert _game_seeds(block / "as-is") == _game_seeds(block / "module-goddess")
    config = json.loads((block / "module-goddess" / "config.json").read_text())["config"]
    assert config["module"] == "goddess"
    assert tomllib.loads(Path(config["card_set"]).read_text())["slots"]["M3"] == "moon_golem"
    winner = result.winners[0]
    folder = tmp_path / "s" / "holdout" / "8-games" / search_space_key(winner.candidate)
    measured = {"none": _seat_gap_of_run(folder / "as-is"),
                "goddess": _seat_gap_of_run(folder / "module-goddess")}
    assert winner.by_module == pytest.approx(measured)
    assert winner.holdout.loss == pytest.approx(abs(measured["none"] - measured["goddess"]))
    write_search_report(result, tmp_path / "s" / "report.html")
    assert "The measure under each module" in (tmp_path / "s" / "report.md").read_text()
    with pytest.raises(UserError, match="atlantis is not a module of diceforge"):
        search(replace(spec, objectives=(parse_objective("module_parity:atlantis=base"),)),
               tmp_path / "t", progress=False)


def test_a_ladder_rung_plays_the_search_and_its_fresh_seeds(tmp_path):
    """`--bots mcts:N`: a rung of the skill ladder (dicelab ladder) in every seat."""
    spec = replace(BAZAAR_SPEC, bots=("mcts:4",), budget=16, population=2, top=1,
                   holdout_games=4)
    result = search(spec, tmp_path / "s", workers=1, progress=False)
    players = pl.read_parquet(list((tmp_path / "s").glob("**/players*.parquet")))
    assert set(players["bot"].unique().to_list()) == {"mcts:4"}
    assert result.winners[0].holdout.games == 4
    assert "bots mcts:4" in summary_lines(result)[0]
