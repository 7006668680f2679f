"""`python -m analytics.native`: compile the hot path with mypyc; `--remove`: back to Python."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import warnings
from pathlib import Path

from analytics.native import COMPILED, ROOT, built_files


def remove(root: Path = ROOT) -> int:
    """Delete every built module; returns how many files went."""
    removed = 0
    for name in COMPILED:
        for path in built_files(root / name):
            path.unlink()
            removed += 1
    return removed


def build(root: Path = ROOT) -> None:
    """Compile COMPILED in place, one extension per module (no shared library at the top)."""
    from mypyc.build import mypycify  # build-time only: mypy is a dev dependency
    from setuptools import setup  # type: ignore[import-untyped]

    remove(root)  # a failed build must not leave old modules behind
    work = Path(tempfile.mkdtemp(prefix="dicelab-mypyc-"))
    cwd = Path.cwd()
    try:
        os.chdir(root)  # mypyc names modules by their path from here
        modules = mypycify(list(COMPILED), separate=True, target_dir=str(work / "c"))
        warnings.filterwarnings("ignore", module="setuptools")  # its notes on our pyproject
        setup(name="dicelab-native", ext_modules=modules, script_args=[
            "--quiet", "build_ext", "--inplace", "--build-temp", str(work / "build"),
            "--parallel", str(os.cpu_count() or 1)])
    finally:
        os.chdir(cwd)
        shutil.rmtree(work, ignore_errors=True)


def main(argv: list[str]) -> int:
    if argv == ["--remove"]:
        print(f"removed {remove()} compiled files")
        return 0
    if argv:
        print("usage: python -m analytics.native [--remove]", file=sys.stderr)
        return 2
    build()
    print(f"compiled {len(COMPILED)} modules with mypyc")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
