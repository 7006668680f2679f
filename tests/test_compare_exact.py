"""Issue 36: the numbers and words a comparison shows, pinned on four hand-made games.

Each value is hand-computed or comes from scipy directly, so a change to any formula of
analytics.experiments.compare (a flipped sign, a swapped operator, a lost 1/N) fails here:
these tests were written against the mutants that the older tests let through.
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest
from scipy import stats as sps

from analytics.errors import UserError
from analytics.experiments.compare import (
    Report,
    check_endpoint,
    compare_games,
    endpoint_z,
    headline,
    pairing_note,
    report_output,
)
from analytics.experiments.paired import PairedGames
from analytics.games.diceforge.roles import ROLES

# Two players, four games, the same seeds in both arms. Bots e and h swap seats every game.
WIN = {"A": np.array([[1, 0], [0, 1], [0, 1], [1, 0]], float),
       "B": np.array([[1, 0], [1, 0], [1, 0], [0, 1]], float)}
SCORE = {"A": np.array([[30, 20], [25, 28], [18, 22], [40, 31]], float),
         "B": np.array([[33, 20], [29, 28], [24, 22], [35, 36]], float)}
BOTS = np.array([["e", "h"], ["h", "e"], ["e", "h"], ["h", "e"]], dtype=object)


def four_games() -> PairedGames:
    """Card x is offered in both arms (owned by 3 of A's 8 seat-games, by all 4 seat-0s in B),
    card y in arm B only (owned once, by game 3's winner)."""
    owned = {arm: np.zeros((4, 2, 2), np.float32) for arm in "AB"}
    owned["A"][[0, 1, 2], [0, 0, 1], 0] = 1
    owned["B"][:, 0, 0] = 1
    owned["B"][3, 1, 1] = 1
    return PairedGames(
        2, np.arange(4), WIN, SCORE, {"A": BOTS, "B": BOTS.copy()},
        {"A": np.array([9.0, 10, 9, 11]), "B": np.array([9.0, 9, 10, 11])},
        {"A": np.array([100.0, 120, 110, 90]), "B": np.array([105.0, 118, 111, 97])},
        {"A": np.zeros(4), "B": np.array([0, 0, 1.0, 0])},
        {"card": ["x", "y"], "face": []},
        {"card": {"A": np.array([True, False]), "B": np.array([True, True])},
         "face": {arm: np.zeros(0, bool) for arm in "AB"}},
        {"card": owned, "face": {arm: np.zeros((4, 2, 0)) for arm in "AB"}},
        ROLES)


def row(comparison, item: str, measure: str) -> dict:
    rows = comparison.rows.filter((comparison.rows["item"] == item)
                                  & (comparison.rows["measure"] == measure))
    assert rows.height == 1
    return rows.row(0, named=True)


def ttest(a, b) -> tuple[float, float, float]:
    """scipy's paired t-test of b - a: (p, low, high)."""
    result = sps.ttest_rel(b, a)
    ci = result.confidence_interval(0.95)
    return result.pvalue, ci.low, ci.high


def test_win_rates_of_seats_first_seat_and_bots_are_the_counted_ones():
    comparison = compare_games(four_games())
    # Seat 0 wins 2 of 4 in A, 3 of 4 in B; the first seat's row holds WR - 1/2.
    assert (row(comparison, "seat 0", "win_rate")["a"], row(comparison, "seat 0", "win_rate")["b"]
            ) == (0.5, 0.75)
    first = row(comparison, "first seat advantage (seat 0 - 1/N)", "win_rate")
    assert (first["a"], first["b"], first["difference"]) == (0.0, 0.25, 0.25)
    # Bot e wins games 0 and 1 in A (seat 0, then seat 1), games 0, 2, 3 in B.
    e, h = row(comparison, "bot e", "win_rate"), row(comparison, "bot h", "win_rate")
    assert (e["a"], e["b"], h["a"], h["b"]) == (0.5, 0.75, 0.5, 0.25)
    p, low, high = ttest(WIN["A"][:, 0], WIN["B"][:, 0])
    assert first["p"] == pytest.approx(p, rel=1e-12)
    assert (first["low"], first["high"]) == pytest.approx((low, high), rel=1e-12)


def test_game_measures_are_scipy_paired_t_tests():
    comparison = compare_games(four_games())
    per_game = {
        "mean score": lambda s: s.mean(axis=1),
        "score SD within a game": lambda s: s.std(axis=1),
        "winner's margin": lambda s: np.sort(s, axis=1)[:, -1] - np.sort(s, axis=1)[:, -2],
    }
    for item, of in per_game.items():
        a, b = of(SCORE["A"]), of(SCORE["B"])
        got = row(comparison, item, "score")
        assert (got["a"], got["b"]) == pytest.approx((a.mean(), b.mean()), rel=1e-12)
        assert (got["p"], got["low"], got["high"]) == pytest.approx(ttest(a, b), rel=1e-12)
    assert (row(comparison, "mean score", "score")["a"],
            row(comparison, "mean score", "score")["b"]) == (26.75, 28.375)


def test_take_rates_and_owners_win_rates_of_both_arms():
    comparison = compare_games(four_games())
    # Take rate: owners over seat-games offered (4 games x 2 seats); NaN where not offered.
    x_take, x_owned = row(comparison, "x", "take_rate"), row(comparison, "x", "owned_wr")
    assert (x_take["in"], x_take["a"], x_take["b"]) == ("both", 3 / 8, 4 / 8)
    assert x_take["difference"] == pytest.approx(1 / 8, rel=1e-12)
    # Owners' win rate: A's owners won games 0 and 2 of their 3; B's seat 0 won 3 of 4.
    assert (x_owned["a"], x_owned["b"]) == (2 / 3, 3 / 4)
    y_take, y_owned = row(comparison, "y", "take_rate"), row(comparison, "y", "owned_wr")
    assert y_take["in"] == "B only" and math.isnan(y_take["a"]) and y_take["b"] == 1 / 8
    assert math.isnan(y_owned["a"]) and y_owned["b"] == 1.0
    assert math.isnan(y_take["p"]) and math.isnan(y_take["difference"])


def test_p_adj_is_benjamini_hochberg_within_each_section_once_per_hypothesis():
    rows = compare_games(four_games()).rows
    for section in ("game", "card"):
        here = rows.filter(rows["section"] == section)
        tested = here.filter(here["same_as"].is_null() & here["p"].is_not_nan())
        expected = sps.false_discovery_control(tested["p"].to_numpy(), method="bh")
        assert tested["p_adj"].to_numpy() == pytest.approx(expected, rel=1e-12)
    game = rows.filter(rows["section"] == "game")
    assert game.filter(game["same_as"].is_null() & game["p"].is_not_nan()).height == 7
    # A repeated hypothesis carries its original's adjusted p.
    seat_1 = game.filter(game["item"] == "seat 1").row(0, named=True)
    seat_0 = game.filter(game["item"] == "seat 0").row(0, named=True)
    assert seat_1["same_as"] == "game seat 0 win_rate" and seat_1["p_adj"] == seat_0["p_adj"]


@pytest.mark.parametrize(("endpoint", "ok"), [
    ("seat:0", True), ("seat:1", True), ("seat:2", False), ("seat:x", False), ("seat:", False),
    ("bot:e", True), ("bot:", False), ("score", True), ("wins", False)])
def test_check_endpoint_takes_every_seat_of_the_game_and_no_other(endpoint, ok):
    if ok:
        check_endpoint(endpoint, players=2)
    else:
        with pytest.raises(UserError, match=r"seat:0\.\.1, bot:NAME"):
            check_endpoint(endpoint, players=2)


HEADLINES = {
    # The first seat's row is WR - 1/2: the headline adds the 1/N back.
    "first_seat": "B (alt)'s first seat wins 75.0% vs A (base)'s 50.0%: +25.0 points "
                  "(-127.3 to 177.3, 95% paired, p = 0.64) over 4 paired games",
    "seat:1": "B (alt)'s seat 1 wins 25.0% vs A (base)'s 50.0%: -25.0 points "
              "(-177.3 to 127.3, 95% paired, p = 0.64) over 4 paired games",
    "bot:e": "B (alt)'s bot e wins 75.0% vs A (base)'s 50.0%: +25.0 points "
             "(-127.3 to 177.3, 95% paired, p = 0.64) over 4 paired games",
    "tie_rate": "B (alt)'s games tie 25.0% vs A (base)'s 0.0%: +25.0 points "
                "(-54.6 to 104.6, 95% paired, p = 0.39) over 4 paired games",
    # A difference of exactly 0 is "+0.00"; a negative one keeps its sign.
    "rounds": "B (alt)'s rounds per game are 9.75 vs A (base)'s 9.75: +0.00 "
              "(-1.30 to 1.30, 95% paired, p = 1) over 4 paired games",
    "spread": "B (alt)'s score spread (SD within a game) is 2.12 vs A (base)'s 3.25: -1.12 "
              "(-4.71 to 2.46, 95% paired, p = 0.39) over 4 paired games",
}


@pytest.mark.parametrize("endpoint", list(HEADLINES))
def test_headline_words_every_endpoint(endpoint):
    assert headline(compare_games(four_games(), endpoint), "base", "alt") == HEADLINES[endpoint]


def test_headline_signs_a_small_negative_difference_minus():
    comparison = compare_games(four_games(), "tie_rate")
    small = dataclasses.replace(comparison, primary=dataclasses.replace(
        comparison.primary, difference=-0.0004))
    assert ": -0.0 points (" in headline(small, "base", "alt")
    assert ": +0.0 points (" in headline(dataclasses.replace(small, primary=dataclasses.replace(
        comparison.primary, difference=0.0004)), "base", "alt")


def test_pairing_note_says_the_correlation_and_the_games_saved():
    # Mean score: the arms' per-game means correlate; an unpaired design needs
    # var(a) + var(b) over var(b - a) times the games.
    a, b = SCORE["A"].mean(axis=1), SCORE["B"].mean(axis=1)
    ratio = (a.var(ddof=1) + b.var(ddof=1)) / (b - a).var(ddof=1)
    independent = math.ceil(4 * ratio)
    assert (round(float(np.corrcoef(a, b)[0, 1]), 2), independent) == (1.0, 178)
    assert pairing_note(compare_games(four_games(), "score")) == (
        "pairing: the arms correlate 1.00 game by game on the endpoint (score); two "
        "independent arms would need 178 games each for this precision, 44.47 times the 4 "
        "played: the pairing saved 174 games per arm")
    # Anticorrelated arms: the pairing cost precision, and saved no games (never negative).
    assert pairing_note(compare_games(four_games(), "first_seat")).endswith(
        "would need 3 games each for this precision, 0.64 times the 4 played: the pairing "
        "saved 0 games per arm")
    same = dataclasses.replace(four_games(), win={"A": WIN["A"], "B": WIN["A"]})
    assert pairing_note(compare_games(same, "first_seat")) == (
        "pairing: no spread in the paired differences, nothing to measure")


def test_endpoint_z_is_the_paired_t_statistic():
    report = Report(compare_games(four_games(), "score"), "base", "alt", ())
    a, b = SCORE["A"].mean(axis=1), SCORE["B"].mean(axis=1)
    assert endpoint_z(report) == pytest.approx(sps.ttest_rel(b, a).statistic, rel=1e-12)
    first = Report(compare_games(four_games()), "base", "alt", ())
    assert endpoint_z(first) == pytest.approx(
        sps.ttest_rel(WIN["B"][:, 0], WIN["A"][:, 0]).statistic, rel=1e-12)
    same = dataclasses.replace(four_games(), win={"A": WIN["A"], "B": WIN["A"]})
    assert math.isnan(endpoint_z(Report(compare_games(same), "base", "alt", ())))


def cells(text: str, item: str, measure: str) -> list[str]:
    """The cells of a table row, by its item and measure: a text table wider than a terminal
    comes in blocks of columns, each led by the same three labels (item, measure, in)."""
    found: list[str] = []
    for line in text.splitlines():
        parts = [c.strip() for c in line.strip("|").split("|")]
        if parts[:2] == [item, measure]:
            found += parts if not found else parts[3:]
    if not found:
        raise AssertionError(f"no row {item} {measure} in\n{text}")
    return found


def test_the_text_table_a_user_reads():
    report = Report(compare_games(four_games()), "base", "alt", ("a/run", "b/run"))
    text, notes = report_output(report, "table", all_rows=True)
    lines = text.splitlines()
    assert lines[0] == HEADLINES["first_seat"]
    assert lines[1:3] == ["", "The game as a whole"]
    assert "Heroic Feat cards" in lines
    # item | measure | in | a | b | difference | low | high | p | p_adj | ...
    assert cells(text, "x", "take_rate")[2:5] == ["both", "0.375", "0.500"]
    assert cells(text, "x", "owned_wr")[2:5] == ["both", "0.667", "0.750"]
    assert cells(text, "y", "take_rate")[2:6] == ["B only", "NaN", "0.125", "NaN"]
    assert cells(text, "seat 0", "win_rate")[3:10] == [
        "0.500", "0.750", "0.250", "-1.273", "1.773", "0.64", "0.74"]
    assert cells(text, "seat 1", "win_rate")[-1] == "game seat 0 win_rate"
    assert notes[:2] == ("a/run", "b/run") and notes[2].startswith("pairing: the arms correlate")
    # Without --all-rows the component rows in both arms that did not move are hidden.
    shown, notes = report_output(report, "table")
    assert "| x " not in shown and "| y " in shown
    assert notes[-1] == ("2 component rows in both arms that did not move (p_adj >= 0.05) "
                         "hidden; --all-rows shows them")
