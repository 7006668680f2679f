"""While a policy decides, the game is frozen: it reads the live state and every write raises.

Policies get the game's own objects, not copies or stand-ins, so a bot reads at full speed
(read-only views doubled a game's CPU time). The game's classes check `FROZEN` in
`__setattr__`, and its lists and dicts are `GuardedList` and `GuardedDict`, which check it in
every method that changes them; reads are the builtin ones, untouched. `Decider.decide`
freezes around each policy call and thaws after, so the engine pays one flag test per write.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, NoReturn, TypeVar

FROZEN = False  # True while a policy decides (Decider.decide)

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")


class ReadOnlyError(TypeError):
    """A policy tried to change the game while deciding."""


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


def _checked(method: Callable[..., T]) -> Callable[..., T]:
    """`method` of a builtin container, refused while frozen."""
    name = method.__name__

    def guarded(self: Any, *args: Any, **kwargs: Any) -> T:
        if FROZEN:
            refuse(self, name)
        return method(self, *args, **kwargs)

    guarded.__name__ = name
    return guarded


_list_setitem = list.__setitem__
_list_append = list.append
_dict_setitem = dict.__setitem__

# The rules' hottest writes (a resource gained, a die's face up) bypass the containers' checks
# with these, after a rule tests FROZEN once at its own entry, before any write: one test per
# rule instead of a Python-level call per write (about 1,000 writes a game).
write_item = dict.__setitem__
write_index = list.__setitem__


class Guarded:
    """A class of the game's state: its attributes refuse writes while a policy decides."""

    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        if FROZEN:
            refuse(self, f"setting {name!r}")
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        refuse(self, f"deleting {name!r}")  # the rules never delete an attribute


class GuardedList(list[T]):
    """A list of the game's state: changes refused while frozen."""

    __slots__ = ()

    def __setitem__(self, index: Any, value: Any) -> None:
        if FROZEN:
            refuse(self, "__setitem__")
        _list_setitem(self, index, value)

    def append(self, value: T) -> None:
        if FROZEN:
            refuse(self, "append")
        _list_append(self, value)


class GuardedDict(dict[K, V]):
    """A dict of the game's state: changes refused while frozen."""

    __slots__ = ()

    def __setitem__(self, key: K, value: V) -> None:
        if FROZEN:
            refuse(self, "__setitem__")
        _dict_setitem(self, key, value)


for _kind, _guarded, _names in (
        (list, GuardedList, ("__delitem__", "__iadd__", "__imul__", "extend", "insert", "pop",
                             "remove", "clear", "sort", "reverse")),
        (dict, GuardedDict, ("__delitem__", "__ior__", "pop", "popitem", "setdefault", "update",
                             "clear"))):
    for _name in _names:
        setattr(_guarded, _name, _checked(getattr(_kind, _name)))
