"""The lookahead bot: at each action choice it clones the game, plays each candidate move on to
the end in determinized rollouts (its own dice, the fast heuristic bot for every seat) and
takes the move with the best mean outcome. Other decisions it leaves to the heuristic bot,
except those a chosen move already settled (the first face of a chosen offering).

Dice Forge hides nothing but future dice, so a determinization is one draw of the dice. The
moves of one choice share their rollouts' seeds (common random numbers; chance streams are
keyed by seat and die, so each seat rolls the same faces in every move's rollout while its
dice match): the comparison between moves is then not drowned by the luck of the draws.
"""

from __future__ import annotations

import random
from typing import Any

from analytics.engine.chance import SeededChance
from analytics.engine.clone import clone
from analytics.engine.decisions import Decision
from analytics.games.diceforge.bots.heuristic import PLANS, HeuristicBot, option_score
from analytics.games.diceforge.bots.lookahead_moves import Move, moves
from analytics.games.diceforge.rules import turn
from analytics.games.diceforge.rules.components import GLORY
from analytics.games.diceforge.rules.state import Game
from analytics.policies.registry import register_bot

# Action choices the search tries, and the phase a state waits in while they are asked.
SEARCHED = {"action": turn.ACTION_CHOICE, "extra_action": turn.EXTRA_CHOICE}


class RolloutDecider:
    """Answers a rollout's decisions: the deciding seat's first ones with the move under trial
    (step by step, each when its kind is asked), every other one with the heuristic bots,
    reading the clone directly (a rollout's clone belongs to the search)."""

    __slots__ = ("bots", "seat", "steps", "state", "rng", "count")

    def __init__(self, bots: list[HeuristicBot], seat: int, move: Move) -> None:
        self.bots = bots
        self.seat = seat
        self.steps = list(move)
        self.state: Any = None  # the clone, once bound
        self.rng = random.Random(0)  # the heuristic bots draw nothing
        self.count = 0

    def bind(self, state: Any, game: Any) -> None:
        self.state = state

    def decide(self, seat: int, kind: str, options: tuple, context: Any = None) -> Any:
        if len(options) == 1:
            return options[0]
        if self.steps and seat == self.seat:
            answer = scripted(self.steps, kind, options)
            if answer is not None:
                return answer
        return self.bots[seat].choose(self.state, Decision(seat, kind, options, context),
                                      self.rng)


def scripted(steps: list, kind: str, options: tuple) -> Any:
    """The next step's answer when it is for `kind` and legal (it is then used up); None
    otherwise. A new action choice drops what is left: the move is over."""
    step_kind, answer = steps[0]
    if step_kind == kind and answer in options:
        del steps[0]
        return answer
    if kind in SEARCHED or step_kind == kind:
        steps.clear()
    return None


class LookaheadBot:
    """Rollouts at the action choices, the `base` plan elsewhere.

    `width` bounds the feats and forge tried to the base plan's best-scored ones ("pass" and
    the plan's own choice always among them); None tries every one. `forges` > 0 splits
    "forge" into one move per face for its first purchase (the plan's `forges` best faces).
    `rollouts` per move, then `confirm` more for the best move and the plan's choice alone
    (when the best is another): their comparison decides. `margin`: another move replaces the
    plan's own choice only when its mean is better by more than this (rollouts are noisy; the
    plan is a good prior). Outcome of a rollout: final Glory margin over the best opponent,
    plus `win_bonus` for a win (split on a tie).
    """

    def __init__(self, base: str = "hero", rollouts: int = 3, width: int | None = 3,
                 margin: float = 2.0, forges: int = 3, confirm: int = 6,
                 win_bonus: float = 0.0) -> None:
        self.name = "lookahead"
        self.params: dict[str, Any] = {"base": base, "rollouts": rollouts, "width": width,
                                       "margin": margin, "forges": forges, "confirm": confirm,
                                       "win_bonus": win_bonus,
                                       "outcome": "final Glory margin over the best opponent"
                                                  " (+ win_bonus for a win)"}
        self.width, self.margin, self.forges = width, margin, forges
        self.rollouts, self.confirm, self.win_bonus = rollouts, confirm, win_bonus
        plan = PLANS[base][0]
        self.base = HeuristicBot(base, plan)
        self.rollout_bots = [HeuristicBot(base, plan) for _ in range(4)]
        self.pending: list = []  # the rest of the move chosen at the last action choice

    def choose(self, g: Any, decision: Decision, rng: random.Random) -> Any:
        if decision.kind in SEARCHED:
            self.pending = []  # a new action: the last move is over
            if SEARCHED[decision.kind] == g.phase:  # a resumable action choice
                move = self.search(g, decision, rng)
                self.pending = list(move[1:])
                return move[0][1]
        if self.pending:
            answer = scripted(self.pending, decision.kind, decision.options)
            if answer is not None:
                return answer
        return self.base.choose(g, decision, rng)

    def search(self, g: Any, decision: Decision, rng: random.Random) -> Move:
        """The move to play: the plan's own, unless rollouts find one better by `margin`."""
        seeds = [rng.getrandbits(63) for _ in range(self.rollouts)]
        extra = [rng.getrandbits(63) for _ in range(self.confirm)]
        planned = self.base.choose(g, decision, rng)
        o = self.base.outlook(g, decision.seat)
        tried = moves(o, decision, planned, self.width, self.forges,
                      lambda opt: option_score(self.base, o, opt))
        mine = tried[0]  # the plan's own move comes first
        sums = {move: self.outcomes(g, decision.seat, move, seeds) for move in tried}
        best = max(sums, key=sums.__getitem__)  # the first best: the plan's on ties
        if best == mine:
            return mine
        n = len(seeds)
        if extra:
            sums[best] += self.outcomes(g, decision.seat, best, extra)
            sums[mine] += self.outcomes(g, decision.seat, mine, extra)
            n += len(extra)
        return best if sums[best] > sums[mine] + self.margin * n else mine

    def outcomes(self, g: Any, seat: int, move: Move, seeds: list[int]) -> float:
        return sum(self.rollout(g, seat, move, seed) for seed in seeds)

    def rollout(self, g: Any, seat: int, move: Move, seed: int) -> float:
        """The outcome for `seat` of one rollout after `move`, its dice drawn from `seed`."""
        decider = RolloutDecider(self.rollout_bots, seat, move)
        state = clone(g, chance=SeededChance(seed), decider=decider)  # the search's own
        decider.bind(state, None)
        turn.play(state)
        return outcome(state, seat, self.win_bonus)


def outcome(g: Game, seat: int, win_bonus: float) -> float:
    """`seat`'s final Glory margin over its best opponent, plus `win_bonus` for a win (shared
    equally by tied winners)."""
    glory = [p.res[GLORY] for p in g.players]
    mine = glory.pop(seat)
    best_other = max(glory)
    margin = mine - best_other
    if margin > 0:
        return margin + win_bonus
    if margin == 0:
        return win_bonus / (1 + glory.count(best_other))
    return margin


register_bot("diceforge", "lookahead", LookaheadBot,
             "tries the hero plan's best actions and first faces in rollouts played out by the "
             "hero plan; leaves the plan's choice for one that keeps its lead in more rollouts")
