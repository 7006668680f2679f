"""The Celestial Die (Rebellion, REFERENCE §6.5; seed `000_…` "The Celestial Die").

Six faces (components.CELESTIAL_FACES): 12 gold; 5 Glory; 3 Glory and one of 3 gold, 1 Moon,
1 Sun; the Celestial Mirror (apply a face showing on any player's die, one's own included); the
choice of a face (turn one of one's own faces up and apply it); the double upgrade (upgrade.py,
by two levels, for free). A player rolls it on their own chance stream, `(seat, "celestial")`,
so a record answers it by face id like any die.

Around the roll, the hooks `celestial_rolled` (before the face applies: The Twins may reroll
it) and `celestial_applied` (after: The Twins' reward) fire, as `rolled` and `blessed` do
around a blessing; a Celestial roll is no blessing, so Cerberus does not hear it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from analytics.games.diceforge.rules.blessings import resolve, roll_die
from analytics.games.diceforge.rules.components import CELESTIAL_APPLIED, CELESTIAL_ROLLED, Face
from analytics.games.diceforge.rules.hooks import fire
from analytics.games.diceforge.rules.state import CELESTIAL, DIE_NAMES, Game, Player
from analytics.games.diceforge.rules.upgrade import upgrade

TURNED_UP: Final = "face_turned_up"  # a face set showing without a roll (chosen, not rolled)
WORDS = {"kind": (TURNED_UP,)}


def roll_celestial(g: Game, p: Player, cause: str, via: str | None = None) -> None:
    """p rolls the Celestial Die and applies the face it shows, with the hooks around it;
    `via` credits what it gives to that cause instead of the face (a Goddess board space)."""
    faces = [roll_die(g, p, CELESTIAL, cause)]
    if p.hooks:
        fire(g, p, CELESTIAL_ROLLED, faces, (CELESTIAL,), cause)
    apply_celestial(g, p, faces[0], via)
    if p.hooks:
        fire(g, p, CELESTIAL_APPLIED, faces)


def apply_celestial(g: Game, p: Player, face: Face, via: str | None = None) -> None:
    """A Celestial face's effect; the plain ones (and the 3 Glory + choice) as die faces."""
    special = SPECIALS.get(face.special)
    if special is None:
        resolve(g, p, [face], via)
    else:
        special(g, p, via or face.id)


def apply_face_up(g: Game, p: Player, cause: str) -> None:
    """p applies, alone, one face showing on any player's die, p's own included (the Celestial
    Mirror, The Light); what it gives is credited to `cause`. A copied Mirror copies on."""
    options = tuple(dict.fromkeys(f for q in g.turn_order(p.seat) for f in q.up))
    face = g.decide(p.seat, "apply_face_up", options, cause)
    resolve(g, p, [face], via=cause)


def choose_own_face(g: Game, p: Player, cause: str) -> None:
    """p turns one of p's faces up (its die now shows it) and applies it alone."""
    options = tuple((die, side) for die, faces in enumerate(p.dice)
                    for side, _ in _first_sides(faces))
    die, side = g.decide(p.seat, "celestial_choose", options, cause)
    face = p.dice[die][side]
    turn_up(g, p, die, face, cause)
    resolve(g, p, [face], via=cause)


def _first_sides(faces: list[Face]) -> list[tuple[int, Face]]:
    """(side, face) for the first side showing each distinct face of a die."""
    seen: dict[Face, int] = {}
    for side, face in enumerate(faces):
        seen.setdefault(face, side)
    return [(side, face) for face, side in seen.items()]


def turn_up(g: Game, p: Player, die: int, face: Face, cause: str) -> None:
    """p's die `die` now shows `face`, set by hand, not rolled."""
    p.up[die] = face
    g.log.emit(p.seat, TURNED_UP, face.id, None, None, cause, DIE_NAMES[die])


def _double_upgrade(g: Game, p: Player, cause: str) -> None:
    upgrade(g, p, 2, cause)


SPECIALS: dict[str, Callable[[Game, Player, str], None]] = {
    "celestial_mirror": apply_face_up,
    "choose_face": choose_own_face,
    "double_upgrade": _double_upgrade,
}
