"""Monte Carlo tree search on the engine's forward model, for any game.

Open-loop MCTS with sampled chance: each iteration clones the position with its own chance
source (a fresh seed: one draw of everything no player can know yet, the future dice and
draws) and replays the tree's decisions on it, so a node is a sequence of decisions, not a
state, and its statistics average over the chance outcomes between them. Chance is asked
through the clone's own source; the real game's chance (`state.chance`) is never read or
copied (clone takes the chance it plays on). A game with hidden state offers
`determinize(state, seat, rng)`, which redraws in the clone what `seat` cannot see; Dice
Forge and Bazaar hide nothing but the future.

An iteration descends the tree by UCB1 over the options legal now (the searching seat's
decisions; every seat's with `opponents="tree"`, each seat maximising its own reward: max^n),
widens a node progressively (`widen` * visits ** `alpha` options considered, the rollout
policy's own pick first), adds one node, then plays on with the rollout policy, to the end
or `horizon` decisions past the tree. The reward of a seat is its share of the table it
beats (`rank`: 1 first, 0 last, ties halved) or its win share (`win`).

The game gives only what the engine already asks of it: clone, play, standings; a search may
start only at a decision the clone resumes at (`resumes_at`: played on, the clone asks this
very decision first, nothing happening before; in a simultaneous step, after the other seats'
halves, which each iteration samples with the rollout policy).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from analytics.engine.chance import SeededChance
from analytics.engine.decisions import Decision
from analytics.engine.loop import GamePlugin, _new_decision
from analytics.errors import UserError

REWARDS = ("rank", "win")
OPPONENTS = ("policy", "tree")


@dataclass(frozen=True, slots=True)
class Knobs:
    """A search's parameters (all logged with a run through the bot's `params`)."""

    iterations: int | None = 400  # None: a time budget
    millis: float | None = None  # CPU milliseconds per decision
    c: float = 0.7  # UCB1's exploration constant (rewards lie in [0, 1])
    widen: float = 1.0  # progressive widening: widen * visits ** alpha options; 0: all
    alpha: float = 0.5
    opponents: str = "policy"  # other seats in the tree: by the rollout policy, or max^n
    reward: str = "rank"
    horizon: int = 0  # rollout decisions past the tree before it is scored; 0: to the end
    depth: int = 0  # tree decisions per iteration at most; 0: no bound


def parse_budget(budget: Any) -> tuple[int | None, float | None]:
    """`400` (iterations) or `'50ms'` (CPU milliseconds per decision)."""
    text = str(budget).strip()
    try:
        if text.endswith("ms"):
            millis = float(text[:-2])
            if millis > 0:
                return None, millis
        elif int(text) > 0:
            return int(text), None
    except ValueError:
        pass
    raise UserError(f"mcts budget {budget!r}: give iterations (400) or CPU milliseconds per "
                    "decision (50ms)")


class Node:
    """Statistics of the options taken after one sequence of tree decisions: per
    (kind, option) its visits and total reward for the seat that chose it."""

    __slots__ = ("visits", "stats", "order", "children")

    def __init__(self) -> None:
        self.visits = 0
        self.stats: dict[tuple, list[float]] = {}
        self.order: dict[str, list] = {}  # kind -> options in the order widening admits them
        self.children: dict[tuple, Node] = {}


class Truncated(Exception):
    """A rollout reached its horizon: it is scored where it stands."""


class _Asked(Exception):
    """The probe's answer: whether the clone first asked the decision searched."""

    def __init__(self, same: bool) -> None:
        self.same = same


class _Probe:
    """Decider and chance of `resumes_at`: stops at the first real decision or chance call."""

    count = 0

    def __init__(self, decision: Decision) -> None:
        self.decision = decision
        self.events = 0
        self.state: Any = None

    def bind(self, state: Any, game: Any) -> None:
        self.state = state

    def decide(self, seat: int, kind: str, options: tuple, context: Any = None) -> Any:
        if len(options) == 1:
            return options[0]
        d = self.decision
        quiet = len(self.state.log.rows) == self.events
        if seat != d.seat and quiet:  # another seat's choice of a simultaneous step: a
            return options[0]  # search samples it (the rollout policy); nothing applied yet
        raise _Asked((seat, kind, options) == (d.seat, d.kind, d.options) and quiet)

    def roll(self, seat: int | None, die: str, faces: Sequence[Any]) -> int:
        raise _Asked(False)

    def draw(self, bag: str, n: int, k: int) -> list[int]:
        raise _Asked(False)

    def shuffle(self, deck: str, n: int) -> list[int]:
        raise _Asked(False)


def resumes_at(game: GamePlugin, state: Any, decision: Decision) -> bool:
    """Whether a clone of `state` played on asks `decision` first, with no event or chance
    before it: a search may then start here (a decision asked inside an effect is not). Other
    seats' decisions asked before it with nothing applied between are the other halves of a
    simultaneous step (engine/simultaneous.py): the search answers them by its rollout policy
    on its own sample of what the seat cannot see."""
    probe = _Probe(decision)
    twin = game.clone(state, probe, probe)
    probe.bind(twin, game)
    probe.events = len(twin.log.rows)
    try:
        game.play(twin)
    except _Asked as asked:
        return asked.same
    return False


def rank_rewards(keys: Sequence[tuple]) -> list[float]:
    """Per seat, the share of the other seats it beats (ties count half): 1 first, 0 last."""
    others = max(1, len(keys) - 1)
    return [(sum(k > o for o in keys) + 0.5 * (sum(k == o for o in keys) - 1)) / others
            for k in keys]


def win_rewards(keys: Sequence[tuple]) -> list[float]:
    """Per seat, its win share (tied winners split one win)."""
    best = max(keys)
    winners = sum(k == best for k in keys)
    return [1.0 / winners if k == best else 0.0 for k in keys]


REWARD_OF: dict[str, Callable[[Sequence[tuple]], list[float]]] = {
    "rank": rank_rewards, "win": win_rewards}


class Search:
    """One decision's search: the tree, the rollout bots (one per seat) and the knobs."""

    __slots__ = ("game", "knobs", "rollout_bots", "seat", "root", "rng", "reward_of")

    def __init__(self, game: GamePlugin, knobs: Knobs, rollout_bots: list, seat: int,
                 rng: random.Random) -> None:
        self.game, self.knobs, self.rollout_bots = game, knobs, rollout_bots
        self.seat, self.rng = seat, rng
        self.root = Node()
        self.reward_of = REWARD_OF[knobs.reward]

    def run(self, state: Any, decision: Decision) -> Any:
        """The option visited most at the root after the budget (the better mean on a tie)."""
        k = self.knobs
        if k.iterations is not None:
            for _ in range(k.iterations):
                self.iterate(state)
        else:
            stop = time.process_time() + k.millis / 1000.0  # type: ignore[operator]
            self.iterate(state)
            while time.process_time() < stop:
                self.iterate(state)
        stats = self.root.stats
        tried = [((decision.kind, o), o) for o in decision.options
                 if (decision.kind, o) in stats]
        return max(tried, key=lambda t: (stats[t[0]][0], stats[t[0]][1] / stats[t[0]][0]))[1]

    def iterate(self, state: Any) -> None:
        """One descent, expansion, rollout and backup on a fresh draw of chance."""
        decider = IterationDecider(self)
        game = self.game
        sim = game.clone(state, SeededChance(self.rng.getrandbits(63)), decider)
        determinize = getattr(game, "determinize", None)
        if determinize is not None:
            sim = determinize(sim, self.seat, self.rng)
        decider.bind(sim, game)
        try:
            game.play(sim)
        except Truncated:
            pass
        evaluate = getattr(game, "evaluate", None)
        keys = evaluate(sim) if evaluate is not None else game.standings(sim)
        rewards = self.reward_of(keys)
        for node, key, seat in decider.path:
            s = node.stats[key]
            s[0] += 1
            s[1] += rewards[seat]

    def widened(self, node: Node, seat: int, kind: str, options: tuple, context: Any,
                state: Any) -> list:
        """The legal options this node may consider now, in the order widening admits them:
        the rollout policy's pick first, then the others in a random order."""
        order = node.order.get(kind)
        if order is None:
            first = self.rollout_bots[seat].choose(state, Decision(seat, kind, options, context),
                                                   self.rng)
            rest = [o for o in options if o != first]
            self.rng.shuffle(rest)
            order = node.order[kind] = [first, *rest]
        else:
            order.extend(o for o in options if o not in order)  # open loop: new options
        legal = [o for o in order if o in options]
        k = self.knobs
        if k.widen > 0:
            legal = legal[:max(1, int(k.widen * node.visits ** k.alpha))]
        return legal

    def select(self, node: Node, seat: int, kind: str, options: tuple, context: Any,
               state: Any) -> tuple[Any, bool]:
        """UCB1 over the widened options: (option, whether it was new here)."""
        node.visits += 1
        stats = node.stats
        best, best_value = None, -math.inf
        log_n = math.log(node.visits)
        c = self.knobs.c
        for option in self.widened(node, seat, kind, options, context, state):
            s = stats.get((kind, option))
            if s is None or s[0] == 0:
                stats[(kind, option)] = [0, 0.0]
                return option, True
            value = s[1] / s[0] + c * math.sqrt(log_n / s[0])
            if value > best_value:
                best, best_value = option, value
        return best, False


class IterationDecider:
    """Answers one iteration's decisions: by the tree while in it, by the rollout bots after."""

    __slots__ = ("search", "node", "path", "in_tree", "left", "state", "count")

    def __init__(self, search: Search) -> None:
        self.search = search
        self.node: Node = search.root
        self.path: list[tuple[Node, tuple, int]] = []
        self.in_tree = True
        self.left = search.knobs.horizon or -1
        self.state: Any = None
        self.count = 0

    def bind(self, state: Any, game: Any) -> None:
        self.state = state

    def decide(self, seat: int, kind: str, options: tuple, context: Any = None) -> Any:
        if len(options) == 1:
            return options[0]
        search = self.search
        # The tree starts at the searching seat's decision: other seats' choices of the same
        # simultaneous step, asked before it, are the rollout policy's.
        if self.in_tree and (seat == search.seat
                             or (self.path and search.knobs.opponents == "tree")):
            node = self.node
            option, new = search.select(node, seat, kind, options, context, self.state)
            key = (kind, option)
            self.path.append((node, key, seat))
            if new or len(self.path) == search.knobs.depth:
                self.in_tree = False
            else:
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = Node()
                self.node = child
            return option
        if not self.in_tree and self.left >= 0:
            if self.left == 0:
                raise Truncated
            self.left -= 1
        return search.rollout_bots[seat].choose(
            self.state, _new_decision((seat, kind, options, context)), search.rng)


def search(game: GamePlugin, state: Any, decision: Decision, knobs: Knobs,
           rollout_bots: list, rng: random.Random) -> Any:
    """The option MCTS picks for `decision` at `state` (which must resume at it)."""
    return Search(game, knobs, rollout_bots, decision.seat, rng).run(state, decision)
