"""Versioned runs: the code that plays is in the run id and the manifest; --resume and repair
refuse a run made by other code; analyses warn when they pool runs of different code."""

from __future__ import annotations

import re
import shutil
import sys
import textwrap
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner

from analytics.cli.app import main
from analytics.runs import code
from analytics.runs.simulate import RunConfig, run_code, run_id, validate

ROOT = Path(__file__).resolve().parents[1]
VERSION = re.compile(r"\d+\.\d+\.\d+\+code\.[0-9a-f]{12}")


def _module(tmp_path, monkeypatch, name: str, source: str) -> str:
    (tmp_path / f"{name}.py").write_text(textwrap.dedent(source))
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop(name, None)
    code._digest_of.cache_clear()
    return code.code_version("analytics.games.bazaar", (name,))


def test_comments_docstrings_and_layout_do_not_change_the_version(tmp_path, monkeypatch):
    plain = _module(tmp_path, monkeypatch, "vbot", """
        def worth(x):
            return x * 4.4
    """)
    dressed = _module(tmp_path, monkeypatch, "vbot", """
        '''A module docstring.'''
        # a comment
        def worth(x):
            '''Says what it does.'''
            return (x *
                    4.4)  # the Cyclops' rate
    """)
    retuned = _module(tmp_path, monkeypatch, "vbot", """
        def worth(x):
            return x * 4.5
    """)
    assert VERSION.fullmatch(plain) and plain == dressed != retuned


def test_each_game_and_its_bots_have_their_version():
    diceforge = RunConfig(players=2, games=1, bots=("economist",))
    bazaar = RunConfig(game="bazaar", players=2, games=1, bots=("spender",))
    assert VERSION.fullmatch(run_code(diceforge)) and run_code(diceforge) != run_code(bazaar)


def _bot_file(path: Path, rate: float) -> str:
    path.write_text(textwrap.dedent(f"""
        class Rate:
            name, params, fallback, answers = "rate", {{}}, "economist", {{"action"}}

            def choose(self, view, decision, rng):
                return decision.options[0] if rng.random() < {rate} else decision.options[-1]
    """))
    return f"{path}:Rate"


def _simulate(out: Path, spec: str, *extra: str):
    return CliRunner().invoke(main, ["simulate", "--players", "2", "--games", "4", "--quiet",
                                     "--workers", "1", "--part-size", "2", "--out", str(out),
                                     "--bots", f"{spec},economist", *extra])


def test_resume_and_repair_refuse_a_run_made_before_a_bot_changed(tmp_path):
    spec = _bot_file(tmp_path / "rate.py", 0.5)
    out = tmp_path / "run"
    assert _simulate(out, spec).exit_code == 0
    made_by = pl.read_parquet(out / "runs.parquet")["engine_version"][0]
    assert VERSION.fullmatch(made_by)
    shutil.rmtree(next((out / "parts").iterdir()))  # a part lost: there is something to resume

    _bot_file(tmp_path / "rate.py", 0.6)  # the bot retuned
    sys.modules.pop(code_module_name(spec), None)
    code._digest_of.cache_clear()
    for result in (_simulate(out, spec, "--resume"),
                   CliRunner().invoke(main, ["repair", str(out), "--quiet"])):
        assert result.exit_code == 1
        assert re.fullmatch(rf"Error: {re.escape(str(out))} was made by dicelab code "
                            rf"{re.escape(made_by)}, this is {VERSION.pattern}: other code plays "
                            r"other games; finish it with the code that made it, or start a new "
                            r"run in another folder\n", result.output), result.output
    assert len(list((out / "parts").iterdir())) == 1  # nothing was played into it


def code_module_name(spec: str) -> str:
    """The name a bot file is loaded under in this process (dropped to load it again)."""
    from analytics.policies.registry import _file_module_name

    return _file_module_name(spec.rpartition(":")[0])


def test_a_change_to_the_game_changes_the_run_id_and_refuses_resume(tmp_path, monkeypatch):
    config = RunConfig(players=2, games=4, bots=("economist",))
    before = run_id(config, validate(config))
    out = tmp_path / "run"
    assert CliRunner().invoke(main, ["simulate", "--players", "2", "--games", "4", "--quiet",
                                     "--out", str(out)]).exit_code == 0
    import analytics.runs.simulate as simulate

    monkeypatch.setattr(simulate, "game_code_version", lambda game, bots: "0.1.0+code.0ther")
    assert run_id(config, validate(config)) != before
    result = CliRunner().invoke(main, ["simulate", "--players", "2", "--games", "4", "--quiet",
                                       "--out", str(out), "--resume"])
    assert result.exit_code == 1 and "this is 0.1.0+code.0ther" in result.output


def test_pooling_runs_of_different_code_is_a_warning(tmp_path):
    spec = _bot_file(tmp_path / "rate.py", 0.5)
    assert _simulate(tmp_path / "a", spec).exit_code == 0
    _bot_file(tmp_path / "rate.py", 0.7)
    sys.modules.pop(code_module_name(spec), None)
    code._digest_of.cache_clear()
    assert _simulate(tmp_path / "b", spec).exit_code == 0
    versions = {pl.read_parquet(tmp_path / r / "runs.parquet")["engine_version"][0]
                for r in "ab"}
    result = CliRunner().invoke(
        main, ["seats", "--logs", str(tmp_path / "a"), "--logs", str(tmp_path / "b")])
    assert result.exit_code == 0
    assert (f"warning: these games were played by 2 different versions of the code "
            f"({', '.join(sorted(versions))}): rules or bots may differ between them"
            in result.stderr)


@pytest.mark.parametrize("game", ["diceforge", "bazaar"])
def test_the_version_is_taken_in_a_fraction_of_a_second(game):
    """Run once per simulate command (and once per worker process)."""
    import time

    code._digest_of.cache_clear()
    start = time.process_time()
    run_code(RunConfig(game=game, players=2, bots=("random",)))
    assert time.process_time() - start < 2.0


def test_code_that_changes_while_a_run_plays_is_refused_by_the_worker(tmp_path, monkeypatch):
    """The bug behind last session's 4-player balance folders: the parent hashes the code once,
    a worker process started later imports the changed files, and its games carried another run
    id than the catalogue. Here the bot file changes just before the workers start."""
    from analytics.runs import workers

    spec = _bot_file(tmp_path / "rate.py", 0.5)
    start = workers._Worker.start

    def retune_then_start(play):
        _bot_file(tmp_path / "rate.py", 0.6)  # an edit lands while the run is starting
        return start(play)

    monkeypatch.setattr(workers._Worker, "start", classmethod(
        lambda cls, play: retune_then_start(play)))
    out = tmp_path / "run"
    result = CliRunner().invoke(main, ["simulate", "--players", "2", "--games", "4", "--quiet",
                                       "--workers", "2", "--part-size", "2", "--out", str(out),
                                       "--bots", f"{spec},economist"])
    assert result.exit_code == 1
    assert re.fullmatch(rf"Error: {re.escape(str(out))}: the code changed while the run played "
                        rf"\(started by dicelab code {VERSION.pattern}, a worker now runs "
                        rf"{VERSION.pattern}\); the parts already played stay, no game of the "
                        r"new code was kept: start a new run in another folder\n",
                        result.output), result.output
    assert not (out / "parts").exists() or not any((out / "parts").iterdir())


def test_a_part_played_by_other_code_than_its_run_is_refused(tmp_path):
    from analytics.runs.simulate import CodeChanged, play_chunk

    config = RunConfig(players=2, games=2, bots=("economist",))
    with pytest.raises(CodeChanged, match="a worker now runs"):
        play_chunk(config, str(tmp_path), 0, 2, code="0.1.0+code.0ther")
    assert not any(tmp_path.iterdir())
    assert play_chunk(config, str(tmp_path), 0, 2, code=run_code(config)) == 2
