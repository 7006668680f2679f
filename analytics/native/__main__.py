"""`python -m analytics.native`: bring the compiled hot path up to date (plain Python, with one
line saying so, when it cannot be built); `--remove`: delete it; `--check`: exit 1 unless this
process runs every compiled module from a current build (CI).
"""

from __future__ import annotations

import sys

from analytics.native.build import build, check, remove

USAGE = "usage: python -m analytics.native [--remove | --check]"


def main(argv: list[str]) -> int:
    if not argv:
        print(build())
        return 0
    if argv == ["--remove"]:
        print(f"removed {remove()} compiled files")
        return 0
    if argv == ["--check"]:
        problem = check()
        print(problem or "the compiled build is current and in use", file=sys.stderr)
        return 1 if problem else 0
    print(USAGE, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
