"""Read-only views of a game state for policies: every read passes through, every write raises.

A bot reads the live state through a `View` (one per object, so identity checks such as
`view.players[0] is view.players[0]` hold); lists come back as tuples, dicts as read-only
mappings, objects as views of themselves, and the game's declared immutable components (faces,
cards, rule options) as they are. A method called through a view runs with the view as `self`,
so a method that writes raises too.

Reads are cached on the view until `Views.refresh()` (the decider calls it before each
decision: the state does not change while a policy thinks), so a bot reading `players` thirty
times in one decision pays for one copy. Going around the view on purpose (the private
`_target`, `object.__getattribute__`) is not prevented: the view stops accidents and honest
bots, not deliberate cheating.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import fields, is_dataclass
from functools import cache
from operator import attrgetter
from types import MappingProxyType, MethodType
from typing import Any

_PLAIN: frozenset[type] = frozenset({int, float, str, bool, bytes, type(None), frozenset})
# Field types read straight through by a C getter, with no Python call: most reads are these.
_SCALARS = frozenset({"int", "str", "bool", "float", "int | None", "str | None", "float | None",
                      int, str, bool, float})


class ReadOnlyError(TypeError):
    """A policy tried to change the game through its read-only view."""


class Views:
    """Makes and keeps the views of one game's objects (one view per object)."""

    __slots__ = ("immutable", "cloner", "_memo", "_read", "_lists")

    def __init__(self, immutable: tuple[type, ...] = (),
                 cloner: Callable[[Any, Any, Any], Any] | None = None) -> None:
        self.immutable = _PLAIN | frozenset(immutable)
        self.cloner = cloner  # the game's clone(state, chance, decider), for `fork`
        self._memo: dict[int, tuple[Any, Any]] = {}  # id -> (object kept alive, its view)
        self._read: list[View] = []  # views holding cached reads
        self._lists: dict[int, tuple[Any, tuple, tuple]] = {}  # id -> (list, items, views)

    def refresh(self) -> None:
        """Forget cached reads: the state may have changed since they were made."""
        for view in self._read:
            view.__dict__.clear()
        self._read.clear()

    def wrap(self, value: Any) -> Any:
        """`value` as a policy may see it."""
        kind = type(value)
        if kind in self.immutable:
            return value
        known = self._memo.get(id(value))
        if known is not None and known[0] is value:
            return known[1]
        if kind is list:
            return self._list(value)
        if kind is tuple:
            return self._tuple(value)
        if kind is dict:
            if self.immutable.issuperset(map(type, value.values())):
                return MappingProxyType(value)  # live and read-only, read in C
            return MappingView(value, self)  # values wrapped as they are read
        if kind is MethodType:
            return MethodType(value.__func__, self.wrap(value.__self__))
        if kind is set:
            return frozenset(value)
        if callable(value) or isinstance(value, (set, dict, list, bytearray)):
            raise ReadOnlyError(f"a policy may not reach {value!r} through its view")
        view = _view_class(kind)(value, self)  # type: ignore[arg-type]  # types hash
        self._memo[id(value)] = (value, view)
        return view

    def _stable(self, items: tuple) -> bool:
        """Whether every item is immutable or has a view of its own (not a bare container)."""
        memo, immutable = self._memo, self.immutable
        for item in items:
            kind = type(item)
            if kind in immutable or id(item) in memo:
                continue
            if kind is not tuple or not immutable.issuperset(map(type, item)):
                return False
        return True

    def _tuple(self, value: tuple) -> tuple:
        """The tuple of its items' views, kept for good when they are all stable."""
        if self.immutable.issuperset(map(type, value)):
            return value
        wrapped = tuple([self.wrap(v) for v in value])
        if self._stable(value):
            self._memo[id(value)] = (value, wrapped)
        return wrapped

    def _list(self, value: list) -> tuple:
        """A tuple of the items' views; for a list of objects (the players), kept while the
        list holds the same items (an identity comparison in C, not a rebuild)."""
        if self.immutable.issuperset(map(type, value)):  # faces, cards, numbers: no copy inside
            return tuple(value)
        items = tuple(value)
        kept = self._lists.get(id(value))
        if kept is not None and kept[0] is value and kept[1] == items:
            return kept[2]
        wrapped = tuple([self.wrap(v) for v in items])
        if self._stable(items):
            self._lists[id(value)] = (value, items, wrapped)
        return wrapped


class View:
    """A read-only stand-in for one object of the game."""

    __slots__ = ("_target", "_views", "__dict__")  # __dict__: reads cached until a refresh

    def __init__(self, target: Any, views: Views) -> None:
        object.__setattr__(self, "_target", target)
        object.__setattr__(self, "_views", views)

    def __getattr__(self, name: str) -> Any:
        views = self._views
        value = views.wrap(getattr(self._target, name))
        if not self.__dict__:
            views._read.append(self)
        self.__dict__[name] = value
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        raise ReadOnlyError(f"policies see a read-only view: cannot set {name!r} "
                            f"on {type(self._target).__name__}")

    def __delattr__(self, name: str) -> None:
        raise ReadOnlyError(f"policies see a read-only view: cannot delete {name!r} "
                            f"on {type(self._target).__name__}")

    def __repr__(self) -> str:
        return f"View({self._target!r})"

    # Special methods bypass __getattr__: the containers a game state may be are forwarded.
    def __len__(self) -> int:
        return len(self._target)

    def __bool__(self) -> bool:
        return bool(self._target)

    def __iter__(self) -> Iterator:
        return iter(self._views.wrap(list(self._target)))

    def __getitem__(self, key: Any) -> Any:
        return self._views.wrap(self._target[key])

    def __contains__(self, item: object) -> bool:
        return item in self._target


class MappingView(Mapping):
    """A read-only mapping over a live dict whose values are wrapped when read."""

    __slots__ = ("_target", "_wrap")

    def __init__(self, target: dict, views: Views) -> None:
        self._target = target
        self._wrap = views.wrap

    def __getitem__(self, key: Any) -> Any:
        return self._wrap(self._target[key])

    def get(self, key: Any, default: Any = None) -> Any:
        value = self._target.get(key, _MISSING)
        return default if value is _MISSING else self._wrap(value)

    def __iter__(self) -> Iterator:
        return iter(tuple(self._target))

    def __len__(self) -> int:
        return len(self._target)

    def __contains__(self, key: object) -> bool:
        return key in self._target


_MISSING = object()


@cache
def _view_class(kind: type) -> type[View]:
    """A View subclass for `kind` whose scalar dataclass fields are read at C speed."""
    scalars = {f.name: property(attrgetter("_target." + f.name))
               for f in (fields(kind) if is_dataclass(kind) else ()) if f.type in _SCALARS}
    return type(f"{kind.__name__}View", (View,), {"__slots__": (), **scalars})


def fork(view: View, chance: Any, decider: Any) -> Any:
    """A mutable clone of the state behind `view`, playing on with `chance` and `decider`:
    what a search policy explores (it shares nothing mutable with the real game)."""
    views: Views = object.__getattribute__(view, "_views")
    if views.cloner is None:
        raise ReadOnlyError("this game's views were made without a clone function")
    return views.cloner(object.__getattribute__(view, "_target"), chance, decider)


def read_only(state: Any, immutable: tuple[type, ...] = ()) -> Any:
    """A read-only view of `state`; instances of `immutable` types are shared as they are."""
    return Views(immutable).wrap(state)
