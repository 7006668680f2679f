"""Valeria's words: Troop Types, Shrines, locations, resources, the modules, and the words a
reward, a Champion's effect, an Award's condition or a spell's power may use (so the
validator names an unknown word with its file and row)."""

from __future__ import annotations

TROOPS = ("goblin", "orc", "skeleton", "gargoyle", "gnoll")  # the five Troop Types / colours
WRAITH = "wraith"  # the Wraith module's dice: always Wild
SHRINES = ("gem", "magic", "gold", "champions", "tactics")  # the original five, clockwise
TITANS = "titans"  # the Shrine of the Titans module's 7th location
CAMP = "camp"  # on the player's own board: battle
RESOURCES = ("gold", "magic", "influence", "gem", "vp")
CAPPED = ("gold", "magic", "influence", "gem")  # tracks with a capacity on the player board

# What a reward may give besides resources: a die taken from a Shrine, a Battle Plan reserved.
ACTIONS = ("die", "plan")
GAINS = (*RESOURCES, *ACTIONS)

# Ongoing Champion triggers, Endgame Champion counts, Award conditions.
TRIGGERS = (*(f"shrine:{s}" for s in (*SHRINES, TITANS)), "battle", "conquer",
            *(f"gain:{r}" for r in ("gold", "magic", "gem", "influence")))
COUNTS = ("battle", "champion", "gem", "chain", "area", "gold", "magic", "influence", "die",
          "award", *TROOPS)
CHAMPION_KINDS = ("instant", "ongoing", "endgame")

# Ancient Spells: what a power does (its `effect` kind) and when it may be played.
SPELL_EFFECTS = ("gain", "dice_plus", "reroll", "return_instant", "return_gem",
                 "battle_wild_plus", "battle_vp_per_icon", "per_chain", "battle_vp",
                 "battle_strength")
BATTLE_SPELLS = ("battle_wild_plus", "battle_vp_per_icon", "battle_vp", "battle_strength")

MODULES = ("shrine", "great_battles", "spells", "wraith")  # the seed's order
