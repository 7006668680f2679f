"""Dice in a Villa: drawing from the bag (the discard poured back when it is empty), rolling,
recruiting from the limited supply, upgrading (from Villa Board, pool or discard, never the
bag) and trashing. Every die is a die id ('artisan2', 'basic0') wherever it lies."""

from __future__ import annotations

from analytics.engine.bag import draw_from_bag
from analytics.games.altera.catalogue import Face, die_id
from analytics.games.altera.state import Altera, Player
from analytics.games.altera.words import BASIC, GUILDS

SKIP = "skip"
PLACES = ("slotted", "pool", "discard")  # where a die may be upgraded or trashed from


def tier_of(die: str) -> int:
    return int(die[-1])


def guild_of(die: str) -> str:
    return die[:-1]


def face(state: Altera, die: str, index: int) -> Face:
    return state.setup.aset.dice[die].faces[index]


def roll(state: Altera, p: Player, die: str, cause: str) -> int:
    faces = state.setup.aset.dice[die].faces
    index = state.chance.roll(p.seat, die, faces)
    state.log.emit(p.seat, "die_rolled", item=die, cause=cause, detail=faces[index].id)
    return index


def draw(state: Altera, p: Player, cause: str) -> bool:
    """Draw one die from the Villa Bag and roll it into the pool; False when bag and discard
    are both empty."""
    def refilled(count: int) -> None:
        state.log.emit(p.seat, "bag_refilled", amount=count, cause=cause)

    die = draw_from_bag(state.chance, f"bag{p.seat}", p.bag, p.discard, refilled)
    if die is None:
        return False
    state.log.emit(p.seat, "die_drawn", item=die, cause=cause)
    p.pool.append([die, roll(state, p, die, cause)])
    return True


def recruit(state: Altera, p: Player, die: str, cause: str) -> None:
    """Take `die` from the supply into the discard area (the caller checked the supply)."""
    state.supply[die] -= 1
    p.discard.append(die)
    state.log.emit(p.seat, "die_recruited", item=die, cause=cause)


def recruitable(state: Altera, tier: int) -> list[str]:
    return [die_id(g, tier) for g in GUILDS if state.supply[die_id(g, tier)] > 0]


def upgrade_targets(state: Altera, die: str, kind: str) -> list[str]:
    """The dice `die` may become under upgrade `kind` (upgrade_any, upgrade_low,
    upgrade_GUILD), those the supply still holds."""
    tier, guild = tier_of(die), guild_of(die)
    if tier == 3 or (kind == "upgrade_low" and tier > 1):
        return []
    colour = kind.removeprefix("upgrade_")
    if colour in GUILDS and guild not in (BASIC, colour):
        return []
    if tier == 0:
        guilds = (colour,) if colour in GUILDS else GUILDS
        targets = [die_id(g, 1) for g in guilds]
    else:
        targets = [die_id(guild, tier + 1)]
    return [t for t in targets if state.supply[t] > 0]


def _places(p: Player) -> list[tuple[str, int, str]]:
    """(place, index, die) of every die outside the bag, one per distinct (place, die)."""
    seen, found = set(), []
    for place, dice in (("slotted", [d[0] for d in p.slotted]), ("pool", [d[0] for d in p.pool]),
                        ("discard", p.discard)):
        for index, die in enumerate(dice):
            if (place, die) not in seen:
                seen.add((place, die))
                found.append((place, index, die))
    return found


def upgrade_options(state: Altera, p: Player, kind: str) -> list[str]:
    return [f"{place}:{index}:{die}>{target}" for place, index, die in _places(p)
            for target in upgrade_targets(state, die, kind)]


def upgrade(state: Altera, p: Player, kind: str, cause: str, optional: bool = True) -> bool:
    """Upgrade one die under `kind`, the player's pick (or skip when `optional`); False if
    none was."""
    options = upgrade_options(state, p, kind)
    if not options:
        return False
    pick = state.decider.decide(p.seat, "upgrade", (SKIP, *options) if optional
                                else tuple(options), cause)
    if pick == SKIP:
        return False
    where, _, target = pick.rpartition(">")
    place, index, old = where.split(":")
    apply_upgrade(state, p, place, int(index), target, cause)
    return True


def apply_upgrade(state: Altera, p: Player, place: str, index: int, target: str,
                  cause: str) -> None:
    """The die at (place, index) goes back to the supply; `target` takes its spot (rolled
    when it enters the pool)."""
    old = p.discard[index] if place == "discard" else (
        p.slotted if place == "slotted" else p.pool)[index][0]
    state.supply[old] += 1
    state.supply[target] -= 1
    state.log.emit(p.seat, "die_upgraded", item=target, cause=cause, detail=old)
    if place == "discard":
        p.discard[index] = target
    elif place == "slotted":
        p.slotted[index][0] = target
    else:
        p.pool[index] = [target, roll(state, p, target, cause)]


def remove(p: Player, place: str, index: int) -> str:
    if place == "discard":
        return p.discard.pop(index)
    return (p.pool if place == "pool" else p.slotted).pop(index)[0]


def trash(state: Altera, p: Player, cause: str, optional: bool = True) -> bool:
    """Trash one die from Villa Board, pool or discard (never the bag): the player's pick."""
    options = [f"{place}:{index}:{die}" for place, index, die in _places(p)]
    if not options:
        return False
    pick = state.decider.decide(p.seat, "trash", (SKIP, *options) if optional else tuple(options))
    if pick == SKIP:
        return False
    place, index, _ = pick.split(":")
    die = remove(p, place, int(index))
    if state.setup.options.trashed_dice == "supply":
        state.supply[die] += 1
    state.log.emit(p.seat, "die_trashed", item=die, cause=cause)
    return True


def discard_from_pool(state: Altera, p: Player, cause: str, optional: bool) -> bool:
    """Move one die of the player's choice from the pool to the discard area."""
    options = [f"{i}:{d}:{face(state, d, f).id}" for i, (d, f) in enumerate(p.pool)]
    if not options:
        return False
    pick = state.decider.decide(p.seat, "discard", (SKIP, *options) if optional else tuple(options))
    if pick == SKIP:
        return False
    die, _ = p.pool.pop(int(pick.split(":")[0]))
    p.discard.append(die)
    state.log.emit(p.seat, "die_discarded", item=die, cause=cause)
    return True


def reroll(state: Altera, p: Player, cause: str) -> None:
    """Reroll any number of pool dice once: a yes/no per die, then the chosen ones roll."""
    chosen = [i for i, (d, f) in enumerate(p.pool)
              if state.decider.decide(p.seat, "reroll", ("keep", "reroll"),
                                      (d, face(state, d, f).id)) == "reroll"]
    for i in chosen:
        p.pool[i][1] = roll(state, p, p.pool[i][0], cause)
