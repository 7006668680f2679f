"""The `mcts` bot: Monte Carlo tree search (analytics/engine/mcts.py) for any game dicelab has.

Named `mcts:400` (400 iterations per decision) or `mcts:50ms` (CPU milliseconds per
decision), with knobs as parameters: `mcts:400:c=1.0:widen=0:rollout=random`. It searches at
every decision a clone can resume at (Dice Forge: the action and the extra action; Bazaar:
every decision) and answers the others, as it plays out its rollouts, with the rollout policy
(a bot of the game: its default bot unless `rollout=` names another); `kinds=deploy+recruit`
searches only those kinds of decision. It never reads what its seat cannot know: each
iteration plays on its own draw of chance, and on the game's `determinize` of what the seat
cannot see (Altera: the others' pools, bags and Objectives, the Guild decks).
"""

from __future__ import annotations

import random
from typing import Any

from analytics.engine.decisions import Decision
from analytics.engine.mcts import OPPONENTS, REWARDS, Knobs, parse_budget, resumes_at, search
from analytics.engine.plugins import plugin_of
from analytics.errors import UserError
from analytics.policies.spec import parse_spec


class MctsBot:
    """Open-loop MCTS with sampled chance; every knob is in `params` (logged with a run)."""

    def __init__(self, budget: Any = 400, c: float = 0.7, widen: float = 1.0,
                 alpha: float = 0.5, opponents: str = "policy", reward: str = "rank",
                 horizon: int = 0, depth: int = 0, rollout: str = "", kinds: str = "") -> None:
        iterations, millis = parse_budget(budget)
        if rollout and parse_spec(rollout).target == "mcts":
            raise UserError("mcts rollout=mcts: a rollout policy cannot search itself")
        for name, value, allowed in (("opponents", opponents, OPPONENTS),
                                     ("reward", reward, REWARDS)):
            if value not in allowed:
                raise UserError(f"mcts {name}={value!r}: choose one of {', '.join(allowed)}")
        if min(c, widen, alpha, horizon, depth) < 0:
            raise UserError("mcts c, widen, alpha, horizon and depth cannot be negative")
        self.knobs = Knobs(iterations, millis, float(c), float(widen), float(alpha), opponents,
                           reward, int(horizon), int(depth))
        self.rollout = rollout
        self.kinds = frozenset(k for k in str(kinds).split("+") if k)  # empty: every kind
        self.name = "mcts"
        self.params: dict[str, Any] = {
            "budget": str(budget), "iterations": iterations, "cpu_ms": millis, "c": float(c),
            "widen": float(widen), "alpha": float(alpha), "opponents": opponents,
            "reward": reward, "horizon": int(horizon), "depth": int(depth),
            "rollout": rollout or "(game default)",
            "kinds": "+".join(sorted(self.kinds)) or "(every kind a clone resumes at)",
            "method": "open-loop MCTS, chance sampled per iteration"}
        self._game: Any = None
        self._bots: list = []
        self.searches = 0  # decisions searched (the others went to the rollout policy)

    def choose(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        game, bots = self._equip(view)
        if (self.kinds and decision.kind not in self.kinds) \
                or not resumes_at(game, view, decision):
            return bots[decision.seat].choose(view, decision, rng)
        self.searches += 1
        return search(game, view, decision, self.knobs, bots, rng)

    def _equip(self, view: Any) -> tuple[Any, list]:
        """The game of `view` and one rollout bot per seat (made at the first decision)."""
        if self._game is None or not isinstance(view, self._game.state_type):
            game = plugin_of(view)  # the games' registry answers (engine/plugins.py)
            spec = self.rollout or game.default_bots
            self._bots = [game.make_bot(spec) for _ in game.standings(view)]
            self._game = game
        return self._game, self._bots


def make_mcts(budget: Any = 400, **knobs: Any) -> MctsBot:
    return MctsBot(budget, **knobs)
