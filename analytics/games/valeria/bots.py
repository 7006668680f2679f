"""Valeria's heuristic bot, `warlord`, beside the generic random bot.

It plays with intent: it goes to Camp when its best plan scores well (Strength near its
Influence, or its Troop spaces full), else to the Shrine it needs most (a Champion it can
afford, a plan to reserve, an Award to claim, Gold when poor, Gems when none), takes the die
its plans need (the strongest, or the cheapest at a Discount Shrine), spends Magic and Gems
to reach its Influence, conquers areas that complete Chain Bonuses, buys at the Shrine of
the Titans when the dice there beat the price, joins the Great Battle where its markers
already are, and casts spells when they pay most (VP spells on a big plan). It reads only its
own board and the public table.
"""

from __future__ import annotations

import random
from typing import Any

from analytics.engine.decisions import Decision
from analytics.games.valeria import actions, battle, board
from analytics.games.valeria.state import Player, Valeria
from analytics.games.valeria.words import CAMP, TITANS
from analytics.policies.registry import register_bot

WORTH = {"gold": 1.0, "magic": 0.9, "influence": 1.2, "gem": 1.5, "vp": 2.0, "die": 2.0,
         "plan": 1.5}
READY = 0.7  # go to Camp when the best plan's Strength reaches this share of Influence


def me(view: Valeria, seat: int) -> Player:
    return view.players[seat]


def gains_worth(gains) -> float:
    return sum(WORTH.get(e, 0.5) * n for e, n in gains)


def needed_types(view: Valeria, p: Player) -> set[str]:
    plans = view.setup.aset.plans
    return {t for pid in (*p.reserve, *view.line) for t in plans[pid].troops}


def plan_value(view: Valeria, p: Player, option: str) -> float:
    """What a plan scores with the seat's strongest dice, less its cost from the line."""
    where, _, pid = option.partition(":")
    plan = view.setup.aset.plans[pid]
    pips = sorted((d[1] for d in p.dice), reverse=True)
    used = len(plan.troops) + plan.extra
    strength = sum(pips[:used]) + (p.wraith[1] if p.wraith else 0)
    vp = battle.chart_vp(view.setup.aset.board.chart, min(strength, p.res["influence"]))
    return vp + plan.vp - (plan.cost * 0.5 if where == "line" else 0)


class Warlord:
    name = "warlord"

    def __init__(self) -> None:
        self.params: dict[str, Any] = {"ready": READY}

    def choose(self, view: Valeria, decision: Decision, rng: random.Random) -> Any:
        pick = getattr(self, f"_{decision.kind}", None)
        return decision.options[0] if pick is None else pick(view, decision)

    # ---- where to go ----
    def _move(self, view: Valeria, d: Decision) -> str:
        return max(d.options, key=lambda o: (self.place_worth(view, d.seat, o), o))

    def place_worth(self, view: Valeria, seat: int, place: str) -> float:
        p = me(view, seat)
        if place == CAMP:
            best = max(plan_value(view, p, o) for o in battle.plan_options(view, p))
            full = len(p.dice) >= p.spaces
            return 3.0 + best if (full or best >= 4 or len(p.dice) >= 4) else best
        if place == TITANS:
            dice = sorted((d[1] for d in view.shrines[TITANS]), reverse=True)
            return sum(dice[:2]) / 3 - actions.titans_price(view, min(2, len(dice))) * 0.4
        die_worth = max((self.die_worth(view, p, d, place) for d in view.shrines[place]),
                        default=0)
        return die_worth + self.action_worth(view, p, place)

    def action_worth(self, view: Valeria, p: Player, place: str) -> float:
        aset = view.setup.aset
        if place == "gem":
            return 2.0 if p.res["gem"] < p.cap["gem"] else 0.2
        if place == "magic":
            if any(a not in p.awards and actions.meets(view, p, a) for a in view.awards):
                return 6.0
            return 1.5 if p.res["magic"] < p.cap["magic"] - 1 else 0.3
        if place == "gold":
            return 2.5 if p.res["gold"] < 5 else 0.8
        if place == "champions":
            cheapest = min(aset.champions[c].cost for row in view.display.values() for c in row)
            return 4.0 if p.res["gold"] + 3 >= cheapest else 0.0
        if place == "tactics":
            return 3.0 if not p.reserve else 1.0
        return 0.0

    def die_worth(self, view: Valeria, p: Player, die: list, place: str) -> float:
        if die[0] == "wraith":
            return 2.0 if p.wraith is None else 0.0
        need = 1.0 if die[0] in needed_types(view, p) else 0.0
        if place in actions.DISCOUNTED:
            return need + board.discount(view, die) * 0.3
        return need + die[1] * 0.3

    # ---- dice ----
    def _take_die(self, view: Valeria, d: Decision) -> str:
        p = me(view, d.seat)
        return max(d.options, key=lambda o: (self.die_worth(view, p, parse(o), d.context), o))

    def _bonus_shrine(self, view: Valeria, d: Decision) -> str:
        p = me(view, d.seat)
        return max(d.options, key=lambda s: max(
            (self.die_worth(view, p, x, "") for x in view.shrines[s]), default=0))

    def _return_die(self, view: Valeria, d: Decision) -> str:
        p = me(view, d.seat)
        return min(d.options, key=lambda o: (self.die_worth(view, p, parse(o), ""), o))

    def _adjust(self, view: Valeria, d: Decision) -> str:
        return "done"  # a Discount point costs as much Magic as it saves Gold

    # ---- Shrine actions ----
    def _magic(self, view: Valeria, d: Decision) -> str:
        return d.options[-1]  # an Award when one is there, else the Magic

    def _champion(self, view: Valeria, d: Decision) -> str:
        aset = view.setup.aset
        late = view.round > 12

        def worth(c: str) -> float:
            card = aset.champions[c]
            if card.kind == "instant":
                return gains_worth(card.gains) - card.cost * 0.6
            if card.kind == "ongoing":
                return (0 if late else 6.0) - card.cost * 0.6
            return (5.0 if late else 2.5) - card.cost * 0.4

        best = max(d.options[1:], key=lambda c: (worth(c), c), default="none")
        return best if best != "none" and worth(best) > 0 else "none"

    def _reserve(self, view: Valeria, d: Decision) -> str:
        p = me(view, d.seat)
        plans = [o for o in d.options if o != "none"]
        return max(plans, key=lambda c: (plan_value(view, p, f"reserve:{c}"), c), default="none")

    def _bonus_plan(self, view: Valeria, d: Decision) -> str:
        p = me(view, d.seat)
        return max(d.options, key=lambda c: (plan_value(view, p, f"reserve:{c}"), c))

    def _titans_buy(self, view: Valeria, d: Decision) -> str:
        p = me(view, d.seat)
        room = p.spaces - len(p.dice)
        fits = [o for o in d.options if int(o) <= max(room, 1)]
        return max(fits or d.options[:1], key=int)

    # ---- battle ----
    def _plan(self, view: Valeria, d: Decision) -> str:
        p = me(view, d.seat)
        return max(d.options, key=lambda o: (plan_value(view, p, o), o))

    def _assign(self, view: Valeria, d: Decision) -> str:
        plain = [o for o in d.options if "=" not in o]
        pool = plain or [o for o in d.options if o.endswith("=spell")] or list(d.options)
        return max(pool, key=lambda o: (parse(o.split("=")[0])[1], o))

    def _extra(self, view: Valeria, d: Decision) -> str:
        dice = [o for o in d.options if o != "none"]
        return max(dice, key=lambda o: (parse(o)[1], o), default="none")

    def _boost(self, view: Valeria, d: Decision) -> str:
        p = me(view, d.seat)
        total = sum(board.strength(view, x) for x in view.in_battle)
        if total >= p.res["influence"]:
            return "done"
        flips = [o for o in d.options if o.startswith("flip:")]
        if flips:
            return min(flips, key=lambda o: (parse(o[5:])[1], o))
        magic = [o for o in d.options if o.startswith("magic:")]
        return magic[0] if magic else "done"

    def _conquer(self, view: Valeria, d: Decision) -> str:
        p = me(view, d.seat)
        aset = view.setup.aset

        def worth(area: str) -> float:
            value = gains_worth(aset.areas[f"{p.map}:{area}"].gains)
            for chain in aset.chains.values():
                if chain.map == p.map and area in chain.between and chain.id not in p.chains:
                    other = next(a for a in chain.between if a != area)
                    value += gains_worth(chain.gains) * (1.0 if other in p.areas else 0.4)
            return value

        return max(d.options, key=lambda a: (worth(a), a))

    # ---- modules ----
    def _titan_remove(self, view: Valeria, d: Decision) -> str:
        return max(d.options, key=lambda o: (parse(o)[1], o))  # deny the strongest die

    def _great_battle(self, view: Valeria, d: Decision) -> str:
        p = me(view, d.seat)
        aset = view.setup.aset
        plain = [o for o in d.options if o != "none" and not o.endswith(":gem")]
        if not plain:
            return "none" if "none" in d.options else d.options[0]

        def worth(o: str) -> float:
            card, space = o.split(":")[:2]
            mine = view.markers_on[card].count(p.seat)
            return mine * 2 + gains_worth(aset.battles[card].spaces[int(space)])

        return max(plain, key=lambda o: (worth(o), o))

    def _spell(self, view: Valeria, d: Decision) -> str:
        p = me(view, d.seat)
        aset = view.setup.aset
        best, best_worth = "none", 1.5
        for option in d.options[1:]:
            power = aset.powers[option.split(":")[1]]
            worth = self.spell_worth(view, p, power)
            if worth > best_worth:
                best, best_worth = option, worth
        return best

    def spell_worth(self, view: Valeria, p: Player, power) -> float:
        if power.effect == "gain":
            return gains_worth(power.gains)
        if power.effect == "per_chain":
            return gains_worth(power.gains) * len(p.chains)
        if power.effect in ("battle_vp", "battle_vp_per_icon"):
            return 2.0 * power.amount * (len(view.in_battle) if "icon" in power.effect else 1)
        if power.effect == "dice_plus":
            return 0.5 * len(p.dice)
        if power.effect == "battle_strength":
            total = sum(board.strength(view, x) for x in view.in_battle)
            return 3.0 if total < p.res["influence"] else 0.0
        if power.effect == "battle_wild_plus":
            return 2.0
        return gains_worth(power.gains) - 1.5  # the rest cost something

    def _reroll_die(self, view: Valeria, d: Decision) -> str:
        return min(d.options, key=lambda o: (parse(o)[1], o))

    def _return_champion(self, view: Valeria, d: Decision) -> str:
        return d.options[0]


def parse(text: str) -> list:
    kind, _, pip = text.partition(":")
    return [kind, int(pip)]



register_bot("valeria", "warlord", Warlord,
             "plays with intent: Camp when its best plan scores well, the Shrine it needs, the "
             "dice its plans need, Magic and Gems up to Influence, Chain Bonuses, module actions")
