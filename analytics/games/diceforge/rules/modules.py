"""Dice Forge's modules (seed `000_…`: "a set of components, including specific sets of Heroic
Feat cards, that must be used together"): what each is, and the cards it puts on its slots.

A set played with a module has the module's card on each of its slots; a module's card played
without its module is refused too. Both are one error naming the slot, before any game.
"""

from __future__ import annotations

from analytics.errors import UserError
from analytics.games.diceforge.rules.components import CARDS, MODULE_CARDS, MODULE_OF_CARD
from analytics.games.diceforge.rules.content import CardSet

MODULES: dict[str, str] = {
    "none": "the base game alone",
    "goddess": "the Labyrinth of the Goddess (Rebellion): Golems on the Goddess board, Golem "
               "faces, Treasure Halls; its cards on M3, M6, F3, F4",
    "titans": "the Revolt of the Titans (Rebellion): Allegiance tokens on the Titans board, "
              "Loyalty and Ancient Shards, Titan, Dogged, Chaos and Misfortune faces; its cards "
              "on M2, M3, M6, F2, F3, F6",
}


def check_module_cards(cards: CardSet, module: str) -> None:
    """A UserError naming the first slot whose card does not fit `module`."""
    wanted = MODULE_CARDS.get(module, {})
    for slot, card in cards.cards.items():
        owner = MODULE_OF_CARD.get(card.id)
        if slot in wanted and card.id != wanted[slot]:
            raise UserError(f"card set {cards.name!r}: slot {slot} holds {card.id!r}, but the "
                            f"{module} module puts {wanted[slot]!r} there (see the "
                            f"{module}-discovery preset)")
        if owner is not None and owner != module:
            raise UserError(f"card set {cards.name!r}: slot {slot} holds {card.id!r}, a card of "
                            f"the {owner} module: play it with --module {owner}")


def module_of(card_id: str) -> str:
    """The module a card belongs to ('none': the base game's and the alternates')."""
    return MODULE_OF_CARD.get(card_id, "none")


assert all(CARDS[c].slot == s for slots in MODULE_CARDS.values() for s, c in slots.items())
