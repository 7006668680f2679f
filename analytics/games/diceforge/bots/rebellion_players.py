"""How the heuristic bots value and play the Rebellion cards acting on players
(rebellion_players.py): The Mists, The Right Hand, The Eternal Night, The Left Hand, The First
Titan.

Their worth functions join `feat_values.EFFECT_VALUES` here (they read the live game: others'
gold, Glory, shards and pawns, and the stacks, so none is a dice-only effect). Glory an
opponent loses counts for 1/(players - 1) Glory to me: in a race against the others'
average, taking one from one of them is worth that much on top of what I gain.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from analytics.engine.decisions import Decision
from analytics.games.diceforge.bots.registry import CHOICES, EFFECT_VALUES
from analytics.games.diceforge.bots.valuation import Outlook, Values, reinforcement_gold
from analytics.games.diceforge.cards.rebellion_players import (
    LEFT_HAND,
    MISTS_LOSS,
    NIGHT_TAKES,
    first_titan_slots,
    mists_victims,
)
from analytics.games.diceforge.rules.components import CARDS, GLORY, GOLD
from analytics.games.diceforge.rules.hooks import copies
from analytics.games.diceforge.rules.payment import CARD, funds
from analytics.games.diceforge.rules.state import Game

if TYPE_CHECKING:
    from analytics.games.diceforge.bots.heuristic import HeuristicBot

GREAT_BEAR_GLORY = 3


def harm_share(g: Game) -> float:
    """What one Glory (or its worth) an opponent loses is worth to me."""
    return 1.0 / max(1, len(g.players) - 1)


def _mists(o: Outlook, v: Values) -> float:
    """The Glory taken from the others (my own loss, when tied, comes back)."""
    taken = sum(min(MISTS_LOSS, q.res[GLORY]) for q in mists_victims(o.g, o.p)
                if q.seat != o.p.seat)
    return taken * (1.0 + harm_share(o.g))


def right_hand_keep(o: Outlook) -> int:
    """Gold worth keeping rather than turning into Glory: all of it while a gold still buys
    more than 1 Glory of faces, else what my reinforcements spend next turn (the Elder)."""
    if o.rates.forge_gold >= 1.0:
        return funds(o.g, o.p, GOLD, CARD)
    return reinforcement_gold(o.p)


def _right_hand(o: Outlook, v: Values) -> float:
    spent = max(0, funds(o.g, o.p, GOLD, CARD) - right_hand_keep(o))
    return spent * (1.0 - max(o.rates.forge_gold, v.gold_late))


def _eternal_night(o: Outlook, v: Values) -> float:
    """The shards I gain (what fits) plus the share of what the others lose."""
    p, worth = o.p, 0.0
    for res in NIGHT_TAKES:
        taken = sum(min(1, q.res[res]) for q in o.g.opponents(p))
        kept = min(taken, p.caps[res] - p.res[res])
        worth += o.unit[res] * (kept + taken * harm_share(o.g))
    return worth


# Values.left_hand_share was calibrated by paired ablation (`dicelab value left_hand --ablate
# forbid`, rebellion-titans-cards, economist/hero, 4 players, 2,000 games): at its whole
# estimate its buyers won 1.7 points (1.0-2.4) less than on the same seeds without it; at half,
# 2.5 (1.8-3.3) more.


def _left_hand(o: Outlook, v: Values) -> float:
    """My own blessing, one blessing from each other pawn left on an island (the one on the
    Left Hand's island goes home, blessed, as I land), and my Great Bears."""
    g, p = o.g, o.p
    landing = CARDS[LEFT_HAND].island
    others = [g.players[seat] for island, seat in g.islands.items()
              if seat is not None and seat != p.seat and island != landing]
    bear = GREAT_BEAR_GLORY * copies(p, "great_bear") if others else 0
    blessed = 0.0  # a loop, not sum(): compiled, sum() of this generator took it for ints
    for q in others:
        blessed += o.dice_mean(q)
    return o.v.left_hand_share * (sum(o.die_means()) + blessed + bear)


def free_feat_worth(o: Outlook, card_id: str, bonus: float = 0.0) -> float:
    """A feat taken for free, pawn unmoved: its printed Glory and its effect."""
    card = CARDS[card_id]
    return card.glory + bonus + o.effect(card.value)


def _first_titan(o: Outlook, v: Values) -> float:
    g = o.g
    return max((free_feat_worth(o, g.slots[slot].id) for slot in first_titan_slots(g)),
               default=0.0)


EFFECT_VALUES.update({"mists": _mists, "right_hand": _right_hand,
                      "eternal_night": _eternal_night, "left_hand": _left_hand,
                      "first_titan": _first_titan})


def choose_right_hand_gold(bot: HeuristicBot, g: Game, d: Decision) -> int:
    """Turn into Glory all the gold not worth keeping (see `right_hand_keep`)."""
    o = bot.outlook(g, d.seat)
    return max(0, d.options[-1] - right_hand_keep(o))


def choose_first_titan_feat(bot: HeuristicBot, g: Game, d: Decision) -> str:
    """The 1-shard feat worth most, free (the plan's taste for cards included)."""
    o = bot.outlook(g, d.seat)
    return max(d.options, key=lambda cid: free_feat_worth(o, cid, bot.plan.bonus(cid)))


PLAYERS_HANDLERS: dict[str, Callable[[HeuristicBot, Game, Decision], Any]] = {
    "right_hand_gold": choose_right_hand_gold,
    "first_titan_feat": choose_first_titan_feat,
}
CHOICES.update(PLAYERS_HANDLERS)
