"""The heuristic bots' choices for the Rebellion cards' decisions (The Twins, the Scepter).

Each reads the bot's value model through its `Outlook`, like every handler in bots.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from analytics.engine.decisions import Decision
from analytics.games.diceforge.bots.rebellion_faces import celestial_face_value, celestial_mean
from analytics.games.diceforge.bots.registry import CHOICES
from analytics.games.diceforge.bots.valuation import LEAST, Outlook
from analytics.games.diceforge.cards.rebellion import CONVERSIONS as SCEPTER_CONVERSIONS
from analytics.games.diceforge.cards.rebellion import SCEPTER, TWINS_BONUS
from analytics.games.diceforge.cards.rebellion import SHARDS as SCEPTER_SHARDS
from analytics.games.diceforge.rules.components import GOLD, MOON, SUN
from analytics.games.diceforge.rules.state import CELESTIAL, DIE_NAMES, Game

if TYPE_CHECKING:
    from analytics.games.diceforge.bots.heuristic import HeuristicBot


def choose_twins_reroll(bot: HeuristicBot, g: Game, d: Decision) -> str:
    """Reroll the die whose face is furthest below its mean, when that beats the 3 gold (at
    twice their unit value: Values.reroll_gold_weight) less the Moon or Glory the Twins
    give back."""
    o = bot.outlook(g, d.seat)
    faces, _ = d.context
    means = o.die_means()
    bonus, cost = max(o.unit[MOON], 1.0), 3 * o.unit[GOLD] * o.v.reroll_gold_weight
    best, best_gain = "keep", 0.0
    for i, name in enumerate(d.options[1:]):
        die = DIE_NAMES.index(name)
        if die == CELESTIAL:  # the Celestial Die, rolled alone
            gain = celestial_mean(o) - celestial_face_value(o, faces[i]) + bonus - cost
        else:
            gain = means[die] - _shown_value(o, faces, i) + bonus - cost
        if gain > best_gain:
            best, best_gain = name, gain
    return best


def _shown_value(o: Outlook, faces: tuple, i: int) -> float:
    """What face i of a blessing is worth with the others (an x3 triples its partner)."""
    others = [f for j, f in enumerate(faces) if j != i]
    if faces[i].special == "x3":
        return 2.0 * max((o.face_value(f, 0.0) for f in others), default=0.0)
    tripled = any(f.special == "x3" for f in others)
    return o.face_value(faces[i], 0.0) * (3.0 if tripled else 1.0)


def choose_twins_bonus(bot: HeuristicBot, g: Game, d: Decision) -> str:
    o = bot.outlook(g, d.seat)
    return max(d.options, key=lambda opt: o.bundle_value((TWINS_BONUS[opt],)))


def choose_scepter_gold(bot: HeuristicBot, g: Game, d: Decision) -> int:
    """All it takes: Scepter gold still pays like reserve gold, and fills towards shards."""
    return d.options[-1]


def choose_scepter_pay(bot: HeuristicBot, g: Game, d: Decision) -> int:
    """Keep the track for shards while 4 gold there buys a shard worth more; else spend it."""
    o = bot.outlook(g, d.seat)
    keep = max(o.unit[SUN], o.unit[MOON]) > 4 * o.unit[GOLD]
    return d.options[0] if keep else d.options[-1]


def choose_scepter_shards(bot: HeuristicBot, g: Game, d: Decision) -> str:
    """The conversion whose useful shards are worth most over the gold it resets; 'none'
    (when legal) unless one gains."""
    o = bot.outlook(g, d.seat)
    p = o.p
    _, rest = d.context
    owed = dict(rest)
    tracks = p.tracks[SCEPTER]
    best, best_gain = d.options[0], LEAST
    for option in d.options:
        if option == "none":
            gain = 0.0
        else:
            shard, n, needs = SCEPTER_CONVERSIONS[option]
            useful = min(n, max(0, owed.get(shard, 0) - p.res.get(SCEPTER_SHARDS[shard], 0)))
            reset = min(t for t in tracks if t >= needs)
            gain = useful * o.unit[shard] - reset * o.unit[GOLD]
        if gain > best_gain:
            best, best_gain = option, gain
    return best


REBELLION_HANDLERS: dict[str, Callable[[HeuristicBot, Game, Decision], Any]] = {
    "twins_reroll": choose_twins_reroll,
    "twins_bonus": choose_twins_bonus,
    "scepter_gold": choose_scepter_gold,
    "scepter_pay": choose_scepter_pay,
    "scepter_shards": choose_scepter_shards,
}
CHOICES.update(REBELLION_HANDLERS)
