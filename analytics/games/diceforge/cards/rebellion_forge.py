"""Rebellion cards that forge faces or count what a player has (seed `000_…`, REFERENCE.md §6.1,
§6.4), each only an `@effect` or `@handler` registration.

The Companion (M2, reinforcement): each copy has its own token on a track 0-5 (`p.tracks`)
and is its own reinforcement, offered once a turn while its token is below 5; a use moves
that copy's token one step. The reinforcement step offers a card id, not a copy, so a use
takes a copy not yet moved this turn: which one is a choice (`companion_copy`, by the
position of its token) when those copies stand on different spaces. At any moment of one's
own turn (the `own_turn` hook) a copy may be cashed in for N Sun Shards and N Glory (N: its
position); that copy and its token are set aside, the others keep theirs. Shards over the
cap are lost, as every gain's (REFERENCE §3). Cashing a copy at 0 (nothing to gain) is not
offered.

The Ancestor (M5): may forge, for free, the cheapest Sanctuary face showing Glory (a choice
among ties), then a minor blessing with that die. With no such face left, a minor blessing
with any one die; declining the face does the same (rule option `ancestor_decline`, or no
blessing at all).

The Tree (F1, reinforcement): 3 gold and 1 Glory, or 2 Glory when the Hero Inventory reserve
holds 8 gold or more (Scepter gold is not in it). The Wood Nymph (F2): 4 gold, then may buy
one Sanctuary face at its cost. The Goldsmith (F5): 2 Glory per different feat card owned,
itself included. The Omniscient (F5): 2 Glory per face of one's dice showing Glory (rule
option `omniscient_shields`: every Shield face shows its 5-Glory match bonus, or only the
green one's reward counts). The Abyssal Trident (F6): spend all reserve gold (0 is fine),
then forge for free any Temple face, except the Garden faces that a card of this game's set
gives (the Sanctuary faces stay: a Wood Nymph or an Ancestor in the set does not remove them).
"""

from __future__ import annotations

from typing import Final

from analytics.games.diceforge.cards.base import GARDEN_OF, effect, nothing_on_purchase
from analytics.games.diceforge.rules.blessings import minor_blessing
from analytics.games.diceforge.rules.components import (
    GARDENS,
    GLORY,
    GOLD,
    OWN_TURN,
    REINFORCEMENT,
    SUN,
    TURN_START,
    Card,
    Face,
)
from analytics.games.diceforge.rules.forge import forge, ship_purchase, take_from_sanctuary
from analytics.games.diceforge.rules.hooks import handler, unregister
from analytics.games.diceforge.rules.resources import gain, spend
from analytics.games.diceforge.rules.state import POOL_OF, SET_ASIDE, Game, Player

# --- The Companion --------------------------------------------------------------------------
COMPANION: Final = "companion"
# Per copy, in the order of p.tracks[COMPANION]: 1 once that copy moved this turn (a turn_start
# handler clears it), so that each use in a reinforcement step moves a copy of its own.
COMPANION_MOVED: Final = "companion_moved"
COMPANION_TRACK: Final = "companion_track"  # the log's word for steps of a Companion token
COMPANION_END: Final = 5  # the track's last space
WORDS = {"resource": (COMPANION_TRACK,), "cause": ()}


@effect(COMPANION)
def companion(g: Game, p: Player, card: Card) -> None:
    p.tracks.setdefault(COMPANION, []).append(0)
    p.tracks.setdefault(COMPANION_MOVED, []).append(0)


def unmoved_positions(p: Player) -> tuple[int, ...]:
    """The spaces (furthest first, each once) of the copies this turn's step may still move:
    below 5 and not moved yet. Copies on one space are alike: a choice names the space."""
    tracks, moved = p.tracks[COMPANION], p.tracks[COMPANION_MOVED]
    return tuple(sorted({t for t, m in zip(tracks, moved, strict=True)
                         if t < COMPANION_END and not m}, reverse=True))


@handler(COMPANION)
def advance_companion(g: Game, p: Player, card_id: str) -> None:
    """One step for one copy not moved this turn (chosen by its space when they differ); a
    copy reaching 5 is no longer offered."""
    positions = unmoved_positions(p)
    position = positions[0] if len(positions) == 1 else g.decide(p.seat, "companion_copy",
                                                                 positions)
    tracks, moved = p.tracks[card_id], p.tracks[COMPANION_MOVED]
    i = next(i for i, t in enumerate(tracks) if t == position and not moved[i])
    tracks[i] += 1
    moved[i] = 1
    g.log.emit(p.seat, "resource_gained", card_id, COMPANION_TRACK, 1, card_id)
    if tracks[i] == COMPANION_END:
        unregister(p, REINFORCEMENT, card_id, card_id)


@handler("companion_turn")
def companion_turn(g: Game, p: Player, card_id: str) -> None:
    """A new turn: every copy below 5 may move again."""
    moved = p.tracks[COMPANION_MOVED]
    moved[:] = [0] * len(moved)


@handler("companion_cash")
def cash_companion(g: Game, p: Player, card_id: str) -> None:
    """Each copy past 0 may be cashed in now, furthest first: N Sun Shards and N Glory, then
    that copy and its token are set aside."""
    tracks = p.tracks[card_id]
    for position in sorted({t for t in tracks if t > 0}, reverse=True):
        while position in tracks and g.decide(p.seat, "companion_cash", ("keep", "cash"),
                                              position) == "cash":
            set_aside(g, p, tracks.index(position))
            g.log.emit(p.seat, "token_used", card_id, None, None, card_id)
            g.log.emit(p.seat, "resource_spent", card_id, COMPANION_TRACK, -position, card_id)
            gain(g, p, SUN, position, card_id, card_id)
            gain(g, p, GLORY, position, card_id, card_id)
            if position < COMPANION_END:  # a copy at 5 was no longer offered already
                unregister(p, REINFORCEMENT, card_id, card_id)
    if not tracks:
        unregister(p, OWN_TURN, card_id, "companion_cash")
        unregister(p, TURN_START, card_id, "companion_turn")


def set_aside(g: Game, p: Player, i: int) -> None:
    """Copy i leaves the game with its token (its place in both per-copy lists); unless the
    rule option `companion_cashed_glory=kept`, its printed Glory is not scored (SET_ASIDE)."""
    del p.tracks[COMPANION][i]
    del p.tracks[COMPANION_MOVED][i]
    if g.rules.companion_cashed_glory == "none":
        aside = p.tracks.setdefault(SET_ASIDE, [])
        aside.append(next(k for k, c in enumerate(p.cards) if c.id == COMPANION and k not in aside))


# --- Faces showing Glory: The Ancestor, The Omniscient ----------------------------------------
def shows_glory(face: Face, shields: str = "all") -> bool:
    """Whether the Glory symbol is on `face`: in a reward, or (shields='all') as a Shield's
    match bonus."""
    return GLORY in face.resources or (shields == "all" and face.special == "shield")


def cheapest_glory_faces(g: Game) -> tuple[str, ...]:
    """The distinct Sanctuary faces showing Glory at the lowest cost among those left (pools
    are in cost order, a pool's faces all cost the same: the scan stops past that cost)."""
    found: list[str] = []
    cost = 0
    for pool in g.sanctuary:
        if found and pool and pool[0].cost > cost:
            break
        for f in pool:
            if shows_glory(f):
                found.append(f.id)
                cost = f.cost
    return tuple(dict.fromkeys(found))


@effect("ancestor")
def ancestor(g: Game, p: Player, card: Card) -> None:
    faces = cheapest_glory_faces(g)
    choice = g.decide(p.seat, "ancestor_face", ("decline",) + faces) if faces else "decline"
    if choice != "decline":
        die = forge(g, p, take_from_sanctuary(g, choice), card.id)
        minor_blessing(g, p, card.id, die)
    elif not faces or g.rules.ancestor_decline == "blessing":
        minor_blessing(g, p, card.id)


@effect("omniscient")
def omniscient(g: Game, p: Player, card: Card) -> None:
    shields = g.rules.omniscient_shields
    count = sum(shows_glory(face, shields) for die in p.dice for face in die)
    gain(g, p, GLORY, 2 * count, card.id, card.id)


@effect("goldsmith")
def goldsmith(g: Game, p: Player, card: Card) -> None:
    """The card is already among p's cards when its effect applies."""
    gain(g, p, GLORY, 2 * len({c.id for c in p.cards}), card.id, card.id)


# --- The Tree, The Wood Nymph --------------------------------------------------------------
TREE_RICH: Final = 8  # reserve gold from which The Tree gives 2 Glory instead
effect("tree")(nothing_on_purchase)  # all in its reinforcement


@handler("tree")
def use_tree(g: Game, p: Player, card_id: str) -> None:
    if p.res[GOLD] >= TREE_RICH:
        gain(g, p, GLORY, 2, card_id, card_id)
    else:
        gain(g, p, GOLD, 3, card_id, card_id)
        gain(g, p, GLORY, 1, card_id, card_id)


@effect("wood_nymph")
def wood_nymph(g: Game, p: Player, card: Card) -> None:
    gain(g, p, GOLD, 4, card.id, card.id)
    ship_purchase(g, p, 0, card.id, "nymph_buy", optional=g.rules.nymph_buy == "may")


# --- The Abyssal Trident -------------------------------------------------------------------
def trident_faces(g: Game) -> tuple[str, ...]:
    """Temple faces the Trident may forge: the Sanctuary's, and the Gardens' of no card in the
    set (the set's cards, whether or not copies are left)."""
    faces = [f.id for pool in g.sanctuary for f in pool]
    faces += trident_garden_faces(g)
    return tuple(dict.fromkeys(faces))


def trident_garden_faces(g: Game) -> list[str]:
    """The Garden faces among `trident_faces`."""
    given = {GARDEN_OF[c.id] for c in g.slots.values() if c.id in GARDEN_OF}
    # A module's Forest pools are not the Temple's (their cards are in the set, too).
    return [f.id for garden, pool in g.gardens.items() if garden in GARDENS
            and garden not in given for f in pool]


def take_from_temple(g: Game, face_id: str) -> Face:
    if face_id in POOL_OF:
        return take_from_sanctuary(g, face_id)
    pool = next(pool for pool in g.gardens.values() if any(f.id == face_id for f in pool))
    face = next(f for f in pool if f.id == face_id)
    pool.remove(face)
    return face


TRIDENT: Final = "abyssal_trident"  # the catalogue lists the Garden faces it may forge


@effect(TRIDENT)
def abyssal_trident(g: Game, p: Player, card: Card) -> None:
    spend(g, p, GOLD, p.res[GOLD], card.id)
    faces = trident_faces(g)
    if faces:
        forge(g, p, take_from_temple(g, g.decide(p.seat, "trident_face", faces)), card.id)
