"""A Bazaar turn: charms that act at its start, dice drawn from the shared bag and cast, at most
one charm bought; the game is turns in seat order for a fixed number of rounds.

The position is data (`Bazaar.turn`): `play` resumes any state between two turns, a clone's
included.
"""

from __future__ import annotations

from analytics.games.bazaar.components import BAG, CHARMS, COINS, DICE, STARS, Charm, Side
from analytics.games.bazaar.state import BUY, RECAST, START, Bazaar, gain

BAG_NAME = "bag"  # the one shared bag every seat draws from (chance's stream key)
KEEP = -1  # the recast option that casts no die again
PASS = "pass"  # the buy option that buys nothing


def play(state: Bazaar) -> None:
    """Play turns until the last round ends."""
    while not state.over:
        take_turn(state)


def take_turn(state: Bazaar) -> None:
    """The active seat's turn from where it stands (`state.step`): its start (charms that act
    then, dice drawn and cast), each recast charm's choice, the purchase; `state.turn` moves on
    only when it is done. The turn's position is data, so a clone taken at any decision of it
    plays on from that decision (a search bot's clone)."""
    players = state.setup.players
    seat = state.turn % players
    state.log.round = state.turn // players + 1
    state.log.active_seat = seat
    charms = [CHARMS[c] for c in state.seats[seat].charms]
    if state.step == START:
        start_turn(state, seat, charms)
    if state.step == RECAST:
        recasts = [charm for charm in charms if charm.effect == "recast"]
        while state.recasts_done < len(recasts):
            recast(state, seat, recasts[state.recasts_done], state.dice, state.sides)
            state.recasts_done += 1
        for die, side in zip(state.dice, state.sides, strict=True):
            gain(state, seat, COINS, side.coins, die)
            gain(state, seat, STARS, side.stars, die)
        state.step = BUY
    buy(state, seat)
    state.step, state.dice, state.sides, state.recasts_done = START, (), [], 0
    state.turn += 1


def start_turn(state: Bazaar, seat: int, charms: list[Charm]) -> None:
    """Charms that act at the turn's start, then the dice drawn and cast."""
    for charm in charms:
        if charm.timing == "turn_start":
            use_charm(state, seat, charm)
            gain(state, seat, charm.effect, charm.amount, charm.id)
    state.dice = tuple(draw_dice(state, seat, charms))
    state.sides = [cast(state, seat, die, None) for die in state.dice]
    state.step = RECAST


def use_charm(state: Bazaar, seat: int, charm: Charm) -> None:
    state.log.emit(seat, "charm_used", item=charm.id)


def draw_dice(state: Bazaar, seat: int, charms: list[Charm]) -> list[str]:
    """The dice `seat` draws this turn (ids, in draw order); they go back to the bag after."""
    count = int(state.setup.options.draw)
    for charm in charms:
        if charm.effect == "extra_die":
            use_charm(state, seat, charm)
            count += charm.amount
    picked = state.chance.draw(BAG_NAME, len(BAG), count)
    dice = [BAG[i] for i in picked]
    for die in dice:
        state.log.emit(seat, "die_drawn", item=die)
    return dice


def cast(state: Bazaar, seat: int, die: str, cause: str | None) -> Side:
    """Cast one die through chance (its stream is the seat's own for that tier)."""
    sides = DICE[die].sides
    side = sides[state.chance.roll(seat, die, sides)]
    state.log.emit(seat, "die_cast", item=die, cause=cause, detail=side.id)
    return side


def recast(state: Bazaar, seat: int, charm: Charm, dice: tuple[str, ...], sides: list[Side]
           ) -> None:
    """The seat may cast one of its dice again (`charm` lets it); the new side stands."""
    shown = tuple((die, side.id) for die, side in zip(dice, sides, strict=True))
    options = (KEEP, *range(len(dice)))
    pick = state.decider.decide(seat, "recast", options, shown)
    if pick == KEEP:
        return
    use_charm(state, seat, charm)
    sides[pick] = cast(state, seat, dice[pick], charm.id)


def buyable(state: Bazaar, seat: int) -> list[Charm]:
    """The charms `seat` may buy now: on a stall, affordable, not owned, not forbidden."""
    player = state.seats[seat]
    forbidden = state.setup.options.forbid
    return [c for c in state.setup.charm_set.charms
            if c.cost <= player.coins and c.id not in player.charms and c.id != forbidden]


def buy(state: Bazaar, seat: int) -> None:
    """The seat buys one charm it can afford, or passes."""
    options = (PASS, *(c.id for c in buyable(state, seat)))
    choice = state.decider.decide(seat, "buy", options)
    if choice == PASS:
        return
    charm = CHARMS[choice]
    player = state.seats[seat]
    player.coins -= charm.cost
    state.log.emit(seat, "coins_paid", resource=COINS, amount=-charm.cost, cause=charm.id)
    player.charms.append(charm.id)
    state.log.emit(seat, "charm_bought", item=charm.id)
    if charm.timing == "purchase":
        use_charm(state, seat, charm)
        gain(state, seat, charm.effect, charm.amount, charm.id)


def standings(state: Bazaar) -> list[tuple]:
    """Per seat: stars, then coins (equal on both: a tie)."""
    return [(p.stars, p.coins) for p in state.seats]
