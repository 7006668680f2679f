"""A command imports only what it uses: `dicelab --version` and `--help` load no data library
(polars, DuckDB, Arrow, numpy, scipy, matplotlib cost about half a second to import)."""

import json
import subprocess
import sys

HEAVY = ("polars", "duckdb", "pyarrow", "numpy", "scipy", "matplotlib", "statsmodels")
PROBE = """
import json, sys
from analytics.cli.app import main
try:
    main(sys.argv[1:], standalone_mode=False)
finally:
    print(json.dumps(sorted(m for m in HEAVY if m in sys.modules)), file=sys.stderr)
""".replace("HEAVY", repr(HEAVY))


def loaded_by(*args: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True,
                          check=True)
    return json.loads(done.stderr.strip().splitlines()[-1])


def test_version_loads_no_data_library():
    assert loaded_by("--version") == []


def test_a_command_s_help_loads_no_data_library():
    for command in ("simulate", "cards", "seats", "compare", "balance", "list", "report",
                    "ladder"):
        assert loaded_by(command, "--help") == [], command
