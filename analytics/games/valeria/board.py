"""The board's mechanics every part of a turn uses: dice (faces, rolls, the bag, the Shrines'
fill and refill), gains within the player board's caps (and the Ongoing Champions they
trigger), and the counts Awards and Endgame Champions read."""

from __future__ import annotations

from analytics.games.valeria.catalogue import Face, Gains
from analytics.games.valeria.state import Player, Valeria
from analytics.games.valeria.words import CAPPED, SHRINES, TITANS, TROOPS, WRAITH

BAG = "bag"
MAX_PIP = {WRAITH: 3}  # a die's highest value (troop dice: 6)
MIN_PIP = 1


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


# ---- gains ----

def gain(state: Valeria, p: Player, gains: Gains, cause: str, trigger: bool = True) -> None:
    """Gain a reward: tracks up to their caps (the rest is lost), Gems from the supply, VP,
    a die from a Shrine, a Battle Plan reserved. Gains of Gold, Magic, Gems and Influence
    trigger the seat's Ongoing Champions (not their own gains)."""
    from analytics.games.valeria import actions

    for effect, amount in gains:
        if effect == "die":
            for _ in range(amount):
                actions.bonus_die(state, p, cause)
        elif effect == "plan":
            for _ in range(amount):
                actions.bonus_plan(state, p, cause)
        else:
            got = add(state, p, effect, amount, cause)
            if got and trigger and effect in CAPPED:
                fire(state, p, f"gain:{effect}")


def add(state: Valeria, p: Player, resource: str, amount: int, cause: str) -> int:
    """Add to one track within its cap (Gems: and the supply); returns what was added."""
    room = amount
    if resource in CAPPED:
        room = min(amount, p.cap[resource] - p.res[resource])
    if resource == "gem":
        room = min(room, state.gem_supply)
        state.gem_supply -= max(room, 0)
    room = max(room, 0)
    if room:
        p.res[resource] += room
        state.log.emit(p.seat, "resource_gained", resource=resource, amount=room, cause=cause)
    if room < amount:
        state.log.emit(p.seat, "resource_overflowed", resource=resource,
                       amount=amount - room, cause=cause)
    return room


def spend(state: Valeria, p: Player, resource: str, amount: int, cause: str) -> None:
    if amount <= 0:
        return
    assert p.res[resource] >= amount, (resource, amount, p.res)
    p.res[resource] -= amount
    if resource == "gem":
        state.gem_supply += amount
    state.log.emit(p.seat, "resource_spent", resource=resource, amount=-amount, cause=cause)


def fire(state: Valeria, p: Player, trigger: str) -> None:
    """The seat's Ongoing Champions with this trigger give their reward (which triggers no
    further Champion)."""
    aset = state.setup.aset
    for cid in p.champions:
        card = aset.champions[cid]
        if card.kind == "ongoing" and card.trigger == trigger:
            state.log.emit(p.seat, "champion_used", item=cid, cause=trigger)
            gain(state, p, card.gains, cid, trigger=False)


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
