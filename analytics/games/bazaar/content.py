"""Charm sets: TOML files naming one charm per market stall; presets ship in content/.

Plain Python (analytics/native INTERPRETED): it finds its presets by its own path.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from analytics.errors import UserError
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
    return sorted(p.stem for p in PRESET_DIR.glob("*.toml"))


def load_charm_set(name_or_path: str) -> CharmSet:
    """A preset by name, or a TOML file by path; any mistake is a UserError naming the place."""
    path = PRESET_DIR / f"{name_or_path}.toml"
    if not path.exists():
        path = Path(name_or_path)
        if not path.is_file():
            raise UserError(f"charm set {name_or_path!r} is neither a preset "
                            f"({', '.join(preset_names())}) nor a file")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
        raise UserError(f"{path}: not valid TOML: {err}") from None
    stalls = data.get("stalls")
    if not isinstance(stalls, dict):
        raise UserError(f"{path}: missing [stalls] table (one charm per stall "
                        f"{', '.join(STALLS)})")
    return CharmSet(str(data.get("name", path.stem)), checked_stalls(str(path), stalls))


def checked_stalls(where: str, stalls: Mapping[str, object]) -> tuple[Charm, ...]:
    """The charm of every stall, in stall order; a UserError naming `where` otherwise."""
    unknown = sorted(set(stalls) - set(STALLS))
    if unknown:
        raise UserError(f"{where}: unknown stall {unknown[0]!r}; stalls are {', '.join(STALLS)}")
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
    lines = [f"name = {json.dumps(name)}", "[stalls]",
             *(f"{stall} = {json.dumps(charm)}" for stall, charm in charms.items())]
    return "\n".join(lines) + "\n"
