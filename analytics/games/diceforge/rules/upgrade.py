"""Upgrading a die face (The Merchant, the Celestial Die's double upgrade; seed `000_…`).

A face's level is its Sanctuary pool's (REFERENCE §4.1: 2 gold = 1 ... 12 gold = 7); a face the
Sanctuary does not sell (the starting 1 gold and 2 Glory, Garden faces) is level 0. Upgrading
by N levels replaces a face, for free, with a face from the pools N levels higher; when those
are empty, from the next non-empty level above. A level-7 face cannot be upgraded. The seed is
silent on going past level 7 (a level-6 face upgraded by 2, or by 3 Merchants): the engine takes
the face from level 7, the highest there is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from analytics.games.diceforge.rules.components import FACES, SANCTUARY, Face
from analytics.games.diceforge.rules.forge import FIXED, forge_at, places, take_from_sanctuary
from analytics.games.diceforge.rules.state import Game, Player
from analytics.games.diceforge.rules.temple import offered_faces, temple_cached

TOP_LEVEL: Final = 7
POOL_LEVELS = tuple(FACES[pool[0]].level for pool in SANCTUARY)  # the level of each pool
_POOLS_HIGHEST_FIRST = sorted(range(len(POOL_LEVELS)), key=POOL_LEVELS.__getitem__, reverse=True)
# Per level 0..7, the ids of the Sanctuary's faces there, in pool order.
_LEVEL_IDS = tuple(tuple(dict.fromkeys(f for pool in SANCTUARY for f in pool
                                       if FACES[f].level == level))
                   for level in range(TOP_LEVEL + 1))


Ladder = tuple[tuple[str, ...], ...]  # per level 0..7: the face ids an upgrade to it takes


def ladder(g: Game) -> Ladder:
    """For each level, the face ids an upgrade to it may take: those of the first level from
    there with a face left in the Sanctuary (() when every level from there is empty). One pass
    over the Sanctuary serves every face's question, and is kept while the Temple stays the
    same (the Merchant and the bots ask it several times a turn)."""
    return temple_cached(g, "ladder", _ladder_of_game)


def _ladder_of_game(g: Game) -> Ladder:
    """`ladder_of(g.sanctuary)`, from the ids left (a pool holds copies of one face, or one
    each of different faces, and faces only leave it: so the ids left at a level keep the
    order of `SANCTUARY`, and filtering that order by what is left is the same answer;
    tests/diceforge/test_valuation.py checks it over random games)."""
    left = offered_faces(g)
    steps: list[tuple[str, ...]] = []
    found: tuple[str, ...] = ()
    for ids in reversed(_LEVEL_IDS):
        found = tuple([face_id for face_id in ids if face_id in left]) or found
        steps.append(found)
    steps.reverse()
    return tuple(steps)


def ladder_of(sanctuary: Sequence[Sequence[Face]]) -> Ladder:
    """The ladder of a Sanctuary's pools (in cost order), read from the pools themselves: the
    rule `ladder` answers from the ids left (the tests hold the two equal)."""
    by_level: list[dict[str, None]] = [{} for _ in range(TOP_LEVEL + 1)]  # ids, in order
    for pool, level in zip(sanctuary, POOL_LEVELS, strict=True):
        ids = by_level[level]
        for face in pool:
            ids[face.id] = None
    steps: list[tuple[str, ...]] = []
    found: tuple[str, ...] = ()
    for faces in reversed(by_level):
        found = tuple(faces) or found
        steps.append(found)
    return tuple(reversed(steps))


def offered_at(offers: Ladder, level: int) -> tuple[str, ...]:
    """Face ids an upgrade to `level` takes; past level 7, level 7's."""
    return offers[min(level, TOP_LEVEL)]


def upgradable(g: Game, p: Player, levels: int,
               offers: Ladder | None = None) -> tuple[tuple[int, int], ...]:
    """p's places (die, side; one per distinct face of a die) whose face can go up `levels`."""
    if offers is None:
        offers = ladder(g)
    dice = p.dice
    return tuple([place for place in places(p)
                  if _can_rise(offers, dice[place[0]][place[1]], levels)])


def rises(g: Game, p: Player, most: int) -> tuple[int, ...]:
    """The numbers of levels, 1 to `most`, by which some face of p can be upgraded.

    A ladder's step is empty only when every level from there up is: so the lowest face that
    can be upgraded at all rises by every number any face can, and it can rise to a level when
    a face is left at that level (or level 7, past it) or above (the Merchant asks every turn:
    this reads the Sanctuary's pools, not its ladder).
    """
    lowest = TOP_LEVEL  # a loop, not min() over a generator: the Merchant asks every turn
    for die in p.dice:
        for f in die:
            if f.level < lowest and f.special not in FIXED:
                lowest = f.level
    top = highest_level_left(g)
    if lowest == TOP_LEVEL or top is None:  # no face below level 7, or nothing left to take
        return ()
    return tuple(n for n in range(1, most + 1) if min(lowest + n, TOP_LEVEL) <= top)


def highest_level_left(g: Game) -> int | None:
    """The highest level of a face left in the Sanctuary (None when it is empty)."""
    for index in _POOLS_HIGHEST_FIRST:
        if g.sanctuary[index]:
            return POOL_LEVELS[index]
    return None


def _can_rise(offers: Ladder, face: Face, levels: int) -> bool:
    return face.level < TOP_LEVEL and bool(offered_at(offers, face.level + levels))


def upgrade(g: Game, p: Player, levels: int, cause: str) -> bool:
    """p picks one of p's faces and forges over it, for free, a face `levels` higher (p picks
    which, among those offered). False when no face can be upgraded."""
    offers = ladder(g)
    options = upgradable(g, p, levels, offers)
    if not options:
        return False
    place = g.decide(p.seat, "upgrade_face", options, levels)
    old = p.dice[place[0]][place[1]]
    face_id = g.decide(p.seat, "upgrade_to", offered_at(offers, old.level + levels), place)
    forge_at(g, p, take_from_sanctuary(g, face_id), place, cause)
    return True
