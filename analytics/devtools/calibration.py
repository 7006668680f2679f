"""The A/A calibration of `dicelab compare` on real games (issue 28): many comparisons of a
setup with itself on other seeds, rows binned by their owners.

Two runs of the same setup on two run seeds are played once; their games are paired by
position (the same bots in the same seats) and cut into comparisons of `--games` pairs each,
every one through `compare_games` as `dicelab compare --seed-b` would make it. A correct test
flags about alpha of its rows in every bin of owners; an interval never leaves its range; no
hypothesis is counted twice in a family. Slow (minutes): `make test` runs the synthetic
versions (tests/test_calibration.py).

    python -m analytics.devtools.calibration --comparisons 40 --games 300
"""

from __future__ import annotations

import argparse
import dataclasses
import tempfile
from pathlib import Path

import numpy as np
import polars as pl
from scipy import stats as sps

from analytics import stats
from analytics.experiments.compare import compare_games
from analytics.experiments.paired import PairedGames, pair, read_arm
from analytics.runs.simulate import RunConfig, run_simulation

BINS = ((0, 20), (20, 100), (100, 10**9))
ALPHA = 0.05


def chunk(games: PairedGames, start: int, size: int) -> PairedGames:
    """Pairs start .. start + size of a long paired run, as a comparison of their own."""
    rows = slice(start, start + size)

    def cut(values: dict) -> dict:
        return {arm: v[rows] for arm, v in values.items()}

    return dataclasses.replace(
        games, seeds=games.seeds[rows], win=cut(games.win), score=cut(games.score),
        bots=cut(games.bots), rounds=cut(games.rounds), decisions=cut(games.decisions),
        tied=cut(games.tied), owned={k: cut(v) for k, v in games.owned.items()},
        by_source=cut(games.by_source) if games.by_source else {})


def owners(games: PairedGames) -> dict[tuple[str, str], int]:
    """(kind, component) -> owners in the arm with fewer of them."""
    return {(kind, name): int(min(games.owned[kind][arm][:, :, j].sum() for arm in "AB"))
            for kind, names in games.components.items() for j, name in enumerate(names)}


def paired_t_p(games: PairedGames, kind: str, name: str, measure: str) -> float:
    """The p-value `compare` gave such a row before issue 28: the paired t-test of the
    linearised ratio over games, for contrast."""
    j = games.components[kind].index(name)
    owned = {arm: games.owned[kind][arm][:, :, j] for arm in "AB"}
    if measure == "owned_wr":
        parts = [((games.win[arm] * owned[arm]).sum(axis=1), owned[arm].sum(axis=1))
                 for arm in "AB"]
    else:
        parts = [(owned[arm].sum(axis=1), np.full(games.n_games, games.players)) for arm in "AB"]
    return stats.paired_ratio_difference(*parts[0], *parts[1]).p_value


def comparison_rows(games: PairedGames) -> pl.DataFrame:
    """A comparison's rows with the owners of each component (the smaller arm's), the
    p-value of the test before issue 28, and how many hypotheses it counts twice."""
    rows = compare_games(games).rows
    counts = owners(games)
    keys = rows.select("section", "item", "measure").rows()
    return rows.with_columns(
        owners=pl.Series([counts.get((s, i), -1) for s, i, _ in keys]),
        p_before=pl.Series([paired_t_p(games, s, i, m) if s != "game" else np.nan
                            for s, i, m in keys], dtype=pl.Float64),
        repeated=pl.lit(repeated_hypotheses(rows, games)))


def repeated_hypotheses(rows: pl.DataFrame, games: PairedGames) -> int:
    """Tested rows whose hypothesis an earlier tested row already holds and that same_as does
    not name, found from the data (not from the code that marks them): components owned by
    exactly the same seats in both arms (any kind), the first seat's advantage beside seat 0,
    and a second bot of a two-bot game."""
    tested = rows.filter(pl.col("p").is_not_nan() & pl.col("same_as").is_null())
    seen: set = set()
    repeated = 0
    bots = [i for s, i in tested.select("section", "item").rows()
            if s == "game" and i.startswith("bot ")]
    for section, item, measure in tested.select("section", "item", "measure").rows():
        if section == "game":
            key: object = ("seat 0" if item.startswith("first seat") else
                           "bots" if item in bots and len(bots) == 2 else item)
        else:
            j = games.components[section].index(item)
            key = (measure, b"".join(games.owned[section][arm][:, :, j].tobytes()
                                     for arm in "AB"))
        repeated += key in seen
        seen.add(key)
    return repeated


def band(trials: int) -> tuple[float, float]:
    """The 95% range of a correct test's flag rate over `trials` independent rows."""
    low, high = sps.binom.ppf(0.025, trials, ALPHA), sps.binom.isf(0.025, trials, ALPHA)
    return low / trials, high / trials


def summary(frames: list[pl.DataFrame]) -> str:
    rows = pl.concat(frames)
    lines = [f"{len(frames)} A/A comparisons of {rows['n_games'][0]} vs {rows['n_games'][0]} "
             "games on different seeds, paired by position"]
    tested = rows.filter(pl.col("p").is_not_nan() & pl.col("same_as").is_null())
    for measure in ("owned_wr", "take_rate"):
        for low, high in BINS:
            here = tested.filter((pl.col("measure") == measure) & (pl.col("owners") >= low)
                                 & (pl.col("owners") < high))
            n = here.height
            flagged = here.filter(pl.col("p") < ALPHA).height
            before = here.filter(pl.col("p_before") < ALPHA).height
            lo, hi = band(n) if n else (float("nan"), float("nan"))
            label = f"{low}-{high - 1}" if high < 10**9 else f">= {low}"
            lines.append(f"{measure} rows, owners {label}: {flagged}/{n} flagged at p < "
                         f"{ALPHA} = {flagged / max(n, 1):.1%} (binomial 95% range of a "
                         f"correct test on independent rows: {lo:.1%}-{hi:.1%}; the paired "
                         f"t-test before issue 28: {before / max(n, 1):.1%})")
    rates = rows.filter(pl.col("measure").is_in(["owned_wr", "take_rate"])
                        & pl.col("low").is_not_nan())  # polars orders NaN above every number
    outside = rates.filter((pl.col("low") < -1) | (pl.col("high") > 1)).height
    lines.append(f"intervals outside [-1, 1]: {outside} of {rates.height}")
    flagged_any = sum(int((f["p_adj"].fill_nan(1.0) < ALPHA).any()) for f in frames)
    lines.append(f"comparisons with any row at p_adj < {ALPHA}: {flagged_any} of {len(frames)}")
    lines.append(f"hypotheses counted twice (the same data, not marked same_as): "
                 f"{sum(f['repeated'][0] for f in frames)}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--comparisons", type=int, default=40)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="economist,hero,economist,hero")
    parser.add_argument("--set", default="base", help="The card set both arms play.")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", default=None, help="Keep the two runs here.")
    args = parser.parse_args()
    total = args.comparisons * args.games
    with tempfile.TemporaryDirectory(prefix="dicelab-calibration-") as temp:
        folder = Path(args.out or temp)
        arms = []
        for label, seed in (("A", args.seed), ("B", args.seed + 1)):
            run = folder / f"seed-{seed}"
            if not run.exists():
                run_simulation(RunConfig(players=args.players, games=total, seed=seed,
                                         bots=tuple(args.bots.split(",")), rotate=True,
                                         card_set=args.set),
                               run, workers=args.workers, progress=False)
            arms.append(read_arm(label, [run]))
        games = pair(*arms, by_position=True)
    frames = [comparison_rows(chunk(games, k * args.games, args.games))
              for k in range(args.comparisons)]
    print(f"python -m analytics.devtools.calibration --comparisons {args.comparisons} "
          f"--games {args.games} --players {args.players} --bots {args.bots} --set {args.set} "
          f"--seed {args.seed}")
    print(summary(frames))


if __name__ == "__main__":
    main()
