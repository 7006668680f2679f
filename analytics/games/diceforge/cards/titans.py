"""The Titans module's cards and faces (seed `000_…` "Titans Module: Moon Cards / Sun Cards",
"Titans Module Die Faces", REFERENCE §6.3, §6.6), each an `@effect`, a hook handler or a face
effect registration; the board itself is rules/titans.py.

The Memory (M2) places two tokens on two different islands, each showing one of two rewards;
a later feat of its owner on such an island claims the token. The Oracle (M3, reinforcement):
a minor blessing; if it gave Loyalty or Ancient Shards, every other token moves one space left.
The Chaos (M6) and The Dogged (F2) forge a face from their Forest pool. The Guardian (F3,
reinforcement): 1 Ancient Shard or 1 Loyalty. The Mirror of Misfortune (F6) gives its owner's
Misfortune face to another player, who forges it for good; each time it applies, the bearer
gains 1 Loyalty or 1 Ancient Shard (times an x3), then the owner applies the bearer's two dice
as a divine blessing (the Misfortune faces among them give the owner the same choice and call
no owner again).
"""

from __future__ import annotations

from typing import Final

from analytics.games.diceforge.cards.base import UNCONVERTED, effect, nothing_on_purchase
from analytics.games.diceforge.rules.blessings import (
    FACE_EFFECTS,
    ORDER,
    PAIRED_FACES,
    minor_blessing,
    resolve,
)
from analytics.games.diceforge.rules.components import (
    ANCIENT,
    GOLD,
    LOYALTY,
    MOON,
    SUN,
    Bundle,
    Card,
    Face,
    misfortune_face,
)
from analytics.games.diceforge.rules.forge import forge, forge_from_garden
from analytics.games.diceforge.rules.hooks import handler
from analytics.games.diceforge.rules.resources import RESOURCES
from analytics.games.diceforge.rules.state import Game, Player
from analytics.games.diceforge.rules.titans import LOYALTY_ZONE, move_token

MEMORY, ORACLE, GUARDIAN, MISFORTUNE_CARD = "memory", "oracle", "guardian", "mirror_of_misfortune"
MISFORTUNE: Final = "misfortune"  # the faces' `special`
MEMORY_PLACED, MEMORY_CLAIMED = "memory_placed", "memory_claimed"
MISFORTUNE_TRIGGERED: Final = "misfortune_triggered"
# The two faces of a Memory token under each reading (rule option `memory_token_sides`): the
# seed's "2 Gold + 1 Sun Shard", or REFERENCE ruling R4's Loyalty for that Gold.
MEMORY_SIDES: dict[str, tuple[Bundle, Bundle]] = {
    "gold_sun": (((ANCIENT, 2), (MOON, 1)), ((GOLD, 2), (SUN, 1))),
    "loyalty_sun": (((ANCIENT, 2), (MOON, 1)), ((LOYALTY, 2), (SUN, 1))),
}
ALLEGIANCE = (LOYALTY, ANCIENT)  # the Guardian's and the Misfortune face's choice


def side_word(side: Bundle) -> str:
    """The event item naming a token's face ('gold2+sun1')."""
    return "+".join(f"{res}{n}" for res, n in side)


def memory_sides(g: Game) -> tuple[Bundle, Bundle]:
    """The two faces a Memory token can show in this game."""
    return MEMORY_SIDES[g.rules.memory_token_sides]


WORDS = {"kind": (MEMORY_PLACED, MEMORY_CLAIMED, MISFORTUNE_TRIGGERED),
         "item": (MISFORTUNE, *dict.fromkeys(side_word(side) for sides in MEMORY_SIDES.values()
                                             for side in sides))}


UNCONVERTED.add(LOYALTY_ZONE)  # seed Note 4: zone Gold cannot feed the Cyclops
effect(ORACLE, GUARDIAN)(nothing_on_purchase)  # no instant effect: their use is the hook


@effect("chaos")
def chaos(g: Game, p: Player, card: Card) -> None:
    forge_from_garden(g, p, "chaos", card.id)


@effect("dogged")
def dogged(g: Game, p: Player, card: Card) -> None:
    forge_from_garden(g, p, "dogged", card.id)


@effect(MEMORY)
def memory(g: Game, p: Player, card: Card) -> None:
    """Two tokens, each with a side chosen, on two different islands (others' tokens may
    share an island)."""
    islands = tuple(range(1, 8))
    for _ in range(2):
        side = g.decide(p.seat, "memory_side", tuple(range(len(memory_sides(g)))))
        island = g.decide(p.seat, "memory_island", islands, side)
        islands = tuple(i for i in islands if i != island)
        g.board.memory.append([p.seat, island, side, len(p.cards)])
        g.log.emit(p.seat, MEMORY_PLACED, side_word(memory_sides(g)[side]), None, island,
                   card.id)


@handler(MEMORY)
def memory_claim(g: Game, p: Player, owner: str, card: Card) -> None:
    """A feat on an island holding p's token (placed before this feat): p gains the token's
    reward and discards it."""
    tokens = g.board.memory
    for token in list(tokens):
        seat, island, side, placed = token
        if seat == p.seat and island == card.island and len(p.cards) > placed:
            tokens.remove(token)
            reward = memory_sides(g)[side]
            g.log.emit(p.seat, MEMORY_CLAIMED, side_word(reward), None, island, MEMORY)
            for res, n in reward:
                RESOURCES.gain(g, p, res, n, MEMORY, MEMORY)


@handler(ORACLE)
def use_oracle(g: Game, p: Player, card_id: str) -> None:
    gained = g.board.gained[p.seat]
    minor_blessing(g, p, card_id)
    if g.board.gained[p.seat] > gained:
        for q in g.opponents(p):
            move_token(g, q, 1, ANCIENT, card_id)


@handler(GUARDIAN)
def use_guardian(g: Game, p: Player, card_id: str) -> None:
    RESOURCES.gain(g, p, g.decide(p.seat, "guardian_gain", ALLEGIANCE), 1, card_id, card_id)


@effect(MISFORTUNE_CARD)
def mirror_of_misfortune(g: Game, p: Player, card: Card) -> None:
    """p's Misfortune face goes to a player p chooses, who forges it where they choose."""
    seats = tuple(q.seat for q in g.opponents(p))
    bearer = g.players[g.decide(p.seat, "misfortune_bearer", seats)]
    forge(g, bearer, misfortune_face(p.seat), card.id)


def misfortune_faces(g: Game, p: Player, faces: list[Face], mult: list[int], via: str | None,
                     loss: str | None) -> None:
    """Each Misfortune face p applies: p's reward (times an x3), then its owner's. Applied
    by an owner (`via` the card), a Misfortune face gives only the reward."""
    if loss:  # under a loss (Minotaur) it shows no resource to lose
        return
    owners = []
    for face, times in zip(faces, mult, strict=True):
        if face.special == MISFORTUNE:
            res = g.decide(p.seat, "misfortune_reward", ALLEGIANCE, face)
            RESOURCES.gain(g, p, res, times, via or MISFORTUNE, MISFORTUNE)
            owners.append(face.colour)
    if via == MISFORTUNE_CARD:
        return
    shown = list(p.up)
    for owner in owners:
        assert isinstance(owner, int)
        g.log.emit(owner, MISFORTUNE_TRIGGERED, MISFORTUNE_CARD, None, p.seat, MISFORTUNE)
        resolve(g, g.players[owner], shown, MISFORTUNE_CARD)


FACE_EFFECTS[MISFORTUNE] = misfortune_faces


def chaos_reward(face: Face, other: Face | None, other_gave: frozenset) -> Bundle:
    """Reward A (bundles[0]) when the other die gave the face's colour, else B; never both.
    Two Chaos faces: each sees the other's Reward B (as two Shields see each other's bottom)."""
    if other is not None and other.special == CHAOS:
        other_gave = frozenset(res for res, _ in other.bundles[1])
    return face.bundles[0] if face.colour in other_gave else face.bundles[1]


CHAOS: Final = "chaos"  # the faces' `special`
PAIRED_FACES[CHAOS] = chaos_reward
ORDER.append(CHAOS)
