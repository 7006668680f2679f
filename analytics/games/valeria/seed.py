"""What the Rise of Titans rulebook prints (and the few counts public sources give): a row an
assumption set marks `source = "seed"` (or "public") must say exactly this, checked when the
set is loaded."""

from __future__ import annotations

# Shrine of the Titans tile: side -> Gold for 1, 2, 3 dice.
TITAN_PRICES = {"standard": (1, 3, 6), "difficult": (2, 4, 8)}

# The Victory Point Resolution tile's standard side: (lowest total Strength, VP per marker).
BATTLE_CHART_STANDARD = ((0, 1), (11, 2), (16, 3), (21, 4))

# Wraith dice: 1, 1, 2, 2, 3, 3, opposite sides adding up to 4.
WRAITH_PIPS = (1, 1, 2, 2, 3, 3)
WRAITH_SUM = 4

# The eight Ancient Spells powers the rulebook explains: id -> (effect, amount, gains).
POWERS = {
    "alazar": ("dice_plus", 1, ()),
    "bosco": ("reroll", 1, (("gold", 2), ("magic", 1))),
    "cabella": ("return_instant", 1, (("gold", 3),)),
    "dendiddion": ("return_gem", 1, (("gold", 3), ("magic", 3))),
    "estavan": ("battle_wild_plus", 1, ()),
    "falci": ("battle_vp_per_icon", 1, ()),
    "gemmatrude": ("per_chain", 1, (("gold", 2),)),
    "hespera": ("per_chain", 1, (("magic", 1),)),
}

# Component counts: the seed's modules, and the base box as public listings give it.
COUNTS = {"great_battles": 15, "spell_cards": 28, "titan_dice": 5, "great_battle_dice": 5,
          "participation_markers": 5, "wraith_dice": 5}
PUBLIC_COUNTS = {"battle_plans": 48, "champions": 61, "awards": 15, "conquest_markers": 10,
                 "dice_per_colour_box": 9, "campaign_maps": 10}
PUBLIC_NUMBERS = {"adversary_meet_vp": 2, "solo_per_shrine": 2}
