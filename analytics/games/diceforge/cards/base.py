"""Base-game Heroic Feat cards: on-purchase effects, one small function per card id, and the
hook handlers their rows declare (REFERENCE.md §5)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from analytics.games.diceforge.rules.blessings import (
    divine_blessing,
    minor_blessing,
    receive,
    resolve,
    roll_both,
)
from analytics.games.diceforge.rules.components import (
    AFTER_FEAT,
    CHEST_BONUS,
    GAIN_OF,
    GLORY,
    GOLD,
    HAMMER_PHASE,
    HAMMER_REWARDS,
    MOON,
    SUN,
    Card,
    boar_face,
)
from analytics.games.diceforge.rules.forge import forge, forge_from_garden
from analytics.games.diceforge.rules.hooks import (
    copies,
    fire,
    handler,
    register,
    register_card,
    unregister,
)
from analytics.games.diceforge.rules.resources import gain
from analytics.games.diceforge.rules.state import Game, Player

Effect = Callable[[Game, Player, Card], None]
EFFECTS: dict[str, Effect] = {}

HAMMER: Final = "hammer"  # gold on the Hammer tracks
HAMMER_ROOM: Final = 30  # track length per Hammer
CERBERUS: Final = "cerberus"  # tokens, counted in the resource map
TRITON: Final = "triton"
# What a conversion card turns into Glory while its blessings resolve, and at what rate.
CONVERSIONS = {"sentinel": ((SUN, MOON), 2), "cyclops": ((GOLD,), 1)}
# Causes of gains the Sentinel and the Cyclops may not convert (the Titans module's Loyalty
# zone Gold: seed Note 4); a module adds its own.
UNCONVERTED: set[str] = set()


def converting(p: Player, card_id: str, on: bool) -> None:
    """Start or stop the conversion of `card_id` (first among p's handlers of each gain)."""
    for res in CONVERSIONS[card_id][0]:
        if on:
            register(p, GAIN_OF[res], card_id, "convert", first=True)
        else:
            unregister(p, GAIN_OF[res], card_id, "convert")
TRITON_CHOICES = {"sun": (SUN, 2), "moon": (MOON, 2), "gold": (GOLD, 6)}


def effect(*card_ids: str):
    """Register a function as the on-purchase effect of `card_ids`."""
    def register_effect(fn: Effect) -> Effect:
        for card_id in card_ids:
            EFFECTS[card_id] = fn
        return fn
    return register_effect


def take_card(g: Game, p: Player, slot: str, cause: str) -> None:
    """p takes the top card of `slot` (paid for, pawn moved, or neither: The First Titan): owns
    it, registers its hooks, then its effect and the after-feat hook."""
    card = g.slots[slot]
    g.stacks[slot] -= 1
    p.cards.append(card)
    register_card(p, card)
    g.log.emit(p.seat, "feat_performed", card.id, None, None, cause, str(card.island))
    if g.rules.card_glory == "purchase":
        gain(g, p, GLORY, card.glory, card.id, card.id)
    EFFECTS[card.effect](g, p, card)
    fire(g, p, AFTER_FEAT, card)


def send_home(g: Game, q: Player, cause: str, by: int) -> None:
    """q's pawn leaves its island for q's start portal, ousted by seat `by` through `cause`
    (what follows, a blessing or none, is the caller's)."""
    island = q.island
    assert island is not None
    if g.islands[island] == q.seat:
        g.islands[island] = None
    q.island = None
    g.log.emit(q.seat, "pawn_ousted", str(island), None, None, cause, str(by))


@effect("ferryman", "gorgon", "hydra", "silver_hind", "elder", "guardians_owl", "great_bear")
def nothing_on_purchase(g: Game, p: Player, card: Card) -> None:
    """Printed Glory only (scored at the end, ruling R9), or all in the hooks it declares."""


@effect("blacksmiths_hammer")
def hammer(g: Game, p: Player, card: Card) -> None:
    p.res.setdefault(HAMMER, 0)
    p.caps[HAMMER] = p.caps.get(HAMMER, 0) + HAMMER_ROOM


@handler("hammer_track")
def hammer_track(g: Game, p: Player, card_id: str, res: str, amount: int, cause: str,
                 item: str | None) -> int:
    """p puts some gold on the Hammer track; each 15 completes a phase (10, then 15 Glory).
    A completed Hammer has no more effect: its handler goes once every Hammer is full."""
    before = p.res[HAMMER]
    room = p.caps[HAMMER] - before
    put = g.decide(p.seat, "hammer_gold", tuple(range(min(amount, room) + 1)), amount)
    if put:
        p.res[HAMMER] = before + put
        g.log.emit(p.seat, "resource_gained", item, HAMMER, put, cause)
        for phase in range(before // HAMMER_PHASE + 1, (before + put) // HAMMER_PHASE + 1):
            reward = HAMMER_REWARDS[(phase - 1) % 2]
            p.res[GLORY] += reward
            g.log.emit(p.seat, "resource_gained", card_id, GLORY, reward, card_id)
        if put == room:
            unregister(p, GAIN_OF[GOLD], card_id, "hammer_track")
    return amount - put


@effect("blacksmiths_chest")
def chest(g: Game, p: Player, card: Card) -> None:
    for res, bonus in CHEST_BONUS.items():
        p.caps[res] += bonus


@handler("great_bear")
def great_bear(g: Game, p: Player, card_id: str) -> None:
    """3 Glory per Great Bear each time p ousts a hero or is ousted."""
    gain(g, p, GLORY, 3 * copies(p, card_id), card_id, card_id)


@effect("cerberus")
def cerberus(g: Game, p: Player, card: Card) -> None:
    p.res[CERBERUS] = p.res.get(CERBERUS, 0) + 1


@handler("cerberus")
def use_cerberus(g: Game, p: Player, card_id: str, faces: list) -> None:
    """After a blessing, a Cerberus token may apply the same result once more."""
    if p.res.get(CERBERUS, 0) and g.decide(p.seat, "use_cerberus", (False, True), faces):
        p.res[CERBERUS] -= 1
        g.log.emit(p.seat, "token_used", card_id, None, None, card_id)
        resolve(g, p, faces, via=card_id)


@effect("triton")
def triton(g: Game, p: Player, card: Card) -> None:
    p.res[TRITON] = p.res.get(TRITON, 0) + 1


@handler("triton")
def offer_triton(g: Game, p: Player, card_id: str) -> None:
    """Triton tokens may be spent at any moment of one's own turn."""
    while p.res.get(TRITON, 0):
        choice = g.decide(p.seat, "use_triton", ("keep",) + tuple(TRITON_CHOICES))
        if choice == "keep":
            return
        p.res[TRITON] -= 1
        g.log.emit(p.seat, "token_used", card_id, None, None, card_id)
        res, amount = TRITON_CHOICES[choice]
        gain(g, p, res, amount, card_id, card_id)


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
    converting(p, card.id, True)
    divine_blessing(g, p, card.id)
    divine_blessing(g, p, card.id)
    converting(p, card.id, False)


@effect("cyclops")
def cyclops(g: Game, p: Player, card: Card) -> None:
    """Four minor blessings with the same die; each gold gained may become 1 Glory."""
    converting(p, card.id, True)
    sphinx(g, p, card)
    converting(p, card.id, False)


@handler("convert")
def convert(g: Game, p: Player, card_id: str, res: str, amount: int, cause: str,
            item: str | None) -> int:
    """Sentinel/Cyclops: p turns some of a gain into Glory; returns what is left."""
    if cause in UNCONVERTED:
        return amount
    rate = CONVERSIONS[card_id][1]
    converted = g.decide(p.seat, "convert", tuple(range(amount + 1)), (card_id, res))
    if converted:
        g.log.emit(p.seat, "resource_gained", item or cause, GLORY, converted * rate, card_id)
        p.res[GLORY] += converted * rate
    return amount - converted


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


# Reinforcements: used once per own turn in step 2; what a use costs is on the card (`use`).
@handler("silver_hind")
def use_silver_hind(g: Game, p: Player, card_id: str) -> None:
    minor_blessing(g, p, card_id)


@handler("elder")
def use_elder(g: Game, p: Player, card_id: str) -> None:
    gain(g, p, GLORY, 4, card_id, card_id)


@handler("guardians_owl")
def use_owl(g: Game, p: Player, card_id: str) -> None:
    res = g.decide(p.seat, "owl_resource", (GOLD, SUN, MOON))
    gain(g, p, res, 1, card_id, card_id)
