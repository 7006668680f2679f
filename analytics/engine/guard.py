"""While a policy decides, the game is frozen: it reads the live state and every write raises.

Policies get the game's own objects, not copies or stand-ins, so a bot reads at full speed
(read-only views doubled a game's CPU time). The game's classes check `FROZEN` in
`__setattr__` (`Guarded`, here), and its lists and dicts are `GuardedList` and `GuardedDict`
(containers.py), which check it in every method that changes them; reads are the builtin ones,
untouched. `Decider.decide` freezes around each policy call and thaws after, so the engine pays
one flag test per write.

This module is compiled with the state's classes (a compiled class cannot take an interpreted
one as its base, and mypyc compiles a `__setattr__`); containers.py stays plain Python, since
mypyc does not compile a subclass of list.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, NoReturn

from analytics.engine.readonly import ReadOnlyError

FROZEN = False  # True while a policy decides (Decider.decide)


def refuse(target: object, what: str) -> NoReturn:
    raise ReadOnlyError(f"policies may not change the game: {what} on "
                        f"{type(target).__name__} refused while a policy decides")


def freeze(frozen: bool) -> bool:
    """Set whether the game is frozen; returns what it was (to restore it after)."""
    global FROZEN
    was, FROZEN = FROZEN, frozen
    return was


@contextmanager
def thawed() -> Iterator[None]:
    """Writes allowed within: for a search policy building and playing its own clones."""
    was = freeze(False)
    try:
        yield
    finally:
        freeze(was)


class Guarded:
    """A class of the game's state: its attributes refuse writes while a policy decides."""

    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        if FROZEN:
            refuse(self, f"setting {name!r}")
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        refuse(self, f"deleting {name!r}")  # the rules never delete an attribute


