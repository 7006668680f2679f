"""Named rule options: where sources disagree, the default follows REFERENCE.md's rulings."""

from __future__ import annotations

from dataclasses import dataclass, fields

from analytics.games.content import check_rule_options
from analytics.games.diceforge.rules.components import CARDS

PLANTED_GLORY = 20  # the Glory each copy of the `planted` card adds at the end of the game

# name -> (default, allowed values, what it decides)
RULE_OPTIONS: dict[str, tuple[str, tuple[str, ...], str]] = {
    "extra_action_cost": ("sun2", ("sun2", "gold2"),
                          "R1: the extra action costs 2 Sun Shards (sun2) or 2 Gold (gold2)"),
    "offering_distinct": ("face", ("face", "pool"),
                          "R5: faces bought in one offering are all different (face) or "
                          "come from different pools (pool)"),
    "ties": ("shared", ("shared", "tiebreak"),
             "R6: tied players share the win (shared) or BGA's tie-breaker decides (tiebreak)"),
    "boar_bearer": ("sun_or_moon", ("sun_or_moon", "nothing"),
                    "R7: the bearer of a Boar face gains 1 Sun or 1 Moon, or nothing"),
    "card_glory": ("end", ("end", "purchase"),
                   "R9: printed card Glory is scored at the end of the game or on purchase"),
    "ship_order": ("choose", ("choose", "last"),
                   "a Ship face rolled with another face: the player picks the order (choose) "
                   "or the Ship always resolves last"),
    "eternal_fire": ("after", ("after", "now"),
                     "The Eternal Fire's new turn comes after the current turn, extra action "
                     "included (after), or the current turn ends at once (now)"),
    "goddess_twins": ("reroll", ("reroll", "no"),
                      "The Goddess's dice, set and applied as a divine blessing: The Twins may "
                      "reroll one (reroll), or are not offered, the dice not being rolled (no)"),
    "ancestor_decline": ("blessing", ("blessing", "nothing"),
                         "The Ancestor's face declined: a minor blessing with any one die, as "
                         "when no face is left (blessing), or nothing"),
    "omniscient_shields": ("all", ("all", "reward"),
                           "The Omniscient counts every Shield face, whose 5-Glory match bonus "
                           "shows the symbol (all), or only faces with a Glory reward (reward)"),
    # Not a reading of the rules: an experiment's setting (`dicelab value --ablate forbid`),
    # kept with the rule options so that every run records it and replays honour it.
    "forbid": ("none", ("none", *sorted(CARDS)),
               "experiments: no player may perform the feat of this card (a card id of the "
               "set; it stays on its island), or none: every feat as printed"),
    # Not a rule either: a planted problem, a card made too strong on purpose, to check that
    # `dicelab search` finds and avoids it (docs/search.md).
    "planted": ("none", ("none", *sorted(CARDS)),
                "experiments: a planted problem, not a rule: each copy of this card scores "
                f"{PLANTED_GLORY} more Glory at the end of the game, or none"),
    "mists_gold": ("reserve", ("reserve", "with_scepter"),
                   "R15: The Mists compare the gold in each Hero Inventory reserve (reserve, the "
                   "seed) or count Scepter gold too (with_scepter, BGA)"),
    "left_hand_bear": ("ousted", ("ousted", "owner_only"),
                       "The Left Hand: the Great Bear of each other player it ousts gives them "
                       "3 Glory, they are ousted (ousted), or only the buyer's Bear counts "
                       "(owner_only)"),
    # The Goddess module and the two Rebellion readings fixed with it (issue 30)
    "goddess_dice": ("golem", ("golem", "seed"),
                     "R3: with the Goddess module the dark die's Moon Shard face is a Moon Golem "
                     "face (golem), or the 1 Moon Shard face the seed's setup names (seed)"),
    "golem_x3": ("three", ("three", "one"),
                 "R14: a Golem face with an x3 moves the Golem 3 spaces (three, BGA), or 1 (one)"),
    "glory_drain": ("what_they_have", ("what_they_have", "two_or_none"),
                    "R16: the Goddess board's 'every other player loses 2 Glory' takes what a "
                    "player has, down to 0 (what_they_have, the seed), or spares players under 2 "
                    "(two_or_none, BGA)"),
    "nymph_buy": ("must", ("must", "may"),
                  "The Wood Nymph buys a face when one is affordable (must: the seed has no "
                  "'may'), or may decline (may: REFERENCE's summary)"),
    "companion_cashed_glory": ("none", ("none", "kept"),
                               "A cashed-in Companion is set aside: its printed Glory is not "
                               "scored (none: the seed's 'no effect for the remainder of the "
                               "game'), or still scored at the end (kept)"),
    # The Titans module: REFERENCE's readings of two icons the seed names otherwise (issue 31;
    # the seed stands by default, ruling R12)
    "memory_token_sides": ("gold_sun", ("gold_sun", "loyalty_sun"),
                           "R4: a Memory token's second face gives 2 Gold + 1 Sun Shard "
                           "(gold_sun, the seed) or 2 Loyalty + 1 Sun Shard (loyalty_sun, BGA); "
                           "its first face is 2 Ancient Shards + 1 Moon Shard in both"),
    "chaos_rewards": ("moon_gold", ("moon_gold", "ancient_loyalty"),
                      "R13: the Chaos faces give 2 Moon Shards (blue, red) or 2 Gold (yellow, "
                      "green), +3 Glory on a colour match (moon_gold, the seed), or 2 Ancient "
                      "Shards and 2 Loyalty instead (ancient_loyalty, BGA)"),
}


@dataclass(frozen=True, slots=True)
class RuleOptions:
    """The rule options of one run (all strings, recorded in the run manifest)."""

    extra_action_cost: str = "sun2"
    offering_distinct: str = "face"
    ties: str = "shared"
    boar_bearer: str = "sun_or_moon"
    card_glory: str = "end"
    ship_order: str = "choose"
    eternal_fire: str = "after"
    goddess_twins: str = "reroll"
    ancestor_decline: str = "blessing"
    omniscient_shields: str = "all"
    forbid: str = "none"
    planted: str = "none"
    mists_gold: str = "reserve"
    left_hand_bear: str = "ousted"
    goddess_dice: str = "golem"
    golem_x3: str = "three"
    glory_drain: str = "what_they_have"
    nymph_buy: str = "must"
    companion_cashed_glory: str = "none"
    memory_token_sides: str = "gold_sun"
    chaos_rewards: str = "moon_gold"

    def as_dict(self) -> dict[str, str]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


def parse_rule_options(pairs: dict[str, str]) -> RuleOptions:
    """RuleOptions from NAME=VALUE pairs; an unknown name or value is a UserError."""
    check_rule_options(pairs, RULE_OPTIONS)
    return RuleOptions(**pairs)
