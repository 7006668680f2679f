"""The heuristic bots on the Titans module: which way to lean on the allegiance track, the
module's decisions (the Guardian's and a Misfortune face's choice, the Memory's tokens, who
bears the Misfortune face) and what the module's cards are worth.

A step of the Allegiance token is worth what it changes: the end value of the space it lands
on, and the zone's yield over what is left of the game (a Loyalty zone's extra on the Gold and
Glory my dice show, a Rebellion zone's Glory on the feats I may still perform); an Ancient
Shard is also a wild shard while the reserve has room. So early on the bots lean where the
zones pay, late where the end value does.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from analytics.engine.decisions import Decision
from analytics.games.diceforge.bots.registry import CHOICES, EFFECT_VALUES, SPECIAL_ROLLS
from analytics.games.diceforge.bots.valuation import gold_stores
from analytics.games.diceforge.cards.titans import ORACLE, memory_sides
from analytics.games.diceforge.rules.components import (
    ANCIENT,
    CARDS,
    GLORY,
    GOLD,
    LOYALTY,
    MOON,
    SUN,
    Face,
)
from analytics.games.diceforge.rules.state import Game
from analytics.games.diceforge.rules.titans import (
    LOYALTY_BONUS,
    REBELLION_BONUS,
    SPACES,
    Allegiance,
)

if TYPE_CHECKING:
    from analytics.games.diceforge.bots.heuristic import HeuristicBot
    from analytics.games.diceforge.bots.valuation import Outlook, Values


def space_worth(o: Outlook, space: int) -> float:
    """The token on `space` from now on: its end value plus its zone's yield till the end."""
    zone = SPACES[space].zone
    worth = float(SPACES[space].value)
    if zone in REBELLION_BONUS:
        worth += o.v.titan_feats * o.acts * REBELLION_BONUS[zone][1]
    else:
        for (bonus_zone, res), bundle in LOYALTY_BONUS.items():
            if bonus_zone == zone:
                worth += _share_showing(o, res) * o.rolls * sum(
                    n * (o.unit[r] if r != GLORY else 1.0) for r, n in bundle)
    return worth


def _share_showing(o: Outlook, res: str) -> float:
    """The share of my faces that give `res` (a roll of one die)."""
    faces = [f for die in o.p.dice for f in die]
    return sum(1 for f in faces if res in f.resources) / len(faces)


def step_worth(o: Outlook, toward: str, steps: int = 1) -> float:
    """Gaining `steps` Loyalty (toward LOYALTY) or Ancient Shards (toward ANCIENT)."""
    here = start = o.g.board.tokens[o.p.seat]
    for _ in range(steps):
        nxt = SPACES[here].right if toward == LOYALTY else SPACES[here].left
        here = here if nxt is None else nxt
    worth = space_worth(o, here) - space_worth(o, start)
    if toward == ANCIENT:  # a wild shard for a feat while the reserve keeps it
        room = o.p.caps[ANCIENT] - o.p.res[ANCIENT]
        worth += min(room, steps) * max(o.unit[SUN], o.unit[MOON])
    return worth


def choose_allegiance(bot: HeuristicBot, g: Game, d: Decision) -> str:
    o = bot.outlook(g, d.seat)
    return max(d.options, key=lambda res: step_worth(o, res))


def _memory_side_worth(o: Outlook, side: int) -> float:
    worth = 0.0
    for res, n in memory_sides(o.g)[side]:
        worth += step_worth(o, res, n) if res in (ANCIENT, LOYALTY) else n * o.unit[res]
    return worth


def choose_memory_side(bot: HeuristicBot, g: Game, d: Decision) -> int:
    o = bot.outlook(g, d.seat)
    return max(d.options, key=lambda side: _memory_side_worth(o, side))


def choose_memory_island(bot: HeuristicBot, g: Game, d: Decision) -> int:
    """The island of the best feat still on offer there (where I am likeliest to go)."""
    o = bot.outlook(g, d.seat)
    best: dict[int, float] = {}
    for slot, card in g.slots.items():
        if g.stacks[slot] and card.island in d.options:
            score = bot.feat_score(o, card.id)
            best[card.island] = max(best.get(card.island, score), score)
    return max(d.options, key=lambda island: best.get(island, float("-inf")))


def choose_misfortune_bearer(bot: HeuristicBot, g: Game, d: Decision) -> int:
    """The opponent whose dice give me most when applied (the bearer's roll blesses me with
    them); between equal dice, the leader (it also gains a Loyalty or an Ancient Shard)."""
    o = bot.outlook(g, d.seat)
    return max(d.options, key=lambda seat: (round(o.dice_mean(g.players[seat]), 6),
                                            g.players[seat].res[GLORY]))


# --- the module's cards -------------------------------------------------------------------
def _forest_face(pool: str):
    """A card forging the best face left in its Forest pool."""
    def worth(o: Outlook, v: Values) -> float:
        faces = {f.id: f for f in o.g.gardens.get(pool, ())}
        return max((max(0.0, o.placement_gain(f)) for f in faces.values()), default=0.0)
    return worth


def _memory(o: Outlook, v: Values) -> float:
    sides = range(len(memory_sides(o.g)))
    return v.memory_claimed * 2 * max(_memory_side_worth(o, s) for s in sides)


def _guardian(o: Outlook, v: Values) -> float:
    return max(0, o.acts - 1) * max(0.0, step_worth(o, LOYALTY), step_worth(o, ANCIENT))


def _oracle(o: Outlook, v: Values) -> float:
    """A minor blessing on each of my turns left, with my better die, counting only what my
    reserves will take then (`_room_when_blessed`; docs/titans.md: most of what its blessings
    showed overflowed). The other tokens' step left is left out: it needs a Loyalty or Ancient
    Shard face, and the bots soon forge over the starting ones."""
    room = _room_when_blessed(o)
    light = dark = 0.0
    for face, on_light, on_dark in o.faces():
        kept = _kept_roll(o, face, room)
        light += kept * on_light
        dark += kept * on_dark
    return max(0, o.acts - 1) * (max(light, dark) / 6)


def _room_when_blessed(o: Outlook) -> dict[str, float]:
    """The room in my reserves at my next reinforcement step, where the Oracle's blessing
    comes: what is free once the card is paid for, less what a round of divine blessings (each
    player's turn, mine the last) brings before it. Later uses alike: my reserves after each
    action taken to be as they are now. Gold a Hammer or Scepter stores never overflows."""
    p, card = o.p, CARDS[ORACLE]
    gains = _blessing_gains(o)
    paid = {SUN: card.sun, MOON: card.moon}
    room = {res: p.caps[res] - p.res[res] + paid.get(res, 0) - len(o.g.players) * gains[res]
            for res in (GOLD, SUN, MOON)}
    if gold_stores(p):
        room[GOLD] = math.inf
    return room


def _blessing_gains(o: Outlook) -> dict[str, float]:
    """Gold, Sun and Moon one divine blessing gives me on average (both dice; a face with a
    choice by the bundle worth most now; a special face's gains are not counted)."""
    gains = {GOLD: 0.0, SUN: 0.0, MOON: 0.0}
    for face, on_light, on_dark in o.faces():
        if face.special or not face.bundles:
            continue
        bundle = max(face.bundles, key=lambda b: _units(o, b, None))
        for res, n in bundle:
            if res in gains:
                gains[res] += n * (on_light + on_dark) / 6
    return gains


def _kept_roll(o: Outlook, face: Face, room: dict[str, float]) -> float:
    """One roll of `face` now, counting only the gold and shards `room` takes (a special face
    as the value model rolls it)."""
    if face.special:
        return o.face_value(face, 0.0)
    return max(_units(o, bundle, room) for bundle in face.bundles)


def _units(o: Outlook, bundle, room: dict[str, float] | None) -> float:
    """`bundle` at my unit values, each resource up to `room` (None: all of it); Loyalty and
    Ancient Shards count nothing here (they are weighed by the choices above)."""
    total = 0.0
    for res, n in bundle:
        if res in o.unit:
            if room is not None and res in room:
                n = min(n, max(0.0, room[res]))
            total += n * o.unit[res]
    return total


def _misfortune(o: Outlook, v: Values) -> float:
    """The bearer's rolls of it bless me with their dice: a sixth of their rolls."""
    best = max((o.dice_mean(q) for q in o.g.opponents(o.p)), default=0.0)
    return v.misfortune_share * o.rolls / 6 * best


def misfortune_roll(o: Outlook) -> float:
    """A Misfortune face rolled by its bearer: the better allegiance step (outside the module,
    where no token moves, nothing)."""
    if not isinstance(o.g.board, Allegiance):
        return 0.0
    return max(0.0, step_worth(o, LOYALTY), step_worth(o, ANCIENT))


TITANS_VALUES = {"chaos": _forest_face("chaos"), "dogged": _forest_face("dogged"),
                 "memory": _memory, "guardian": _guardian, "oracle": _oracle,
                 "mirror_of_misfortune": _misfortune}
TITANS_CHOICES = {"guardian_gain": choose_allegiance, "misfortune_reward": choose_allegiance,
                  "memory_side": choose_memory_side, "memory_island": choose_memory_island,
                  "misfortune_bearer": choose_misfortune_bearer}
CHOICES.update(TITANS_CHOICES)
SPECIAL_ROLLS["misfortune"] = misfortune_roll
EFFECT_VALUES.update(TITANS_VALUES)
