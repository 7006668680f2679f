"""How every option of every Altera decision reads: the options are their own labels
(readable strings such as '2@artisan3=magic ignoring guild', 'tier2:merchant2',
'benefactor:alchemist')."""

from __future__ import annotations

from typing import Any

from analytics.engine.labels import DecisionKinds

KINDS = ("faction", "objective", "deploy", "free", "rotate", "recruit", "upgrade", "trash",
         "discard", "reroll", "reputation", "wild", "reward_order", "pay", "choose", "craft",
         "gain_die", "ghost")


def _as_is(option: Any, context: Any) -> str:
    return str(option)


LABELLING = DecisionKinds("analytics/games/altera/labels.py", dict.fromkeys(KINDS, _as_is))
