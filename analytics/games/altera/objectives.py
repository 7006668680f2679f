"""Objective cards: drawn two at a time (keep one, the other to the bottom of the deck), and
scored at the end: the most cards the seat can complete at once, each with its own resources,
Artifacts and dice (nothing shared across cards)."""

from __future__ import annotations

from itertools import combinations

from analytics.games.altera import dice
from analytics.games.altera.catalogue import Need, Objective
from analytics.games.altera.state import Altera, Player


def draw_objective(state: Altera, p: Player, cause: str) -> None:
    drawn = state.objective_deck[:2]
    del state.objective_deck[:2]
    if not drawn:
        return
    kept = state.decider.decide(p.seat, "objective", tuple(drawn), cause)
    p.objectives.append(kept)
    state.objective_deck.extend(o for o in drawn if o != kept)
    state.log.emit(p.seat, "objective_drawn", amount=1, cause=cause)


def all_dice(p: Player) -> list[str]:
    return [*p.bag, *(d[0] for d in p.pool), *(d[0] for d in p.slotted), *p.discard]


def fits(need: Need, die: str) -> bool:
    guild, tier = dice.guild_of(die), dice.tier_of(die)
    if need.guild == "guild" and tier == 0:
        return False
    if need.guild not in ("", "guild") and guild != need.guild:
        return False
    return need.tier < 0 or tier == need.tier


def dice_match(needs: list[Need], owned: list[str]) -> bool:
    """Whether every die-need unit gets its own die (bipartite matching, augmenting paths)."""
    units = [n for n in needs for _ in range(n.count)]
    owner: dict[int, int] = {}

    def place(u: int, seen: set[int]) -> bool:
        for d, die in enumerate(owned):
            if d not in seen and fits(units[u], die):
                seen.add(d)
                if d not in owner or place(owner[d], seen):
                    owner[d] = u
                    return True
        return False

    return all(place(u, set()) for u in range(len(units)))


def completable(cards: list[Objective], p: Player) -> bool:
    have = {"coin": p.res["coin"], "shard": p.res["shard"], "favor": p.res["favor"],
            "artifact": len(p.artifacts)}  # trashed Artifacts still count
    for what in have:
        if sum(n.count for c in cards for n in c.needs if n.what == what) > have[what]:
            return False
    return dice_match([n for c in cards for n in c.needs if n.what == "die"], all_dice(p))


def best_completed(state: Altera, p: Player) -> list[str]:
    """The largest set of the seat's Objectives completable together (first such, in card
    order)."""
    cards = [state.setup.aset.objectives[o] for o in p.objectives]
    for size in range(len(cards), 0, -1):
        for chosen in combinations(cards, size):
            if completable(list(chosen), p):
                return [c.id for c in chosen]
    return []
