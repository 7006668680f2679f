"""How every option of every Valeria decision reads: the options are their own labels
('camp', 'reserve:plan07', 'orc:5=gem', 'gb03:2', 'spell04:falci')."""

from __future__ import annotations

from typing import Any

from analytics.engine.labels import DecisionKinds

KINDS = ("move", "take_die", "return_die", "bonus_shrine", "bonus_plan", "adjust", "magic",
         "champion", "reserve", "titans_buy", "plan", "assign", "extra", "boost", "conquer",
         "titan_die", "titan_remove", "great_battle", "great_battle_die", "spell",
         "reroll_die", "return_champion")


def _as_is(option: Any, context: Any) -> str:
    return str(option)


LABELLING = DecisionKinds("analytics/games/valeria/labels.py", dict.fromkeys(KINDS, _as_is))
