"""A card-set search's games: its settings, and the runs that play and read each set on the
search's common seeds (one run folder per set and block, resumable; see search.py)."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import asdict, dataclass, field, replace
from multiprocessing import get_context
from pathlib import Path

import numpy as np

from analytics.engine import derive_seed
from analytics.errors import UserError
from analytics.experiments.arms import ArmSpec, run_config
from analytics.experiments.search_objectives import (
    Objective,
    Sample,
)
from analytics.experiments.search_space import (
    Candidate,
    Space,
    candidate_key,
    module_overlay,
    overlaid,
)
from analytics.games import DEFAULT_GAME, get_game
from analytics.runs.simulate import RunConfig, count_workers, run_simulation, validate

SPEC_FILE = "search.json"
CLUSTER_RUNS = 32  # runs sent to a cluster at a time (threads that wait on its scheduler)


@dataclass(frozen=True)
class SearchSpec:
    """Everything that decides a search's games and choices (stored in `out`/search.json)."""

    objectives: tuple[Objective, ...]
    game: str = DEFAULT_GAME
    reference: str = ""  # '': the game's default set
    module: str = "none"
    rules: tuple[tuple[str, str], ...] = ()
    players: int = 4
    bots: tuple[str, ...] = ("economist",)
    budget: int = 30_000  # games the search may play (held-out games not counted)
    seed: int = 0
    fix: tuple[tuple[str, str], ...] = ()
    exclude: tuple[str, ...] = ()
    population: int = 16  # sets per generation
    first_games: int = 0  # games of the first block (0: 16 rotations of the seats)
    top: int = 3  # winners re-evaluated on fresh seeds
    holdout_games: int = 2000

    @property
    def block0(self) -> int:
        return self.first_games or 16 * self.players

    def block_games(self, block: int) -> int:
        """Games of block `block`: the first, then doubling the games played so far."""
        return self.block0 * (1 if block == 0 else 2 ** (block - 1))

    def games_through(self, block: int) -> int:
        return self.block0 * 2 ** block

    def as_json(self) -> dict:
        data = asdict(self)
        data["objectives"] = [asdict(o) for o in self.objectives]
        return json.loads(json.dumps(data))


def check_spec(spec: SearchSpec, space: Space) -> None:
    """Bad settings fail before any game: the setup of the reference, the bots, the budget."""
    if not spec.objectives:
        raise UserError("give at least one --objective")
    validate(run_config(ArmSpec(spec.reference, spec.bots, dict(spec.rules), spec.module,
                                spec.game), spec.players, 1, spec.seed))
    if spec.block0 % spec.players:
        raise UserError(f"--first-games {spec.block0} is not a multiple of --players "
                        f"{spec.players} (whole rotations of the bots through the seats)")
    if spec.population < 2:
        raise UserError(f"--population must be at least 2 (got {spec.population})")
    if spec.budget < spec.block0:
        raise UserError(f"--budget {spec.budget:,} is less than one block of "
                        f"{spec.block0:,} games")
    if spec.holdout_games < spec.players or spec.holdout_games % spec.players:
        raise UserError(f"--holdout-games must be a positive multiple of --players "
                        f"{spec.players} (got {spec.holdout_games})")
    if any(o.needs_forbid for o in spec.objectives) and "forbid" not in get_game(
            spec.game).rule_options():
        raise UserError(f"objective value_band forbids each component: {spec.game} has no "
                        "rule option forbid")
    if space.free == ():
        raise UserError(f"no slot of {spec.reference} has a choice (fixed by --fix, or "
                        f"{spec.game}'s components do not swap on slots): nothing to search")
    check_parity(spec, space)


def parity_sets(spec: SearchSpec) -> dict[str, str]:
    """module -> set, of every module_parity objective (the module the search plays aside)."""
    return {m: s for o in spec.objectives for m, s in o.parity_sets if m != spec.module}


def check_parity(spec: SearchSpec, space: Space) -> None:
    """Each module_parity module is the game's, and the reference played under it (its set's
    reserved slots overlaid) is a legal setup: one line naming the module, before any game."""
    plugin = get_game(spec.game)
    for module, card_set in parity_sets(spec).items():
        if module not in plugin.modules:
            raise UserError(f"--objective module_parity: {module} is not a module of "
                            f"{spec.game} (modules: {', '.join(plugin.modules)})")
        overlay = module_overlay(plugin, spec.reference, card_set)
        reference = overlaid(space, space.reference, overlay)
        text = plugin.set_file("check", dict(zip(space.slots, reference, strict=True)))
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "check.toml"
            path.write_text(text, encoding="utf-8")
            try:
                validate(run_config(ArmSpec(str(path), spec.bots, dict(spec.rules), module,
                                            spec.game), spec.players, 1, spec.seed))
            except UserError as err:
                raise UserError(f"--objective module_parity: {module}={card_set}: the "
                                f"reference under {module} is no legal setup ({err})") from None


def start_folder(out: Path, spec: SearchSpec, resume: bool) -> None:
    """`out` new (or empty), or with `resume` the folder of this very search."""
    stored = out / SPEC_FILE
    if stored.is_file():
        if not resume:
            raise UserError(f"--out {out} already holds a search; pass --resume to finish it, "
                            "or choose another folder")
        if _decisive(json.loads(stored.read_text(encoding="utf-8"))) != _decisive(
                spec.as_json()):
            raise UserError(f"--out {out} holds a search with other settings; --resume needs "
                            "the same options (only --budget, --top and --holdout-games may "
                            "change)")
        _write_spec(stored, spec)
        return
    if out.exists() and any(out.iterdir()):
        raise UserError(f"--out {out} is not empty and holds no search; choose another folder")
    out.mkdir(parents=True, exist_ok=True)
    _write_spec(stored, spec)


# What a resumed search may change: none of them changes a game or a choice before the budget
# binds (the search is deterministic), so a larger budget extends a search and a smaller one
# stops it earlier; the held-out runs live in a folder per number of games.
UNDECISIVE = ("budget", "top", "holdout_games")


def _decisive(data: dict) -> dict:
    return {k: v for k, v in data.items() if k not in UNDECISIVE}


def _write_spec(path: Path, spec: SearchSpec) -> None:
    temp = path.with_suffix(".tmp")
    temp.write_text(json.dumps(spec.as_json(), indent=1, sort_keys=True), encoding="utf-8")
    temp.replace(path)


def block_seed(seed: int, block: int) -> int:
    """The run seed of block `block` of the search's seeds."""
    return derive_seed(seed, "search-block", block) % 2**62


def holdout_seed(seed: int) -> int:
    """The run seed of the fresh seeds winners are re-evaluated on."""
    return derive_seed(seed, "search-holdout") % 2**62


@dataclass
class Evaluator:
    """Plays and reads a set's games on the search's seeds, one run per set and block (and per
    forbidden component for `value_band`), caching what it read; counts the games it asked."""

    spec: SearchSpec
    space: Space
    out: Path
    workers: int | None = None
    cluster: str | None = None
    on_games: Callable[[int], None] | None = None
    part_size: int | None = None  # games per part of each run (tests: many small parts)
    spent: int = 0
    pool: ProcessPoolExecutor | ThreadPoolExecutor | None = None
    samples: dict[tuple[Candidate, int], Sample] = field(default_factory=dict)
    parity: dict[str, dict[str, str]] = field(init=False)  # module_parity: module -> the
    # slots its set keeps (module_overlay)

    def __post_init__(self) -> None:
        plugin = get_game(self.spec.game)
        self.parity = {m: module_overlay(plugin, self.spec.reference, s)
                       for m, s in parity_sets(self.spec).items()}

    def cost(self, candidate: Candidate, block: int) -> int:
        """Games a block of `candidate` still needs (0 when this search has played it)."""
        if (candidate, block) in self.samples:
            return 0
        return self.spec.block_games(block) * self.runs_per_set()

    def runs_per_set(self) -> int:
        return 1 + len(self.forbidden(self.space.reference)) + len(self.parity)


    def forbidden(self, candidate: Candidate) -> list[str]:
        """The components forbidden in turn for value_band: all, or those of free slots."""
        wanted = [o for o in self.spec.objectives if o.needs_forbid]
        if not wanted:
            return []
        if all(o.free_slots_only for o in wanted):
            return [candidate[i] for i in self.space.free]
        return list(candidate)

    def sample(self, candidate: Candidate, blocks: int) -> Sample:
        """`candidate`'s games of blocks 0 .. blocks-1, joined."""
        parts = []
        for block in range(blocks):
            if (candidate, block) not in self.samples:
                cost = self.cost(candidate, block)
                self.samples[candidate, block] = self.play(
                    candidate, self.spec.block_games(block), block_seed(self.spec.seed, block),
                    self.block_folder(candidate, block))
                self.spent += cost
            parts.append(self.samples[candidate, block])
        return Sample.joined(parts)

    def block_folder(self, candidate: Candidate, block: int) -> Path:
        return self.out / "runs" / candidate_key(candidate) / f"block-{block}"

    def runs(self, candidate: Candidate, games: int, seed: int, folder: Path
             ) -> dict[str, tuple[RunConfig, Path]]:
        """A set's runs on `seed`, by folder name: as it is, each component forbidden
        (value_band), and under each module of module_parity."""
        arm = self.arm(candidate)
        arms = {"as-is": arm}
        arms.update({f"forbid-{card}": replace(arm, rules={**arm.rules, "forbid": card})
                     for card in self.forbidden(candidate)})
        arms.update({f"module-{module}": replace(self.arm(overlaid(
            self.space, candidate, overlay)), module=module)
            for module, overlay in self.parity.items()})
        return {name: (run_config(a, self.spec.players, games, seed), folder / name)
                for name, a in arms.items()}

    def play(self, candidate: Candidate, games: int, seed: int, folder: Path) -> Sample:
        """Play (or finish, or find) the runs of `candidate` in `folder` and read them."""
        runs = self.runs(candidate, games, seed, folder)
        for config, path in runs.values():
            run_simulation(config, path, workers=self.workers, resume=True, progress=False,
                           cluster=self.cluster, chunk_size=self.part_size)
        if self.on_games is not None:  # games found on disk count too: the bar is the search's
            self.on_games(games * len(runs))
        without = {name.removeprefix("forbid-"): path for name, (_, path) in runs.items()
                   if name.startswith("forbid-")}
        sample = read_sample(runs["as-is"][1], without, self.spec.objectives, candidate)
        modules = {m: read_sample(runs[f"module-{m}"][1], {}, (),
                                  overlaid(self.space, candidate, overlay))
                   for m, overlay in self.parity.items()}
        return replace(sample, modules=modules) if modules else sample

    def missing(self, candidates: list[Candidate], blocks: int
                ) -> list[tuple[Candidate, int, int, Path]]:
        """(set, games, seed, folder) of every block 0 .. blocks-1 of `candidates` not read."""
        return [(c, self.spec.block_games(b), block_seed(self.spec.seed, b),
                 self.block_folder(c, b))
                for c in candidates for b in range(blocks) if (c, b) not in self.samples]

    def play_ahead(self, wanted: list[tuple[Candidate, int, int, Path]]) -> None:
        """Play the runs of `wanted` (set, games, seed, folder) side by side: in `workers`
        processes, or from as many threads on the cluster. Only play: `play` then finds them
        whole and reads them here, in the same order as without."""
        jobs = [job for args in wanted for job in self.runs(*args).values()]
        side_by_side = CLUSTER_RUNS if self.cluster else count_workers(self.workers)
        if len(jobs) < 2 or side_by_side < 2:
            return
        if self.pool is None:  # started once: a spawned worker takes seconds to import
            self.pool = (ThreadPoolExecutor(side_by_side) if self.cluster else
                         ProcessPoolExecutor(side_by_side, mp_context=get_context("spawn")))
        done = [self.pool.submit(play_run, config, str(path), self.cluster, self.part_size)
                for config, path in jobs]
        for future in done:
            future.result()  # a run's error (a stop included) is raised here

    def close(self) -> None:
        """End the worker processes (after a stop: without waiting for what is queued)."""
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)
            self.pool = None

    def arm(self, candidate: Candidate) -> ArmSpec:
        path = self.out / "sets" / f"{candidate_key(candidate)}.toml"
        if not path.is_file():
            path.parent.mkdir(parents=True, exist_ok=True)
            text = get_game(self.spec.game).set_file(
                f"search-{candidate_key(candidate)}", dict(zip(self.space.slots, candidate,
                                                               strict=True)))
            temp = path.with_suffix(".tmp")
            temp.write_text(text, encoding="utf-8")
            temp.replace(path)
        return ArmSpec(str(path), self.spec.bots, dict(self.spec.rules), self.spec.module,
                       self.spec.game)



def play_run(config: RunConfig, folder: str, cluster: str | None, part_size: int | None
             ) -> None:
    """One run of a search, played where `play_ahead` sends it (one worker process each)."""
    run_simulation(config, Path(folder), workers=1, resume=True, progress=False,
                   cluster=cluster, chunk_size=part_size)


def read_sample(run: Path, without: dict[str, Path], objectives: tuple[Objective, ...],
                candidate: Candidate) -> Sample:
    """A set's games from its run folder (and its forbidden arms', paired by seed)."""
    from analytics.experiments.paired import read_arm, single_arm
    from analytics.query.database import LogDatabase, parse_query_file

    arm = read_arm("A", [run])
    grid, owned = single_arm(arm)
    kind = arm.roles.main_kind
    columns = list(arm.available[kind])
    taken = {c: owned[kind][:, :, columns.index(c)] if c in columns
             else np.zeros_like(grid["win_share"]) for c in candidate}
    forbidden = {}
    for card, folder in without.items():
        other, _ = single_arm(read_arm("A", [folder]))
        if not np.array_equal(other["seed"], grid["seed"]):
            raise UserError(f"{folder}: not the same seeds as {run}")
        forbidden[card] = other["win_share"]
    per_game = {}
    for objective in objectives:
        if objective.sql is not None:
            with LogDatabase([run]) as db:
                rows = db.execute(parse_query_file(objective.sql, objective.sql.stem))
            per_game[objective.name] = per_game_values(rows, grid["seed"], objective.name)
    return Sample(grid["seed"], grid["win_share"], grid["score"], grid["rounds"],
                  grid["n_decisions"], taken, forbidden, per_game)


def per_game_values(rows, seeds: np.ndarray, name: str) -> np.ndarray:
    """A SQL objective's `value` per game, in the order of `seeds`; missing columns or games are
    a UserError naming the file."""
    if not {"seed", "value"} <= set(rows.columns):
        raise UserError(f"objective {name}: the query must return one row per game with columns "
                        f"seed and value (got {', '.join(rows.columns)})")
    by_seed = dict(zip(rows["seed"].to_list(), rows["value"].to_list(), strict=True))
    missing = [s for s in seeds.tolist() if by_seed.get(s) is None]
    if missing:
        raise UserError(f"objective {name}: no value for {len(missing)} games (first seed "
                        f"{missing[0]}); the query must return one row per game")
    return np.array([by_seed[s] for s in seeds.tolist()], dtype=float)
