"""The reports of `versus`, `compare`, `value` and `balance` (--report): opened in Chromium with
no console error, effects first in the one-minute box and associations labelled after them, a
chart in every section, names a person reads, a link back to the top."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from analytics.cli.app import main
from tests.test_report import PHONE, browser, open_page  # noqa: F401 - the Chromium fixture

# Slow (the paired commands' runs, their reports opened in Chromium): in `make test-slow` (CI runs
# it), not `make test`.
pytestmark = pytest.mark.slow

SMALL = ("--players", "2", "--games", "24", "--workers", "1", "--quiet",
         "--bots", "economist,hero")


def catalogue_ids() -> re.Pattern:
    """The catalogue's ids that are not words (cards and faces: sun1_glory1, silver_hind)."""
    from analytics.games.diceforge import GAME

    tables = GAME.tables()
    ids = [row["card"] for row in tables["cards"]()] + [row["face"] for row in tables["faces"]()]
    return re.compile(r"\b(" + "|".join(sorted((i for i in ids if "_" in i), key=len,
                                               reverse=True)) + r")\b")


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture(scope="module")
def reports(tmp_path_factory):
    root = tmp_path_factory.mktemp("paired")
    commands = {
        "versus": ("versus", "goddess", "hydra", *SMALL),
        "compare": ("compare", "--a", "base", "--swap", "M8=goddess", *SMALL),
        "value": ("value", "hydra", "--against", "goddess", *SMALL),
        "balance": ("balance", "--set", "base", "--swap", "M8=goddess", "--players", "2,3",
                    "--games", "24", "--workers", "1", "--quiet", "--out", root / "runs"),
    }
    made = {}
    for name, args in commands.items():
        out = root / f"{name}.html"
        result = invoke(*args, "--report", out)
        assert result.exit_code == 0, (name, result.output)
        assert f"wrote {out} and {out.with_suffix('.md')}" in result.stderr
        made[name] = out
    return made


@pytest.mark.parametrize("name", ["versus", "compare", "value", "balance"])
def test_every_section_has_a_chart_and_a_way_back_up(browser, reports, name):  # noqa: F811
    page, problems = open_page(browser, reports[name])
    sections = page.evaluate("""Array.from(document.querySelectorAll('section[id]'))
        .filter(s => !['summary', 'manifest'].includes(s.id)).map(s => ({
            id: s.id, charts: s.querySelectorAll('figure.chart svg').length,
            width: (s.querySelector('figure.chart svg') || {getBoundingClientRect: () =>
                ({width: 0})}).getBoundingClientRect().width,
            top: s.querySelectorAll('a[href="#top"]').length}))""")
    assert len(sections) >= 2, sections
    for section in sections:
        assert section["charts"] == 1 and 300 < section["width"] <= PHONE["width"], section
        assert section["top"] == 1, section
    assert page.evaluate("document.getElementById('top').tagName") == "H1"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert problems == []
    page.close()


def summary(path) -> list[str]:
    md = path.with_suffix(".md").read_text(encoding="utf-8")
    box = md.split("## In one minute", 1)[1].split("\n## ", 1)[0]
    return [line[2:] for line in box.splitlines() if line.startswith("- ")]


@pytest.mark.parametrize(("name", "first"), [
    ("versus", r"(The Goddess|Hydra) dominates|Neither dominates: "),
    ("compare", r"B \(base\+M8=goddess\)'s first seat wins "),
    ("value", r"Effect: the seats that take Hydra \(M8\) win "),
])
def test_the_minute_leads_with_paired_effects_then_associations(reports, name, first):
    lines = summary(reports[name])
    assert re.match(first, lines[0]), lines[0]
    kinds = ["association" if line.startswith("Association, not an effect") else "other"
             for line in lines]
    assert kinds == sorted(kinds, key=lambda k: k == "association")  # associations last
    if name == "versus":
        assert "association" in kinds
        assert any(line.startswith("Effect on the first seat advantage") for line in lines)
        assert any(line.startswith("Effect on the mean score: ") for line in lines)


@pytest.mark.parametrize("name", ["versus", "compare", "value", "balance"])
def test_prose_names_cards_and_faces_as_a_person_does(reports, name):
    md = reports[name].with_suffix(".md").read_text(encoding="utf-8")
    prose = [line for line in md.splitlines()  # tables (ids in their id column) aside
             if line and not line.startswith(("|", "!["))]
    ids = catalogue_ids()
    assert len(prose) > 5
    for line in prose:
        assert not ids.search(line), line


def test_versus_report_names_both_cards_and_the_slot(reports):
    md = reports["versus"].with_suffix(".md").read_text(encoding="utf-8")
    assert md.startswith("# The Goddess against Hydra")
    assert "## Card against card" in md and "## The game with Hydra instead of The Goddess" in md
    assert "slot M8" in summary(reports["versus"])[0]
    assert "| goddess " in md and "| The Goddess " in md  # the id in its column, the name beside
