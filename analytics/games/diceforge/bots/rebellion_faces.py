"""The heuristic bots' worth of, and choices for, the Rebellion cards about faces and dice
(The Celestial Die, The Goddess, The Wind, The Merchant, The Light), read through an `Outlook`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from analytics.engine.decisions import Decision
from analytics.games.diceforge.bots.registry import (
    CHOICES,
    DICE_EFFECTS,
    EFFECT_BOUNDS,
    EFFECT_VALUES,
    USE_WORTHS,
)
from analytics.games.diceforge.cards.rebellion_faces import MERCHANT_GLORY, UPGRADE, shows
from analytics.games.diceforge.rules.components import (
    CELESTIAL_FACES,
    FACES,
    GLORY,
    GOLD,
    SANCTUARY,
    Face,
)
from analytics.games.diceforge.rules.state import Game, Player
from analytics.games.diceforge.rules.temple import offered_faces
from analytics.games.diceforge.rules.upgrade import TOP_LEVEL

if TYPE_CHECKING:
    from analytics.games.diceforge.bots.heuristic import HeuristicBot
    from analytics.games.diceforge.bots.valuation import Outlook, Values

LIGHT_COST = 3  # gold a use of The Light costs (its card's `use`)
# Values.light_realised and wind_realised were calibrated by paired ablation (`dicelab value CARD
# --ablate forbid`, rebellion-titans-cards, economist/hero, 4 players, 3,000 games): at their
# whole estimates the buyers of The Light won 3.0 points (2.3-3.7) and of The Wind 1.9 (1.2-2.5)
# less than on the same seeds without them; at half, as often as without (2,000 games: +0.6,
# -0.2 points, intervals across 0). Values.light_chance: the share of a face's value the best
# face showing at a Light use gives.


# --- what faces are worth now ------------------------------------------------------------------

def pair_value(o: Outlook, a: Face, b: Face) -> float:
    """Two faces applied together (an x3 triples its partner; two x3s give nothing)."""
    return _pair_value(a, b, o.face_value(a, 0.0), o.face_value(b, 0.0))


def _pair_value(a: Face, b: Face, value_a: float, value_b: float) -> float:
    """`pair_value` from the faces' values applied alone."""
    if a.special == "x3" or b.special == "x3":
        return 0.0 if a.special == b.special else 3 * max(value_a, value_b)
    return value_a + value_b


def best_face_up(o: Outlook) -> float:
    """The best face showing on any player's die, applied alone now."""
    return o.best_value(f for q in o.g.players for f in q.up)


def best_upgrade(o: Outlook, levels: int, offered: frozenset[str] | None = None) -> float:
    """The best upgrade by `levels` (0 when no face can be upgraded), to the faces left in the
    Sanctuary unless `offered` says which ids: the most an upgradable place gains,
    found per level as the best face offered less my weakest face there; kept with my dice
    values per faces on offer."""
    if offered is None:
        offered = offered_faces(o.g)
    faces = offered  # bound after the None check: the lambda sees a set (for mypy)
    return o.dice_worth(("upgrade", levels, faces), lambda: _best_upgrade(o, levels, faces))


def _best_upgrade(o: Outlook, levels: int, offered: frozenset[str]) -> float:
    tops = o.rates.offered_tops(offered)
    best = 0.0
    found = False
    for level, floor in o.level_floors():
        top = tops[min(level + levels, TOP_LEVEL)]  # past level 7, level 7's
        if top is None:  # nothing left at that level or above
            continue
        gain = top - floor
        if not found or gain > best:
            best, found = gain, True
    return best


def celestial_face_value(o: Outlook, face: Face) -> float:
    special = face.special
    if special == "celestial_mirror":
        return best_face_up(o)
    if special == "choose_face":
        return max(o.roll_values())
    if special == "double_upgrade":
        return max(0.0, best_upgrade(o, 2))
    bundles = face.bundles
    if len(bundles) == 1:  # most faces: no choice to weigh
        return o.bundle_value(bundles[0])
    return max(map(o.bundle_value, bundles))


def celestial_mean(o: Outlook) -> float:
    """One roll of the Celestial Die, now."""
    return sum([celestial_face_value(o, f) for f in CELESTIAL_FACES]) / len(CELESTIAL_FACES)


# Every face the Sanctuary starts with: what the Merchant's worth weighs upgrades against,
# whatever is left (its worth is then kept with my dice values, `FACE_DICE_EFFECTS`).
SANCTUARY_IDS = frozenset(f for pool in SANCTUARY for f in pool)


# --- card worths (feat_values.EFFECT_VALUES) ---------------------------------------------------

def _turns(o: Outlook) -> int:
    return max(0, o.acts - 1)


def _goddess(o: Outlook, v: Values) -> float:
    """The best pair of a face of each die (each face's value read once)."""
    valued = list(zip(o.faces(), o.roll_values(), strict=True))
    return max(_pair_value(a, b, value_a, value_b)
               for (a, on_light, _), value_a in valued if on_light
               for (b, _, on_dark), value_b in valued if on_dark)


def _wind(o: Outlook, v: Values) -> float:
    """The resource all dice show most of, on average, at its worth."""
    best = 0.0  # a loop, not max() over a generator: asked at most action choices
    for res, n in _shown_by_all(o.g):
        worth = n * o.unit.get(res, 1.0)
        if worth > best:
            best = worth
    return v.wind_realised * best


class _Shown:
    """One game's Wind readings: per seat, (its dice's `forged`, what they show), and the sum of
    every seat's `forged` with all that shows then (a class: compiled, its fields are typed)."""

    __slots__ = ("game", "per_seat", "forged", "totals")

    def __init__(self) -> None:
        self.game: Game | None = None
        self.per_seat: dict[int, tuple[int, dict[str, float]]] = {}
        self.forged = -1
        self.totals: tuple[tuple[str, float], ...] = ()


_SHOWN = _Shown()


def _shown_by_all(g: Game) -> tuple[tuple[str, float], ...]:
    """Per resource, what one roll of every player's dice shows in all, kept while no die
    changes (every bot decision asks it, and a die changes a few times a game)."""
    forged = 0  # the dice's version: each seat's count of forges only grows, so their sum
    for q in g.players:  # changes whenever any die does (a loop: native when compiled)
        forged += q.forged
    kept = _SHOWN
    if kept.game is not g:
        kept.game, kept.per_seat, kept.forged = g, {}, -1
    elif kept.forged == forged:
        return kept.totals
    totals: dict[str, float] = {}
    for q in g.players:
        for res, n in _shown_by(kept, q).items():
            totals[res] = totals.get(res, 0.0) + n
    kept.forged, kept.totals = forged, tuple(totals.items())
    return kept.totals


def _shown_by(kept: _Shown, q: Player) -> dict[str, float]:
    """Per resource, what one roll of each of q's dice shows on average, kept while q's dice
    stay the same (every change to them is a forge)."""
    known = kept.per_seat.get(q.seat)
    if known is not None and known[0] == q.forged:
        return known[1]
    totals: dict[str, float] = {}
    for die in q.dice:
        size = len(die)
        known_shares = _PER_ROLL.setdefault(size, {})
        for face in die:
            shares = known_shares.get(face.id)
            if shares is None:
                shares = known_shares[face.id] = _shown_per_roll(face, size)
            for res, share in shares:
                totals[res] = totals.get(res, 0.0) + share
    kept.per_seat[q.seat] = (q.forged, totals)
    return totals


# Per die size, per face id: (resource, what the face shows of it / the size) per resource.
_PER_ROLL: dict[int, dict[str, tuple[tuple[str, float], ...]]] = {}


def _shown_per_roll(face: Face, size: int) -> tuple[tuple[str, float], ...]:
    """(resource, what `face` shows of it / `size`) per resource it shows."""
    return tuple((res, n / size) for res, n in shows(face))


def _merchant(o: Outlook, v: Values) -> float:
    """2 Glory a turn, or an upgrade when one gains more (against the full Sanctuary: the
    worth then reads only the rates and my dice, and is kept with them, `DICE_EFFECTS`)."""
    upgrade = best_upgrade(o, 1, SANCTUARY_IDS)
    return _turns(o) * float(MERCHANT_GLORY) + max(0.0, upgrade - MERCHANT_GLORY)


def _light(o: Outlook, v: Values) -> float:
    """Each turn the gold allows: a good face showing somewhere, for 3 gold."""
    return _light_with(o, o.best_shown_anywhere())


def _light_with(o: Outlook, best: float) -> float:
    uses = min(float(_turns(o)), o.gold_income() / LIGHT_COST)
    v = o.v
    return v.light_realised * uses * max(0.0, v.light_chance * best - LIGHT_COST * o.unit[GOLD])


# --- upper bounds of worths (feat_values.EFFECT_BOUNDS) ----------------------------------------
# Each is at least its worth, read from the rates and my dice values alone (which the bots keep),
# never from the other players' dice or the Temple: where a bot's choice is clear without it,
# the worth itself is never worked out. tests/diceforge/test_bot_bounds.py holds them above
# the worths.

CELESTIAL_PLAIN = tuple(f for f in CELESTIAL_FACES if not f.special)


def _uncapped(o: Outlook, face: Face) -> float:
    """A plain face's best bundle with no reserve cap: at least its `bundle_value`, and its
    `face_value` (the same sum)."""
    unit = o.unit
    return max(sum(n * unit[res] for res, n in bundle) for bundle in face.bundles)


def _light_bound(o: Outlook, v: Values) -> float:
    """`_light` with the best face any die may hold for the best showing."""
    return _light_with(o, o.top_roll())


def _celestial_bound(o: Outlook, v: Values) -> float:
    """`celestial_mean` with each face at most its worth: plain faces with no reserve cap;
    the Celestial Mirror the best face any die (the Celestial Die's too) may show; the choice
    of a face my best; the double upgrade the best Sanctuary face kept (over a face worth at
    least nothing). All but my best face read only the rates: kept with them."""
    parts = o.rates.parts
    known = parts.get("celestial")
    if known is None:
        plain = [_uncapped(o, f) for f in CELESTIAL_PLAIN]
        known = parts["celestial"] = sum(plain) + max(o.top_roll(), *plain)
        top_kept = max(faces[0][0] for faces in o.rates.level_ranking() if faces)
        parts["celestial_upgrade"] = max(0.0, top_kept)
    return (known + max(o.roll_values()) + parts["celestial_upgrade"]) / len(CELESTIAL_FACES)


FACE_CARD_VALUES: dict[str, Callable[[Outlook, Values], float]] = {
    "celestial_die": lambda o, v: celestial_mean(o),
    "goddess": _goddess,
    "wind": _wind,
    "merchant": _merchant,
    "light": _light,
}

FACE_CARD_BOUNDS: dict[str, Callable[[Outlook, Values], float]] = {
    "celestial_die": _celestial_bound,
    "light": _light_bound,
}

# Worths that read only the rates and my dice (registry.DICE_EFFECTS).
FACE_DICE_EFFECTS = frozenset({"merchant"})

# What one use of a reinforcement with a price but no fixed gain is worth now (bots.py uses it
# when it beats the price).
FACE_USE_WORTHS: dict[str, Callable[[Outlook], float]] = {"light": best_face_up}


# --- decisions ---------------------------------------------------------------------------------

def choose_apply_face_up(bot: HeuristicBot, g: Game, d: Decision) -> Face:
    o = bot.outlook(g, d.seat)
    return max(d.options, key=lambda f: o.face_value(f, 0.0))


def choose_celestial_choose(bot: HeuristicBot, g: Game, d: Decision) -> tuple[int, int]:
    o = bot.outlook(g, d.seat)
    return max(d.options, key=lambda place: o.face_value(o.p.dice[place[0]][place[1]], 0.0))


def choose_goddess_faces(bot: HeuristicBot, g: Game, d: Decision) -> tuple[Face, Face]:
    o = bot.outlook(g, d.seat)
    return max(d.options, key=lambda pair: pair_value(o, *pair))


def choose_wind_type(bot: HeuristicBot, g: Game, d: Decision) -> str:
    o = bot.outlook(g, d.seat)
    totals = dict(d.context)
    return max(d.options, key=lambda res: o.bundle_value(((res, totals[res]),)))


def choose_merchant(bot: HeuristicBot, g: Game, d: Decision) -> str:
    """An upgrade by N copies when it gains more than their 2 Glory each; else Glory."""
    o = bot.outlook(g, d.seat)
    offered = offered_faces(g)

    def net(option: str) -> float:
        if option == "glory":
            return 0.0
        levels = int(option[len(UPGRADE):])  # (not kept: asked once a turn, at new rates)
        return _best_upgrade(o, levels, offered) - levels * MERCHANT_GLORY * o.unit[GLORY]
    return max(d.options, key=net)


def choose_upgrade_face(bot: HeuristicBot, g: Game, d: Decision) -> tuple[int, int]:
    o = bot.outlook(g, d.seat)
    # Per level: the best face an upgrade to it takes (Sanctuary faces are plain: their best
    # worth, the same on either die, is the rates').
    tops, levels = o.rates.offered_tops(offered_faces(g)), d.context

    def gain(place: tuple[int, int]) -> float:
        die, side = place
        old = o.p.dice[die][side]
        top = tops[min(old.level + levels, TOP_LEVEL)]
        assert top is not None  # the options are faces that can rise (upgrade.upgradable)
        return top - o.face_worth(old, die)
    return max(d.options, key=gain)


def choose_upgrade_to(bot: HeuristicBot, g: Game, d: Decision) -> str:
    o = bot.outlook(g, d.seat)
    die = d.context[0]
    return max(d.options, key=lambda fid: o.face_worth(FACES[fid], die))


FACES_HANDLERS: dict[str, Callable[[HeuristicBot, Game, Decision], Any]] = {
    "apply_face_up": choose_apply_face_up,
    "celestial_choose": choose_celestial_choose,
    "goddess_faces": choose_goddess_faces,
    "wind_type": choose_wind_type,
    "merchant": choose_merchant,
    "upgrade_face": choose_upgrade_face,
    "upgrade_to": choose_upgrade_to,
}
CHOICES.update(FACES_HANDLERS)
EFFECT_VALUES.update(FACE_CARD_VALUES)
EFFECT_BOUNDS.update(FACE_CARD_BOUNDS)
DICE_EFFECTS.update(FACE_DICE_EFFECTS)
USE_WORTHS.update(FACE_USE_WORTHS)
