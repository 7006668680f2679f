"""Altera's heuristic bot, `steward`, beside the generic random bot.

It plays with intent: a Reputation step is worth the clash reward it could win (when the seat
can still reach the top of that track, counting only the others' public markers), a die is
slotted where its space pays more than the die would at the reveal, it recruits dice of its
Faction's Guild, crafts Artifacts whose rewards pay for them, buys the Benefactors (the 3rd
Emissary first) and spends Favors where a turned face or an ignored requirement pays more than
the Favor. It reads only what its seat may know: its own Villa and the public board (tracks,
resources, Emissaries, cards), never another seat's bag, pool or Objectives.
"""

from __future__ import annotations

import random
from typing import Any

from analytics.engine.decisions import Decision
from analytics.games.altera import dice
from analytics.games.altera.catalogue import Face
from analytics.games.altera.deploy import IGNORE, PASS, space_rule
from analytics.games.altera.rewards import Items, Reward
from analytics.games.altera.state import Altera, Player
from analytics.games.altera.words import COUNCIL, GUILDS, TRACKS
from analytics.policies.registry import register_bot

# What one unit is worth, in about a Coin (Prestige decides the game).
WORTH = {"coin": 1.0, "shard": 1.0, "favor": 1.2, "influence": 0.8, "prestige": 4.0,
         "draw": 1.5, "discard": -0.3, "craft": 1.5, "craft_any_currency": 1.8,
         "objective": 2.0, "trash": 0.5, "recruit_tier1": 1.6, "recruit_tier2": 3.2,
         "reroll": 0.6, "upgrade_any": 2.5, "upgrade_low": 2.0}
UPGRADE = 2.2  # a Guild-coloured upgrade
REP_BASE = 0.4  # a Reputation step with no clash in reach (track rewards, later rounds)
EMISSARY = 3.0  # an extra Emissary this round (Basic space 1)
PREFERRED = {"ashen_druid": "alchemist", "harbor_baron": "merchant", "tide_scholar": "alchemist",
             "ember_warden": "artisan", "velvet_envoy": "artisan"}


def me(view: Altera, seat: int) -> Player:
    return view.players[seat]


def others(view: Altera, seat: int) -> list[Player]:
    return [p for p in view.players if p.seat != seat]


def reward_prestige(reward: Reward) -> float:
    return sum(items_worth(part.choices[0]) for part in reward if not part.cost)


def items_worth(items: Items) -> float:
    total = 0.0
    for effect, n in items:
        if effect.startswith("rep_"):
            total += REP_BASE * n
        elif effect.startswith("upgrade_") and effect not in WORTH:
            total += UPGRADE * n
        else:
            total += WORTH.get(effect, 0.5) * n
    return total


def rep_worth(view: Altera, seat: int, track: str, steps: int = 1) -> float:
    """A step on `track`: the clash reward's worth when it puts the seat at or above every
    other marker (public), else a little."""
    mine = me(view, seat).rep[track] + steps
    best = max((p.rep[track] for p in others(view, seat)), default=0)
    if track == COUNCIL:
        clash = view.setup.aset.tracks.council_clash(mine)
    else:
        clash = view.card(track).clash
    reach = 1.0 if mine > best else 0.6 if mine == best else 0.15
    return REP_BASE + reach * items_worth_reward(clash) / 3


def items_worth_reward(reward: Reward) -> float:
    return sum(max(items_worth(c) for c in part.choices) for part in reward if not part.cost)


def best_track(view: Altera, seat: int) -> str:
    return max(TRACKS, key=lambda t: (rep_worth(view, seat, t), t))


def gains_worth(view: Altera, seat: int, items: Items) -> float:
    total = 0.0
    for effect, n in items:
        if effect == "rep_wild":
            total += n * rep_worth(view, seat, best_track(view, seat))
        elif effect.startswith("rep_"):
            total += n * rep_worth(view, seat, effect[4:])
        else:
            total += items_worth(((effect, n),))
    return total


def reward_worth(view: Altera, seat: int, reward: Reward, face: Face | None) -> float:
    from analytics.games.altera.gains import scale

    total = 0.0
    for part in reward:
        gain = max(gains_worth(view, seat, c) for c in part.choices) * scale(part, face)
        if part.cost:
            gain -= items_worth(part.cost)
            gain = max(gain, 0.0)
        total += gain
    return total


def resolve_worth(die: str, face: Face) -> float:
    """What a die pays at the reveal."""
    worth = 0.8 if dice.tier_of(die) > 0 else 0.0
    for icon in face.icons:
        worth += {"artisanry": 0.7, "magic": 0.7, "wild": 1.2}.get(icon, WORTH.get(icon, 1.0))
    return worth


class Steward:
    name = "steward"

    def __init__(self) -> None:
        self.params: dict[str, Any] = {"prestige": WORTH["prestige"], "emissary": EMISSARY}

    def choose(self, view: Altera, decision: Decision, rng: random.Random) -> Any:
        pick = getattr(self, f"_{decision.kind}", None)
        if pick is None:
            return decision.options[0]
        return pick(view, decision)

    # ---- deploying ----
    def _deploy(self, view: Altera, d: Decision) -> str:
        scored = [(self.slot_worth(view, d.seat, o), o) for o in d.options if o != PASS]
        best = max(scored, default=(0.0, PASS))
        return best[1] if best[0] > -0.5 else PASS

    def slot_worth(self, view: Altera, seat: int, option: str) -> float:
        p = me(view, seat)
        ignoring = option.endswith(IGNORE)
        where, _, turned = option.removesuffix(IGNORE).partition("=")
        index, space = where.split("@")
        die, face_index = p.pool[int(index)]
        faces = view.setup.aset.dice[die].faces
        face = next(f for f in faces if f.id == turned) if turned else faces[face_index]
        favors = (1 if turned else 0) + (1 if ignoring else 0)
        lost = resolve_worth(die, faces[face_index])  # the die no longer resolves
        worth = -favors * WORTH["favor"] - lost
        if space == "basic1":
            return worth + (EMISSARY if p.reserve > 0 else 0) + WORTH["draw"]
        if space == "basic2":
            return worth + rep_worth(view, seat, best_track(view, seat)) + lost
        if space == "basic3":
            return worth + 2 * rep_worth(view, seat, best_track(view, seat))
        rule = space_rule(view, space)
        return (worth + rep_worth(view, seat, space[:-1])
                + reward_worth(view, seat, rule.reward, face))

    def _free(self, view: Altera, d: Decision) -> str:
        for option in d.options:
            if option == "benefactor:merchant":
                return option
        for option in d.options:
            if option.startswith("benefactor:") and view.round < 6:
                return option
            if option.startswith("ability:"):
                return option
        return "done"

    def _rotate(self, view: Altera, d: Decision) -> str:
        p = me(view, d.seat)
        best, best_gain = "done", WORTH["favor"]
        for option in d.options[1:]:
            index, face_id = option.split("=")
            die, current = p.pool[int(index)]
            faces = view.setup.aset.dice[die].faces
            face = next(f for f in faces if f.id == face_id)
            gain = resolve_worth(die, face) - resolve_worth(die, faces[current])
            if gain > best_gain:
                best, best_gain = option, gain
        return best

    # ---- dice ----
    def guild(self, view: Altera, seat: int) -> str:
        p = me(view, seat)
        return PREFERRED.get(p.faction) or max(GUILDS, key=lambda g: (p.rep[g], g))

    def _recruit(self, view: Altera, d: Decision) -> str:
        if "upgrade" in d.options:
            return "upgrade"
        guild = self.guild(view, d.seat)
        ranked = sorted(d.options[1:], key=lambda o: (int(o[4]), o.endswith(f"{guild}{o[4]}")),
                        reverse=True)
        return ranked[0] if ranked else "done"

    def _upgrade(self, view: Altera, d: Decision) -> str:
        guild = self.guild(view, d.seat)
        options = [o for o in d.options if o != "skip"]
        return max(options, key=lambda o: (dice.tier_of(o.split(">")[1]),
                                           o.endswith(f">{guild}1"), o))

    def _gain_die(self, view: Altera, d: Decision) -> str:
        guild = self.guild(view, d.seat)
        return next((o for o in d.options if o.startswith(guild)), d.options[0])

    def _trash(self, view: Altera, d: Decision) -> str:
        basics = [o for o in d.options if o.endswith(":basic0")]
        return basics[0] if basics else ("skip" if "skip" in d.options else d.options[-1])

    def _discard(self, view: Altera, d: Decision) -> str:
        return "skip" if "skip" in d.options else d.options[0]

    def _reroll(self, view: Altera, d: Decision) -> str:
        die, face_id = d.context
        faces = view.setup.aset.dice[die].faces
        mean = sum(resolve_worth(die, f) for f in faces) / len(faces)
        face = next(f for f in faces if f.id == face_id)
        return "reroll" if resolve_worth(die, face) < mean else "keep"

    # ---- rewards ----
    def _reputation(self, view: Altera, d: Decision) -> str:
        return best_track(view, d.seat)

    def _wild(self, view: Altera, d: Decision) -> str:
        if rep_worth(view, d.seat, COUNCIL) > 1.2:
            return "rep_council"
        return "favor"

    def _pay(self, view: Altera, d: Decision) -> str:
        return "pay"  # offered only when affordable; the rewards are worth their costs

    def _choose(self, view: Altera, d: Decision) -> str:
        from analytics.games.altera.rewards import parse_items
        from analytics.games.altera.words import EFFECTS

        return max(d.options, key=lambda o: gains_worth(view, d.seat,
                                                         parse_items(o, EFFECTS, "effect")))

    def _reward_order(self, view: Altera, d: Decision) -> str:
        free = [o for o in d.options if "->" not in o]
        return free[0] if free else d.options[0]

    def _craft(self, view: Altera, d: Decision) -> str:
        aset = view.setup.aset
        best, best_worth = "skip", 0.0
        for option in d.options[1:]:
            what, artifact, currency = option.split(":")
            card = aset.artifacts[artifact]
            reward = card.craft_reward if what == "craft" else card.upgrade_reward
            cost = card.craft_cost if what == "craft" else card.upgrade_cost
            worth = reward_worth(view, d.seat, reward, None) + 2.5 - 0.5 * cost
            if worth > best_worth:
                best, best_worth = option, worth
        return best

    # ---- setup ----
    def _faction(self, view: Altera, d: Decision) -> str:
        return min(d.options, key=lambda f: view.setup.aset.factions[f].priority)

    def _objective(self, view: Altera, d: Decision) -> str:
        from analytics.games.altera.objectives import completable

        p = me(view, d.seat)
        aset = view.setup.aset
        ready = [o for o in d.options if completable([aset.objectives[o]], p)]
        return ready[0] if ready else d.options[0]


register_bot("altera", "steward", Steward,
             "plays with intent: Reputation races against clash rewards, its Faction's dice, "
             "Artifacts that pay, Favors where they pay more than they cost")


def lookahead(budget: Any = 100, rollout: str = "steward", kinds: str = "deploy",
              **knobs: Any) -> Any:
    """The lookahead bot: the engine's MCTS (analytics/policies/mcts.py) at each deployment,
    played on clones whose hidden parts are sampled (hidden.py), the steward elsewhere and in
    the rollouts."""
    from analytics.policies.mcts import MctsBot  # the search: only when a run asks for it

    bot = MctsBot(budget, rollout=rollout, kinds=kinds, **knobs)
    bot.name = "lookahead"
    return bot


register_bot("altera", "lookahead", lookahead,
             "MCTS at each deployment on clones whose hidden parts (others' pools, bags, "
             "Objectives, Guild decks) are sampled, steward rollouts: lookahead:100 "
             "(iterations), lookahead:50ms; the mcts knobs")
