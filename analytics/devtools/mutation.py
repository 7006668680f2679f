"""`make mutation`: mutation testing of the code that computes the answers users read (issue 36).

    python -m analytics.devtools.mutation                    # every module, then the scores
    python -m analytics.devtools.mutation stats/estimates    # one module (a MODULES key)
    python -m analytics.devtools.mutation --report           # the scores of the last run only

mutmut 3 (the `dev` extra) copies the tree into mutants/, makes every mutant of the functions
of a module and runs each against only those of the module's own test files (MODULES) that
reach its function. Each module gets a folder of its own, build/mutation/NAME: a copy of the
tree whose pyproject adds that module and its tests to the shared [tool.mutmut] settings, so
one module's run never waits on another's tests. Each run starts afresh (mutmut 3 keeps a
verdict when only a test changed); --resume keeps the folder, for a run that was stopped.
Then one line per module, killed/total and the score; it fails when
a module scores under MINIMUM. A mutant listed in EQUIVALENT (no behaviour a test could see
changes) is left out of its module's total; docs/mutation.md says why for each. The survivors'
names go to build/mutation/survivors.txt (`mutmut show NAME`, run in the module's folder,
prints the change).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import click

MINIMUM = 0.85

# Each module (a path under analytics/ without ".py") and its own test files.
# analytics/games/diceforge/rules/payment.py holds no function (it names the engine's Payment
# methods for the game): mutmut 3 mutates only functions, so it makes no mutant of it and the
# engine's payment, which it calls, is what is tested.
# Hand-made games only: test_compare.py simulates games (an hour a run under mutation).
COMPARE_TESTS = ("tests/test_compare_exact.py", "tests/test_compare_mutants.py")
PAYMENT_TESTS = ("tests/engine/test_resources.py", "tests/diceforge/test_payment.py",
                 "tests/diceforge/test_scepter.py")
MODULES: dict[str, tuple[str, ...]] = {
    "experiments/compare": COMPARE_TESTS,
    "experiments/paired": ("tests/test_experiments_paired_exact.py",),
    "experiments/value": ("tests/test_value_exact.py",),
    "experiments/balance": ("tests/test_balance.py", "tests/test_experiments_balance_exact.py"),
    "experiments/power": ("tests/test_power.py", "tests/test_power_exact.py"),
    "stats/estimates": ("tests/test_stats.py", "tests/test_estimates_exact.py"),
    "stats/rates": ("tests/test_rates.py", "tests/test_rates_exact.py"),
    "stats/paired": ("tests/test_stats.py", "tests/test_compare_exact.py",
                     "tests/test_paired_stats_exact.py"),
    "stats/balance": ("tests/test_balance.py", "tests/test_stats_balance_exact.py"),
    "stats/bootstrap": ("tests/test_stats.py", "tests/test_bootstrap_exact.py"),
    "stats/regression": ("tests/test_stats.py", "tests/test_regression_vectorised.py",
                         "tests/test_regression_exact.py"),
    "engine/payment": PAYMENT_TESTS,
    "games/diceforge/rules/payment": PAYMENT_TESTS,
}
COPIED = ("analytics", "tests", "queries", "logs", "reports")
ROOT = Path("build/mutation")

# Mutants that change nothing a caller can see, by mutmut's name: why, in docs/mutation.md.
def _named(module: str, function: str, *numbers: int) -> set[str]:
    """mutmut's names of a function's mutants; `Class.method` names a method's."""
    owner, _, method = function.rpartition(".")
    name = f"xǁ{owner}ǁ{method}" if owner else f"x_{function}"
    return {f"analytics.{module}.{name}__mutmut_{n}" for n in numbers}


EQUIVALENT: frozenset[str] = frozenset(
    # chunk=65: the generator's stream does not depend on how it is cut into chunks (speed
    # only); int64 instead of uint32 draws (the same numbers); integers(n) is integers(0, n);
    # thread count and names; an unused last draw; zip's strict=None is strict=False; "ignore"
    # every warning, where only RuntimeWarning arises.
    _named("stats.bootstrap", "bootstrap_sums", 3, 32, 35, 37, 38, 39, 40, 41, 42, 43,
           58, 59, 68, 71)
    | _named("stats.bootstrap", "percentile_interval", 12)
    # --- stats/estimates ---
    # dtype=float dropped or None (np.asarray, np.arange): true division, np.sqrt or a float
    # constant follows, so integer input gives the same floats; full_like(float, None) is NaN.
    | _named("stats.estimates", "wilson_bounds", 4, 6, 8, 10)
    | _named("stats.estimates", "mean_bounds", 4, 6)
    | _named("stats.estimates", "benjamini_hochberg", 3, 5, 8, 35, 38)
    | _named("stats.estimates", "profile_signature", 3, 5)
    | _named("stats.estimates", "same_hypotheses", 8, 10)
    | _named("stats.estimates", "seat_chi_square", 3, 5, 7, 9)
    | _named("stats.estimates", "cluster_ratio_bounds", 4, 6, 9, 11)
    # np.errstate arguments: whether numpy warns about 0/0, not a value.
    | _named("stats.estimates", "wilson_bounds", 13, 14, 15, 16)
    | _named("stats.estimates", "mean_bounds", 7, 8, 9, 10)
    | _named("stats.estimates", "cluster_ratio_bounds", 23, 24, 25, 26)
    # Clip bounds that cannot bind (adjusted p in [min p, max p]; r -+ z se around a rate in
    # [0, 1]; the Wilson centre -+ its half-width); the exact 0 and 1 np.where sets are the
    # clip's own there.
    | _named("stats.estimates", "benjamini_hochberg", 53, 54, 59)
    | _named("stats.estimates", "cluster_ratio_bounds", 61, 68, 70)
    | _named("stats.estimates", "wilson_bounds", 63, 66, 67, 73, 75, 82, 84, 87, 88, 94)
    # n >= 1: df 0 gives scipy's NaN interval either way; the norm of an empty profile is 0.0
    # either way; a first projection exactly 0.0 (probability 0); reshape(-2, 2) is -1; one
    # p-value (checked before) goes through BH's steps unchanged: p * 1 / 1, clipped in [0, 1].
    | _named("stats.estimates", "mean_bounds", 22)
    | _named("stats.estimates", "profile_signature", 8, 24)
    | _named("stats.estimates", "same_hypotheses", 12)
    | _named("stats.estimates", "benjamini_hochberg", 25)
    # dtype=float dropped: integer counts give the same floats (true division, float bounds).
    | _named("stats.rates", "clustered_rates", 3, 5, 8, 10)
    | _named("stats.rates", "score_test_p", 3, 5)
    | _named("stats.rates", "too_few_to_test", 3, 5, 7, 9)
    # den >= 0: the numerator is 0 where the denominator is; binomial >= 0: a rate of 0 or 1
    # has every residual 0, so variance 0 takes the same branch; total >= 0: where no game
    # counts a column its n_eff is already total = 0.
    | _named("stats.rates", "clustered_rates", 42, 69, 89)
    # errstate: no 0-divided-by-nonzero in correlation (Cauchy-Schwarz), no invalid operation
    # in _inverted_p's or rate_difference's (NaN passes through without a warning; a test
    # holds both silent under warnings-as-errors).
    | _named("stats.rates", "correlation", 3, 5) | _named("stats.rates", "_inverted_p", 3)
    | _named("stats.rates", "rate_difference", 29)
    # z twice among the levels: the same hull.
    | _named("stats.rates", "rate_difference", 19)
    # Bisection from a bracket two grid steps wide, or one step more: the same crossing to
    # 2**-40 of a grid step (below 1e-12 in z). np.where(None, ...): equal rates reach 0 at
    # z = 0 (the interval holds the difference), so p = erfc(0) = 1 anyway.
    | _named("stats.rates", "_inverted_p", 36, 39, 74)
    # holm: integer p-values (0 or 1) give the same values; full_like(float, None) is NaN;
    # any sort: tied p-values get the same adjusted value in either order.
    | _named("stats.rates", "holm", 3, 5, 8, 17, 19, 21)
    # _wilson: no invalid operation arises (max(., 0) under each root; NaN passes silently);
    # at a count of exactly 1/2 the closed form is the edge itself; the clips never bind (the
    # bounds lie in [0, p] and [p, 1] beyond that count: 600,000 points checked).
    # _reaches_zero: at d == 0 both bounds reach 0 (the interval holds its estimate); a bound
    # exactly 0 at a probed quantile is the crossing, which the bisection finds either way.
    | _named("stats.rates", "_wilson", 1, 3, 85, 89, 90, 95, 103, 107, 108, 113)
    | _named("stats.rates", "_reaches_zero", 16, 18, 20)
    # --- stats/regression, stats/paired, experiments/value, experiments/power, stats/balance (2) ---  # noqa: E501
    # dtype=float dropped or None, astype(None): integer or bool input meets a float column of
    # ones, float residuals or true division first, so the same floats; astype(None) is float64.
    | _named("stats.regression", "logistic_average_effects", 4, 6, 10, 13, 16, 19)
    | _named("stats.regression", "_by_seat", 3, 5)
    | _named("stats.regression", "_collapse_rows", 22)
    # _by_seat: shape[+1] is shape[-1] of a matrix; reshape(seats, columns) is the shape -1
    # infers from values of `seats` rows; numpy takes -2 as "infer" too.
    | _named("stats.regression", "_by_seat", 9, 18, 21)
    | _named("stats.regression", "adjusted_associations", 4, 6, 17, 20, 76, 107)
    # Speed and memory only: blocks of 2 columns at least, or a block's size reckoned for 2
    # seats when there are none; no seats give the same empty rows and groups from
    # _distinct_rows; the sorted path at exactly 64 groups (the same sums); a width from 1
    # with no games (no seat to lay out); padding every game though all have the same seats
    # (max is reached by some game, so `!=` is never true of all of them).
    | _named("stats.regression", "adjusted_associations", 33, 60, 66)
    | _named("stats.regression", "_Groups.of", 1)
    # Seats sorted by group unstably (or "STABLE", which numpy accepts): each group's sums in
    # another seat order, equal to rounding, which the tests allow; any non-zero first
    # difference starts the first group (group 0) all the same; reduceat's axis is 0 already.
    | _named("stats.regression", "_Groups.of", 17, 19, 21, 28, 29)
    | _named("stats.regression", "_Groups.sums", 7)
    | _named("stats.regression", "_SeatsByGame.of", 10, 11)
    | _named("stats.regression", "_collapse_rows", 14, 21)
    # 57-64 columns by rows of bytes: the same distinct rows in another order (the same fit).
    | _named("stats.regression", "_distinct_rows", 9)
    # Boundaries met with probability 0: |beta| exactly 15, a Newton step exactly 1e-8.
    | _named("stats.regression", "_average_effect", 40)
    | _named("stats.regression", "_fit_logit", 46)
    # _fit_logit: a 101st step (a fit still moving after 100 is separated, |beta| far past 15:
    # NaN either way); every step run after convergence (steps of 0 to rounding); underflow is
    # ignored by numpy's default; no division in it can be by 0 (1 + exp(-eta) >= 1, singular
    # matrices raise); finite params give a finite information, whose inverse is finite or
    # raises, so params and cov are finite together.
    | _named("stats.regression", "_fit_logit", 1, 7, 9, 11, 13, 40, 59)
    # Positive weights (counts) scale rows without changing a Gram's rank; the Gram is
    # symmetric, so hermitian=False finds the same singular values.
    | _named("stats.regression", "_independent_columns", 2, 8, 10, 15)
    # stats/paired: dtype=float dropped (true division and float means follow).
    | _named("stats.paired", "paired_ratio_difference", 4, 6)
    | _named("stats.paired", "paired_mean_difference", 4, 6)
    | _named("stats.paired", "paired_profile", 3, 5)
    # errstate guarding nothing: _linearised divides by 0 only when every denominator is 0,
    # where r and so the numerator are NaN (NaN / 0 is silent); corrcoef runs only on two
    # spreads > 0, and without that guard gives the same NaN (under its errstate) for a
    # constant arm.
    | _named("stats.paired", "_linearised", 11, 12, 13, 14)
    | _named("stats.paired", "paired_ratio_difference", 123, 124, 125, 126, 133, 141)
    # _solve: a power reached exactly at `low` or at a bracket (probability 0); a first bracket
    # of 4 (the doublings from 4 are those from 2 but one, the root is the same); no bracket is
    # 1e12 or between 1e12 and 1e12 + 1 (powers of 2); brentq's or scipy's default tolerances:
    # the same root to 1e-10 observations. obrien_fleming_bounds: brentq's 2e-12 for 1e-14.
    | _named("stats.paired", "_solve", 3, 12, 14, 19, 20, 30, 31)
    | _named("stats.paired", "obrien_fleming_bounds", 25)
    # experiments/value: the "none" of an --against with no alternative is unreachable: a card
    # whose slot has no other option is refused by `ablations` before _against is called.
    | _named("experiments.value", "_against", 16, 17)
    # stats/balance: without games the gap is numpy's 0.0 / 0, the same NaN (the chi-square
    # of no games already warns).
    | _named("stats.balance", "seat_advantage", 90)
    # --- stats/balance, stats/paired, experiments/power ---
    # dtype=float dropped: integer counts give the same floats (true division, float sums).
    | _named("stats.balance", "entropy_bits", 3, 5) | _named("stats.balance", "mean", 3, 5)
    | _named("stats.balance", "purchase_entropy", 7, 9)
    | _named("stats.balance", "seat_advantage", 5, 7) | _named("stats.balance", "shares", 5, 7)
    | _named("stats.balance", "spread", 5, 7)
    # divide="ignore": n - 1 is 0 only for one game, whose numerator is exactly 0 (0/0 is
    # "invalid", tested); an empty array divided by 0 is empty, without a warning; n=0 is
    # Estimate's default; zip's three arrays always have a length each of the columns.
    | _named("stats.balance", "_weighted_sd", 7, 9) | _named("stats.balance", "entropy_bits", 8)
    | _named("stats.balance", "purchase_entropy", 20) | _named("stats.balance", "spread", 18)
    | _named("stats.balance", "shares", 67, 71, 72)
    # --- experiments/compare, experiments/paired, experiments/balance ---
    # astype(None) is astype(float64); asarray without float: paired_ratio_difference takes
    # float64 of whatever it is given; owner counts summed in float32 are whole numbers no
    # larger than the seats (exact), and clustered_rates takes float64 of them.
    | _named("experiments.compare", "buyers_inputs", 10)
    | _named("experiments.compare", "component_rows", 17, 19, 22, 33)
    | _named("experiments.compare", "game_inputs", 10, 12, 14, 16, 56, 62, 111, 113)
    | _named("experiments.paired", "_by_source", 45) | _named("experiments.paired", "_grid", 42)
    # NaN or None for a repeated row's p: benjamini_hochberg reads it as float64 (NaN).
    | _named("experiments.compare", "_bh_by_section", 11)
    # einsum's labels in upper case; argsort's kind is read case-insensitively; np.diff's and
    # np.sort's default axis is the last, the seats of a (games, seats) array.
    | _named("experiments.compare", "component_rows", 30, 156)
    | _named("experiments.compare", "game_inputs", 89, 93)
    # How many BLAS threads (speed only); render_table's format is "table" by default.
    | _named("experiments.compare", "compare_logs", 4, 5, 6, 7, 8)
    | _named("experiments.compare", "report_output", 65)
    # polars infers the row schema's own types from the rows (floats, ints, strings, in its
    # order; a test holds the schema).
    | _named("experiments.compare", "compare_games", 55, 57)
    # reshape(-2, n): numpy takes any negative size as "infer"; bot names made an array
    # without dtype=str are the same unicode array (there is always a bot name when there is
    # a game); a second, never read, mask word where an arm offers no component of a kind.
    | _named("experiments.paired", "_grid", 8, 29, 31, 33)
    | _named("experiments.paired", "_owned", 9)
    # balance: astype(None) is float64; zip's strict=None/False over lists made from the same
    # bots or sources (equal lengths); None or NaN for a fixed share's bounds (the table turns
    # NaN into null); orient of a list of dicts; a semi join on each game once is an inner
    # join (later uses are keyed by game_id); the default component of purchases_by_game is
    # the roles' first kind, the main kind of every game (its set kind).
    | _named("experiments.balance", "_outcome_metrics", 2)
    | _named("experiments.balance", "_matrix", 27)
    | _named("experiments.balance", "_bot_metrics", 68, 71, 72, 83, 89, 90, 132, 137, 138)
    | _named("experiments.balance", "_score_metrics", 29, 32, 39)
    | _named("experiments.balance", "_fixed", 2, 3)
    | _named("experiments.balance", "balance_table", 22, 24, 75, 106, 109)
    # Every seat-game counted 2 instead of 1: the bots' fair shares are ratios, the same.
    # One bot tested (>= 1, or True): its share of wins is 1 in every resample (or NaN), so
    # gap_p_value has no spread and gives NaN, as untested; Holm of one NaN is NaN, and a NaN
    # gap is never named in the verdict. names empty only when the frame is (or -> and).
    | _named("experiments.balance", "_bot_metrics", 34, 56, 61, 75, 116)
    | _named("experiments.balance", "_matrix", 3)
    # balance_wide: polars infers String from the text cells (empty frames too); the games row
    # leads the long frame whatever the group order and the final select orders the columns;
    # pivot's index and values default to the other columns (section, metric; value) and its
    # maintain_order to True; polars 2.1's one-key sort keeps ties in order without
    # maintain_order (12,000 rows checked), so no table can tell.
    | _named("experiments.balance", "balance_wide", 42, 48, 50, 82, 92, 95, 98, 100, 148, 149,
             152, 153, 154)
)

# mutmut's exit codes counted as killed: a test failed, pytest's error, a timeout, the type
# check. Every other verdict is a survivor: passed (0), or no selected test reaches it (33, 5).
KILLED = {1, 3, 36, 24, -24, 152, 255, 37}


def folder(module: str) -> Path:
    return ROOT / module.replace("/", "_")


def prepare(module: str, resume: bool) -> Path:
    """The module's folder: the tree as it is now, and a pyproject naming the module and its
    tests (TOML arrays of plain paths: json.dumps writes them)."""
    here = folder(module)
    if not resume:
        shutil.rmtree(here, ignore_errors=True)
    for name in COPIED:
        shutil.copytree(name, here / name, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", "out"))
    header = "[tool.mutmut]\n"
    text = Path("pyproject.toml").read_text()
    if header not in text:
        sys.exit("pyproject.toml has no [tool.mutmut] section")
    (here / "pyproject.toml").write_text(text.replace(header, header + (
        f"only_mutate = {json.dumps([f'analytics/{module}.py'])}\n"
        f"pytest_add_cli_args_test_selection = {json.dumps(list(MODULES[module]))}\n"), 1))
    return here


def _meta(module: str) -> dict[str, int | None] | None:
    """mutmut's verdict by mutant; None when the module was never run, {} without mutants."""
    mutants = folder(module) / "mutants"
    path = mutants / "analytics" / f"{module}.py.meta"
    if not mutants.exists():
        return None
    return json.loads(path.read_text())["exit_code_by_key"] if path.exists() else {}


@dataclass(frozen=True, slots=True)
class Score:
    """A module's last run: killed of total (EQUIVALENT left out), the survivors, the mutants
    not run, and the mutants listed in EQUIVALENT that a test kills: the list no longer names
    them (the code moved, mutmut numbered its mutants anew), so it must be checked again."""

    killed: int
    total: int
    survivors: list[str]
    unchecked: int
    stale: list[str]


def score(module: str) -> Score | None:
    """The score of `module`'s last run, if any."""
    meta = _meta(module)
    if meta is None:
        return None
    killed, total, survivors, unchecked, stale = 0, 0, [], 0, []
    for name, code in sorted(meta.items()):
        if name in EQUIVALENT:
            if code in KILLED:
                stale.append(name)
            continue
        if code is None:
            unchecked += 1
            continue
        total += 1
        if code in KILLED:
            killed += 1
        else:
            survivors.append(name)
    return Score(killed, total, survivors, unchecked, stale)


def report(modules: tuple[str, ...]) -> bool:
    """One line per module; whether every module that has mutants reaches MINIMUM and its
    list of equivalent mutants still names none that a test kills."""
    ok = True
    lines = []
    for module in modules:
        scored = score(module)
        if scored is None:
            print(f"{module:32} not run")
            ok = False
            continue
        lines.extend(scored.survivors)
        lines.extend(f"{name} (listed as equivalent, killed)" for name in scored.stale)
        if scored.total == 0 and not scored.unchecked:
            print(f"{module:32} no mutants (no function to mutate)")
            continue
        share = scored.killed / scored.total if scored.total else 0.0
        ok &= share >= MINIMUM and not scored.unchecked and not scored.stale
        print(f"{module:32} {scored.killed:4}/{scored.total:<4} killed  {100 * share:5.1f}%"
              + (f"  ({scored.unchecked} not run)" if scored.unchecked else "")
              + (f"  ({len(scored.stale)} listed as equivalent but killed: recheck the list)"
                 if scored.stale else "")
              + ("  UNDER 85%" if share < MINIMUM else ""))
    ROOT.mkdir(parents=True, exist_ok=True)
    (ROOT / "survivors.txt").write_text("".join(f"{s}\n" for s in lines))
    print(f"{len(lines)} survivors listed in {ROOT / 'survivors.txt'}")
    return ok


@click.command()
@click.argument("modules", nargs=-1)
@click.option("--report", "report_only", is_flag=True, help="Only the scores of the last run.")
@click.option("--resume", is_flag=True, help="Go on with the last run's mutants (a stopped run).")
@click.option("--max-children", type=int, default=2, show_default=True,
              help="Mutants run at once (the machine may be shared).")
def main(modules: tuple[str, ...], report_only: bool, resume: bool, max_children: int) -> None:
    unknown = [m for m in modules if m not in MODULES]
    if unknown:
        raise click.UsageError(f"unknown module {', '.join(unknown)}: one of {', '.join(MODULES)}")
    modules = modules or tuple(MODULES)
    started = time.monotonic()
    if not report_only:
        mutmut = Path(sys.executable).with_name("mutmut")
        for module in modules:
            here = prepare(module, resume)
            print(f"mutmut run in {here}", flush=True)
            # mutmut prints a line per mutant: kept in the folder, the scores below say it all.
            # It puts its mutants/ first on sys.path; PYTHONPATH must not put the tree first.
            with open(here / "mutmut.log", "w") as log:
                done = subprocess.run([str(mutmut.resolve()), "run", "--max-children",
                                       str(max_children)], cwd=here, stdout=log,
                                      stderr=subprocess.STDOUT,
                                      env={**os.environ, "PYTHONPATH": ""})
            if done.returncode not in (0, 1):
                sys.exit(f"mutmut stopped on {module} (exit {done.returncode})")
    ok = report(modules)
    print(f"{time.monotonic() - started:.0f} s")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
