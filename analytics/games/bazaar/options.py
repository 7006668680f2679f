"""Bazaar's named rule options: each records in the run and changes how a game plays."""

from __future__ import annotations

from dataclasses import dataclass

from analytics.games.bazaar.components import CHARMS

# name -> (default, allowed values, what it decides)
RULE_OPTIONS: dict[str, tuple[str, tuple[str, ...], str]] = {
    "rounds": ("6", ("4", "6", "8"), "how many rounds the market stays open"),
    "purse": ("graded", ("graded", "even"),
              "opening coins: 2 plus the seat's place (graded, later seats make up for going "
              "later) or 2 for every seat (even)"),
    "draw": ("3", ("2", "3"), "dice each seat draws from the bag on its turn"),
    # An experiment's setting (`dicelab value --ablate forbid`), recorded like the rules.
    "forbid": ("none", ("none", *sorted(CHARMS)),
               "experiments: no seat may buy this charm (it stays on its stall), or none"),
}


@dataclass(frozen=True, slots=True)
class RuleOptions:
    """The rule options of one run (strings, as recorded in the run manifest)."""

    rounds: str = "6"
    purse: str = "graded"
    draw: str = "3"
    forbid: str = "none"

    def opening_coins(self, seat: int) -> int:
        return 2 + seat if self.purse == "graded" else 2
