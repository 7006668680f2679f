"""A Valeria game's state: its setup, the board (bag, Shrines, the Battle Plan line, the
Champion display, Awards, the modules' Shrine of the Titans and Great Battles), each seat's
player board, the solo Adversary, and the log. A die is a list [type, pip]."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from analytics.engine.chance import Chance
from analytics.engine.clone import copied, each_copied, given, holds, shared
from analytics.engine.events import EventLog
from analytics.games.valeria.catalogue import AssumptionSet
from analytics.games.valeria.words import CAMP, MODULES, RESOURCES, SHRINES, WRAITH

RULE_DEFAULTS = {"titans_side": "standard", "battle_side": "standard", "end": "round"}

# Where the seat's turn stands (Valeria.step), so that a state at the turn's own decisions
# (the move, the spell offers at its start and end) resumes there: a search's clone included.
START, OPENING, MOVE, CLOSING = "start", "opening", "move", "closing"


@dataclass(frozen=True, slots=True)
class Setup:
    players: int
    aset: AssumptionSet
    modules: tuple[str, ...] = ()  # in words.MODULES order
    rules: tuple[tuple[str, str], ...] = tuple(RULE_DEFAULTS.items())

    def has(self, module: str) -> bool:
        return module in self.modules

    def rule(self, name: str) -> str:
        return dict(self.rules)[name]

    @property
    def module_name(self) -> str:
        return "+".join(m for m in MODULES if m in self.modules) or "none"


@dataclass(slots=True)
class Player:
    """One seat's player board: Warden, Troop dice, the Wraith, tracks and their caps, Battle
    Plans (reserve, completed), Champions, the Campaign Map, Awards, spells, markers."""

    seat: int
    map: str = ""
    location: str = CAMP
    dice: list[list] = field(default_factory=list)  # troop spaces: [type, pip]
    wraith: list | None = None  # the one Wraith die, on the VP chart
    res: dict[str, int] = field(default_factory=lambda: dict.fromkeys(RESOURCES, 0))
    cap: dict[str, int] = field(default_factory=dict)
    spaces: int = 0  # troop spaces open
    markers: int = 0  # Conquest Markers still on the player board
    reserve: list[str] = field(default_factory=list)
    completed: list[str] = field(default_factory=list)
    champions: list[str] = field(default_factory=list)
    areas: list[str] = field(default_factory=list)
    chains: list[str] = field(default_factory=list)
    awards: list[str] = field(default_factory=list)
    spells: list[str] = field(default_factory=list)  # Ancient Spells cards in hand
    participation: int = 0  # Participation Markers in hand
    cast: bool = False  # an Ancient Spells card played this turn

    def copy(self) -> Player:
        return Player(self.seat, self.map, self.location, [list(d) for d in self.dice],
                      list(self.wraith) if self.wraith else None, dict(self.res),
                      dict(self.cap), self.spaces, self.markers, list(self.reserve),
                      list(self.completed), list(self.champions), list(self.areas),
                      list(self.chains), list(self.awards), list(self.spells),
                      self.participation, self.cast)


@dataclass(slots=True)
class Valeria:
    """A game: `round` and `turn_seat` say whose turn it is, `step` where it stands (START:
    the refill check; OPENING: the spell offer before the move; MOVE; CLOSING: the spell
    offer after it, then the Adversary). `unseen` counts, per deck, the cards on its top
    nobody has seen (the setup's shuffle; cards put under it later were seen)."""

    setup: Setup
    chance: Chance
    decider: Any
    players: list[Player]
    log: EventLog
    bag: list[str]  # die types
    shrines: dict[str, list[list]]  # the five Shrines (and 'titans') -> dice
    gem_supply: int
    plan_deck: list[str]
    line: list[str]
    champion_decks: dict[str, list[str]]  # kind -> deck (top first)
    display: dict[str, list[str]]  # kind -> face-up Champions
    awards: list[str]  # the three in play
    claims: dict[str, list[int]]  # award -> seats in claim order
    battle_deck: list[str] = field(default_factory=list)
    battles: list[str] = field(default_factory=list)  # face-up Great Battle cards
    battle_dice: dict[str, list] = field(default_factory=dict)  # card -> 5 spaces: die|None
    markers_on: dict[str, list[int]] = field(default_factory=dict)  # card -> seats' markers
    in_battle: list[list] = field(default_factory=list)  # dice on the plan being fought
    adversary: int = -1  # solo: index of its Shrine in SHRINES (-1: none)
    adversary_vp: int = 0
    round: int = 1
    turn_seat: int = 0
    step: str = START
    unseen: dict[str, int] = field(default_factory=dict)  # deck -> cards nobody has seen
    spells_cast: list[str] = field(default_factory=list)  # Ancient Spells cards played
    ending: bool = False  # a player has fought the last battle: finish the round
    over: bool = False

    @property
    def rounds(self) -> int:
        return self.round

    def dice_count(self) -> int:
        """Every die of the game, wherever it is (conserved)."""
        held = sum(len(p.dice) + (p.wraith is not None) for p in self.players)
        return (len(self.bag) + sum(len(d) for d in self.shrines.values()) + held
                + sum(d is not None for s in self.battle_dice.values() for d in s)
                + len(self.in_battle))

    def on_shrines(self) -> int:
        """Dice on the original five Shrines (the refill count)."""
        return sum(len(self.shrines[s]) for s in SHRINES)

    def decks(self) -> dict[str, list[str]]:
        """The face-down decks by name: the Battle Plans, each kind's Champions, the Great
        Battles."""
        found = {"plans": self.plan_deck, "great_battles": self.battle_deck}
        found.update({f"champions:{kind}": deck for kind, deck in self.champion_decks.items()})
        return found

    def dealt(self, deck: str) -> str:
        """The top card of `deck`, now seen."""
        if self.unseen.get(deck, 0):
            self.unseen[deck] -= 1
        return self.decks()[deck].pop(0)

    def is_wraith(self, die: list) -> bool:
        return die[0] == WRAITH


def _players(players: list[Player]) -> list[Player]:
    return [p.copy() for p in players]


def _dice(shrines: dict[str, list[list]]) -> dict[str, list[list]]:
    return {s: [list(d) for d in dice] for s, dice in shrines.items()}


def _spaces(cards: dict[str, list]) -> dict[str, list]:
    return {c: [list(d) if d else None for d in spaces] for c, spaces in cards.items()}


holds(Valeria, setup=shared, chance=given, decider=given, players=_players,
      log=EventLog.continued, bag=copied, shrines=_dice, gem_supply=shared, plan_deck=copied,
      line=copied, champion_decks=each_copied, display=each_copied, awards=copied,
      claims=each_copied, battle_deck=copied, battles=copied, battle_dice=_spaces,
      markers_on=each_copied, in_battle=lambda d: [list(x) for x in d], adversary=shared,
      adversary_vp=shared, round=shared, turn_seat=shared, step=shared, unseen=copied,
      spells_cast=copied, ending=shared, over=shared)
