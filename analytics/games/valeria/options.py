"""Valeria's named rule options: the modules' two-sided tiles, and where the rules are silent
(does the game end at once or at the end of the round)."""

from __future__ import annotations

from analytics.games.content import check_rule_options
from analytics.games.valeria.state import RULE_DEFAULTS

RULE_OPTIONS: dict[str, tuple[str, tuple[str, ...], str]] = {
    "titans_side": (RULE_DEFAULTS["titans_side"], ("standard", "difficult"),
                    "Shrine of the Titans tile: 1/3/6 Gold (standard) or 2/4/8 (difficult)"),
    "battle_side": (RULE_DEFAULTS["battle_side"], ("standard", "difficult"),
                    "Great Battles Resolution tile: 21+ (standard, the seed's chart) or 26+ "
                    "(difficult, its lower rows assumed)"),
    "end": (RULE_DEFAULTS["end"], ("round", "immediate"),
            "after a player's last battle: finish the round (assumed) or end at once"),
}


def parse_rule_options(rules: dict[str, str]) -> tuple[tuple[str, str], ...]:
    check_rule_options(rules, RULE_OPTIONS)
    return tuple({**RULE_DEFAULTS, **rules}.items())
