"""Test session settings shared by every test folder."""

import os

from hypothesis import settings

from analytics.native import describe_build

# Speed is measured by `make bench`, not by tests: on a loaded 2-core machine hypothesis's
# per-example deadline (200 ms) failed a first slow call as "flaky", whatever its result.
settings.register_profile("dicelab", deadline=None)
settings.load_profile("dicelab")

# The results cache (analytics/cache.py) off for the suite, and for the commands it starts: a
# test computes what it asserts; tests/test_cache.py turns the cache on where it tests it.
os.environ["DICELAB_CACHE"] = "off"


def pytest_terminal_summary(terminalreporter) -> None:
    # CI runs the golden playthroughs on both builds: the last line says which one this was.
    terminalreporter.write_line(f"dicelab hot path: {describe_build()}")
