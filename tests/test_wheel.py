"""The wheel works outside the source tree: its queries and templates ship as package data.

The wheel is built from the checkout, installed into a fresh venv in a temporary folder (its
dependencies come from the project's venv, read as a plain path so the editable install there
is not seen), and run from a folder with no `queries/` beside it.
"""

from __future__ import annotations

import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str | Path, cwd: Path) -> str:
    done = subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True)
    assert done.returncode == 0, f"{args} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, Path]:
    """(the fresh venv's bin folder, a working folder outside the repo)."""
    base = tmp_path_factory.mktemp("wheel")
    run(sys.executable, "-m", "pip", "wheel", ROOT, "--no-deps", "--no-build-isolation",
        "-q", "-w", base / "dist", cwd=base)
    (wheel,) = (base / "dist").glob("dicelab-*.whl")
    venv.create(base / "fresh", with_pip=False)
    fresh_python = base / "fresh" / "bin" / "python"
    run(sys.executable, "-m", "pip", "--python", fresh_python, "install", "--no-deps", "-q",
        wheel, cwd=base)
    site = Path(run(fresh_python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))",
                    cwd=base).strip())
    # A path line in a .pth adds the folder; the .pth files inside it (the project's editable
    # install) are not read, so only the wheel's `analytics` can be imported.
    (site / "deps.pth").write_text(sysconfig.get_path("purelib") + "\n")
    work = base / "work"
    work.mkdir()
    return base / "fresh" / "bin", work


def test_the_installed_package_is_the_wheels(installed):
    bin_dir, work = installed
    where = run(bin_dir / "python", "-c", "import analytics; print(analytics.__file__)", cwd=work)
    assert str(bin_dir.parent) in where and str(ROOT) not in where


def test_simulate_cards_query_and_report_run_from_the_wheel(installed):
    bin_dir, work = installed
    dicelab = bin_dir / "dicelab"
    run(dicelab, "simulate", "--players", "3", "--games", "12", "--seed", "5", "--out", "run",
        cwd=work)
    cards = run(dicelab, "cards", "--logs", "run", "--min-n", "1", "--format", "csv", cwd=work)
    assert cards.splitlines()[0].startswith("card,") and len(cards.splitlines()) > 5
    seats = run(dicelab, "query", "win_rate_by_seat", "--logs", "run", "--format", "csv", cwd=work)
    assert seats.splitlines()[0].startswith("players,seat,") and len(seats.splitlines()) == 4
    audit = run(dicelab, "query", "audits/seq_gaps_by_game", "--logs", "run", "--format", "csv",
                cwd=work)
    assert len(audit.splitlines()) == 1  # the header alone: no violation
    run(dicelab, "report", "--logs", "run", "--out", "report.html", cwd=work)
    html = (work / "report.html").read_text()
    assert html.startswith("<!doctype html>") and html.count("<svg") >= 3  # charts drawn
