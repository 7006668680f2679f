"""A decision: who chooses, what kind of choice, and its legal options."""

from __future__ import annotations

from typing import Any, NamedTuple


class Decision(NamedTuple):
    """A point where `seat` must pick one of `options` (hashable values the game understands).

    `kind` names the choice (`action`, `forge_face`, `hammer_gold`...); `context` carries
    read-only facts a bot may use (the face being resolved, the die...).
    """

    seat: int
    kind: str
    options: tuple
    context: Any = None


class DecisionError(Exception):
    """An answer that is not one of the decision's legal options."""
