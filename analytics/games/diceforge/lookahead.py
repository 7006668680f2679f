"""The lookahead bot: at each action choice it clones the game, plays each option on to the
end in determinized rollouts (its own dice, the fast heuristic bot for every seat) and takes
the option with the best mean final margin. Other decisions it leaves to the heuristic bot.

Dice Forge hides nothing but future dice, so a determinization is one draw of the dice. The
options of one choice share their rollouts' dice (common random numbers): the comparison
between options is then not drowned by the luck of the draws.
"""

from __future__ import annotations

import random
from typing import Any

from analytics.engine.chance import SeededChance
from analytics.engine.decisions import Decision
from analytics.engine.guard import thawed
from analytics.games.diceforge import turn
from analytics.games.diceforge.bots import PLANS, HeuristicBot, option_score
from analytics.games.diceforge.clone import clone
from analytics.games.diceforge.components import GLORY
from analytics.games.diceforge.state import Game
from analytics.policies.registry import register_bot

# Action choices the search tries, and the phase a state waits in while they are asked.
SEARCHED = {"action": turn.ACTION_CHOICE, "extra_action": turn.EXTRA_CHOICE}


class RolloutDecider:
    """Answers a rollout's decisions: its first choice of (kind, seat) with the option under
    trial, every other one with the heuristic bots, reading the clone directly (a rollout's
    clone belongs to the search; the real game is never reached)."""

    __slots__ = ("bots", "trial", "state", "rng", "count")

    def __init__(self, bots: list[HeuristicBot], trial: tuple[str, int, Any]) -> None:
        self.bots = bots
        self.trial: tuple[str, int, Any] | None = trial
        self.state: Any = None  # the clone, once bound
        self.rng = random.Random(0)  # the heuristic bots draw nothing
        self.count = 0

    def bind(self, state: Any, game: Any) -> None:
        self.state = state

    def decide(self, seat: int, kind: str, options: tuple, context: Any = None) -> Any:
        if len(options) == 1:
            return options[0]
        trial = self.trial
        if trial is not None and trial[0] == kind and trial[1] == seat:
            self.trial = None
            return trial[2]
        return self.bots[seat].choose(self.state, Decision(seat, kind, options, context),
                                      self.rng)


class LookaheadBot:
    """Rollouts at the action choices (`rollouts` per option tried), the `base` plan elsewhere.

    `width` bounds the options tried to the base plan's best-scored ones ("pass" always among
    them); None tries every option. Rollouts are the whole cost, so width buys speed.
    `margin`: another option replaces the base plan's own choice only when its mean margin is
    better by more than this many Glory (a few rollouts are noisy; the plan is a good prior).
    """

    def __init__(self, base: str = "hero", rollouts: int = 3, width: int | None = 3,
                 margin: float = 2.0) -> None:
        self.name = "lookahead"
        self.params: dict[str, Any] = {"base": base, "rollouts": rollouts, "width": width,
                                       "margin": margin,
                                       "outcome": "final Glory margin over the best opponent"}
        self.width = width
        self.margin = margin
        plan = PLANS[base][0]
        self.base = HeuristicBot(base, plan)
        self.rollout_bots = [HeuristicBot(base, plan) for _ in range(4)]
        self.rollouts = rollouts

    def choose(self, g: Any, decision: Decision, rng: random.Random) -> Any:
        if SEARCHED.get(decision.kind) != g.phase:  # not a resumable action choice
            return self.base.choose(g, decision, rng)
        seeds = [rng.getrandbits(63) for _ in range(self.rollouts)]
        planned = self.base.choose(g, decision, rng)
        means = {option: sum(self.rollout(g, decision, option, seed)
                             for seed in seeds) / len(seeds)
                 for option in self.candidates(g, decision, planned)}
        best = max(means, key=means.__getitem__)  # the first best, in option order
        return best if means[best] > means[planned] + self.margin else planned

    def candidates(self, g: Any, decision: Decision, planned: Any) -> tuple:
        """The options worth a rollout: the base plan's `width` best, its choice and 'pass'."""
        options = decision.options
        if self.width is None or len(options) <= self.width:
            return options
        o = self.base.outlook(g, decision.seat)
        ranked = sorted(options, key=lambda opt: -option_score(self.base, o, opt))
        kept = set(ranked[:self.width]) | {"pass", planned}
        return tuple(opt for opt in options if opt in kept)

    def rollout(self, g: Game, decision: Decision, option: Any, seed: int) -> int:
        """Final Glory margin of the deciding seat over its best opponent, after `option`."""
        decider = RolloutDecider(self.rollout_bots, (decision.kind, decision.seat, option))
        with thawed():  # the clone is the search's own: it plays while the real game waits
            state = clone(g, SeededChance(seed), decider)
            decider.bind(state, None)
            turn.play(state)
        glory = [p.res[GLORY] for p in state.players]
        mine = glory.pop(decision.seat)
        return mine - max(glory)


register_bot("diceforge", "lookahead", LookaheadBot,
             "tries the best actions in rollouts played out by the hero plan, takes the best mean")
