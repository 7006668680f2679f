"""How every option of every Bazaar decision reads (labels that parse back)."""

from __future__ import annotations

from typing import Any

from analytics.engine.labels import DecisionKinds


def _as_is(option: Any, context: Any) -> str:
    """A buy: the charm's id, or 'pass'."""
    return str(option)


def _recast(option: Any, context: Any) -> str:
    """Which die to cast again, by place, tier and side shown: '1:silver:coins2', or 'keep'."""
    if option < 0:
        return "keep"
    die, side = context[option]
    return f"{option}:{die}:{side}"


LABELLING = DecisionKinds("analytics/games/bazaar/labels.py",
                          {"buy": _as_is, "recast": _recast})
