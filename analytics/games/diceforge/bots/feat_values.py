"""What a feat card's effect is worth to a seat, in Glory, read through its `Outlook`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from analytics.games.diceforge.bots.registry import DICE_EFFECTS, EFFECT_BOUNDS, EFFECT_VALUES
from analytics.games.diceforge.bots.valuation import hammer_room
from analytics.games.diceforge.cards.rebellion_forge import (
    cheapest_glory_faces,
    shows_glory,
    trident_garden_faces,
)
from analytics.games.diceforge.rules.components import (
    FACES,
    GARDENS,
    GOLD,
    HAMMER_PHASE,
    HAMMER_REWARDS,
    MOON,
    SANCTUARY,
    SUN,
    Face,
)
from analytics.games.diceforge.rules.temple import offered_faces, temple_cached

if TYPE_CHECKING:
    from analytics.games.diceforge.bots.valuation import Outlook, Values
    from analytics.games.diceforge.rules.state import Game


def _hammer(o: Outlook, v: Values) -> float:
    p = o.p
    fill = o.gold_income() * v.hammer_share - hammer_room(p)
    fill = min(2 * HAMMER_PHASE, max(0.0, fill))
    return HAMMER_REWARDS[0] * min(1.0, fill / HAMMER_PHASE) + HAMMER_REWARDS[1] * max(
        0.0, (fill - HAMMER_PHASE) / HAMMER_PHASE)


def _elder(o: Outlook, v: Values) -> float:
    uses = min(o.acts - 1, o.gold_income() / 3)
    return max(0.0, uses) * (4 - 3 * v.gold_late)


def _reinforcement_turns(o: Outlook) -> int:
    return max(0, o.acts - 1)


def _hind(o: Outlook, v: Values) -> float:
    return _reinforcement_turns(o) * max(o.die_means())


def _owl(o: Outlook, v: Values) -> float:
    return _reinforcement_turns(o) * max(o.unit[GOLD], o.unit[SUN], o.unit[MOON]) * v.owl_share


def _garden_face(face: Face):
    return lambda o, v: max(0.0, o.placement_gain(face))


def _blessings(count: float):
    return lambda o, v: count * sum(o.die_means(), 0.0)


def _minor_blessings(count: float):
    return lambda o, v: count * max(o.die_means())


def _cyclops(o: Outlook, v: Values) -> float:
    return v.cyclops_blessings * max(o.die_means())


def _cerberus(o: Outlook, v: Values) -> float:
    return v.cerberus_blessings * sum(o.die_means(), 0.0)


def _satyrs(o: Outlook, v: Values) -> float:
    return 2 * o.mirror_value()


def _boar(o: Outlook, v: Values) -> float:
    return o.rolls / 6 * max(o.unit[SUN], o.unit[MOON], v.boar_floor)


def _triton(o: Outlook, v: Values) -> float:
    return max(2 * o.unit[SUN], 2 * o.unit[MOON], 6 * o.unit[GOLD])


def _sentinel(o: Outlook, v: Values) -> float:
    light, dark = o.die_means()
    return 2 * (light + dark) + v.sentinel_extra


def _typhon(o: Outlook, v: Values) -> float:
    return float(o.p.forged)


# Values.reroll_gold_weight and twins_realised were calibrated by paired ablation (`dicelab
# value twins --ablate forbid`, rebellion-goddess-cards, economist/hero, 4 players, 3,000
# games): with the gold at its unit value and the whole estimate, the Twins' buyers won 5.5
# points (4.3-6.6) less than on the same seeds without it. A reroll's 3 gold is gold not forged
# into a face, whose worth compounds: it counts twice; and about half the rerolls the gold
# income allows are made. Then buyers win as often as without.


def _twins(o: Outlook, v: Values) -> float:
    """Each blessing, reroll the die whose reroll gains most (its mean less its face, plus the
    better of 1 Moon or 1 Glory, less 3 gold), as often as the gold income allows."""
    means, bonus = o.die_means(), max(o.unit[MOON], 1.0)
    cost = 3 * o.unit[GOLD] * v.reroll_gold_weight
    light_mean, dark_mean = means
    light = dark = 0.0  # each die's total gain, over its faces in `faces` order
    values = o.roll_values()  # indexed, not zipped: compiled, the loop is then native
    for i, (_, on_light, on_dark) in enumerate(o.faces()):
        value = values[i]
        if on_light:
            gain = light_mean - value + bonus - cost
            if gain > 0:
                light += gain * on_light
        if on_dark:
            gain = dark_mean - value + bonus - cost
            if gain > 0:
                dark += gain * on_dark
    best = max(0.0, light / 6, dark / 6)
    uses = min(float(o.rolls), o.gold_income() / 3)
    return best * uses * v.twins_realised


def _scepter(o: Outlook, v: Values) -> float:
    """Gold turned into shards (4 gold, 1 shard) while shards can still buy feats, and room
    for 6 more gold."""
    shard = max(o.unit[SUN], o.unit[MOON])
    conversions = min(float(max(0, o.acts - 1)), o.gold_income() / 4)
    return max(0.0, shard - 4 * o.unit[GOLD]) * conversions + v.chest / 2  # room: half a Chest


def _extra_turn(o: Outlook, v: Values) -> float:
    """A new turn: one's own blessings again, and one more action."""
    return o.g.blessings_per_turn * sum(o.die_means(), 0.0) + v.turn_action  # float start: mypyc


def _companion(o: Outlook, v: Values) -> float:
    """One step per turn left, cashed at most 5 steps in: as many Glory and Sun Shards (the
    shards worth what they are worth now, half of it: they come late)."""
    steps = min(5, _reinforcement_turns(o))
    return steps * (1.0 + v.companion_shard_share * o.unit[SUN])


def _tree(o: Outlook, v: Values) -> float:
    return _reinforcement_turns(o) * max(3 * o.unit[GOLD] + v.tree_glory, v.tree_floor)


def _ancestor(o: Outlook, v: Values) -> float:
    """The cheapest Glory face over my weakest face (if it gains), then a minor blessing."""
    faces = temple_cached(o.g, "ancestor", lambda g: frozenset(cheapest_glory_faces(g)))
    return max(0.0, o.best_placement(faces)) + max(o.die_means())


# Every Sanctuary face showing Glory: the Ancestor offers some of them. All are plain faces,
# worth the same on either die.
SANCTUARY_GLORY = tuple(dict.fromkeys(f for pool in SANCTUARY for f in pool
                                      if shows_glory(FACES[f])))


def _ancestor_bound(o: Outlook, v: Values) -> float:
    """`_ancestor` with the best Sanctuary face showing Glory in place of the cheapest left
    (the Temple is not read)."""
    parts = o.rates.parts
    top = parts.get("sanctuary_glory")
    if top is None:
        top = parts["sanctuary_glory"] = o.rates.best_kept(SANCTUARY_GLORY)
    return max(0.0, top - min(o.weakest())) + max(o.die_means())


def _wood_nymph(o: Outlook, v: Values) -> float:
    """4 gold, and a purchase now without spending an action: the best face it affords."""
    gold, offered = o.p.res[GOLD] + 4, offered_faces(o.g)
    best = 0.0
    for net, cost, fid in o.rates.ranked_offers():  # best first: the first it affords is best
        if cost <= gold and fid in offered:
            best = net - o.slot_worths()[0]
            break
    return 4 * o.unit[GOLD] + max(0.0, best)


def _goldsmith(o: Outlook, v: Values) -> float:
    owned = {c.id for c in o.p.cards}
    return 2.0 * len(owned | {"goldsmith"})


def _omniscient(o: Outlook, v: Values) -> float:
    """2 Glory per face of my dice showing Glory (kept with my dice values, per rule)."""
    shields = o.g.rules.omniscient_shields
    return o.dice_worth(("omniscient", shields), lambda: 2.0 * sum(
        shows_glory(f, shields) * (on_light + on_dark) for f, on_light, on_dark in o.faces()))


# Values.trident_share was calibrated by paired ablation (`dicelab value abyssal_trident
# --ablate forbid`, rebellion-goddess-cards, economist/hero, 4 players, 2,000 games): with the
# whole placement gain, its buyers won 3.3 points (2.3-4.2) less than on the same seeds without
# it; counting the gold it discards twice made it worse (-6.3); at half the gain, as often as
# without (-0.1, -1.3 to 1.2).


def trident_offers(g: Game) -> frozenset[str]:
    """The ids of `rebellion_forge.trident_faces`, from the Sanctuary's ids the bots already
    keep (they weigh the Trident at most decisions; the Temple changes a few times a round)."""
    return offered_faces(g).union(trident_garden_faces(g))


def _trident(o: Outlook, v: Values) -> float:
    """The best face the Temple still gives, less the reserve gold it discards."""
    faces = temple_cached(o.g, "trident", trident_offers)
    return (v.trident_share * max(0.0, o.best_placement(faces))
            - o.p.res[GOLD] * o.unit[GOLD])


# Every Garden's faces but the x3 (the Trident gives those of Gardens no card of the set gives):
# their `kept_bound`s read only the rates.
GARDEN_FACES_BUT_X3 = tuple(FACES[f] for f in dict.fromkeys(
    f for pool in GARDENS.values() for f in pool) if FACES[f].special != "x3")


def _trident_bound(o: Outlook, v: Values) -> float:
    """`_trident` with every Garden's faces offered, each at its `kept_bound`, and the
    Sanctuary's faces left at their worths (the Temple's other answers are not read)."""
    parts = o.rates.parts
    best = parts.get("gardens")
    if best is None:
        best = parts["gardens"] = max([o.kept_bound(face) for face in GARDEN_FACES_BUT_X3])
    best = max(best, o.kept_bound(FACES["x3"]))
    for top in o.rates.offered_tops(offered_faces(o.g)):
        if top is not None and top > best:
            best = top
    return (v.trident_share * max(0.0, best - min(o.weakest()))
            - o.p.res[GOLD] * o.unit[GOLD])


def _const(name: str):
    return lambda o, v: getattr(v, name)


EFFECT_VALUES.update({
    "blacksmiths_hammer": _hammer,
    "blacksmiths_chest": _const("chest"),
    "silver_hind": _hind,
    "satyrs": _satyrs,
    "helmet_of_invisibility": _garden_face(FACES["x3"]),
    "cancer": _blessings(2),
    "elder": _elder,
    "wild_spirits": lambda o, v: 3 * o.unit[GOLD] + 3 * o.unit[MOON],
    "guardians_owl": _owl,
    "minotaur": _const("minotaur"),
    "mirror_of_the_abyss": _garden_face(FACES["mirror"]),
    "sphinx": _minor_blessings(4),
    "great_bear": _const("great_bear"),
    "tenacious_boar": _boar,
    "cerberus": _cerberus,
    "sentinel": _sentinel,
    "typhon": _typhon,
    "celestial_ship": _garden_face(FACES["ship"]),
    "guardians_shield": lambda o, v: max(
        _garden_face(f)(o, v) for f in o.g.gardens["shield"]) if o.g.gardens["shield"] else 0.0,
    "triton": _triton,
    "cyclops": _cyclops,
    "twins": _twins,
    "blacksmiths_scepter": _scepter,
    "eternal_fire": _extra_turn,
    "companion": _companion,
    "ancestor": _ancestor,
    "tree": _tree,
    "wood_nymph": _wood_nymph,
    "goldsmith": _goldsmith,
    "omniscient": _omniscient,
    "abyssal_trident": _trident,
})

DICE_EFFECTS.update({"silver_hind", "elder", "helmet_of_invisibility", "celestial_ship",
                          "cancer", "sphinx", "cerberus", "sentinel", "cyclops", "twins",
                     "blacksmiths_scepter", "eternal_fire", "companion", "tree"})

EFFECT_BOUNDS.update({"ancestor": _ancestor_bound, "abyssal_trident": _trident_bound})
