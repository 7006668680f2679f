"""Altera's catalogues as frozen rows: dice, Guild cards, Factions, Artifacts, Objectives,
tracks. They are read from an assumption set (assumptions.py), never written in code."""

from __future__ import annotations

from dataclasses import dataclass

from analytics.games.altera.rewards import Reward


@dataclass(frozen=True, slots=True)
class Face:
    """One face of a die: its id ('coin+favor', 'blank') and its icons in order."""

    id: str
    icons: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Die:
    """A die type: its Guild ('basic' for tier 0) and tier, and its six faces."""

    guild: str
    tier: int
    faces: tuple[Face, ...]
    source: str

    @property
    def id(self) -> str:
        return die_id(self.guild, self.tier)


def die_id(guild: str, tier: int) -> str:
    return f"{guild}{tier}"


@dataclass(frozen=True, slots=True)
class Space:
    """A Guild action space: its number on the card (1 top, 3 bottom), its requirements
    (a Guild, or '' for any die; an icon, or ''), and its reward."""

    number: int
    guild: str
    icon: str
    reward: Reward


@dataclass(frozen=True, slots=True)
class GuildCard:
    id: str
    guild: str
    stage: int
    clash: Reward
    spaces: tuple[Space, Space, Space]
    source: str


@dataclass(frozen=True, slots=True)
class Ability:
    """A Faction or Artifact ability: `kind` is round, discount, after_clash, on_resolve,
    on_reputation or none; `target` its Guild, track or 'tierN'; `reward` what it gives;
    `amount` a discount's size."""

    kind: str
    target: str = ""
    reward: Reward = ()
    amount: int = 0
    text: str = "none"


@dataclass(frozen=True, slots=True)
class Faction:
    id: str
    name: str
    priority: int
    tier0: int
    tier1: tuple[str, ...]
    resources: Reward
    ability: Ability
    source: str


@dataclass(frozen=True, slots=True)
class Artifact:
    id: str
    name: str
    craft_cost: int
    craft_reward: Reward
    upgrade_cost: int
    upgrade_reward: Reward
    ability: Ability
    upgraded: Ability
    source: str


@dataclass(frozen=True, slots=True)
class Need:
    """One item an Objective asks: `count` of a resource ('coin', 'shard', 'favor',
    'artifact') or of dice ('die', with an optional Guild ('guild': any Guild) and tier)."""

    what: str
    count: int
    guild: str = ""
    tier: int = -1


@dataclass(frozen=True, slots=True)
class Objective:
    id: str
    needs: tuple[Need, ...]
    text: str
    source: str


@dataclass(frozen=True, slots=True)
class Tracks:
    """The Reputation tracks: length per track, rewards printed on spaces, the High Council's
    clash sections (first, last, reward) and Benefactor prices per Guild ((position, coins),
    ascending positions)."""

    length: dict[str, int]
    rewards: dict[tuple[str, int], Reward]
    sections: tuple[tuple[int, int, Reward], ...]
    benefactor: dict[str, tuple[tuple[int, int], ...]]

    def benefactor_price(self, guild: str, position: int) -> int | None:
        """Coins the Guild's Benefactor costs at `position`, None when it cannot be bought."""
        price = None
        for at, coins in self.benefactor[guild]:
            if position >= at:
                price = coins
        return price

    def council_clash(self, position: int) -> Reward:
        for first, last, reward in self.sections:
            if first <= position <= last:
                return reward
        return ()


@dataclass(frozen=True, slots=True)
class AssumptionSet:
    """One checked assumption set: its name and content hash, and every catalogue."""

    name: str
    hash: str
    description: str
    counts: dict[str, int]
    dice: dict[str, Die]
    cards: dict[str, GuildCard]
    factions: dict[str, Faction]
    artifacts: dict[str, Artifact]
    objectives: dict[str, Objective]
    tracks: Tracks
    assumed: int  # rows marked assumed
    seeded: int  # rows marked seed

    @property
    def label(self) -> str:
        """What every output prints: 'under assumption set NAME [hash]'."""
        return f"under assumption set {self.name} [{self.hash}]"
