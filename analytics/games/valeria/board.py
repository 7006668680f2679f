"""The board's mechanics every part of a turn uses: the set's named numbers, dice (faces,
rolls, the bag, the Shrines' fill and refill) and the counts Awards and Endgame Champions
read. Gains are gains.py, taking a die or a plan taking.py: this module imports neither."""

from __future__ import annotations

from analytics.games.valeria.catalogue import Face
from analytics.games.valeria.state import Player, Valeria
from analytics.games.valeria.words import SHRINES, TITANS, TROOPS, WRAITH

BAG = "bag"
MAX_PIP = {WRAITH: 3}  # a die's highest value (troop dice: 6)
MIN_PIP = 1


def number(state: Valeria, name: str) -> int:
    return state.setup.aset.board.numbers[name]


def face(state: Valeria, die: list) -> Face:
    board = state.setup.aset.board
    if die[0] == WRAITH:
        return next(f for f in board.wraith_faces if f.pip == die[1])
    return board.faces[die[1]]


def strength(state: Valeria, die: list) -> int:
    return face(state, die).strength


def discount(state: Valeria, die: list) -> int:
    return face(state, die).discount


def top(die: list) -> int:
    return MAX_PIP.get(die[0], 6)


def roll(state: Valeria, die: list, seat: int | None = None) -> None:
    """Roll `die` in place: its type's six sides."""
    board = state.setup.aset.board
    sides = ([f.pip for f in board.wraith_faces] if die[0] == WRAITH
             else [board.faces[p].pip for p in sorted(board.faces)])
    die[1] = sides[state.chance.roll(seat, die[0], [str(pip) for pip in sides])]


def label(die: list) -> str:
    return f"{die[0]}:{die[1]}"


def to_bag(state: Valeria, die: list, cause: str) -> None:
    state.bag.append(die[0])
    state.log.emit(state.log.active_seat, "die_returned", item=die[0], amount=die[1],
                   cause=cause)


def fill_shrines(state: Valeria) -> None:
    """Draw and roll dice from the bag, the same number on each of the five Shrines (as far as
    the bag goes, Shrine by Shrine)."""
    per = state.setup.aset.board.per_shrine[state.setup.players]
    for _ in range(per):
        for shrine in SHRINES:
            if not state.bag:
                return
            kind = state.bag.pop(state.chance.draw(BAG, len(state.bag), 1)[0])
            die = [kind, 1]
            roll(state, die)
            state.shrines[shrine].append(die)


def refill_if_low(state: Valeria) -> bool:
    """At the start of a turn: when the dice on the five Shrines are no more than the players,
    they go back to the bag and the Shrines are filled again. The Shrine of the Titans is in
    no part of it (the seed)."""
    if state.on_shrines() > state.setup.players:
        return False
    for shrine in SHRINES:
        for die in state.shrines[shrine]:
            state.bag.append(die[0])
        state.shrines[shrine] = []
    fill_shrines(state)
    state.log.emit(-1, "shrines_refilled", amount=state.on_shrines(), cause="refill")
    return True


# ---- what Awards and Endgame Champions count ----

def count(state: Valeria, p: Player, what: str) -> int:
    aset = state.setup.aset
    if what in TROOPS:
        return sum(what in aset.plans[pid].troops for pid in p.completed)
    return {"battle": len(p.completed), "champion": len(p.champions), "gem": p.res["gem"],
            "chain": len(p.chains), "area": len(p.areas), "gold": p.res["gold"],
            "magic": p.res["magic"], "influence": p.res["influence"],
            "die": len(p.dice) + (p.wraith is not None), "award": len(p.awards)}[what]


def shrines_with_dice(state: Valeria) -> list[str]:
    return [s for s in (*SHRINES, TITANS) if state.shrines.get(s)]
