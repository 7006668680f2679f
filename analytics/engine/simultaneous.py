"""Simultaneous hidden choices: every seat commits before any choice is revealed.

The seats are asked one after the other (a fixed order, so records replay), but nothing is
applied until all have answered: each seat decides on the state as it was before anyone's
choice, so none can see what the others chose in that step. The caller reveals and applies
the answers together.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def ask_together(decider: Any, asks: Sequence[tuple[int, str, tuple, Any]]) -> list[Any]:
    """The answer of each (seat, kind, options, context), asked in the given order before any
    is applied; the caller applies them only after this returns."""
    return [decider.decide(seat, kind, options, context)
            for seat, kind, options, context in asks]
