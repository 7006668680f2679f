"""The Titans module's board, the allegiance track (seed `000_…` "Titans Module: Revolt of the
Titans", REFERENCE §6.8): 31 spaces read from one table (content/titans-board.csv), each
player's Allegiance token on it, the zones' bonuses and the end-of-game value.

Loyalty is never stored: gaining it moves the token right (`right` column), one space a point.
Ancient Shards are stored in their own reserve (cap 6, ruling R10) and move the token left
(`left` column) even when that reserve is full. A space's `left`/`right` is where the token
goes next in that direction: the special paths are the links that skip a space (the arrow
that follows the direction of travel is taken, else the main path; an end space has none).
Both moves are gain hooks registered on every player at setup, so the base game pays nothing.
Events: `allegiance_moved` (item main/special, amount the space reached, detail 'from>to'),
`zone_bonus` (item the zone, detail the face or card; the Glory and Gold follow as gains
caused by `loyalty_zone`/`rebellion_zone`), `allegiance_scored` (amount the end value; the
gain or loss follows, caused by `allegiance_value`). Only gains and losses carry a resource.

Zones (the zone the token is in when the face applies): Loyalty I-III add to the Gold and
Glory a player's own dice give in a divine or minor blessing, once per face; the Rebellion
zones add Glory to a feat, more for its first performer in the game. At the end each player
gains (or loses, Glory never below 0: ruling R17) the value of the token's space.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from analytics.engine.clone import copied, holds
from analytics.engine.payment import Cost, Short, Source
from analytics.games.diceforge.rules.components import (
    AFTER_FEAT,
    ANCIENT,
    BLESSED,
    FACES,
    GAIN_OF,
    GLORY,
    GOLD,
    LOYALTY,
    MOON,
    PAY,
    ROLLED,
    SUN,
    Bundle,
    Card,
)
from analytics.games.diceforge.rules.content import board_rows
from analytics.games.diceforge.rules.hooks import handler, register
from analytics.games.diceforge.rules.payment import EXTRA_ACTION, FEAT, SOURCES
from analytics.games.diceforge.rules.resources import RESOURCES
from analytics.games.diceforge.rules.state import MODULE_SCORING, MODULE_SETUPS, Game, Player

MODULE: Final = "titans"
START: Final = 16
ANCIENT_CAP: Final = 6  # ruling R10: not raised by the Chest
ALLEGIANCE_MOVED: Final = "allegiance_moved"
ZONE_BONUS: Final = "zone_bonus"
ALLEGIANCE_SCORED: Final = "allegiance_scored"
LOYALTY_ZONE: Final = "loyalty_zone"  # the cause of a Loyalty zone's Gold and Glory
REBELLION_ZONE: Final = "rebellion_zone"
ALLEGIANCE_VALUE: Final = "allegiance_value"
MAIN, SPECIAL = "main", "special"
# Seed setup step 5: the bright (light) die's Sun face and the dark die's 2 Glory face give way.
START_FACES = {0: ("sun_1", "titan_ancient_1"), 1: ("glory_2", "titan_glory1_loyalty1")}
# REFERENCE §6.6: pool 18 (Dogged faces) and 20 (Chaos faces); pool 16 (Misfortune faces,
# one per colour) is cards/titans.py's: each face belongs to the Mirror card's owner.
FOREST = {"dogged": ("dogged_gold3_ancient1",) * 2 + ("dogged_gold2_glory1_loyalty1",) * 2,
          "chaos": ("chaos_blue", "chaos_red", "chaos_yellow", "chaos_green")}
# Pool 20 under each reading of the Chaos faces' rewards (rule option `chaos_rewards`, R13).
CHAOS_FACES = {"moon_gold": FOREST["chaos"],
               "ancient_loyalty": ("chaos_blue_ancient", "chaos_red_ancient",
                                   "chaos_yellow_loyalty", "chaos_green_loyalty")}


@dataclass(frozen=True, slots=True)
class Space:
    number: int
    value: int
    zone: str
    left: int | None
    right: int | None


def _space(row: dict[str, str]) -> Space:
    return Space(int(row["space"]), int(row["value"]), row["zone"],
                 int(row["left"]) if row["left"] else None,
                 int(row["right"]) if row["right"] else None)


SPACES: dict[int, Space] = {s.number: s for s in map(_space, board_rows("titans-board"))}
# Loyalty zones: the extra a face's Gold or Glory brings (seed "Loyalty Areas"). A zone adds
# up the lines before it that its own text extends (the seed's Max example: in zone III a face
# giving 1 Gold and 1 Glory brings 1 extra Gold and 2 extra Glory, REFERENCE §6.8 "Loyalty III").
LOYALTY_BONUS: dict[tuple[str, str], Bundle] = {
    ("loyalty_1", GOLD): ((GOLD, 1),),
    ("loyalty_2", GOLD): ((GOLD, 1), (GLORY, 1)),
    ("loyalty_3", GOLD): ((GOLD, 1), (GLORY, 1)),
    ("loyalty_3", GLORY): ((GLORY, 1),),
}
# Rebellion zones: (Glory to the first performer of a feat in the game, Glory to a player
# performing it for the first time after someone else).
REBELLION_BONUS: dict[str, tuple[int, int]] = {"rebellion_1": (3, 2), "rebellion_2": (5, 3)}
WORDS = {"kind": (ALLEGIANCE_MOVED, ZONE_BONUS, ALLEGIANCE_SCORED),
         "cause": (LOYALTY_ZONE, REBELLION_ZONE, ALLEGIANCE_VALUE),
         "item": (MAIN, SPECIAL, *{s.zone for s in SPACES.values()})}
assert all(s.left in SPACES or s.left is None for s in SPACES.values())
assert all(s.right in SPACES or s.right is None for s in SPACES.values())


@dataclass(slots=True)
class Allegiance:
    """The Titans board's state: each seat's token; the seats whose own dice are being applied
    (a blessing: the Loyalty zones' condition); how many Loyalty and Ancient Shards each seat
    has gained (The Oracle asks whether a blessing gave some); the Memory tokens on islands,
    [seat, island, side, cards the seat held when it was placed]."""

    tokens: list[int]
    blessing: list[bool]
    gained: list[int]
    memory: list[list[int]] = field(default_factory=list)


holds(Allegiance, tokens=copied, blessing=copied, gained=copied,
      memory=lambda tokens: [list(t) for t in tokens])

# The module's registrations on every player: (hook, handler key), card id "titans".
PLAYER_HOOKS = ((GAIN_OF[LOYALTY], "titans_loyalty"), (GAIN_OF[ANCIENT], "titans_ancient"),
                (GAIN_OF[GOLD], LOYALTY_ZONE), (GAIN_OF[GLORY], LOYALTY_ZONE),
                (ROLLED, "titans_rolled"), (BLESSED, "titans_blessed"),
                (AFTER_FEAT, REBELLION_ZONE), (PAY, "ancient"))


def setup_titans(g: Game) -> None:
    """Seed setup steps 5-8: the module's starting faces, the Ancient Shard reserve, the
    Forest pools, the Allegiance tokens on the start space."""
    for p in g.players:
        for die, (old, new) in START_FACES.items():
            p.dice[die][p.dice[die].index(FACES[old])] = FACES[new]
            p.up[die] = p.dice[die][0]
        p.res[ANCIENT] = 0
        p.caps[ANCIENT] = ANCIENT_CAP
        for hook, key in PLAYER_HOOKS:
            register(p, hook, MODULE, key)
    for pool, faces in {**FOREST, "chaos": CHAOS_FACES[g.rules.chaos_rewards]}.items():
        g.gardens[pool] = [FACES[f] for f in faces]
    n = len(g.players)
    g.board = Allegiance([START] * n, [False] * n, [0] * n)


MODULE_SETUPS[MODULE] = setup_titans


def zone_of(g: Game, p: Player) -> str:
    return SPACES[g.board.tokens[p.seat]].zone


def move_token(g: Game, p: Player, steps: int, toward: str, cause: str) -> None:
    """p's token goes `steps` spaces toward LOYALTY (right) or ANCIENT (left, the Rebellion),
    each step along the link that direction takes; at an end it stays."""
    tokens = g.board.tokens
    for _ in range(steps):
        here = SPACES[tokens[p.seat]]
        to = here.right if toward == LOYALTY else here.left
        if to is None:
            return
        tokens[p.seat] = to
        path = MAIN if abs(to - here.number) == 1 else SPECIAL
        g.log.emit(p.seat, ALLEGIANCE_MOVED, path, None, to, cause, f"{here.number}>{to}")


@handler("titans_loyalty")
def loyalty_gained(g: Game, p: Player, owner: str, res: str, amount: int, cause: str,
                   item: str | None) -> int:
    """Loyalty moves the token right and is not kept."""
    g.board.gained[p.seat] += amount
    move_token(g, p, amount, LOYALTY, cause)
    return 0


@handler("titans_ancient")
def ancient_gained(g: Game, p: Player, owner: str, res: str, amount: int, cause: str,
                   item: str | None) -> int:
    """Ancient Shards move the token left, all of them (the reserve's cap keeps what it can)."""
    g.board.gained[p.seat] += amount
    move_token(g, p, amount, ANCIENT, cause)
    return amount


@handler("titans_rolled")
def own_dice_rolled(g: Game, p: Player, owner: str, faces: list, dice: tuple, cause: str) -> None:
    g.board.blessing[p.seat] = True


@handler("titans_blessed")
def own_dice_applied(g: Game, p: Player, owner: str, faces: list) -> None:
    g.board.blessing[p.seat] = False


@handler(LOYALTY_ZONE)
def loyalty_zone(g: Game, p: Player, owner: str, res: str, amount: int, cause: str,
                 item: str | None) -> int:
    """A face of p's own dice giving Gold or Glory in a blessing: the zone's extra, once per
    face (an x3's share and card conversions are not the face's own gain: no bonus)."""
    if g.board.blessing[p.seat] and cause != "x3" and cause in FACES:
        zone = zone_of(g, p)
        bonus = LOYALTY_BONUS.get((zone, res))
        if bonus:
            g.log.emit(p.seat, ZONE_BONUS, zone, None, None, LOYALTY_ZONE, cause)
            for gained, n in bonus:
                RESOURCES.gain(g, p, gained, n, LOYALTY_ZONE, zone)
    return amount


@handler(REBELLION_ZONE)
def rebellion_zone(g: Game, p: Player, owner: str, card: Card) -> None:
    """A feat in a Rebellion zone: Glory if p is its first performer in the game, less if
    someone performed it before but p never had."""
    zone = zone_of(g, p)
    bonus = REBELLION_BONUS.get(zone)
    if bonus is None:
        return
    mine = sum(1 for c in p.cards if c.id == card.id)
    everyone = sum(1 for q in g.players for c in q.cards if c.id == card.id)
    glory = bonus[0] if everyone == 1 else bonus[1] if mine == 1 else 0
    if glory:
        g.log.emit(p.seat, ZONE_BONUS, zone, None, None, REBELLION_ZONE, card.id)
        RESOURCES.gain(g, p, GLORY, glory, REBELLION_ZONE, card.id)


def score_allegiance(g: Game) -> None:
    """The end value of each token's space, gained or lost (as much Glory as p has: R17)."""
    for p in g.players:
        space = g.board.tokens[p.seat]
        value = SPACES[space].value
        g.log.emit(p.seat, ALLEGIANCE_SCORED, SPACES[space].zone, None, value,
                   ALLEGIANCE_VALUE, str(space))
        if value > 0:
            RESOURCES.gain(g, p, GLORY, value, ALLEGIANCE_VALUE, str(space))
        elif value < 0:
            RESOURCES.lose(g, p, GLORY, -value, ALLEGIANCE_VALUE, str(space))


MODULE_SCORING[MODULE] = score_allegiance


# --- Ancient Shards pay as Moon or Sun Shards for a feat or the extra action --------------
def _pays_shards(purpose: str) -> bool:
    return purpose == FEAT or purpose == EXTRA_ACTION


def _available(g: Game, p: Player, owner: str, res: str, purpose: str) -> int:
    return p.res[ANCIENT] if (res == SUN or res == MOON) and _pays_shards(purpose) else 0


def _covers(g: Game, p: Player, owner: str, short: Short, purpose: str) -> Short:
    left = dict(short)
    if _pays_shards(purpose):
        wild = p.res[ANCIENT]
        for res in (SUN, MOON):
            used = min(wild, left.get(res, 0))
            if used:
                left[res] -= used
                wild -= used
    return {res: n for res, n in left.items() if n > 0}


def _pays(g: Game, p: Player, owner: str, cost: Cost, cause: str, purpose: str,
          keep: Cost) -> Cost:
    """Ancient Shards pay what the reserve's Sun and Moon lack (the sources are silent on a
    choice: the reserve's shards, which the Sentinel could convert, go first)."""
    if not _pays_shards(purpose):
        return cost
    rest = dict(cost)
    for res in (SUN, MOON):
        used = min(p.res[ANCIENT], max(0, rest.get(res, 0) - p.res[res]))
        if used:
            RESOURCES.spend(g, p, ANCIENT, used, cause)
            rest[res] -= used
    return tuple(rest.items())


SOURCES["ancient"] = Source(_available, _covers, _pays)
