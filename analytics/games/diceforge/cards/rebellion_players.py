"""Rebellion cards that act on the players (REFERENCE.md §6.1; seed `000_…`), on-purchase effects.

The Mists (M5): the player(s) with the least gold in their Hero Inventory reserve (R15: Scepter
gold does not count; rule option `mists_gold`) lose 5 Glory each, as much as they have; the
buyer gains what was lost. A buyer poorer than everyone: no effect. A buyer tied for the least
loses too, and gains back the total (the seed: "including you", "all tied players"); the
score is the same as if the buyer were left out.

The Right Hand (M7): spend any gold, from the reserve and any other source (the Scepter), for
1 Glory each.

The Eternal Night (M7): every other player loses 1 Moon and 1 Sun Shard from the reserve (what
they hold); the buyer gains what was lost, and loses what exceeds a cap (as any gain).

The Left Hand (F7): every pawn on an island, the buyer's own included, goes home (no blessing
for the ousted); each ousted player rolls both dice, and the buyer applies each roll as a
divine blessing, in turn order from the buyer. The buyer's Twins may reroll the buyer's own
roll only (the others' dice are not theirs). The buyer's Great Bears give once if another
player was ousted; an ousted opponent's Great Bears give too (rule option `left_hand_bear`).

The First Titan (M8): take a card costing 1 Moon or 1 Sun Shard from its stack, free, without
moving the pawn; its effects apply as when bought. None left: no effect.
"""

from __future__ import annotations

from analytics.games.diceforge.cards.base import effect, send_home, take_card
from analytics.games.diceforge.cards.rebellion import SCEPTER
from analytics.games.diceforge.rules.blessings import BOTH_DICE, receive, roll_both
from analytics.games.diceforge.rules.components import GLORY, GOLD, MOON, OUST, SUN, Card
from analytics.games.diceforge.rules.hooks import fire
from analytics.games.diceforge.rules.payment import CARD, funds, pay
from analytics.games.diceforge.rules.resources import gain, lose
from analytics.games.diceforge.rules.state import Game, Player

MISTS, RIGHT_HAND, ETERNAL_NIGHT, LEFT_HAND, FIRST_TITAN = (
    "mists", "right_hand", "eternal_night", "left_hand", "first_titan")
MISTS_LOSS = 5
NIGHT_TAKES = (MOON, SUN)  # one of each, in the seed's order
FIRST_TITAN_COSTS = (((MOON, 1), (SUN, 0)), ((MOON, 0), (SUN, 1)))  # Card.cost of 1-shard feats


def mists_gold(g: Game, q: Player) -> int:
    """The gold The Mists count for q: the reserve, plus Scepter gold under `with_scepter`."""
    if g.rules.mists_gold == "with_scepter":
        return q.res[GOLD] + sum(q.tracks.get(SCEPTER, ()))
    return q.res[GOLD]


def mists_victims(g: Game, p: Player) -> list[Player]:
    """The players The Mists bought by p strike, in turn order from p (none if p alone is
    poorest)."""
    order = g.turn_order(p.seat)
    golds = [mists_gold(g, q) for q in order]
    least = min(golds)
    poorest = [q for q, gold in zip(order, golds, strict=True) if gold == least]
    return [] if [q.seat for q in poorest] == [p.seat] else poorest


@effect(MISTS)
def mists(g: Game, p: Player, card: Card) -> None:
    total = 0
    for q in mists_victims(g, p):
        lost = min(MISTS_LOSS, q.res[GLORY])
        lose(g, q, GLORY, lost, card.id, card.id)
        total += lost
    gain(g, p, GLORY, total, card.id, card.id)


@effect(RIGHT_HAND)
def right_hand(g: Game, p: Player, card: Card) -> None:
    """p chooses how much gold to spend (reserve and sources: payment.py asks which pays)."""
    most = funds(g, p, GOLD, CARD)
    spent = g.decide(p.seat, "right_hand_gold", tuple(range(most + 1)), most)
    if spent:
        pay(g, p, ((GOLD, spent),), card.id, CARD)
        gain(g, p, GLORY, spent, card.id, card.id)


@effect(ETERNAL_NIGHT)
def eternal_night(g: Game, p: Player, card: Card) -> None:
    taken = dict.fromkeys(NIGHT_TAKES, 0)
    for q in g.opponents(p):
        for res in NIGHT_TAKES:
            lost = min(1, q.res[res])
            lose(g, q, res, lost, card.id, card.id)
            taken[res] += lost
    for res, amount in taken.items():
        gain(g, p, res, amount, card.id, card.id)


@effect(LEFT_HAND)
def left_hand(g: Game, p: Player, card: Card) -> None:
    ousted = [q for q in g.turn_order(p.seat) if q.island is not None]
    for q in ousted:
        send_home(g, q, card.id, p.seat)
    others = [q for q in ousted if q.seat != p.seat]
    if others:
        fire(g, p, OUST)
        if g.rules.left_hand_bear == "ousted":
            for q in others:
                fire(g, q, OUST)
    rolled = [roll_both(g, q, card.id) for q in ousted]  # all roll, then p applies each
    for q, faces in zip(ousted, rolled, strict=True):
        receive(g, p, faces, BOTH_DICE if q.seat == p.seat else (), card.id)


def first_titan_slots(g: Game) -> tuple[str, ...]:
    """Slots whose stack still holds a card costing 1 Moon or 1 Sun Shard."""
    stacks = g.stacks
    return tuple([slot for slot in _one_shard_slots(g) if stacks[slot]])


# A game's slots (no rule changes them), and those whose card costs one shard: the bots weigh
# the First Titan at most action choices.
_ONE_SHARD: list = [None, ()]


def _one_shard_slots(g: Game) -> tuple[str, ...]:
    if _ONE_SHARD[0] is not g.slots:
        _ONE_SHARD[:] = g.slots, tuple([slot for slot, c in g.slots.items()
                                        if c.cost in FIRST_TITAN_COSTS])
    return _ONE_SHARD[1]


@effect(FIRST_TITAN)
def first_titan(g: Game, p: Player, card: Card) -> None:
    slots = first_titan_slots(g)
    if slots:
        options = tuple(g.slots[slot].id for slot in slots)
        chosen = g.decide(p.seat, "first_titan_feat", options)
        take_card(g, p, slots[options.index(chosen)], card.id)
