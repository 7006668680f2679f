"""`make mutation`: mutation testing of the code that computes the answers users read (issue 36).

    python -m analytics.devtools.mutation                    # every module, then the scores
    python -m analytics.devtools.mutation stats/estimates    # one module (a MODULES key)
    python -m analytics.devtools.mutation --report           # the scores of the last run only

mutmut 3 (the `dev` extra) copies the tree into mutants/, makes every mutant of the functions
of the modules in pyproject's [tool.mutmut] `only_mutate`, and runs each against only the tests
(of `pytest_add_cli_args_test_selection`) that reach its function. This runs mutmut one module
at a time, then prints one line per module, killed/total and the score, and fails when a module
scores under MINIMUM. A mutant listed in EQUIVALENT (no behaviour a test could see changes) is
left out of its module's total; docs/mutation.md says why for each. The survivors' names go to
mutants/survivors.txt (`mutmut show NAME` prints the change).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import click

MINIMUM = 0.85

# The modules, as paths under analytics/ without ".py" (they must also be in pyproject's
# [tool.mutmut] only_mutate). analytics/games/diceforge/rules/payment.py holds no function
# (it names the engine's Payment methods for the game), so mutmut makes no mutant of it: the
# engine's payment is what is tested.
MODULES = (
    "experiments/compare", "experiments/paired", "experiments/value", "experiments/balance",
    "experiments/power",
    "stats/estimates", "stats/rates", "stats/paired", "stats/balance", "stats/bootstrap",
    "stats/regression",
    "engine/payment", "games/diceforge/rules/payment",
)

# Mutants that change nothing a caller can see, by mutmut's name: why, in docs/mutation.md.
EQUIVALENT: frozenset[str] = frozenset()

KILLED = {1, 3, 36, 24, -24, 152, 255, 37}  # failed, pytest error, timeout, type check
SURVIVED = {0}
NO_TESTS = {5, 33}  # no selected test reaches the function: counted as survivors


def _meta(module: str) -> dict[str, int | None]:
    path = Path("mutants") / "analytics" / f"{module}.py.meta"
    if not path.exists():
        return {}
    return json.loads(path.read_text())["exit_code_by_key"]


def score(module: str) -> tuple[int, int, list[str], int]:
    """(killed, total, survivors, not run) of `module`'s mutants in the last run."""
    killed, total, survivors, unchecked = 0, 0, [], 0
    for name, code in sorted(_meta(module).items()):
        if name in EQUIVALENT:
            continue
        if code is None:
            unchecked += 1
            continue
        total += 1
        if code in KILLED:
            killed += 1
        else:
            survivors.append(name)
    return killed, total, survivors, unchecked


def report(modules: tuple[str, ...]) -> bool:
    """One line per module; whether every module that has mutants reaches MINIMUM."""
    ok = True
    lines = []
    for module in modules:
        killed, total, survivors, unchecked = score(module)
        lines.extend(survivors)
        if total == 0 and not unchecked:
            print(f"{module:32} no mutants (no function to mutate)")
            continue
        share = killed / total if total else 0.0
        low = share < MINIMUM or unchecked > 0
        ok &= not low
        print(f"{module:32} {killed:4}/{total:<4} killed  {100 * share:5.1f}%"
              + (f"  ({unchecked} not run)" if unchecked else "")
              + ("  UNDER 85%" if share < MINIMUM else ""))
    Path("mutants").mkdir(exist_ok=True)
    Path("mutants/survivors.txt").write_text("".join(f"{s}\n" for s in lines))
    print(f"{len(lines)} survivors listed in mutants/survivors.txt; `mutmut show NAME` for each")
    return ok


@click.command()
@click.argument("modules", nargs=-1)
@click.option("--report", "report_only", is_flag=True, help="Only the scores of the last run.")
@click.option("--max-children", type=int, default=2, show_default=True,
              help="Mutants run at once (the machine may be shared).")
def main(modules: tuple[str, ...], report_only: bool, max_children: int) -> None:
    unknown = [m for m in modules if m not in MODULES]
    if unknown:
        raise click.UsageError(f"unknown module {', '.join(unknown)}: one of {', '.join(MODULES)}")
    modules = modules or MODULES
    started = time.monotonic()
    if not report_only:
        mutmut = Path(sys.executable).with_name("mutmut")
        for module in modules:
            pattern = "analytics." + module.replace("/", ".") + ".*"
            print(f"mutmut run {pattern}", flush=True)
            # mutmut prints a line per mutant: kept out of sight, the scores below say it all.
            done = subprocess.run([str(mutmut), "run", "--max-children", str(max_children),
                                   pattern], stdout=subprocess.DEVNULL,
                                  env={**os.environ, "PYTHONPATH": ""})
            if done.returncode not in (0, 1):
                sys.exit(f"mutmut stopped on {module} (exit {done.returncode})")
    ok = report(modules)
    print(f"{time.monotonic() - started:.0f} s")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
