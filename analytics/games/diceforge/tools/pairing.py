"""How well two arms of a paired comparison stay paired: the correlation of per-(game, seat)
win share between a card set and the same set with one slot changed, on the same seeds.

    python -m analytics.games.diceforge.tools.pairing --games 3000  # base vs Hydra -> Typhon

The higher the correlation, the more of the seat-to-seat noise the pairing cancels, and the
narrower a paired comparison's interval for the same number of games.
"""

from __future__ import annotations

import argparse

import numpy as np

from analytics.engine import derive_seed, play_game
from analytics.games.diceforge import GAME
from analytics.games.diceforge.rules.components import CARDS
from analytics.games.diceforge.rules.content import CardSet, load_card_set
from analytics.games.diceforge.rules.state import Setup
from analytics.policies import make_bot

BOTS = ("economist", "hero")


def with_card(card_set: CardSet, slot: str, card_id: str) -> CardSet:
    """`card_set` with `card_id` standing on `slot` instead."""
    return CardSet(f"{card_set.name}+{card_id}", {**card_set.cards, slot: CARDS[card_id]})


def win_shares(card_set: CardSet, games: int, players: int = 4, seed: int = 0) -> np.ndarray:
    """Per (game, seat) win share, bots alternating economist/hero and rotating by game."""
    setup = Setup(players, card_set)
    shares = np.empty((games, players))
    for index in range(games):
        names = [BOTS[(seat + index) % len(BOTS)] for seat in range(players)]
        policies = [make_bot(GAME.name, name) for name in names]
        result = play_game(GAME, setup, policies, derive_seed(seed, "pairing", index))
        shares[index] = result.win_shares
    return shares


def pairing_correlation(arm_a: CardSet, arm_b: CardSet, games: int, players: int = 4,
                        seed: int = 0) -> float:
    """Pearson correlation of per-(game, seat) win share between the two arms, same seeds."""
    a = win_shares(arm_a, games, players, seed).ravel()
    b = win_shares(arm_b, games, players, seed).ravel()
    return float(np.corrcoef(a, b)[0, 1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000, help="four-player games per arm")
    parser.add_argument("--slot", default="M8")
    parser.add_argument("--card", default="typhon", help="the card put on --slot in arm B")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    base = load_card_set("base")
    r = pairing_correlation(base, with_card(base, args.slot, args.card), args.games,
                            seed=args.seed)
    print(f"base vs base with {args.card} on {args.slot}, {args.games} four-player games per "
          f"arm (economist/hero): r = {r:.4f}")


if __name__ == "__main__":
    main()
