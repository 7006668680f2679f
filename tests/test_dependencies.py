"""Dependencies fit their use: Dask is an extra, and --cluster without it says how to get it."""

import sys
import tomllib
from pathlib import Path

from click.testing import CliRunner

from analytics.cli.app import main

PYPROJECT = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())


def test_dask_is_an_extra_the_dev_extra_brings():
    project = PYPROJECT["project"]
    assert not [d for d in project["dependencies"] if d.startswith(("dask", "distributed"))]
    assert [d for d in project["optional-dependencies"]["cluster"] if d.startswith("dask")]
    assert "dicelab[cluster]" in project["optional-dependencies"]["dev"]


def test_cluster_without_dask_is_one_line_saying_how_to_install(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed -> ImportError
    result = CliRunner().invoke(main, ["simulate", "--games", "2", "--out", str(tmp_path / "r"),
                                      "--cluster", "tcp://127.0.0.1:1"])
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [
        "Error: --cluster needs Dask, an optional part of dicelab: "
        "pip install 'dicelab[cluster]'"]
    assert not (tmp_path / "r").exists()
