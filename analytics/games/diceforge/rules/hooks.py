"""Card hooks: Dice Forge's named points, on the engine's hooks (engine/hooks.py).

A card's row declares its registrations, `Card.hooks`: (hook name, handler key) pairs, added
to its owner when the card is bought (`register_card`), as `(card id, handler key)` on the
player. The rules fire a hook at its point and call each registered handler, in registration
order, with the arguments below:

| hook | fired | handler(g, p, card_id, ...) |
| --- | --- | --- |
| rolled | a blessing's own dice are rolled, before its faces apply | faces, dice, cause |
| blessed | after a blessing's faces applied | faces |
| gain_gold, gain_sun... | p gains it, before the map and caps | res, amount, cause, item -> rest |
| pay | a cost is paid or checked (a source besides the reserve) | see payment.py |
| turn_start / turn_end | the active player's turn starts / ends | (nothing) |
| own_turn | moments of one's own turn where tokens may be spent | (nothing) |
| after_feat | p has performed a feat | card |
| oust | p ousted a hero or was ousted | (nothing) |
| reinforcement | the reinforcement step, once per copy | (nothing); see `Use`, `use_together` |
| game_end | after the last round, before scoring | (nothing) |
"""

from __future__ import annotations

from analytics.engine.hooks import Hooks
from analytics.games.diceforge.rules.components import REINFORCEMENT, Card
from analytics.games.diceforge.rules.state import Game, Player

# The reinforcement step offers each copy once a turn: one registration per copy there.
# Elsewhere a handler serves every copy of its card (it reads how many the player owns).
HOOKS = Hooks(per_copy=(REINFORCEMENT,))
HANDLERS = HOOKS.handlers
# The game's names for the engine's calls, for cards and bots (bound once: no forwarding call).
# The rules call HOOKS.fire itself: compiled, a method of a known class is a native call.
handler = HOOKS.handler
register = HOOKS.register
unregister = HOOKS.unregister
fire = HOOKS.fire


def register_card(p: Player, card: Card) -> None:
    """Everything `card` declares, registered on its new owner."""
    for hook, key in card.hooks:
        register(p, hook, card.id, key)


def copies(p: Player, card_id: str) -> int:
    """How many copies of `card_id` p owns."""
    count = 0
    for card in p.cards:
        if card.id == card_id:
            count += 1
    return count


def spare_copies(g: Game, card_id: str) -> int:
    """Copies of `card_id` not yet used in the reinforcement step being played."""
    count = 0  # a loop, not sum() over a generator: the Merchant asks at every use
    for used_id, _ in g.unused:
        if used_id == card_id:
            count += 1
    return count


def use_together(g: Game, p: Player, card_id: str, more: int) -> None:
    """`more` unused copies of `card_id` join the one being used (The Merchant): the step
    offers them no more."""
    for _ in range(more):
        entry = next(e for e in g.unused if e[0] == card_id)
        g.unused.remove(entry)
        g.log.emit(p.seat, "reinforcement_used", card_id, None, None, card_id)
