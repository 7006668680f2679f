"""Altera's named rule options: where the rulebook is silent or a variant is chosen."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from analytics.games.content import check_rule_options

# name -> (default, allowed values, what it decides)
RULE_OPTIONS: dict[str, tuple[str, tuple[str, ...], str]] = {
    "difficulty": ("easy", ("easy", "normal", "hard", "extra_hard"),
                   "solo: the Rivals' difficulty (rulebook's four levels)"),
    "trashed_dice": ("supply", ("supply", "box"),
                     "where a trashed die goes (the rulebook does not say): back to the "
                     "supply, or out of the game"),
}


@dataclass(frozen=True, slots=True)
class RuleOptions:
    difficulty: str = "easy"
    trashed_dice: str = "supply"

    def as_dict(self) -> dict[str, str]:
        return asdict(self)


def parse_rule_options(rules: dict[str, str]) -> RuleOptions:
    check_rule_options(rules, RULE_OPTIONS)
    return RuleOptions(**rules)
