"""`dicelab report`: the HTML opened in a real headless Chromium (the system's `chromium`,
driven by playwright; `make test` installs it when missing), its Markdown twin, and bad input."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image
from playwright.sync_api import sync_playwright

from analytics.cli.app import main
from analytics.games.diceforge.roles import ROLES
from analytics.reports.report import SECTIONS as REPORT_SECTIONS
from analytics.reports.report import for_game, report_for
from analytics.runs.simulate import RunConfig, run_simulation
from tests.analytics_fixtures import sample_logs

PHONE = {"width": 390, "height": 844}
# the sections of a Dice Forge report on runs of mixed bots (no skill levels to compare)
SECTIONS = [s for s in for_game(REPORT_SECTIONS, ROLES) if s.shown_if is None]
CHARTED = [s for s in SECTIONS if s.chart]


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """Two small real runs (2 and 3 players), so every section has rows and a chart."""
    root = tmp_path_factory.mktemp("runs")
    for players, bots in ((2, ("economist", "hero")), (3, ("economist", "hero", "random"))):
        run_simulation(RunConfig(players=players, games=16, seed=3, bots=bots),
                       root / f"p{players}", workers=1, progress=False, chunk_size=8)
    return root


@pytest.fixture(scope="module")
def report(runs, tmp_path_factory):
    out = tmp_path_factory.mktemp("report") / "balance.html"
    html, md = report_for([runs], out, title="Test report", n_boot=100, min_n=0)
    return html, md


@pytest.fixture(scope="module")
def browser():
    # The system's Chromium, else Playwright's own (make browser installs one or the other).
    executable = shutil.which("chromium")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        yield browser
        browser.close()


def open_page(browser, path: Path, viewport=PHONE):
    """The report in a fresh page; console errors, page errors and any network request
    (everything should be inside the file) are collected."""
    page = browser.new_page(viewport=viewport)
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.on("request", lambda r: problems.append(r.url) if not r.url.startswith("file:")
            else None)
    page.goto(path.as_uri())
    page.wait_for_load_state("load")
    return page, problems


def test_every_chart_renders_without_console_errors(browser, report):
    page, problems = open_page(browser, report[0])
    charts = page.evaluate("""Array.from(document.querySelectorAll('figure.chart svg')).map(
        s => ({section: s.closest('section').id, width: s.getBoundingClientRect().width,
               height: s.getBoundingClientRect().height,
               marks: s.querySelectorAll('path, rect, use').length}))""")
    assert [c["section"] for c in charts] == [s.source for s in CHARTED]
    for chart in charts:
        # scaled to the phone's width (less the page margins), drawn, and not empty
        assert 300 < chart["width"] <= PHONE["width"] and chart["height"] > 100, chart
        assert chart["marks"] > 10, chart
    # the page never scrolls sideways: wide tables scroll inside their own box
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert problems == []
    page.close()


def test_card_table_sorts_on_click(browser, report):
    page, problems = open_page(browser, report[0])
    column = page.evaluate("""Array.from(document.querySelectorAll('#cards th'))
        .map(th => th.textContent).indexOf('n_owned')""")
    assert column > 0

    def values():
        return page.evaluate(f"""Array.from(document.querySelectorAll('#cards tbody tr'))
            .map(r => Number(r.cells[{column}].dataset.v))""")

    header = page.locator("#cards th", has_text="n_owned")
    header.click()
    ascending = values()
    assert len(ascending) > 3 and ascending == sorted(ascending)
    assert header.get_attribute("aria-sort") == "ascending"
    header.click()
    assert values() == sorted(ascending, reverse=True)
    page.locator("#cards th", has_text="card").first.click()
    names = page.evaluate("""Array.from(document.querySelectorAll('#cards tbody tr'))
        .map(r => r.cells[0].textContent)""")
    assert names == sorted(names)
    assert problems == []
    page.close()


def test_screenshot_is_not_blank(browser, report, tmp_path):
    page, problems = open_page(browser, report[0], {"width": 800, "height": 1200})
    shot = tmp_path / "report.png"
    page.screenshot(path=str(shot))
    page.close()
    image = Image.open(shot).convert("RGB")
    assert image.size == (800, 1200)
    colours = image.getcolors(maxcolors=1 << 20)
    background = max(colours)[0] / (800 * 1200)
    assert len(colours) > 200 and background < 0.9  # text, a chart and the summary box
    assert problems == []


def test_self_contained_and_stamped(report):
    html = report[0].read_text(encoding="utf-8")
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", html)
    assert "<link" not in html and "@import" not in html
    for stamp in ("seed", "bots", "card_set", "modules", "rules", "n_games", "engine_version",
                  "schema_version"):
        assert f">{stamp}</th>" in html
    md = report[1].read_text(encoding="utf-8")
    assert report[1].suffix == ".md" and md.startswith("# Test report")
    for section in SECTIONS:
        assert f"## {section.title}" in md
    assert md.count("](data:image/svg+xml;base64,") == len(CHARTED)


def test_summary_names_the_strongest_associations_in_whole_sentences(report):
    md = report[1].read_text(encoding="utf-8")
    summary = md.split("## In one minute", 1)[1].split("\n## ", 1)[0]
    owners = [line for line in summary.splitlines() if line.startswith("- Seats owning ")]
    assert len(owners) == 2  # the card and the face with the largest difference
    for line in owners:  # named as a person reads them ("Hydra", "1 Sun + 1 Glory"), not by id
        assert re.fullmatch(r"- Seats owning [^_]+ win [+-]\d+\.\d points more often than those "
                            r"that could have taken it and did not \(an association, not its "
                            r"effect\)\.", line)


def test_summary_comes_first(report):
    html = report[0].read_text(encoding="utf-8")
    order = [html.index('id="summary"')] + [html.index(f'id="{s.source}"') for s in SECTIONS]
    assert order == sorted(order)
    assert 'id="skill"' not in html  # no two skill levels in these runs: no empty section


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_report_command_errors_leave_nothing(tmp_path):
    logs = sample_logs(tmp_path / "run-a")
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    for out, message in ((blocked / "r.html", f"{blocked} is a file, not a folder"),
                         (tmp_path / "r.pdf", "the report is an .html file")):
        result = invoke("report", "--logs", logs, "--out", out)
        assert result.exit_code == 1 and message in result.stderr, result.output
        assert len(result.stderr.strip().splitlines()) == 1
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "runs.parquet").write_bytes((logs / "runs.parquet").read_bytes())
    result = invoke("report", "--logs", empty, "--out", tmp_path / "out" / "r.html")
    assert result.exit_code == 1 and "no games logged yet" in result.stderr
    assert not (tmp_path / "out").exists()  # no report, no temporary file, no folder made


def test_balance_report_variant(runs, tmp_path):
    out = tmp_path / "b.html"
    result = invoke("balance", "--logs", runs, "--report", out, "--format", "csv")
    assert result.exit_code == 0, result.output
    html = out.read_text(encoding="utf-8")
    assert html.index('id="balance"') < html.index('id="seats"')  # balance first
    assert out.with_suffix(".md").is_file()


@pytest.mark.parametrize("kind", ["glory", "seat-scores", "seats"])
def test_chart_command_titles_say_what_and_on_what(runs, tmp_path, kind):
    out = tmp_path / f"{kind}.svg"
    result = invoke("chart", kind, "--logs", runs, "--out", out)
    assert result.exit_code == 0, result.output
    svg = out.read_text(encoding="utf-8")
    # matplotlib writes each text of an SVG as a comment beside its glyphs
    assert "set base · 2, 3 players · bots economist, hero, random · n = 32 games" in svg
    assert svg.rstrip().endswith("</svg>")
