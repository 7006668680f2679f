"""A personal bag of dice (or tokens) with a discard: draw one at a time through chance; when
the bag is empty, the discard is poured back in and drawing goes on (a deck-builder's bag)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from analytics.engine.chance import Chance


def draw_from_bag(chance: Chance, key: str, bag: list[Any], discard: list[Any],
                  on_refill: Callable[[int], None] | None = None) -> Any | None:
    """Take one item out of `bag` (chance picks which, on stream `key`); an empty bag is
    refilled with the whole discard first (`on_refill(count)` is told). None when both are
    empty."""
    if not bag:
        if not discard:
            return None
        bag.extend(discard)
        discard.clear()
        if on_refill is not None:
            on_refill(len(bag))
    index = chance.draw(key, len(bag), 1)[0]
    return bag.pop(index)
