"""Issue 36: the balance table's numbers and words, pinned on hand-made games.

Three runs written by hand (2, 3 and 4 players, and a solo game) whose every metric is counted
here from the games as written; intervals that resample games are the statistics module's own
functions applied to matrices written out in the test, so what is checked is that
analytics.experiments.balance hands each of them the right games, columns, B and seed. Each
test calls balance_table itself (mutation testing runs only the tests that reach a mutant).
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from scipy import stats as sps
from statsmodels.stats.proportion import proportion_confint, proportions_ztest

from analytics.experiments.balance import balance_table, balance_wide, parse_player_counts
from analytics.stats import balance as bs
from tests.analytics_fixtures import LogBuilder, feat, glory

# Two players, ten games: seat 0 wins the first eight 5-2, game 8 is a 4-4 tie, seat 1 wins
# game 9 6-1. The economist sits in seat 0 of the even games, seat 1 of the odd ones.
TWO_SCORES = [(5, 2)] * 8 + [(4, 4), (1, 6)]
TWO_ROUNDS = [8, 9, 10, 8, 9, 10, 8, 9, 10, 8]
TWO_DECISIONS = [50 + 10 * i for i in range(10)]
# Three players, fifteen games: the economist (rotating seats) wins thirteen.
THREE_BOTS = ("economist", "random", "hero")


def two_players(folder: Path) -> Path:
    b = LogBuilder(run_id="two", players=2)
    for i, scores in enumerate(TWO_SCORES):
        bots = ("economist", "random") if i % 2 == 0 else ("random", "economist")
        g = b.game(11 + i, scores, bots=bots, rounds=TWO_ROUNDS[i], n_decisions=TWO_DECISIONS[i])
        # seat 1 leads after round 1 (a die face), seat 0 after round 2
        glory(b, g, 1, 1, 2, "glory_2")
        if scores == (5, 2):
            glory(b, g, 2, 0, 4, "glory_2")
            glory(b, g, TWO_ROUNDS[i] + 1, 0, 1, "silver_hind")  # printed, scored at the end
        elif scores == (4, 4):
            glory(b, g, 2, 0, 4, "glory_2")
            glory(b, g, 3, 1, 2, "blacksmiths_hammer")  # level again: no sole leader
        else:
            glory(b, g, 2, 0, 1, "glory_2")
            glory(b, g, 5, 1, 4, "titans_favour")  # a cause no component names: other
        feat(b, g, 2, 0, "silver_hind" if i < 6 else "elder")
    return b.write(folder)


def three_players(folder: Path) -> Path:
    b = LogBuilder(run_id="three", players=3)
    for i in range(15):
        bots = THREE_BOTS[i % 3:] + THREE_BOTS[:i % 3]
        winner = bots.index("economist") if i < 13 else (i - 12)  # games 13, 14: seats 1, 2
        scores = tuple(3 if seat == winner else 1 for seat in range(3))
        g = b.game(31 + i, scores, bots=bots, rounds=9, n_decisions=30)
        for seat, points in enumerate(scores):
            glory(b, g, 3, seat, points, "glory_2")
        feat(b, g, 4, 1, "silver_hind")
    return b.write(folder)


def four_players(folder: Path) -> Path:
    b = LogBuilder(run_id="four", players=4)
    for i, scores in enumerate([(4, 1, 1, 1), (1, 1, 1, 4)]):
        g = b.game(51 + i, scores, rounds=9, n_decisions=40)
        for seat, points in enumerate(scores):
            glory(b, g, 3, seat, points, "glory_2")
        feat(b, g, 4, 0, "elder")
    return b.write(folder)


def write_runs(folder: Path) -> list[Path]:
    return [two_players(folder / "two"), three_players(folder / "three"),
            four_players(folder / "four")]


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> list[str]:
    """The logs only: each test computes its table itself."""
    return [str(p) for p in write_runs(tmp_path_factory.mktemp("balance"))]


# The same games as matrices, one row per game, written out from the games above.
SEAT_WINS_2 = np.array([[1.0, 0.0]] * 8 + [[0.5, 0.5], [0.0, 1.0]])
ECONOMIST_WINS_2 = [1, 0, 1, 0, 1, 0, 1, 0, 0.5, 1]  # even games seat 0, odd games seat 1
# die, printed, hammer, other
GLORY_2 = np.array([[6.0, 1, 0, 0]] * 8 + [[6, 0, 2, 0], [3, 0, 0, 4]])
BOUGHT_2 = np.array([[0.0, 1]] * 6 + [[1, 0]] * 4)  # elder, silver_hind
LEAD_CHANGES_2 = [1 / r for r in TWO_ROUNDS[:8]] + [1 / 10, 0]
DECIDED_AT_2 = [2 / (r + 1) for r in TWO_ROUNDS[:8]] + [0, 1 / 9]  # ahead from round 2; the tie
# at once (no one else won); game 9: seat 1 ahead from round 1 of 8 + final scoring


def rows_of(frame, players: int) -> dict[str, dict]:
    return {r["metric"]: r for r in frame.to_dicts() if r["players"] == players}


def t_interval(values) -> tuple[float, float, float]:
    values = np.asarray(values, dtype=float)
    low, high = sps.t.interval(0.95, len(values) - 1, values.mean(), sps.sem(values))
    return values.mean(), low, high


def bounds(row: dict) -> tuple:
    return row["estimate"], row["low"], row["high"]


def test_metrics_of_each_player_count_in_order(runs):
    frame = balance_table(runs, n_boot=50).frame
    assert frame.columns == ["players", "section", "metric", "estimate", "low", "high", "n",
                             "p_value", "p_adj", "method"]
    two = frame.filter(frame["players"] == 2)
    assert list(zip(two["section"], two["metric"], strict=True)) == [
        ("seats", "fair WR (1/N)"), ("seats", "seat 0 WR"), ("seats", "seat 1 WR"),
        ("seats", "chi-square vs 1/N"), ("seats", "Balance (Ludii)"), ("outcome", "tie rate"),
        ("duration", "rounds mean"), ("duration", "rounds SD"), ("duration", "rounds p95"),
        ("duration", "decisions mean"), ("duration", "decisions SD"),
        ("duration", "decisions p95"), ("outcome", "lead changes per round"),
        ("outcome", "decided_at"), ("outcome", "score SD within a game"),
        ("outcome", "margin (winner - runner-up)"),
        # the roles' order of sources (die face, printed, effect, hammer), then the others
        ("glory", "Glory share: die_face"), ("glory", "Glory share: card_printed"),
        ("glory", "Glory share: hammer"), ("glory", "Glory share: other"),
        ("strategy", "economist share of seats"), ("strategy", "economist share of wins"),
        ("strategy", "random share of seats"), ("strategy", "random share of wins"),
        ("strategy", "purchase entropy (bits)")]
    assert frame["players"].unique().sort().to_list() == [2, 3, 4]
    assert set(frame.filter(frame["players"] == 2)["n"].to_list()) == {10}
    assert set(frame.filter(frame["players"] == 3)["n"].to_list()) == {15}


def test_seat_win_rates_tests_and_balance(runs):
    got = rows_of(balance_table(runs, n_boot=50).frame, 2)
    fair = got["fair WR (1/N)"]
    assert (fair["estimate"], fair["low"], fair["high"], fair["n"], fair["p_value"],
            fair["p_adj"], fair["method"]) == (0.5, None, None, 10, None, None,
                                               "fixed by the setup")
    # seat 0 won 8 games and half of the tie: 8.5 of 10; one test for two seats (p_adj = p)
    p = proportions_ztest(8.5, 10, 0.5, prop_var=0.5)[1]
    for seat, wins in ((0, 8.5), (1, 1.5)):
        row = got[f"seat {seat} WR"]
        low, high = proportion_confint(wins, 10, method="wilson")
        assert bounds(row) == pytest.approx((wins / 10, low, high), rel=1e-9)
        assert (row["p_value"], row["p_adj"]) == pytest.approx((p, p), rel=1e-9)
    chi = got["chi-square vs 1/N"]  # (8.5 - 5)^2 / 5 + (1.5 - 5)^2 / 5
    assert (chi["estimate"], chi["n"], chi["p_adj"]) == (pytest.approx(4.9), 10, None)
    assert chi["p_value"] == pytest.approx(sps.chi2.sf(4.9, 1), rel=1e-9)
    balance = got["Balance (Ludii)"]  # 1 - (8.5 - 1.5) / 10
    expected = bs.seat_advantage(SEAT_WINS_2, 50, 0).balance
    assert bounds(balance) == pytest.approx((0.3, expected.low, expected.high), rel=1e-12)
    assert balance["p_value"] is None and balance["p_adj"] is None


def test_outcome_and_duration_per_game(runs):
    got = rows_of(balance_table(runs, n_boot=50).frame, 2)
    ties = proportion_confint(1, 10, method="wilson")
    assert bounds(got["tie rate"]) == pytest.approx((0.1, *ties), rel=1e-9)
    for metric, values in (("rounds mean", TWO_ROUNDS), ("decisions mean", TWO_DECISIONS),
                           ("lead changes per round", LEAD_CHANGES_2),
                           ("decided_at", DECIDED_AT_2),
                           ("score SD within a game", [1.5] * 8 + [0, 2.5]),
                           ("margin (winner - runner-up)", [3] * 8 + [0, 5])):
        assert bounds(got[metric]) == pytest.approx(t_interval(values), rel=1e-9), metric
        assert got[metric]["method"] == "t interval over games"
    for name, values in (("rounds", TWO_ROUNDS), ("decisions", TWO_DECISIONS)):
        sd, p95 = bs.spread(np.array(values, dtype=float), 50, 0)
        assert got[f"{name} SD"]["estimate"] == pytest.approx(np.std(values, ddof=1))
        assert bounds(got[f"{name} SD"]) == pytest.approx((sd.estimate, sd.low, sd.high))
        assert bounds(got[f"{name} p95"]) == (max(values), p95.low, p95.high)


def test_score_sources_bots_and_purchases(runs):
    got = rows_of(balance_table(runs, n_boot=50).frame, 2)
    shares = bs.shares(GLORY_2, 50, 0)
    for source, total, share in zip(("die_face", "card_printed", "hammer", "other"),
                                    (57, 8, 2, 4), shares, strict=True):
        row = got[f"Glory share: {source}"]
        assert bounds(row) == pytest.approx((total / 71, share.low, share.high), rel=1e-12)
        assert row["section"] == "glory"
    wins = np.column_stack([ECONOMIST_WINS_2, 1 - np.array(ECONOMIST_WINS_2)])
    for bot, share in zip(("economist", "random"), bs.shares(wins, 50, 0), strict=True):
        seats, won = got[f"{bot} share of seats"], got[f"{bot} share of wins"]
        assert (seats["estimate"], seats["low"], seats["p_value"]) == (0.5, None, None)
        p = bs.gap_p_value(share, 0.5)  # two bots: one test
        assert (*bounds(won), won["p_value"], won["p_adj"]) == pytest.approx(
            (share.estimate, share.low, share.high, p, p), rel=1e-12)
    assert got["economist share of wins"]["estimate"] == pytest.approx(5.5 / 10)
    entropy = got["purchase entropy (bits)"]  # 4 Elders, 6 Silver Hinds
    expected = bs.purchase_entropy(BOUGHT_2, 50, 0, "cards")
    assert bounds(entropy) == pytest.approx(
        (-(0.4 * math.log2(0.4) + 0.6 * math.log2(0.6)), expected.low, expected.high))
    assert entropy["method"] == ("entropy in bits (max 1.00 = 2 cards bought equally), "
                                 "bootstrap over games")


def test_three_bots_are_tested_by_holm_and_named_in_the_verdict(runs):
    from statsmodels.stats.multitest import multipletests

    result = balance_table(runs, n_boot=50)
    got = rows_of(result.frame, 3)
    # every seat won 5 of 15: exactly fair
    assert [got[f"seat {s} WR"]["p_adj"] for s in range(3)] == [1.0] * 3
    # the economist won 13 of 15 from a third of the seats, hero and random one each
    per_game = np.zeros((15, 3))
    for i in range(15):
        bots = THREE_BOTS[i % 3:] + THREE_BOTS[:i % 3]
        winner = "economist" if i < 13 else bots[i - 12]
        per_game[i, ("economist", "hero", "random").index(winner)] = 1
    shares = bs.shares(per_game, 50, 0)
    p = [bs.gap_p_value(s, 1 / 3) for s in shares]
    holm = multipletests(p, method="holm")[1]
    for bot, share, p_bot, adjusted in zip(("economist", "hero", "random"), shares, p, holm,
                                           strict=True):
        row = got[f"{bot} share of wins"]
        assert (row["estimate"], row["p_value"], row["p_adj"]) == pytest.approx(
            (share.estimate, p_bot, adjusted), rel=1e-9)
        assert got[f"{bot} share of seats"]["estimate"] == pytest.approx(1 / 3)
    assert result.verdicts[1] == (
        "3 players (15 games): no seat is clearly off a fair share; the largest gap: seat 0 "
        "wins exactly a fair share (33.3%): 33.3%, 95% 15.2%-58.3%, n = 15 games; a gap this "
        "size is common when seats are fair (adjusted p = 1.0, Holm over 3 seats). Between the "
        "bots: bot economist wins more than its share of seats (33.3%): 86.7%, 95% "
        f"{shares[0].low:.1%}-{shares[0].high:.1%}, n = 15 games; this gap would be very "
        "unlikely if the bots were equally strong (adjusted p < 0.001, Holm over 3 bots).")


def test_verdicts_and_notes(runs):
    result = balance_table(runs, n_boot=50, seed=3)
    assert result.verdicts[0] == (
        "2 players (10 games): seat 0 wins more than a fair share (50.0%): 85.0%, 95% "
        "54.1%-96.5%, n = 10 games; this gap would be unusual if seats were fair (adjusted "
        "p = 0.027, one test: two seats share one whole).")
    assert result.verdicts[2] == (
        "4 players (2 games): too few games to test a seat's share (at least 20 needed: 5 "
        "expected wins and 5 losses per seat).")
    assert len(result.verdicts) == 3
    assert result.footnotes[0] == (
        "read: 10 games at 2 players; 15 games at 3 players; 2 games at 4 players (filters: "
        "all games); intervals 95% (Wilson for rates, t over games for means, bootstrap over "
        "whole games otherwise, B=50, seed 3)")
    assert len(result.footnotes) == 3  # Dice Forge plays card sets: no list of assumption sets
    # every resampled interval drawn from seed 3
    got = rows_of(result.frame, 2)
    expected = {"Balance (Ludii)": bs.seat_advantage(SEAT_WINS_2, 50, 3).balance,
                "rounds SD": bs.spread(np.array(TWO_ROUNDS, dtype=float), 50, 3)[0],
                "decisions p95": bs.spread(np.array(TWO_DECISIONS, dtype=float), 50, 3)[1],
                "Glory share: other": bs.shares(GLORY_2, 50, 3)[3],
                "economist share of wins": bs.shares(np.column_stack(
                    [ECONOMIST_WINS_2, 1 - np.array(ECONOMIST_WINS_2)]), 50, 3)[0],
                "purchase entropy (bits)": bs.purchase_entropy(BOUGHT_2, 50, 3)}
    for metric, estimate in expected.items():
        assert bounds(got[metric]) == pytest.approx(
            (estimate.estimate, estimate.low, estimate.high), rel=1e-12), metric
    assert got["Balance (Ludii)"]["method"] == "1 - max seat gap, bootstrap over games (B=50)"


def test_the_defaults_are_a_thousand_resamples_from_seed_0(runs):
    result = balance_table(runs)
    assert result.footnotes[0].endswith("B=1000, seed 0)")
    balance = rows_of(result.frame, 2)["Balance (Ludii)"]
    expected = bs.seat_advantage(SEAT_WINS_2, 1000, 0).balance
    assert (balance["low"], balance["high"]) == (expected.low, expected.high)


def test_filters_keep_the_games_asked_for(runs):
    from analytics.query.database import Filters

    result = balance_table(runs, Filters(players=(3,)), n_boot=50)
    assert result.frame["players"].unique().to_list() == [3]
    assert result.footnotes[0].startswith("read: 15 games at 3 players (filters: players=3); ")
    assert len(result.verdicts) == 1 and result.verdicts[0].startswith("3 players (15 games)")


def test_a_game_of_assumption_sets_says_which_were_read_and_a_solo_seat_has_every_seat(
        tmp_path):
    """Altera plays assumption sets: the notes name the set read. One solo game (seed 4: an
    artifact bought) is the whole of its bot's seats."""
    from analytics.runs.simulate import RunConfig, run_simulation

    run = run_simulation(RunConfig(game="altera", players=1, games=1, seed=4, bots=("random",),
                                   card_set="default"), tmp_path / "solo", workers=1,
                         progress=False)
    result = balance_table([run], n_boot=20)
    under = result.footnotes[1]
    assert under.startswith("under assumption set default [") and under.endswith("] 1 games")
    assert len(result.footnotes) == 4
    seats = rows_of(result.frame, 1)["random share of seats"]
    assert (seats["estimate"], seats["n"]) == (1.0, 1)
    assert result.verdicts == ("1 players (1 games): one seat, which wins 0.0% of its games "
                               "(against the solo opponent).",)


# --- the table as a person reads it ------------------------------------------------------------

def test_wide_table_rows_follow_the_most_seats_then_the_rest(runs):
    wide = balance_wide(balance_table(runs, n_boot=50).frame)
    assert wide.columns == ["section", "metric", "2 players", "3 players", "4 players"]
    assert wide.row(0) == ("", "games", "10", "15", "2")
    metrics = wide["metric"].to_list()
    # the 4-player metrics first (seat 3 among the seats), then the bots only 3 players had,
    # then the sources only 2 players had
    assert metrics[1:7] == ["fair WR (1/N)", "seat 0 WR", "seat 1 WR", "seat 2 WR", "seat 3 WR",
                            "chi-square vs 1/N"]
    assert metrics[-7:] == ["economist share of seats", "economist share of wins",
                            "hero share of seats", "hero share of wins",
                            "Glory share: card_printed", "Glory share: hammer",
                            "Glory share: other"]
    cells = {r["metric"]: r for r in wide.to_dicts()}
    assert cells["seat 0 WR"]["2 players"] == "0.850 [0.541, 0.965] (adjusted p = 0.027)"
    assert cells["seat 3 WR"]["2 players"] is None
    assert cells["chi-square vs 1/N"]["2 players"] == "4.900 (p = 0.027)"
    assert cells["chi-square vs 1/N"]["4 players"] == "2.000"  # too few games: no p
    assert cells["fair WR (1/N)"]["3 players"] == "0.333"
    assert cells["decisions mean"]["2 players"] == "95.000 [73.341, 116.7]"


def test_wide_cells_bounds_and_p_values():
    import polars as pl

    from analytics.experiments.balance import COLUMNS

    def row(metric, estimate, low, high, p_value, p_adj, n=1234):
        return {"players": 4, "section": "s", "metric": metric, "estimate": estimate,
                "low": low, "high": high, "n": n, "p_value": p_value, "p_adj": p_adj,
                "method": ""}

    frame = pl.DataFrame([row("a", 100.0, -100.0, 99.99, None, None),
                          row("b", -150.0, None, 3.0, 0.2, None),
                          row("c", 0.5, 0.25, None, 0.0004, 0.03, n=7),
                          row("d", None, None, None, None, None)],
                         schema={c: pl.Float64 for c in COLUMNS} | {
                             "players": pl.Int64, "section": pl.String, "metric": pl.String,
                             "n": pl.Int64, "method": pl.String})
    wide = balance_wide(frame)
    assert wide.rows() == [("", "games", "1,234"), ("s", "a", "100.0 [-100.0, 99.990]"),
                           ("s", "b", "-150.0 (p = 0.20)"),
                           ("s", "c", "0.500 (adjusted p = 0.030)"), ("s", "d", "")]


def test_the_balance_command_prints_the_wide_table(runs):
    from click.testing import CliRunner

    from analytics.cli.app import main

    result = CliRunner().invoke(main, ["balance", "--logs", runs[0]])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert {"|          | games                       | 10                                        |",  # noqa: E501
            "| seats    | seat 0 WR                   | 0.850 [0.541, 0.965] (adjusted p = 0.027) |",  # noqa: E501
            "| seats    | chi-square vs 1/N           | 4.900 (p = 0.027)                         |",  # noqa: E501
            "| duration | decisions p95               | 140.0 [119.8, 140.0]                      |",  # noqa: E501
            } <= set(lines)


@pytest.mark.parametrize(("text", "counts"), [("2,3,4", (2, 3, 4)), (" 3 ", (3,)),
                                               ("4, 2,", (4, 2)), ("10", (10,))])
def test_player_counts_written_plainly(text, counts):
    assert parse_player_counts(text) == counts


@pytest.mark.parametrize("text", ["two", "", ",", "2,x", "٣", "1_0", "2,-3", "+2"])
def test_player_counts_refused(text):
    from analytics.errors import UserError

    with pytest.raises(UserError) as error:
        parse_player_counts(text)
    assert str(error.value) == f"--players {text!r}: expected player counts such as 2,3,4"


def test_a_run_without_games_is_an_empty_table_of_the_same_columns(tmp_path):
    import polars as pl

    result = balance_table([LogBuilder().write(tmp_path / "empty")], n_boot=10)
    assert dict(result.frame.schema) == {
        "players": pl.Int64, "section": pl.String, "metric": pl.String, "estimate": pl.Float64,
        "low": pl.Float64, "high": pl.Float64, "n": pl.Int64, "p_value": pl.Float64,
        "p_adj": pl.Float64, "method": pl.String}
    assert result.frame.height == 0 and result.verdicts == ()
    assert result.footnotes[0].startswith("read: no games (filters: all games); ")
