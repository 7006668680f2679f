"""Card sets: TOML files naming one card id per island slot; presets ship with the package."""

from __future__ import annotations

import csv
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from analytics.errors import UserError
from analytics.games import content
from analytics.games.diceforge.rules.components import (
    CARDS,
    MODULE_OF_CARD,
    SLOT_COST,
    SLOTS,
    Card,
)

PRESET_DIR = Path(__file__).parents[1] / "content"


@dataclass(frozen=True, slots=True)
class CardSet:
    """A validated card set: its name and the card on each of the 15 slots."""

    name: str
    # Read-only once built (a MappingProxyType): typed as a Mapping, since the compiled
    # modules reading it check the declared type (a dict) and refused the proxy.
    cards: Mapping[str, Card]

    def __post_init__(self) -> None:
        # Games share their setup: read-only, so no game (nor bot) can change another's.
        object.__setattr__(self, "cards", MappingProxyType(dict(self.cards)))

    @property
    def card_ids(self) -> tuple[str, ...]:
        return tuple(self.cards[slot].id for slot in SLOTS)

    @property
    def module(self) -> str:
        """The module whose cards the set holds ('none': no module card)."""
        return next((MODULE_OF_CARD[c.id] for c in self.cards.values() if c.id in MODULE_OF_CARD),
                    "none")


def preset_names() -> list[str]:
    return content.preset_names(PRESET_DIR)


def load_card_set(name_or_path: str) -> CardSet:
    """A preset by name, or a TOML file by path; any mistake is a UserError naming the place."""
    name, path, slots = content.read_set_file(name_or_path, PRESET_DIR, "card set", "slots",
                                              SLOTS)
    return CardSet(name, _slots(path, slots))


def _slots(path: str, slots: dict) -> dict[str, Card]:
    cards: dict[str, Card] = {}
    for slot in SLOTS:
        if slot not in slots:
            raise UserError(f"{path}: slot {slot} has no card")
        card_id = slots[slot]
        card = CARDS.get(card_id) if isinstance(card_id, str) else None
        if card is None:
            raise UserError(f"{path}: slot {slot}: unknown card id {card_id!r}")
        if SLOT_COST[slot] != (card.moon, card.sun):
            raise UserError(f"{path}: slot {slot}: card {card_id!r} costs {_cost(card)} but the "
                            f"slot takes cards costing {_cost(SLOT_COST[slot])}")
        if card in cards.values():
            raise UserError(f"{path}: slot {slot}: card {card_id!r} already stands on another slot")
        cards[slot] = card
    return cards


def _cost(cost: Card | tuple[int, int]) -> str:
    moon, sun = (cost.moon, cost.sun) if isinstance(cost, Card) else cost
    return " + ".join(f"{n} {r}" for n, r in ((moon, "moon"), (sun, "sun")) if n)


def board_rows(name: str) -> list[dict[str, str]]:
    """The rows of a module's board table, `content/<name>.csv` (one row per space)."""
    with (PRESET_DIR / f"{name}.csv").open(newline="") as f:
        return list(csv.DictReader(f))
