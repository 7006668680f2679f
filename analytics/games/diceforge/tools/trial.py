"""One bot against three copies of another, seats rotating: its win share with a Wilson 95 %
interval and its CPU cost per game. Progress and per-game results go to a file as they come.

    python -m analytics.games.diceforge.tools.trial --bot lookahead --against economist --games 1000

`--cards` names the card set (a preset or a TOML file; default `base`), e.g. the Rebellion
presets `rebellion-goddess-cards` and `rebellion-titans-cards`.

Paired mode: each `--arm` (lookahead parameters, `name:key=value,...`) plays the same games
(same seeds, same seat), so the difference between two arms is measured on the same dice:

    python -m analytics.games.diceforge.tools.trial --games 200 --jobs 2 \\
        --arm "now:" --arm "wide:width=5,forges=2"
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from functools import cache
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from analytics.engine import derive_seed, play_game
from analytics.errors import UserError
from analytics.games.diceforge import GAME
from analytics.games.diceforge.bots.lookahead import LookaheadBot
from analytics.games.diceforge.rules.content import load_card_set
from analytics.games.diceforge.rules.state import Setup
from analytics.policies import make_bot

PLAYERS = 4


@cache
def setup_of(cards: str) -> Setup:
    """The 4-player setup of a card set, loaded once per process."""
    return Setup(PLAYERS, load_card_set(cards))


def wilson(share_sum: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a proportion (win shares summed: split ties count as parts)."""
    p = share_sum / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def mean_interval(values: list[float], z: float = 1.96) -> tuple[float, float, float]:
    """Mean and normal 95 % interval (for paired per-game differences)."""
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    half = z * math.sqrt(var / n)
    return mean, mean - half, mean + half


def one_game(job: tuple[str, str, dict[str, Any], int, int, str]) -> dict[str, Any]:
    """Play game `index` of card set `cards` with `bot` (lookahead: built from `params`) in
    seat index % 4."""
    bot, against, params, seed, index, cards = job
    seat = index % PLAYERS
    policies = [make_bot(GAME.name, against) for _ in range(PLAYERS)]
    policies[seat] = (LookaheadBot(against, **params) if bot == "lookahead"
                      else make_bot(GAME.name, bot))
    start = time.process_time()
    result = play_game(GAME, setup_of(cards), policies, derive_seed(seed, "trial", index))
    seconds = time.process_time() - start
    others = [s for i, s in enumerate(result.scores) if i != seat]
    return {"game": index, "seat": seat, "share": result.win_shares[seat],
            "margin": result.scores[seat] - max(others), "scores": result.scores,
            "cpu_s": round(seconds, 3)}


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Win share with its Wilson interval, mean margin over the best opponent, CPU per game."""
    n = len(rows)
    total = sum(r["share"] for r in rows)
    return {"games": n, "win_share": total / n, "wilson95": wilson(total, n),
            "mean_margin": sum(r["margin"] for r in rows) / n,
            "cpu_s_per_game": sum(r["cpu_s"] for r in rows) / n}


def paired(first: list[dict[str, Any]], second: list[dict[str, Any]]) -> dict[str, Any]:
    """Second arm minus first, game by game: win share and margin, with 95 % intervals."""
    share = mean_interval([b["share"] - a["share"] for a, b in zip(first, second, strict=True)])
    margin = mean_interval([b["margin"] - a["margin"]
                            for a, b in zip(first, second, strict=True)])
    return {"share_diff": share, "margin_diff": margin}


def run_arms(bot: str, against: str, arms: dict[str, dict[str, Any]], games: int, seed: int,
             out: Path, first: int = 0, jobs: int = 1, cards: str = "base") -> dict[str, Any]:
    """Play every arm on the same games; rows to `out` as they finish, then the summaries
    and, with several arms, each arm's paired difference from the first."""
    setup_of(cards)  # a wrong card set fails here, before any worker starts
    work = [(name, (bot, against, params, seed, index, cards))
            for name, params in arms.items() for index in range(first, first + games)]
    rows: dict[str, list[dict[str, Any]]] = {name: [] for name in arms}
    with out.open("w") as f, Pool(jobs) as pool:
        for (name, _), row in zip(work, pool.imap(one_game, [job for _, job in work]),
                                  strict=True):
            rows[name].append(row)
            f.write(json.dumps({"arm": name, **row}) + "\n")
            f.flush()
    report: dict[str, Any] = {"bot": bot, "against": against, "cards": cards, "seed": seed,
                              "first": first,
                              "arms": {name: {"params": arms[name], **summary(rows[name])}
                                       for name in arms}}
    base = next(iter(arms))
    report["paired_vs_" + base] = {name: paired(rows[base], rows[name])
                                   for name in arms if name != base}
    return report


def parse_arm(text: str) -> tuple[str, dict[str, Any]]:
    """'name:key=value,...' -> (name, parameters); values are numbers, 'none' or words."""
    name, _, spec = text.partition(":")
    params: dict[str, Any] = {}
    for item in filter(None, spec.split(",")):
        key, _, value = item.partition("=")
        params[key.strip()] = _value(value.strip())
    return name.strip(), params


def _value(text: str) -> Any:
    if text.lower() == "none":
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bot", default="lookahead")
    parser.add_argument("--against", default="hero")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--arm", action="append", default=[],
                        help="lookahead parameters 'name:key=value,...'; several: paired")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--start", type=int, default=0, help="first game index (to split a run)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--out", type=Path, default=Path("trial.jsonl"))
    parser.add_argument("--cards", default="base", help="card set: a preset or a TOML file")
    args = parser.parse_args()
    arms = dict(parse_arm(text) for text in args.arm) or {"default": {}}
    try:
        report = run_arms(args.bot, args.against, arms, args.games, args.seed, args.out,
                          args.start, args.jobs, args.cards)
    except UserError as err:
        sys.exit(f"error: {err}")
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
