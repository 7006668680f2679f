"""Taking a die onto a player board (a Wraith onto its VP chart; a full board returns one of
its dice to the bag), and the rewards that take a die from any Shrine or reserve a Battle
Plan from the line (refilled from the deck)."""

from __future__ import annotations

from analytics.games.valeria import board
from analytics.games.valeria.board import label
from analytics.games.valeria.state import Player, Valeria
from analytics.games.valeria.words import SHRINES, TITANS, WRAITH


def takeable(p: Player, dice: list[list]) -> list[int]:
    """Indices of the dice a seat may take: not a second Wraith."""
    return [i for i, d in enumerate(dice) if not (d[0] == WRAITH and p.wraith is not None)]


def take_die(state: Valeria, p: Player, shrine: str, cause: str) -> list | None:
    """Take one die of `shrine` (the seat's choice) onto the player board."""
    dice = state.shrines[shrine]
    options = tuple(dict.fromkeys(label(dice[i]) for i in takeable(p, dice)))
    if not options:
        return None
    chosen = state.decider.decide(p.seat, "take_die", options, shrine)
    die = dice.pop(next(i for i in takeable(p, dice) if label(dice[i]) == chosen))
    place(state, p, die, cause)
    return die


def place(state: Valeria, p: Player, die: list, cause: str) -> None:
    """A Wraith goes on the VP chart (no Troop space); a Troop die on a Troop space, and
    when the spaces are full the seat returns one of its dice to the bag."""
    state.log.emit(p.seat, "die_taken", item=die[0], amount=die[1], cause=cause)
    if die[0] == WRAITH:
        p.wraith = die
        return
    p.dice.append(die)
    if len(p.dice) > p.spaces:
        options = tuple(dict.fromkeys(label(d) for d in p.dice))
        chosen = state.decider.decide(p.seat, "return_die", options, cause)
        board.to_bag(state, p.dice.pop(next(i for i, d in enumerate(p.dice)
                                            if label(d) == chosen)), "no_space")


def bonus_die(state: Valeria, p: Player, cause: str) -> None:
    """A reward that takes a die from a Shrine: any Shrine with a die the seat may take, the
    Shrine of the Titans included (the seed)."""
    options = tuple(s for s in (*SHRINES, TITANS)
                    if takeable(p, state.shrines.get(s, [])))
    if options:
        take_die(state, p, state.decider.decide(p.seat, "bonus_shrine", options, cause), cause)


def bonus_plan(state: Valeria, p: Player, cause: str) -> None:
    """A reward that reserves a Battle Plan from the line, free."""
    if len(p.reserve) < board.number(state, "reserve") and state.line:
        reserve(state, p, state.decider.decide(p.seat, "bonus_plan", tuple(state.line), cause),
                cause)


def reserve(state: Valeria, p: Player, plan: str, cause: str) -> None:
    state.line.remove(plan)
    p.reserve.append(plan)
    state.log.emit(p.seat, "plan_reserved", item=plan, cause=cause)
    refill_line(state)


def refill_line(state: Valeria) -> None:
    while len(state.line) < board.number(state, "line") and state.plan_deck:
        state.line.append(state.dealt("plans"))
