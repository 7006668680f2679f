"""Rolling dice and resolving faces: divine and minor blessings, x3, Mirror, Shield, Boar, Ship."""

from __future__ import annotations

from collections.abc import Callable

from analytics.games.diceforge.rules.components import (
    BLESSED,
    GLORY,
    MOON,
    ROLLED,
    SHIELD_BONUS,
    SUN,
    Face,
)
from analytics.games.diceforge.rules.forge import ship_purchase
from analytics.games.diceforge.rules.hooks import HOOKS
from analytics.games.diceforge.rules.resources import RESOURCES
from analytics.games.diceforge.rules.state import DIE_NAMES, SHARED_DICE, Game, Player

SHIP_DISCOUNT = {1: 2, 3: 6}
# Faces a module adds, by `special`: effect(g, p, faces shown, multipliers, via, loss), called
# once per resolution holding such a face (the Goddess module's Golem faces: cards/goddess.py).
FACE_EFFECTS: dict[str, Callable[..., None]] = {}
# Faces a module adds whose reward reads what the other die gave, by `special`:
# bundle(face, the other face or None, the resources it gave), resolved after the Shields (the
# Titans module's Chaos faces: cards/titans.py appends its special to ORDER).
PAIRED_FACES: dict[str, Callable[..., tuple]] = {}
# The order faces apply in: plain faces first; those reading the other die's result after.
ORDER = ["", "boar", "shield"]
BOTH_DICE = (0, 1)
BOAR_OWNER_BONUS = {"sun": (SUN, 1), "moon": (MOON, 1), "glory": (GLORY, 3)}


def roll_die(g: Game, p: Player, die: int, cause: str) -> Face:
    """Roll one of p's dice (it stays showing the rolled face), or a die no one owns (the
    Celestial Die: p rolls it, on p's own chance stream, and it sits on no inventory)."""
    name = DIE_NAMES[die]
    if die < len(p.dice):
        faces = p.dice[die]
        face = faces[g.chance.roll(p.seat, name, faces)]
        p.up[die] = face
    else:
        shared = SHARED_DICE[die]
        face = shared[g.chance.roll(p.seat, name, shared)]
    g.log.emit(p.seat, "die_rolled", face.id, None, None, cause, name)
    return face


def roll_both(g: Game, p: Player, cause: str) -> list[Face]:
    return [roll_die(g, p, 0, cause), roll_die(g, p, 1, cause)]


def divine_blessing(g: Game, p: Player, cause: str) -> None:
    """p rolls both dice and applies both faces."""
    receive(g, p, roll_both(g, p, cause), BOTH_DICE, cause)


def minor_blessing(g: Game, p: Player, cause: str, die: int | None = None) -> int:
    """p rolls one die (chosen unless given) and applies it; returns the die used."""
    if die is None:
        die = g.decide(p.seat, "minor_die", (0, 1), cause)
    receive(g, p, [roll_die(g, p, die, cause)], (die,), cause)
    return die


def everyone_blessed(g: Game, cause: str, only: Player | None = None) -> None:
    """All players (or `only` one) roll, then resolve in turn order from the active player."""
    order = g.turn_order(g.active) if only is None else (only,)
    rolled = [roll_both(g, p, cause) for p in order]
    for p, faces in zip(order, rolled, strict=True):
        receive(g, p, faces, BOTH_DICE, cause)


def receive(g: Game, p: Player, faces: list[Face], dice: tuple[int, ...] = (),
            cause: str = "", via: str | None = None) -> None:
    """Apply a blessing's faces, with p's hooks around it.

    `dice` are p's dice the faces were rolled on (empty when they come from elsewhere, as with
    the Satyrs): `rolled` handlers may change them before they apply (The Twins); `blessed`
    handlers run after (Cerberus applies the result again, The Twins' reward). `via` credits
    what the faces give to a cause (the Goddess module's Goddess space) as `resolve` does.
    """
    hooks = p.hooks
    if not hooks:
        resolve(g, p, faces, via)
        return
    if dice and ROLLED in hooks:
        HOOKS.fire(g, p, ROLLED, faces, dice, cause)
    resolve(g, p, faces, via)
    if BLESSED in hooks:
        HOOKS.fire(g, p, BLESSED, faces)


def resolve(g: Game, p: Player, faces: list[Face], via: str | None = None,
            loss: str | None = None) -> None:
    """Apply faces rolled together (REFERENCE §4.2): Mirrors copy first, one x3 triples the other.

    `via` credits the gains to a card instead of the faces (Cerberus); `loss` names the card
    that turns gains into losses (Minotaur). Plain faces resolve before Boars and Shields, which
    need to know what the other die gave; Ships resolve last unless the player picks first.
    """
    if not loss and not faces[0].special and not faces[-1].special:
        _apply_plain(g, p, faces, via)
        return
    shown = [_mirror_copy(g, p, f, loss) if f.special == "mirror" else (f, f) for f in faces]
    mult = [1] * len(shown)
    specials = [eff.special for _, eff in shown]
    if len(shown) == 2 and specials.count("x3") == 1:
        mult[1 - specials.index("x3")] = 3
    given: list[frozenset] = [frozenset()] * len(shown)
    ships = [i for i, s in enumerate(specials) if s == "ship"]
    if ships and _ships_first(g, p, specials, loss):
        _resolve_ships(g, p, ships, mult, loss)
        ships = []
    for order in ORDER:
        for i, (face, eff) in enumerate(shown):
            if eff.special == order:
                other = given[1 - i] if len(shown) == 2 else frozenset()
                given[i] = _apply(g, p, face, eff, mult[i], via, loss, other, shown, i)
    for special, module_effect in FACE_EFFECTS.items():
        if special in specials:
            module_effect(g, p, [eff for _, eff in shown], mult, via, loss)
    _resolve_ships(g, p, ships, mult, loss)


def _apply_plain(g: Game, p: Player, faces: list[Face], via: str | None) -> None:
    """The common case, kept lean: faces with only resources, gained in full."""
    for face in faces:
        bundles = face.bundles
        bundle = bundles[0] if len(bundles) == 1 else g.decide(p.seat, "face_choice", bundles, face)
        cause = via or face.id
        for res, amount in bundle:
            RESOURCES.gain(g, p, res, amount, cause, face.id)


def _apply(g: Game, p: Player, face: Face, eff: Face, mult: int, via: str | None,
           loss: str | None, other_gave: frozenset, shown: list, i: int) -> frozenset:
    """Apply one face; returns the resources it gave (for a Shield on the other die)."""
    cause = via or face.id
    item = eff.id
    if eff.special == "shield":
        other = shown[1 - i][1] if len(shown) == 2 else None
        if other is not None and other.special == "shield":
            other_gave = other.resources  # two Shields: each sees the other's bottom reward
        bundle = ((GLORY, SHIELD_BONUS),) if eff.colour in other_gave else eff.bundles[0]
    elif eff.special in PAIRED_FACES:
        other = shown[1 - i][1] if len(shown) == 2 else None
        bundle = PAIRED_FACES[eff.special](eff, other, other_gave)
    elif eff.special == "boar":
        owner = eff.colour  # a Boar face's colour is its owner's seat
        assert isinstance(owner, int)
        _boar_owner_bonus(g, owner, mult)
        if g.rules.boar_bearer == "nothing":
            return frozenset()
        bundle = _choose_bundle(g, p, eff, loss)
    else:
        bundle = _choose_bundle(g, p, eff, loss)
    for res, amount in bundle:
        _change(g, p, res, amount, cause, item, loss)
        if mult > 1:  # the x3's share; a result applied again is Cerberus's, all of it
            _change(g, p, res, amount * (mult - 1), via or "x3", item, loss)
    return frozenset(res for res, _ in bundle)


def _change(g: Game, p: Player, res: str, amount: int, cause: str, item: str,
            loss: str | None) -> None:
    if loss:
        RESOURCES.lose(g, p, res, amount, loss, item)
    else:
        RESOURCES.gain(g, p, res, amount, cause, item)


def _choose_bundle(g: Game, p: Player, face: Face, loss: str | None):
    if len(face.bundles) == 1:
        return face.bundles[0]
    kind = "loss_choice" if loss else "face_choice"
    return g.decide(p.seat, kind, face.bundles, face)


def _mirror_copy(g: Game, p: Player, mirror: Face, loss: str | None) -> tuple[Face, Face]:
    """A Mirror copies a face showing on an opponent's die (never another Mirror); under a
    loss (Minotaur) the choice is of what to lose, and says so (`mirror_loss`)."""
    options = tuple(dict.fromkeys(
        f for q in g.opponents(p) for f in q.up if f.special != "mirror"
    ))
    if not options:
        return mirror, Face("mirror_blank", ((),))
    return mirror, g.decide(p.seat, "mirror_loss" if loss else "mirror_copy", options, mirror)


def _boar_owner_bonus(g: Game, owner: int, times: int) -> None:
    """Each time a Boar face is applied, its card's owner gains 1 Sun, 1 Moon or 3 Glory."""
    q = g.players[owner]
    for _ in range(times):
        res, amount = BOAR_OWNER_BONUS[g.decide(owner, "boar_bonus", tuple(BOAR_OWNER_BONUS))]
        RESOURCES.gain(g, q, res, amount, "tenacious_boar", "boar")


def _ships_first(g: Game, p: Player, specials: list[str], loss: str | None) -> bool:
    if loss or g.rules.ship_order == "last" or all(s in ("ship", "x3") for s in specials):
        return False
    return g.decide(p.seat, "ship_order", ("last", "first")) == "first"


def _resolve_ships(g: Game, p: Player, ships: list[int], mult: list[int], loss: str | None) -> None:
    """Under Minotaur a Ship does nothing; otherwise a discounted purchase (6 gold with x3)."""
    if loss:
        return
    for i in ships:
        ship_purchase(g, p, SHIP_DISCOUNT[mult[i]], "ship")
