"""Dice Forge game state: players, Temple, card stacks, islands; built from a setup."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from analytics.engine.chance import Chance
from analytics.engine.events import EventLog
from analytics.games.diceforge.components import (
    BASE_CAPS,
    DARK_DIE,
    FACES,
    GARDENS,
    GOLD,
    LIGHT_DIE,
    PLAYER_COUNTS,
    SANCTUARY,
    Card,
    Face,
)
from analytics.games.diceforge.content import CardSet
from analytics.games.diceforge.options import RuleOptions

DIE_NAMES = ("light", "dark")


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything fixed before a game starts: player count, card set, rule options."""

    players: int
    card_set: CardSet
    rules: RuleOptions = RuleOptions()


@dataclass(slots=True)
class Player:
    """One hero: reserves and caps, two dice, cards, tokens and pawn."""

    seat: int
    gold: int = 0
    sun: int = 0
    moon: int = 0
    glory: int = 0
    caps: dict[str, int] = field(default_factory=lambda: dict(BASE_CAPS))
    dice: list[list[Face]] = field(default_factory=list)
    up: list[Face] = field(default_factory=list)  # the face showing on each die
    cards: list[Card] = field(default_factory=list)
    reinforcements: list[Card] = field(default_factory=list)
    hammer_gold: int = 0  # gold on the Hammer track, summed over all Hammers owned
    hammers: int = 0
    bears: int = 0
    cerberus: int = 0
    triton: int = 0
    island: int | None = None  # None: on the starting portal
    forged: int = 0
    converting: str = ""  # 'sentinel' or 'cyclops' while their blessings resolve

    def amount(self, resource: str) -> int:
        return getattr(self, resource)

    @property
    def hammer_room(self) -> int:
        return 30 * self.hammers - self.hammer_gold


@dataclass(slots=True)
class Game:
    """The whole state of one game; `log`, `chance` and `decide` are its three channels out."""

    setup: Setup
    players: list[Player]
    sanctuary: list[list[Face]]
    gardens: dict[str, list[Face]]
    slots: dict[str, Card]
    stacks: dict[str, int]
    islands: dict[int, int | None]
    rounds: int
    blessings_per_turn: int
    log: EventLog
    chance: Chance
    decider: Any  # has decide(seat, kind, options, context=None) (engine.loop.Decider)
    round: int = 0
    active: int = 0
    over: bool = False
    # decide(seat, kind, options, context=None): the decider's own method, bound once, so the
    # ~300 decisions of a game pay no forwarding call.
    decide: Callable[..., Any] = field(init=False)
    _orders: tuple[list[Player], ...] = field(init=False)  # turn order from each seat

    def __post_init__(self) -> None:
        self.decide = self.decider.decide
        n = len(self.players)
        self._orders = tuple([self.players[(first + i) % n] for i in range(n)]
                             for first in range(n))

    @property
    def rules(self) -> RuleOptions:
        return self.setup.rules

    def turn_order(self, first: int) -> list[Player]:
        """Players in turn order starting with seat `first` (do not modify)."""
        return self._orders[first]

    def opponents(self, p: Player) -> list[Player]:
        return self._orders[p.seat][1:]


def new_game(setup: Setup, chance: Chance, decider: object) -> Game:
    """Setup by player count (REFERENCE.md §1.1): pools, stacks, starting dice and gold."""
    counts = PLAYER_COUNTS[setup.players]
    log = EventLog()
    game = Game(
        setup=setup,
        players=[_new_player(seat) for seat in range(setup.players)],
        sanctuary=_sanctuary(counts.faces_per_pool, chance),
        gardens={name: [FACES[f] for f in faces] for name, faces in GARDENS.items()},
        slots=dict(setup.card_set.cards),
        stacks={slot: counts.copies for slot in setup.card_set.cards},
        islands={i: None for i in range(1, 8)},
        rounds=counts.rounds,
        blessings_per_turn=counts.blessings_per_turn,
        log=log,
        chance=chance,
        decider=decider,
    )
    for p, gold in zip(game.players, counts.starting_gold, strict=True):
        p.gold = gold
        if gold:
            log.emit(p.seat, "resource_gained", None, GOLD, gold, "starting_gold")
    return game


def _new_player(seat: int) -> Player:
    light = [FACES[f] for f in LIGHT_DIE]
    dark = [FACES[f] for f in DARK_DIE]
    return Player(seat=seat, dice=[light, dark], up=[light[0], dark[0]])


def _sanctuary(faces_per_pool: int, chance: Chance) -> list[list[Face]]:
    """The ten pools; with 2 players each keeps 2 faces drawn at random."""
    pools = []
    for index, faces in enumerate(SANCTUARY):
        kept = list(faces)
        if faces_per_pool < len(faces):
            keep = sorted(chance.sample(f"sanctuary_{index}", len(faces), faces_per_pool))
            kept = [faces[i] for i in keep]
        pools.append([FACES[f] for f in kept])
    return pools


# Which pool a Sanctuary face is bought from (face ids are unique to one pool).
POOL_OF = {face: index for index, faces in enumerate(SANCTUARY) for face in faces}
