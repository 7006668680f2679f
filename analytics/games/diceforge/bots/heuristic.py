"""Heuristic Dice Forge bots: one value model (valuation.py), two plans given as parameters.

Each decision kind has one small handler: it builds an `Outlook` (what a resource, a face or
a card is worth to this seat now) and picks the option worth most. The plans differ only in
their `Plan` parameters, so every rule below is written once.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from functools import cache
from typing import Any, Final

from analytics.engine.decisions import Decision, DecisionError
from analytics.games.diceforge.bots.registry import (
    CHOICES,
    EFFECT_BOUNDS,
    EFFECT_VALUES,
    USE_WORTHS,
)
from analytics.games.diceforge.bots.valuation import (
    HAMMER_RATE,
    LEAST,
    Outlook,
    Values,
    forge_gold,
    rate_book,
    reinforcement_gold,
)
from analytics.games.diceforge.cards.base import CONVERSIONS, HAMMER, TRITON_CHOICES
from analytics.games.diceforge.rules.blessings import BOAR_OWNER_BONUS
from analytics.games.diceforge.rules.components import (
    CARDS,
    FACES,
    GLORY,
    GOLD,
    MOON,
    SUN,
    Card,
    Face,
)
from analytics.games.diceforge.rules.payment import FORGE, funds
from analytics.games.diceforge.rules.state import Game, Player
from analytics.policies.registry import register_bot


@dataclass(frozen=True, slots=True)
class Plan:
    """A bot's parameters: the value model plus how it trades shards, gold and actions."""

    values: Values = field(default_factory=Values)
    card_bonus: tuple[tuple[str, float], ...] = ()  # the plan's taste for particular cards
    shard_price: float = 1.2    # cost in Glory of one shard spent on a feat (shards come back)
    forge_weight: float = 1.0   # weight of forging gains against feat values
    extra_margin: float = 1.0   # net gain the extra action must beat, beyond its 2 Sun Shards
    oust_cost: float = 1.0      # the divine blessing an ousted opponent receives
    cerberus_min: float = 6.0   # roll value worth spending a Cerberus token on

    def bonus(self, card_id: str) -> float:
        for cid, extra in self.card_bonus:
            if cid == card_id:
                return extra
        return 0.0


class HeuristicBot:
    """A value-model bot following `plan`; `choose` dispatches on the decision kind."""

    def __init__(self, name: str, plan: Plan) -> None:
        self.name = name
        self.plan = plan
        params, self.feats, self.bounds = _plan_tables(plan)
        self.params: dict[str, Any] = {k: dict(v) if isinstance(v, dict) else v
                                       for k, v in params.items()}  # a copy per bot, cheaply
        self.book = rate_book(plan.values)
        self._key: tuple = ()
        self._outlook: Outlook | None = None
        self._faces_first: tuple[Game | None, int, int, bool] = (None, 0, 0, False)

    def choose(self, view: Game, decision: Decision, rng: random.Random) -> Any:
        handler = CHOICES.get(decision.kind)
        if handler is None:  # a new decision kind needs a handler, not a silent first option
            raise DecisionError(f"bot {self.name!r} has no handler for decision kind "
                                f"{decision.kind!r}")
        if self._outlook is not None:  # a new decision: the game may have changed since
            self._outlook.decided.clear()
        return handler(self, view, decision)

    def outlook(self, g: Game, seat: int) -> Outlook:
        """The seat's Outlook, reused while the turn, its dice, cards and Hammer stay the same."""
        p = g.players[seat]
        key = (g.round, g.active, seat, p.forged, len(p.cards),
               p.caps.get(HAMMER, 0) > p.res.get(HAMMER, 0))
        o = self._outlook
        if key != self._key or o is None or o.g is not g:
            self._key = key
            fresh = self._outlook = self.book.outlook(g, p)
            fresh.reuse(o)
            return fresh
        return o

    def feat_score(self, o: Outlook, card_id: str) -> float:
        """A feat's worth to this bot, net of its shards and the blessing an ousted hero gets."""
        return feat_score(self, o, card_id)

    def gold_buys_faces(self, g: Game, p: Player) -> bool:
        """Whether a gold is still worth more as face money than on a Hammer (once a turn:
        the Hammer asks after every gold gained)."""
        game, round_, active, answer = self._faces_first
        if game is not g or round_ != g.round or active != g.active:
            answer = forge_gold(g, p, self.plan.values) > HAMMER_RATE
            self._faces_first = (g, g.round, g.active, answer)
        return answer


Bound = Callable[[Outlook, Values], float]


@cache
def _plan_tables(plan: Plan) -> tuple[dict[str, Any], dict[str, tuple], dict[str, Bound]]:
    """A plan's recorded parameters; per card (fixed score, effect, island); and the upper
    bound of the worth of each card whose worth declares one (feat_values.EFFECT_BOUNDS).

    The fixed score is printed Glory plus the plan's taste less the shards' price: the part of
    a feat's score that never changes. Computed once per plan, not once per bot.
    """
    feats = {cid: _feat_table(plan, card) for cid, card in CARDS.items()}
    bounds = {cid: EFFECT_BOUNDS[row[1]] for cid, row in feats.items() if row[1] in EFFECT_BOUNDS}
    return asdict(plan), feats, bounds


def _feat_table(plan: Plan, card: Card) -> tuple:
    """(fixed score, worth function's name or None, island) of `card`, from its row."""
    return (card.glory + plan.bonus(card.id) - plan.shard_price * (card.sun + card.moon),
            card.value if card.value in EFFECT_VALUES else None, card.island)


# --- actions -------------------------------------------------------------------------------

def feat_score(bot: HeuristicBot, o: Outlook, card_id: str, worth: Bound | None = None) -> float:
    """A feat's worth net of the shards it costs and the blessing an ousted hero gets; with
    `worth`, that in place of its effect's (an upper bound of it gives one of the score)."""
    known = bot.feats.get(card_id)
    if known is None:  # a card added after the plan's tables were made: read its row now
        card = next(c for c in o.g.slots.values() if c.id == card_id)
        known = bot.feats[card_id] = _feat_table(bot.plan, card)
    base, effect, island = known
    if effect:
        score = base + (o.effect(effect) if worth is None else worth(o, o.v))
    else:
        score = base
    occupant = o.g.islands[island]
    if occupant is not None and occupant != o.p.seat:
        score -= bot.plan.oust_cost
    return score


def purchase_net(o: Outlook, face: Face, floor: float, discount: int) -> float:
    """Worth of forging `face` over a face worth `floor`, less the gold it costs."""
    return o.face_worth(face, 0) - floor - max(0, face.cost - discount) * o.unit[GOLD]


def option_score(bot: HeuristicBot, o: Outlook, option: str) -> float:
    if option == "pass":
        return 0.0
    if option == "forge":
        return o.offering_gain(funds(o.g, o.p, GOLD, FORGE)) * bot.plan.forge_weight
    return feat_score(bot, o, option)


# A bound and a worth sum in different orders: their roundings may differ, by far less.
BOUND_MARGIN: Final = 1e-6


def best_option(bot: HeuristicBot, o: Outlook, options: Sequence[str], skip: str = ""
                ) -> tuple[str | None, float]:
    """The option but `skip` with the highest `option_score` (the first, on ties) and its
    score; (None, -inf) for none.

    A feat whose worth declares an upper bound is scored in full only when the score that
    bound gives reaches the best found (highest bounds first). One that cannot reach it scores
    below the best, so the answer is that of scoring every option, and most such worths (dear
    ones: they read every player's dice, say) are never worked out.
    """
    bounds = bot.bounds
    best, top, bounded = None, LEAST, None
    for option in options:
        if option in bounds and bot.feats[option][1] not in o.decided:
            if bounded is None:
                bounded = []
            bounded.append((feat_score(bot, o, option, bounds[option]), option))
        elif option != skip:
            score = option_score(bot, o, option)
            if score > top:
                best, top = option, score
    if bounded is not None:
        bounded.sort(reverse=True)
        for bound_score, option in bounded:
            if bound_score + BOUND_MARGIN < top:
                break  # and every later one: none of them can reach the best
            score = option_score(bot, o, option)
            if score > top or (score == top and options.index(option) < options.index(best)):
                best, top = option, score
    return best, top


def choose_action(bot: HeuristicBot, g: Game, d: Decision) -> str:
    """The action (forge, a feat or pass) with the highest score (the first, on ties)."""
    best, _ = best_option(bot, bot.outlook(g, d.seat), d.options)
    assert best is not None  # every option scores above -inf
    return best


def choose_extra_action(bot: HeuristicBot, g: Game, d: Decision) -> str:
    """Take the best second action if it beats the 2 Sun Shards it costs by a margin."""
    o = bot.outlook(g, d.seat)
    best, best_score = best_option(bot, o, d.options, skip="pass")
    threshold = 2 * bot.plan.shard_price + bot.plan.extra_margin
    return best if best is not None and best_score > threshold else "pass"


# --- forging --------------------------------------------------------------------------------

def choose_offering(bot: HeuristicBot, g: Game, d: Decision) -> str:
    """The face with the best net gain over my weakest face; 'done' when none gains."""
    o = bot.outlook(g, d.seat)
    return _best_face(o, d.options, o.slot_worths()[0], 0, "done")


def choose_ship_buy(bot: HeuristicBot, g: Game, d: Decision) -> str:
    o = bot.outlook(g, d.seat)
    return _best_face(o, d.options, o.slot_worths()[0], d.context, "skip")


def _best_face(o: Outlook, options: tuple, floor: float, discount: int, stop: str) -> str:
    """The face id with the best net gain; `stop` (if legal) unless some face gains."""
    best, best_net = None, LEAST
    for opt in options:
        if opt != stop:
            net = purchase_net(o, FACES[opt], floor, discount)
            if net > best_net:
                best, best_net = opt, net
    if stop in options and (best is None or best_net <= 0):
        return stop
    assert best is not None  # options other than `stop` exist, or it was returned
    return best


def choose_forge_place(bot: HeuristicBot, g: Game, d: Decision) -> tuple[int, int]:
    """Overwrite the face whose loss costs least, given where the new face fits best."""
    o = bot.outlook(g, d.seat)
    new, dice = d.context, o.p.dice
    worths = (o.face_worth(new, 0), o.face_worth(new, 1))  # the new face's, on each die
    best, best_gain = None, LEAST
    for place in d.options:
        die = place[0]
        gain = worths[die] - o.face_worth(dice[die][place[1]], die)
        if gain > best_gain:
            best, best_gain = place, gain
    assert best is not None  # every place scores above -inf
    return best


def choose_garden_face(bot: HeuristicBot, g: Game, d: Decision) -> str:
    o = bot.outlook(g, d.seat)
    return max(d.options, key=lambda fid: o.placement_gain(FACES[fid]))


# --- resolving faces --------------------------------------------------------------------------

def choose_bundle(bot: HeuristicBot, g: Game, d: Decision):
    """A choice face: the bundle worth most (or, as a loss, the one that costs least)."""
    o = bot.outlook(g, d.seat)
    if d.kind == "loss_choice":
        return min(d.options, key=lambda b: _loss_value(o, b))
    return max(d.options, key=o.bundle_value)


def _loss_value(o: Outlook, bundle) -> float:
    p = o.p
    return sum(min(amount, p.res[res]) * o.unit[res] if res != GLORY else min(amount, p.res[res])
               for res, amount in bundle)


def choose_mirror_copy(bot: HeuristicBot, g: Game, d: Decision) -> Face:
    o = bot.outlook(g, d.seat)
    other = max((o.face_value(f, 0.0) for f in o.p.up if f.special != "mirror"), default=0.0)
    return max(d.options, key=lambda f: o.face_value(f, other))


def choose_mirror_loss(bot: HeuristicBot, g: Game, d: Decision) -> Face:
    """Under the Minotaur a Mirror copies what to lose: the face that costs least (a Ship
    costs nothing; an x3 triples the other die's loss, taken as the worst single one)."""
    o = bot.outlook(g, d.seat)
    losses = {f: min((_loss_value(o, b) for b in f.bundles), default=0.0) for f in d.options}
    worst = max(losses.values())

    def loss(face: Face) -> float:
        return 2.0 * worst if face.special == "x3" else losses[face]
    return min(d.options, key=loss)


def choose_satyrs_pick(bot: HeuristicBot, g: Game, d: Decision) -> tuple[int, int]:
    """The pair of rolled faces worth most together (an x3 triples its partner)."""
    o = bot.outlook(g, d.seat)
    faces = d.context
    plain = [o.face_value(f, 0.0) for f in faces]

    def pair_value(pair):
        i, j = pair
        if faces[i].special == "x3" or faces[j].special == "x3":
            return 3 * max(plain[i], plain[j]) if faces[i].special != faces[j].special else 0
        return plain[i] + plain[j]
    return max(d.options, key=pair_value)


def choose_minor_die(bot: HeuristicBot, g: Game, d: Decision) -> int:
    means = bot.outlook(g, d.seat).die_means()
    return 0 if means[0] >= means[1] else 1


def choose_convert(bot: HeuristicBot, g: Game, d: Decision) -> int:
    """Sentinel/Cyclops: convert when Glory beats keeping the resource (always on overflow)."""
    card, res = d.context
    rate = CONVERSIONS[card][1]  # Glory per unit, as the card declares
    o = bot.outlook(g, d.seat)
    amount = d.options[-1]
    room = o.p.caps[res] - o.p.res[res]
    if o.unit[res] < rate:
        return amount
    return max(0, amount - room)


def choose_hammer_gold(bot: HeuristicBot, g: Game, d: Decision) -> int:
    """Gold goes on the Hammer once faces are no longer worth it (keeping Elder money)."""
    p = g.players[d.seat]
    amount, most = d.context, d.options[-1]
    held = p.res[GOLD]
    room = p.caps[GOLD] - held
    if bot.gold_buys_faces(g, p):
        keep = room
    else:
        keep = max(0, reinforcement_gold(p) - held)
    return min(most, max(0, amount - room, amount - keep))


def choose_use_cerberus(bot: HeuristicBot, g: Game, d: Decision) -> bool:
    """Spend a Cerberus token on a good roll, or on anything worth having near the end."""
    o = bot.outlook(g, d.seat)
    faces = d.context
    values = [o.face_value(f, 0.0) for f in faces]
    if len(faces) == 2 and "x3" in (faces[0].special, faces[1].special):
        value = 3 * max(values)
    else:
        value = sum(values)
    return value >= bot.plan.cerberus_min or (o.acts <= 1 and value > 0)


def choose_use_triton(bot: HeuristicBot, g: Game, d: Decision) -> str:
    """Cash the Triton token when it makes a better feat affordable now, or on the last turn."""
    o = bot.outlook(g, d.seat)
    p = o.p
    sun, moon = p.res[SUN], p.res[MOON]
    now = _best_feat(bot, o, sun, moon)
    gains = {opt: _best_feat(bot, o, sun + (2 if opt == "sun" else 0),
                             moon + (2 if opt == "moon" else 0))
             for opt in d.options if opt != "keep"}
    best = max(gains, key=gains.__getitem__)
    if gains[best] > now + 2 or (o.acts <= 1 and g.active == d.seat):
        return best if gains[best] > now else max(
            gains, key=lambda opt: TRITON_CHOICES[opt][1] * o.unit[TRITON_CHOICES[opt][0]])
    return "keep"


def _best_feat(bot: HeuristicBot, o: Outlook, sun: int, moon: int) -> float:
    g = o.g
    return max((feat_score(bot, o, c.id) for s, c in g.slots.items()
                if c.sun <= sun and c.moon <= moon and g.stacks[s]), default=0.0)


def choose_reinforcement(bot: HeuristicBot, g: Game, d: Decision) -> str:
    """Each reinforcement in the order the cards declare (`Use.order`: what free ones give may
    pay for costly ones); one with a cost when what it gives (fixed, or its worth now) is worth
    more."""
    cards = d.options[1:]
    for card_id in sorted(cards, key=_use_order) if len(cards) > 1 else cards:
        use = CARDS[card_id].use
        worth = USE_WORTHS.get(card_id)
        if use is None or not use.cost or not (use.gives or worth):
            return card_id
        o = bot.outlook(g, d.seat)
        gives = worth(o) if worth else o.bundle_value(use.gives)
        if gives > _cost_value(o, use.cost):
            return card_id
    return "done"


def _use_order(card_id: str) -> int:
    use = CARDS[card_id].use
    return use.order if use is not None else 0


def _cost_value(o: Outlook, cost: tuple) -> float:
    return sum(amount * o.unit[res] for res, amount in cost)


def choose_owl_resource(bot: HeuristicBot, g: Game, d: Decision) -> str:
    o = bot.outlook(g, d.seat)
    return max(d.options, key=lambda res: o.bundle_value(((res, 1),)))


def choose_boar_target(bot: HeuristicBot, g: Game, d: Decision) -> int:
    """The opponent with the most Glory: the Boar takes a face from the one who can spare least."""
    return max(d.options, key=lambda seat: g.players[seat].glory)


def choose_boar_bonus(bot: HeuristicBot, g: Game, d: Decision) -> str:
    o = bot.outlook(g, d.seat)
    return max(d.options, key=lambda opt: o.bundle_value((BOAR_OWNER_BONUS[opt],)))


def choose_ship_order(bot: HeuristicBot, g: Game, d: Decision) -> str:
    return "last"  # the other die's gold arrives first and can pay for the Ship's purchase


CHOICES.update({
    "action": choose_action,
    "extra_action": choose_extra_action,
    "offering": choose_offering,
    "forge_place": choose_forge_place,
    "ship_buy": choose_ship_buy,
    "garden_face": choose_garden_face,
    "face_choice": choose_bundle,
    "loss_choice": choose_bundle,
    "mirror_copy": choose_mirror_copy,
    "mirror_loss": choose_mirror_loss,
    "hammer_gold": choose_hammer_gold,
    "convert": choose_convert,
    "minor_die": choose_minor_die,
    "use_cerberus": choose_use_cerberus,
    "use_triton": choose_use_triton,
    "reinforcement": choose_reinforcement,
    "owl_resource": choose_owl_resource,
    "satyrs_pick": choose_satyrs_pick,
    "boar_target": choose_boar_target,
    "boar_bonus": choose_boar_bonus,
    "ship_order": choose_ship_order,
    "nymph_buy": choose_ship_buy,  # The Wood Nymph: one face at its cost, or none
})

# --- the plans ------------------------------------------------------------------------------

# Tuned by self-play means (four-player base, 120 games a try): Sun Shards are worth more
# than Moon Shards (Gorgon, Mirror, Sphinx and the extra action all take Sun).
ECONOMIST = Plan(
    values=Values(gold=1.2, sun=3.6, moon=2.4, gold_late=0.2),
    forge_weight=1.3,
)
HERO = Plan(
    values=Values(gold=1.0, sun=3.6, moon=2.4, gold_late=0.2),
    card_bonus=(("blacksmiths_hammer", 6.0), ("elder", 4.0), ("guardians_owl", 3.0),
                ("silver_hind", 2.0), ("wild_spirits", 2.0)),
    shard_price=0.6,  # feats early: shards spent now are cheap to this plan
    forge_weight=1.0,
)

PLANS = {
    "economist": (ECONOMIST, "forges shard and gold faces early, then converts into big feats"),
    "hero": (HERO, "cheap feats, Hammer, Elder and Owl early, then the big cards"),
}


def make_factory(name: str, plan: Plan):
    return lambda: HeuristicBot(name, plan)


for _name, (_plan, _about) in PLANS.items():
    register_bot("diceforge", _name, make_factory(_name, _plan), _about)
