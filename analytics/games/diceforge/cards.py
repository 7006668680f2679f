"""Heroic Feat card effects, one small function per card id (REFERENCE.md §5)."""

from __future__ import annotations

from collections.abc import Callable

from analytics.games.diceforge.blessings import (
    divine_blessing,
    minor_blessing,
    receive,
    resolve,
    roll_both,
)
from analytics.games.diceforge.components import (
    CHEST_BONUS,
    GLORY,
    GOLD,
    MOON,
    SUN,
    Card,
    boar_face,
)
from analytics.games.diceforge.forge import forge, forge_from_garden
from analytics.games.diceforge.resources import gain, spend
from analytics.games.diceforge.state import Game, Player

Effect = Callable[[Game, Player, Card], None]
EFFECTS: dict[str, Effect] = {}
REINFORCEMENTS: dict[str, Effect] = {}


def effect(*card_ids: str, table: dict[str, Effect] = EFFECTS):
    """Register a function as the effect of `card_ids` (on purchase, or as a reinforcement)."""
    def register(fn: Effect) -> Effect:
        for card_id in card_ids:
            table[card_id] = fn
        return fn
    return register


@effect("ferryman", "gorgon", "hydra")
def glory_only(g: Game, p: Player, card: Card) -> None:
    """Printed Glory only (scored at the end, ruling R9)."""


@effect("blacksmiths_hammer")
def hammer(g: Game, p: Player, card: Card) -> None:
    p.hammers += 1


@effect("blacksmiths_chest")
def chest(g: Game, p: Player, card: Card) -> None:
    for res, bonus in CHEST_BONUS.items():
        p.caps[res] += bonus


@effect("silver_hind", "elder", "guardians_owl")
def becomes_reinforcement(g: Game, p: Player, card: Card) -> None:
    p.reinforcements.append(card)


@effect("great_bear")
def great_bear(g: Game, p: Player, card: Card) -> None:
    p.bears += 1


@effect("cerberus")
def cerberus(g: Game, p: Player, card: Card) -> None:
    p.cerberus += 1


@effect("triton")
def triton(g: Game, p: Player, card: Card) -> None:
    p.triton += 1


@effect("wild_spirits")
def wild_spirits(g: Game, p: Player, card: Card) -> None:
    gain(g, p, GOLD, 3, card.id, card.id)
    gain(g, p, MOON, 3, card.id, card.id)


@effect("satyrs")
def satyrs(g: Game, p: Player, card: Card) -> None:
    """Others roll both dice for nothing; p applies two of the rolled faces as a divine blessing."""
    rolled = [face for q in g.opponents(p) for face in roll_both(g, q, card.id)]
    pairs = tuple((i, j) for i in range(len(rolled)) for j in range(i + 1, len(rolled)))
    i, j = g.decide(p.seat, "satyrs_pick", pairs, rolled)
    receive(g, p, [rolled[i], rolled[j]])


@effect("minotaur")
def minotaur(g: Game, p: Player, card: Card) -> None:
    """Every other player rolls both dice and applies them as losses (they choose on choices)."""
    for q in g.opponents(p):
        resolve(g, q, roll_both(g, q, card.id), loss=card.id)


@effect("cancer")
def cancer(g: Game, p: Player, card: Card) -> None:
    divine_blessing(g, p, card.id)
    divine_blessing(g, p, card.id)


@effect("sphinx")
def sphinx(g: Game, p: Player, card: Card) -> None:
    """Four minor blessings with the same die."""
    die = minor_blessing(g, p, card.id)
    for _ in range(3):
        minor_blessing(g, p, card.id, die)


@effect("sentinel")
def sentinel(g: Game, p: Player, card: Card) -> None:
    """Two divine blessings; each shard gained during them may become 2 Glory."""
    p.converting = "sentinel"
    divine_blessing(g, p, card.id)
    divine_blessing(g, p, card.id)
    p.converting = ""


@effect("cyclops")
def cyclops(g: Game, p: Player, card: Card) -> None:
    """Four minor blessings with the same die; each gold gained may become 1 Glory."""
    p.converting = "cyclops"
    sphinx(g, p, card)
    p.converting = ""


@effect("typhon")
def typhon(g: Game, p: Player, card: Card) -> None:
    gain(g, p, GLORY, p.forged, card.id, card.id)


GARDEN_OF = {"helmet_of_invisibility": "x3", "mirror_of_the_abyss": "mirror",
             "celestial_ship": "ship", "guardians_shield": "shield"}


@effect(*GARDEN_OF)
def take_garden_face(g: Game, p: Player, card: Card) -> None:
    """Take the card's Garden face (choosing the colour where there are several) and forge it."""
    forge_from_garden(g, p, GARDEN_OF[card.id], card.id)


@effect("tenacious_boar")
def tenacious_boar(g: Game, p: Player, card: Card) -> None:
    """p gives a Boar face of p's colour to an opponent, who forges it where they choose."""
    seats = tuple(q.seat for q in g.opponents(p))
    target = g.players[g.decide(p.seat, "boar_target", seats)]
    forge(g, target, boar_face(p.seat), card.id)


# Reinforcements: used once per own turn in step 2.
@effect("silver_hind", table=REINFORCEMENTS)
def use_silver_hind(g: Game, p: Player, card: Card) -> None:
    minor_blessing(g, p, card.id)


@effect("elder", table=REINFORCEMENTS)
def use_elder(g: Game, p: Player, card: Card) -> None:
    spend(g, p, GOLD, 3, card.id)
    gain(g, p, GLORY, 4, card.id, card.id)


@effect("guardians_owl", table=REINFORCEMENTS)
def use_owl(g: Game, p: Player, card: Card) -> None:
    res = g.decide(p.seat, "owl_resource", (GOLD, SUN, MOON))
    gain(g, p, res, 1, card.id, card.id)


def can_use(p: Player, card: Card) -> bool:
    """Whether a reinforcement can do anything now (The Elder needs 3 gold)."""
    return card.id != "elder" or p.gold >= 3
