"""The one source of random outcomes: seeded for simulation, scripted for tests and replay."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

from analytics.engine.seeds import derive_seed


class Chance(Protocol):
    """Every random outcome a game needs passes through these calls, each asked by what it
    decides: a die (with its owner, or None for a die no one owns), a bag, a deck.

    A roll is asked with the die's current faces (side order; a face is its own id when it is a
    string, else it has an `id`), so a record can answer "gold_3" as well as "side 2".
    """

    def roll(self, seat: int | None, die: str, faces: Sequence[Any]) -> int:
        """Index in `faces` of the face that comes up (`faces` must not be modified)."""

    def draw(self, bag: str, n: int, k: int) -> list[int]:
        """k distinct indices out of range(n), in draw order: k items from a shared bag."""

    def shuffle(self, deck: str, n: int) -> list[int]:
        """A permutation of range(n): the new order of a deck's n cards (top first)."""


def face_id(face: Any) -> str:
    """A face's id: the face itself when it is a string, else its `id`."""
    return face if isinstance(face, str) else face.id


class SeededChance:
    """Chance from the game seed, one stream per thing decided: (seat, die) for an owned die,
    (die,) for a die no one owns, ("sample", bag) for a bag, ("shuffle", deck) for a deck.

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

    def roll(self, seat: int | None, die: str, faces: Sequence[Any]) -> int:
        key = (seat, die) if seat is not None else (die,)
        stream = self._streams.get(key) or self._stream(key)
        return int(stream() * len(faces))

    def draw(self, bag: str, n: int, k: int) -> list[int]:
        # Keyed "sample", the call's first name: the same seeds keep drawing the same pools.
        return self._picks(("sample", bag), n, k, "draw")

    def shuffle(self, deck: str, n: int) -> list[int]:
        return self._picks(("shuffle", deck), n, n, "shuffle")

    def _picks(self, key: tuple, n: int, k: int, what: str) -> list[int]:
        """k distinct indices of range(n), each taken out of those left by the `key` stream."""
        stream = self._streams.get(key) or self._stream(key)
        pool = list(range(n))
        return [pool.pop(int(stream() * len(pool))) for _ in range(k)]


class ChanceScriptError(Exception):
    """A scripted Chance was asked for an outcome its script does not hold (or holds wrongly)."""


class ScriptedChance:
    """Chance that answers from given outcomes, in order: for tests and for replaying dice.

    A roll outcome is a side index or a face id (the first side showing that face), or a
    `(seat, die, index or face id)` triple that must also match the call; a draw outcome is the
    list of indices to return, a shuffle outcome the permutation. Running out of script, an
    outcome the die does not have or a triple naming another die raises ChanceScriptError
    naming the call.
    """

    __slots__ = ("rolls", "draws", "shuffles")

    def __init__(self, rolls: Iterable = (), draws: Iterable[Iterable[int]] = (),
                 shuffles: Iterable[Iterable[int]] = ()) -> None:
        self.rolls: deque = deque(rolls)
        self.draws: deque = deque(list(d) for d in draws)
        self.shuffles: deque = deque(list(s) for s in shuffles)

    def add_rolls(self, *outcomes: Any) -> None:
        self.rolls.extend(outcomes)

    def add_draws(self, *outcomes: Iterable[int]) -> None:
        self.draws.extend(list(d) for d in outcomes)

    def add_shuffles(self, *outcomes: Iterable[int]) -> None:
        self.shuffles.extend(list(s) for s in outcomes)

    @property
    def exhausted(self) -> bool:
        """Whether every scripted outcome has been used."""
        return not self.rolls and not self.draws and not self.shuffles

    def roll(self, seat: int | None, die: str, faces: Sequence[Any]) -> int:
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

    def draw(self, bag: str, n: int, k: int) -> list[int]:
        return _scripted(self.draws, f"draw(bag={bag!r}, n={n}, k={k})", "draws", n, k)

    def shuffle(self, deck: str, n: int) -> list[int]:
        return _scripted(self.shuffles, f"shuffle(deck={deck!r}, n={n})", "shuffles", n, n)


def _scripted(outcomes: deque, call: str, name: str, n: int, k: int) -> list[int]:
    """The next scripted list of k distinct indices below n; ChanceScriptError naming `call`."""
    if not outcomes:
        raise ChanceScriptError(f"{call}: the script has no {name} left")
    picked = outcomes.popleft()
    if len(picked) != k or len(set(picked)) != k or not all(0 <= i < n for i in picked):
        raise ChanceScriptError(
            f"{call}: scripted outcome {picked!r} is not {k} distinct indices below {n}")
    return picked
