"""Glory-equivalent values of resources, faces, dice and feat cards, read from a live Game.

A bot looks at the game through an `Outlook`: one seat's per-unit resource values now and the
blessings left. Everything here only reads the state.

Speed matters (bots decide ~300 times a game), so the work is split by what it depends on:
`Rates` depend only on the moment in the turn order (and the plan's `Values`), so they and their
per-face tables are computed once and shared by every game through a `RateBook`; an `Outlook`
adds what depends on the seat's dice and caches it while those stay the same.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from analytics.games.diceforge.bots.registry import DICE_EFFECTS, EFFECT_VALUES, SPECIAL_ROLLS
from analytics.games.diceforge.cards.base import HAMMER
from analytics.games.diceforge.cards.rebellion import SCEPTER
from analytics.games.diceforge.rules.components import (
    CARDS,
    CELESTIAL_FACES,
    FACES,
    GLORY,
    GOLD,
    HAMMER_PHASE,
    HAMMER_REWARDS,
    MOON,
    REINFORCEMENT,
    SHIELD_BONUS,
    SUN,
    Face,
    boar_face,
)
from analytics.games.diceforge.rules.forge import FIXED
from analytics.games.diceforge.rules.state import Game, Player
from analytics.games.diceforge.rules.temple import offered_faces
from analytics.games.diceforge.rules.upgrade import TOP_LEVEL

HAMMER_RATE = sum(HAMMER_REWARDS) / (2 * HAMMER_PHASE)  # Glory per gold on a full Hammer
SANCTUARY_FACES = tuple(f for f in FACES.values() if f.cost > 0)
Colour = str | int | None  # a Face's `colour`: a Shield's is the resource its bonus matches
_SAME_ON_BOTH = ("", "boar")  # specials whose worth `face_worth` reads from the rates alone
# My forgeable faces' worths: every one cheapest first, the weakest on each die, the weakest per
# level that can still be upgraded (see `Outlook._forgeable`).
Forgeable = tuple[list[float], tuple[float, float], tuple[tuple[int, float], ...]]
PLAIN_FACES = tuple(f for f in FACES.values() if f.special in _SAME_ON_BOTH)
# Compiled, `float("inf")` parses its string at every call (`_dot_max` runs at most worths).
_INF: Final = math.inf
LEAST: Final = -math.inf  # below any worth: where a search for the best starts
# How many of a die's six faces, as text (compiled, `str` of an int is a call; the dice's
# key is built whenever they change).
_COUNT_TEXT: Final = tuple(str(n) for n in range(7))
# Every face a die can hold that a Mirror may copy (not the Celestial Die's: never on a die).
COPYABLE_FACES = (*(f for f in FACES.values() if f.special not in ("mirror", "x3")
                    and f not in CELESTIAL_FACES), boar_face(0))


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
    turn_action: float = 6.0   # one more action (The Eternal Fire's turn), besides its blessing
    # Shares and weights tuned by hand or by paired ablation (`dicelab value CARD --ablate
    # forbid`; the worth that uses each says how it was set). Fields, so that each bot's are
    # logged with its run (the manifest's bot_params) and a plan may set its own.
    mirror_share: float = 0.8  # a Mirror roll, against the best face it may copy
    rate_share: float = 0.8    # a gold a reinforcement turns into Glory (the Elder), of its rate
    hammer_rate_share: float = 0.9  # a gold with Hammer room, of the Hammer's rate
    owl_share: float = 0.9     # the Owl's resource, of the best unit's worth
    boar_floor: float = 3.0    # a Boar roll is worth at least this (its owner's bonus)
    sentinel_extra: float = 1.0  # the Sentinel, beyond two blessings' worth
    cerberus_blessings: float = 1.2  # divine blessings a Cerberus is worth
    cyclops_blessings: float = 4.4   # minor blessings a Cyclops is worth
    reroll_gold_weight: float = 2.0  # a Twins reroll's gold counts this many times
    twins_realised: float = 0.5      # share of the rerolls the gold allows that are made
    companion_shard_share: float = 0.5  # a Companion's Sun Shards come late: this share
    tree_glory: float = 1.0     # The Tree: Glory beside its gold, and its floor per turn
    tree_floor: float = 2.0
    trident_share: float = 0.5  # The Abyssal Trident: share of the placement gain
    light_chance: float = 0.6   # The Light: share of the best face showing it gives
    light_realised: float = 0.5  # The Light and The Wind: share of their whole estimate
    wind_realised: float = 0.5
    left_hand_share: float = 0.5  # The Left Hand: share of a blessing plus the pawns' rolls
    cash_margin: float = 2.0    # The Companion: what cashing early must gain beyond the steps
    route_look: int = 5         # the Labyrinth: spaces ahead a fork weighs
    route_later: float = 0.8    # a space one more move away, of its value now
    golem_span: int = 3         # a Golem face's roll: the mean step of the best route this long
    titan_feats: float = 0.25   # the Titans board: share of my actions left that a Rebellion
    # zone's Glory rewards (a feat not yet performed)
    memory_claimed: float = 0.5  # The Memory: share of its two tokens claimed
    misfortune_share: float = 0.5  # The Mirror of Misfortune: share of the bearer's dice I keep


class Rates:
    """Unit values and blessings left for one seat at one moment of the turn order.

    A pure function of (Values, player count, rounds, blessings per turn, round, active seat,
    seat, gold floor), so one instance serves every game; its face tables fill up lazily.
    """

    __slots__ = ("v", "unit", "weights", "worth", "rolls", "spend_rolls", "acts", "forge_gold",
                 "values", "worths", "_all_kept", "_ranked", "_levels", "_tops",
                 "top_roll", "parts")

    def __init__(self, g: Game, p: Player, v: Values, floor: float) -> None:
        n = len(g.players)
        now = (g.round - 1) * n + g.active
        self.v = v
        self.rolls = (g.rounds * n - now - 1) * g.blessings_per_turn  # after this turn's
        self.spend_rolls = spend_rolls(g, p)
        self.acts = g.rounds - g.round + (1 if p.seat >= g.active else 0)
        shard_left = min(1.0, self.acts / 2.0)
        self.forge_gold = forge_gold(g, p, v)
        gold = max(self.forge_gold, floor)
        self.unit = {GOLD: gold, SUN: v.sun * shard_left, MOON: v.moon * shard_left, GLORY: 1.0}
        self.weights = (gold, self.unit[SUN], self.unit[MOON], 1.0)
        # A kept face: shards and gold count until my last action, Glory until the end.
        spend = self.spend_rolls / 6
        self.worth = (gold * spend, self.unit[SUN] * spend, self.unit[MOON] * spend,
                      self.rolls / 6)
        self.values: dict[str, float] = {}  # face id -> one roll now (plain bundles only)
        self.worths: dict[str, float] = {}  # face id -> kept for good (plain bundles only)
        self._all_kept = False  # whether `worths` holds every plain face (see `best_kept`)
        self._ranked: list[tuple[float, int, str]] | None = None
        self.top_roll: float | None = None  # see `Outlook.top_roll`
        # Parts of card worths' bounds that read only these rates, by name (each bound in
        # feat_values.py and rebellion_faces_bots.py keeps its own).
        self.parts: dict[str, float] = {}
        self._levels: tuple[tuple[tuple[float, str], ...], ...] | None = None
        # `offered_tops` answers by set of faces, a few at a time (a game's current set, and
        # the full Sanctuary's for worths).
        self._tops: dict[frozenset[str], tuple[float | None, ...]] = {}

    def ranked_offers(self) -> list[tuple[float, int, str]]:
        """Every Sanctuary face as (worth less its price, cost, id), best first."""
        if self._ranked is None:
            unit_gold, worth = self.unit[GOLD], self.worth
            offers = [(_dot_max(f, *worth) - f.cost * unit_gold, f.cost, f.id)
                      for f in SANCTUARY_FACES]
            offers.sort(key=_net_and_cost, reverse=True)
            self._ranked = offers
        return self._ranked

    def level_ranking(self) -> tuple[tuple[tuple[float, str], ...], ...]:
        """Per level 0..7, the Sanctuary faces there as (kept worth, id), best first (they are
        plain: worth the same on either die)."""
        if self._levels is None:
            worths = self.worth
            self._levels = tuple(
                tuple(sorted(((_dot_max(f, *worths), f.id) for f in SANCTUARY_FACES
                              if f.level == level), reverse=True))
                for level in range(TOP_LEVEL + 1))
        return self._levels

    def offered_tops(self, offered: frozenset[str]) -> tuple[float | None, ...]:
        """Per level 0..7, the kept worth of the best face an upgrade to it takes, among
        `offered`: at the first level from there with one offered (`upgrade.ladder_of`'s rule;
        None when no level from there has one). Kept for the last few sets asked: the rates
        serve every game, and within one the Temple changes a few times a round."""
        known = self._tops.get(offered)
        if known is not None:
            return known
        if len(self._tops) >= 4:
            self._tops.clear()
        tops: list[float | None] = []
        top: float | None = None
        for faces in reversed(self.level_ranking()):
            for worth, face_id in faces:  # best first: the first offered is the best offered
                if face_id in offered:
                    top = worth
                    break
            tops.append(top)
        tops.reverse()
        known = self._tops[offered] = tuple(tops)
        return known

    def best_kept(self, face_ids: Iterable[str]) -> float:
        """The most any of `face_ids` (plain faces, at least one) is worth kept for good."""
        worths = self.worths
        if not self._all_kept:  # then every plain face's worth is there to read
            for f in PLAIN_FACES:
                if f.id not in worths:
                    worths[f.id] = _dot_max(f, *self.worth)
            self._all_kept = True
        return max(map(worths.__getitem__, face_ids))


def _net_and_cost(offer: tuple[float, int, str]) -> tuple[float, int]:
    return offer[0], offer[1]


class RateBook:
    """The `Rates` of every moment already met, for one `Values` (shared by its bots)."""

    __slots__ = ("v", "_rates")

    def __init__(self, v: Values) -> None:
        self.v = v
        self._rates: dict[tuple, Rates] = {}

    def outlook(self, g: Game, p: Player) -> Outlook:
        floor = gold_floor(p, self.v)
        key = (len(g.players), g.rounds, g.blessings_per_turn, g.round, g.active, p.seat, floor)
        rates = self._rates.get(key)
        if rates is None:
            rates = self._rates[key] = Rates(g, p, self.v, floor)
        return Outlook(g, p, rates)


_BOOKS: dict[Values, RateBook] = {}


def rate_book(v: Values) -> RateBook:
    book = _BOOKS.get(v)
    if book is None:
        book = _BOOKS[v] = RateBook(v)
    return book


class DiceValues:
    """What one pair of dice is worth at one `Rates` (and one Mirror value, if they hold one).

    Shared through `_DICE_VALUES` by every Outlook that sees the same dice at the same rates:
    dice at the start of a game, and for a while after, are the same in most games.
    """

    __slots__ = ("rolls", "die_means", "forgeable", "effects")

    def __init__(self) -> None:
        self.effects: dict[str | tuple, float] = {}  # see `effect`, `dice_worth`
        self.rolls: list[float] | None = None
        self.die_means: tuple[float, float] | None = None
        self.forgeable: Forgeable | None = None  # see `Outlook._forgeable`


class RecentDice:
    """The dice values met lately, at most `limit` of them, in two generations: when the newer
    fills up it becomes the older and the older is dropped; one met again moves to the newer.
    So the dice most games meet (early in a game) are never dropped, where clearing the whole
    table (as before) dropped them every few hundred games."""

    __slots__ = ("newer", "older", "half")

    def __init__(self, limit: int) -> None:
        self.newer: dict[tuple, DiceValues] = {}
        self.older: dict[tuple, DiceValues] = {}
        self.half = limit // 2

    def get(self, key: tuple) -> DiceValues:
        dice = self.newer.get(key)
        if dice is None:
            dice = self.older.pop(key, None)
            if dice is None:
                dice = DiceValues()
            if len(self.newer) >= self.half:
                self.older, self.newer = self.newer, {}
            self.newer[key] = dice
        return dice


_DICE_VALUES = RecentDice(20_000)


class Outlook:
    """One seat's view at one moment: its `Rates` plus what its dice are worth.

    Bots cache an Outlook while the turn, the seat's dice and its cards stay the same; the
    reserves it reads for overflow are read live.
    """

    __slots__ = ("g", "p", "v", "rates", "unit", "rolls", "spend_rolls", "acts", "forged",
                 "_values", "_worths", "_faces", "_dice_key", "_mirror_on_dice", "_dice",
                 "_gold_per_roll", "_mirror", "_mirror_from", "_prior_mirror", "_shown",
                 "_means", "_colours", "decided")

    def __init__(self, g: Game, p: Player, rates: Rates) -> None:
        self.g, self.p, self.v, self.rates = g, p, rates.v, rates
        self.unit, self.rolls, self.acts = rates.unit, rates.rolls, rates.acts
        self.spend_rolls = rates.spend_rolls
        self.forged = p.forged  # the version of my dice: every change to them is a forge
        self._values, self._worths = rates.values, rates.worths
        self._faces: list | None = None
        self._dice_key = ""  # my faces as id:on light:on dark, in `faces` order (hashes once)
        self._mirror_on_dice = False
        self._dice: DiceValues | None = None
        self._gold_per_roll: float | None = None
        self._mirror: float | None = None
        self._mirror_from: tuple[int, ...] = ()  # the opponents' dice versions it was read from
        self._prior_mirror: tuple[tuple[int, ...], float] | None = None
        self._shown: dict[int, tuple[int, Rates, float]] = {}  # see `_best_copyable`
        self._means: dict[int, tuple[int, float]] = {}  # see `dice_mean`
        # see `_count_colours`
        self._colours: tuple[dict[Colour, int], dict[Colour, int]] | None = None
        # Effect worths worked out for the decision being made. The game is frozen while a
        # policy decides, so they hold until it answers; its bot clears them at the next.
        self.decided: dict[str, float] = {}

    def reuse(self, old: Outlook | None) -> None:
        """Take over what `old` (this seat a moment earlier) worked out that still holds:
        the dice summary while the dice are the same, the Mirror value while the rates and
        the opponents' dice are (so answers are exactly those of a fresh computation)."""
        if old is None or old.p is not self.p or old.g is not self.g:
            return
        self._shown = old._shown
        if old.forged == self.forged:
            self._faces, self._dice_key = old._faces, old._dice_key
            self._mirror_on_dice = old._mirror_on_dice
            self._colours = old._colours
            self._gold_per_roll = old._gold_per_roll
        if old.rates is self.rates:
            if old._mirror is not None:
                self._prior_mirror = (old._mirror_from, old._mirror)
            else:
                self._prior_mirror = old._prior_mirror

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
            self._dice_key = "|".join([f"{f.id}:{_COUNT_TEXT[light]}:{_COUNT_TEXT[dark]}"
                                       for f, light, dark in self._faces])
            self._mirror_on_dice = "mirror" in counts
        return self._faces

    def dice(self) -> DiceValues:
        """The shared values of my dice; sums run in `faces` order, so that order is in the key."""
        if self._dice is None:
            self.faces()
            key: tuple = (self.rates, self._dice_key)
            if self._mirror_on_dice:  # its worth is in theirs
                key += (self.mirror_value(),)
            self._dice = _DICE_VALUES.get(key)
        return self._dice

    def die_means(self) -> tuple[float, float]:
        """Mean value of one roll of each of my dice, at today's unit values."""
        dice = self.dice()
        if dice.die_means is None:
            light, dark = self._die_sums(0.0, 0.0)
            if any(f.special == "x3" for f, _, _ in self.faces()):  # an x3 doubles the other
                light, dark = self._die_sums(dark, light)
            dice.die_means = (light, dark)
        return dice.die_means

    def _die_sums(self, dark: float, light: float) -> tuple[float, float]:
        """Each die's mean roll, an x3 on the light die applied with a face worth `dark` and
        one on the dark die with a face worth `light` (sums in `faces` order, as the key)."""
        light_sum = dark_sum = 0.0
        values = self.roll_values()  # indexed, not zipped: compiled, the loop is then native
        for i, (f, on_light, on_dark) in enumerate(self.faces()):
            value = values[i]
            if f.special == "x3":  # the only face whose value reads the other die
                light_sum += self.face_value(f, dark) * on_light
                dark_sum += self.face_value(f, light) * on_dark
            else:
                light_sum += value * on_light
                dark_sum += value * on_dark
        return light_sum / 6, dark_sum / 6

    def roll_values(self) -> list[float]:
        """One roll now of each of my faces, applied alone, in `faces` order (do not modify)."""
        dice = self.dice()
        if dice.rolls is None:
            dice.rolls = [self.face_value(f, 0.0) for f, _, _ in self.faces()]
        return dice.rolls

    def bundle_value(self, bundle) -> float:
        """What one bundle is worth now, ignoring what would overflow the reserve."""
        p, unit, total = self.p, self.unit, 0.0
        for res, amount in bundle:
            if res not in unit:  # Loyalty, Ancient Shards: weighed by bots/titans.py's choices
                continue
            if res != GLORY and not (res == GOLD and gold_stores(p)):
                amount = min(amount, p.caps[res] - p.res[res])
            total += amount * unit[res]
        return total

    def face_value(self, face: Face, other: float) -> float:
        """One roll of `face` now; `other` is the value of the other die's face (for x3)."""
        special = face.special
        if not special or special == "boar" or special == "shield":  # a shield: its bottom reward
            value = self._values.get(face.id)
            if value is None:
                value = self._values[face.id] = _dot_max(face, *self.rates.weights)
            return value
        if special == "x3":
            return 2.0 * other
        if special == "chaos":  # the Titans module's: its Reward B, as a shield's bottom one
            value = self._values.get(face.id)
            if value is None:
                b_only = Face(f"{face.id}:b", (face.bundles[1],))
                value = self._values[face.id] = _dot_max(b_only, *self.rates.weights)
            return value
        if special == "ship":
            return self.unit[GOLD] * 2 + 1.0
        module_face = SPECIAL_ROLLS.get(special)
        if module_face is not None:
            return module_face(self)
        return self.mirror_value()

    def mirror_value(self) -> float:
        """A Mirror roll: a good plain face among the opponents' dice, roughly."""
        if self._mirror is None:
            opponents = self.g.opponents(self.p)
            self._mirror_from = tuple(q.forged for q in opponents)
            prior = self._prior_mirror
            if prior is not None and prior[0] == self._mirror_from:
                self._mirror = prior[1]
            else:
                self._mirror = self.v.mirror_share * self._best_shown(opponents)
        return self._mirror

    def _best_shown(self, opponents: tuple[Player, ...]) -> float:
        """The best one-roll value among the opponents' faces a Mirror may copy."""
        return max(map(self._best_copyable, opponents), default=LEAST)

    def best_shown_anywhere(self) -> float:
        """The best one-roll value of any face on any player's dice. Read over the faces a
        Mirror may copy: a Mirror is worth less than the best of those (0.8 of the opponents'
        best) and an x3 applied alone nothing, and face values are never negative."""
        return max(map(self._best_copyable, self.g.players))

    def _best_copyable(self, q: Player) -> float:
        """The best one-roll value of q's faces a Mirror may copy, kept while q's dice and my
        rates stay the same (those values read only the rates)."""
        known = self._shown.get(q.seat)
        if known is None or known[0] != q.forged or known[1] is not self.rates:
            best = self.best_value(copyable_faces(self.g, q))
            known = self._shown[q.seat] = (q.forged, self.rates, best)
        return known[2]

    def best_value(self, faces: Iterable[Face]) -> float:
        """The most any of `faces` gives in one roll now, applied alone (-inf for none)."""
        best, values = LEAST, self._values
        for f in faces:
            # The values `face_value` keeps, read here without its call (the bots ask often).
            value = values.get(f.id)
            if value is None:
                value = self.face_value(f, 0.0)
            if value > best:
                best = value
        return best

    def dice_mean(self, q: Player) -> float:
        """One roll of q's two dice, as I would apply them (an x3 alone gives nothing), kept
        while q's dice stay the same (the values read my rates and my Mirror value, both
        fixed for this Outlook)."""
        known = self._means.get(q.seat)
        if known is None or known[0] != q.forged:
            mean, values = 0.0, self._values
            for die in q.dice:
                for f in die:
                    # The values `face_value` keeps, read here without its call.
                    value = values.get(f.id)
                    mean += self.face_value(f, 0.0) if value is None else value
            mean /= 6
            known = self._means[q.seat] = (q.forged, mean)
        return known[1]

    def face_worth(self, face: Face, die: int) -> float:
        """A face kept on `die` for the rest of the game: income per roll times rolls left."""
        special = face.special
        if not special or special == "boar" or special == "chaos":
            worth = self._worths.get(face.id)
            if worth is None:
                worth = self._worths[face.id] = _dot_max(face, *self.rates.worth)
            return worth
        if special == "x3":
            return 2.0 * self.die_means()[1 - die] * self.rolls / 6
        if special == "shield":  # its bottom reward, or 5 Glory when my other die shows its
            # colour (the counts of my faces showing each resource are kept with my dice)
            match = (self._colours or self._count_colours())[1 - die].get(face.colour, 0) / 6
            value = self._values.get(face.id) or self.face_value(face, 0.0)
            return (match * SHIELD_BONUS + (1 - match) * value) * self.rolls / 6
        if special == "ship":
            return self.v.ship_roll * self.spend_rolls / 6
        module_face = SPECIAL_ROLLS.get(special)
        if module_face is not None:
            return module_face(self) * self.rolls / 6
        return self._mirror_worth(self.mirror_value())

    def kept_bound(self, face: Face) -> float:
        """At least `face_worth(face, die)` on either die, read from the rates and my dice's
        means alone (never the opponents' dice): a Mirror copying the best face any die may
        hold, a Shield paying the more of its bonus and its bottom reward at every roll, an
        x3 doubling my better die."""
        special = face.special
        if special == "mirror":
            return self._mirror_worth(self.v.mirror_share * self.top_roll())
        if special == "shield":
            return max(SHIELD_BONUS, self.face_value(face, 0.0)) * self.rolls / 6
        if special == "x3":
            return 2.0 * max(self.die_means()) * self.rolls / 6
        return max(self.face_worth(face, 0), self.face_worth(face, 1))

    def _mirror_worth(self, roll: float) -> float:
        """A Mirror kept for good, that gives `roll` a roll (the same on either die)."""
        return roll * self.spend_rolls / 6

    def top_roll(self) -> float:
        """The best one-roll value of any face a die may hold that a Mirror may copy: more
        than any Mirror can give (it reads the rates only: kept with them)."""
        top = self.rates.top_roll
        if top is None:
            top = self.rates.top_roll = max(self.face_value(f, 0.0) for f in COPYABLE_FACES)
        return top

    def _count_colours(self) -> tuple[dict[Colour, int], dict[Colour, int]]:
        """Per die, how many of my faces show each resource (what a Shield's bonus reads)."""
        light: dict[Colour, int] = {}
        dark: dict[Colour, int] = {}
        for f, on_light, on_dark in self.faces():
            for res in f.resources:
                light[res] = light.get(res, 0) + on_light
                dark[res] = dark.get(res, 0) + on_dark
        self._colours = (light, dark)
        return self._colours

    def slot_worths(self) -> list[float]:
        """Worth of every face of mine that may be forged over, cheapest first (do not modify)."""
        return self._forgeable()[0]

    def placement_gain(self, face: Face) -> float:
        """Worth added by forging `face` over my weakest face (on the die where it fits best)."""
        light, dark = self.weakest()
        return max(self.face_worth(face, 0) - light, self.face_worth(face, 1) - dark)

    def weakest(self) -> tuple[float, float]:
        """The worth of my weakest face that may be forged over, on each die."""
        return self._forgeable()[1]

    def level_floors(self) -> tuple[tuple[int, float], ...]:
        """(level, worth of my weakest face there, on either die) for each level where I have
        a face that can be upgraded: an upgrade to a plain face (the same on either die) gains
        most over that one."""
        return self._forgeable()[2]

    def _forgeable(self) -> Forgeable:
        """`slot_worths`, `weakest` and `level_floors`, kept with my dice values."""
        dice = self.dice()
        if dice.forgeable is None:
            dice.forgeable = self._sum_up()
        return dice.forgeable

    def _sum_up(self) -> Forgeable:
        """`_forgeable` in one pass over the faces that may be forged over (each one's worth on
        each die read once: the three are asked together)."""
        slots: list[float] = []
        floors: dict[int, float] = {}
        light = dark = _INF
        worths = self._worths
        for f, on_light, on_dark in self.faces():
            special = f.special
            if special in FIXED:
                continue
            if special in _SAME_ON_BOTH:  # a plain face: worth the same on either die, and
                # kept by `face_worth` (read here without its call: this runs at most turns)
                worth_light = worths.get(f.id)
                if worth_light is None:
                    worth_light = self.face_worth(f, 0)
                worth_dark = worth_light
            else:
                worth_light = self.face_worth(f, 0) if on_light else 0.0
                worth_dark = self.face_worth(f, 1) if on_dark else 0.0
            floor = _INF  # its least worth on a die it is on
            if on_light:
                slots += [worth_light] * on_light
                if worth_light < light:
                    light = worth_light
                floor = worth_light
            if on_dark:
                slots += [worth_dark] * on_dark
                if worth_dark < dark:
                    dark = worth_dark
                if worth_dark < floor:
                    floor = worth_dark
            if floor < floors.get(f.level, _INF):
                floors[f.level] = floor
        slots.sort()
        return slots, (light, dark), tuple([(level, worth) for level, worth in floors.items()
                                            if level < TOP_LEVEL])

    def offering_gain(self, gold: int) -> float:
        """Greedy offering: the best-net different faces, each over my next weakest face.

        Ranked best first, so once a face is skipped as too dear it stays too dear (gold only
        falls): one pass over the ranking finds each next pick.
        """
        ranked, offered, total, i = self.rates.ranked_offers(), offered_faces(self.g), 0.0, 0
        n = len(ranked)
        for floor in self.slot_worths():
            while i < n and (ranked[i][1] > gold or ranked[i][2] not in offered):
                i += 1
            if i == n or ranked[i][0] <= floor:
                break
            net, cost, _ = ranked[i]
            gold -= cost
            total += net - floor
            i += 1
        return total

    def effect(self, name: str) -> float:
        """What the card effect `name` is worth to me from now on (0 for Glory-only cards).

        Effects that read only the rates and my dice are kept with the dice values, unless my
        dice hold a Mirror (then computing them would read the opponents' dice early).
        """
        value = self.decided.get(name)
        if value is None:
            value = self.decided[name] = self._effect(name)
        return value

    def _effect(self, name: str) -> float:
        effect = EFFECT_VALUES.get(name)
        if effect is None:
            return 0.0
        if name in DICE_EFFECTS:
            if self._faces is None:
                self.faces()  # sets _mirror_on_dice
            if not self._mirror_on_dice:
                memo = self.dice().effects
                value = memo.get(name)
                if value is None:
                    value = memo[name] = effect(self, self.v)
                return value
        return effect(self, self.v)

    def dice_worth(self, key: str | tuple, worth: Callable[[], float]) -> float:
        """`worth()`, kept with my dice values under `key`: for worths that read only the
        rates and my dice (a Mirror on them included: its value is in their key), and what
        `key` names (which faces the Temple still offers, say)."""
        memo = self.dice().effects
        value = memo.get(key)
        if value is None:
            value = memo[key] = worth()
        return value

    def best_placement(self, face_ids: frozenset[str]) -> float:
        """The most `placement_gain` of any of `face_ids` (0.0 for none): kept with my dice
        values, but for a Mirror's (its worth reads the opponents' dice), weighed apart."""
        if not face_ids:
            return 0.0
        plain, special, mirror = _split_faces(face_ids)
        best = self.dice_worth(("placement", face_ids),
                               lambda: self._best_placement(plain, special))
        if mirror is not None:  # worth the same on either die
            light, dark = self.weakest()
            # Its worth reads the opponents' dice: only when its bound (rounding is monotone)
            # could beat the best, else max() below would return `best` anyway.
            if self.kept_bound(mirror) - min(light, dark) > best:
                worth = self.face_worth(mirror, 0)
                best = max(best, worth - light, worth - dark)
        return best

    def _best_placement(self, plain: tuple[str, ...], special: tuple[Face, ...]) -> float:
        light, dark = self.weakest()
        # The best face's gain on the better die: each die's best face, then the better die.
        # Plain faces are worth the same on either die, and their best comes from the rates.
        best_light = best_dark = self.rates.best_kept(plain) if plain else LEAST
        for face in special:
            on_light, on_dark = self.face_worth(face, 0), self.face_worth(face, 1)
            if on_light > best_light:
                best_light = on_light
            if on_dark > best_dark:
                best_dark = on_dark
        return max(best_light - light, best_dark - dark)

    def gold_income(self) -> float:
        """Gold I expect from my dice over the blessings left (plain gold faces only)."""
        per_roll = self._gold_per_roll
        if per_roll is None:
            per_roll = self._gold_per_roll = sum(
                _vectors(f)[0][0] * (n_light + n_dark)
                for f, n_light, n_dark in self.faces() if len(f.bundles) == 1) / 6
        return per_roll * self.rolls


@lru_cache(maxsize=4096)  # a set of faces hashes once (frozenset), the answer is kept
def _split_faces(face_ids: frozenset[str]
                 ) -> tuple[tuple[str, ...], tuple[Face, ...], Face | None]:
    """The ids of the plain faces among `face_ids` (their kept worth reads only the rates),
    the other faces but a Mirror, and the Mirror if there is one."""
    faces = [FACES[f] for f in face_ids]
    return (tuple(f.id for f in faces if f.special in _SAME_ON_BOTH),
            tuple(f for f in faces if f.special not in _SAME_ON_BOTH and f.special != "mirror"),
            next((f for f in faces if f.special == "mirror"), None))


_COPYABLE: list = [None, {}]  # one game, and per seat: (its dice's `forged`, their faces)


def copyable_faces(g: Game, q: Player) -> tuple[Face, ...]:
    """q's distinct faces other than Mirrors and x3s (those a Mirror may copy), kept while
    q's dice stay the same (every change to them is a forge) and shared by the game's bots."""
    if _COPYABLE[0] is not g:
        _COPYABLE[:] = g, {}
    known = _COPYABLE[1].get(q.seat)
    if known is None or known[0] != q.forged:
        faces = {f.id: f for die in q.dice for f in die
                 if f.special != "mirror" and f.special != "x3"}
        known = _COPYABLE[1][q.seat] = (q.forged, tuple(faces.values()))
    return known[1]


_VECTORS: dict[str, tuple[tuple[int, int, int, int], ...]] = {}


def _vector(bundle: tuple) -> tuple[int, int, int, int]:
    gold, sun, moon, glory = (sum(a for r, a in bundle if r == res)
                              for res in (GOLD, SUN, MOON, GLORY))
    return gold, sun, moon, glory


def _vectors(face: Face) -> tuple[tuple[int, int, int, int], ...]:
    """A face's bundles as (gold, sun, moon, glory) amounts, computed once per face id."""
    vectors = _VECTORS.get(face.id)
    if vectors is None:
        vectors = tuple(_vector(bundle) for bundle in face.bundles) or ((0, 0, 0, 0),)
        _VECTORS[face.id] = vectors
    return vectors


def _dot_max(face: Face, wg: float, ws: float, wm: float, wv: float) -> float:
    """The best bundle of `face` under weights for gold, sun, moon and Glory."""
    best = LEAST
    for g, s, m, v in _VECTORS.get(face.id) or _vectors(face):  # a loop: this is the hot path
        value = g * wg + s * ws + m * wm + v * wv
        if value > best:
            best = value
    return best


def hammer_room(p: Player) -> int:
    """Gold p's Hammer tracks can still take (0 without a Hammer)."""
    return p.caps.get(HAMMER, 0) - p.res.get(HAMMER, 0)


def spend_rolls(g: Game, p: Player) -> int:
    """Blessings p still receives before p's last action (what shards and gold can pay for)."""
    n = len(g.players)
    return max(0, (g.rounds - g.round) * n + p.seat - g.active) * g.blessings_per_turn


def forge_gold(g: Game, p: Player, v: Values) -> float:
    """A gold as money for faces: it falls as the blessings a new face would get run out."""
    total = max(1, (g.rounds * len(g.players) - 1) * g.blessings_per_turn)
    return v.gold * spend_rolls(g, p) / total


def gold_floor(p: Player, v: Values) -> float:
    """What a gold is still worth when no face is worth buying: a reinforcement that turns
    gold into Glory (the Elder), a Hammer with room, else little."""
    rate = gold_to_glory(p)
    if rate:
        return rate * v.rate_share
    if hammer_room(p) > 0:
        return HAMMER_RATE * v.hammer_rate_share
    return v.gold_late


def gold_stores(p: Player) -> bool:
    """Whether p's gold has somewhere to go besides the reserve (a Hammer, a Scepter)."""
    return HAMMER in p.caps or SCEPTER in p.tracks


def gold_to_glory(p: Player) -> float:
    """The best Glory per gold among p's reinforcements that trade gold for Glory, as they
    declare it (`Card.use`); 0 when none does."""
    best = 0.0
    if not p.hooks:
        return best
    for card_id, _ in p.hooks.get(REINFORCEMENT, ()):
        rate = (_USE_RATES.get(card_id) or _use_rates(card_id))[1]
        if rate > best:
            best = rate
    return best


def reinforcement_gold(p: Player) -> int:
    """Gold p's reinforcements would spend in one turn, as their cards declare."""
    total = 0
    if not p.hooks:
        return total
    for card_id, _ in p.hooks.get(REINFORCEMENT, ()):
        total += (_USE_RATES.get(card_id) or _use_rates(card_id))[0]
    return total


def _amount(cost: tuple, res: str) -> int:
    return sum(amount for r, amount in cost if r == res)


def _use_rates(card_id: str) -> tuple[int, float]:
    """(gold one use costs, Glory per gold it gives) from a reinforcement's declaration,
    worked out once per card."""
    rates = _USE_RATES.get(card_id)
    if rates is None:
        use = CARDS[card_id].use
        gold = _amount(use.cost, GOLD) if use is not None else 0
        glory = _amount(use.gives, GLORY) if use is not None else 0
        rates = _USE_RATES[card_id] = (gold, glory / gold if gold and glory else 0.0)
    return rates


_USE_RATES: dict[str, tuple[int, float]] = {}
