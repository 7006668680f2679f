"""The turn: blessings, reinforcements, the action, the extra action; end-of-game scoring."""

from __future__ import annotations

from analytics.engine.loop import rank_seats
from analytics.games.diceforge.blessings import divine_blessing, everyone_blessed
from analytics.games.diceforge.cards import EFFECTS, REINFORCEMENTS, can_use
from analytics.games.diceforge.components import GLORY, GOLD, MOON, SUN, Card
from analytics.games.diceforge.forge import any_buyable, make_offering
from analytics.games.diceforge.resources import gain, spend
from analytics.games.diceforge.state import Game, Player

EXTRA_ACTION_COST = {"sun2": (SUN, 2), "gold2": (GOLD, 2)}
TRITON_CHOICES = {"sun": (SUN, 2), "moon": (MOON, 2), "gold": (GOLD, 6)}


def play(g: Game) -> None:
    """All rounds, every player active once per round, then end-of-game scoring."""
    for rnd in range(1, g.rounds + 1):
        g.round = g.log.round = rnd
        for seat in range(len(g.players)):
            play_turn(g, g.players[seat])
    end_game(g)


def play_turn(g: Game, p: Player) -> None:
    g.active = g.log.active_seat = p.seat
    g.log.emit(p.seat, "turn_started")
    for _ in range(g.blessings_per_turn):
        everyone_blessed(g, "divine_blessing")
    call_reinforcements(g, p)
    take_action(g, p, "action")
    res, cost = EXTRA_ACTION_COST[g.rules.extra_action_cost]
    offer_triton(g, p)
    options = _extra_action_options(g, p, res, cost) if getattr(p, res) >= cost else ()
    if options:
        choice = g.decide(p.seat, "extra_action", ("pass",) + options)
        if choice != "pass":
            spend(g, p, res, cost, "extra_action")
            do_action(g, p, choice, "extra_action")


def call_reinforcements(g: Game, p: Player) -> None:
    """Step 2: each reinforcement card once, in the order the player picks."""
    unused = list(p.reinforcements)
    if unused:
        offer_triton(g, p)  # the token works all turn: its gold may pay for The Elder
    while unused:
        usable: dict[str, Card] = {}  # card id -> its first unused copy, in order
        for c in unused:
            if can_use(p, c):
                usable.setdefault(c.id, c)
        if not usable:
            return
        choice = g.decide(p.seat, "reinforcement", ("done", *usable))
        if choice == "done":
            return
        card = usable[choice]
        unused.remove(card)
        g.log.emit(p.seat, "reinforcement_used", card.id, None, None, card.id)
        REINFORCEMENTS[card.id](g, p, card)


def offer_triton(g: Game, p: Player) -> None:
    """Triton tokens may be spent during one's own turn: before reinforcements and actions."""
    while p.triton:
        choice = g.decide(p.seat, "use_triton", ("keep",) + tuple(TRITON_CHOICES))
        if choice == "keep":
            return
        p.triton -= 1
        g.log.emit(p.seat, "token_used", "triton", None, None, "triton")
        res, amount = TRITON_CHOICES[choice]
        gain(g, p, res, amount, "triton", "triton")


def action_options(g: Game, p: Player, gold: int, sun: int, moon: int) -> tuple:
    """'forge' when a face is affordable, each affordable feat's card id, and 'pass'."""
    options = ["pass"]
    if any_buyable(g, gold):
        options.append("forge")
    for slot, card in g.slots.items():
        if g.stacks[slot] and card.moon <= moon and card.sun <= sun:
            options.append(card.id)
    return tuple(options)


def take_action(g: Game, p: Player, cause: str) -> None:
    offer_triton(g, p)
    choice = g.decide(p.seat, "action", action_options(g, p, p.gold, p.sun, p.moon))
    do_action(g, p, choice, cause)


def _extra_action_options(g: Game, p: Player, res: str, cost: int) -> tuple:
    left = {GOLD: p.gold, SUN: p.sun, MOON: p.moon}
    left[res] -= cost
    return action_options(g, p, left[GOLD], left[SUN], left[MOON])[1:]


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
    spend(g, p, MOON, card.moon, card.id)
    spend(g, p, SUN, card.sun, card.id)
    move_pawn(g, p, card)
    g.stacks[slot] -= 1
    p.cards.append(card)
    g.log.emit(p.seat, "feat_performed", card.id, None, None, cause, str(card.island))
    if g.rules.card_glory == "purchase":
        gain(g, p, GLORY, card.glory, card.id, card.id)
    EFFECTS[card.effect](g, p, card)


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
    q.island = None
    g.log.emit(q.seat, "pawn_ousted", str(island), None, None, card.id, str(p.seat))
    for bear_owner in (p, q):
        if bear_owner.bears:
            gain(g, bear_owner, GLORY, 3 * bear_owner.bears, "great_bear", "great_bear")
    divine_blessing(g, q, "ousted")


def standings(g: Game) -> list[tuple]:
    """Sort keys: Glory; with the tiebreak option BGA's order (faces, cards, resources, seat)."""
    if g.rules.ties == "tiebreak":
        return [(p.glory, p.forged, len(p.cards), p.gold + p.sun + p.moon, -p.seat)
                for p in g.players]
    return [(p.glory,) for p in g.players]


def end_game(g: Game) -> None:
    """Printed card Glory (R9), then one game_ended event per seat with score and rank."""
    g.round = g.log.round = g.rounds + 1
    g.active = g.log.active_seat = -1
    if g.rules.card_glory == "end":
        for p in g.players:
            for card in p.cards:
                gain(g, p, GLORY, card.glory, card.id, card.id)
    ranks, _ = rank_seats(standings(g))
    for p, rank in zip(g.players, ranks, strict=True):
        g.log.emit(p.seat, "game_ended", None, None, p.glory, "final_score", str(rank))
    g.over = True
