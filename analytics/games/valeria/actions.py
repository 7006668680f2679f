"""The Shrines' actions: take a die there (taking.py), then the Gem, Magic, Gold, Champions
and Tactics Shrines' actions (a die's Discount counting at the last three, after Magic or a
Gem may change it), and the Shrine of the Titans' purchase."""

from __future__ import annotations

from analytics.games.valeria import board, gains
from analytics.games.valeria.board import label, number
from analytics.games.valeria.gains import gain, spend
from analytics.games.valeria.state import Player, Valeria
from analytics.games.valeria.taking import reserve, take_die
from analytics.games.valeria.words import TITANS, WRAITH

DISCOUNTED = ("gold", "champions", "tactics")


# ---- at a Shrine ----

def at_shrine(state: Valeria, p: Player, shrine: str) -> None:
    """Take a die there, then the Shrine's action."""
    die = take_die(state, p, shrine, shrine)
    if shrine in DISCOUNTED and die is not None:
        adjust(state, p, die)
    off = board.discount(state, die) if (die is not None and shrine in DISCOUNTED) else 0
    {"gem": gem_shrine, "magic": magic_shrine, "gold": gold_shrine,
     "champions": champions_shrine, "tactics": tactics_shrine}[shrine](state, p, off)
    gains.fire(state, p, f"shrine:{shrine}")


def adjust(state: Valeria, p: Player, die: list) -> None:
    """Before a Discount counts: Magic lowers the die 1 a Magic, a Gem flips it."""
    while True:
        options = ["done"]
        if p.res["magic"] and die[1] > board.MIN_PIP:
            options.append("lower")
        if p.res["gem"] and board.face(state, die).opposite < die[1]:
            options.append("flip")
        chosen = state.decider.decide(p.seat, "adjust", tuple(options), label(die))
        if chosen == "done":
            return
        if chosen == "lower":
            spend(state, p, "magic", 1, "magic")
            die[1] -= 1
        else:
            spend(state, p, "gem", 1, "flip")
            die[1] = board.face(state, die).opposite


def gem_shrine(state: Valeria, p: Player, off: int) -> None:
    gain(state, p, (("gem", number(state, "gem_gain")),), "gem")


def magic_shrine(state: Valeria, p: Player, off: int) -> None:
    """+2 Magic, or claim an Award instead."""
    claimable = [a for a in state.awards if a not in p.awards and meets(state, p, a)]
    chosen = state.decider.decide(p.seat, "magic", ("magic", *claimable))
    if chosen == "magic":
        gain(state, p, (("magic", number(state, "magic_gain")),), "magic")
        return
    ladder = state.setup.aset.board.award_vp
    order = len(state.claims[chosen])
    state.claims[chosen].append(p.seat)
    p.awards.append(chosen)
    state.log.emit(p.seat, "award_claimed", item=chosen, amount=order + 1, cause="magic")
    vp = ladder[order] if order < len(ladder) else 0
    if vp:
        gains.add(state, p, "vp", vp, chosen)


def meets(state: Valeria, p: Player, award: str) -> bool:
    card = state.setup.aset.awards[award]
    return board.count(state, p, card.needs) >= card.count


def gold_shrine(state: Valeria, p: Player, off: int) -> None:
    gain(state, p, (("gold", number(state, "gold_base") + off),), "gold")


def champions_shrine(state: Valeria, p: Player, off: int) -> None:
    """Buy one face-up Champion, its cost less the die's Discount."""
    aset = state.setup.aset
    options = [c for row in state.display.values() for c in row
               if max(aset.champions[c].cost - off, 0) <= p.res["gold"]]
    chosen = state.decider.decide(p.seat, "champion", ("none", *options), off)
    if chosen == "none":
        return
    card = aset.champions[chosen]
    spend(state, p, "gold", max(card.cost - off, 0), chosen)
    row = state.display[card.kind]
    row.remove(chosen)
    if state.champion_decks[card.kind]:
        row.append(state.dealt(f"champions:{card.kind}"))
    p.champions.append(chosen)
    state.log.emit(p.seat, "champion_bought", item=chosen, amount=card.cost, cause="champions")
    if card.kind == "instant":
        state.log.emit(p.seat, "champion_used", item=chosen, cause="instant")
        gain(state, p, card.gains, chosen)


def tactics_shrine(state: Valeria, p: Player, off: int) -> None:
    """Influence, and reserve a Battle Plan from the line (its cost less the Discount)."""
    gain(state, p, (("influence", number(state, "tactics_influence")),), "tactics")
    if len(p.reserve) >= number(state, "reserve"):
        return
    plans = state.setup.aset.plans
    options = [c for c in state.line if max(plans[c].cost - off, 0) <= p.res["gold"]]
    chosen = state.decider.decide(p.seat, "reserve", ("none", *options), off)
    if chosen != "none":
        spend(state, p, "gold", max(plans[chosen].cost - off, 0), chosen)
        reserve(state, p, chosen, "tactics")


# ---- the Shrine of the Titans (module) ----

def titans_price(state: Valeria, dice: int) -> int:
    return state.setup.aset.board.titan_prices[state.setup.rule("titans_side")][dice - 1]


def titans_buys(state: Valeria, p: Player) -> list[int]:
    """How many dice the seat may buy: 1 to 3, no more than are there, and paid."""
    dice = state.shrines[TITANS]
    wraiths = sum(d[0] == WRAITH for d in dice)
    there = len(dice) - wraiths + (min(wraiths, 1) if p.wraith is None else 0)
    return [n for n in (1, 2, 3) if n <= there and titans_price(state, n) <= p.res["gold"]]


def at_titans(state: Valeria, p: Player) -> None:
    """No free die: buy 1, 2 or 3 (1/3/6 Gold standard, 2/4/8 difficult)."""
    n = int(state.decider.decide(p.seat, "titans_buy",
                                 tuple(str(n) for n in titans_buys(state, p))))
    spend(state, p, "gold", titans_price(state, n), TITANS)
    for _ in range(n):
        take_die(state, p, TITANS, TITANS)
    gains.fire(state, p, f"shrine:{TITANS}")
