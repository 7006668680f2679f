"""The compiled hot path: a stale build is never run."""

import os

import pytest

from analytics.native import (
    COMPILED,
    SUFFIX,
    StaleBuildWarning,
    describe_build,
    drop_stale,
    stale_sources,
)


def _module(root, name: str, built_age: float):
    """A compiled module in a source tree, built `built_age` seconds after its source."""
    source = root / name
    source.parent.mkdir(parents=True, exist_ok=True)
    source.write_text("x = 1\n")
    stem = str(source.with_suffix(""))
    built = [root / f"{stem}{SUFFIX}", root / f"{stem}__mypyc{SUFFIX}"]
    for path in built:
        path.write_bytes(b"")
        when = source.stat().st_mtime + built_age
        os.utime(path, (when, when))
    return source, built


def test_a_build_newer_than_its_sources_is_kept(tmp_path):
    built = [path for name in COMPILED[:2] for path in _module(tmp_path, name, 5)[1]]
    assert stale_sources(tmp_path) == [] and drop_stale(tmp_path) == []
    assert all(path.exists() for path in built)


def test_one_changed_source_removes_the_whole_build_with_a_warning(tmp_path):
    # Compiled modules call each other's compiled code: the build goes as a whole.
    source, stale = _module(tmp_path, COMPILED[0], built_age=-5)
    _, fresh = _module(tmp_path, COMPILED[1], built_age=5)
    with pytest.warns(StaleBuildWarning, match=r"changed since compiled.*python -m analytics"):
        assert drop_stale(tmp_path) == [source]
    assert not any(path.exists() for path in stale + fresh)
    assert stale_sources(tmp_path) == []


def test_the_build_is_described_as_it_is(tmp_path):
    assert describe_build(tmp_path).startswith(f"plain Python (0 of {len(COMPILED)} modules")
    for name in COMPILED:
        _module(tmp_path, name, built_age=5)
    assert describe_build(tmp_path) == f"compiled with mypyc ({len(COMPILED)} modules)"
