"""What a seat cannot see in Valeria, redrawn: a search plays on a sample of it, never on the
real thing (analytics/engine/mcts.py calls `determinize` on each iteration's clone).

Hidden from a seat: the other seats' Ancient Spells cards (dealt face down) and the cards
nobody was dealt; the order of each face-down deck's cards nobody has seen (the Battle Plans,
each kind's Champions, the Great Battles: the setup's shuffle; a card put under a deck later
was seen, and stays where it is). The bag's contents are public (every die is counted), its
draws are chance's. Each is redrawn from what the seat knows, sorted first, so two states
that differ only in what the seat cannot see give the same sample from the same generator.
"""

from __future__ import annotations

import random

from analytics.games.valeria.state import Valeria


def determinize(state: Valeria, seat: int, rng: random.Random) -> Valeria:
    """`state` (a search's own clone) with what `seat` cannot see redrawn from `rng`."""
    state.bag.sort()
    redraw_spells(state, seat, rng)
    for name, deck in state.decks().items():
        unseen = state.unseen.get(name, 0)
        top = sorted(deck[:unseen])
        rng.shuffle(top)
        deck[:unseen] = top
    return state


def redraw_spells(state: Valeria, seat: int, rng: random.Random) -> None:
    """The other seats' hands, each its size, from every card not the seat's and not cast."""
    if not state.setup.has("spells"):
        return
    mine = set(state.players[seat].spells)
    known = mine | set(state.spells_cast)
    pool = sorted(c for c in state.setup.aset.spells if c not in known)
    rng.shuffle(pool)
    for p in state.players:
        if p.seat != seat:
            count = len(p.spells)
            p.spells, pool = pool[:count], pool[count:]
