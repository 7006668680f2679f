"""The one source of random outcomes: seeded for simulation, scripted for tests and replay."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

from analytics.engine import guard
from analytics.engine.seeds import derive_seed


class Chance(Protocol):
    """Every random outcome a game needs passes through these calls.

    A roll is asked with the die's current faces (side order; a face is its own id when it is a
    string, else it has an `id`), so a record can answer "gold_3" as well as "side 2".
    """

    def roll(self, seat: int, die: str, faces: Sequence[Any]) -> int:
        """Index in `faces` of the face that comes up (`faces` must not be modified)."""

    def sample(self, what: str, n: int, k: int) -> list[int]:
        """k distinct indices out of range(n) (a random removal or draw)."""


def face_id(face: Any) -> str:
    """A face's id: the face itself when it is a string, else its `id`."""
    return face if isinstance(face, str) else face.id


class SeededChance:
    """Chance from the game seed, one stream per purpose: a (seat, die) pair, a setup draw.

    Keyed streams keep two arms of a paired comparison rolling the same dice for the same seat
    even after their choices differ (an extra roll by one seat does not shift everyone else's).
    """

    __slots__ = ("seed", "_streams")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._streams: dict[tuple, Callable[[], float]] = {}

    def _stream(self, key: tuple) -> Callable[[], float]:
        stream = self._streams[key] = random.Random(derive_seed(self.seed, *key)).random
        return stream

    def copy(self) -> SeededChance:
        """An independent copy, every stream at the same point: it rolls what this one would.
        (The streams are bound methods, which `copy.deepcopy` would share, not copy.)"""
        twin = SeededChance(self.seed)
        for key, stream in self._streams.items():
            generator = random.Random()
            generator.setstate(stream.__self__.getstate())  # type: ignore[attr-defined]
            twin._streams[key] = generator.random
        return twin

    def __deepcopy__(self, memo: dict) -> SeededChance:
        return self.copy()

    def roll(self, seat: int, die: str, faces: Sequence[Any]) -> int:
        if guard.FROZEN:  # a policy rolling the game's dice would shift what comes next
            guard.refuse(self, "roll")
        key = (seat, die)
        stream = self._streams.get(key) or self._stream(key)
        return int(stream() * len(faces))

    def sample(self, what: str, n: int, k: int) -> list[int]:
        if guard.FROZEN:
            guard.refuse(self, "sample")
        key = ("sample", what)
        stream = self._streams.get(key) or self._stream(key)
        pool = list(range(n))
        return [pool.pop(int(stream() * len(pool))) for _ in range(k)]


class ChanceScriptError(Exception):
    """A scripted Chance was asked for an outcome its script does not hold (or holds wrongly)."""


class ScriptedChance:
    """Chance that answers from given outcomes, in order: for tests and for replaying dice.

    A roll outcome is a side index or a face id (the first side showing that face), or a
    `(seat, die, index or face id)` triple that must also match the call; a sample outcome is
    the list of indices to return. Running out of script, an outcome the die does not have or
    a triple naming another die raises ChanceScriptError naming the call.
    """

    __slots__ = ("rolls", "samples")

    def __init__(self, rolls: Iterable = (), samples: Iterable[Iterable[int]] = ()) -> None:
        self.rolls: deque = deque(rolls)
        self.samples: deque = deque(list(s) for s in samples)

    def add_rolls(self, *outcomes: Any) -> None:
        self.rolls.extend(outcomes)

    def add_samples(self, *outcomes: Iterable[int]) -> None:
        self.samples.extend(list(s) for s in outcomes)

    @property
    def exhausted(self) -> bool:
        """Whether every scripted outcome has been used."""
        return not self.rolls and not self.samples

    def roll(self, seat: int, die: str, faces: Sequence[Any]) -> int:
        ids = [face_id(f) for f in faces]
        call = f"roll(seat={seat}, die={die!r}, faces={ids})"
        if not self.rolls:
            raise ChanceScriptError(f"{call}: the script has no rolls left")
        outcome = self.rolls.popleft()
        if isinstance(outcome, tuple):
            want_seat, want_die, outcome = outcome
            if (want_seat, want_die) != (seat, die):
                raise ChanceScriptError(
                    f"{call}: the script's next roll is for seat={want_seat}, die={want_die!r}")
        if isinstance(outcome, str) and outcome in ids:
            return ids.index(outcome)
        if type(outcome) is not int or not 0 <= outcome < len(faces):
            raise ChanceScriptError(f"{call}: scripted outcome {outcome!r} is not on the die")
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
