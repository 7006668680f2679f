"""The Goddess module's cards and Golem faces (seed `000_…` "Goddess Module", REFERENCE §6.2,
§6.6), each only an `@effect` or a face effect registration.

The Moon Golem (M3) and the Sun Golem (F3) forge a Golem face from the Forest. The Great Golem
(M6) moves its buyer's Golem 2 spaces forward, the Time Golem (F4) 2 spaces backward (a fork
going back is a choice again). A Golem face moves its owner's Golem 1 space forward (3 with an
x3: ruling R14, option `golem_x3`); under a loss (Minotaur) it does nothing, showing no
resource. The Moon and Sun Golem faces resolved together (a divine blessing) add one roll of
the Celestial Die, even when the Golem can no longer move (the seed's "Bonus Effect" note).
"""

from __future__ import annotations

from typing import Final

from analytics.games.diceforge.cards.base import effect
from analytics.games.diceforge.cards.celestial import roll_celestial
from analytics.games.diceforge.rules.blessings import FACE_EFFECTS
from analytics.games.diceforge.rules.components import Card, Face
from analytics.games.diceforge.rules.forge import forge_from_garden
from analytics.games.diceforge.rules.labyrinth import move_golem
from analytics.games.diceforge.rules.state import Game, Player

GOLEM: Final = "golem"  # the faces' `special`
GOLEM_BONUS: Final = "golem_bonus"  # the cause of the Bonus Effect's Celestial roll
PAIR = frozenset(("golem_moon", "golem_sun"))
WORDS = {"cause": (GOLEM_BONUS,)}


@effect("moon_golem", "sun_golem")
def forest_golem_face(g: Game, p: Player, card: Card) -> None:
    """Take the card's Golem face from the Forest (while one is left) and forge it."""
    forge_from_garden(g, p, "golem_moon" if card.id == "moon_golem" else "golem_sun", card.id)


@effect("great_golem")
def great_golem(g: Game, p: Player, card: Card) -> None:
    move_golem(g, p, 2, card.id)


@effect("time_golem")
def time_golem(g: Game, p: Player, card: Card) -> None:
    move_golem(g, p, 2, card.id, backward=True)


def golem_faces(g: Game, p: Player, faces: list[Face], mult: list[int], via: str | None,
                loss: str | None) -> None:
    """Each Golem face moves p's Golem; the two Golem faces together add a Celestial roll."""
    if loss or g.board is None:
        return
    for face, times in zip(faces, mult, strict=True):
        if face.special == GOLEM:
            steps = times if g.rules.golem_x3 == "three" else 1
            move_golem(g, p, steps, via or face.id)
    if len(faces) == 2 and {f.id for f in faces} == PAIR:
        roll_celestial(g, p, GOLEM_BONUS, via=via or GOLEM_BONUS)


FACE_EFFECTS[GOLEM] = golem_faces
