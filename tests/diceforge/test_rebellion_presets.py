"""The presets pairing each Rebellion module with its recommended alternates (REFERENCE.md §6.1,
"BGA recommended with"), standard cards on the other slots.
"""

from __future__ import annotations

import pytest

from analytics.games.diceforge.rules.components import CARDS, MODULE_CARDS
from analytics.games.diceforge.rules.content import load_card_set

NEEDED = ("companion", "celestial_die", "wind", "ancestor", "goddess", "tree", "merchant",
          "wood_nymph", "light", "goldsmith", "omniscient", "abyssal_trident")

# REFERENCE.md §6.1, row by row: the module each alternate is recommended with.
RECOMMENDED = {
    "goddess": {"M1": "twins", "M2": "companion", "M4": "celestial_die", "M5": "mists",
                "M7": "eternal_night", "M8": "goddess", "F1": "tree", "F2": "wood_nymph",
                "F5": "goldsmith", "F6": "abyssal_trident", "F7": "eternal_fire"},
    "titans": {"M1": "blacksmiths_scepter", "M4": "wind", "M5": "ancestor", "M7": "right_hand",
               "M8": "first_titan", "F1": "merchant", "F4": "light", "F5": "omniscient",
               "F7": "left_hand"},
}
STANDARD = load_card_set("base").cards


def test_every_card_the_presets_name_is_a_rebellion_card():
    assert [CARDS[card].origin for card in NEEDED] == ["rebellion"] * len(NEEDED)


@pytest.mark.parametrize("module", sorted(RECOMMENDED))
def test_the_preset_holds_the_modules_alternates_and_standard_cards_elsewhere(module):
    cards = load_card_set(f"rebellion-{module}-cards").cards
    expected = {slot: RECOMMENDED[module].get(slot, STANDARD[slot].id) for slot in STANDARD}
    assert {slot: card.id for slot, card in cards.items()} == expected
    assert {card.origin for slot, card in cards.items() if slot in RECOMMENDED[module]} == {
        "rebellion"}


@pytest.mark.parametrize("module", sorted(RECOMMENDED))
def test_the_discovery_preset_is_the_module_cards_on_the_alternates_preset(module):
    """`<module>-discovery`: the module's cards on their slots (REFERENCE §6.2/§6.3), the
    module's alternates and standard cards on the rest, and the module named."""
    preset = load_card_set(f"{module}-discovery")
    alternates = load_card_set(f"rebellion-{module}-cards").cards
    expected = {slot: MODULE_CARDS[module].get(slot, card.id) for slot, card in alternates.items()}
    assert {slot: card.id for slot, card in preset.cards.items()} == expected
    assert preset.module == module
