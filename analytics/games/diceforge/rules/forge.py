"""Forging faces onto dice: offerings to the gods, Ship purchases and card-given faces."""

from __future__ import annotations

from analytics.games.diceforge.rules.components import GOLD, Face
from analytics.games.diceforge.rules.payment import FORGE, PAYMENT
from analytics.games.diceforge.rules.state import DIE_NAMES, POOL_OF, Game, Player

# Faces that can never be forged over once placed (the Boar; the Titans module's Misfortune
# face: "They cannot remove it until the end of the game").
FIXED = ("boar", "misfortune")


def forge(g: Game, p: Player, face: Face, cause: str) -> int:
    """p forges `face` over a face of p's choice; the die then shows the new face. Returns
    the die (a card may bless with it: The Ancestor)."""
    return forge_at(g, p, face, g.decide(p.seat, "forge_place", places(p), face), cause)


def forge_at(g: Game, p: Player, face: Face, place: tuple[int, int], cause: str) -> int:
    """p forges `face` over the face at `place` (die, side); the die then shows the new face.
    Returns the die."""
    die, index = place
    old = p.dice[die][index]
    p.dice[die][index] = face
    p.up[die] = face
    p.forged += 1
    g.log.emit(p.seat, "face_forged", face.id, None, None, cause, f"{DIE_NAMES[die]}:{old.id}")
    return die


def places(p: Player) -> tuple[tuple[int, int], ...]:
    """One place per distinct (die, face): replacing either of two equal faces is the same move."""
    places = []
    for die, faces in enumerate(p.dice):
        seen = set()  # this die's face ids: no pair built per face (~50 calls a game)
        for index, face in enumerate(faces):
            # Equal faces have equal ids, and a str key hashes in C (a Face's hash is Python).
            if face.special not in FIXED and face.id not in seen:
                seen.add(face.id)
                places.append((die, index))
    return tuple(places)


def buyable(g: Game, gold: int, discount: int = 0, exclude: frozenset = frozenset()) -> tuple:
    """Sanctuary face ids on offer that cost at most `gold` after `discount`, minus `exclude`."""
    found: list[str] = []
    for pool in g.sanctuary:  # pools are in cost order and all faces of a pool cost the same
        if not pool:
            continue
        if pool[0].cost - discount > gold:
            break
        for face in pool:
            if face.id not in exclude and face.id not in found:
                found.append(face.id)
    return tuple(found)


def any_buyable(g: Game, gold: int) -> bool:
    """Whether some Sanctuary face costs at most `gold`: `bool(buyable(g, gold))`, without
    building the list (asked before every action)."""
    for pool in g.sanctuary:  # in cost order: the first pool with faces left is the cheapest
        if pool:
            return pool[0].cost <= gold
    return False


def cheapest_face(g: Game) -> int | None:
    """The cost of the cheapest Sanctuary face left (None when the Sanctuary is empty)."""
    for pool in g.sanctuary:
        if pool:
            return pool[0].cost
    return None


def take_from_sanctuary(g: Game, face_id: str) -> Face:
    pool = g.sanctuary[POOL_OF[face_id]]
    for i, face in enumerate(pool):
        if face.id == face_id:
            return pool.pop(i)
    raise KeyError(face_id)


def buy_face(g: Game, p: Player, face_id: str, discount: int, cause: str) -> Face:
    """Pay for a Sanctuary face (cost minus `discount`, not below 0) and forge it."""
    face = take_from_sanctuary(g, face_id)
    PAYMENT.pay(g, p, ((GOLD, max(0, face.cost - discount)),), face.id, FORGE)
    forge(g, p, face, cause)
    return face


def make_offering(g: Game, p: Player) -> None:
    """Action A: buy one or more different faces (R5), each paid in full and forged at once."""
    bought: set[str] = set()
    pools_used: set[int] = set()
    by_pool = g.rules.offering_distinct == "pool"
    while True:
        excluded = set(bought)
        if by_pool:
            excluded.update(f.id for i in pools_used for f in g.sanctuary[i])
        options = buyable(g, PAYMENT.funds(g, p, GOLD, FORGE), exclude=frozenset(excluded))
        if not options:
            return
        choice = g.decide(p.seat, "offering", options + (("done",) if bought else ()))
        if choice == "done":
            return
        bought.add(choice)
        pools_used.add(POOL_OF[choice])
        buy_face(g, p, choice, 0, "offering")


def ship_purchase(g: Game, p: Player, discount: int, cause: str, kind: str = "ship_buy",
                  optional: bool = True) -> None:
    """A Ship (or a card or space: `kind` names the decision) lets p buy one Sanctuary face at
    a discount, or pass (unless not `optional`: then p buys one when one is affordable)."""
    options = buyable(g, PAYMENT.funds(g, p, GOLD, FORGE), discount)
    if options:
        choice = g.decide(p.seat, kind, ("skip",) + options if optional else options, discount)
        if choice != "skip":
            buy_face(g, p, choice, discount, cause)


def forge_from_garden(g: Game, p: Player, garden: str, cause: str) -> None:
    """Take a face from a Garden pool (choosing among different ones) and forge it."""
    pool = g.gardens[garden]
    if not pool:
        return
    options = tuple(dict.fromkeys(f.id for f in pool))
    face_id = g.decide(p.seat, "garden_face", options, garden)
    face = next(f for f in pool if f.id == face_id)
    pool.remove(face)
    forge(g, p, face, cause)
