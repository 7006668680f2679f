"""The module balance report: `dicelab balance --module a,b,c --report` and `dicelab report` over
such runs put the modules side by side (never one table over two modules' games), with each
module card's paired value read from its forbidden arm (`--value-games`)."""

from __future__ import annotations

import re

import polars as pl
import pytest
from click.testing import CliRunner

from analytics.cli.app import main
from analytics.experiments.balance_modules import module_balance, split_arms
from analytics.experiments.value import card_value
from analytics.query.database import find_run_folders
from analytics.reports.modules import MODULE_SECTIONS
from tests.test_report import PHONE, browser, open_page  # noqa: F401  (browser: a fixture)

# Slow (balance runs of every module, then their reports): in `make test-slow` (CI runs it), not
# `make test`.
pytestmark = pytest.mark.slow

MODULES = ("none", "goddess", "titans")
SETS = "rebellion-titans-cards,goddess-discovery,titans-discovery"
GAMES, VALUE_GAMES = 8, 4


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    root = tmp_path_factory.mktemp("modules")
    result = CliRunner().invoke(main, [
        "balance", "--module", ",".join(MODULES), "--set", SETS, "--players", "2", "--games",
        str(GAMES), "--value-games", str(VALUE_GAMES), "--workers", "1", "--quiet",
        "--out", str(root / "out"), "--report", str(root / "modules.html")])
    assert result.exit_code == 0, result.output
    return root


def section_ids(html: str) -> list[str]:
    return re.findall(r'<section[^>]* id="([^"]+)"', html)


def test_the_balance_report_puts_the_modules_side_by_side(played):
    html = (played / "modules.html").read_text()
    ids = section_ids(html)
    assert ids[ids.index("summary") + 1:][:len(MODULE_SECTIONS)] == [
        s.source for s in MODULE_SECTIONS]
    assert html.count("<svg") >= len(MODULE_SECTIONS)
    markdown = (played / "modules.md").read_text()
    header = next(line for line in markdown.splitlines() if "none 2p" in line)
    assert [c.strip() for c in header.strip("|").split("|")] == [
        "section", "metric", "none 2p", "goddess 2p", "titans 2p"]
    assert "## Where Glory comes from, by module" in markdown


def test_dicelab_report_over_the_runs_gives_the_same_sections(played, tmp_path):
    out = tmp_path / "again.html"
    result = CliRunner().invoke(main, ["report", "--logs", str(played / "out"), "--out",
                                       str(out), "--quiet"])
    assert result.exit_code == 0, result.output
    assert section_ids(out.read_text()) == section_ids((played / "modules.html").read_text())


def test_forbidden_arms_are_paired_never_pooled(played):
    folders, arms = split_arms(find_run_folders([played / "out"]))
    # one arm per module card (4 Goddess, 6 Titans), none for the base game
    assert len(folders) == 3 and len(arms) == 10
    frame = module_balance({m: [played / "out"] for m in MODULES}, (2,), n_boot=20).frame
    seat_rows = frame.filter(pl.col("metric") == "seat 0 WR")
    assert seat_rows["n"].to_list() == [GAMES] * 3  # the arms' games are not in the table
    values = frame.filter(pl.col("metric").str.ends_with("paired value (forbid)"))
    assert sorted(values["module"].to_list()) == ["goddess"] * 4 + ["titans"] * 6
    assert set(values["n"].to_list()) == {VALUE_GAMES}


def test_a_paired_value_is_the_value_command_on_the_same_games(played):
    """The run's first games against the arm: exactly `dicelab value` on that many games."""
    frame = module_balance({"titans": [played / "out"]}, (2,), n_boot=20).frame
    row = frame.filter(pl.col("metric") == "memory paired value (forbid)").row(0, named=True)
    alone = card_value("titans-discovery", "memory", players=2, games=VALUE_GAMES, seed=0,
                       bots=("economist", "hero"), workers=1, progress=False,
                       ablate="forbid", module="titans").table.row(0, named=True)
    assert (row["estimate"], row["low"], row["high"]) == pytest.approx(
        (alone["value"], alone["low"], alone["high"]), nan_ok=True)


def test_advantage_p1_is_the_first_seat_above_a_fair_share(played):
    frame = module_balance({"none": [played / "out"]}, (2,), n_boot=20).frame
    get = {r["metric"]: r for r in frame.iter_rows(named=True)}
    first, advantage = get["seat 0 WR"], get["AdvantageP1 (seat 0 WR - 1/N)"]
    assert advantage["estimate"] == pytest.approx(first["estimate"] - 0.5)
    assert advantage["low"] == pytest.approx(first["low"] - 0.5)


def test_every_module_chart_renders_on_a_phone(browser, played):  # noqa: F811
    page, problems = open_page(browser, played / "modules.html")
    charts = page.evaluate("""Array.from(document.querySelectorAll('figure.chart svg')).map(
        s => ({section: s.closest('section').id, width: s.getBoundingClientRect().width,
               marks: s.querySelectorAll('path, rect, use').length}))""")
    assert [c["section"] for c in charts] == [s.source for s in MODULE_SECTIONS]
    for chart in charts:
        assert 300 < chart["width"] <= PHONE["width"] and chart["marks"] > 10, chart
    assert problems == []
    page.close()


@pytest.mark.parametrize("args, message", [
    (["--module", "none", "--set", "base", "--value-games", "2"],
     "Error: --value-games plays the module cards' forbidden arms: give --set and --module "
     "with a module\n"),
    (["--module", "none,goddess", "--set", "rebellion-goddess-cards,goddess-discovery",
      "--games", "4", "--value-games", "6"],
     "Error: --value-games 6: more than --games 4 (an arm is paired with each run's first "
     "games)\n"),
])
def test_value_games_refused_where_it_cannot_pair(tmp_path, args, message):
    result = CliRunner().invoke(main, ["balance", "--players", "2", "--workers", "1",
                                       "--quiet", "--out", str(tmp_path / "out"), *args])
    assert result.exit_code == 1 and result.output == message
    assert not (tmp_path / "out").exists()  # nothing was played
