"""Which games a reader keeps: a module of its own, free of the data libraries, so a command
answered from the results cache (analytics/cache.py) builds its key without importing them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Filters:
    """Which games to keep; an empty tuple keeps all. `bot` keeps games where some seat is it."""

    players: tuple[int, ...] = ()
    module: tuple[str, ...] = ()
    card_set: tuple[str, ...] = ()
    bot: tuple[str, ...] = ()
    source: tuple[str, ...] = ()  # simulated, recorded (runs.source)
    # Not a filter: the game the logs must be of (--game); None: whichever game they are of.
    game: str | None = None

    @property
    def active(self) -> bool:
        return bool(self.players or self.module or self.card_set or self.bot or self.source)

    def describe(self) -> str:
        """The active filters as `players=4, bot=economist`, or 'all games'."""
        parts = [f"{k}={','.join(map(str, v))}" for k, v in
                 (("players", self.players), ("module", self.module),
                  ("card_set", self.card_set), ("bot", self.bot), ("source", self.source))
                 if v]
        return ", ".join(parts) or "all games"
