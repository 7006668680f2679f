"""Glory-equivalent values of resources, faces, dice and feat cards, read from a live Game.

A bot looks at the game through an `Outlook`: one seat's per-unit resource values now and the
blessings left, computed once per decision. Everything here only reads the state.
"""

from __future__ import annotations

from dataclasses import dataclass

from analytics.games.diceforge.components import (
    GLORY,
    GOLD,
    HAMMER_PHASE,
    HAMMER_REWARDS,
    MOON,
    SHIELD_BONUS,
    SUN,
    Card,
    Face,
)
from analytics.games.diceforge.state import Game, Player

HAMMER_RATE = sum(HAMMER_REWARDS) / (2 * HAMMER_PHASE)  # Glory per gold on a full Hammer


@dataclass(frozen=True, slots=True)
class Values:
    """The parameters of the value model (per-unit worths in Glory, and plan-specific weights)."""

    gold: float = 0.9          # a gold early in the game, as money for faces
    sun: float = 2.6           # a Sun Shard while feats can still be bought with it
    moon: float = 2.4          # a Moon Shard, likewise
    gold_late: float = 0.35    # a gold with no Hammer room and no Elder (the floor)
    ship_roll: float = 4.0     # one roll of a Celestial Ship face (a discounted purchase)
    chest: float = 2.0         # the Chest's raised caps
    minotaur: float = 3.0      # the harm Minotaur does to the leaders, as Glory
    great_bear: float = 4.0    # expected ousting Glory from a Great Bear
    hammer_share: float = 0.7  # share of later gold income that goes onto a new Hammer


class Outlook:
    """One seat's view at one moment: unit values now and the blessings it will still get.

    Bots cache an Outlook while the turn, the seat's dice and its cards stay the same; the
    reserves it reads for overflow are read live.
    """

    __slots__ = ("g", "p", "unit", "weights", "worth", "rolls", "spend_rolls", "acts",
                 "forge_gold", "memo", "_die_means", "_mirror", "_slots", "_values", "_worths",
                 "_faces")

    def __init__(self, g: Game, p: Player, v: Values) -> None:
        n = len(g.players)
        now = (g.round - 1) * n + g.active
        self.g, self.p = g, p
        self.rolls = (g.rounds * n - now - 1) * g.blessings_per_turn  # after this turn's
        self.spend_rolls = spend_rolls(g, p)
        self.acts = g.rounds - g.round + (1 if p.seat >= g.active else 0)
        shard_left = min(1.0, self.acts / 2.0)
        self.forge_gold = forge_gold(g, p, v)
        gold = max(self.forge_gold, gold_floor(p, v))
        self.unit = {GOLD: gold, SUN: v.sun * shard_left, MOON: v.moon * shard_left, GLORY: 1.0}
        self.weights = (gold, self.unit[SUN], self.unit[MOON], 1.0)
        # A kept face: shards and gold count until my last action, Glory until the end.
        spend = self.spend_rolls / 6
        self.worth = (gold * spend, self.unit[SUN] * spend, self.unit[MOON] * spend,
                      self.rolls / 6)
        self._die_means: tuple[float, float] | None = None
        self._mirror: float | None = None
        self._slots: list[float] | None = None
        self.memo: dict = {}  # a bot's own results for this moment
        self._values: dict[str, float] = {}
        self._worths: dict[str, float] = {}
        self._faces: list | None = None

    def faces(self) -> list[tuple[Face, int, int]]:
        """My distinct faces with how many of each sit on each die (dice repeat faces a lot)."""
        if self._faces is None:
            counts: dict[str, list] = {}
            for d, die in enumerate(self.p.dice):
                for f in die:
                    entry = counts.get(f.id)
                    if entry is None:
                        entry = counts[f.id] = [f, 0, 0]
                    entry[1 + d] += 1
            self._faces = [tuple(entry) for entry in counts.values()]
        return self._faces

    def die_means(self) -> tuple[float, float]:
        """Mean value of one roll of each of my dice, at today's unit values."""
        if self._die_means is None:
            faces = self.faces()
            light = sum(self.face_value(f, 0.0) * n for f, n, _ in faces) / 6
            dark = sum(self.face_value(f, 0.0) * n for f, _, n in faces) / 6
            if any(f.special == "x3" for f, _, _ in faces):  # an x3 doubles the other die
                light, dark = (sum(self.face_value(f, dark) * n for f, n, _ in faces) / 6,
                               sum(self.face_value(f, light) * n for f, _, n in faces) / 6)
            self._die_means = (light, dark)
        return self._die_means

    def bundle_value(self, bundle) -> float:
        """What one bundle is worth now, ignoring what would overflow the reserve."""
        p, unit, total = self.p, self.unit, 0.0
        for res, amount in bundle:
            if res != GLORY and not (res == GOLD and p.hammers):
                amount = min(amount, p.caps[res] - getattr(p, res))
            total += amount * unit[res]
        return total

    def face_value(self, face: Face, other: float) -> float:
        """One roll of `face` now; `other` is the value of the other die's face (for x3)."""
        special = face.special
        if not special or special == "boar" or special == "shield":  # a shield: its bottom reward
            value = self._values.get(face.id)
            if value is None:
                value = self._values[face.id] = _dot_max(face, *self.weights)
            return value
        if special == "x3":
            return 2.0 * other
        if special == "ship":
            return self.unit[GOLD] * 2 + 1.0
        return self.mirror_value()

    def mirror_value(self) -> float:
        """A Mirror roll: a good plain face among the opponents' dice, roughly."""
        if self._mirror is None:
            shown = {f.id: f for q in self.g.opponents(self.p) for die in q.dice for f in die}
            self._mirror = 0.8 * max(self.face_value(f, 0.0) for f in shown.values()
                                     if f.special != "mirror" and f.special != "x3")
        return self._mirror

    def face_worth(self, face: Face, die: int, v: Values) -> float:
        """A face kept on `die` for the rest of the game: income per roll times rolls left."""
        special = face.special
        if not special or special == "boar":
            worth = self._worths.get(face.id)
            if worth is None:
                worth = self._worths[face.id] = _dot_max(face, *self.worth)
            return worth
        if special == "x3":
            return 2.0 * self.die_means()[1 - die] * self.rolls / 6
        if special == "shield":
            return self._shield_value(face, die) * self.rolls / 6
        if special == "ship":
            return v.ship_roll * self.spend_rolls / 6
        return self.mirror_value() * self.spend_rolls / 6

    def _shield_value(self, face: Face, die: int) -> float:
        """Bottom reward, or 5 Glory when the other die shows the shield's colour."""
        other = self.p.dice[1 - die]
        match = sum(face.colour in f.resources for f in other) / 6
        return match * SHIELD_BONUS + (1 - match) * self.face_value(face, 0.0)

    def slot_worths(self, v: Values) -> list[float]:
        """Worth of every face of mine that may be forged over, cheapest first (do not modify)."""
        if self._slots is None:
            slots = []
            for f, n_light, n_dark in self.faces():
                if f.special != "boar":
                    slots += [self.face_worth(f, 0, v)] * n_light
                    slots += [self.face_worth(f, 1, v)] * n_dark
            slots.sort()
            self._slots = slots
        return self._slots

    def placement_gain(self, face: Face, v: Values) -> float:
        """Worth added by forging `face` over my weakest face (on the die where it fits best)."""
        return max(
            self.face_worth(face, d, v) - min(self.face_worth(f, d, v) for f, *n in self.faces()
                                              if n[d] and f.special != "boar")
            for d in (0, 1)
        )

    def gold_income(self) -> float:
        """Gold I expect from my dice over the blessings left (plain gold faces only)."""
        per_roll = sum(_vectors(f)[0][0] * (n_light + n_dark) for f, n_light, n_dark in self.faces()
                       if len(f.bundles) == 1) / 6
        return per_roll * self.rolls


_VECTORS: dict[str, tuple[tuple[int, int, int, int], ...]] = {}


def _vectors(face: Face) -> tuple[tuple[int, int, int, int], ...]:
    """A face's bundles as (gold, sun, moon, glory) amounts, computed once per face id."""
    vectors = _VECTORS.get(face.id)
    if vectors is None:
        vectors = tuple(tuple(sum(a for r, a in b if r == res) for res in (GOLD, SUN, MOON, GLORY))
                        for b in face.bundles) or ((0, 0, 0, 0),)
        _VECTORS[face.id] = vectors
    return vectors


def _dot_max(face: Face, wg: float, ws: float, wm: float, wv: float) -> float:
    """The best bundle of `face` under weights for gold, sun, moon and Glory."""
    best = float("-inf")
    for g, s, m, v in _VECTORS.get(face.id) or _vectors(face):  # a loop: this is the hot path
        value = g * wg + s * ws + m * wm + v * wv
        if value > best:
            best = value
    return best


def spend_rolls(g: Game, p: Player) -> int:
    """Blessings p still receives before p's last action (what shards and gold can pay for)."""
    n = len(g.players)
    return max(0, (g.rounds - g.round) * n + p.seat - g.active) * g.blessings_per_turn


def forge_gold(g: Game, p: Player, v: Values) -> float:
    """A gold as money for faces: it falls as the blessings a new face would get run out."""
    total = max(1, (g.rounds * len(g.players) - 1) * g.blessings_per_turn)
    return v.gold * spend_rolls(g, p) / total


def gold_floor(p: Player, v: Values) -> float:
    """What a gold is still worth when no face is worth buying: Hammer or Elder, else little."""
    if any(c.id == "elder" for c in p.reinforcements):
        return 4 / 3 * 0.8
    if p.hammers and p.hammer_room > 0:
        return HAMMER_RATE * 0.9
    return v.gold_late


def effect_value(card: Card, o: Outlook, v: Values) -> float:
    """What the card's effect (beyond its printed Glory) is worth to me from now on."""
    effect = EFFECT_VALUES.get(card.effect)
    return effect(o, v) if effect else 0.0


def _hammer(o: Outlook, v: Values) -> float:
    p = o.p
    fill = o.gold_income() * v.hammer_share - p.hammer_room
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
    return _reinforcement_turns(o) * max(o.unit[GOLD], o.unit[SUN], o.unit[MOON]) * 0.9


def _garden_face(face: Face):
    return lambda o, v: max(0.0, o.placement_gain(face, v))


def _blessings(count: float):
    return lambda o, v: count * sum(o.die_means())


def _minor_blessings(count: float):
    return lambda o, v: count * max(o.die_means())


def _satyrs(o: Outlook, v: Values) -> float:
    return 2 * o.mirror_value()


def _boar(o: Outlook, v: Values) -> float:
    return o.rolls / 6 * max(o.unit[SUN], o.unit[MOON], 3.0)


def _triton(o: Outlook, v: Values) -> float:
    return max(2 * o.unit[SUN], 2 * o.unit[MOON], 6 * o.unit[GOLD])


def _sentinel(o: Outlook, v: Values) -> float:
    return 2 * sum(o.die_means()) + 1.0


def _typhon(o: Outlook, v: Values) -> float:
    return float(o.p.forged)


def _const(name: str):
    return lambda o, v: getattr(v, name)


# Immediate or lasting effect worth by effect name; Glory-only cards are absent (worth 0).
EFFECT_VALUES = {
    "blacksmiths_hammer": _hammer,
    "blacksmiths_chest": _const("chest"),
    "silver_hind": _hind,
    "satyrs": _satyrs,
    "helmet_of_invisibility": _garden_face(Face("x3", special="x3")),
    "cancer": _blessings(2),
    "elder": _elder,
    "wild_spirits": lambda o, v: 3 * o.unit[GOLD] + 3 * o.unit[MOON],
    "guardians_owl": _owl,
    "minotaur": _const("minotaur"),
    "mirror_of_the_abyss": _garden_face(Face("mirror", special="mirror")),
    "sphinx": _minor_blessings(4),
    "great_bear": _const("great_bear"),
    "tenacious_boar": _boar,
    "cerberus": _blessings(1.2),
    "sentinel": _sentinel,
    "typhon": _typhon,
    "celestial_ship": _garden_face(Face("ship", special="ship")),
    "guardians_shield": lambda o, v: max(
        _garden_face(f)(o, v) for f in o.g.gardens["shield"]) if o.g.gardens["shield"] else 0.0,
    "triton": _triton,
    "cyclops": _minor_blessings(4.4),
}
