"""The attribute names of the state's objects in either build: a plain Python class lists them
in `__slots__`, a class compiled by mypyc in `__mypyc_attrs__` (it has no `__slots__`)."""

from __future__ import annotations


def attribute_names(obj: object) -> list[str]:
    """Every attribute an object of the state holds, along its class's MRO, each once."""
    names: dict[str, None] = {}
    for klass in type(obj).__mro__:
        names.update(dict.fromkeys(getattr(klass, "__mypyc_attrs__", None)
                                   or getattr(klass, "__slots__", ())))
    return list(names)
