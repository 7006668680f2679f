"""The turn: blessings, reinforcements, the action, the extra action; end-of-game scoring."""

from __future__ import annotations

from typing import Final

from analytics.engine.loop import rank_seats
from analytics.engine.phases import Phases
from analytics.games.diceforge.cards.base import send_home, take_card
from analytics.games.diceforge.rules.blessings import divine_blessing, everyone_blessed
from analytics.games.diceforge.rules.components import (
    CARDS,
    GAME_END,
    GLORY,
    GOLD,
    MOON,
    OUST,
    OWN_TURN,
    PAY,
    REINFORCEMENT,
    SUN,
    TURN_END,
    TURN_START,
    Card,
    Cost,
)
from analytics.games.diceforge.rules.forge import any_buyable, cheapest_face, make_offering
from analytics.games.diceforge.rules.hooks import HANDLERS, HOOKS
from analytics.games.diceforge.rules.options import PLANTED_GLORY
from analytics.games.diceforge.rules.payment import (
    CARD,
    EXTRA_ACTION,
    FEAT,
    FORGE,
    PAYMENT,
    add_costs,
)
from analytics.games.diceforge.rules.resources import RESOURCES
from analytics.games.diceforge.rules.state import MODULE_SCORING, SET_ASIDE, Game, Player

EXTRA_ACTION_COST: dict[str, Cost] = {"sun2": ((SUN, 2),), "gold2": ((GOLD, 2),)}


# The turn as a phase machine (engine/phases.py). The game's position is data in the state
# (phase, round, turn, active seat, blessings done, owed extra turns), not the call stack:
# `play` runs steps until the game is over, so a state between two steps (at least at every
# action choice) can be cloned and played on.
ROUND_START: Final = "round_start"
STARTING: Final = "turn_start"
BLESSING: Final = "blessing"
REINFORCEMENTS: Final = "reinforcements"
ACTION: Final = "action"
ACTION_CHOICE: Final = "action_choice"
EXTRA: Final = "extra"
EXTRA_CHOICE: Final = "extra_choice"
ENDING: Final = "turn_end"
OVER: Final = "game_end"


def _round_start(g: Game) -> None:
    g.round = g.log.round = g.round + 1
    g.turn = 0
    _next_turn(g, 0, solo=False)


def _next_turn(g: Game, seat: int, solo: bool) -> None:
    g.active = g.log.active_seat = seat
    g.solo = solo
    g.phase = STARTING


def _turn_start(g: Game) -> None:
    p = g.players[g.active]
    g.log.emit(p.seat, "turn_started")
    g.blessed = 0
    g.phase = BLESSING if g.blessings_per_turn else REINFORCEMENTS
    HOOKS.fire(g, p, TURN_START)


def _blessing(g: Game) -> None:
    """One divine blessing for everyone (for the active player alone in an owed turn)."""
    g.blessed += 1
    if g.blessed == g.blessings_per_turn:
        g.phase = REINFORCEMENTS
    everyone_blessed(g, "divine_blessing", g.players[g.active] if g.solo else None)


def _reinforcements(g: Game) -> None:
    g.phase = ACTION
    call_reinforcements(g, g.players[g.active])


def _action(g: Game) -> None:
    g.phase = ACTION_CHOICE
    HOOKS.fire(g, g.players[g.active], OWN_TURN)  # tokens may be spent before the action


def _action_choice(g: Game) -> None:
    p = g.players[g.active]
    choice = g.decide(p.seat, "action", action_options(g, p))
    g.phase = EXTRA
    do_action(g, p, choice, "action")


def _extra(g: Game) -> None:
    if g.turn_cut:  # a card ended the turn before its extra-action step (Eternal Fire, now)
        g.turn_cut = False
        g.phase = ENDING
        return
    g.phase = EXTRA_CHOICE
    HOOKS.fire(g, g.players[g.active], OWN_TURN)


def _extra_choice(g: Game) -> None:
    """The extra action, for its cost (2 Sun Shards, or 2 gold as a rule option)."""
    p = g.players[g.active]
    cost = EXTRA_ACTION_COST[g.rules.extra_action_cost]
    options = action_options(g, p, cost)[1:] if PAYMENT.can_pay(g, p, cost, EXTRA_ACTION) else ()
    choice = g.decide(p.seat, "extra_action", ("pass",) + options) if options else "pass"
    g.phase = ENDING
    if choice != "pass":
        PAYMENT.pay(g, p, cost, "extra_action", EXTRA_ACTION, keep=_action_cost(g, choice))
        do_action(g, p, choice, "extra_action")


def _turn_end(g: Game) -> None:
    """Turn-end effects, then an owed extra turn (Eternal Fire), the next seat or round, or
    the end of the game."""
    HOOKS.fire(g, g.players[g.active], TURN_END)
    if g.extra_turns:
        _next_turn(g, g.extra_turns.pop(0), solo=True)
    elif g.turn + 1 < len(g.players):
        g.turn += 1
        _next_turn(g, g.turn, solo=False)
    else:
        g.phase = ROUND_START if g.round < g.rounds else OVER


def play_turn(g: Game, p: Player) -> None:
    """p's whole turn, from its start to its turn-end effects, without moving on."""
    _next_turn(g, p.seat, g.solo)
    PHASES.run_until(g, ENDING)
    HOOKS.fire(g, p, TURN_END)


def take_turns(g: Game, p: Player) -> None:
    """p's turn, then every turn a card owes right after it (tests; the game runs steps)."""
    play_turn(g, p)
    while g.extra_turns:
        g.solo = True
        play_turn(g, g.players[g.extra_turns.pop(0)])
    g.solo = False


def call_reinforcements(g: Game, p: Player) -> None:
    """Step 2: each reinforcement card once, in the order the player picks. The copies not
    used yet are in the state (`g.unused`): a card may use several together (The Merchant)."""
    if REINFORCEMENT not in p.hooks:
        return
    HOOKS.fire(g, p, OWN_TURN)  # tokens work all turn: Triton's gold may pay for The Elder
    # Read after: a card spent there may have withdrawn its reinforcement (The Companion).
    unused = g.unused = list(p.hooks.get(REINFORCEMENT, ()))
    _use_reinforcements(g, p, unused)
    unused.clear()


def _use_reinforcements(g: Game, p: Player, unused: list[tuple[str, str]]) -> None:
    while unused:
        usable: dict[str, tuple[str, str]] = {}  # card id -> its first unused copy, in order
        for entry in unused:
            if entry[0] not in usable:
                cost = use_cost(entry[0])
                if not cost or PAYMENT.can_pay(g, p, cost, CARD):
                    usable[entry[0]] = entry
        if not usable:
            return
        choice = g.decide(p.seat, "reinforcement", ("done", *usable))
        if choice == "done":
            return
        card_id, key = usable[choice]
        unused.remove(usable[choice])
        g.log.emit(p.seat, "reinforcement_used", card_id, None, None, card_id)
        PAYMENT.pay(g, p, use_cost(card_id), card_id, CARD)
        HANDLERS[key](g, p, card_id)


def use_cost(card_id: str) -> Cost:
    """What one use of a reinforcement costs, as its card declares (`Card.use`)."""
    use = CARDS[card_id].use
    return use.cost if use is not None else ()


def action_options(g: Game, p: Player, committed: Cost = ()) -> tuple:
    """'pass', 'forge' when a face is affordable, and each affordable feat's card id, with
    `committed` (the extra action's cost) paid first."""
    options = ["pass"]
    if PAY in p.hooks:  # another source may pay: ask the payment rules
        # Checked as one payment: a Scepter track pays either gold or shards. Shards can only
        # pay the extra action's part (a face costs gold), so its purpose is the one to ask.
        cheapest = cheapest_face(g)
        if cheapest is not None and PAYMENT.can_pay(
                g, p, add_costs(committed, ((GOLD, cheapest),)),
                EXTRA_ACTION if committed else FORGE):
            options.append("forge")
        most: dict[str, int] = {}  # per resource, what the reserve and every source hold
        for slot, card in g.slots.items():
            if not g.stacks[slot]:
                continue
            cost = add_costs(committed, card.cost)
            if _within(g, p, cost, most) and PAYMENT.can_pay(g, p, cost, FEAT):
                options.append(card.id)
        return tuple(options)
    res = p.res  # the reserve alone pays
    gold, sun, moon = res[GOLD], res[SUN], res[MOON]
    for name, amount in committed:
        if name == GOLD:
            gold -= amount
        elif name == SUN:
            sun -= amount
        elif name == MOON:
            moon -= amount
    if any_buyable(g, gold):
        options.append("forge")
    # The costs first: compiled, reading a stack is a call (the state's dicts are a subclass).
    for slot, card in g.slots.items():
        if card.moon <= moon and card.sun <= sun and g.stacks[slot]:
            options.append(card.id)
    return tuple(options)


def _within(g: Game, p: Player, cost: Cost, most: dict[str, int]) -> bool:
    """Whether no part of a feat's `cost` exceeds all that p's reserve and sources could pay
    of that resource (`funds`, kept in `most` for the call): a cheap test that a payment
    needs, so `can_pay` weighs the Scepter's conversions only for feats that pass it."""
    for res, amount in cost:
        held = most.get(res)
        if held is None:
            held = most[res] = PAYMENT.funds(g, p, res, FEAT)
        if amount > held:
            return False
    return True


def _action_cost(g: Game, choice: str) -> Cost:
    """What an action will cost at least: a feat its card's cost, an offering its cheapest
    face."""
    if choice == "forge":
        return ((GOLD, cheapest_face(g) or 0),)
    return CARDS[choice].cost


def take_action(g: Game, p: Player, cause: str) -> None:
    if p.hooks:
        HOOKS.fire(g, p, OWN_TURN)
    choice = g.decide(p.seat, "action", action_options(g, p))
    do_action(g, p, choice, cause)


def do_action(g: Game, p: Player, choice: str, cause: str) -> None:
    kind = choice if choice in ("pass", "forge") else "feat"
    g.log.emit(p.seat, "action_taken", kind, None, None, cause)
    if choice == "forge":
        make_offering(g, p)
    elif kind == "feat":
        perform_feat(g, p, choice, cause)


def perform_feat(g: Game, p: Player, card_id: str, cause: str) -> None:
    """Action B: pay, move the pawn (ousting), take the top card, apply its effect."""
    slot = next(s for s, c in g.slots.items() if c.id == card_id)
    card = g.slots[slot]
    PAYMENT.pay(g, p, card.cost, card.id, FEAT)
    move_pawn(g, p, card)
    take_card(g, p, slot, cause)


def move_pawn(g: Game, p: Player, card: Card) -> None:
    """Move to the card's island; a hero already there is ousted and gets a divine blessing."""
    island = card.island
    occupant = g.islands[island]
    if p.island is not None:
        g.islands[p.island] = None
    p.island = island
    g.islands[island] = p.seat
    if occupant is None or occupant == p.seat:
        return
    q = g.players[occupant]
    send_home(g, q, card.id, p.seat)
    HOOKS.fire(g, p, OUST)
    HOOKS.fire(g, q, OUST)
    divine_blessing(g, q, "ousted")


def standings(g: Game) -> list[tuple]:
    """Sort keys: Glory; with the tiebreak option BGA's order (faces, cards, resources, seat)."""
    if g.rules.ties == "tiebreak":
        return [(p.res[GLORY], p.forged, len(p.cards), p.res[GOLD] + p.res[SUN] + p.res[MOON],
                 -p.seat)
                for p in g.players]
    return [(p.res[GLORY],) for p in g.players]


def _score_planted(g: Game) -> None:
    """The rule option `planted` (an experiment, not a rule): PLANTED_GLORY per copy of the
    planted card a player holds and has not set aside."""
    for p in g.players:
        aside = p.tracks.get(SET_ASIDE, ())
        for i, card in enumerate(p.cards):
            if card.id == g.rules.planted and i not in aside:
                RESOURCES.gain(g, p, GLORY, PLANTED_GLORY, card.id, card.id)


def end_game(g: Game) -> None:
    """Printed card Glory (R9), then one game_ended event per seat with score and rank."""
    g.round = g.log.round = g.rounds + 1
    g.active = g.log.active_seat = -1
    for p in g.players:
        HOOKS.fire(g, p, GAME_END)
    if g.rules.card_glory == "end":
        for p in g.players:
            aside = p.tracks.get(SET_ASIDE, ())  # cards set aside score nothing
            for i, card in enumerate(p.cards):
                if i not in aside:
                    RESOURCES.gain(g, p, GLORY, card.glory, card.id, card.id)
    if g.rules.planted != "none":
        _score_planted(g)
    module_scoring = MODULE_SCORING.get(g.setup.module)
    if module_scoring is not None:
        module_scoring(g)
    ranks, _ = rank_seats(standings(g))
    for p, rank in zip(g.players, ranks, strict=True):
        g.log.emit(p.seat, "game_ended", None, None, p.res[GLORY], "final_score", str(rank))
    g.over = True


PHASES = Phases({
    ROUND_START: _round_start, STARTING: _turn_start, BLESSING: _blessing,
    REINFORCEMENTS: _reinforcements, ACTION: _action, ACTION_CHOICE: _action_choice,
    EXTRA: _extra, EXTRA_CHOICE: _extra_choice, ENDING: _turn_end, OVER: end_game,
})
# Play on from the state's phase to the end of the game (end-of-game scoring included).
play = PHASES.run
