"""A decider that answers from a script of option labels: for records, replays and tests."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Any, Protocol

from analytics.engine.decisions import DecisionError


class OptionLabels(Protocol):
    """A game's labels: readable names of options that parse back (engine/labels.py's
    DecisionKinds, one per game)."""

    def labels(self, kind: str, options: tuple, context: Any = None) -> tuple[str, ...]:
        """The label of each option, in order (unique among them)."""

    def parse(self, kind: str, text: str, options: tuple, context: Any = None) -> Any:
        """The option labelled `text`."""


class ScriptedDecider:
    """Answers each decision with a choice from its script, in order.

    An entry is a label, or a `(seat, kind, label)` triple that must also match the decision.
    A decision with one legal option is answered without using the script (as the engine's
    Decider does). A wrong, illegal or missing entry raises DecisionError naming the decision,
    its legal labels and the entry.
    """

    def __init__(self, labels: OptionLabels, script: Iterable[Any] = ()) -> None:
        self.labelling = labels
        self.script: deque = deque(script)
        self.count = 0

    def bind(self, state: Any, game: Any) -> None:
        """Nothing to keep: a script does not look at the state."""

    def add(self, *entries: Any) -> None:
        self.script.extend(entries)

    def decide(self, seat: int, kind: str, options: tuple, context: Any = None) -> Any:
        if len(options) == 1:
            return options[0]
        legal = self.labelling.labels(kind, options, context)
        where = f"seat {seat} {kind} (legal: {', '.join(legal)})"
        if not self.script:
            raise DecisionError(f"{where}: the script has no answer left")
        entry = self.script.popleft()
        text = entry
        if isinstance(entry, tuple):
            want_seat, want_kind, text = entry
            if (want_seat, want_kind) != (seat, kind):
                raise DecisionError(f"{where}: the script's next answer {text!r} is for "
                                    f"seat {want_seat} {want_kind}")
        if text not in legal:
            raise DecisionError(f"{where}: the script's answer {text!r} is not legal")
        self.count += 1
        return self.labelling.parse(kind, text, options, context)
