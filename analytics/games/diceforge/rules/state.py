"""Dice Forge game state: players, Temple, card stacks, islands; built from a setup."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from analytics.engine.chance import Chance
from analytics.engine.clone import clone, copied, each_cloned, each_copied, given, holds, shared
from analytics.engine.events import EventLog
from analytics.engine.phases import GameState
from analytics.engine.resources import ResourceHolder
from analytics.games.diceforge.rules.components import (
    BASE_CAPS,
    CELESTIAL_FACES,
    DARK_DIE,
    FACES,
    GARDENS,
    GLORY,
    GOLD,
    LIGHT_DIE,
    MOON,
    PLAYER_COUNTS,
    RESERVES,
    SANCTUARY,
    SUN,
    Card,
    Face,
)
from analytics.games.diceforge.rules.content import CardSet
from analytics.games.diceforge.rules.modules import check_module_cards
from analytics.games.diceforge.rules.options import RuleOptions

# A player's two dice, then the dice no player owns, rolled by cards (index 2 and up).
DIE_NAMES = ("light", "dark", "celestial")
CELESTIAL: Final = 2
SHARED_DICE: dict[int, tuple[Face, ...]] = {CELESTIAL: CELESTIAL_FACES}


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything fixed before a game starts: player count, card set, rule options, module."""

    players: int
    card_set: CardSet
    rules: RuleOptions = RuleOptions()
    # 'none': the base game alone; else a key of MODULE_SETUPS. Left out: the module whose
    # cards the set holds (the plugin's setup checks a module named on the command line).
    module: str = ""

    def __post_init__(self) -> None:
        if not self.module:
            object.__setattr__(self, "module", self.card_set.module)
        check_module_cards(self.card_set, self.module)  # a Golem card needs its board


Hook = tuple[str, str]  # (card id, handler key): plain data, copied cheaply with the state


@dataclass(slots=True)
class Player(ResourceHolder):
    """One hero: a resource map with caps, two dice, cards, hook registrations and pawn.

    `res` holds every countable thing: the reserves (gold, sun, moon), Glory, tokens and card
    tracks (hammer, scepter...). `caps` bounds those that have a cap. `hooks` maps a hook name
    to the (card id, handler key) pairs registered on it (hooks.py), a tuple replaced on each
    change (a handler may unregister itself while its hook fires); `tracks` keeps per-copy
    positions of cards whose copies run separate tracks (the Scepter).

    Policies read players as they are, plain lists and dicts (a bot that writes is caught by
    the Decider's check, engine/fingerprint.py); what is never changed in place is a tuple.
    """

    # field(): compiled, the engine's base classes declare `seat` (ResourceHolder) and `log`
    # (GameState), and dataclasses would take the base's attribute for a default.
    seat: int = field()
    res: dict[str, int] = field(default_factory=lambda: dict.fromkeys(RESERVES, 0))
    caps: dict[str, int] = field(default_factory=lambda: dict(BASE_CAPS))
    dice: tuple[list[Face], ...] = ()  # light, dark: the faces of each, in side order
    # The face showing on each die: the last rolled, forged, or turned up. Before any roll the
    # dice show their first sides (every turn starts with blessings, so no card reads these).
    up: list[Face] = field(default_factory=list)
    cards: list[Card] = field(default_factory=list)
    hooks: dict[str, tuple[Hook, ...]] = field(default_factory=dict)
    tracks: dict[str, list[int]] = field(default_factory=dict)
    island: int | None = None  # None: on the starting portal
    forged: int = 0

    def amount(self, resource: str) -> int:
        return self.res.get(resource, 0)

    def copy(self) -> Player:
        """An independent copy sharing nothing mutable (as a state clone copies players)."""
        return clone(self)

    # The four reserves read as attributes, for readable rules and tests.
    @property
    def gold(self) -> int:
        return self.res[GOLD]

    @gold.setter
    def gold(self, value: int) -> None:
        self.res[GOLD] = value

    @property
    def sun(self) -> int:
        return self.res[SUN]

    @sun.setter
    def sun(self, value: int) -> None:
        self.res[SUN] = value

    @property
    def moon(self) -> int:
        return self.res[MOON]

    @moon.setter
    def moon(self, value: int) -> None:
        self.res[MOON] = value

    @property
    def glory(self) -> int:
        return self.res[GLORY]

    @glory.setter
    def glory(self, value: int) -> None:
        self.res[GLORY] = value


# What a clone copies (engine/clone.py): faces, cards and hook registrations are immutable and
# shared; every list and map is new.
holds(Player, seat=shared, res=copied, caps=copied, dice=each_copied, up=copied, cards=copied,
      hooks=copied, tracks=each_copied, island=shared, forged=shared)


@dataclass(slots=True)
class Game(GameState):
    """The whole state of one game; `log`, `chance` and `decide` are its three channels out.

    Policies read the game itself and must not change it (engine/fingerprint.py)."""

    setup: Setup
    players: tuple[Player, ...]
    sanctuary: tuple[list[Face], ...]
    gardens: dict[str, list[Face]]
    slots: dict[str, Card]
    stacks: dict[str, int]
    islands: dict[int, int | None]
    rounds: int
    blessings_per_turn: int
    log: EventLog = field()  # (not a default: see Player.seat)
    chance: Chance
    decider: Any  # has decide(seat, kind, options, context=None) (engine.loop.Decider)
    # The position, as data (turn.py's phase machine): the step to run next, the round, the
    # regular turn within it (seat order), the active seat and the blessings done this turn.
    phase: str = "round_start"
    round: int = 0
    turn: int = 0
    active: int = 0
    blessed: int = 0
    over: bool = False
    # Seats owed an extra turn right after the current one (The Eternal Fire), in order;
    # `solo` is set while such a turn is played: only its player is blessed at its start;
    # `turn_cut` ends the current turn before its next step (a card may set it).
    extra_turns: list[int] = field(default_factory=list)
    solo: bool = False
    turn_cut: bool = False
    # The reinforcement registrations not yet used in the step being played (turn.py); a card
    # whose copies are used together takes the others from here (The Merchant).
    unused: list[tuple[str, str]] = field(default_factory=list)
    # A module's own board and tokens (None without a module): its setup puts them here.
    board: Any = None
    # decide(seat, kind, options, context=None): the decider's own method, bound once, so the
    # ~300 decisions of a game pay no forwarding call.
    decide: Callable[..., Any] = field(init=False)
    _orders: tuple[tuple[Player, ...], ...] = field(init=False)  # turn order from each seat

    def __post_init__(self) -> None:
        self.decide = self.decider.decide
        n = len(self.players)
        self._orders = tuple(tuple(self.players[(first + i) % n] for i in range(n))
                             for first in range(n))

    @property
    def rules(self) -> RuleOptions:
        return self.setup.rules

    def turn_order(self, first: int) -> tuple[Player, ...]:
        """Players in turn order starting with seat `first`."""
        return self._orders[first]

    def opponents(self, p: Player) -> tuple[Player, ...]:
        return self._orders[p.seat][1:]


# What a clone holds (engine/clone.py): the setup, faces and cards shared (fixed or frozen),
# every mutable part copied, its own chance and decider, and a log continuing from now.
holds(Game, setup=shared, players=each_cloned, sanctuary=each_copied, gardens=each_copied,
      slots=copied, stacks=copied, islands=copied, rounds=shared, blessings_per_turn=shared,
      log=EventLog.continued, chance=given, decider=given, phase=shared, round=shared,
      turn=shared, active=shared, blessed=shared, over=shared, extra_turns=copied, solo=shared,
      turn_cut=shared, unused=copied, board=lambda board: None if board is None else clone(board))

# p.tracks key: indices in p.cards of cards set aside, whose printed Glory is not scored.
SET_ASIDE: Final = "set_aside"

# A module's setup, by module name (its rules register it): it changes a new game in place
# (dice, Forest pools, its board) before any event but the starting gold.
MODULE_SETUPS: dict[str, Callable[[Game], None]] = {}
# A module's end-of-game scoring, by module name, after the printed card Glory (the Titans
# module's allegiance value: R17 floors Glory at 0, so it comes after every gain).
MODULE_SCORING: dict[str, Callable[[Game], None]] = {}


def new_game(setup: Setup, chance: Chance, decider: object) -> Game:
    """Setup by player count (REFERENCE.md §1.1): pools, stacks, starting dice and gold; then
    the module's own setup, if any."""
    counts = PLAYER_COUNTS[setup.players]
    log = EventLog()
    game = Game(
        setup=setup,
        players=tuple(_new_player(seat) for seat in range(setup.players)),
        sanctuary=_sanctuary(counts.faces_per_pool, chance),
        gardens=dict({name: list([FACES[f] for f in faces])
                             for name, faces in GARDENS.items()}),
        slots=dict(setup.card_set.cards),
        stacks=dict(_stacks(setup, counts.copies)),
        islands=dict.fromkeys(range(1, 8)),
        rounds=counts.rounds,
        blessings_per_turn=counts.blessings_per_turn,
        log=log,
        chance=chance,
        decider=decider,
    )
    if setup.module != "none":
        MODULE_SETUPS[setup.module](game)
    for p, gold in zip(game.players, counts.starting_gold, strict=True):
        p.res[GOLD] = gold
        if gold:
            log.emit(p.seat, "resource_gained", None, GOLD, gold, "starting_gold")
    return game


def _stacks(setup: Setup, copies: int) -> dict[str, int]:
    """Copies of each slot's card; none of a card the `forbid` rule option takes out of reach.

    The forbidden card stays on its slot (the set, the islands and the log are unchanged);
    an empty stack is what every rule offering a feat already honours, so the game, the bots
    and the clones a search bot plays on all skip it with no test of their own.
    """
    forbidden = setup.rules.forbid
    return {slot: 0 if card.id == forbidden else copies
            for slot, card in setup.card_set.cards.items()}


def _new_player(seat: int) -> Player:
    light = list([FACES[f] for f in LIGHT_DIE])
    dark = list([FACES[f] for f in DARK_DIE])
    return Player(seat=seat, dice=(light, dark), up=list([light[0], dark[0]]))


def _sanctuary(faces_per_pool: int, chance: Chance) -> tuple[list[Face], ...]:
    """The ten pools; with 2 players each keeps 2 faces drawn at random."""
    pools = []
    for index, faces in enumerate(SANCTUARY):
        kept = list(faces)
        if faces_per_pool < len(faces):
            keep = sorted(chance.draw(f"sanctuary_{index}", len(faces), faces_per_pool))
            kept = [faces[i] for i in keep]
        pools.append(list([FACES[f] for f in kept]))
    return tuple(pools)


# Which pool a Sanctuary face is bought from (face ids are unique to one pool).
POOL_OF = {face: index for index, faces in enumerate(SANCTUARY) for face in faces}
