"""What an assumption set holds once read and checked: plain frozen rows, shared by every
game that plays the set (clones share them too)."""

from __future__ import annotations

from dataclasses import dataclass

Gains = tuple[tuple[str, int], ...]  # ((effect, amount), ...): a reward


@dataclass(frozen=True, slots=True)
class Face:
    pip: int
    strength: int
    discount: int
    opposite: int  # the pip on the opposite side (a Gem's flip)


@dataclass(frozen=True, slots=True)
class Plan:
    id: str
    troops: tuple[str, ...]  # the required Troop Type icons, one die each
    extra: int  # extra Troop spaces (any Troop die; never a Wraith)
    vp: int  # the plan's own VP, on top of the chart
    cost: int  # Gold to take it from the line
    source: str


@dataclass(frozen=True, slots=True)
class Champion:
    id: str
    name: str
    kind: str  # instant | ongoing | endgame
    cost: int
    trigger: str  # ongoing: what fires it; endgame: what it counts; instant: ''
    gains: Gains  # instant and ongoing: the reward; endgame: (('vp', N),) per count
    per: int  # endgame: one reward per this many of what it counts
    text: str
    source: str


@dataclass(frozen=True, slots=True)
class Award:
    id: str
    deck: int  # 1..3: one of each deck is dealt
    needs: str  # what it counts
    count: int  # at least this many
    source: str


@dataclass(frozen=True, slots=True)
class Area:
    map: str
    id: str
    gains: Gains
    source: str


@dataclass(frozen=True, slots=True)
class Chain:
    map: str
    id: str
    between: tuple[str, str]  # the two Skirmish Areas on its sides
    gains: Gains
    source: str


@dataclass(frozen=True, slots=True)
class GreatBattle:
    id: str
    name: str
    troops: tuple[str, ...]  # the Troop Types allowed
    spaces: tuple[Gains, ...]  # five Troop spaces, each with its reward
    source: str


@dataclass(frozen=True, slots=True)
class Power:
    id: str
    name: str
    effect: str  # one of words.SPELL_EFFECTS
    amount: int
    gains: Gains
    source: str

    @property
    def in_battle(self) -> bool:
        from analytics.games.valeria.words import BATTLE_SPELLS
        return self.effect in BATTLE_SPELLS


@dataclass(frozen=True, slots=True)
class SpellCard:
    id: str
    powers: tuple[str, str]  # top, bottom
    source: str


@dataclass(frozen=True, slots=True)
class Board:
    """The base game's numbers: dice and Shrines by player count, faces, tracks, charts,
    the player board's unlocks, and the module numbers the seed prints."""

    per_colour: dict[int, int]  # players -> dice of each Troop Type in the bag
    per_shrine: dict[int, int]  # players -> dice on each Shrine at a fill
    gems: dict[int, int]  # players -> Gems in the supply
    faces: dict[int, Face]  # troop die: pip -> face
    wraith_faces: tuple[Face, ...]  # six sides
    start: dict[str, int]  # track -> starting value
    cap: dict[str, int]  # track -> capacity while every Conquest Marker is on the board
    chart: tuple[tuple[int, int], ...]  # (lowest Strength, VP) rows, ascending
    unlocks: tuple[Gains, ...]  # what moving Conquest Marker 1, 2, ... off the board opens
    numbers: dict[str, int]  # named counts (troop spaces, line, display, ladder, ...)
    award_vp: tuple[int, ...]  # VP by claim order (1st claimant, 2nd, ...)
    titan_prices: dict[str, tuple[int, int, int]]  # side -> Gold for 1, 2, 3 dice
    battle_chart: dict[str, tuple[tuple[int, int], ...]]  # side -> (lowest Strength, VP/marker)
    adversary: dict[str, int]


@dataclass(frozen=True, slots=True)
class AssumptionSet:
    name: str
    hash: str
    description: str
    counts: dict[str, int]
    board: Board
    plans: dict[str, Plan]
    champions: dict[str, Champion]
    awards: dict[str, Award]
    areas: dict[str, Area]  # 'map:area' -> Area
    chains: dict[str, Chain]  # 'map:chain' -> Chain
    maps: tuple[str, ...]
    battles: dict[str, GreatBattle]
    powers: dict[str, Power]
    spells: dict[str, SpellCard]
    assumed: int  # rows marked assumed
    seeded: int  # rows marked seed
    public: int  # rows marked public

    @property
    def label(self) -> str:
        return f"{self.name} [{self.hash}]"
