"""Altera's words: the Guilds, the icons a die face shows, the effects a reward names.

Everything the catalogues (assumption sets) may write is listed here, so the validator can
name an unknown word with its file and row.
"""

from __future__ import annotations

GUILDS = ("artisan", "merchant", "alchemist")  # clash order, then the High Council
COUNCIL = "council"
TRACKS = (*GUILDS, COUNCIL)  # the four Reputation tracks
BASIC = "basic"  # tier 0 dice: white, no Guild
COLOURS = {"artisan": "red", "merchant": "orange", "alchemist": "blue", BASIC: "white"}

# Icons a die face shows (a face is icons joined by '+', or 'blank').
RESOURCE_ICONS = ("coin", "shard", "favor", "influence")
COUNCIL_ICONS = ("artisanry", "magic")  # each gives 1 High Council Reputation when resolved
ICONS = (*RESOURCE_ICONS, *COUNCIL_ICONS, "wild")
BLANK = "blank"

# What a wild icon may become when resolved: any of the rewards above.
WILD_CHOICES = (*RESOURCE_ICONS, "rep_council")

# Effects a reward may name (action spaces, tracks, clashes, artifacts, factions).
GAINS = ("coin", "shard", "favor", "influence", "prestige")
REPUTATION = tuple(f"rep_{t}" for t in TRACKS) + ("rep_wild",)
UPGRADES = ("upgrade_any", "upgrade_low", *(f"upgrade_{g}" for g in GUILDS))
ACTIONS = ("draw", "discard", "craft", "craft_any_currency", "objective", "trash",
           "recruit_tier1", "recruit_tier2", "reroll")
EFFECTS = (*GAINS, *REPUTATION, *UPGRADES, *ACTIONS)
# What a paid reward's left side (its cost) may name.
COSTS = ("coin", "shard", "favor", "influence", "discard", "trash")

# Objective conditions: resources, artifacts, dice by Guild and/or tier.
OBJECTIVE_RESOURCES = ("coin", "shard", "favor", "artifact")
