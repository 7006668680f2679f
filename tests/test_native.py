"""The compiled hot path: optional, in its own folder, used only when it matches its sources.

These tests need no C compiler: a build is faked with Python files standing in for the
extension modules (the import machinery picks the loader by suffix), and the compiling child
process is replaced by a script. CI (.ci/run) checks a real build with `--check` and runs the
golden playthroughs both ways.
"""

import importlib
import json
import sys
from pathlib import Path

import pytest

import analytics.native as native
from analytics.native import (
    MANIFEST,
    SUFFIX,
    StaleBuildWarning,
    activate,
    build_status,
    compiled_sources,
    describe_build,
    file_hash,
)
from analytics.native import build as builder
from analytics.native.build import build, check, imported_sources, remove

FAKE = "analytics.engine.fake_for_native_test"  # a module name the real package does not have
FAKE_SOURCE = "analytics/engine/fake_for_native_test.py"


@pytest.fixture
def tree(tmp_path, monkeypatch):
    """A source tree holding one module to compile, which imports another; leaves the real
    import system and build status as they were."""
    monkeypatch.setenv("DICELAB_COMPILED", "1")  # the build is opt-in
    monkeypatch.delenv("DICELAB_STALE_WARNED", raising=False)
    monkeypatch.setattr(native, "_status", native._status)
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    root = tmp_path / "src"
    _write(root / FAKE_SOURCE, "import analytics.errors\nWHERE = 'source'\n")
    _write(root / "analytics/errors.py", "VALUE = 1\n")
    _write(root / "analytics/__init__.py", "")
    yield root
    sys.modules.pop(FAKE, None)
    if hasattr(sys.modules["analytics.engine"], FAKE.rsplit(".", 1)[1]):
        delattr(sys.modules["analytics.engine"], FAKE.rsplit(".", 1)[1])


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def _fake_build(root: Path, build_dir: Path) -> None:
    """A build of `root` as `python -m analytics.native` leaves it, a .py standing in for .so."""
    sources = compiled_sources(root)
    _write(build_dir / FAKE_SOURCE, "WHERE = 'build'\n")
    manifest = {"compiled": sources,
                "sources": {s: file_hash(root / s) for s in imported_sources(sources, root)},
                "modules": {FAKE: FAKE_SOURCE}}
    _write(build_dir / MANIFEST, json.dumps(manifest))


def _files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file())


def test_every_engine_and_game_module_is_compiled_so_an_added_one_is_too(tmp_path):
    for name in ("analytics/engine/loop.py", "analytics/engine/__init__.py",
                 "analytics/games/diceforge/rules/turn.py",
                 "analytics/games/diceforge/rules/content.py",
                 "analytics/games/other/rules.py", "analytics/cli/app.py"):
        _write(tmp_path / name, "")
    assert compiled_sources(tmp_path) == [
        "analytics/engine/loop.py", "analytics/games/diceforge/rules/turn.py",
        "analytics/games/other/rules.py"]


def test_no_compiled_module_looks_for_files_beside_itself():
    # A compiled module's __file__ is in the build folder, not beside its source.
    users = [s for s in compiled_sources() if "__file__" in (native.ROOT / s).read_text()]
    assert users == [], f"{users} use __file__: add them to INTERPRETED"


def test_no_compiled_module_is_a_script():
    # `python -m` needs a module's code object: a compiled script fails with "No code object".
    scripts = [s for s in compiled_sources() if "__main__" in (native.ROOT / s).read_text()]
    assert scripts == [], f"{scripts} run as scripts: add them to INTERPRETED"


def test_the_build_records_what_the_compiled_modules_import_from_analytics(tmp_path):
    _write(tmp_path / "analytics/__init__.py", "")
    _write(tmp_path / "analytics/games/__init__.py", "import json\n")
    _write(tmp_path / "analytics/games/g/__init__.py", "")
    _write(tmp_path / "analytics/games/g/rules.py",
           "from . import cards\nfrom analytics import errors\n")
    _write(tmp_path / "analytics/games/g/cards.py", "import analytics.games.g.util\n")
    _write(tmp_path / "analytics/games/g/util.py", "x = 1\n")
    _write(tmp_path / "analytics/errors.py", "")
    _write(tmp_path / "analytics/unrelated.py", "")
    assert imported_sources(["analytics/games/g/rules.py"], tmp_path) == [
        "analytics/__init__.py", "analytics/errors.py", "analytics/games/__init__.py",
        "analytics/games/g/__init__.py", "analytics/games/g/cards.py",
        "analytics/games/g/rules.py", "analytics/games/g/util.py"]


def test_a_current_build_is_served_first(tree):
    _fake_build(tree, tree / "build")
    assert build_status(tree, tree / "build").state == "current"
    assert activate(tree, tree / "build") is sys.meta_path[0]
    assert importlib.import_module(FAKE).WHERE == "build"
    assert describe_build() == "compiled with mypyc (1 modules)"


@pytest.mark.parametrize("change, why", [
    (lambda root: _write(root / FAKE_SOURCE, "WHERE = 'edited'\n"),
     f"{FAKE_SOURCE} changed since compiled"),
    (lambda root: _write(root / "analytics/errors.py", "VALUE = 2\n"),
     "analytics/errors.py changed since compiled"),
    (lambda root: (root / "analytics/errors.py").unlink(),
     "analytics/errors.py changed since compiled"),
    (lambda root: _write(root / "analytics/engine/added.py", ""),
     "the modules to compile changed since the build"),
])
def test_a_build_that_no_longer_matches_is_not_used_nor_deleted(tree, change, why):
    _fake_build(tree, tree / "build")
    before = _files(tree / "build")
    change(tree)
    with pytest.warns(StaleBuildWarning, match=r"changed since .*plain Python.*make install"):
        assert activate(tree, tree / "build") is None
    assert build_status(tree, tree / "build").detail == why
    assert describe_build() == f"plain Python ({why})"
    assert _files(tree / "build") == before


def test_a_stale_build_warns_once_per_run_its_workers_included(tree, recwarn):
    _fake_build(tree, tree / "build")
    _write(tree / FAKE_SOURCE, "WHERE = 'edited'\n")
    activate(tree, tree / "build")
    activate(tree, tree / "build")  # a worker inherits the environment of its run
    assert [w.category for w in recwarn] == [StaleBuildWarning]


def test_a_module_left_beside_its_source_by_the_old_build_is_never_loaded(tree):
    stray = tree / f"{FAKE_SOURCE.removesuffix('.py')}{SUFFIX}"
    stray.write_bytes(b"not a module")
    finder = activate(tree, tree / "build")  # no build here: plain Python
    assert finder.files == {FAKE: tree / FAKE_SOURCE}
    assert importlib.import_module(FAKE).WHERE == "source"
    assert stray.exists()


@pytest.mark.parametrize("value", [None, "0"])
def test_the_compiled_build_is_opt_in(tree, monkeypatch, value):
    _fake_build(tree, tree / "build")
    if value is None:
        monkeypatch.delenv("DICELAB_COMPILED")
    else:
        monkeypatch.setenv("DICELAB_COMPILED", value)
    assert activate(tree, tree / "build") is None
    assert describe_build() == f"plain Python (DICELAB_COMPILED={value or 'unset'})"
    assert build(tree, tree / "build") == (
        "DICELAB_COMPILED is not 1: the hot path runs as plain Python (slower, same games)")


def test_without_a_c_compiler_one_line_and_plain_python(tree, monkeypatch):
    _fake_build(tree, tree / "build")
    _write(tree / FAKE_SOURCE, "WHERE = 'edited'\n")  # the old build no longer matches
    monkeypatch.setenv("CC", str(tree / "no-such-cc"))
    assert build(tree, tree / "build") == (
        f"no C compiler ({tree / 'no-such-cc'} not found): the hot path runs as plain Python "
        "(slower, same games)")
    assert not (tree / "build").exists()


def _child(monkeypatch, script: str) -> None:
    """Replace the compiling child process by `script` (argv: staging folder, sources)."""
    monkeypatch.setenv("CC", sys.executable)  # a program that exists: "a C compiler"
    monkeypatch.setattr(builder, "COMPILE_COMMAND", [sys.executable, "-c", script])


def test_a_module_that_fails_to_compile_leaves_plain_python_with_one_line(tree, monkeypatch):
    _child(monkeypatch, "print('warming up'); print('analytics/engine/x.py:3: error: no'); "
                        "raise SystemExit(1)")
    line = build(tree, tree / "build")
    assert line == ("could not compile the hot path (analytics/engine/x.py:3: error: no; log: "
                    f"{tree / 'build.log'}): the hot path runs as plain Python (slower, same "
                    "games)")
    assert "warming up" in (tree / "build.log").read_text()
    assert sorted(p.name for p in tree.iterdir()) == ["analytics", "build.log"]  # no staging


def test_a_build_lands_whole_with_its_manifest(tree, monkeypatch):
    _child(monkeypatch, "import pathlib, sys; p = pathlib.Path(sys.argv[1]) / "
                        f"{FAKE_SOURCE.removesuffix('.py')!r}; p.parent.mkdir(parents=True); "
                        f"[pathlib.Path(str(p) + end).write_text('') for end in "
                        f"({SUFFIX!r}, '__mypyc{SUFFIX}')]")
    line = build(tree, tree / "build")
    assert line == f"compiled 1 modules with mypyc into {tree / 'build'}"
    manifest = json.loads((tree / "build" / MANIFEST).read_text())
    stem = FAKE_SOURCE.removesuffix(".py")
    assert manifest["modules"] == {FAKE: f"{stem}{SUFFIX}",
                                   f"{FAKE}__mypyc": f"{stem}__mypyc{SUFFIX}"}
    assert manifest["compiled"] == [FAKE_SOURCE]
    assert set(manifest["sources"]) == {"analytics/__init__.py", "analytics/errors.py",
                                        FAKE_SOURCE}
    assert build_status(tree, tree / "build").state == "current"
    assert build(tree, tree / "build") == "compiled hot path is current (1 modules)"


def test_remove_deletes_the_build_and_modules_left_beside_their_sources(tree):
    _fake_build(tree, tree / "build")
    stem = tree / FAKE_SOURCE.removesuffix(".py")
    for end in (SUFFIX, f"__mypyc{SUFFIX}"):
        Path(f"{stem}{end}").write_bytes(b"")
    assert remove(tree, tree / "build") == 4
    assert not (tree / "build").exists() and (tree / FAKE_SOURCE).exists()
    assert _files(tree) == sorted([tree / FAKE_SOURCE, tree / "analytics/errors.py",
                                   tree / "analytics/__init__.py"])


def test_check_passes_only_when_every_compiled_module_came_from_the_build(tree):
    assert check(tree, tree / "build").startswith("the compiled build is not in use: no compiled")
    _fake_build(tree, tree / "build")
    sys.meta_path.insert(0, native.PinnedFinder({FAKE: tree / FAKE_SOURCE}))
    assert check(tree, tree / "build") == (
        f"{FAKE} was imported from {tree / FAKE_SOURCE}, not from the build")
    sys.modules.pop(FAKE)
    activate(tree, tree / "build")
    assert check(tree, tree / "build") is None
