"""An Altera game's state: its setup, the board (Guild decks, action spaces, supply,
Artifact display, Objective deck, Benefactor stacks), each seat's Villa, its position, its log.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from analytics.engine.chance import Chance
from analytics.engine.clone import copied, each_copied, given, holds, shared
from analytics.engine.events import EventLog
from analytics.games.altera.catalogue import AssumptionSet, GuildCard
from analytics.games.altera.options import RuleOptions
from analytics.games.altera.words import GUILDS, TRACKS

ROUNDS = 7
DRAW = 5
EMISSARIES = 4  # per player: 2 available, 2 in reserve at the start
START_AVAILABLE = 2
INFLUENCE_CAP = 20
INFLUENCE_FLIP = 10  # the marker flips to its +10 side past this space
BASIC_SPACES = ("basic1", "basic2", "basic3")
GUILD_SPACES = tuple(f"{g}{n}" for g in GUILDS for n in (1, 2, 3))
SPACES = (*BASIC_SPACES, *GUILD_SPACES)
RESOURCES = ("coin", "shard", "favor", "influence", "prestige")


@dataclass(frozen=True, slots=True)
class Setup:
    players: int
    aset: AssumptionSet
    options: RuleOptions = field(default_factory=RuleOptions)


@dataclass(slots=True)
class Player:
    """One seat's Villa: Faction, resources, Reputation, dice (bag, pool, slotted, discard),
    Emissaries, Benefactors, Artifacts, Objectives, and the round's used abilities."""

    seat: int
    faction: str = ""
    priority: int = 0
    res: dict[str, int] = field(default_factory=lambda: dict.fromkeys(RESOURCES, 0))
    rep: dict[str, int] = field(default_factory=lambda: dict.fromkeys(TRACKS, 0))
    bag: list[str] = field(default_factory=list)
    pool: list[list] = field(default_factory=list)  # [die id, face index]
    slotted: list[list] = field(default_factory=list)  # [die id, face index, space]
    discard: list[str] = field(default_factory=list)
    available: int = START_AVAILABLE  # Emissaries that may still deploy this round
    reserve: int = EMISSARIES - START_AVAILABLE
    passed: bool = False
    benefactors: list[str] = field(default_factory=list)
    artifacts: dict[str, str] = field(default_factory=dict)  # id -> basic|upgraded|trashed
    crafted: list[str] = field(default_factory=list)  # every Artifact ever crafted
    objectives: list[str] = field(default_factory=list)
    used: list[str] = field(default_factory=list)  # abilities exhausted this round

    def copy(self) -> Player:
        return Player(self.seat, self.faction, self.priority, dict(self.res), dict(self.rep),
                      list(self.bag), [list(d) for d in self.pool],
                      [list(d) for d in self.slotted], list(self.discard), self.available,
                      self.reserve, self.passed, list(self.benefactors), dict(self.artifacts),
                      list(self.crafted), list(self.objectives), list(self.used))


@dataclass(slots=True)
class Altera:
    """A game between two steps: `round` (1..7) and `phase` say what runs next; inside the
Deploy phase, `deployment` and `slotting` say where it resumes (a search starts there)."""

    setup: Setup
    chance: Chance
    decider: Any
    players: list[Player]
    log: EventLog
    decks: dict[str, list[str]]  # Guild -> its card ids, the current card first
    spaces: dict[str, list[int]]  # action space -> seats whose Emissaries stand there
    supply: dict[str, int]  # die id -> dice left
    display: dict[str, int]  # Artifact id -> copies left in the display
    objective_deck: list[str]
    benefactor_stacks: dict[str, int]
    markers: list[Player] = field(default_factory=list)  # the ghost (2 players), the Rivals
    rival_bag: list[str] = field(default_factory=list)  # solo
    overflow: dict[str, list[int]] = field(default_factory=dict)  # 5-6 players, per Guild
    round: int = 1
    phase: str = "setup"
    deployment: int = 0  # deployments done this round (the Deploy phase resumes at the next)
    slotting: bool = False  # this deployment's free actions are done: the seats slot next
    past_cards: list[str] = field(default_factory=list)  # Guild cards discarded at Reset

    @property
    def rounds(self) -> int:
        return self.round if self.phase != "over" else ROUNDS

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def card(self, guild: str) -> GuildCard:
        return self.setup.aset.cards[self.decks[guild][0]]

    def stage(self, guild: str) -> int:
        return self.card(guild).stage

    def by_priority(self) -> list[Player]:
        return sorted(self.players, key=lambda p: p.priority)

    def clashers(self) -> list[Player]:
        """Every marker on the Reputation tracks (the variants add the ghost and Rivals)."""
        return [*self.players, *self.markers]


def _players(players: list[Player]) -> list[Player]:
    return [p.copy() for p in players]


holds(Altera, setup=shared, chance=given, decider=given, players=_players,
      log=EventLog.continued, decks=each_copied, spaces=each_copied, supply=copied,
      display=copied, objective_deck=copied, benefactor_stacks=copied, markers=_players,
      rival_bag=copied, overflow=each_copied, round=shared, phase=shared, deployment=shared,
      slotting=shared, past_cards=copied)
