"""The one source of random outcomes: seeded for simulation, recorded for replay."""

from __future__ import annotations

import random
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
