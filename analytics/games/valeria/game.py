"""A Valeria game from setup to the end: the bag and Shrines filled, the line, displays and
Awards dealt, the modules set up; turns in seat order (move the Warden to a different
location, its action; solo, the Adversary moves after you); the end after the round in which
a player completes the last battle (rule `end`), then the end-game scoring."""

from __future__ import annotations

from analytics.engine.events import EventLog
from analytics.games.valeria import (
    actions,
    battle,
    board,
    gains,
    great_battles,
    solo,
    spells,
    taking,
)
from analytics.games.valeria.state import (
    CLOSING,
    MOVE,
    OPENING,
    START,
    Player,
    Setup,
    Valeria,
)
from analytics.games.valeria.words import CAMP, CAPPED, CHAMPION_KINDS, SHRINES, TITANS, TROOPS

MODULE_DICE = {"shrine": 5, "great_battles": 5}  # one Troop die per Troop Type (the seed)
ROUND_LIMIT = 200  # a guard: no game of the shipped sets comes near it
PASS = "pass"


def shuffled(state: Valeria, deck: str, ids: list[str]) -> list[str]:
    return [ids[i] for i in state.chance.shuffle(deck, len(ids))]


def new_game(setup: Setup, chance, decider) -> Valeria:
    aset = setup.aset
    b = aset.board
    bag = [t for t in TROOPS for _ in range(b.per_colour[setup.players])]
    for module, n in MODULE_DICE.items():
        if setup.has(module):
            bag += list(TROOPS[:n])
    if setup.has("wraith"):
        bag += ["wraith"] * setup.players
    state = Valeria(setup, chance, decider, [Player(s) for s in range(setup.players)],
                    EventLog(), bag, {s: [] for s in SHRINES}, b.gems[setup.players],
                    [], [], {}, {}, [], {})
    if setup.has("shrine"):
        state.shrines[TITANS] = []
    state.log.round = 0
    board.fill_shrines(state)
    state.plan_deck = shuffled(state, "plans", list(aset.plans))
    state.unseen["plans"] = len(state.plan_deck)
    taking.refill_line(state)
    for kind in CHAMPION_KINDS:
        deck = shuffled(state, f"champions:{kind}",
                        [c for c, card in aset.champions.items() if card.kind == kind])
        state.display[kind] = deck[:b.numbers["display"]]
        state.champion_decks[kind] = deck[b.numbers["display"]:]
        state.unseen[f"champions:{kind}"] = len(state.champion_decks[kind])
    for number in (1, 2, 3):  # the three Award decks (`deck` above is a Champion deck)
        ids = [a for a, card in aset.awards.items() if card.deck == number]
        state.awards.append(shuffled(state, f"awards:{number}", ids)[0])
    state.claims = {a: [] for a in state.awards}
    for p in state.players:
        seat_up(state, p)
    if setup.has("spells"):
        spells.deal(state)
    if setup.has("great_battles"):
        great_battles.deal(state)
    if setup.players == 1:
        state.adversary = b.adversary["start"] % len(SHRINES)
    state.log.emit(-1, "game_started", amount=setup.players, cause="game_setup",
                   detail=setup.module_name)
    state.log.round = 1
    return state


def seat_up(state: Valeria, p: Player) -> None:
    b = state.setup.aset.board
    maps = state.setup.aset.maps
    p.map = maps[state.chance.draw(f"map:{p.seat}", len(maps), 1)[0]]
    p.cap = dict(b.cap)
    p.res.update({t: b.start[t] for t in CAPPED})
    p.spaces = b.numbers["troop_spaces"]
    p.markers = b.numbers["conquest_markers"]
    if state.setup.has("great_battles"):
        p.participation = b.numbers["participation_markers"]


def play(state: Valeria) -> None:
    """Turns in seat order from where the game stands (`turn_seat`, `step`): a state at any
    decision of a turn's own (the move, the spell offers) plays on from that decision."""
    at_once = state.setup.rule("end") == "immediate"
    while not state.over:
        turn(state, state.players[state.turn_seat])
        if state.turn_seat < len(state.players) - 1 and not (state.ending and at_once):
            state.turn_seat += 1
            continue
        state.turn_seat = 0
        if state.ending or state.round >= ROUND_LIMIT:
            finish(state)
        else:
            state.round += 1
            state.log.round = state.round


def destinations(state: Valeria, p: Player) -> list[str]:
    """Any location but the Warden's own: a Shrine with dice (not the Adversary's), the
    Shrine of the Titans when a purchase is possible, Camp when a battle is."""
    blocked = SHRINES[state.adversary] if state.adversary >= 0 else ""
    found = [s for s in SHRINES if state.shrines[s] and s not in (p.location, blocked)]
    if TITANS in state.shrines and p.location != TITANS and actions.titans_buys(state, p):
        found.append(TITANS)
    if p.location != CAMP and battle.plan_options(state, p):
        found.append(CAMP)
    return found


def turn(state: Valeria, p: Player) -> None:
    """The seat's turn from its `step` on; each step is recorded before its decision is
    asked, so a clone taken there asks it again."""
    state.log.active_seat = p.seat
    if state.step == START:
        p.cast = False
        board.refill_if_low(state)
        state.step = OPENING
    if state.step == OPENING:
        spells.offer(state, p, "turn")
        state.step = MOVE
    if state.step == MOVE:
        move(state, p)
        state.step = CLOSING
    spells.offer(state, p, "turn")
    if state.adversary >= 0:
        solo.adversary_moves(state, p)
    state.step = START


def move(state: Valeria, p: Player) -> None:
    """The Warden to a different location, and that location's action."""
    where = state.decider.decide(p.seat, "move", tuple(destinations(state, p)) or (PASS,))
    if where == PASS:
        return
    p.location = where
    state.log.emit(p.seat, "warden_moved", item=where, cause="move")
    if where == CAMP:
        battle.at_camp(state, p)
    elif where == TITANS:
        actions.at_titans(state, p)
    else:
        actions.at_shrine(state, p, where)


def finish(state: Valeria) -> None:
    """The end: Great Battles resolve, 1 VP per die left on a player board (the Wraith's
    too), Endgame Champions score."""
    state.log.active_seat = -1
    if state.setup.has("great_battles"):
        great_battles.end_of_game(state)
    aset = state.setup.aset
    for p in state.players:
        if p.dice:
            gains.add(state, p, "vp", len(p.dice), "dice_left")
        if p.wraith is not None:
            gains.add(state, p, "vp", 1, "wraith_left")
        for cid in p.champions:
            card = aset.champions[cid]
            if card.kind == "endgame":
                times = board.count(state, p, card.trigger) // card.per
                for effect, n in card.gains:
                    if times * n:
                        gains.add(state, p, effect, times * n, cid)
    state.over = True
    state.log.emit(-1, "game_ended", amount=state.round, cause="game_end")


def standings(state: Valeria) -> list[tuple]:
    return [(p.res["vp"],) for p in state.players]


def rival_standings(state: Valeria) -> list[tuple]:
    return [(state.adversary_vp,)] if state.setup.players == 1 else []
