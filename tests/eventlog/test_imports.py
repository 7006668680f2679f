"""The event log is the bottom of the analytics: its modules import nothing of the runner, the
queries or the games above it (games and readers both import it)."""

from pathlib import Path

import analytics
from analytics.native.build import module_imports

ROOT = Path(analytics.__file__).parents[1]
BELOW = ("analytics.eventlog", "analytics.errors")


def test_the_event_log_imports_nothing_above_it():
    found = {}
    for path in sorted((ROOT / "analytics" / "eventlog").glob("*.py")):
        source = path.relative_to(ROOT).as_posix()
        above = [name for name in module_imports(source, ROOT)
                 if name.startswith("analytics") and not name.startswith(BELOW)
                 and name != "analytics"]
        if above:
            found[source] = above
    assert found == {}
