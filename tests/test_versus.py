"""`dicelab versus` and `--swap`: two cards on one slot on paired seeds, the one-sentence verdict,
the same numbers as `value --against`, and bad input named in one line."""

from __future__ import annotations

import dataclasses
import json
import re

import polars as pl
import pytest
from click.testing import CliRunner

from analytics import stats
from analytics.cli.app import main
from analytics.eventlog.reader import read_runs
from analytics.experiments import versus as vs

SMALL = ("--players", "2", "--games", "24", "--workers", "1", "--quiet")


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def paired(difference: float, low: float, high: float, n: int = 100) -> stats.Paired:
    return stats.Paired(0.25, 0.25 + difference, difference, low, high, 0.01, n, 0.5, 0.01,
                        0.02, "t")


def result(value_a: stats.Paired, value_b: stats.Paired, buyers=(10, 10)) -> vs.Versus:
    found = vs.Contest("card", "base", "M8", ("goddess", "hydra"), ("The Goddess", "Hydra"),
                       ("base+M8=goddess", "base"))
    a, b = (vs.Contender(card, name, 0.5, 0.4, 0.6, value, seats)
            for card, name, value, seats in zip(found.cards, found.names, (value_a, value_b),
                                                buyers, strict=True))
    return vs.Versus(found, a, b, None, ())


@pytest.mark.parametrize(("a", "b", "winner", "start"), [
    # A's buyers gain by A, B's buyers would gain by switching to A: A dominates
    ((0.05, 0.02, 0.08), (-0.04, -0.07, -0.01), "goddess", "The Goddess dominates Hydra: "),
    ((-0.04, -0.07, -0.01), (0.05, 0.02, 0.08), "hydra", "Hydra dominates The Goddess: "),
    # each card better for its own buyers
    ((0.03, 0.01, 0.05), (0.04, 0.02, 0.06), None, "Neither dominates: "),
    # one interval includes 0: nothing is decided
    ((0.05, 0.02, 0.08), (-0.01, -0.03, 0.01), None, "Neither dominates: "),
])
def test_dominance_needs_both_intervals_on_one_side(a, b, winner, start):
    found = result(paired(*a), paired(*b))
    assert (vs.dominant(found).card if vs.dominant(found) else None) == winner
    sentence = vs.verdict(found)
    assert sentence.startswith(start) and sentence.endswith("100 paired games of set base, "
                                                            "slot M8.")
    assert len(re.findall(r"\.(\s|$)", sentence)) == 1  # one sentence
    if winner is not None:  # the loser's buyers' gain by switching: the same sign as its interval
        gain = re.search(r"would win \+(\d+\.\d) points more with .* \(95% (\S+) to (\S+)\)",
                         sentence)
        assert float(gain[2]) <= float(gain[1]) <= float(gain[3]) and float(gain[2]) > 0
    if winner is None:
        assert ("each card is better for the seats that choose it" in sentence) == (
            a[1] > 0 and b[1] > 0)


def test_a_card_no_seat_took_is_said_so():
    nan = float("nan")
    sentence = vs.verdict(result(paired(nan, nan, nan), paired(0.05, 0.02, 0.08), (0, 10)))
    assert sentence.startswith("Neither dominates: no seat took The Goddess, so its value is "
                               "not measured, Hydra's buyers win 5.0 points more with it than with "
                               "The Goddess (95% 2.0 to 8.0)")


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """`versus goddess hydra` and `value hydra --against goddess` on the same seeds."""
    root = tmp_path_factory.mktemp("versus")
    bots = ("--bots", "economist,hero")
    versus_run = invoke("versus", "goddess", "hydra", *SMALL, *bots, "--out", root / "v",
                        "--format", "json")
    value_run = invoke("value", "hydra", "--against", "goddess", *SMALL, *bots, "--out",
                       root / "w", "--format", "json")
    return root, versus_run, value_run


def test_versus_plays_each_card_on_its_slot_on_the_same_seeds(played):
    root, run, _ = played
    assert run.exit_code == 0, run.output
    body = json.loads(run.stdout)
    assert body["slot"] == "M8" and body["sets"] == ["base+M8=goddess", "base"]
    manifests = {arm: read_runs(next((root / "v" / arm).glob("look-*"))).row(0, named=True)
                 for arm in "ab"}
    assert [manifests[arm]["card_set"] for arm in "ab"] == ["base+M8=goddess", "base"]
    cards = {arm: manifests[arm]["cards"].split(",") for arm in "ab"}
    assert cards["a"][7] == "goddess" and cards["b"][7] == "hydra"
    assert [i for i in range(15) if cards["a"][i] != cards["b"][i]] == [7]  # one change
    assert manifests["a"]["seed"] == manifests["b"]["seed"]
    assert [c["card"] for c in body["cards"]] == ["goddess", "hydra"]
    assert [c["name"] for c in body["cards"]] == ["The Goddess", "Hydra"]
    for card in body["cards"]:
        assert card["take_rate_low"] <= card["take_rate"] <= card["take_rate_high"]
        assert card["n_games"] == 24
    items = [row["item"] for row in body["game"]]
    assert "first seat advantage (seat 0 - 1/N)" in items and "mean score" in items
    assert body["verdict"].endswith("24 paired games of set base, slot M8.")
    assert "read arm A (goddess)" in run.stderr


def test_versus_gives_value_against_s_number(played):
    """Hydra's value in `versus` is `value hydra --against goddess`'s: the same arms, the same
    seeds, the same paired computation."""
    _, run, value_run = played
    assert value_run.exit_code == 0, value_run.output
    (row,) = json.loads(value_run.stdout)["values"]
    assert row["replaced_by"] == "goddess"
    hydra = next(c for c in json.loads(run.stdout)["cards"] if c["card"] == "hydra")
    for mine, theirs in (("value", "value"), ("value_low", "low"), ("value_high", "high"),
                         ("buyers_wr_with", "buyers_wr_with"),
                         ("buyers_wr_other", "buyers_wr_without"),
                         ("buyer_seats", "buyer_seats"), ("take_rate", "take_rate")):
        assert hydra[mine] == pytest.approx(row[theirs], abs=1e-12), mine


def test_versus_finds_a_planted_dominance(monkeypatch, tmp_path):
    """Hydra made worth 500 Glory: its buyers gain by it, and The Goddess's buyers would gain
    by switching to it."""
    from analytics.games.diceforge.bots.heuristic import _plan_tables
    from analytics.games.diceforge.rules.components import CARDS
    from analytics.runs.simulate import _setup

    def forget():  # setups are cached by set name and the bots' card tables by plan
        _setup.cache_clear()
        _plan_tables.cache_clear()

    monkeypatch.setitem(CARDS, "hydra", dataclasses.replace(CARDS["hydra"], glory=500))
    forget()
    try:
        found = vs.versus("base", "goddess", "hydra", players=2, games=60, seed=4,
                          bots=("economist", "hero"), out=tmp_path, workers=1, progress=False)
    finally:
        forget()  # and leave nothing patched to later tests
    assert vs.dominant(found) is found.b
    assert found.b.value.low > 0 and found.a.value.high < 0
    assert vs.verdict(found).startswith("Hydra dominates The Goddess: its buyers win +")


@pytest.mark.parametrize(("args", "message"), [
    (("versus", "goddess", "sphinx"),
     "goddess and sphinx cannot compete for one slot: goddess goes on M8, sphinx on F7"),
    (("versus", "hydra", "hydra"), "versus needs two different cards (got hydra twice)"),
    (("versus", "godess", "hydra"), "unknown card 'godess'; see 'dicelab list cards'"),
    (("versus", "goddess", "hydra", "--swap", "M9=cyclops"),
     "--swap M9=cyclops: card set 'base' has no slot M9; slots are M1"),
    (("versus", "goddess", "hydra", "--swap", "F7"), "--swap 'F7': expected SLOT=CARD"),
    (("versus", "goddess", "hydra", "--swap", "F7=cyclops", "--swap", "F7=sphinx"),
     "--swap names slot F7 twice"),
    (("simulate", "--swap", "F7=cyclop"),
     "base with --swap F7=cyclop: slot F7: unknown card id 'cyclop'"),
    (("simulate", "--swap", "F7=hydra"), "slot F7: card 'hydra' costs 5 moon + 5 sun"),
    (("compare", "--a", "base", "--swap", "M1=nope"), "slot M1: unknown card id 'nope'"),
    (("balance", "--set", "base", "--swap", "Q1=hydra"), "has no slot Q1"),
    (("balance", "--logs", "logs", "--swap", "M8=goddess"), "give --set NAME with it"),
    (("value", "hydra", "--against", "sphinx"),
     "--against sphinx: 'sphinx' cannot take hydra's slot in set 'base' (it can hold: "),
    (("value", "hydra", "--against", "goddess", "--ablate", "forbid"),
     "--against names one alternative of one card"),
    (("versus", "goddess", "hydra", "--report", "v.pdf"), "the report is an .html file"),
])
def test_bad_input_is_one_line_exit_1_and_plays_nothing(tmp_path, args, message):
    out = tmp_path / "out"
    result = invoke(*args, "--games", "8", "--out", out)
    assert result.exit_code == 1, result.output
    assert message in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert not out.exists()


def test_swap_names_a_set_that_set_names_again(tmp_path):
    """`--set base --swap M8=goddess` and `--set base+M8=goddess` are one set: the same run."""
    swapped = invoke("simulate", "--set", "base", "--swap", "M8=goddess", "--swap",
                     "F7=cyclops", *SMALL, "--out", tmp_path / "a")
    named = invoke("simulate", "--set", "base+M8=goddess+F7=cyclops", *SMALL,
                   "--out", tmp_path / "b")
    assert swapped.exit_code == 0 and named.exit_code == 0, swapped.output + named.output
    runs = [read_runs(tmp_path / arm).row(0, named=True) for arm in "ab"]
    assert runs[0]["card_set"] == runs[1]["card_set"] == "base+M8=goddess+F7=cyclops"
    assert runs[0]["run_id"] == runs[1]["run_id"]
    cards = runs[0]["cards"].split(",")
    assert (cards[7], cards[14]) == ("goddess", "cyclops")


def test_compare_swap_changes_arm_b_only(tmp_path):
    result = invoke("compare", "--a", "base", "--swap", "M8=goddess", *SMALL,
                    "--out", tmp_path / "arms", "--format", "json")
    assert result.exit_code == 0, result.output
    body = json.loads(result.stdout)
    assert body["headline"].startswith("B (base+M8=goddess)'s first seat wins")
    sets = [read_runs(next((tmp_path / "arms" / arm).glob("look-*")))["card_set"][0]
            for arm in "ab"]
    assert sets == ["base", "base+M8=goddess"]
    only = {(r["item"], r["in"]) for r in body["rows"] if r["in"] != "both"}
    assert {("goddess", "B only"), ("hydra", "A only")} <= only


def test_value_against_names_one_alternative(tmp_path):
    result = invoke("value", "hydra", "--against", "typhon", *SMALL, "--format", "csv")
    assert result.exit_code == 0, result.output
    frame = pl.read_csv(result.stdout.encode())
    assert frame.select("card", "replaced_by").rows() == [("hydra", "typhon")]
    assert frame["n_games"][0] == 24 and frame["take_rate"][0] >= 0
