"""The analysis commands through click: exit codes, one-line errors, parseable CSV and JSON."""

from __future__ import annotations

import csv
import io
import json
import re

import click
import pytest
from click.testing import CliRunner

from analytics.cli.analysis import COMMANDS, ComponentAliases, alias_command, component_words
from tests.analytics_fixtures import BASE_CARDS, sample_logs

# The base cards with the Hammer and the Chest on each other's slot: another set, named base.
SWAPPED_BASE = BASE_CARDS.replace("blacksmiths_hammer,blacksmiths_chest",
                                  "blacksmiths_chest,blacksmiths_hammer")


class Group(ComponentAliases, click.Group):
    """With the component kinds' aliases, as the main group has them."""


@click.group(cls=Group)
def cli():
    """Stands in for the main group."""


for command in COMMANDS:
    cli.add_command(command)


@pytest.fixture(scope="module")
def logs(tmp_path_factory):
    return str(sample_logs(tmp_path_factory.mktemp("logs") / "run-a"))


def invoke(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def test_cards_csv_is_clean_and_footnote_goes_to_stderr(logs):
    result = invoke("cards", "--logs", logs, "--min-n", "1", "--format", "csv")
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [r["card"] for r in rows] == ["silver_hind", "elder"]
    for column in ("n_available", "take_rate", "take_rate_low", "owned_wr_low",
                   "not_owned_wr_high", "delta_high", "delta_p", "delta_p_adj", "adjusted_delta",
                   "adjusted_p_adj", "glory_per_game", "caveat"):
        assert column in rows[0]
    assert "13 rows under --min-n 1 hidden" in result.stderr


def test_faces_json_parses(logs):
    result = invoke("faces", "--logs", logs, "--min-n", "0", "--sort", "take_rate",
                    "--format", "json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert rows[0]["face"] == "gold_3" and rows[0]["n_owned"] == 3 and len(rows) == 18


def test_seats_table(logs):
    result = invoke("seats", "--logs", logs, "--players", "4")
    assert result.exit_code == 0, result.output
    assert "| players | seat |" in result.stdout
    # three games: no test, and the note says why
    assert "4 players: 3 games; too few games to test" in result.stderr


def test_query_with_parameter(logs):
    result = invoke("query", "win_rate_by_round_acquired", "-p", "component", "face",
                    "--logs", logs, "--format", "json")
    assert result.exit_code == 0, result.output
    assert [r["round_acquired"] for r in json.loads(result.stdout)] == [1, 2, 3]


@pytest.mark.parametrize(("args", "message"), [
    (("query", "win_rate_by_sit"), "did you mean win_rate_by_seat"),
    (("query", "win_rate_by_seat", "-p", "x", "1"), "has no parameter 'x'"),
    (("cards", "--sort", "colour"), "cannot sort by 'colour'"),
    (("seats", "--players", "3"), "no games match players=3"),
])
def test_errors_are_one_line_and_exit_1(logs, args, message):
    result = invoke(*args, "--logs", logs)
    assert result.exit_code == 1
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_missing_logs_exit_1(tmp_path):
    result = invoke("seats", "--logs", tmp_path / "none")
    assert result.exit_code == 1 and "no logs found" in result.stderr


def test_power_csv():
    result = invoke("power", "--effect", "0.02", "--effect", "0.05", "--format", "csv")
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [int(r["games"]) for r in rows] == [7549, 1250]


def test_power_rejects_impossible_rates():
    result = invoke("power", "--effect", "0.9", "--base", "0.5")
    assert result.exit_code == 1 and "strictly between 0 and 1" in result.stderr


@pytest.mark.parametrize("kind", ["cards", "faces", "seats", "scores", "rounds"])
def test_chart_writes_a_png(logs, tmp_path, kind):
    out = tmp_path / f"{kind}.png"
    result = invoke("chart", kind, "--logs", logs, "--min-n", "0", "--out", out)
    assert result.exit_code == 0, result.output
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temp file left


def test_help_has_examples():
    for command in [*COMMANDS, *(alias_command(word) for word in component_words())]:
        result = invoke(command.name, "--help")
        assert result.exit_code == 0 and "Examples:" in result.output


def _common_card_logs(folder, games=40, card_set="base", cards=None, run_id="run-c",
                      planned=None):
    """`games` four-player games where every seat buys the Elder and seat g % 4 wins game g."""
    from tests.analytics_fixtures import BASE_CARDS, LogBuilder, feat

    builder = LogBuilder(run_id=run_id, card_set=card_set, cards=cards or BASE_CARDS)
    for g in range(games):
        scores = tuple(10 if seat == g % 4 else 0 for seat in range(4))
        game = builder.game(1000 * len(run_id) + g, scores, bots=("economist", "hero") * 2)
        for seat in range(4):
            feat(builder, game, 1, seat, "elder")
    builder.write(folder)
    if planned is not None:
        import polars as pl

        from tests.analytics_fixtures import TABLES

        runs = pl.read_parquet(folder / "runs.parquet").with_columns(n_games=pl.lit(planned))
        runs.cast(TABLES["runs"]).write_parquet(folder / "runs.parquet")
    return folder


def corrected_wilson(successes: float, n: float, z: float = 1.959964) -> tuple[float, float]:
    """Wilson's interval with continuity correction, solved as what it is: the rates pi with
    |p - pi| - 1/(2n) = z sqrt(pi (1 - pi) / n) (Newcombe 1998, method 4)."""
    from scipy.optimize import brentq

    p = successes / n

    def gap(pi: float) -> float:
        return abs(p - pi) - 1 / (2 * n) - z * (pi * (1 - pi) / n) ** 0.5

    return brentq(gap, 1e-12, p), brentq(gap, p, 1 - 1e-12)


def test_owned_win_rate_interval_without_spread_between_games_is_wilsons(tmp_path):
    # One owner wins each game: the owners' win rate is 1/4 in every game, its variance
    # clustered by game is 0. Issue 28: no interval of zero width from 40 games; the rare-row
    # rule falls back to Wilson's (continuity-corrected) over the 160 seat-games. Before, the
    # clustered normal interval pinned (0.25, 0.25).
    logs = _common_card_logs(tmp_path / "run")
    result = invoke("cards", "--logs", logs, "--min-n", "1", "--format", "json")
    assert result.exit_code == 0, result.output
    elder = next(r for r in json.loads(result.stdout) if r["card"] == "elder")
    assert elder["owned_wr"] == pytest.approx(0.25)
    assert (elder["owned_wr_low"], elder["owned_wr_high"]) == pytest.approx(
        corrected_wilson(40, 160), rel=1e-6)


def test_card_footnotes_call_associations_associations(logs):
    result = invoke("cards", "--logs", logs, "--min-n", "1")
    assert result.exit_code == 0, result.output
    assert "ASSOCIATIONS" in result.stderr and "dicelab value" in result.stderr
    assert "from owning it" not in result.stderr and "adjusted_effect" not in result.stdout


def test_seat_p_that_underflows_is_said_not_zero(tmp_path):
    from tests.analytics_fixtures import LogBuilder

    builder = LogBuilder(run_id="run-seat", players=2)
    for g in range(2000):  # seat 0 wins every game: chi-square 2000 on 1 df, p ~ 1e-436
        builder.game(g + 1, (5, 1))
    folder = builder.write(tmp_path / "run")
    result = invoke("seats", "--logs", folder, "--format", "csv")
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert {r["p"] for r in rows} == {r["p_adj"] for r in rows} == {"< 1e-300"}
    assert "p = < 1e-300" in result.stderr


def test_each_seat_has_its_own_test_adjusted_over_its_player_count(tmp_path):
    # Issue 28: a p-value beside the seat it tests (not the omnibus chi-square on every row).
    from statsmodels.stats.multitest import multipletests
    from statsmodels.stats.proportion import proportions_ztest

    from tests.analytics_fixtures import LogBuilder

    builder = LogBuilder(run_id="run-seats")
    for g in range(100):  # seat wins: 40, 25, 20, 15 of 100 games
        winner = 0 if g < 40 else 1 if g < 65 else 2 if g < 85 else 3
        builder.game(g + 1, tuple(9 if s == winner else 1 for s in range(4)))
    result = invoke("seats", "--logs", builder.write(tmp_path / "run"), "--format", "json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    expected = [proportions_ztest(w, 100, 0.25, prop_var=0.25)[1] for w in (40, 25, 20, 15)]
    assert [float(r["p"]) for r in rows] == pytest.approx(expected, rel=0.03)  # 2 digits
    holm = multipletests(expected, method="holm")[1]
    assert [float(r["p_adj"]) for r in rows] == pytest.approx(holm, rel=0.03)
    assert "chi2_p" not in rows[0] and "all seats at once: chi-square" in result.stderr


def test_card_p_values_are_text(tmp_path):
    from tests.analytics_fixtures import LogBuilder, feat

    builder = LogBuilder(run_id="run-p")
    for g in range(400):  # the Elder's owner wins 2 games in 3, the Hind's 1 in 5
        winner = g % 4
        game = builder.game(g + 1, tuple(9 if s == winner else 1 for s in range(4)),
                            bots=("economist", "hero") * 2)
        feat(builder, game, 1, winner if g % 3 else (winner + 1) % 4, "elder")
        feat(builder, game, 1, winner if g % 5 == 0 else (winner + 2) % 4, "silver_hind")
    result = invoke("cards", "--logs", builder.write(tmp_path / "run"), "--min-n", "0",
                    "--format", "json")
    assert result.exit_code == 0, result.output
    p_adj = {r["card"]: r["delta_p_adj"] for r in json.loads(result.stdout)}
    assert isinstance(p_adj["elder"], str) and 0 < float(p_adj["elder"]) < 1e-10
    assert "e-" in p_adj["elder"]  # scientific notation, not a rounded 0.0


def test_analysis_commands_say_what_they_read_and_warn_on_mixed_sets(tmp_path):
    base = _common_card_logs(tmp_path / "base", run_id="run-base")
    other = _common_card_logs(tmp_path / "other", run_id="run-other", cards=SWAPPED_BASE,
                              planned=50)
    result = invoke("seats", "--logs", base, "--logs", other)
    assert result.exit_code == 0, result.output
    assert "read --logs: 2 run(s)" in result.stderr and "80 games" in result.stderr
    assert "2 different card sets are named 'base'" in result.stderr
    assert "other: unfinished run, 40 of 50 games" in result.stderr
    result = invoke("seats", "--logs", base, "--logs", other, "--set", "base")
    assert result.exit_code == 1 and "names 2 different card sets" in result.stderr
    result = invoke("seats", "--logs", base, "--logs", other, "--set", "nope")
    errors = [line for line in result.stderr.splitlines() if not line.startswith("warning:")]
    assert result.exit_code == 1 and len(errors) == 1
    assert "the logs hold: base [" in result.stderr
    wanted = tmp_path / "mine.toml"
    wanted.write_text('name = "mine"\n[slots]\n' + "\n".join(
        f'{slot} = "{card}"' for slot, card in zip(
            ("M1", "M2", "M3", "M4", "M5", "M6", "M7", "M8", "F1", "F2", "F3", "F4", "F5", "F6",
             "F7"), BASE_CARDS.split(","), strict=True)))
    result = invoke("seats", "--logs", base, "--logs", other, "--set", wanted)
    assert result.exit_code == 0, result.output
    assert "read --logs: 1 run(s)" in result.stderr and "40 games" in result.stderr


def test_power_paired_says_the_correlation_is_assumed():
    result = invoke("power", "--effect", "0.02", "--paired")
    assert result.exit_code == 0 and "ASSUMED" in result.stderr


def test_summary_lists_cards_by_take_rate_not_owned_win_rate(logs):
    from analytics.tables.summary import summary_tables

    title, cards = summary_tables([logs], min_n=0)[2]
    assert "most bought" in title and "owned_wr" not in cards.columns
    assert cards["take_rate"].to_list() == sorted(cards["take_rate"].to_list(), reverse=True)


def test_text_tables_show_a_short_set_of_columns(logs):
    short = invoke("cards", "--logs", logs, "--min-n", "1")
    assert short.exit_code == 0, short.output
    # every block's header: a table wider than 100 columns comes in blocks of columns
    header = " ".join(line for line, below in zip(short.stdout.splitlines(),
                                                  short.stdout.splitlines()[1:], strict=False)
                      if below.startswith("|-"))
    assert "| delta " in header and "owned_wr_low" not in header and "used_wr" not in header
    # each default column is a count or an estimate with its interval (issue 28)
    assert "glory_per_game" not in header
    assert re.search(r"\| 0\.300 \(0\.243, 0\.364\) \|", short.stdout)
    assert "legend: x (low, high): an estimate and its 95% interval; n: sample size;" in \
        short.stderr and "p_adj: p-value adjusted within its family" in short.stderr
    wide = invoke("cards", "--logs", logs, "--min-n", "1", "--wide").stdout.splitlines()[0]
    assert "used_wr" in wide and "owned_wr_low" not in wide  # shown as `x (low, high)`
    chosen = invoke("cards", "--logs", logs, "--min-n", "1", "--columns", "card,take_rate")
    assert chosen.stdout.splitlines()[0].split("|")[1:3] == [" card        ", " take_rate "]
    rows = list(csv.DictReader(io.StringIO(invoke("cards", "--logs", logs, "--min-n", "1",
                                                  "--format", "csv").stdout)))
    assert "owned_wr_low" in rows[0] and "used_wr" in rows[0]  # CSV keeps every column


def test_p_values_read_as_text(logs):
    result = invoke("seats", "--logs", logs)
    assert result.exit_code == 0
    first = result.stdout.splitlines()[2]
    assert first.rstrip().endswith("|") and "e-" not in result.stdout


def test_unknown_column_is_one_line(logs):
    result = invoke("seats", "--logs", logs, "--columns", "seat,colour")
    assert result.exit_code == 1 and "--columns: no column 'colour'" in result.stderr


def test_a_card_bought_by_exactly_the_same_seats_is_one_hypothesis(tmp_path):
    # Issue 28: the Hind is bought with the Elder every time, so their deltas are one test
    # (same_as), counted once in the family; the caveat travels in the JSON rows.
    from tests.analytics_fixtures import LogBuilder, feat

    builder = LogBuilder(run_id="run-same")
    for g in range(120):
        winner = g % 4
        game = builder.game(g + 1, tuple(9 if s == winner else 1 for s in range(4)))
        for card in ("elder", "silver_hind"):
            feat(builder, game, 1, winner if g % 3 else (winner + 1) % 4, card)
        feat(builder, game, 1, (winner + 2) % 4, "satyrs")
    result = invoke("cards", "--logs", builder.write(tmp_path / "run"), "--min-n", "1",
                    "--format", "json")
    assert result.exit_code == 0, result.output
    rows = {r["card"]: r for r in json.loads(result.stdout)}
    assert rows["silver_hind"]["same_as"] == "elder" and rows["elder"]["same_as"] is None
    assert rows["silver_hind"]["delta_p_adj"] == rows["elder"]["delta_p_adj"]
    # two tests in the family (elder, satyrs), not three
    from statsmodels.stats.multitest import multipletests

    family = [float(rows[card]["delta_p"]) for card in ("elder", "satyrs")]
    assert float(rows["elder"]["delta_p_adj"]) == pytest.approx(
        multipletests(family, method="fdr_bh")[1][0], rel=0.05)  # p as 2-digit text
    assert "over the 2 cards whose delta is tested" in result.stderr
    assert rows["elder"]["caveat"].startswith("association: who buys it, not what it does")
