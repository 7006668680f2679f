"""The compiled hot path: a stale build is never run."""

import os

import pytest

from analytics.native import COMPILED, SUFFIX, StaleBuildWarning, drop_stale, stale_sources


def _tree(root, built_age: float):
    """A source tree holding one compiled module, built `built_age` seconds after its source."""
    source = root / COMPILED[0]
    source.parent.mkdir(parents=True)
    source.write_text("x = 1\n")
    stem = str(source.with_suffix(""))
    built = [root / f"{stem}{SUFFIX}", root / f"{stem}__mypyc{SUFFIX}"]
    for path in built:
        path.write_bytes(b"")
        when = source.stat().st_mtime + built_age
        os.utime(path, (when, when))
    return source, built


def test_a_build_newer_than_its_source_is_kept(tmp_path):
    source, built = _tree(tmp_path, built_age=5)
    assert stale_sources(tmp_path) == [] and drop_stale(tmp_path) == []
    assert all(path.exists() for path in built)


def test_a_build_older_than_its_source_is_removed_with_a_warning(tmp_path):
    source, built = _tree(tmp_path, built_age=-5)
    with pytest.warns(StaleBuildWarning, match=r"changed since compiled.*python -m analytics"):
        assert drop_stale(tmp_path) == [source]
    assert not any(path.exists() for path in built)
    assert stale_sources(tmp_path) == []
