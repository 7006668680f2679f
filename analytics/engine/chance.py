"""The one source of random outcomes: seeded for simulation, recorded for replay."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable
from typing import Protocol


class Chance(Protocol):
    """Every random outcome a game needs passes through these calls, in a deterministic order."""

    def roll(self, seat: int, die: str, n_faces: int) -> int:
        """Index of the face that comes up."""

    def sample(self, what: str, n: int, k: int) -> list[int]:
        """k distinct indices out of range(n) (a random removal or draw)."""


class SeededChance:
    """Chance from a seeded generator: same seed, same outcomes."""

    __slots__ = ("_random",)

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed).random

    def roll(self, seat: int, die: str, n_faces: int) -> int:
        return int(self._random() * n_faces)

    def sample(self, what: str, n: int, k: int) -> list[int]:
        pool = list(range(n))
        picked = []
        for _ in range(k):
            picked.append(pool.pop(int(self._random() * len(pool))))
        return picked


class ChanceScriptError(Exception):
    """A scripted Chance was asked for an outcome its script does not hold (or holds wrongly)."""


class ScriptedChance:
    """Chance that answers from given outcomes, in order: for tests and for replaying dice.

    A roll outcome is a face index, or a `(seat, die, index)` triple that must also match the
    call; a sample outcome is the list of indices to return. Running out of script, an index
    out of range or a triple naming another die raises ChanceScriptError naming the call.
    """

    __slots__ = ("rolls", "samples")

    def __init__(self, rolls: Iterable = (), samples: Iterable[Iterable[int]] = ()) -> None:
        self.rolls: deque = deque(rolls)
        self.samples: deque = deque(list(s) for s in samples)

    def add_rolls(self, *outcomes) -> None:
        self.rolls.extend(outcomes)

    def add_samples(self, *outcomes: Iterable[int]) -> None:
        self.samples.extend(list(s) for s in outcomes)

    @property
    def exhausted(self) -> bool:
        """Whether every scripted outcome has been used."""
        return not self.rolls and not self.samples

    def roll(self, seat: int, die: str, n_faces: int) -> int:
        call = f"roll(seat={seat}, die={die!r}, n_faces={n_faces})"
        if not self.rolls:
            raise ChanceScriptError(f"{call}: the script has no rolls left")
        outcome = self.rolls.popleft()
        if isinstance(outcome, tuple):
            want_seat, want_die, outcome = outcome
            if (want_seat, want_die) != (seat, die):
                raise ChanceScriptError(
                    f"{call}: the script's next roll is for seat={want_seat}, die={want_die!r}")
        if not isinstance(outcome, int) or not 0 <= outcome < n_faces:
            raise ChanceScriptError(f"{call}: scripted outcome {outcome!r} is out of range")
        return outcome

    def sample(self, what: str, n: int, k: int) -> list[int]:
        call = f"sample(what={what!r}, n={n}, k={k})"
        if not self.samples:
            raise ChanceScriptError(f"{call}: the script has no samples left")
        picked = self.samples.popleft()
        if len(picked) != k or len(set(picked)) != k or not all(0 <= i < n for i in picked):
            raise ChanceScriptError(
                f"{call}: scripted outcome {picked!r} is not {k} distinct indices below {n}")
        return picked
