"""Read-only views of a game state for policies: every read passes through, every write raises.

A bot reads the live state through a `View` (built once per game, so identity checks such as
`view.players[0] is view.players[0]` hold); lists come back as tuples, dicts as read-only
mappings, objects as views of themselves, and the game's declared immutable components (faces,
cards, rule options) as they are. A method called through a view runs with the view as `self`,
so a method that writes raises too.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from types import MethodType
from typing import Any

_PLAIN: frozenset[type] = frozenset({int, float, str, bool, bytes, type(None), frozenset})


class ReadOnlyError(TypeError):
    """A policy tried to change the game through its read-only view."""


class Views:
    """Makes and keeps the views of one game's objects (one view per object)."""

    __slots__ = ("immutable", "_memo")

    def __init__(self, immutable: tuple[type, ...] = ()) -> None:
        self.immutable = _PLAIN | frozenset(immutable)
        self._memo: dict[int, tuple[Any, View]] = {}  # id -> (object kept alive, its view)

    def wrap(self, value: Any) -> Any:
        """`value` as a policy may see it."""
        kind = type(value)
        if kind in self.immutable:
            return value
        if kind is list or kind is tuple:
            return tuple([self.wrap(v) for v in value])
        if kind is dict:
            return MappingView(value, self)
        if kind is MethodType:
            owner = self.wrap(value.__self__)
            return MethodType(value.__func__, owner)
        if isinstance(value, (set, bytearray)):
            return frozenset(value) if isinstance(value, set) else bytes(value)
        if callable(value):
            raise ReadOnlyError(f"a policy may not reach {value!r} through its view")
        known = self._memo.get(id(value))
        if known is None:
            known = self._memo[id(value)] = (value, View(value, self))
        return known[1]


class View:
    """A read-only stand-in for one object of the game."""

    __slots__ = ("_target", "_views")

    def __init__(self, target: Any, views: Views) -> None:
        object.__setattr__(self, "_target", target)
        object.__setattr__(self, "_views", views)

    def __getattr__(self, name: str) -> Any:
        return self._views.wrap(getattr(self._target, name))

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

    __slots__ = ("_target", "_views")

    def __init__(self, target: dict, views: Views) -> None:
        self._target = target
        self._views = views

    def __getitem__(self, key: Any) -> Any:
        return self._views.wrap(self._target[key])

    def __iter__(self) -> Iterator:
        return iter(tuple(self._target))

    def __len__(self) -> int:
        return len(self._target)

    def __contains__(self, key: object) -> bool:
        return key in self._target


def read_only(state: Any, immutable: tuple[type, ...] = ()) -> Any:
    """A read-only view of `state`; instances of `immutable` types are shared as they are."""
    return Views(immutable).wrap(state)
