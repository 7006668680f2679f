"""What a seat cannot see in Altera, redrawn: a search plays on a sample of it, never on the
real thing (analytics/engine/mcts.py calls `determinize` on each iteration's clone).

Hidden from a seat: which of another seat's dice are behind its shield (pool) or in its bag,
and the pool's faces (the dice a seat owns are public: recruited, upgraded and discarded in
the open); every Objective but its own, and the order of the Objective deck; the Guild cards
under each deck's top (their Stages are known: 1, then 3, then 3); the order of every bag. Each
is redrawn from what the seat knows, sorted first, so two states that differ only in what the
seat cannot see give the same sample from the same generator.
"""

from __future__ import annotations

import random

from analytics.games.altera.state import Altera
from analytics.games.altera.words import GUILDS


def determinize(state: Altera, seat: int, rng: random.Random) -> Altera:
    """`state` (a search's own clone) with what `seat` cannot see redrawn from `rng`."""
    for p in state.players:
        if p.seat == seat:
            p.bag.sort()  # its own bag's order is chance's too
            continue
        hidden = sorted([*p.bag, *(die for die, _ in p.pool)])
        rng.shuffle(hidden)
        shown = len(p.pool)
        p.pool = [[die, rng.randrange(len(state.setup.aset.dice[die].faces))]
                  for die in hidden[:shown]]
        p.bag = sorted(hidden[shown:])
    redraw_objectives(state, seat, rng)
    redraw_guild_decks(state, rng)
    return state


def redraw_objectives(state: Altera, seat: int, rng: random.Random) -> None:
    """The other seats' Objectives and the deck's order, from every Objective not the seat's."""
    others = [p for p in state.players if p.seat != seat]
    unseen = sorted([*state.objective_deck, *(o for p in others for o in p.objectives)])
    rng.shuffle(unseen)
    for p in others:
        count = len(p.objectives)
        p.objectives, unseen = unseen[:count], unseen[count:]
    state.objective_deck = unseen


def redraw_guild_decks(state: Altera, rng: random.Random) -> None:
    """Each deck under its top card: its Stages as they are, each card drawn from the Guild's
    cards of that Stage not yet shown."""
    cards = state.setup.aset.cards
    shown = {*state.past_cards, *(deck[0] for deck in state.decks.values() if deck)}
    for guild in GUILDS:
        deck = state.decks[guild]
        for stage in sorted({cards[c].stage for c in deck[1:]}):
            places = [i for i, c in enumerate(deck) if i > 0 and cards[c].stage == stage]
            pool = sorted(c.id for c in cards.values()
                          if c.guild == guild and c.stage == stage and c.id not in shown)
            for i, card in zip(places, rng.sample(pool, len(places)), strict=True):
                deck[i] = card
