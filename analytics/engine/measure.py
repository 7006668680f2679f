"""What a search pays per clone: CPU time to copy a mid-game state (for `make bench`)."""

from __future__ import annotations

import random
import time
from typing import Any

from analytics.engine.chance import SeededChance
from analytics.engine.decisions import Decision
from analytics.engine.loop import Decider, GamePlugin, play
from analytics.engine.seeds import derive_seed


class _Snatch:
    """Plays like `policy`; at the first `kind` decision after `after` real decisions it
    keeps a clone of the game (taken while deciding, as a search bot would)."""

    def __init__(self, game: GamePlugin, policy: Any, kind: str, after: int) -> None:
        self.game, self.policy, self.kind, self.after = game, policy, kind, after
        self.name, self.params = policy.name, policy.params
        self.seen = 0
        self.state: Any = None

    def choose(self, g: Any, decision: Decision, rng: random.Random) -> Any:
        self.seen += 1
        if self.state is None and self.seen > self.after and decision.kind == self.kind:
            self.state = self.game.clone(g, SeededChance(0), Decider([self.policy], 0))
        return self.policy.choose(g, decision, rng)


def clone_cost(game: GamePlugin, setup: Any, policies: list, seed: int, kind: str = "action",
               after: int = 40, repeats: int = 2000) -> float:
    """CPU microseconds per `game.clone` of the state at seat 0's first `kind` decision after
    its `after`-th (about mid-game for four heuristic bots in the base game)."""
    snatch = _Snatch(game, policies[0], kind, after)
    play(game, setup, SeededChance(derive_seed(seed, "chance")),
         Decider([snatch, *policies[1:]], seed))
    if snatch.state is None:
        raise ValueError(f"seat 0 met no {kind!r} decision after {after} decisions")
    state, chance, decider = snatch.state, SeededChance(1), Decider(policies, 1)
    start = time.process_time()
    for _ in range(repeats):
        game.clone(state, chance, decider)
    return (time.process_time() - start) / repeats * 1e6
