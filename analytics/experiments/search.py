"""`dicelab search`: the legal card sets of a game searched toward a designer's goal.

Successive halving inside an evolutionary loop, on common random numbers (docs/search.md says
why not NTBEA). Each generation proposes a population: the best sets so far, mutations and
crossovers of them, a few random sets (the first generation: the reference set and random
ones). Every set of a generation plays the first block of seeds; the better half by the loss
plays the next block too, and so on, the games doubling at each rung until one set is left.
Block b holds the same seeds for every set of every generation, so any two sets are compared on
the very same games, and games once played are reused. Every block of a set is a run of the
ordinary runner in `out` (search_eval.py): a stopped search resumed with `resume` replays the
same choices from the runs on disk and finishes the run that was stopped.

The winners are played again on fresh seeds, none of the search's (the search's own estimate
of its best is optimistic, the best of many noisy estimates; both are reported), beside the
reference set on the same fresh seeds: the loss's paired difference, and a paired `compare` of
every measure.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import polars as pl
from tqdm import tqdm

from analytics.errors import UserError
from analytics.experiments.search_eval import (
    Evaluator,
    SearchSpec,
    check_spec,
    holdout_seed,
    start_folder,
)
from analytics.experiments.search_objectives import (
    Estimate,
    Sample,
    card_values,
    estimate,
    module_measures,
    paired_difference,
)
from analytics.experiments.search_space import Candidate, Space, build_space, candidate_key
from analytics.games import get_game
from analytics.runs.workers import RunStopped, stop_on_signals

ETA = 2  # successive halving keeps the better 1/ETA of a rung
NOVELTY_TRIES = 50  # proposals drawn before accepting a set already seen


@dataclass(frozen=True)
class Entry:
    """A set's best-informed estimate: on blocks 0 .. blocks-1 of the search's seeds."""

    candidate: Candidate
    blocks: int
    estimate: Estimate
    generation: int


@dataclass(frozen=True)
class Winner:
    """A winner: its search estimate, its estimate on fresh seeds, and the difference from the
    reference set on those seeds (loss, and every measure by a paired compare)."""

    rank: int
    candidate: Candidate
    changes: list[tuple[str, str, str]]
    search: Estimate
    holdout: Estimate
    versus_reference: Estimate  # holdout loss of the winner minus the reference's, paired
    comparison: object  # analytics.experiments.compare.Report, reference (A) vs winner (B)
    values: dict[str, float]  # on the fresh seeds, each forbidden component's paired value
    by_module: dict[str, float]  # on the fresh seeds, module_parity's measure per module


@dataclass(frozen=True)
class SearchResult:
    spec: SearchSpec
    space: Space
    reference: str  # its name
    history: pl.DataFrame  # one row per set and rung raced
    winners: list[Winner]
    reference_holdout: Estimate
    reference_values: dict[str, float]  # the reference's components' values on fresh seeds
    reference_by_module: dict[str, float]  # module_parity's measure per module, fresh seeds
    spent: int
    generations: int
    out: Path


def search(spec: SearchSpec, out: Path, resume: bool = False, workers: int | None = None,
           cluster: str | None = None, progress: bool = True, part_size: int | None = None
           ) -> SearchResult:
    """Search, re-evaluate the winners on fresh seeds, compare them with the reference."""
    plugin = get_game(spec.game)
    spec = replace(spec, reference=spec.reference or plugin.default_set)
    space = build_space(plugin, spec.reference, dict(spec.fix), spec.exclude)
    check_spec(spec, space)
    start_folder(out, spec, resume)
    try:
        with stop_on_signals():  # a stop between runs is a stop too, not a traceback
            archive, history, generations, winners, reference, spent = _search(
                spec, space, out, workers, cluster, progress, part_size)
    except RunStopped as stop:
        stop.args = (f"{str(stop).split(';')[0]}; every whole part is kept: run the same "
                     "dicelab search command with --resume to finish it",)
        raise stop from None
    return SearchResult(spec, space, plugin.slots(spec.reference)[0], pl.DataFrame(history),
                        winners, *reference, spent, generations, out)


def _search(spec: SearchSpec, space: Space, out: Path, workers: int | None,
            cluster: str | None, progress: bool, part_size: int | None):
    """The race, then the winners on fresh seeds, each with its progress bar."""
    evaluator = Evaluator(spec, space, out, workers, cluster, part_size=part_size)
    try:
        with tqdm(total=spec.budget, unit="game", desc="search", disable=not progress) as bar:
            evaluator.on_games = bar.update
            archive, history, generations = race(spec, space, evaluator, bar)
        sets = min(spec.top, len(archive)) + 1
        with tqdm(total=sets * spec.holdout_games * evaluator.runs_per_set(), unit="game",
                  desc="fresh seeds", disable=not progress) as bar:
            evaluator.on_games = bar.update
            winners, reference = holdout(spec, space, evaluator, archive, out)
    finally:
        evaluator.close()
    return archive, history, generations, winners, reference, evaluator.spent


def race(spec: SearchSpec, space: Space, evaluator: Evaluator, bar
         ) -> tuple[dict[Candidate, Entry], list[dict], int]:
    """Generations of successive halving until the budget cannot pay a first rung."""
    rng = np.random.default_rng([spec.seed, 1])
    archive: dict[Candidate, Entry] = {}
    history: list[dict] = []
    generation = 0
    while True:
        population = propose(space, archive, rng, spec.population, generation)
        if evaluator.spent + sum(evaluator.cost(c, 0) for c in population) > spec.budget:
            break
        before = evaluator.spent
        rung, survivors = 0, population
        while survivors:
            if evaluator.spent + sum(evaluator.cost(c, b) for c in survivors
                                     for b in range(rung + 1)) > spec.budget:
                break
            evaluator.play_ahead(evaluator.missing(survivors, rung + 1))
            ranked = sorted(((evaluate(spec, space, evaluator, c, rung + 1), c)
                             for c in survivors), key=lambda x: (x[0].loss, x[1]))
            for est, cand in ranked:
                known = archive.get(cand)
                if known is None or known.blocks <= rung + 1:
                    archive[cand] = Entry(cand, rung + 1, est, generation)
                history.append(history_row(generation, rung, cand, est, space))
            show_best(bar, archive)
            if len(ranked) == 1:
                break
            survivors = [c for _, c in ranked[:math.ceil(len(ranked) / ETA)]]
            rung += 1
        generation += 1
        if evaluator.spent == before:  # nothing new could be played: the space is exhausted
            break
    if not archive:
        raise UserError(f"--budget {spec.budget:,} cannot pay the first rung of "
                        f"{spec.population} sets x {spec.block0} games "
                        f"({evaluator.runs_per_set()} runs a set)")
    return archive, history, generation


def evaluate(spec: SearchSpec, space: Space, evaluator: Evaluator, candidate: Candidate,
             blocks: int) -> Estimate:
    return estimate(spec.objectives, evaluator.sample(candidate, blocks), candidate, space,
                    spec.seed)


def history_row(generation: int, rung: int, candidate: Candidate, est: Estimate,
                space: Space) -> dict:
    return {"generation": generation, "rung": rung, "set": candidate_key(candidate),
            "games": est.games, "loss": est.loss, "loss_low": est.low, "loss_high": est.high,
            "slots_changed": space.distance(candidate)}


def ranked(archive: dict[Candidate, Entry]) -> list[Entry]:
    """Best first: the sets raced furthest (most games, all on the same seeds), by loss."""
    return sorted(archive.values(), key=lambda e: (-e.blocks, e.estimate.loss, e.candidate))


def show_best(bar, archive: dict[Candidate, Entry]) -> None:
    best = ranked(archive)[0].estimate
    bar.set_postfix_str(f"best {best.loss:.4f} ({best.low:.4f}, {best.high:.4f}) "
                        f"on {best.games:,} games", refresh=False)


def propose(space: Space, archive: dict[Candidate, Entry], rng: np.random.Generator,
            size: int, generation: int) -> list[Candidate]:
    """A generation's sets: the reference and random sets first; then the best quarter so far,
    their mutations (half) and crossovers (a quarter), and random sets, new ones preferred."""
    if generation == 0:
        population = [space.reference] if space.allows(space.reference) else []
        return fill(population, size, lambda: space.random(rng), archive)
    elites = [e.candidate for e in ranked(archive)[:max(1, size // 4)]]
    population = list(elites)
    makers: list[Callable[[], Candidate]] = [
        lambda: space.mutate(elites[int(rng.integers(len(elites)))], rng,
                             1 + int(rng.integers(2)))] * (size // 2)
    makers += [lambda: space.crossover(elites[int(rng.integers(len(elites)))],
                                       elites[int(rng.integers(len(elites)))], rng)
               ] * (size // 4)
    for make in makers:
        population = fill(population, len(population) + 1, make, archive)
    return fill(population, size, lambda: space.random(rng), archive)


def fill(population: list[Candidate], size: int, make: Callable[[], Candidate],
         archive: dict) -> list[Candidate]:
    """`population` grown to `size` with sets from `make`: each a set new to the search when
    NOVELTY_TRIES draws find one, else one already raced; never twice in the population."""
    population = list(population)
    while len(population) < size:
        drawn = [make() for _ in range(NOVELTY_TRIES)]
        fresh = [c for c in drawn if c not in population]
        new = [c for c in fresh if c not in archive]
        if not fresh:
            break  # `make` gives nothing else
        population.append((new or fresh)[0])
    return population


def holdout(spec: SearchSpec, space: Space, evaluator: Evaluator,
            archive: dict[Candidate, Entry], out: Path
            ) -> tuple[list[Winner], tuple[Estimate, dict[str, float], dict[str, float]]]:
    """The top sets and the reference played on fresh seeds; each winner against the reference."""
    from analytics.experiments.compare import compare_logs

    seed = holdout_seed(spec.seed)
    search_seeds = {int(s) for sample in evaluator.samples.values() for s in sample.seeds}
    best = ranked(archive)[:spec.top]

    def folder(candidate: Candidate) -> Path:
        return out / "holdout" / f"{spec.holdout_games}-games" / candidate_key(candidate)

    evaluator.play_ahead([(c, spec.holdout_games, seed, folder(c))
                          for c in dict.fromkeys((space.reference,
                                                  *(e.candidate for e in best)))])

    def play(candidate: Candidate):
        sample = evaluator.play(candidate, spec.holdout_games, seed, folder(candidate))
        if search_seeds & {int(s) for s in sample.seeds}:
            raise UserError("held-out seeds overlap the search's: change --seed")
        return sample, folder(candidate) / "as-is"

    ref_sample, ref_run = play(space.reference)
    reference = estimate(spec.objectives, ref_sample, space.reference, space, seed)
    winners = []
    for rank, entry in enumerate(best, start=1):
        sample, run = play(entry.candidate)
        comparison = compare_logs([ref_run], [run], names=(
            spec.reference, f"search-{candidate_key(entry.candidate)}"))
        winners.append(Winner(
            rank, entry.candidate, space.changes(entry.candidate), entry.estimate,
            estimate(spec.objectives, sample, entry.candidate, space, seed),
            paired_difference(spec.objectives, ref_sample, sample, space.reference,
                              entry.candidate, space, seed), comparison, card_values(sample),
            by_module(spec, sample)))
    return winners, (reference, card_values(ref_sample), by_module(spec, ref_sample))


def by_module(spec: SearchSpec, sample: Sample) -> dict[str, float]:
    """The first module_parity objective's measure under each module ({} without one)."""
    parity = [o for o in spec.objectives if o.parity_sets]
    if not parity:
        return {}
    found = module_measures(sample, **dict(parity[0].params))
    return {spec.module if m == "" else m: v for m, v in found.items()}
