"""Issue 36: what analytics.experiments.compare computes, pinned function by function.

Written against the mutants that test_compare_exact.py let through. Every test builds its
small hand-made games and calls the function under test itself (mutation testing runs, for
each mutant, only the tests it saw reach the function), and every expected value is counted
by hand in the test or comes from scipy.
"""

from __future__ import annotations

import dataclasses
import json
import math
import warnings

import numpy as np
import polars as pl
import pytest
from scipy import stats as sps

from analytics import stats
from analytics.errors import UserError
from analytics.experiments import compare
from analytics.experiments.compare import (
    Report,
    _bh_by_section,
    _variance_ratio,
    buyers_difference,
    buyers_inputs,
    check_endpoint,
    compare_games,
    compare_logs,
    component_rows,
    displayed,
    endpoint_z,
    family_note,
    game_inputs,
    game_measures,
    headline,
    report_notes,
    report_output,
    section_titles,
    shown_rows,
    source_inputs,
)
from tests.analytics_fixtures import LogBuilder
from tests.test_compare_exact import SCORE, WIN, four_games, row

GAME_KEYS = ["seat:0", "seat:1", "first_seat", "bot:e", "bot:h", "score", "spread", "margin",
             "rounds", "decisions", "tie_rate"]


# --- game_inputs and game_measures ----------------------------------------------------------

def test_game_inputs_are_each_measures_per_game_values_in_both_arms():
    inputs = game_inputs(four_games())
    assert list(inputs) == GAME_KEYS
    ones = [1.0] * 4
    expected = {
        "seat:0": ("seat 0", [1, 0, 0, 1], [1, 1, 1, 0]),
        "seat:1": ("seat 1", [0, 1, 1, 0], [0, 0, 0, 1]),
        "first_seat": ("first seat advantage (seat 0 - 1/N)", [.5, -.5, -.5, .5],
                       [.5, .5, .5, -.5]),
        # Per game: the highest score minus the runner-up's; the SD over seats is ddof 0.
        "score": ("mean score", [25, 26.5, 20, 35.5], [26.5, 28.5, 23, 35.5]),
        "spread": ("score SD within a game", [5, 1.5, 2, 4.5], [6.5, 0.5, 1, 0.5]),
        "margin": ("winner's margin", [10, 3, 4, 9], [13, 1, 2, 1]),
        "rounds": ("rounds", [9, 10, 9, 11], [9, 9, 10, 11]),
        "decisions": ("decisions", [100, 120, 110, 90], [105, 118, 111, 97]),
        "tie_rate": ("tie rate", [0, 0, 0, 0], [0, 0, 1, 0]),
    }
    for key, (label, a, b) in expected.items():
        got_label, (num_a, den_a, num_b, den_b) = inputs[key]
        assert got_label == label
        assert (num_a.tolist(), den_a.tolist(), num_b.tolist(), den_b.tolist()) == (
            a, ones, b, ones), key
    # A bot's wins over the seats it held, game by game (e holds one seat of each game).
    label, (num_a, den_a, num_b, den_b) = inputs["bot:e"]
    assert label == "bot e"
    assert (num_a.tolist(), den_a.tolist()) == ([1, 1, 0, 0], [1, 1, 1, 1])
    assert (num_b.tolist(), den_b.tolist()) == ([1, 0, 1, 1], [1, 1, 1, 1])


def test_a_bot_counts_every_seat_it_holds_and_only_bots_of_both_arms_are_measured():
    games = four_games()
    # Arm A: e holds both seats of game 0; arm B: bot z takes e's seat of game 3 (A has no z).
    bots_a = games.bots["A"].copy()
    bots_a[0] = ["e", "e"]
    bots_b = games.bots["B"].copy()
    bots_b[3, 1] = "z"
    inputs = game_inputs(dataclasses.replace(games, bots={"A": bots_a, "B": bots_b}))
    assert [k for k in inputs if k.startswith("bot:")] == ["bot:e", "bot:h"]
    num_a, den_a, num_b, den_b = inputs["bot:e"][1]
    assert (num_a.tolist(), den_a.tolist()) == ([1, 1, 0, 0], [2, 1, 1, 1])
    assert (num_b.tolist(), den_b.tolist()) == ([1, 0, 1, 0], [1, 1, 1, 0])
    num_a, den_a, num_b, den_b = inputs["bot:h"][1]
    assert (num_a.tolist(), den_a.tolist()) == ([0, 0, 1, 1], [0, 1, 1, 1])
    assert (num_b.tolist(), den_b.tolist()) == ([0, 1, 0, 0], [1, 1, 1, 1])


def solo_games() -> object:
    """One seat, three games: no runner-up, so no winner's margin."""
    games = four_games()
    return dataclasses.replace(
        games, players=1, seeds=np.arange(3),
        win={"A": np.ones((3, 1)), "B": np.array([[1.0], [0.0], [1.0]])},
        score={"A": np.array([[10.0], [12], [14]]), "B": np.array([[11.0], [12], [16]])},
        bots={arm: np.full((3, 1), "solo", dtype=object) for arm in "AB"},
        rounds={arm: np.full(3, 9.0) for arm in "AB"},
        decisions={arm: np.full(3, 50.0) for arm in "AB"},
        tied={arm: np.zeros(3) for arm in "AB"},
        components={"card": [], "face": []},
        offered={kind: {arm: np.zeros(0, bool) for arm in "AB"} for kind in ("card", "face")},
        owned={kind: {arm: np.zeros((3, 1, 0)) for arm in "AB"} for kind in ("card", "face")})


def test_a_solo_game_has_no_margin_and_its_first_seat_is_measured_against_one():
    inputs = game_inputs(solo_games())
    assert list(inputs) == ["seat:0", "first_seat", "bot:solo", "score", "spread", "rounds",
                            "decisions", "tie_rate"]
    assert inputs["first_seat"][1][0].tolist() == [0, 0, 0]
    assert inputs["first_seat"][1][2].tolist() == [0, -1, 0]


def test_game_measures_are_the_paired_t_tests_of_each_measure():
    measures = game_measures(four_games())
    assert list(measures) == GAME_KEYS
    a, b = SCORE["A"].mean(axis=1), SCORE["B"].mean(axis=1)
    label, result = measures["score"]
    test = sps.ttest_rel(b, a)
    assert label == "mean score" and (result.a, result.b, result.n) == (26.75, 28.375, 4)
    assert result.p_value == pytest.approx(test.pvalue, rel=1e-12)
    assert result.difference / result.se_paired == pytest.approx(test.statistic, rel=1e-12)
    label, result = measures["seat:1"]
    assert (label, result.a, result.b, result.difference) == ("seat 1", 0.5, 0.25, -0.25)
    assert result.p_value == pytest.approx(
        sps.ttest_rel(WIN["B"][:, 1], WIN["A"][:, 1]).pvalue, rel=1e-12)


@pytest.mark.parametrize(("item", "measure", "a", "b"), [
    ("rounds", "length", [9.0, 10, 9, 11], [9.0, 9, 10, 11]),
    ("decisions", "length", [100.0, 120, 110, 90], [105.0, 118, 111, 97]),
    ("winner's margin", "score", [10.0, 3, 4, 9], [13.0, 1, 2, 1]),
    ("score SD within a game", "score", [5, 1.5, 2, 4.5], [6.5, 0.5, 1, 0.5]),
])
def test_a_game_row_says_its_measure_correlation_and_variance_ratio(item, measure, a, b):
    a, b = np.array(a), np.array(b)
    got = row(compare_games(four_games()), item, measure)
    test = sps.ttest_rel(b, a)
    assert (got["section"], got["in"], got["n_games"]) == ("game", "both", 4)
    assert (got["a"], got["b"], got["difference"]) == pytest.approx(
        (a.mean(), b.mean(), b.mean() - a.mean()), rel=1e-12)
    assert got["p"] == pytest.approx(test.pvalue, rel=1e-12)
    assert got["corr"] == pytest.approx(np.corrcoef(a, b)[0, 1], rel=1e-12)
    assert got["variance_ratio"] == pytest.approx(
        (a.var(ddof=1) + b.var(ddof=1)) / (b - a).var(ddof=1), rel=1e-12)


def test_the_tie_rate_row_of_an_arm_that_never_tied():
    got = row(compare_games(four_games()), "tie rate", "rate")
    # A never tied: no correlation to measure; var(b - a) is var(b), the ratio 1.
    assert (got["in"], got["a"], got["b"], got["variance_ratio"]) == ("both", 0.0, 0.25, 1.0)
    assert math.isnan(got["corr"])


# --- score by source ------------------------------------------------------------------------

BY_SOURCE = {"A": np.array([[4.0, 10], [6, 0], [2, 8], [0, 4]]),
             "B": np.array([[8.0, 10], [2, 4], [2, 6], [4, 6]])}


def with_sources():
    return dataclasses.replace(four_games(), score_sources=["die_face", "hammer"],
                               by_source=BY_SOURCE)


def test_source_inputs_are_each_sources_score_per_seat_per_game():
    inputs = source_inputs(with_sources())
    assert list(inputs) == ["die_face", "hammer"]
    num_a, den_a, num_b, den_b = inputs["hammer"]
    # The game's total from the source over its 2 seats.
    assert (num_a.tolist(), num_b.tolist()) == ([5, 0, 4, 2], [5, 2, 3, 3])
    assert den_a.tolist() == den_b.tolist() == [1, 1, 1, 1]
    assert inputs["die_face"][0].tolist() == [2, 3, 1, 0]
    assert source_inputs(four_games()) == {}


def test_compare_games_puts_the_score_by_source_in_a_family_of_its_own():
    comparison = compare_games(with_sources())
    rows = comparison.rows.filter(pl.col("section") == "score_source")
    assert rows["item"].to_list() == ["die_face", "hammer"]
    hammer = rows.row(1, named=True)
    a, b = BY_SOURCE["A"][:, 1] / 2, BY_SOURCE["B"][:, 1] / 2
    assert (hammer["measure"], hammer["a"], hammer["b"]) == ("score", 2.75, 3.25)
    assert hammer["p"] == pytest.approx(sps.ttest_rel(b, a).pvalue, rel=1e-12)
    p = rows["p"].to_numpy()
    assert rows["p_adj"].to_numpy() == pytest.approx(
        sps.false_discovery_control(p, method="bh"), rel=1e-12)
    assert comparison.sections == {"game": "The game as a whole",
                                   "score_source": "Glory by source, per seat",
                                   "card": "Heroic Feat cards", "face": "Die faces"}
    assert section_titles(four_games()) == {"game": "The game as a whole",
                                            "card": "Heroic Feat cards", "face": "Die faces"}


# --- component rows -------------------------------------------------------------------------

def correlated_cards():
    """Card x in both arms, taken game by game by 2, 0, 1, 1 seats of 2 in A and by 2, 0, 2, 0
    in B: both take rates 1/2, the arms' per-game deviations correlated."""
    games = four_games()
    owned = {arm: np.zeros((4, 2, 2), np.float32) for arm in "AB"}
    owned["A"][0, :, 0] = owned["A"][2, 0, 0] = owned["A"][3, 0, 0] = 1
    owned["B"][0, :, 0] = owned["B"][2, :, 0] = 1
    owned["B"][1, 1, 1] = 1  # y, offered in B only
    return dataclasses.replace(games, owned={**games.owned, "card": owned})


def test_component_rows_take_rate_correlation_and_variance_ratio_by_hand():
    rows, signatures = component_rows(correlated_cards(), "card")
    assert [(r["item"], r["measure"], r["in"]) for r in rows] == [
        ("x", "take_rate", "both"), ("x", "owned_wr", "both"),
        ("y", "take_rate", "B only"), ("y", "owned_wr", "B only")]
    take = rows[0]
    # Deviations from the rate per game, over the 8 seat-games: A (1, -1, 0, 0) / 8,
    # B (1, -1, 1, -1) / 8. Apart: 2 + 4; paired: 0 + 0 + 1 + 1.
    assert (take["a"], take["b"], take["difference"]) == (0.5, 0.5, 0.0)
    assert take["variance_ratio"] == pytest.approx(3.0, rel=1e-12)
    assert take["corr"] == pytest.approx(2 / math.sqrt(8), rel=1e-12)
    assert take["n_games"] == 4
    # Owners' wins: A's owners won games 0 (one of two) and 2 and lost 3: 2 of 4; B's owners
    # won 1 of 2 in games 0 and 2.
    owned = rows[1]
    assert (owned["a"], owned["b"], owned["difference"]) == (0.5, 0.5, 0.0)
    # B's owners' deviations are all 0: the variance ratio is A's alone over itself.
    assert owned["variance_ratio"] == pytest.approx(1.0, rel=1e-12)
    assert owned["corr"] == 0.0
    assert owned["p"] == pytest.approx(1.0)
    # y: never offered in A, taken once of 8 in B, its owner lost.
    assert (rows[2]["b"], rows[3]["b"]) == (1 / 8, 0.0)
    assert all(math.isnan(rows[i][k]) for i in (2, 3) for k in ("a", "p", "corr",
                                                                "variance_ratio"))
    assert len(signatures) == 4
    assert signatures[0] == pytest.approx(stats.profile_signature([0, 0, 1, -1]), rel=1e-9)
    assert all(math.isnan(v) for v in signatures[2])  # nothing in A to differ from


def test_component_rows_interval_and_p_are_the_rare_row_rule_of_each_arms_rates():
    games = correlated_cards()
    rows, _ = component_rows(games, "card")
    owners = {arm: games.owned["card"][arm][:, :, 0].sum(axis=1) for arm in "AB"}
    rate = {arm: stats.clustered_rates(owners[arm], np.full(4, 2.0)) for arm in "AB"}
    diff = stats.rate_difference(rate["B"], rate["A"])
    assert (rows[0]["low"], rows[0]["high"], rows[0]["p"]) == pytest.approx(
        (diff.low[0], diff.high[0], diff.p_value[0]), rel=1e-12)
    assert rows[0]["low"] < 0 < rows[0]["high"]


def test_a_component_taken_the_same_way_in_both_arms_is_not_tested():
    games = correlated_cards()
    taken = games.owned["card"]["B"].copy()
    taken[:, :, 1] = 0  # y: offered in B only, so never taken in A
    same = {"A": taken, "B": taken}
    rows, _ = component_rows(dataclasses.replace(
        games, owned={**games.owned, "card": same}), "card")
    x = rows[0]
    assert (x["difference"], math.isnan(x["p"]), math.isnan(x["corr"]),
            math.isnan(x["variance_ratio"])) == (0.0, True, True, True)


def test_rates_that_differ_alike_in_every_game_are_tested():
    """One seat of two takes x in every game of A, both in B: no game's deviation varies, yet
    the rates differ (1/2 and 1): the row keeps the rate difference's p."""
    games = correlated_cards()
    owned = {"A": np.zeros((4, 2, 2), np.float32), "B": np.zeros((4, 2, 2), np.float32)}
    owned["A"][:, 0, 0] = 1
    owned["B"][:, :, 0] = 1
    moved = dataclasses.replace(games, owned={**games.owned, "card": owned})
    x = component_rows(moved, "card")[0][0]
    rate = {arm: stats.clustered_rates(owned[arm][:, :, 0].sum(axis=1), np.full(4, 2.0))
            for arm in "AB"}
    expected = stats.rate_difference(rate["B"], rate["A"]).p_value[0]
    assert (x["a"], x["b"], x["difference"]) == (0.5, 1.0, 0.5)
    assert x["p"] == pytest.approx(expected, rel=1e-12)
    assert math.isnan(x["variance_ratio"]) and math.isnan(x["corr"])


def test_variance_ratio_of_correlated_and_flat_columns():
    a = np.array([[1.0, 0, 2], [2, 0, -1], [-3, 0, -1]])
    b = np.array([[1.0, 0, 2], [1, 0, -1], [-2, 0, -1]])
    # Column 0: (1 + 4 + 9) + (1 + 1 + 4) over (0 + 1 + 1); column 1 flat; column 2 the same
    # in both arms: no paired difference varies, nothing to measure (not infinity).
    ratio = _variance_ratio(a, b)
    assert ratio[0] == 10.0 and math.isnan(ratio[1]) and math.isnan(ratio[2])
    # Anticorrelated: the pairing costs precision (ratio below 1).
    assert _variance_ratio(np.array([[1.0], [-1]]), np.array([[-1.0], [1]]))[0] == 0.5


# --- endpoints ------------------------------------------------------------------------------

def test_check_endpoint_says_what_can_be_chosen():
    message = ("--endpoint 'seat:3': choose one of first_seat, score, spread, margin, rounds, "
               "decisions, tie_rate, seat:0..2, bot:NAME")
    with pytest.raises(UserError) as caught:
        check_endpoint("seat:3", players=3)
    assert str(caught.value) == message
    for endpoint in ("seat:2", "bot:x", "bot:x:y", "margin", "decisions", "first_seat"):
        check_endpoint(endpoint, players=3)
    for endpoint in ("bo:x", "seat2", "first", "seat:-1"):
        with pytest.raises(UserError):
            check_endpoint(endpoint, players=3)


def first_games(games, n: int):
    """The first `n` games of both arms."""
    def cut(by_arm):
        return {arm: values[:n] for arm, values in by_arm.items()}

    return dataclasses.replace(
        games, seeds=games.seeds[:n], win=cut(games.win), score=cut(games.score),
        bots=cut(games.bots), rounds=cut(games.rounds), decisions=cut(games.decisions),
        tied=cut(games.tied), owned={kind: cut(o) for kind, o in games.owned.items()})


def test_compare_games_refuses_one_game_and_an_unknown_endpoint():
    games = four_games()
    one = first_games(games, 1)
    with pytest.raises(UserError) as caught:
        compare_games(one)
    assert str(caught.value) == "a paired comparison needs at least 2 games per arm (got 1)"
    with pytest.raises(UserError) as caught:
        compare_games(games, "bot:zz")
    assert str(caught.value) == (
        "--endpoint 'bot:zz': choose one of first_seat, bot:e, bot:h, score, spread, margin, "
        "rounds, decisions, tie_rate")
    assert compare_games(first_games(games, 2)).primary.n == 2


def test_compare_games_says_the_players_the_bots_and_whether_the_arms_are_identical():
    comparison = compare_games(four_games(), "bot:h")
    assert (comparison.endpoint, comparison.players, comparison.same_bots,
            comparison.identical) == ("bot:h", 2, True, False)
    assert (comparison.primary.a, comparison.primary.b) == (0.5, 0.25)
    assert comparison.rows.columns == [
        "section", "item", "measure", "in", "a", "b", "difference", "low", "high", "p",
        "p_adj", "corr", "variance_ratio", "n_games", "same_as"]
    games = four_games()
    swapped = games.bots["B"].copy()
    swapped[2] = ["h", "e"]
    assert not compare_games(dataclasses.replace(games, bots={**games.bots, "B": swapped})
                             ).same_bots


def the_same_games():
    games = four_games()
    return dataclasses.replace(
        games, **{f: {"A": getattr(games, f)["A"], "B": getattr(games, f)["A"]}
                  for f in ("win", "score", "rounds", "decisions", "tied")},
        owned={kind: {"A": o["A"], "B": o["A"]} for kind, o in games.owned.items()})


@pytest.mark.parametrize("field", ["win", "score", "bots", "rounds", "decisions", "tied",
                                   "owned"])
def test_the_arms_are_identical_only_when_every_array_is(field):
    same = the_same_games()
    assert compare_games(same).identical
    if field == "owned":
        owned = same.owned["card"]["B"].copy()
        owned[3, 1, 0] = 1
        changed = dataclasses.replace(same, owned={**same.owned, "card": {
            "A": same.owned["card"]["A"], "B": owned}})
    else:
        other = getattr(same, field)["A"].copy()
        other[1] = other[1][::-1] if other.ndim == 2 else other[1] + 1
        changed = dataclasses.replace(same, **{field: {"A": getattr(same, field)["A"],
                                                       "B": other}})
    assert not compare_games(changed).identical


# --- Benjamini-Hochberg by section ----------------------------------------------------------

def test_bh_by_section_adjusts_within_each_section_in_any_row_order():
    frame = pl.DataFrame({"section": ["game", "card", "game", "card", "game", "face"],
                          "p": [0.01, 0.04, 0.03, 0.02, 0.04, 0.5]})
    same_as = np.array([-1, -1, -1, -1, 0, -1])
    adjusted = _bh_by_section(frame, same_as)
    # game: 0.01 and 0.03 (row 4 repeats row 0): 0.02, 0.03; card: 0.02 and 0.04: 0.04 both.
    assert adjusted.tolist() == pytest.approx([0.02, 0.04, 0.03, 0.04, 0.02, 0.5], rel=1e-12)
    nan = _bh_by_section(frame.with_columns(p=pl.Series([0.01, np.nan, 0.03, 0.02, 0.5, 0.1])),
                         np.full(6, -1))
    assert nan[1] != nan[1] and nan[[0, 2, 3, 4, 5]].tolist() == pytest.approx(
        [0.03, 0.045, 0.02, 0.5, 0.1], rel=1e-12)


def test_family_note_counts_each_familys_tests():
    comparison = compare_games(four_games())
    assert family_note(comparison) == (
        "p_adj families, Benjamini-Hochberg within each, one test per hypothesis: the game as "
        "a whole (7 tests; 4 rows repeat a test named in same_as); heroic feat cards (2 tests)"
        "; die faces (0 tests)")


# --- what is shown --------------------------------------------------------------------------

def moved_card():
    """x taken by every seat in B, by none in A (a move no test can miss)."""
    games = four_games()
    owned = {"A": np.zeros((4, 2, 2), np.float32), "B": np.zeros((4, 2, 2), np.float32)}
    owned["B"][:, :, 0] = 1
    owned["B"][3, 1, 1] = 1
    return dataclasses.replace(games, owned={**games.owned, "card": owned})


def test_shown_rows_keep_game_rows_one_arm_rows_and_moved_rows():
    comparison = compare_games(four_games())
    shown, hidden = shown_rows(comparison, all_rows=False)
    assert hidden == 2 and shown.height == 13
    assert shown.filter(pl.col("section") == "card")["item"].to_list() == ["y", "y"]
    everything, none = shown_rows(comparison, all_rows=True)
    assert (everything.height, none) == (15, 0)
    moved = compare_games(moved_card())
    x = row(moved, "x", "take_rate")
    assert (x["a"], x["b"]) == (0.0, 1.0) and x["p_adj"] < compare.ALPHA
    shown, hidden = shown_rows(moved, all_rows=False)
    assert hidden == 1 and shown.filter(pl.col("item") == "x")["measure"].to_list() == [
        "take_rate"]
    # p_adj exactly at ALPHA is not a move.
    at_alpha = moved.rows.with_columns(p_adj=pl.when(pl.col("item") == "x").then(compare.ALPHA)
                                       .otherwise(pl.col("p_adj")))
    shown, hidden = shown_rows(dataclasses.replace(moved, rows=at_alpha), all_rows=False)
    assert hidden == 2 and "x" not in shown["item"].to_list()
    sources = compare_games(with_sources())
    assert shown_rows(sources, all_rows=False)[0].filter(
        pl.col("section") == "score_source").height == 2


def test_displayed_writes_p_values_as_text():
    frame = pl.DataFrame({"p": [0.0123, 0.0, math.nan], "p_adj": [1.0, 1e-320, 0.5]})
    assert displayed(frame).to_dicts() == [
        {"p": "0.012", "p_adj": "1"}, {"p": "< 1e-300", "p_adj": "< 1e-300"},
        {"p": stats.format_p(math.nan), "p_adj": "0.5"}]


# --- headline -------------------------------------------------------------------------------

@pytest.mark.parametrize(("endpoint", "expected"), [
    ("score", "B (alt)'s mean score is 28.38 vs A (base)'s 26.75: +1.62 "
              "(-0.36 to 3.61, 95% paired, p = 0.08) over 4 paired games"),
    ("margin", "B (alt)'s winner's margin is 4.25 vs A (base)'s 6.50: -2.25 "
               "(-9.41 to 4.91, 95% paired, p = 0.39) over 4 paired games"),
    ("decisions", "B (alt)'s decisions per game are 107.75 vs A (base)'s 105.00: +2.75 "
                  "(-3.66 to 9.16, 95% paired, p = 0.27) over 4 paired games"),
])
def test_headline_of_the_measures_in_points(endpoint, expected):
    a = {"score": SCORE["A"].mean(axis=1), "margin": np.array([10.0, 3, 4, 9]),
         "decisions": np.array([100.0, 120, 110, 90])}[endpoint]
    b = {"score": SCORE["B"].mean(axis=1), "margin": np.array([13.0, 1, 2, 1]),
         "decisions": np.array([105.0, 118, 111, 97])}[endpoint]
    test = sps.ttest_rel(b, a)
    interval = test.confidence_interval(0.95)
    assert (f"{b.mean():.2f} vs A (base)'s {a.mean():.2f}" in expected
            and f"({interval.low:.2f} to {interval.high:.2f}, 95% paired, p = "
                f"{test.pvalue:.2f})" in expected)
    assert headline(compare_games(four_games(), endpoint), "base", "alt") == expected


def test_headline_without_an_interval_and_of_a_first_seat_among_three():
    # The same games: no spread, the difference is exact (its interval a point, p = 1).
    same = compare_games(the_same_games(), "score")
    assert headline(same, "a", "b") == (
        "B (b)'s mean score is 26.75 vs A (a)'s 26.75: +0.00 (0.00 to 0.00, 95% paired, "
        "p = 1) over 4 paired games")
    nan = dataclasses.replace(compare_games(four_games(), "seat:0"), players=3)
    nan = dataclasses.replace(nan, endpoint="first_seat", primary=dataclasses.replace(
        nan.primary, a=0.2, b=0.5, difference=0.3, low=math.nan, high=math.nan, n=1234))
    # The first seat's row holds WR - 1/3: the headline adds 1/3 back.
    assert headline(nan, "x", "y") == (
        "B (y)'s first seat wins 83.3% vs A (x)'s 53.3%: +30.0 points (no interval) over "
        "1,234 paired games")


# --- compare_logs, endpoint_z, notes and outputs --------------------------------------------

def arm_logs(folder, label, winners, card_set="base"):
    """Two-player games of seeds 1..4, seat `winners[g]` winning game g, bots e and h."""
    builder = LogBuilder(run_id=f"run-{label}", players=2, card_set=card_set)
    for seed, winner in enumerate(winners, start=1):
        builder.game(seed, (9, 3) if winner == 0 else (3, 9), bots=("e", "h"),
                     n_decisions=10 * seed)
    return builder.write(folder / label)


def test_compare_logs_reads_pairs_and_compares_two_arms(tmp_path):
    a = arm_logs(tmp_path, "a", (0, 1, 1, 0))
    b = arm_logs(tmp_path, "b", (0, 0, 0, 1))
    report = compare_logs([a], [b], endpoint="seat:0")
    assert (report.name_a, report.name_b) == ("base", "base")
    assert len(report.read) == 2 and str(a) in report.read[0] and str(b) in report.read[1]
    comparison = report.comparison
    assert (comparison.endpoint, comparison.primary.a, comparison.primary.b) == (
        "seat:0", 0.5, 0.75)
    assert comparison.primary.p_value == pytest.approx(
        sps.ttest_rel([1, 1, 1, 0], [1, 0, 0, 1]).pvalue, rel=1e-12)
    assert endpoint_z(report) == pytest.approx(
        sps.ttest_rel([1, 1, 1, 0], [1, 0, 0, 1]).statistic, rel=1e-12)
    named = compare_logs([a], [b], names=("old", "new"))
    assert (named.name_a, named.name_b, named.comparison.endpoint) == ("old", "new",
                                                                        "first_seat")


def test_compare_logs_reads_the_game_named_and_names_assumption_sets(tmp_path, monkeypatch):
    a = arm_logs(tmp_path, "a", (0, 1, 1, 0))
    b = arm_logs(tmp_path, "b", (0, 0, 0, 1), card_set="alt")
    assert compare_logs([a], [b], game="diceforge").name_b == "alt"
    with pytest.raises(UserError, match="^--game valeria: these logs are of diceforge"):
        compare_logs([a], [b], game="valeria")
    # A game whose sets are assumption sets: a name given keeps the set's own name beside it.
    read_arms = compare.read_arms

    def as_assumptions(*args):
        return tuple(dataclasses.replace(arm, roles=dataclasses.replace(
            arm.roles, set_word="assumption set")) for arm in read_arms(*args))

    monkeypatch.setattr(compare, "read_arms", as_assumptions)
    named = compare_logs([a], [b], names=("old", "new"))
    assert (named.name_a, named.name_b) == ("old; under assumption set base",
                                            "new; under assumption set alt")
    unnamed = compare_logs([a], [b])
    assert (unnamed.name_a, unnamed.name_b) == ("under assumption set base",
                                                "under assumption set alt")


def test_compare_logs_pairs_by_position_when_told(tmp_path):
    a = arm_logs(tmp_path, "a", (0, 1, 1, 0))
    builder = LogBuilder(run_id="run-b", players=2)
    for seed, winner in zip((11, 12, 13, 14), (0, 0, 0, 1), strict=True):
        builder.game(seed, (9, 3) if winner == 0 else (3, 9), bots=("e", "h"))
    b = builder.write(tmp_path / "b")
    with pytest.raises(UserError, match="no game with the same seed"):
        compare_logs([a], [b])
    report = compare_logs([a], [b], endpoint="seat:0", by_position=True)
    assert (report.comparison.primary.a, report.comparison.primary.b) == (0.5, 0.75)


def test_endpoint_z_is_nan_without_a_standard_error():
    report = Report(compare_games(the_same_games(), "rounds"), "a", "b", ())
    assert math.isnan(endpoint_z(report))
    first = Report(compare_games(four_games(), "tie_rate"), "a", "b", ())
    assert endpoint_z(first) == pytest.approx(
        sps.ttest_rel([0, 0, 1, 0], [0, 0, 0, 0]).statistic, rel=1e-12)


@dataclasses.dataclass
class Stopped:
    text: str = "stopped at look 2 of 3"


def test_report_notes_in_order():
    games = four_games()
    swapped = games.bots["B"].copy()
    swapped[2] = ["h", "e"]
    comparison = compare_games(dataclasses.replace(games, bots={**games.bots, "B": swapped}))
    notes = report_notes(Report(comparison, "a", "b", (), Stopped()), hidden=3)
    assert notes[0].startswith("pairing: the arms correlate")
    assert notes[1:3] == ["stopped at look 2 of 3", "the arms seat different bots: each pair "
                                                    "differs by its setup AND its bots"]
    assert notes[3].startswith("difference = B - A; game rows: 95% interval")
    assert stats.RARE_ROW_RULE in notes[3]
    assert notes[4] == family_note(comparison)
    assert notes[5] == ("3 component rows in both arms that did not move (p_adj >= 0.05) "
                        "hidden; --all-rows shows them")
    assert len(notes) == 6
    same = report_notes(Report(compare_games(the_same_games()), "a", "b", ()), hidden=0)
    assert same[0] == compare.IDENTICAL and same[1].startswith("pairing: ")
    assert len(same) == 4


def test_report_output_json_csv_and_table():
    report = Report(compare_games(four_games()), "base", "alt", ("a/run", "b/run"))
    text, said = report_output(report, "json")
    body = json.loads(text)
    assert body["headline"] == headline(report.comparison, "base", "alt")
    assert body["identical_arms"] is False and body["read"] == ["a/run", "b/run"]
    assert body["notes"] == report_notes(report, 2) and said == ("a/run", "b/run")
    assert len(body["rows"]) == 13 and body["rows"][0]["p"] == "0.64"
    text, said = report_output(report, "csv", all_rows=True)
    lines = text.splitlines()
    assert lines[0].startswith("section,item,measure,in,a,b,difference")
    assert len(lines) == 16
    assert said == ("a/run", "b/run", body["headline"], *report_notes(report, 0))
    same = Report(compare_games(the_same_games()), "base", "alt", ())
    text, said = report_output(same, "table")
    assert text.splitlines()[1] == compare.IDENTICAL
    assert said == tuple(report_notes(same, 2))
    assert "Die faces" not in text  # no rows: no title


# --- buyers ---------------------------------------------------------------------------------

def test_buyers_of_a_card_in_arm_b_in_both_arms():
    games = correlated_cards()
    # B's buyers of x: both seats of game 0, both of game 2. A's same seats won 1 of 2 each.
    num_a, den_a, num_b, den_b = buyers_inputs(games, "card", "x")
    assert (num_a.tolist(), den_a.tolist()) == ([1, 0, 1, 0], [2, 0, 2, 0])
    assert (num_b.tolist(), den_b.tolist()) == ([1, 0, 1, 0], [2, 0, 2, 0])
    num_a, den_a, num_b, den_b = buyers_inputs(games, "card", "y")  # seat 1 of game 1
    assert (num_a.tolist(), num_b.tolist(), den_b.tolist()) == (
        [0, 1, 0, 0], [0, 0, 0, 0], [0, 1, 0, 0])
    y = buyers_difference(games, "card", "y")
    assert (y.a, y.b, y.difference, y.n) == (1.0, 0.0, -1.0, 4)
    with pytest.raises(UserError) as caught:
        buyers_inputs(games, "card", "z")
    assert str(caught.value) == "'z': no card of that name in the runs"


# --- survivors of the first measured run (experiments/compare, 2026-12-04) --------------------

def many_cards(offered_in_b: int) -> compare.PairedGames:
    """four_games with 20 cards, none ever taken, all offered in A and the first
    `offered_in_b` in B: enough rows that an unstable sort would mix each item's two rows."""
    games = four_games()
    names = [f"c{j:02}" for j in range(20)]
    in_b = np.arange(20) < offered_in_b
    return dataclasses.replace(
        games, components={**games.components, "card": names},
        offered={**games.offered, "card": {"A": np.ones(20, bool), "B": in_b}},
        owned={**games.owned, "card": {arm: np.zeros((4, 2, 20), np.float32) for arm in "AB"}})


def test_component_rows_go_item_by_item_and_name_the_arm_that_offers_a_component():
    rows, signatures = component_rows(many_cards(offered_in_b=15), "card")
    expected = [(f"c{j:02}", measure, "both" if j < 15 else "A only")
                for j in range(20) for measure in ("take_rate", "owned_wr")]
    assert [(r["item"], r["measure"], r["in"]) for r in rows] == expected
    assert len(signatures) == 40


def test_the_margin_of_three_players_is_the_winner_minus_the_runner_up():
    games = four_games()
    three = dataclasses.replace(
        games, players=3,
        win={arm: np.hstack([games.win[arm], np.zeros((4, 1))]) for arm in "AB"},
        score={"A": np.array([[30.0, 20, 25], [25, 28, 1], [18, 22, 21], [40, 31, 35]]),
               "B": np.array([[33.0, 20, 0], [29, 28, 27], [24, 22, 23], [35, 36, 10]])},
        bots={arm: np.hstack([games.bots[arm], np.full((4, 1), "r", dtype=object)])
              for arm in "AB"})
    _, (margin_a, _, margin_b, _) = game_inputs(three)["margin"]
    assert margin_a.tolist() == [5, 3, 1, 5]  # 30-25, 28-25, 22-21, 40-35
    assert margin_b.tolist() == [13, 1, 1, 1]  # 33-20, 29-28, 24-23, 36-35


def test_a_comparison_without_repeated_tests_keeps_its_column_types():
    # The same games: nothing tested, no row repeats another (same_as all empty).
    rows = compare_games(the_same_games()).rows
    assert rows["same_as"].null_count() == rows.height
    assert dict(rows.schema) == {
        **{c: pl.String for c in ("section", "item", "measure", "in")},
        **{c: pl.Float64 for c in ("a", "b", "difference", "low", "high", "p", "p_adj",
                                   "corr", "variance_ratio")},
        "n_games": pl.Int64, "same_as": pl.String}


def test_displayed_p_values_are_text_even_without_rows():
    shown = displayed(compare_games(four_games()).rows.head(0))
    assert (shown.schema["p"], shown.schema["p_adj"]) == (pl.String, pl.String)


def test_variance_ratio_of_columns_that_do_not_vary_warns_nothing():
    # Column 0: both arms 0 (0/0); column 1: the same nonzero deviations (x/0).
    a = np.array([[0.0, 1], [0, -1]])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ratio = _variance_ratio(a, a.copy())
    assert np.isnan(ratio).all()


def test_headline_of_a_p_value_below_1e_300_says_less_than():
    comparison = compare_games(four_games(), "score")
    tiny = dataclasses.replace(comparison, primary=dataclasses.replace(
        comparison.primary, low=1.0, high=2.25, p_value=0.0))
    assert headline(tiny, "a", "b") == (
        "B (b)'s mean score is 28.38 vs A (a)'s 26.75: +1.62 (1.00 to 2.25, 95% paired, "
        "p < 1e-300) over 4 paired games")


def test_the_note_that_says_how_each_row_is_made_word_for_word():
    notes = report_notes(Report(compare_games(four_games()), "a", "b", ()), hidden=0)
    assert notes[1] == (
        "difference = B - A; game rows: 95% interval over paired games (Student t, each game "
        "one cluster; rates over seat-games linearised as ratios), p: paired t-test; "
        f"take_rate and owned_wr rows: {stats.RARE_ROW_RULE}; corr: correlation of the arms "
        "game by game; variance_ratio: games an unpaired design needs per game played here. "
        "owned_wr and take_rate differences say how play changed, not what a component is "
        "worth: see `dicelab value`")
