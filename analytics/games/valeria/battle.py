"""Performing a Battle at Camp: choose a Battle Plan (reserved, or from the line for its
Gold), assign one Troop die per Troop Type icon (a Gem makes a die Wild, a Wraith is always
Wild), extra Troops, Magic and Gems on the assigned dice, VP from the chart at the lower of
Strength and Influence, a Conquest Marker onto the Campaign Map (Skirmish Area, Chain
Bonuses, the player-board slot it uncovers), then step 8b (Shrine of the Titans), 8c (Great
Battles) and step 9 (the dice back to the bag)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from analytics.games.valeria import board, gains, great_battles, spells, taking, titans
from analytics.games.valeria.board import label
from analytics.games.valeria.catalogue import Plan
from analytics.games.valeria.gains import gain, spend
from analytics.games.valeria.state import Player, Valeria


@dataclass(slots=True)
class Fight:
    """One battle in progress: the plan and what spells added to it."""

    plan: Plan
    wild_plus: int = 0  # Estavan: one die may be any required type, +N
    vp: int = 0  # spells' VP on this plan
    strength: int = 0  # spells' Strength on this plan
    spell: str = ""  # the power cast on this plan (the cause of its VP)


def can_fight(state: Valeria, p: Player, plan: Plan, wild: int = 0) -> bool:
    """The seat's dice can be assigned to the plan's Troop Type icons: matching types first,
    then the Wraith, then Gems making spare Troop dice Wild (and `wild` free Wilds)."""
    return shortfall(plan.troops, p.dice, p.wraith is not None, p.res["gem"] + wild) <= 0


def shortfall(needed: tuple[str, ...], dice: list[list], wraith: bool, gems: int) -> int:
    have = Counter(d[0] for d in dice)
    want = Counter(needed)
    matched = sum(min(n, have[t]) for t, n in want.items())
    unmatched = len(needed) - matched - (1 if wraith else 0)
    spare = len(dice) - matched
    return unmatched - min(gems, spare)


def plan_options(state: Valeria, p: Player) -> list[str]:
    """The plans the seat can fight now (a spell's Wild die counted: Estavan's kind)."""
    plans = state.setup.aset.plans
    wild = spells.wild_ready(state, p)
    found = [f"reserve:{c}" for c in p.reserve if can_fight(state, p, plans[c], wild)]
    found += [f"line:{c}" for c in state.line
              if plans[c].cost <= p.res["gold"] and can_fight(state, p, plans[c], wild)]
    return found


def at_camp(state: Valeria, p: Player) -> None:
    chosen = state.decider.decide(p.seat, "plan", tuple(plan_options(state, p)))
    where, _, pid = chosen.partition(":")
    plan = state.setup.aset.plans[pid]
    if where == "line":
        spend(state, p, "gold", plan.cost, pid)
        state.line.remove(pid)
        taking.refill_line(state)
    else:
        p.reserve.remove(pid)
    fight = Fight(plan)
    spells.offer(state, p, "battle_start", fight, needed=not can_fight(state, p, plan))
    assign(state, p, fight)
    extras(state, p, fight)
    spells.offer(state, p, "battle", fight)
    boost(state, p)
    score(state, p, fight)
    conquer(state, p)
    gains.fire(state, p, "battle")
    if state.setup.has("shrine"):
        titans.after_battle(state, p)  # 8b
    if state.setup.has("great_battles"):
        great_battles.after_battle(state, p, fight)  # 8c
    for die in state.in_battle:  # 9
        board.to_bag(state, die, pid)
    state.in_battle.clear()
    p.completed.append(pid)
    state.log.emit(p.seat, "plan_completed", item=pid, amount=len(p.completed), cause="camp")
    if len(p.completed) >= board.number(state, "battles_to_end"):
        state.ending = True


def assign(state: Valeria, p: Player, fight: Fight) -> None:
    """One die per Troop Type icon, each choice leaving the rest possible."""
    needed = list(fight.plan.troops)
    while needed:
        icon, rest = needed[0], needed[1:]
        options = assign_options(state, p, fight, icon, rest)
        chosen = state.decider.decide(p.seat, "assign", tuple(options), icon)
        take_assigned(state, p, fight, chosen)
        needed = rest


def assign_options(state: Valeria, p: Player, fight: Fight, icon: str,
                   rest: list[str]) -> list[str]:
    found = []
    gems = p.res["gem"]
    for i, die in enumerate(p.dice):
        others = p.dice[:i] + p.dice[i + 1:]
        wraith = p.wraith is not None
        if die[0] == icon and shortfall(tuple(rest), others, wraith, gems + fight.wild_plus) <= 0:
            found.append(label(die))
        if fight.wild_plus and shortfall(tuple(rest), others, wraith, gems) <= 0:
            found.append(f"{label(die)}=spell")
        if gems and die[0] != icon and shortfall(tuple(rest), others, wraith,
                                                 gems - 1 + fight.wild_plus) <= 0:
            found.append(f"{label(die)}=gem")
    if p.wraith is not None and shortfall(tuple(rest), p.dice, False,
                                          gems + fight.wild_plus) <= 0:
        found.append(label(p.wraith))
    return list(dict.fromkeys(found))


def take_assigned(state: Valeria, p: Player, fight: Fight, chosen: str) -> None:
    text, _, how = chosen.partition("=")
    if p.wraith is not None and text == label(p.wraith) and not how:
        die, p.wraith = p.wraith, None
    else:
        die = p.dice.pop(next(i for i, d in enumerate(p.dice) if label(d) == text))
    if how == "gem":
        spend(state, p, "gem", 1, "wild")  # Wild for this plan only (not for step 8c)
    elif how == "spell":
        die[1] = min(die[1] + fight.wild_plus, board.top(die))
        fight.wild_plus = 0
    state.in_battle.append(die)
    state.log.emit(p.seat, "die_assigned", item=die[0], amount=die[1], cause=fight.plan.id)


def extras(state: Valeria, p: Player, fight: Fight) -> None:
    """Extra Troops: any Troop die (never a Wraith, the seed)."""
    for _ in range(fight.plan.extra):
        options = ("none", *dict.fromkeys(label(d) for d in p.dice))
        chosen = state.decider.decide(p.seat, "extra", options, fight.plan.id)
        if chosen == "none":
            return
        take_assigned(state, p, fight, chosen)


def boost(state: Valeria, p: Player) -> None:
    """Magic raises an assigned die by 1 each; a Gem flips one."""
    while True:
        options = ["done"]
        for die in state.in_battle:
            if p.res["magic"] and die[1] < board.top(die):
                options.append(f"magic:{label(die)}")
            if p.res["gem"] and board.face(state, die).opposite > die[1]:
                options.append(f"flip:{label(die)}")
        chosen = state.decider.decide(p.seat, "boost", tuple(dict.fromkeys(options)))
        if chosen == "done":
            return
        how, _, text = chosen.partition(":")
        die = next(d for d in state.in_battle if label(d) == text)
        if how == "magic":
            spend(state, p, "magic", 1, "magic")
            die[1] += 1
        else:
            spend(state, p, "gem", 1, "flip")
            die[1] = board.face(state, die).opposite


def chart_vp(chart: tuple[tuple[int, int], ...], value: int) -> int:
    return max(vp for low, vp in chart if low <= value)


def score(state: Valeria, p: Player, fight: Fight) -> None:
    total = sum(board.strength(state, d) for d in state.in_battle) + fight.strength
    counted = min(total, p.res["influence"])
    vp = chart_vp(state.setup.aset.board.chart, counted) + fight.plan.vp
    state.log.emit(p.seat, "battle_fought", item=fight.plan.id, amount=total, cause="camp",
                   detail=f"influence {p.res['influence']}")
    gains.add(state, p, "vp", vp, fight.plan.id)
    if fight.vp:
        gains.add(state, p, "vp", fight.vp, fight.spell)


def conquer(state: Valeria, p: Player) -> None:
    """Move the next Conquest Marker onto an open Skirmish Area: its reward, the slot it
    uncovers on the player board, and any Chain Bonus it completes."""
    if not p.markers:
        return
    aset = state.setup.aset
    open_areas = tuple(a.id for key, a in aset.areas.items()
                       if a.map == p.map and a.id not in p.areas)
    if not open_areas:
        return
    area = state.decider.decide(p.seat, "conquer", open_areas)
    p.areas.append(area)
    marker = board.number(state, "conquest_markers") - p.markers
    p.markers -= 1
    state.log.emit(p.seat, "area_conquered", item=f"{p.map}:{area}", cause="conquer")
    unlock(state, p, aset.board.unlocks[marker])
    gain(state, p, aset.areas[f"{p.map}:{area}"].gains, f"{p.map}:{area}")
    for key, chain in aset.chains.items():
        if (chain.map == p.map and chain.id not in p.chains
                and all(a in p.areas for a in chain.between)):
            p.chains.append(chain.id)
            state.log.emit(p.seat, "chain_completed", item=key, cause="conquer")
            gain(state, p, chain.gains, key)
    gains.fire(state, p, "conquer")


def unlock(state: Valeria, p: Player, gains: tuple) -> None:
    for effect, amount in gains:
        if effect == "troop_space":
            p.spaces += amount
        else:
            p.cap[effect.removeprefix("cap_")] += amount
        state.log.emit(p.seat, "slot_unlocked", resource=effect, amount=amount,
                       cause="conquer")
