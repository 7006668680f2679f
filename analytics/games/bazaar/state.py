"""A Bazaar game's state: its setup, each seat's purse and charms, its position, its log."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from analytics.engine.chance import Chance
from analytics.engine.events import EventLog
from analytics.games.bazaar.components import COINS, STARS
from analytics.games.bazaar.content import CharmSet
from analytics.games.bazaar.options import RuleOptions

OPENING_PURSE = "opening_purse"  # the cause of every seat's first coins

# Where the active seat's turn stands (Bazaar.step): a state at any decision resumes there.
START, RECAST, BUY = "start", "recast", "buy"


@dataclass(frozen=True, slots=True)
class Setup:
    """What a game is played from: seats, the charm set, the rule options."""

    players: int
    charm_set: CharmSet
    options: RuleOptions = field(default_factory=RuleOptions)


@dataclass(slots=True)
class Seat:
    """One seat: its purse, its stars and the charms it owns (in order bought)."""

    seat: int
    coins: int = 0
    stars: int = 0
    charms: list[str] = field(default_factory=list)

    def copy(self) -> Seat:
        return Seat(self.seat, self.coins, self.stars, list(self.charms))


@dataclass(slots=True)
class Bazaar:
    """A game: `turn` counts the turns played (the active seat is turn % players); within the
    turn, `step` says what is next (START, RECAST: the recast charms from `recasts_done` on,
    BUY), with the dice drawn and the sides they show once cast."""

    setup: Setup
    chance: Chance
    decider: Any
    seats: list[Seat]
    log: EventLog
    turn: int = 0
    step: str = START
    dice: tuple[str, ...] = ()
    sides: list[Any] = field(default_factory=list)  # Side, one per die
    recasts_done: int = 0

    @property
    def rounds(self) -> int:
        """Rounds begun (the loop reads it as rounds played once the game is over)."""
        return -(-self.turn // self.setup.players)

    @property
    def total_turns(self) -> int:
        return int(self.setup.options.rounds) * self.setup.players

    @property
    def over(self) -> bool:
        return self.turn >= self.total_turns


def gain(state: Bazaar, seat: int, resource: str, amount: int, cause: str) -> None:
    """`seat` gains `amount` (> 0) of coins or stars because of `cause`, with its event."""
    if amount <= 0:
        return
    player = state.seats[seat]
    if resource == COINS:
        player.coins += amount
        state.log.emit(seat, "coins_won", resource=COINS, amount=amount, cause=cause)
    else:
        player.stars += amount
        state.log.emit(seat, "stars_won", resource=STARS, amount=amount, cause=cause)


def new_game(setup: Setup, chance: Chance, decider: Any) -> Bazaar:
    """A fresh game: every seat holds its opening purse (no chance in the setup)."""
    state = Bazaar(setup, chance, decider, [Seat(s) for s in range(setup.players)], EventLog())
    for seat in range(setup.players):
        gain(state, seat, COINS, setup.options.opening_coins(seat), OPENING_PURSE)
    return state


def clone(state: Bazaar, chance: Chance, decider: Any) -> Bazaar:
    """A copy sharing nothing mutable, between two turns or at any decision of one; it plays
    on with its own chance and decider."""
    log = EventLog()
    log.rows.extend(state.log.rows)
    log.round, log.active_seat = state.log.round, state.log.active_seat
    return Bazaar(state.setup, chance, decider, [s.copy() for s in state.seats], log,
                  state.turn, state.step, state.dice, list(state.sides), state.recasts_done)
