"""Rebellion cards about faces and dice (REFERENCE §6.1, §6.5; seed `000_…`), each only an
on-purchase effect or a registration on the hooks.

The Celestial Die (M4): roll the Celestial Die once and apply its face (celestial.py).

The Goddess (M8): set both dice to faces of one's choice and apply them as a divine blessing:
the hooks after a blessing (Cerberus, The Twins' reward) hear it. The Twins trigger "when you
receive a divine blessing" but these dice were set, not rolled: by default (rule option
`goddess_twins=reroll`, the seed's words) the Twins may still reroll one of them; with
`goddess_twins=no` they are not offered.

The Wind (M4): every player, in turn order from the buyer, rolls both dice and applies nothing;
the buyer names a resource shown and gains all of it shown. A face shows what any of its
alternatives gives (a "1 gold / 1 sun / 1 moon" face shows 1 of each: the seed counts "the
resources of that type among the dice results"); a Shield shows its bottom reward only (its 5
Glory is a condition, as the Titans' rewards A the seed excludes); x3, Mirror and Ship show
nothing. Only resources shown are offered (loyalty and Ancient Shards come with the modules'
faces).

The Merchant (F1, reinforcement): upgrade a face by one level (upgrade.py) or gain 2 Glory.
Copies used together upgrade one face by as many levels; once a face was upgraded in a turn,
the other copies give Glory only (the seed: "only on the same die face", "at once").

The Light (F4, reinforcement): for 3 gold (the use's cost), apply any face showing on any
player's die, one's own included.
"""

from __future__ import annotations

from typing import Final

from analytics.games.diceforge.cards.base import effect, nothing_on_purchase
from analytics.games.diceforge.cards.celestial import apply_face_up, roll_celestial, turn_up
from analytics.games.diceforge.rules.blessings import BOTH_DICE, receive, roll_both
from analytics.games.diceforge.rules.components import GLORY, Card, Face
from analytics.games.diceforge.rules.hooks import handler, spare_copies, use_together
from analytics.games.diceforge.rules.resources import gain
from analytics.games.diceforge.rules.state import Game, Player
from analytics.games.diceforge.rules.upgrade import rises, upgrade

MERCHANT: Final = "merchant"
MERCHANT_GLORY: Final = 2
# The Merchant's options: 'glory', or 'upgradeN' with N copies together.
UPGRADE: Final = "upgrade"
WIND_ORDER = ("gold", "sun", "moon", "glory")  # how the Wind's options are listed first


@effect("celestial_die")
def celestial_die(g: Game, p: Player, card: Card) -> None:
    roll_celestial(g, p, card.id)


@effect("goddess")
def goddess(g: Game, p: Player, card: Card) -> None:
    goddess_blessing(g, p, card.id)


def goddess_blessing(g: Game, p: Player, cause: str, via: str | None = None) -> None:
    """Both dice set to the faces p picks (one decision: the pair), then applied as a divine
    blessing (also the Goddess module's reward to the first Golem on the Goddess space, whose
    gains `via` credits to that space)."""
    light, dark = (tuple(dict.fromkeys(faces)) for faces in p.dice)
    pair = g.decide(p.seat, "goddess_faces", tuple((a, b) for a in light for b in dark))
    for die, face in enumerate(pair):
        turn_up(g, p, die, face, cause)
    dice = BOTH_DICE if g.rules.goddess_twins == "reroll" else ()
    receive(g, p, list(pair), dice, cause, via)


@effect("wind")
def wind(g: Game, p: Player, card: Card) -> None:
    """Everyone rolls; p gains all of one resource the dice show, face by face."""
    for q in g.turn_order(p.seat):
        roll_both(g, q, card.id)
    showing = [f for q in g.turn_order(p.seat) for f in q.up]
    totals: dict[str, int] = {}
    for face in showing:
        amounts = shown_amounts(face)
        for res in face.resources:
            totals[res] = totals.get(res, 0) + amounts[res]
    if not totals:
        return
    order = sorted(totals, key=lambda r: (WIND_ORDER + (r,)).index(r))
    res = g.decide(p.seat, "wind_type", tuple(order), tuple((r, totals[r]) for r in order))
    for face in showing:
        gain(g, p, res, shown_amounts(face).get(res, 0), card.id, face.id)


def shown(face: Face, res: str) -> int:
    """How much of `res` a face shows (the most any of its alternatives gives)."""
    return max((n for bundle in face.bundles for r, n in bundle if r == res), default=0)


# Faces are immutable and one id is one face's rewards, so what each shows is kept by id: the
# bots' worth of The Wind reads every face of every die at each action choice, and the Wind
# every face showing.
_AMOUNTS: dict[str, dict[str, int]] = {}
_SHOWS: dict[str, tuple[tuple[str, int], ...]] = {}


def shown_amounts(face: Face) -> dict[str, int]:
    """`shown(face, resource)` for every resource the face shows (do not modify)."""
    found = _AMOUNTS.get(face.id)
    if found is None:
        found = _AMOUNTS[face.id] = {res: shown(face, res) for res in face.resources}
    return found


def shows(face: Face) -> tuple[tuple[str, int], ...]:
    """(resource, `shown(face, resource)`) for every resource the face shows, by name."""
    found = _SHOWS.get(face.id)
    if found is None:
        found = _SHOWS[face.id] = tuple(sorted(shown_amounts(face).items()))
    return found


@effect(MERCHANT)
def merchant(g: Game, p: Player, card: Card) -> None:
    p.tracks.setdefault(MERCHANT, [0])  # 1 once a face was upgraded this turn


@handler(MERCHANT)
def use_merchant(g: Game, p: Player, card_id: str) -> None:
    """2 Glory, or an upgrade by as many levels as the copies p uses together."""
    options = ["glory"]
    if not p.tracks[card_id][0]:
        options += [f"{UPGRADE}{n}" for n in rises(g, p, spare_copies(g, card_id) + 1)]
    choice = g.decide(p.seat, "merchant", tuple(options))
    if choice == "glory":
        gain(g, p, GLORY, MERCHANT_GLORY, card_id, card_id)
        return
    levels = int(choice[len(UPGRADE):])
    use_together(g, p, card_id, levels - 1)
    p.tracks[card_id][0] = 1
    upgrade(g, p, levels, card_id)


@handler("merchant_turn")
def merchant_turn(g: Game, p: Player, card_id: str) -> None:
    """A new turn: the Merchants may upgrade again."""
    p.tracks[card_id][0] = 0


effect("light")(nothing_on_purchase)


@handler("light")
def use_light(g: Game, p: Player, card_id: str) -> None:
    """The 3 gold are paid (the use's cost): apply any face showing."""
    apply_face_up(g, p, card_id)
