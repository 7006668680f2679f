"""Resumable, copyable state: a clone taken at an action choice shares nothing mutable with the
game, plays on to the end with its own chance and decider, and resumes exactly.

The clone's log holds only its own events (engine/clone.py's contract: no past rows copied);
`log.start` counts the events before its first row, so these tests compare a clone's rows with
the original's from there."""

from __future__ import annotations

import random

from analytics.engine import Decider, SeededChance, derive_seed, play
from analytics.games.diceforge import GAME
from analytics.games.diceforge.rules import turn
from analytics.games.diceforge.rules.components import FACES
from analytics.games.diceforge.rules.content import load_card_set
from analytics.games.diceforge.rules.state import Game, Setup
from analytics.games.diceforge.tools.pairing import with_card
from analytics.policies import make_bot
from tests.engine.state_walk import attribute_names

SETUP = Setup(4, with_card(load_card_set("base"), "F7", "eternal_fire"))
SHARED = (int, str, bool, float, type(None), tuple, frozenset) + GAME.immutable


class ForkAt:
    """Plays like `bot`, and at the first action choice of round `at` forks the game."""

    def __init__(self, bot, at: int) -> None:
        self.bot, self.at, self.name, self.params = bot, at, bot.name, bot.params
        self.forks: list = []

    def choose(self, view, decision, rng: random.Random):
        if decision.kind == "action" and view.round == self.at and not self.forks:
            assert view.phase == turn.ACTION_CHOICE
            self.forks.append(GAME.clone(view, SeededChance(1), Decider(bots_plain(), 1)))
        return self.bot.choose(view, decision, rng)


def bots(seat_forks: int = 0, at: int = 5) -> list:
    policies = [make_bot("diceforge", "economist") for _ in range(4)]
    policies[seat_forks] = ForkAt(policies[seat_forks], at)
    return policies


def mutable_parts(g: Game) -> dict[int, object]:
    """Every mutable object reachable from the state but its setup, chance and decider."""
    found: dict[int, object] = {}
    pending: list = [g]
    while pending:
        obj = pending.pop()
        if isinstance(obj, SHARED) and not isinstance(obj, tuple) or id(obj) in found:
            continue
        if isinstance(obj, tuple):
            pending.extend(obj)
            continue
        found[id(obj)] = obj
        if isinstance(obj, dict):
            pending.extend(obj.keys())
            pending.extend(obj.values())
        elif isinstance(obj, list):
            pending.extend(obj)
        else:
            pending.extend(getattr(obj, name) for name in attribute_names(obj)
                           if name not in ("setup", "chance", "decider", "decide"))
    return found


def snapshot(g: Game) -> tuple:
    """Every field of the state but its channels out, as plain values; of the log, where it
    stands (a clone's log holds no past rows)."""
    def fields_of(obj, skip=()):
        return tuple((n, repr(getattr(obj, n))) for n in attribute_names(obj) if n not in skip)
    return (fields_of(g, ("players", "chance", "decider", "decide", "_orders", "log")),
            tuple(fields_of(p) for p in g.players),
            (g.log.start + len(g.log.rows), g.log.round, g.log.active_seat))


def clone(g: Game, chance, decider) -> Game:
    return GAME.clone(g, chance, decider)


def test_a_clone_shares_nothing_mutable_and_starts_equal():
    policies = bots()
    play_game_seeded(policies, 11)
    original = policies[0].forks[0]
    twin = clone(original, SeededChance(2), Decider(bots_plain(), 2))
    assert snapshot(twin) == snapshot(original)
    assert twin.log.rows == [] and twin.log.start == original.log.start + len(original.log.rows)
    assert not set(mutable_parts(twin)) & set(mutable_parts(original))
    assert twin.setup is original.setup
    assert twin.players[0].dice[0][0] is original.players[0].dice[0][0]


def test_changing_a_clone_leaves_the_original_and_both_play_on():
    policies = bots()
    play_game_seeded(policies, 12)
    original = policies[0].forks[0]
    before = snapshot(original)
    twin = clone(original, SeededChance(3), Decider([make_bot("diceforge", "hero")] * 4, 3))
    p = twin.players[1]
    p.res["gold"] += 5
    p.dice[0][0] = FACES["sun_2"]
    p.cards.clear()
    p.hooks.clear()
    twin.sanctuary[0].clear()
    twin.islands[3] = 2
    twin.stacks["M1"] = 0
    twin.extra_turns.append(1)
    twin.log.emit(0, "cheated")
    rows = list(original.log.rows)
    assert snapshot(original) == before
    twin.decider.bind(twin, GAME)
    GAME.play(twin)
    assert twin.over and not original.over and snapshot(original) == before
    assert original.log.rows == rows and twin.log.rows[0][3] == "cheated"
    original.decider.bind(original, GAME)
    GAME.play(original)
    assert original.over and twin.log.rows[-1] != original.log.rows[-1]


def test_a_clone_with_the_game_dice_and_deciders_resumes_it_exactly():
    """Cloned at an action choice with a copy of the real chance, the clone ends exactly as
    the real game does: the position in the state is all there is to resume."""
    class Resume(ForkAt):
        def choose(self, view, decision, rng):
            if decision.kind == "action" and view.round == self.at and not self.forks:
                self.forks.append(clone(view, view.chance.copy(), Decider(bots_plain(), 21)))
            return self.bot.choose(view, decision, rng)

    policies = bots_plain()
    policies[2] = Resume(policies[2], 6)
    result = play_game_seeded(policies, 21)
    resumed = policies[2].forks[0]
    resumed.decider.bind(resumed, GAME)
    GAME.play(resumed)
    assert 0 < resumed.log.start < len(result.events)
    assert resumed.log.rows == result.events[resumed.log.start:]


def bots_plain() -> list:
    return [make_bot("diceforge", "economist") for _ in range(4)]


def play_game_seeded(policies: list, seed: int):
    return play(GAME, SETUP, SeededChance(derive_seed(seed, "chance")), Decider(policies, seed))
