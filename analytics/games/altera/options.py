"""Altera's named rule options: where the rulebook is silent or a variant is chosen."""

from __future__ import annotations

from dataclasses import dataclass

from analytics.games.altera.assumptions import load_set

# name -> (default, allowed values, what it decides)
RULE_OPTIONS: dict[str, tuple[str, tuple[str, ...], str]] = {
    "difficulty": ("easy", ("easy", "normal", "hard", "extra_hard"),
                   "solo: the Rivals' difficulty (rulebook's four levels)"),
    "trashed_dice": ("supply", ("supply", "box"),
                     "where a trashed die goes (the rulebook does not say): back to the "
                     "supply, or out of the game"),
    # Experiments' settings: a variant's rule off, to measure its effect on paired seeds
    # (`dicelab compare --game altera --rule-b ghost=off`); the rulebook plays them on.
    "ghost": ("on", ("on", "off"),
              "experiments: 2 players with (on, the rulebook) or without the ghost Faction"),
    "overflow": ("on", ("on", "off"),
                 "experiments: 5-6 players with (on, the rulebook) or without the overflow "
                 "spaces"),
    # An experiment's setting (`dicelab value --game altera --ablate forbid`).
    "forbid": ("none", ("none", *sorted(load_set().artifacts)),
               "experiments: no player may craft this Artifact (it stays in the display)"),
}


@dataclass(frozen=True, slots=True)
class RuleOptions:
    difficulty: str = "easy"
    trashed_dice: str = "supply"
    forbid: str = "none"
    ghost: str = "on"
    overflow: str = "on"
