"""The heuristic bots' choices for the decisions of rebellion_forge.py's cards (The Companion,
The Ancestor, The Abyssal Trident), read through the bot's `Outlook`. The Wood Nymph's
purchase is answered as a Ship's (bots.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from analytics.engine.decisions import Decision
from analytics.games.diceforge.bots.registry import CHOICES
from analytics.games.diceforge.cards.rebellion_forge import COMPANION_END
from analytics.games.diceforge.rules.components import FACES, MOON, SUN
from analytics.games.diceforge.rules.state import Game
from analytics.games.diceforge.rules.turn import ACTION

# The phase the game is in while the reinforcement step runs (turn.py sets the next step first).
REINFORCEMENT_STEP = ACTION

if TYPE_CHECKING:
    from analytics.games.diceforge.bots.heuristic import HeuristicBot
    from analytics.games.diceforge.bots.valuation import Outlook


def choose_companion_cash(bot: HeuristicBot, g: Game, d: Decision) -> str:
    """Never before the reinforcement step (a use may still advance it); then on one's last
    turn; at 5 (it can go no further) once the reserve has room for the shards; earlier only
    when the shards buy a feat worth more than the steps still to come (like a Triton)."""
    position = d.context
    if position < COMPANION_END and g.phase == REINFORCEMENT_STEP:
        return "keep"  # its use comes first: cash it after, still before the action
    o = bot.outlook(g, d.seat)
    p = o.p
    if o.acts <= 1:
        return "cash"
    room = p.caps[SUN] - p.res[SUN]
    if position >= COMPANION_END:
        return "cash" if room >= position else "keep"
    sun, moon = p.res[SUN], p.res[MOON]
    more = sun + min(position, room)
    paid_now: list[str] = []  # the feats the shards pay now, and those only cashing pays
    paid_later: list[str] = []
    for s, c in g.slots.items():  # the costs first: a stack is read only for a feat they pay
        if c.sun <= more and c.moon <= moon and g.stacks[s]:
            (paid_now if c.sun <= sun else paid_later).append(c.id)
    if not paid_later:
        return "keep"  # the shards would pay no feat more: cashing gains nothing now
    steps_lost = min(COMPANION_END - position, o.acts - 1)
    threshold = steps_lost * (1.0 + o.unit[SUN]) + o.v.cash_margin
    return "cash" if _gains_more(bot, o, paid_now, paid_later, threshold) else "keep"


def _gains_more(bot: HeuristicBot, o: Outlook, paid_now: list[str], paid_later: list[str],
                threshold: float) -> bool:
    """Whether the best feat of both lists beats the best of `paid_now` (0 when none) by more
    than `threshold`. The feats only cashing pays are scored first; then those paid now only
    until the gap is settled below it: a better feat paid now only narrows the gap (rounding
    is monotone), so the answer is that of scoring them all."""
    more = max(bot.feat_score(o, card_id) for card_id in paid_later)
    now: float | None = None
    for card_id in paid_now:
        score = bot.feat_score(o, card_id)
        if now is None or score > now:
            now = score
            if max(now, more) - now <= threshold:
                return False
    return (more if now is None else max(now, more) - now) > threshold


def choose_companion_copy(bot: HeuristicBot, g: Game, d: Decision) -> int:
    """The copy furthest along. The bots use every free reinforcement, so each copy moves
    every turn whichever goes first; when a turn's steps stop short, the furthest copy is the
    one whose cash-in sooner buys a dearer feat (what `choose_companion_cash` weighs), and it
    cashes at 5 while the turns left can still spend its shards."""
    return max(d.options)


def choose_ancestor_face(bot: HeuristicBot, g: Game, d: Decision) -> str:
    """The face gaining most over my weakest face; declined when none gains (the minor
    blessing comes either way by default)."""
    o = bot.outlook(g, d.seat)
    faces = d.options[1:]
    best = max(faces, key=lambda fid: o.placement_gain(FACES[fid]))
    declined_blessing = g.rules.ancestor_decline == "blessing"
    return best if o.placement_gain(FACES[best]) > 0 or not declined_blessing else "decline"


def choose_trident_face(bot: HeuristicBot, g: Game, d: Decision) -> str:
    o = bot.outlook(g, d.seat)
    return max(d.options, key=lambda fid: o.placement_gain(FACES[fid]))


FORGE_HANDLERS: dict[str, Callable[[HeuristicBot, Game, Decision], Any]] = {
    "companion_cash": choose_companion_cash,
    "companion_copy": choose_companion_copy,
    "ancestor_face": choose_ancestor_face,
    "trident_face": choose_trident_face,
}
CHOICES.update(FORGE_HANDLERS)
