"""Ancient Spells (Rise of Titans): three cards dealt face-down to each player; on your own
turn, at most one card a turn, play one of its two powers as a free action, then the card
goes back to the box. Powers that work "when performing a Battle" are offered only during a
battle (Estavan's before the dice are assigned); a power whose game state is not met (no
Gem to return, no Chain Bonus yet) is not offered. Spells never touch Great Battles; a
Wraith die never goes above 3; gains trigger Ongoing Champions."""

from __future__ import annotations

from analytics.games.valeria import board, gains
from analytics.games.valeria.board import label
from analytics.games.valeria.catalogue import Power
from analytics.games.valeria.gains import gain
from analytics.games.valeria.state import Player, Valeria

NONE = "none"


def deal(state: Valeria) -> None:
    aset = state.setup.aset
    ids = list(aset.spells)
    order = state.chance.shuffle("spells", len(ids))
    dealt = aset.board.numbers["spells_dealt"]
    for k, p in enumerate(state.players):
        p.spells = [ids[i] for i in order[k * dealt:(k + 1) * dealt]]


def castable(state: Valeria, p: Player, power: Power, moment: str) -> bool:
    if power.in_battle:
        return moment == ("battle_start" if power.effect == "battle_wild_plus" else "battle")
    if moment == "battle_start":
        return False
    dice = [*p.dice, *([p.wraith] if p.wraith else [])]
    return {"gain": True,
            "dice_plus": any(d[1] < board.top(d) for d in dice),
            "reroll": bool(dice),
            "return_instant": any(state.setup.aset.champions[c].kind == "instant"
                                  for c in p.champions),
            "return_gem": p.res["gem"] > 0,
            "per_chain": bool(p.chains)}[power.effect]


def wild_ready(state: Valeria, p: Player) -> int:
    """1 when the seat may still make a die Wild this turn with a spell (Estavan's kind)."""
    if not state.setup.has("spells") or p.cast:
        return 0
    aset = state.setup.aset
    return int(any(aset.powers[pid].effect == "battle_wild_plus"
                   for card in p.spells for pid in aset.spells[card].powers))


def offer(state: Valeria, p: Player, moment: str, fight=None, needed: bool = False) -> None:
    """At a moment of the seat's turn ('turn', 'battle_start', 'battle'): one power, or none
    (`needed`: the plan chosen can only be fought with the spell's Wild die)."""
    if not state.setup.has("spells") or p.cast or not p.spells:
        return
    aset = state.setup.aset
    options = [f"{card}:{pid}" for card in p.spells for pid in aset.spells[card].powers
               if castable(state, p, aset.powers[pid], moment)]
    if not options:
        return
    chosen = state.decider.decide(p.seat, "spell", tuple(options) if needed else
                                  (NONE, *options), moment)
    if chosen == NONE:
        return
    card, pid = chosen.split(":")
    p.spells.remove(card)
    state.spells_cast.append(card)
    p.cast = True
    state.log.emit(p.seat, "spell_cast", item=pid, cause=card, detail=moment)
    cast(state, p, aset.powers[pid], fight)


def cast(state: Valeria, p: Player, power: Power, fight) -> None:
    effect, pid = power.effect, power.id
    if effect == "gain":
        gain(state, p, power.gains, pid)
    elif effect == "dice_plus":
        for die in [*p.dice, *([p.wraith] if p.wraith else [])]:
            die[1] = min(die[1] + power.amount, board.top(die))
    elif effect == "reroll":
        dice = [*p.dice, *([p.wraith] if p.wraith else [])]
        text = state.decider.decide(p.seat, "reroll_die",
                                    tuple(dict.fromkeys(label(d) for d in dice)), pid)
        board.roll(state, next(d for d in dice if label(d) == text), p.seat)
        gain(state, p, power.gains, pid)
    elif effect == "return_instant":
        returned(state, p, pid)
        gain(state, p, power.gains, pid)
    elif effect == "return_gem":
        gains.spend(state, p, "gem", 1, pid)
        gain(state, p, power.gains, pid)
    elif effect == "per_chain":
        gain(state, p, tuple((e, n * len(p.chains)) for e, n in power.gains), pid)
    elif effect == "battle_wild_plus":
        fight.wild_plus = power.amount
    elif effect == "battle_vp_per_icon":
        fight.vp += power.amount * len(fight.plan.troops)
        fight.spell = pid
    elif effect == "battle_vp":
        fight.vp += power.amount
        fight.spell = pid
    elif effect == "battle_strength":
        fight.strength += power.amount


def returned(state: Valeria, p: Player, pid: str) -> None:
    """An Instant Champion of the seat's goes face-down to the bottom of its deck."""
    aset = state.setup.aset
    options = tuple(c for c in p.champions if aset.champions[c].kind == "instant")
    chosen = state.decider.decide(p.seat, "return_champion", options, pid)
    p.champions.remove(chosen)
    state.champion_decks["instant"].append(chosen)
    state.log.emit(p.seat, "champion_returned", item=chosen, cause=pid)
