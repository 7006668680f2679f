"""Charm sets: TOML files naming one charm per market stall; presets ship in content/.

Plain Python (analytics/native INTERPRETED): it finds its presets by its own path.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from analytics.errors import UserError
from analytics.games import content
from analytics.games.bazaar.components import CHARMS, STALLS, Charm

PRESET_DIR = Path(__file__).parent / "content"


@dataclass(frozen=True, slots=True)
class CharmSet:
    """A checked charm set: its name and the charm on each stall, in stall order."""

    name: str
    charms: tuple[Charm, ...]

    @property
    def charm_ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.charms)

    def by_stall(self) -> dict[str, str]:
        return {c.stall: c.id for c in self.charms}


def preset_names() -> list[str]:
    return content.preset_names(PRESET_DIR)


def load_charm_set(name_or_path: str) -> CharmSet:
    """A preset by name, or a TOML file by path; any mistake is a UserError naming the place."""
    name, where, stalls = content.read_set_file(name_or_path, PRESET_DIR, "charm set", "stalls",
                                                tuple(STALLS))
    return CharmSet(name, checked_stalls(where, stalls))


def checked_stalls(where: str, stalls: Mapping[str, object]) -> tuple[Charm, ...]:
    """The charm of every stall, in stall order; a UserError naming `where` otherwise."""
    charms = []
    for stall in STALLS:
        charm_id = stalls.get(stall)
        if charm_id is None:
            raise UserError(f"{where}: stall {stall} has no charm")
        charm = CHARMS.get(charm_id) if isinstance(charm_id, str) else None
        if charm is None:
            raise UserError(f"{where}: stall {stall}: unknown charm {charm_id!r}")
        if charm.stall != stall:
            raise UserError(f"{where}: stall {stall}: charm {charm_id!r} belongs on "
                            f"{charm.stall}")
        charms.append(charm)
    return tuple(charms)


def set_text(name: str, charms: Mapping[str, str]) -> str:
    """The text of a charm-set file naming `charms` (stall -> charm id)."""
    return content.set_text(name, "stalls", charms)
