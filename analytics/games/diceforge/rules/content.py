"""Card sets: TOML files naming one card id per island slot; presets ship with the package."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from analytics.engine.containers import GuardedDict
from analytics.errors import UserError
from analytics.games.diceforge.rules.components import CARDS, SLOT_COST, SLOTS, Card

PRESET_DIR = Path(__file__).parents[1] / "content"


@dataclass(frozen=True, slots=True)
class CardSet:
    """A validated card set: its name and the card on each of the 15 slots."""

    name: str
    cards: dict[str, Card]

    def __post_init__(self) -> None:
        # Games share their setup: a policy reading it must not change it (engine/guard.py).
        object.__setattr__(self, "cards", GuardedDict(self.cards))

    @property
    def card_ids(self) -> tuple[str, ...]:
        return tuple(self.cards[slot].id for slot in SLOTS)


def preset_names() -> list[str]:
    return sorted(p.stem for p in PRESET_DIR.glob("*.toml"))


def load_card_set(name_or_path: str) -> CardSet:
    """A preset by name, or a TOML file by path; any mistake is a UserError naming the place."""
    path = PRESET_DIR / f"{name_or_path}.toml"
    if not path.exists():
        path = Path(name_or_path)
        if not path.is_file():
            raise UserError(f"card set {name_or_path!r} is neither a preset "
                            f"({', '.join(preset_names())}) nor a file")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
        raise UserError(f"{path}: not valid TOML: {err}") from None
    return CardSet(str(data.get("name", path.stem)), _slots(path, data))


def _slots(path: Path, data: dict) -> dict[str, Card]:
    slots = data.get("slots")
    if not isinstance(slots, dict):
        raise UserError(f"{path}: missing [slots] table (one card id per slot {', '.join(SLOTS)})")
    unknown_slots = sorted(set(slots) - set(SLOTS))
    if unknown_slots:
        raise UserError(f"{path}: unknown slot {unknown_slots[0]!r}; slots are {', '.join(SLOTS)}")
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
