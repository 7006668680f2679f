"""Audit queries: none on sound logs, exactly the planted violations on broken ones."""

from __future__ import annotations

import pytest

from analytics.query.database import LogDatabase, query_paths
from tests.analytics_fixtures import broken_logs, sample_logs

AUDITS = sorted(name for name in query_paths() if name.startswith("audits/"))
PLANTED = {
    "audits/score_mismatch_by_seat_game": [(10, 0, 5, 4)],
    "audits/seat_errors_by_game": [(11, 2, 1, 1, 0, 0)],
    "audits/seq_gaps_by_game": [(12, 3, 3, 0, 7)],
    "audits/negative_resource_by_event": [(13, 1, 1, "gold", -3, -2)],
    "audits/winner_errors_by_game": [(14, 0, 0, 1, False)],
    "audits/win_share_errors_by_game": [(14, 0, 1.0, 1), (15, 1, 0.5, 1)],
    "audits/use_count_mismatch_by_seat_game": [(15, 1, "die_rolled", "glory_2", 1, 2)],
}


@pytest.fixture(scope="module")
def sound(tmp_path_factory):
    with LogDatabase([sample_logs(tmp_path_factory.mktemp("sound") / "run")]) as db:
        yield db


@pytest.fixture(scope="module")
def broken(tmp_path_factory):
    with LogDatabase([broken_logs(tmp_path_factory.mktemp("broken") / "run")]) as db:
        yield db


def test_every_audit_has_a_planted_violation():
    assert set(AUDITS) == set(PLANTED)


@pytest.mark.parametrize("name", AUDITS)
def test_audit_passes_sound_logs(sound, name):
    assert sound.run(name).is_empty()


@pytest.mark.parametrize("name", AUDITS)
def test_audit_finds_planted_violation(broken, name):
    assert broken.run(name).rows() == PLANTED[name]
