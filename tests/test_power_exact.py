"""`experiments/power` exactly (issue 36): each function called inside each test, its answer
checked against statsmodels' power solvers or numpy over the paired runs' games, and the words
a user reads (notes, errors, the text table) whole."""

from __future__ import annotations

import math

import numpy as np
import pytest
from click.testing import CliRunner
from statsmodels.stats.power import NormalIndPower, TTestPower
from statsmodels.stats.proportion import proportion_effectsize

from analytics.cli.app import main as cli
from analytics.errors import UserError
from analytics.experiments import power as pw
from tests.test_power import GAMES, _run, _winners


@pytest.fixture(scope="module")
def arms(tmp_path_factory):
    """Two paired runs of 60 four-player games (the logs only: every answer is computed in
    the tests)."""
    root = tmp_path_factory.mktemp("power_exact")
    return _run(root / "a", "A"), _run(root / "b", "B")


def _wins(arm: str) -> np.ndarray:
    return np.eye(4)[_winners(arm)]


def _t_games(effect_size: float, alpha: float = 0.05, power: float = 0.8) -> float:
    return TTestPower().solve_power(effect_size=effect_size, alpha=alpha, power=power)


# --- endpoints -------------------------------------------------------------------------------

@pytest.mark.parametrize(("endpoint", "parsed", "words"), [
    ("seat:0", ("seat", "0"), "seat 0's win rate"),
    ("bot:hero", ("bot", "hero"), "bot hero's win share (the win rate of its seats)"),
    ("value:elder", ("value", "elder"),
     "elder's value on its buyers (their win rate with it minus without, same seeds)"),
    ("score", ("score", ""), "the mean score per game"),
])
def test_each_endpoint_parsed_and_described(endpoint, parsed, words):
    assert pw.parse_endpoint(endpoint) == parsed
    assert pw.describe(endpoint) == words


@pytest.mark.parametrize("endpoint", ["score:1", "seat", "seat:", "bot:", "value:", "colour",
                                      "", "Seat:0"])
def test_a_malformed_endpoint_is_a_user_error(endpoint):
    with pytest.raises(UserError) as error:
        pw.parse_endpoint(endpoint)
    assert str(error.value) == (f"--endpoint {endpoint!r}: choose seat:N, bot:NAME, value:CARD "
                                "or score")


# --- assumed spreads -------------------------------------------------------------------------

def test_an_assumed_spread_says_where_it_comes_from():
    paired = pw.assumed_spread("seat:1", 0.3, None, True)
    assert (paired.endpoint, paired.base, paired.correlation) == ("seat:1", 0.3, 0.5)
    assert math.isnan(paired.sd) and not paired.measured
    assert paired.source == ("ASSUMED, not measured: a Bernoulli win at --base, correlation "
                             "0.500 (pass --logs-a/--logs-b of two paired runs to measure it)")
    given = pw.assumed_spread("bot:hero", 0.3, 0.25, True)
    assert given.correlation == 0.25 and "correlation 0.250 (pass" in given.source
    alone = pw.assumed_spread("seat:1", 0.3, 0.25, False)
    assert math.isnan(alone.correlation) and math.isnan(alone.sd)
    assert alone.source == "ASSUMED: a Bernoulli win at --base"


@pytest.mark.parametrize("endpoint", ["score", "value:elder"])
def test_an_endpoint_without_a_base_rate_must_be_measured(endpoint):
    with pytest.raises(UserError) as error:
        pw.assumed_spread(endpoint, 0.25, None, True)
    assert str(error.value) == (f"--endpoint {endpoint}: its spread must be measured; give "
                                "--paired --logs-a A --logs-b B (two paired runs)")


def test_a_measured_spread_is_one_whose_sd_is_known():
    assert pw.Spread("score", 7.0, 1.5, 0.2, "x").measured
    assert pw.Spread("score", 7.0, 0.0, 0.2, "x").measured


# --- games needed ----------------------------------------------------------------------------

def test_games_from_a_measured_spread_are_the_paired_t_tests():
    spread = pw.Spread("score", 7.0, 2.0, 0.4, "measured")
    for effect in (0.5, -0.5):
        assert pw.games_needed(spread, effect, 0.05, 0.8, True) == pytest.approx(
            _t_games(0.25), rel=1e-6)
    assert pw.games_needed(spread, 0.3, 0.01, 0.9, False) == pytest.approx(
        _t_games(0.15, 0.01, 0.9), rel=1e-6)


def test_games_from_a_small_measured_spread_are_few_not_a_traceback():
    # an effect of 10 SDs: scipy's wrong-way tail was NaN and stopped the solver (fixed)
    spread = pw.Spread("score", 7.0, 0.1, 0.4, "measured")
    frame = pw.power_frame([spread], (1.0,), 0.05, 0.8, True)
    assert frame["games"].to_list() == [3]  # 2.06 pairs: power 0.8 at 2.06 by statsmodels
    assert TTestPower().power(effect_size=10.0, nobs=2.06, alpha=0.05) == pytest.approx(
        0.8, abs=1e-3)


def test_games_from_an_assumed_spread_cohens_h_or_the_paired_t():
    independent = pw.assumed_spread("seat:0", 0.25, None, False)
    h = abs(proportion_effectsize(0.28, 0.25))
    assert pw.games_needed(independent, 0.03, 0.05, 0.8, False) == pytest.approx(
        NormalIndPower().solve_power(effect_size=h, alpha=0.05, power=0.8), rel=1e-6)
    paired = pw.assumed_spread("seat:0", 0.25, 0.3, True)
    assert pw.games_needed(paired, 0.03, 0.05, 0.8, True) == pytest.approx(
        _t_games(0.03 / _paired_sd(0.25, 0.03, 0.3)), rel=1e-6)


def test_games_from_an_assumed_spread_at_another_alpha_and_power():
    independent = pw.assumed_spread("seat:0", 0.4, None, False)
    h = abs(proportion_effectsize(0.35, 0.4))
    assert pw.games_needed(independent, -0.05, 0.01, 0.9, False) == pytest.approx(
        NormalIndPower().solve_power(effect_size=h, alpha=0.01, power=0.9), rel=1e-6)


@pytest.mark.parametrize(("base", "effect"), [(0.0, 0.1), (1.0, -0.1), (0.2, -0.2),
                                              (0.8, 0.2), (0.3, 0.0), (0.5, 0.6)])
def test_an_assumed_win_rate_must_stay_strictly_between_0_and_1(base, effect):
    spread = pw.assumed_spread("seat:0", base, None, False)
    with pytest.raises(UserError) as error:
        pw.games_needed(spread, effect, 0.05, 0.8, False)
    assert str(error.value) == (f"--base {base} with --effect {effect} must give two different "
                                "win rates strictly between 0 and 1")


def test_win_rates_just_inside_0_and_1_are_planned():
    for base, effect in ((0.01, 0.98), (0.99, -0.98)):
        spread = pw.assumed_spread("seat:0", base, None, False)
        assert pw.games_needed(spread, effect, 0.05, 0.8, False) > 0


# --- the frame, the notes, the table ---------------------------------------------------------

def _paired_sd(base: float, effect: float, correlation: float) -> float:
    """The SD per pair of a Bernoulli win at base and at base + effect, correlated."""
    v1, v2 = base * (1 - base), (base + effect) * (1 - base - effect)
    return math.sqrt(v1 + v2 - 2 * correlation * math.sqrt(v1 * v2))


def test_power_frame_one_row_per_endpoint_and_effect():
    spreads = [pw.Spread("score", 7.0, 2.0, 0.4, "measured"),
               pw.assumed_spread("seat:0", 0.25, None, True)]
    frame = pw.power_frame(spreads, (0.5, 0.04), 0.05, 0.8, True)
    assert frame.columns == ["endpoint", "design", "base", "effect", "alpha", "power",
                             "sd_per_game", "correlation", "spread", "games"]
    seat = [math.ceil(_t_games(e / _paired_sd(0.25, e, 0.5))) for e in (0.5, 0.04)]
    assert frame.rows() == [
        ("score", "paired", 7.0, 0.5, 0.05, 0.8, 2.0, 0.4, "measured",
         math.ceil(_t_games(0.25))),
        ("score", "paired", 7.0, 0.04, 0.05, 0.8, 2.0, 0.4, "measured",
         math.ceil(_t_games(0.02))),
        ("seat:0", "paired", 0.25, 0.5, 0.05, 0.8, None, 0.5, "assumed", seat[0]),
        ("seat:0", "paired", 0.25, 0.04, 0.05, 0.8, None, 0.5, "assumed", seat[1])]
    independent = pw.power_frame([pw.assumed_spread("seat:0", 0.25, None, False)], (0.04,),
                                 0.05, 0.8, False)
    h = abs(proportion_effectsize(0.29, 0.25))
    assert independent.rows() == [
        ("seat:0", "independent", 0.25, 0.04, 0.05, 0.8, None, None, "assumed",
         math.ceil(NormalIndPower().solve_power(effect_size=h, alpha=0.05, power=0.8)))]


def test_power_frame_games_are_rounded_up():
    # effect size 1 at alpha 0.05, power 0.8: 9.94 pairs, so 10 games
    frame = pw.power_frame([pw.Spread("score", 0.0, 1.0, 0.0, "m")], (1.0,), 0.05, 0.8, True)
    assert _t_games(1.0) == pytest.approx(9.94, abs=0.01)
    assert frame["games"].to_list() == [10]


@pytest.mark.parametrize("power", [0.05, 0.01])
def test_power_at_or_below_alpha_is_refused(power):
    with pytest.raises(UserError) as error:
        pw.power_frame([pw.Spread("score", 0.0, 1.0, 0.0, "m")], (1.0,), 0.05, power, True)
    assert str(error.value) == f"--power {power} must be above --alpha 0.05"


def test_no_number_of_games_is_a_user_error_not_infinity():
    with pytest.raises(UserError) as error:
        pw.power_frame([pw.Spread("score", 0.0, 1.0, 0.0, "m")], (1e-7,), 0.05, 0.8, True)
    assert str(error.value) == "no number of games reaches --power 0.8 for --effect 1e-07 on score"


def test_notes_say_the_design_each_endpoint_and_its_spread():
    spreads = [pw.Spread("score", 7.0, 2.0, 0.4, "MEASURED from 9 paired games"),
               pw.assumed_spread("seat:2", 0.25, None, False)]
    last = "each endpoint needs its own number of games: plan for the one you will test"
    assert pw.notes(spreads, True) == (
        "paired: games are seeds played under both setups; paired t-test on the per-game "
        "difference",
        "score: the mean score per game; spread MEASURED from 9 paired games",
        "seat:2: seat 2's win rate; spread ASSUMED: a Bernoulli win at --base", last)
    assert pw.notes([], False) == (
        "independent: games in EACH of two setups; two-sided two-proportion test (Cohen's h)",
        last)


def test_power_table_defaults_seat_0_at_a_quarter_independent():
    table = pw.power_table((0.02, 0.05))
    assert table.frame["endpoint"].to_list() == ["seat:0", "seat:0"]
    assert table.frame["games"].to_list() == [7549, 1250]
    assert table.frame["design"].to_list() == ["independent"] * 2
    assert table.frame["alpha"].to_list() == [0.05] * 2
    assert table.frame["power"].to_list() == [0.8] * 2
    assert table.footnotes == pw.notes([pw.assumed_spread("seat:0", 0.25, None, False)], False)


def test_power_table_assumes_the_correlation_given():
    table = pw.power_table((0.05,), ("seat:1",), base=0.3, alpha=0.01, power=0.9, paired=True,
                           correlation=0.2)
    games = math.ceil(_t_games(0.05 / _paired_sd(0.3, 0.05, 0.2), 0.01, 0.9))
    assert table.frame.rows() == [("seat:1", "paired", 0.3, 0.05, 0.01, 0.9, None, 0.2,
                                   "assumed", games)]
    assert table.footnotes == pw.notes([pw.assumed_spread("seat:1", 0.3, 0.2, True)], True)
    assert table.footnotes[0].startswith("paired: games are seeds played under both setups")


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"endpoints": ("seat:0", "colour"), "logs_a": ("no/such/run",), "logs_b": ("b",),
      "paired": True}, "--endpoint 'colour': choose seat:N, bot:NAME, value:CARD or score"),
    ({"logs_a": ("a",), "paired": True}, "--logs-a and --logs-b go together (one arm each): "
     "give both"),
    ({"logs_b": ("b",), "paired": True}, "--logs-a and --logs-b go together (one arm each): "
     "give both"),
    ({"logs_a": ("a",), "logs_b": ("b",)}, "--logs-a and --logs-b measure the spread of a "
     "paired design: add --paired"),
    ({"logs_a": ("a",), "logs_b": ("b",), "paired": True, "correlation": 0.5},
     "--logs-a and --logs-b measure the correlation that --correlation assumes: drop "
     "--correlation"),
])
def test_power_table_names_each_mistake_before_reading_a_run(kwargs, message):
    with pytest.raises(UserError) as error:
        pw.power_table((0.01,), **kwargs)
    assert str(error.value) == message


# --- spreads measured from two paired runs ---------------------------------------------------

def test_measured_spreads_from_numpy_over_the_paired_games(arms):
    a, b = _wins("A"), _wins("B")
    seat, hero = pw.measured_spreads(("seat:2", "bot:hero"), (arms[0],), (arms[1],))
    source = f"MEASURED from {GAMES} paired games"
    assert (seat.endpoint, seat.source, hero.endpoint, hero.source) == (
        "seat:2", source, "bot:hero", source)
    assert seat.base == pytest.approx(a[:, 2].mean(), rel=1e-12)
    assert seat.sd == pytest.approx(np.std(b[:, 2] - a[:, 2], ddof=1), rel=1e-9)
    assert seat.correlation == pytest.approx(np.corrcoef(a[:, 2], b[:, 2])[0, 1], rel=1e-9)
    # bot hero sits in seats 1 and 3: the win rate of its seats, game by game
    hero_a, hero_b = a[:, [1, 3]].mean(axis=1), b[:, [1, 3]].mean(axis=1)
    assert hero.base == pytest.approx(hero_a.mean(), rel=1e-12)
    assert hero.sd == pytest.approx(np.std(hero_b - hero_a, ddof=1), rel=1e-9)
    assert hero.correlation == pytest.approx(np.corrcoef(hero_a, hero_b)[0, 1], rel=1e-9)


def test_measured_spreads_read_the_runs_as_the_game_named(arms):
    # The runs are Dice Forge's: another game's name is refused, as the reading layer says.
    with pytest.raises(UserError, match=r"^--game othergame: these logs are of diceforge "):
        pw.measured_spreads(("seat:0",), (arms[0],), (arms[1],), "othergame")
    with pytest.raises(UserError, match=r"^--game othergame: these logs are of diceforge "):
        pw.power_table((0.05,), logs_a=(arms[0],), logs_b=(arms[1],), paired=True,
                       game="othergame")


def test_measured_spreads_of_an_endpoint_not_in_the_runs(arms):
    with pytest.raises(UserError) as error:
        pw.measured_spreads(("seat:4",), (arms[0],), (arms[1],))
    assert str(error.value) == ("--endpoint 'seat:4': not in the paired runs (seats 0..3; "
                                "bots: economist, hero)")


def test_measured_spreads_of_the_same_games_twice(arms):
    with pytest.raises(UserError) as error:
        pw.measured_spreads(("seat:0",), (arms[0],), (arms[0],))
    assert str(error.value) == ("seat:0: the paired runs do not differ game by game (the same "
                                "games twice?): no spread to measure; play arm B on other seeds")


def test_the_text_table_a_user_reads(arms):
    result = CliRunner().invoke(cli, ["power", "--effect", "0.05", "--paired", "--logs-a",
                                      str(arms[0]), "--logs-b", str(arms[1]), "--endpoint",
                                      "seat:2"])
    assert result.exit_code == 0, result.output
    a, b = _wins("A"), _wins("B")
    sd = np.std(b[:, 2] - a[:, 2], ddof=1)
    corr = np.corrcoef(a[:, 2], b[:, 2])[0, 1]
    games = math.ceil(_t_games(0.05 / sd))
    # the table, split in two where it would be too wide for the terminal
    assert result.stdout == (
        "| endpoint | design |  base | effect | alpha | power | sd_per_game | correlation "
        "| spread   |\n"
        "|----------|--------|-------|--------|-------|-------|-------------|-------------"
        "|----------|\n"
        f"| seat:2   | paired | {a[:, 2].mean():.3f} |  0.050 | 0.050 | 0.800 |       {sd:.3f} "
        f"|       {corr:.3f} | measured |\n\n"
        "| endpoint | design | games |\n"
        "|----------|--------|-------|\n"
        f"| seat:2   | paired | {games:5,} |\n")
    assert ("seat:2: seat 2's win rate; spread MEASURED from 60 paired games"
            in result.stderr.splitlines())
