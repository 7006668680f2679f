"""What a card-set search aims at: objectives, each a loss (lower is better) of one candidate's
games, combined with weights, with intervals from a bootstrap over whole games.

Every candidate plays the same seeds (common random numbers), so its games line up row by row
with every other candidate's: a bootstrap draws the same game rows for all of them, which makes
differences between candidates paired. The library: seat balance (`seat_gap`, the largest gap
between two seats' win rates; Ludii's Balance is 1 - it), no must-buy or never-buy component
(`take_band`: take rates), no dominant or dead component (`value_band`: paired values, each
component forbidden on the same seeds), `spread` (score SD within a game), `length`
(decisions or rounds per game, toward a target), `distance` (slots changed from the
reference), `module_parity` (one of those measures alike under several modules: the set
played under each module named, on the same seeds). A designer adds one as a Python
function (`file.py:function`, called with the `Sample`) or a SQL file over the run's tables
(`file.sql`, one row per game: `seed, value`; the loss is the mean value).
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from analytics.errors import UserError
from analytics.experiments.search_space import Candidate, Space

N_BOOT = 200  # bootstrap resamples of games behind every interval of a loss


@dataclass(frozen=True)
class Sample:
    """One candidate's games on the search's seeds, one row per game in seed order."""

    seeds: np.ndarray  # (games,)
    win: np.ndarray  # (games, seats) win shares
    score: np.ndarray  # (games, seats)
    rounds: np.ndarray  # (games,)
    decisions: np.ndarray  # (games,)
    taken: dict[str, np.ndarray]  # component of the set -> (games, seats) 1 if acquired
    without: dict[str, np.ndarray] = field(default_factory=dict)  # component -> (games, seats)
    # win shares on the same seeds with that component forbidden (value_band only)
    per_game: dict[str, np.ndarray] = field(default_factory=dict)  # SQL file -> (games,)
    modules: dict[str, Sample] = field(default_factory=dict)  # module -> the same set's games
    # under that module on the same seeds (module_parity only)

    @property
    def games(self) -> int:
        return len(self.seeds)

    def rows(self, index: np.ndarray) -> Sample:
        """The games at `index` (a bootstrap resample), every array alike."""
        return Sample(self.seeds[index], self.win[index], self.score[index],
                      self.rounds[index], self.decisions[index],
                      {k: v[index] for k, v in self.taken.items()},
                      {k: v[index] for k, v in self.without.items()},
                      {k: v[index] for k, v in self.per_game.items()},
                      {k: v.rows(index) for k, v in self.modules.items()})

    @staticmethod
    def joined(samples: list[Sample]) -> Sample:
        """Blocks of games one after the other."""
        def cat(get):
            return np.concatenate([get(s) for s in samples])
        first = samples[0]
        return Sample(cat(lambda s: s.seeds), cat(lambda s: s.win), cat(lambda s: s.score),
                      cat(lambda s: s.rounds), cat(lambda s: s.decisions),
                      {k: cat(lambda s, k=k: s.taken[k]) for k in first.taken},
                      {k: cat(lambda s, k=k: s.without[k]) for k in first.without},
                      {k: cat(lambda s, k=k: s.per_game[k]) for k in first.per_game},
                      {k: Sample.joined([s.modules[k] for s in samples]) for k in first.modules})


def seat_gap(s: Sample, **_) -> float:
    """The largest gap between two seats' win rates (0: every seat wins as often)."""
    rates = s.win.mean(axis=0)
    return float(rates.max() - rates.min())


def _outside(x: float, low: float, high: float) -> float:
    return max(0.0, low - x) + max(0.0, x - high)


def take_band(s: Sample, low: float = 0.05, high: float = 0.75, **_) -> float:
    """Summed distance of each component's take rate (share of seat-games that acquired it)
    outside [low, high]: a never-buy below, a must-buy above."""
    return sum(_outside(float(t.mean()), low, high) for t in s.taken.values())


def card_values(s: Sample) -> dict[str, float]:
    """Each component's paired value: the win rate of the seats that acquired it minus the same
    seats' win rate on the same seeds with it forbidden (0 when no seat acquired it: it changed
    nobody's game)."""
    values = {}
    for card, without in s.without.items():
        buyers = s.taken[card]
        n = buyers.sum()
        values[card] = float(((s.win - without) * buyers).sum() / n) if n else 0.0
    return values


def value_band(s: Sample, low: float = -0.05, high: float = 0.10, slots: str = "all", **_
               ) -> float:
    """Summed distance of each component's paired value outside [low, high]: of every
    component, or (slots=free) of those on the slots the search may change."""
    return sum(_outside(v, low, high) for v in card_values(s).values())


def spread(s: Sample, target: float | None = None, **_) -> float:
    """Mean score SD within a game, or its distance from `target`."""
    sd = float(s.score.std(axis=1, ddof=1).mean())
    return sd if target is None else abs(sd - target)


def length(s: Sample, target: float | None = None, measure: str = "decisions", **_) -> float:
    """Distance of the mean game length (`decisions` or `rounds`) from `target`."""
    if target is None:
        raise UserError("objective length needs a target: length:target=N")
    if measure not in ("decisions", "rounds"):
        raise UserError(f"objective length: measure must be decisions or rounds (got {measure})")
    return abs(float(getattr(s, measure).mean()) - target)


def distance(s: Sample, candidate: Candidate = (), space: Space | None = None, **_) -> float:
    """Share of the slots changed from the reference set."""
    return space.distance(candidate) / len(space.slots) if space else 0.0


# What module_parity may compare across modules: the measures that read a set's games alone.
MEASURES: dict[str, Callable[..., float]] = {
    "seat_gap": seat_gap, "take_band": take_band, "spread": spread, "length": length}


def module_measures(s: Sample, of: str = "seat_gap", **params) -> dict[str, float]:
    """The measure `of` on the set's games under each module: '' for the search's own module,
    then each module of `s.modules`. `params` are the measure's; the rest (the modules' sets)
    are left out."""
    measure = MEASURES[of]
    own = {k: v for k, v in params.items() if k in measure_params(of)}
    return {"": measure(s, **own), **{m: measure(g, **own) for m, g in s.modules.items()}}


def module_parity(s: Sample, of: str = "seat_gap", **params) -> float:
    """How far apart a measure (`of`: seat_gap, take_band, spread, length) lies under the
    modules: the largest minus the smallest, over the search's module and each module named
    (MODULE=SET, the set it plays there). 0: the same under every module."""
    found = list(module_measures(s, of, **params).values())
    return max(found) - min(found)


def measure_params(of: str) -> list[str]:
    return [p for p in inspect.signature(MEASURES[of]).parameters if p not in ("s", "_")]


LIBRARY: dict[str, Callable[..., float]] = {
    "seat_gap": seat_gap, "take_band": take_band, "value_band": value_band, "spread": spread,
    "length": length, "distance": distance, "module_parity": module_parity}


@dataclass(frozen=True)
class Objective:
    """One term of the loss: its name (a library name, a .sql file or file.py:function), its
    weight and parameters."""

    name: str
    weight: float = 1.0
    params: tuple[tuple[str, float | str], ...] = ()

    @property
    def sql(self) -> Path | None:
        return Path(self.name) if self.name.endswith(".sql") else None

    @property
    def needs_forbid(self) -> bool:
        return self.name == "value_band"

    @property
    def free_slots_only(self) -> bool:
        """value_band:slots=free: only the components of free slots are forbidden in turn."""
        return self.needs_forbid and dict(self.params).get("slots") == "free"

    @property
    def parity_sets(self) -> tuple[tuple[str, str], ...]:
        """module_parity's (module, set) pairs: its parameters that are not the measure's."""
        if self.name != "module_parity":
            return ()
        of = str(dict(self.params).get("of", "seat_gap"))
        return tuple((k, str(v)) for k, v in self.params
                     if k != "of" and k not in measure_params(of))

    @property
    def text(self) -> str:
        params = ",".join(f"{k}={v}" for k, v in self.params)
        weight = "" if self.weight == 1 else f"{self.weight:g} x "
        return f"{weight}{self.name}" + (f" ({params})" if params else "")

    def loss(self, s: Sample, candidate: Candidate, space: Space) -> float:
        if self.sql is not None:
            return float(np.mean(s.per_game[self.name]))
        return float(function_of(self.name)(s, candidate=candidate, space=space,
                                            **dict(self.params)))


SPEC = re.compile(r"^(?P<name>.+?)(?::(?P<params>[A-Za-z_]\w*=[^:]*))?$")


def parse_objective(text: str) -> Objective:
    """`NAME[:key=value,...]` (`weight=` among them): a library name, FILE.sql or
    FILE.py:FUNCTION (or package.module:FUNCTION). A mistake is one UserError naming it."""
    match = SPEC.match(text.strip())
    if not match:
        raise UserError(f"--objective {text!r}: expected NAME[:key=value,...]")
    name, params = match["name"], {}
    for pair in (match["params"] or "").split(","):
        if pair:
            key, _, value = pair.partition("=")
            params[key.strip()] = _number(value.strip())
    weight = params.pop("weight", 1.0)
    if not isinstance(weight, float):
        raise UserError(f"--objective {text!r}: weight must be a number")
    objective = Objective(name, weight, tuple(sorted(params.items())))
    if objective.sql is not None:
        if not objective.sql.is_file():
            raise UserError(f"--objective {name}: no such SQL file")
        if params:
            raise UserError(f"--objective {name}: a SQL objective takes only weight=")
    elif name == "module_parity":
        _check_parity(params)
    elif name in LIBRARY:
        _check_params(name, params)
    else:
        function_of(name)  # an unknown name fails before any game
    return objective


def _check_params(name: str, params: dict) -> None:
    """A library objective's parameters are its function's keywords; `length` needs a target."""
    known = [p for p in inspect.signature(LIBRARY[name]).parameters
             if p not in ("s", "candidate", "space", "_")]
    for key in params:
        if key not in known:
            raise UserError(f"--objective {name}: no parameter {key!r} (it takes "
                            f"{', '.join(known) or 'only weight'})")
    if params.get("slots", "all") not in ("all", "free"):
        raise UserError(f"--objective {name}: slots must be all or free")
    if name == "length" and "target" not in params:
        raise UserError("--objective length needs a target: length:target=N")


def _check_parity(params: dict) -> None:
    """module_parity: a known measure (`of`), its parameters, and at least one MODULE=SET."""
    of = params.get("of", "seat_gap")
    if of not in MEASURES:
        raise UserError(f"--objective module_parity: of={of} is not a measure it compares; "
                        f"give one of {', '.join(MEASURES)}")
    _check_params(of, {k: v for k, v in params.items() if k in measure_params(of)})
    sets = {k: v for k, v in params.items() if k != "of" and k not in measure_params(of)}
    if not sets:
        raise UserError("--objective module_parity needs MODULE=SET for at least one other "
                        "module, e.g. module_parity:goddess=goddess-discovery,"
                        "titans=titans-discovery")
    for module, card_set in sets.items():
        if not isinstance(card_set, str):
            raise UserError(f"--objective module_parity: {module}={card_set:g} is not a set "
                            "(MODULE=SET)")


def _number(value: str) -> float | str:
    try:
        return float(value)
    except ValueError:
        return value


def function_of(name: str) -> Callable[..., float]:
    """The library objective `name`, or the function FILE.py:NAME / package.module:NAME."""
    if name in LIBRARY:
        return LIBRARY[name]
    where, sep, attr = name.rpartition(":")
    if not sep:
        raise UserError(f"unknown objective {name!r}; the library has "
                        f"{', '.join(LIBRARY)}, or give FILE.sql or FILE.py:FUNCTION")
    try:
        if where.endswith(".py"):
            spec = importlib.util.spec_from_file_location(Path(where).stem, where)
            if spec is None or not Path(where).is_file():
                raise UserError(f"objective {name}: no such file {where}")
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)  # type: ignore[union-attr]
        else:
            module = importlib.import_module(where)
    except ImportError as err:
        raise UserError(f"objective {name}: cannot import {where} ({err})") from None
    function = getattr(module, attr, None)
    if not callable(function):
        raise UserError(f"objective {name}: {where} has no function {attr!r}")
    return function


@dataclass(frozen=True)
class Estimate:
    """A loss on some games with its 95% bootstrap interval over games."""

    loss: float
    low: float
    high: float
    games: int
    terms: tuple[float, ...] = ()  # each objective's loss, in the objectives' order

    def text(self) -> str:
        return f"{self.loss:.4f} ({self.low:.4f}, {self.high:.4f}; {self.games:,} games)"


def combined(objectives: tuple[Objective, ...], s: Sample, candidate: Candidate,
             space: Space) -> tuple[float, tuple[float, ...]]:
    """The weighted sum of the objectives' losses, and each loss."""
    terms = tuple(o.loss(s, candidate, space) for o in objectives)
    return float(sum(o.weight * t for o, t in zip(objectives, terms, strict=True))), terms


def resamples(games: int, seed: int) -> np.ndarray:
    """(N_BOOT, games) row indices: the same for every candidate of the same games, so
    bootstrap differences between candidates are paired."""
    return np.random.default_rng([seed, games]).integers(0, games, size=(N_BOOT, games))


def estimate(objectives: tuple[Objective, ...], s: Sample, candidate: Candidate,
             space: Space, seed: int) -> Estimate:
    """The combined loss of `candidate` on its games, with a percentile interval."""
    loss, terms = combined(objectives, s, candidate, space)
    boot = [combined(objectives, s.rows(i), candidate, space)[0]
            for i in resamples(s.games, seed)]
    low, high = np.nanpercentile(boot, [2.5, 97.5])
    return Estimate(loss, float(low), float(high), s.games, terms)


def paired_difference(objectives: tuple[Objective, ...], a: Sample, b: Sample,
                      cand_a: Candidate, cand_b: Candidate, space: Space, seed: int
                      ) -> Estimate:
    """Loss of B minus loss of A on the same games (same seeds, same resamples)."""
    if not np.array_equal(a.seeds, b.seeds):
        raise UserError("a paired difference needs both sets on the same seeds")
    diff = (combined(objectives, b, cand_b, space)[0]
            - combined(objectives, a, cand_a, space)[0])
    boot = [combined(objectives, b.rows(i), cand_b, space)[0]
            - combined(objectives, a.rows(i), cand_a, space)[0]
            for i in resamples(a.games, seed)]
    low, high = np.nanpercentile(boot, [2.5, 97.5])
    return Estimate(diff, float(low), float(high), a.games)


def check_finite(value: float, what: str) -> float:
    if not math.isfinite(value):
        raise UserError(f"{what}: the objective gave {value} (a loss must be a finite number)")
    return value

