"""The heuristic bots on the Goddess module: what a space, a route, a Golem face and the module's
cards are worth, and the board's decisions (forks, treasures, the spaces' choices).

A space is worth what entering it gives now, in the value model's Glory (valuation.Outlook): its
resources, a Treasure's front while the token is unclaimed, the Goddess space's 15 Glory and,
while no one has arrived, its blessing, a forge space's best purchase when gold is at hand, a
Celestial roll's mean. A route is a space and the best of what follows it, later spaces
discounted (each needs another move): so a fork weighs what lies ahead, not the next space only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from analytics.engine.decisions import Decision
from analytics.games.diceforge.bots.heuristic import choose_ship_buy, purchase_net
from analytics.games.diceforge.bots.rebellion_faces import _celestial_bound
from analytics.games.diceforge.bots.registry import CHOICES, EFFECT_VALUES, SPECIAL_ROLLS
from analytics.games.diceforge.rules.components import CELESTIAL_FACES, FACES, GLORY, GOLD
from analytics.games.diceforge.rules.forge import buyable
from analytics.games.diceforge.rules.labyrinth import (
    BACKWARD,
    GODDESS_SPACE,
    SPACES,
    TREASURES,
    Board,
    Space,
)
from analytics.games.diceforge.rules.payment import CARD, FORGE, PAYMENT
from analytics.games.diceforge.rules.state import Game

if TYPE_CHECKING:
    from analytics.games.diceforge.bots.heuristic import HeuristicBot
    from analytics.games.diceforge.bots.valuation import Outlook, Values

# How far a fork looks, how much a later space counts and how long a route a Golem face's roll
# is read over: Values.route_look, route_later and golem_span (logged with each bot).


def space_value(o: Outlook, space: Space, rough: bool = False) -> float:
    """What entering `space` gives p now, in Glory. `rough` reads no die's worth (a Celestial
    roll its plain faces, a forge space nothing): what a Golem face's own worth is read from,
    since the dice's worths read the Golem faces'."""
    effect, g, p = space.effect, o.g, o.p
    if effect == "gain":
        return o.bundle_value(space.gives[0])
    if effect == "choose":
        return max(map(o.bundle_value, space.gives))
    if effect == "celestial":
        return space.n * (_plain_celestial(o) if rough else _celestial_bound(o, o.v))
    if effect == "glory_drain":
        return float(sum(min(2, q.res[GLORY]) for q in g.opponents(p)))
    if effect == "treasure":
        token = g.board.halls.get(space.number)
        if token is not None:
            return o.bundle_value(TREASURES[token][1])
        return max((o.bundle_value(TREASURES[t][0]) for t in g.board.tokens), default=0.0)
    if effect == "forge":
        return 0.0 if rough else forge_value(o, space.n)
    if effect == "trade":
        return trade_gain(o, space) if PAYMENT.can_pay(g, p, space.pays, CARD) else 0.0
    if effect == "forged_glory":
        return float(p.forged)
    if effect == "goddess":
        first = _best_pair(o) if g.board.first_arrival < 0 else 0.0
        return space.gives[0][0][1] + first
    return 0.0  # the start, the empty spaces


def _best_pair(o: Outlook) -> float:
    """The Goddess reward, roughly: my best resource face on each die (read from the faces'
    rewards: a Golem face's own worth reads this very board)."""
    return sum(max([0.0, *(o.bundle_value(b) for f in die for b in f.bundles)])
               for die in o.p.dice)


def forge_value(o: Outlook, discount: int) -> float:
    """The best net gain of one face bought now at its cost less `discount` (0: none)."""
    floor = o.slot_worths()[0]
    gold = PAYMENT.funds(o.g, o.p, GOLD, FORGE)
    nets = [purchase_net(o, FACES[f], floor, discount) for f in buyable(o.g, gold, discount)]
    return max([0.0, *nets])


def trade_gain(o: Outlook, space: Space) -> float:
    """What a pay-once space gains over what it costs (at the value model's rates)."""
    cost = sum(amount * o.unit[res] for res, amount in space.pays)
    return o.bundle_value(space.gives[0]) - cost


def _plain_celestial(o: Outlook) -> float:
    """A Celestial roll counting its plain faces only (the others: nothing)."""
    return sum(max(map(o.bundle_value, f.bundles)) for f in CELESTIAL_FACES if f.bundles) / len(
        CELESTIAL_FACES)


def route_value(o: Outlook, here: int, steps: int, rough: bool = False) -> float:
    """The best that `steps` more forward moves from `here` gather, later spaces discounted."""
    if steps <= 0 or here == GODDESS_SPACE:
        return 0.0
    later = o.v.route_later
    return max(space_value(o, SPACES[to], rough) + later * route_value(o, to, steps - 1, rough)
               for to in SPACES[here].forward)


def golem_roll(o: Outlook) -> float:
    """One Golem face roll: the mean step of my best route ahead (0 on the Goddess space)."""
    if not isinstance(o.g.board, Board):  # a Golem face outside its module moves nothing
        return 0.0
    span = o.v.golem_span
    return route_value(o, o.g.board.golems[o.p.seat], span, rough=True) / span


def _backward(o: Outlook, here: int, steps: int) -> float:
    if steps <= 0 or here == GODDESS_SPACE or not BACKWARD[here]:
        return 0.0
    return max(space_value(o, SPACES[to]) + _backward(o, to, steps - 1) for to in BACKWARD[here])


def _great_golem(o: Outlook, v: Values) -> float:
    return route_value(o, o.g.board.golems[o.p.seat], 2)


def _time_golem(o: Outlook, v: Values) -> float:
    return _backward(o, o.g.board.golems[o.p.seat], 2)


def _golem_face(o: Outlook, v: Values) -> float:
    face = FACES["golem_moon"]  # both Golem faces move alike; the pair's bonus is left out
    return max(0.0, o.placement_gain(face))


# --- decisions -------------------------------------------------------------------------------

def choose_golem_path(bot: HeuristicBot, g: Game, d: Decision) -> int:
    """The next space whose route ahead is worth most (the first, on ties); the route is no
    longer than the rounds left could walk (a move a round at most, roughly)."""
    o = bot.outlook(g, d.seat)
    ahead = min(o.v.route_look, g.rounds - g.round + 1) - 1
    return max(d.options, key=lambda to: space_value(o, SPACES[to])
               + o.v.route_later * route_value(o, to, ahead))


def choose_treasure(bot: HeuristicBot, g: Game, d: Decision) -> str:
    o = bot.outlook(g, d.seat)
    return max(d.options, key=lambda token: o.bundle_value(TREASURES[token][0]))


def choose_space_bundle(bot: HeuristicBot, g: Game, d: Decision):
    return max(d.options, key=bot.outlook(g, d.seat).bundle_value)


def choose_trade(bot: HeuristicBot, g: Game, d: Decision) -> str:
    o = bot.outlook(g, d.seat)
    return "trade" if trade_gain(o, SPACES[d.context]) > 0 else "skip"


CHOICES.update({
    "golem_path": choose_golem_path,
    "treasure_pick": choose_treasure,
    "labyrinth_choice": choose_space_bundle,
    "labyrinth_forge": choose_ship_buy,  # one face at its cost less the space's discount
    "labyrinth_trade": choose_trade,
})
EFFECT_VALUES.update({
    "moon_golem": _golem_face, "sun_golem": _golem_face,
    "great_golem": _great_golem, "time_golem": _time_golem,
})
SPECIAL_ROLLS["golem"] = golem_roll
