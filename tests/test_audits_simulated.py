"""Every audit query finds nothing wrong in logs the real simulator wrote."""

import pytest

from analytics.query.database import LogDatabase, query_paths
from analytics.runs.simulate import RunConfig, run_simulation

AUDITS = sorted(name for name in query_paths() if name.startswith("audits/"))


@pytest.fixture(scope="module")
def logs(tmp_path_factory):
    root = tmp_path_factory.mktemp("simulated")
    configs = [
        RunConfig(players=2, games=20, seed=1, bots=("random",)),
        RunConfig(players=3, games=15, seed=2, bots=("economist", "hero", "random"),
                  card_set="base-alternates"),
        RunConfig(players=4, games=12, seed=3, bots=("economist", "hero", "economist", "hero"),
                  rules={"card_glory": "purchase"}),
        RunConfig(players=4, games=12, seed=4, bots=("random",), card_set="base-alternates",
                  rules={"ties": "tiebreak", "extra_action_cost": "gold2"}),
    ]
    for i, config in enumerate(configs):
        run_simulation(config, root / f"run{i}", workers=1, progress=False)
    return root


def test_there_are_audits():
    assert len(AUDITS) >= 6


@pytest.mark.parametrize("name", AUDITS)
def test_audit_finds_no_violation_in_simulated_logs(logs, name):
    with LogDatabase([logs]) as db:
        violations = db.run(name)
    assert violations.height == 0, violations.head(5)
