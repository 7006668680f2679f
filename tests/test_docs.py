"""The README and docs/ point only at what is in the repository: every link resolves, every
file or folder named in backticks exists, and nothing cites the project's private notes."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted([ROOT / "README.md", ROOT / "queries" / "README.md", *(ROOT / "docs").glob("*.md")])
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
CODE = re.compile(r"`([^`\n]+)`")
TOP = ("analytics/", "docs/", "queries/", "tests/", "logs/samples/", ".ci/")
# Paths that name what a command writes, or a pattern, rather than a file of the repository.
NOT_A_FILE = re.compile(r"[<>*{}|\[\]]|\.\.\.|…|\b[A-Z]{2,}\b|\s")


def links(text: str) -> list[str]:
    return [t for t in LINK.findall(text) if not re.match(r"[a-z]+:|#", t)]


def named_paths(text: str) -> list[str]:
    text = re.sub(r"```.*?```", "", text, flags=re.S)  # commands in blocks write, not name
    paths = []
    for code in CODE.findall(text):
        for word in code.split():
            word = word.rstrip(".,;:)").split(":")[0]
            if word.startswith(TOP) and not NOT_A_FILE.search(word):
                paths.append(word)
    return paths


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_of_a_page_resolves(page):
    text = page.read_text(encoding="utf-8")
    missing = [t for t in links(text) if not (page.parent / t.split("#")[0]).exists()]
    assert missing == []


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_file_a_page_names_is_in_the_repository(page):
    missing = [p for p in named_paths(page.read_text(encoding="utf-8"))
               if not (ROOT / p).exists()]
    assert missing == []


def test_every_docs_page_is_reachable_from_the_readme():
    """A page nobody links to is a page nobody reads."""
    reachable, todo = set(), [ROOT / "README.md"]
    while todo:
        page = todo.pop()
        for target in links(page.read_text(encoding="utf-8")):
            path = (page.parent / target.split("#")[0]).resolve()
            if path.suffix == ".md" and path.exists() and path not in reachable:
                reachable.add(path)
                todo.append(path)
    assert sorted(p.name for p in (ROOT / "docs").glob("*.md") if p not in reachable) == []


def test_the_readme_reads_in_ten_minutes():
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 260


def test_the_checks_catch_a_broken_link_and_a_missing_file():
    text = "see [the page](docs/nowhere.md) and `analytics/nowhere.py`, `logs/<run>/x`"
    assert links(text) == ["docs/nowhere.md"]
    assert named_paths(text) == ["analytics/nowhere.py"]


# The project's private notes (the rules reference, the metrics notes, the shared folder) are
# not the users': a page cites the rulebooks and the rulings by their number, never those files.
PRIVATE = re.compile(r"REFERENCE(\.md)?\b|METRICS\.md|\.\./shared|valeria-altera-notes")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_page_cites_the_projects_private_notes(page):
    assert cited(page.read_text(encoding="utf-8")) == []


def cited(text: str) -> list[str]:
    return [m.group(0) for m in PRIVATE.finditer(text)]


def test_the_private_notes_check_catches_a_citation():
    assert cited("as REFERENCE §6.3 says; see METRICS.md") == ["REFERENCE", "METRICS.md"]
    assert not PRIVATE.search("docs/metrics.md and the rulings (R4)")
