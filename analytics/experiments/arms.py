"""Two arms played on the same seeds, in looks, with a stated stopping rule.

An arm is a setup (card set, module, rule options, bots). Both arms of a comparison play the
same games: the same seeds, the same bots rotated through every seat, so the only difference
between a pair of games is the setup. With `until_decisive` the games are played in equal
looks and play stops at the first look whose endpoint crosses an O'Brien-Fleming boundary,
computed before any game is played, so stopping early never inflates the error rate; without
it every game is played and analysed once.
"""

from __future__ import annotations

import math
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import TypeVar

import numpy as np

from analytics import stats
from analytics.engine import derive_seed
from analytics.errors import UserError
from analytics.runs.simulate import RunConfig, run_simulation, validate

T = TypeVar("T")


@dataclass(frozen=True)
class ArmSpec:
    """One arm's setup; `bots` one name for every seat or one per seat."""

    card_set: str = "base"
    bots: tuple[str, ...] = ("economist",)
    rules: dict[str, str] = field(default_factory=dict)
    module: str = ""
    game: str = ""  # '': the game a new run plays (analytics.games.DEFAULT_GAME)

    def describe(self) -> str:
        extra = [f"{k}={v}" for k, v in sorted(self.rules.items())]
        if self.module:
            extra.append(f"module {self.module}")
        return ", ".join([self.card_set, *extra])


def run_config(spec: ArmSpec, players: int, games: int, seed: int) -> RunConfig:
    """The simulate settings of an arm; the module only where this build knows modules."""
    options = {"players": players, "games": games, "seed": seed, "bots": spec.bots,
               "card_set": spec.card_set, "rules": dict(spec.rules), "rotate": True}
    if spec.game:
        options["game"] = spec.game
    if spec.module and spec.module != "none":
        if "module" not in {f.name for f in fields(RunConfig)}:
            raise UserError(f"module {spec.module!r}: this build plays the base game only")
        options["module"] = spec.module
    return RunConfig(**options)


def look_sizes(games: int, looks: int, players: int) -> list[int]:
    """Games per look: equal looks of whole rotations (a multiple of the player count)."""
    if looks < 1:
        raise UserError(f"--looks must be at least 1 (got {looks})")
    per_look = math.ceil(games / looks / players) * players
    if per_look < 2 * players:
        raise UserError(f"--games {games} over {looks} looks leaves fewer than "
                        f"{2 * players} games per look")
    return [per_look] * looks


def look_seed(seed: int, look: int) -> int:
    """The run seed of look `look` (1-based): the first look plays `seed` itself, so a
    comparison without looks is two ordinary `simulate --seed SEED` runs."""
    return seed if look == 1 else derive_seed(seed, "look", look) % 2**62


@contextmanager
def arms_folder(out: Path | None) -> Iterator[Path]:
    """`out` (new or empty) for the arms' runs, or a temporary folder removed afterwards."""
    if out is None:
        temp = Path(tempfile.mkdtemp(prefix="dicelab-arms-"))
        try:
            yield temp
        finally:
            shutil.rmtree(temp, ignore_errors=True)
        return
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise UserError(f"--out {out} exists and is not an empty folder; choose another")
    yield out


@dataclass(frozen=True, slots=True)
class Sequential:
    """The stopping rule and where it stopped; `text` says both in one line."""

    looks: int
    bounds: tuple[float, ...]
    z: tuple[float, ...]  # |z| of the endpoint at each look played
    games_per_look: int
    alpha: float

    @property
    def stopped_early(self) -> bool:
        return len(self.z) < self.looks

    @property
    def text(self) -> str:
        bounds = ", ".join(f"{b:.2f}" for b in self.bounds)
        played = len(self.z)
        crossed = self.z[-1] >= self.bounds[played - 1]
        verdict = (f"crossed at look {played}" if crossed else
                   "not crossed at the last look: no decisive difference")
        return (f"sequential rule (fixed before play): O'Brien-Fleming group-sequential "
                f"boundary, {self.looks} looks of {self.games_per_look:,} paired games, "
                f"two-sided alpha {self.alpha}; stop at the first look with |z| >= "
                f"{bounds}; |z| = {', '.join(f'{z:.2f}' for z in self.z)}: {verdict} "
                f"({played * self.games_per_look:,} games per arm); intervals are not "
                f"adjusted for stopping")


def play_arms(spec_a: ArmSpec, spec_b: ArmSpec, players: int, games: int, seed: int,
              folder: Path, analyse: Callable[[Path, Path], tuple[T, float]], looks: int = 1,
              alpha: float = 0.05, workers: int | None = None, progress: bool = True,
              cluster: str | None = None, seed_b: int | None = None
              ) -> tuple[T, Sequential | None]:
    """Play both arms into folder/a and folder/b look by look (arm B on `seed_b` when given,
    else on `seed`). After each look `analyse(folder/a, folder/b)` gives a result and its
    endpoint's z; the last result is returned with the sequential record (None with a single
    look: nothing was decided)."""
    sizes = look_sizes(games, looks, players)
    seeds = (seed, seed if seed_b is None else seed_b)
    configs = [tuple(run_config(spec, players, n, look_seed(arm_seed, k + 1))
                     for spec, arm_seed in zip((spec_a, spec_b), seeds, strict=True))
               for k, n in enumerate(sizes)]
    for config in configs[0]:  # every bad option fails before any game is played
        validate(config)
    bounds = stats.obrien_fleming_bounds(looks, alpha) if looks > 1 else np.array([math.nan])
    z_seen: list[float] = []
    for k, (config_a, config_b) in enumerate(configs):
        for arm, config in (("a", config_a), ("b", config_b)):
            run_simulation(config, folder / arm / f"look-{k + 1}", workers=workers,
                           progress=progress, cluster=cluster)
        result, z = analyse(folder / "a", folder / "b")
        z_seen.append(abs(z) if math.isfinite(z) else 0.0)
        if looks > 1 and z_seen[-1] >= bounds[k]:
            break
    if looks == 1:
        return result, None
    return result, Sequential(looks, tuple(map(float, bounds)), tuple(z_seen), sizes[0], alpha)


def compare_setups(spec_a: ArmSpec, spec_b: ArmSpec, players: int = 4, games: int = 1000,
                   seed: int = 0, out: Path | None = None, endpoint: str = "first_seat",
                   looks: int = 1, alpha: float = 0.05, workers: int | None = None,
                   progress: bool = True, cluster: str | None = None,
                   seed_b: int | None = None):
    """Play both arms on the same seeds (in looks when `looks` > 1) and compare them; with
    `seed_b` (an A/A check) arm B plays other seeds, paired with A's games by position (the
    same bots in the same seats).

    Returns an analytics.experiments.compare.Report; the arms' runs stay in `out` when it is given.
    """
    from analytics.experiments.compare import check_endpoint, compare_logs, endpoint_z

    check_endpoint(endpoint, players)

    names = (spec_a.describe(), spec_b.describe())

    by_position = seed_b is not None and seed_b != seed

    def analyse(logs_a: Path, logs_b: Path):
        report = compare_logs([logs_a], [logs_b], endpoint, names, by_position=by_position)
        return report, endpoint_z(report)

    for spec in (spec_a, spec_b):  # bad options fail before any folder is made
        validate(run_config(spec, players, games, seed))
    look_sizes(games, looks, players)
    with arms_folder(out) as folder:
        report, sequential = play_arms(spec_a, spec_b, players, games, seed, folder, analyse,
                                       looks, alpha, workers, progress, cluster, seed_b)
    return replace(report, sequential=sequential)
