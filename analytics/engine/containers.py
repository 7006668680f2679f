"""The game's lists and dicts: `GuardedList` and `GuardedDict` refuse every change while a
policy decides (engine/guard.py's `FROZEN`); reads are the builtin ones, untouched.

Plain Python in every build: mypyc does not compile a subclass of list.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from analytics.engine import guard
from analytics.engine.guard import refuse

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")


def _checked(method: Callable[..., T]) -> Callable[..., T]:
    """`method` of a builtin container, refused while frozen."""
    name = method.__name__

    def guarded(self: Any, *args: Any, **kwargs: Any) -> T:
        if guard.FROZEN:
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


class GuardedList(list[T]):
    """A list of the game's state: changes refused while frozen."""

    __slots__ = ()

    def __setitem__(self, index: Any, value: Any) -> None:
        if guard.FROZEN:
            refuse(self, "__setitem__")
        _list_setitem(self, index, value)

    def append(self, value: T) -> None:
        if guard.FROZEN:
            refuse(self, "append")
        _list_append(self, value)


class GuardedDict(dict[K, V]):
    """A dict of the game's state: changes refused while frozen."""

    __slots__ = ()

    def __setitem__(self, key: K, value: V) -> None:
        if guard.FROZEN:
            refuse(self, "__setitem__")
        _dict_setitem(self, key, value)


for _kind, _guarded, _names in (
        (list, GuardedList, ("__delitem__", "__iadd__", "__imul__", "extend", "insert", "pop",
                             "remove", "clear", "sort", "reverse")),
        (dict, GuardedDict, ("__delitem__", "__ior__", "pop", "popitem", "setdefault", "update",
                             "clear"))):
    for _name in _names:
        setattr(_guarded, _name, _checked(getattr(_kind, _name)))
