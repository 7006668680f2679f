"""One bot against three copies of another, seats rotating: its win share with a Wilson 95 %
interval and its CPU cost per game. Progress and per-game results go to a file as they come.

    python -m analytics.games.diceforge.trial --bot lookahead --against economist --games 1000
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path

from analytics.engine import derive_seed, play_game
from analytics.games.diceforge import GAME
from analytics.games.diceforge.content import load_card_set
from analytics.games.diceforge.lookahead import LookaheadBot
from analytics.games.diceforge.state import Setup
from analytics.policies import make_bot


def wilson(share_sum: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a proportion (win shares summed: split ties count as parts)."""
    p = share_sum / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def trial(bot: str, against: str, games: int, rollouts: int, width: int | None, seed: int,
          out: Path, first: int = 0, margin: float = 0.0) -> dict:
    """Play the games; each one's seat, win share, score margin and CPU seconds to `out`."""
    setup = Setup(4, load_card_set("base"))
    total, cpu = 0.0, 0.0
    with out.open("w") as f:
        for index in range(first, first + games):
            seat = index % 4
            policies = [make_bot(GAME.name, against) for _ in range(4)]
            policies[seat] = (LookaheadBot(against, rollouts, width, margin) if bot == "lookahead"
                              else make_bot(GAME.name, bot))
            start = time.process_time()
            result = play_game(GAME, setup, policies, derive_seed(seed, "trial", index))
            seconds = time.process_time() - start
            total += result.win_shares[seat]
            cpu += seconds
            f.write(json.dumps({"game": index, "seat": seat, "share": result.win_shares[seat],
                                "scores": result.scores, "cpu_s": round(seconds, 3)}) + "\n")
            f.flush()
    low, high = wilson(total, games)
    return {"bot": bot, "against": against, "rollouts": rollouts, "width": width,
            "margin": margin, "first": first, "games": games,
            "win_share": total / games, "wilson95": (low, high), "cpu_s_per_game": cpu / games}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bot", default="lookahead")
    parser.add_argument("--against", default="hero")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--rollouts", type=int, default=3, help="per option (lookahead)")
    parser.add_argument("--width", type=int, default=3, help="options tried (0: every one)")
    parser.add_argument("--margin", type=float, default=2.0, help="Glory a rollout must beat "
                        "the plan's own choice by (lookahead)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--start", type=int, default=0, help="first game index (to split a run)")
    parser.add_argument("--out", type=Path, default=Path("trial.jsonl"))
    args = parser.parse_args()
    print(json.dumps(trial(args.bot, args.against, args.games, args.rollouts,
                           args.width or None, args.seed, args.out, args.start,
                           args.margin)))


if __name__ == "__main__":
    main()
