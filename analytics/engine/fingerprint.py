"""A fingerprint of a game state: taken before and after a bot decides, it shows whether the bot
changed the game (engine/loop.py's `Decider`, when checks are on).

The check costs nothing while off: the state is made of plain lists, dicts and classes, and no
write pays for a guard. While on, it walks everything the state reaches: attributes, items,
the chance streams' positions (a bot rolling the game's dice shifts what comes next), the
event log. What is immutable by declaration (the game's components) counts by identity; the
decider, which holds the bots and their caches, is not the game and is left out.
"""

from __future__ import annotations

import random
from types import BuiltinMethodType, FunctionType, MethodType, ModuleType
from typing import Any

ATOMS = (int, float, str, bool, type(None), bytes)
# Items hashed together: a tuple holding a mutable object hashes it by identity, and the state's
# tuples of that kind (players, dice) are reached elsewhere and walked there.
FLAT = frozenset((*ATOMS, tuple))
FIXED = (FunctionType, type, ModuleType)  # code, classes and modules: by identity
BOUND = (MethodType, BuiltinMethodType)  # bound to an object, which is walked


def fingerprint(state: Any, immutable: tuple[type, ...] = (), leave_out: Any = None) -> list:
    """A list that compares equal for two walks of the same, unchanged state."""
    out: list = []
    _walk(state, out, {id(leave_out): -1} if leave_out is not None else {}, immutable)
    return out


def _walk(obj: Any, out: list, seen: dict[int, int], immutable: tuple[type, ...]) -> None:
    if isinstance(obj, ATOMS):
        out.append(obj)
        return
    if id(obj) in seen:  # shared or cyclic: where it was first met
        out.append(("seen", seen[id(obj)]))
        return
    seen[id(obj)] = len(seen)
    if isinstance(obj, immutable) or isinstance(obj, FIXED):
        out.append(("same", id(obj)))
    elif isinstance(obj, BOUND):  # a chance stream (Random.random): where its Random is
        out.append(getattr(obj, "__name__", ""))
        _walk(obj.__self__, out, seen, immutable)
    elif isinstance(obj, random.Random):
        out.append(hash(obj.getstate()))
    elif isinstance(obj, (list, tuple)):
        _walk_items(obj, out, seen, immutable)
    elif isinstance(obj, dict):
        out.append(("dict", len(obj)))
        for key, value in obj.items():
            out.append(key)
            _walk(value, out, seen, immutable)
    elif isinstance(obj, (set, frozenset)):
        out.append(("set", hash(frozenset(obj))))
    else:
        out.append(type(obj))
        for name in _attributes(obj):
            out.append(name)
            _walk(getattr(obj, name), out, seen, immutable)


def _walk_items(items: list | tuple, out: list, seen: dict[int, int],
                immutable: tuple[type, ...]) -> None:
    out.append((type(items), len(items)))
    if {type(item) for item in items} <= FLAT:  # atoms and tuples (events): hashed in C at once
        try:
            out.append(hash(tuple(items)))
            return
        except TypeError:  # a tuple holding a mutable item: walked one by one
            pass
    for item in items:
        _walk(item, out, seen, immutable)


def _attributes(obj: Any) -> list[str]:
    """Its attributes along the class's MRO: a plain class lists them in `__slots__`, a class
    compiled by mypyc in `__mypyc_attrs__` (and has no `__slots__`)."""
    names: list[str] = []
    for cls in type(obj).__mro__:
        declared: tuple[str, ...] = (getattr(cls, "__mypyc_attrs__", ())
                                     or getattr(cls, "__slots__", ()))
        names += [name for name in declared if hasattr(obj, name)]
    return names + sorted(getattr(obj, "__dict__", {}))
