"""One registry of a game's decision kinds: how each option reads, and how a text parses back.

A label is unique among the options of one decision and parses back to its option, so records,
logs, the recorder and scripted deciders speak the same words. A kind with no declaration is an
error, not a guess.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from analytics.engine.decisions import DecisionError

Label = Callable[[Any, Any], str]  # (option, context) -> its label
Parse = Callable[[str, tuple, Any], Any]  # (text, options, context) -> the option


class LabelError(DecisionError):
    """A decision kind without labels, or a text that is none of a decision's labels."""


class DecisionKinds:
    """A game's decision kinds, each declared with `label` and, when reading a text needs more
    than finding the option with that label, `parse`."""

    __slots__ = ("where", "_labels", "_parsers")

    def __init__(self, where: str, labels: Mapping[str, Label] | None = None) -> None:
        self.where = where  # where the game declares its kinds, for the error naming one
        self._labels: dict[str, Label] = {}
        self._parsers: dict[str, Parse] = {}
        for kind, label in (labels or {}).items():
            self.declare(kind, label)

    def declare(self, kind: str, label: Label, parse: Parse | None = None) -> None:
        """Declare `kind`: `label(option, context)`, and `parse(text, options, context)`."""
        self._labels[kind] = label
        if parse is not None:
            self._parsers[kind] = parse

    @property
    def kinds(self) -> frozenset[str]:
        return frozenset(self._labels)

    def _label(self, kind: str) -> Label:
        label = self._labels.get(kind)
        if label is None:
            raise LabelError(f"decision kind {kind!r} has no label declaration ({self.where})")
        return label

    def label(self, kind: str, option: Any, context: Any = None) -> str:
        """The label of one option of a `kind` decision."""
        return self._label(kind)(option, context)

    def labels(self, kind: str, options: tuple, context: Any = None) -> tuple[str, ...]:
        """The labels of all options, in order."""
        label = self._label(kind)
        return tuple(label(option, context) for option in options)

    def parse(self, kind: str, text: str, options: tuple, context: Any = None) -> Any:
        """The option `text` names; LabelError naming the legal labels otherwise."""
        parser = self._parsers.get(kind)
        if parser is not None:
            return parser(text, options, context)
        named = dict(zip(self.labels(kind, options, context), options, strict=True))
        if text not in named:
            raise LabelError(f"{kind}: {text!r} is not a legal answer; legal: {', '.join(named)}")
        return named[text]
