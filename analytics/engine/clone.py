"""Cloning a game state: each class of the state declares what it holds, field by field.

A clone taken between two steps of the phase machine plays on with its own chance and
decider; nothing it does reaches the original. Beside each state class, `holds(cls, ...)`
declares every field its constructor takes and how a clone gets it: `shared`
(immutable, or fixed before the game), `copied` (a new container of the same type, its items
immutable), `each_copied` (a tuple of containers, or a dict of them, each copied),
`each_cloned` (a tuple of objects that declare their own holdings), `given` (a channel out,
chance or decider: passed to `clone`, never copied) or any function of the field's value (an
event log continues from the current point: EventLog.continued). Copying by declaration, not
deepcopy, keeps it cheap enough for search: a search bot clones at every action choice.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")
Copier = Callable[[Any], Any]


def shared(value: Any) -> Any:
    """Immutable, or fixed before the game: the clone holds the same object."""
    return value


def copied(value: Any) -> Any:
    """A new container of the same type holding the same (immutable) items."""
    return type(value)(value)


def each_copied(value: Any) -> Any:
    """A tuple of containers, or a dict of them: each container copied."""
    if isinstance(value, dict):
        return type(value)({key: type(item)(item) for key, item in value.items()})
    return tuple(type(item)(item) for item in value)


def each_cloned(value: Any) -> Any:
    """A tuple of objects that declare their own holdings: each cloned."""
    return tuple(clone(item) for item in value)


def given(value: Any) -> Any:
    """A channel out (chance, decider): the clone plays on with its own, passed to `clone`
    (a marker: never called)."""
    raise TypeError("a clone's chance and decider are given to clone(), never copied")


@dataclass(frozen=True, slots=True)
class Plan:
    """How a class is cloned: `make(obj, given)` builds the copy; `given` names the fields
    passed to `clone`."""

    make: Callable[[Any, Mapping[str, Any]], Any]
    given: frozenset[str]


# Declared beside the class, not as a class attribute: a compiled (mypyc) dataclass takes a
# ClassVar for one of its fields.
_DECLARED: dict[type, Mapping[str, Copier]] = {}
_PLANS: dict[type, Plan] = {}  # per class, checked and built at its first clone


def holds(cls: type, **fields: Copier) -> None:
    """Declare what a `cls` object holds: each field its constructor takes, and how a clone
    gets it."""
    _DECLARED[cls] = fields
    _PLANS.pop(cls, None)


def plan(cls: type) -> Plan:
    """How `cls` is cloned, from its declaration. A dataclass's must name every field its
    constructor takes: a field added without a declaration would be shared unseen."""
    found = _PLANS.get(cls)
    if found is None:
        declared = _DECLARED.get(cls)
        if declared is None:
            raise TypeError(f"{cls.__name__} declares nothing it holds (engine/clone.py "
                            f"holds): it cannot be cloned")
        positional = dataclasses.is_dataclass(cls)
        if positional:
            fields = [f.name for f in dataclasses.fields(cls) if f.init]
            if set(fields) != set(declared):
                raise TypeError(f"{cls.__name__}: holds() must name each field it is built "
                                f"from: missing {sorted(set(fields) - set(declared))}, "
                                f"unknown {sorted(set(declared) - set(fields))}")
            declared = {name: declared[name] for name in fields}
        found = _PLANS[cls] = Plan(_maker(cls, declared, positional),
                                   frozenset(n for n, c in declared.items() if c is given))
    return found


def _maker(cls: type, holds: Mapping[str, Copier], positional: bool
           ) -> Callable[[Any, Mapping[str, Any]], Any]:
    """One function building a copy of a `cls` object field by field, its code written from
    the declaration (as dataclasses writes __init__): a search clones at every action choice,
    and a loop over the fields cost a sixth more than copying by hand."""
    env: dict[str, Any] = {"cls": cls}
    args = []
    for i, (name, copier) in enumerate(holds.items()):
        if not name.isidentifier():
            raise TypeError(f"{cls.__name__}: {name!r} is not a field name")
        if copier is shared:
            value = f"obj.{name}"
        elif copier is given:
            value = f"given[{name!r}]"
        else:
            env[f"copy{i}"] = copier
            value = f"copy{i}(obj.{name})"
        args.append(value if positional else f"{name}={value}")
    exec(f"def make(obj, given):\n    return cls({', '.join(args)})\n", env)
    return env["make"]


def clone(obj: T, **given_values: Any) -> T:
    """A copy of `obj` sharing nothing mutable with it, built from its declared holdings, with
    the channels it declares `given` (chance=..., decider=...) passed here."""
    how = plan(type(obj))
    if given_values.keys() != how.given:
        raise TypeError(f"clone({type(obj).__name__}) is given {sorted(given_values)}; it "
                        f"takes exactly {sorted(how.given)} (a clone's own channels out)")
    return how.make(obj, given_values)  # type: ignore[no-any-return]
