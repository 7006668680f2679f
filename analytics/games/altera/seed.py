"""What the rulebook prints of Altera's catalogues: a row an assumption set marks
`source = "seed"` must say exactly this (checked when the set is loaded)."""

from __future__ import annotations

ALL_GUILDS = ("artisan", "merchant", "alchemist")

# id -> (name, priority, tier 0 dice, tier 1 dice, starting resources, ability)
FACTIONS = {
    "ashen_druid": ("Ashen Druid", 45, 5, ALL_GUILDS, "", "on_resolve alchemist: 2 shard"),
    "harbor_baron": ("Harbor Baron", 25, 5, ALL_GUILDS, "", "on_reputation merchant: 2 coin"),
    "autumn_prefect": ("Autumn Prefect", 60, 5, ALL_GUILDS, "favor",
                       "round: favor -> trash | craft_any_currency"),
    "oceanic_regent": ("Oceanic Regent", 20, 4, ALL_GUILDS, "favor",
                       "round: 2 favor -> upgrade_any"),
}

# id -> (name, craft cost, craft reward, upgrade cost, upgrade reward, ability, upgraded)
ARTIFACTS = {
    "arc_golem": ("Arc Golem", 3, "", 2, "rep_council", "round: shard -> rep_council",
                  "after_clash council: prestige"),
    "rune_chime": ("Rune Chime", 3, "recruit_tier1", 4, "recruit_tier2", "discount 1",
                   "discount 2"),
    "divining_rod": ("Divining Rod", 6, "", 6, "prestige", "round: draw", "round: draw"),
}

# The component list's counts.
COUNTS = {"guild_cards": 60, "artifacts": 20, "factions": 12, "objectives": 40,
          "benefactor_tokens": 12, "dice_tier0": 20}
