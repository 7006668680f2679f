"""Rebellion cards (REFERENCE.md §6.1, §6.4; seed `000_…`), each only registrations on hooks.

The Twins (M1): after a blessing's own dice are rolled, before they apply, each Twins card
may once pay 3 gold to reroll one of those dice (the same die again, or the other); once the
final faces have applied, 1 Moon Shard or 1 Glory per card used.

The Blacksmith's Scepter (M1): each copy is a track of 6 (`p.tracks`): gold gained may go on
it, and gold on it pays like reserve gold; during one's own turn, a feat or the extra action
may be paid with a track at 4+ reset for 1 shard, or at 6 for 2 shards of one kind (seed:
"2 Moon Shards or 2 Sun Shards"). Shards not spent stay for that turn only, never in the
reserve (`scepter_sun` / `scepter_moon` in the map, lost when the turn ends).

The Eternal Fire (F7): right after this turn, the buyer plays a new full turn in which only
they are blessed at the start. "Immediately" may also read as ending the current turn at once
(skipping its extra-action step): rule option `eternal_fire` (after | now).
"""

from __future__ import annotations

from typing import Final

from analytics.games.diceforge.cards.base import effect
from analytics.games.diceforge.rules.blessings import roll_die
from analytics.games.diceforge.rules.components import GLORY, GOLD, MOON, SUN, Card, Cost
from analytics.games.diceforge.rules.hooks import copies, handler
from analytics.games.diceforge.rules.payment import (
    CARD,
    EXTRA_ACTION,
    FEAT,
    SOURCES,
    Short,
    Source,
    add_costs,
    can_pay,
    pay,
)
from analytics.games.diceforge.rules.resources import gain, lose, spend
from analytics.games.diceforge.rules.state import DIE_NAMES, Game, Player

# --- The Twins ------------------------------------------------------------------------------
TWINS: Final = "twins"
TWINS_COST: Cost = ((GOLD, 3),)
TWINS_BONUS = {"moon": (MOON, 1), "glory": (GLORY, 1)}


@effect(TWINS)
def twins(g: Game, p: Player, card: Card) -> None:
    p.tracks[TWINS] = [0]  # rerolls made in the blessing being received


@handler("twins_reroll")
def twins_reroll(g: Game, p: Player, card_id: str, faces: list, dice: tuple[int, ...],
                 cause: str) -> None:
    """Each Twins card once: pay 3 gold, reroll one of the blessing's dice (its new face
    replaces the old one, which never applies)."""
    used = 0
    for _ in range(copies(p, card_id)):
        if not can_pay(g, p, TWINS_COST, CARD):
            break
        options = ("keep",) + tuple(DIE_NAMES[die] for die in dice)
        choice = g.decide(p.seat, "twins_reroll", options, (tuple(faces), used))
        if choice == "keep":
            break
        pay(g, p, TWINS_COST, card_id, CARD)
        die = DIE_NAMES.index(choice)
        faces[dice.index(die)] = roll_die(g, p, die, card_id)
        used += 1
    p.tracks[card_id][0] = used


@handler("twins_bonus")
def twins_bonus(g: Game, p: Player, card_id: str, faces: list) -> None:
    """Once the final faces applied: 1 Moon Shard or 1 Glory per Twins card used."""
    used, p.tracks[card_id][0] = p.tracks[card_id][0], 0
    for _ in range(used):
        res, amount = TWINS_BONUS[g.decide(p.seat, "twins_bonus", tuple(TWINS_BONUS))]
        gain(g, p, res, amount, card_id, card_id)


# --- The Blacksmith's Scepter ---------------------------------------------------------------
SCEPTER: Final = "blacksmiths_scepter"
SCEPTER_TRACK: Final = "scepter"  # the log's word for gold on a Scepter track
SCEPTER_ROOM: Final = 6
SHARDS = {SUN: "scepter_sun", MOON: "scepter_moon"}  # shards a Scepter gave this turn
SHARDS_EXPIRE: Final = "turn_end"  # the cause of losing the shards not spent in the turn
# The words these cards add to the log (the catalogue declares them to the writer).
WORDS = {"resource": (SCEPTER_TRACK, *SHARDS.values()), "cause": (SHARDS_EXPIRE,)}
# A conversion: (shard, how many, the track it needs): 1 shard from 4+, 2 from exactly 6.
CONVERSIONS = {"sun1": (SUN, 1, 4), "moon1": (MOON, 1, 4), "sun2": (SUN, 2, 6),
               "moon2": (MOON, 2, 6)}


@effect(SCEPTER)
def scepter(g: Game, p: Player, card: Card) -> None:
    p.tracks.setdefault(SCEPTER, []).append(0)


@handler("scepter_track")
def scepter_track(g: Game, p: Player, card_id: str, res: str, amount: int, cause: str,
                  item: str | None) -> int:
    """p may put some of a gold gain on each Scepter track with room; returns the rest."""
    tracks = p.tracks[card_id]
    for i, held in enumerate(tracks):
        room = SCEPTER_ROOM - held
        if room > 0 and amount > 0:
            put = g.decide(p.seat, "scepter_gold", tuple(range(min(amount, room) + 1)),
                           (amount, i))
            if put:
                tracks[i] = held + put
                g.log.emit(p.seat, "resource_gained", item, SCEPTER_TRACK, put, cause)
                amount -= put
    return amount


def _shards_allowed(g: Game, p: Player, purpose: str) -> bool:
    """Scepter shards pay only a feat or the extra action, in one's own turn."""
    return g.active == p.seat and (purpose == FEAT or purpose == EXTRA_ACTION)


def _available(g: Game, p: Player, card_id: str, res: str, purpose: str) -> int:
    tracks = p.tracks[card_id]
    if res == GOLD:
        return sum(tracks)
    if res in SHARDS and _shards_allowed(g, p, purpose):
        return p.res.get(SHARDS[res], 0) + sum(2 if t >= 6 else 1 if t >= 4 else 0
                                                for t in tracks)
    return 0


def _covers(g: Game, p: Player, card_id: str, short: Short, purpose: str) -> Short:
    """The shortfall left after the Scepter pays the most it can towards it."""
    tracks = list(p.tracks[card_id])
    left = dict(short)
    gold = min(left.get(GOLD, 0), sum(tracks))
    if gold:
        left[GOLD] -= gold
        _take_gold(tracks, gold)
    if _shards_allowed(g, p, purpose):
        for res, held in SHARDS.items():
            if res in left:
                left[res] -= min(left[res], p.res.get(held, 0))
        if left.get(SUN, 0) or left.get(MOON, 0):
            left[SUN], left[MOON] = _best_conversion(tracks, left.get(SUN, 0),
                                                     left.get(MOON, 0))
    return {res: n for res, n in left.items() if n > 0}


def _best_conversion(tracks: list[int], sun: int, moon: int) -> tuple[int, int]:
    """The (sun, moon) still lacking after the best conversion of each track (4 copies at
    most: the combinations are tried, each track once, stopping when nothing lacks)."""
    best = (sun, moon)
    if not tracks or not sun and not moon:
        return best
    t, rest = tracks[0], tracks[1:]
    for s, m in [(sun, moon)] + [
            (max(0, sun - n), moon) if shard == SUN else (sun, max(0, moon - n))
            for shard, n, needs in CONVERSIONS.values() if t >= needs]:
        s, m = _best_conversion(rest, s, m)
        if s + m < best[0] + best[1]:
            best = (s, m)
            if not s and not m:
                break
    return best


def _take_gold(tracks: list[int], amount: int) -> None:
    """Take gold from the lowest tracks first (the rules are silent: this keeps the fullest
    nearest a conversion)."""
    for i in sorted(range(len(tracks)), key=tracks.__getitem__):
        took = min(amount, tracks[i])
        tracks[i] -= took
        amount -= took


def _pays(g: Game, p: Player, card_id: str, cost: Cost, cause: str, purpose: str,
          keep: Cost) -> Cost:
    """p chooses how much gold the tracks pay and which conversions pay shards; the shards a
    Scepter gave this turn pay first (they would be lost anyway). Returns the reserve's part.
    Conversions are offered only while `keep` stays payable too (its shards may be left over
    from one now)."""
    rest = dict(cost)
    if rest.get(GOLD, 0) and sum(p.tracks[card_id]):
        rest[GOLD] -= _pay_gold(g, p, card_id, rest[GOLD], cause)
    if _shards_allowed(g, p, purpose) and (rest.get(SUN, 0) or rest.get(MOON, 0)):
        _convert(g, p, card_id, rest, dict(add_costs(tuple(rest.items()), keep)), cause)
        for res, held in SHARDS.items():
            used = min(rest.get(res, 0), p.res.get(held, 0))
            if used:
                spend(g, p, held, used, cause)
                rest[res] -= used
    return tuple(rest.items())


def _pay_gold(g: Game, p: Player, card_id: str, need: int, cause: str) -> int:
    tracks = p.tracks[card_id]
    lo, hi = max(0, need - p.res[GOLD]), min(need, sum(tracks))
    taken = g.decide(p.seat, "scepter_pay", tuple(range(lo, hi + 1)), (cause, need))
    if taken:
        _take_gold(tracks, taken)
        g.log.emit(p.seat, "resource_spent", cause, SCEPTER_TRACK, -taken, cause)
    return taken


def _convert(g: Game, p: Player, card_id: str, rest: dict[str, int], owed: dict[str, int],
             cause: str) -> None:
    """Offer conversions while one is possible and still useful for `rest`; 'none' once the
    reserve and this turn's Scepter shards can pay all that is `owed` (rest and what must stay
    payable), and only conversions that leave `owed` payable."""
    tracks = p.tracks[card_id]
    while True:
        need = _need(p, owed)
        options = tuple(name for name, (shard, n, needs) in CONVERSIONS.items()
                        if rest.get(shard, 0) > p.res.get(SHARDS[shard], 0)
                        and any(t >= needs for t in tracks)
                        and _still_payable(p, tracks, need, shard, n, needs))
        if not need:
            options = ("none",) + options
        if not options or options == ("none",):
            return
        choice = g.decide(p.seat, "scepter_shards", options, (cause, tuple(rest.items())))
        if choice == "none":
            return
        shard, n, needs = CONVERSIONS[choice]
        i = min((i for i, t in enumerate(tracks) if t >= needs), key=tracks.__getitem__)
        g.log.emit(p.seat, "resource_spent", card_id, SCEPTER_TRACK, -tracks[i], card_id)
        tracks[i] = 0
        gain(g, p, SHARDS[shard], n, card_id, card_id)


def _need(p: Player, rest: dict[str, int]) -> Short:
    """Shards the reserve and this turn's Scepter shards cannot pay."""
    need: Short = {}
    for res in (SUN, MOON):
        lacking = rest.get(res, 0) - p.res.get(res, 0) - p.res.get(SHARDS[res], 0)
        if lacking > 0:
            need[res] = lacking
    return need


def _still_payable(p: Player, tracks: list[int], need: Short, shard: str, n: int,
                   needs: int) -> bool:
    """Whether, after this conversion, the other tracks can still cover what is lacking."""
    i = min((i for i, t in enumerate(tracks) if t >= needs), key=tracks.__getitem__)
    rest = tracks[:i] + [0] + tracks[i + 1:]
    sun, moon = need.get(SUN, 0), need.get(MOON, 0)
    if shard == SUN:
        sun = max(0, sun - n)
    else:
        moon = max(0, moon - n)
    return _best_conversion(rest, sun, moon) == (0, 0)


@handler("scepter_shards")
def scepter_shards_expire(g: Game, p: Player, card_id: str) -> None:
    """At the end of p's turn, Scepter shards not spent are lost."""
    for held in SHARDS.values():
        if p.res.get(held, 0):
            lose(g, p, held, p.res[held], SHARDS_EXPIRE, card_id)


SOURCES["scepter"] = Source(_available, _covers, _pays)


# --- The Eternal Fire -----------------------------------------------------------------------
@effect("eternal_fire")
def eternal_fire(g: Game, p: Player, card: Card) -> None:
    """A new full turn right after this one, where only p is blessed at its start (with the
    rule option `eternal_fire=now`, this turn ends here: no extra-action step)."""
    g.extra_turns.append(p.seat)
    if g.rules.eternal_fire == "now":
        g.turn_cut = True
