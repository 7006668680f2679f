"""Policies read the game frozen: every way of writing raises, the game plays as if the policy
had only read, and every mutable part a policy can reach is guarded."""

from __future__ import annotations

import random

import pytest

from analytics.engine import Decider, play_game
from analytics.engine.chance import SeededChance
from analytics.engine.containers import GuardedDict, GuardedList
from analytics.engine.decisions import Decision, DecisionError
from analytics.engine.readonly import ReadOnlyError
from analytics.games.diceforge import GAME
from analytics.games.diceforge.rules.blessings import roll_die
from analytics.games.diceforge.rules.components import FACES
from analytics.games.diceforge.rules.content import load_card_set
from analytics.games.diceforge.rules.resources import gain, lose, spend
from analytics.games.diceforge.rules.state import Game, Player, Setup
from analytics.games.diceforge.tools.pairing import with_card
from analytics.policies import make_bot
from tests.engine.state_walk import attribute_names

SETUP = Setup(3, load_card_set("base"))

ATTEMPTS = (
    lambda g, p: setattr(g, "round", 99),
    lambda g, p: setattr(p, "glory", 500),
    lambda g, p: setattr(p, "caps", {}),
    lambda g, p: delattr(p, "gold"),
    lambda g, p: p.cards.append(None),
    lambda g, p: p.dice[0].__setitem__(0, FACES["sun_2"]),
    lambda g, p: p.caps.__setitem__("gold", 99),
    lambda g, p: g.islands.__setitem__(1, p.seat),
    lambda g, p: g.gardens["x3"].pop(),
    lambda g, p: g.stacks.pop("M1"),
    lambda g, p: g.sanctuary[0].clear(),
    lambda g, p: g.log.emit(0, "cheated"),
    lambda g, p: g.opponents(p)[0].__setattr__("gold", 0),
    lambda g, p: g.setup.card_set.cards.clear(),
    lambda g, p: g.log.rows.append(None),
    lambda g, p: setattr(g.log, "round", 0),
    lambda g, p: p.hooks.setdefault("cheat", ()),
    lambda g, p: p.up.__setitem__(0, FACES["sun_2"]),
    lambda g, p: g.chance.roll(p.seat, "light", p.dice[0]),
    lambda g, p: g.decide(p.seat, "action", ("pass", "feat")),
    lambda g, p: delattr(g, "round"),
    # rules whose writes bypass the containers' checks test the flag themselves, first
    lambda g, p: gain(g, p, "gold", 3, "cheat"),
    lambda g, p: lose(g, p, "gold", 1, "cheat"),
    lambda g, p: spend(g, p, "gold", 0, "cheat"),
    lambda g, p: roll_die(g, p, 0, "cheat"),
)


class Cheater:
    """Tries every write it knows before each answer, then answers as `honest` would."""

    def __init__(self, honest) -> None:
        self.honest, self.name, self.params = honest, "cheater", {}
        self.refused = 0

    def choose(self, view, decision: Decision, rng: random.Random):
        p = view.players[decision.seat]
        for attempt in ATTEMPTS:
            with pytest.raises(ReadOnlyError):
                attempt(view, p)
            self.refused += 1
        if isinstance(decision.context, tuple) and decision.context:
            with pytest.raises((AttributeError, TypeError)):
                decision.context.append(None)  # type: ignore[attr-defined]
        return self.honest.choose(view, decision, rng)


def test_a_policy_cannot_change_the_game_through_its_view():
    honest = [make_bot("diceforge", "economist") for _ in range(3)]
    cheaters = [Cheater(make_bot("diceforge", "economist")) for _ in range(3)]
    plain = play_game(GAME, SETUP, honest, 5)
    tried = play_game(GAME, SETUP, cheaters, 5)
    assert sum(c.refused for c in cheaters) == len(ATTEMPTS) * tried.n_decisions > 0
    assert tried.events == plain.events and tried.scores == plain.scores


def test_a_policy_reads_the_game_itself():
    class Reader:
        name, params = "reader", {}

        def __init__(self) -> None:
            self.seen: list = []

        def choose(self, g, decision, rng):
            self.seen.append(g)
            return decision.options[0]

    reader = Reader()
    play_game(GAME, SETUP, [reader] * 3, 1)
    assert reader.seen and all(type(g) is Game for g in reader.seen)
    assert len({id(g) for g in reader.seen}) == 1


# The channels out: not state, and guarded by their own checks (the chance, the decider).
CHANNELS = ("chance", "decider", "decide")


def unguarded(g: Game) -> list[str]:
    """Paths to every list, dict or set reachable from the state that is not guarded."""
    return [path for path, obj in walk(g) if type(obj) in (list, dict, set, bytearray)]


def walk(g: Game) -> list[tuple[str, object]]:
    """(path, object) of everything reachable from the state but its channels out and what
    never changes (faces, cards)."""
    found, pending, seen = [], [("g", g)], set()
    while pending:
        path, obj = pending.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        found.append((path, obj))
        if isinstance(obj, dict):
            pending += [(f"{path}[{key!r}]", item) for key, item in obj.items()]
        elif isinstance(obj, (list, tuple)):
            pending += [(f"{path}[{i}]", item) for i, item in enumerate(obj)]
        elif not isinstance(obj, GAME.immutable):
            pending += [(f"{path}.{name}", getattr(obj, name)) for name in attribute_names(obj)
                        if name not in CHANNELS]
    return found


def test_the_walk_reaches_the_players_maps_and_the_log_in_either_build():
    """A walk that stopped at the Game (a compiled class has no `__slots__`) would find
    nothing unguarded and prove nothing."""
    state = GAME.new_game(SETUP, SeededChance(1), Decider([], 1))
    reached = {id(obj) for _, obj in walk(state)}
    for part in (state.players[0].res, state.players[2].hooks, state.players[1].dice[0],
                 state.log.rows, state.sanctuary[0], state.gardens, state.extra_turns):
        assert id(part) in reached


CARD_MIXES = ((("M1", "twins"), ("F7", "eternal_fire"), ("M5", "cerberus"), ("F5", "triton")),
              (("M1", "blacksmiths_scepter"), ("M4", "tenacious_boar"), ("F3", "celestial_ship"),
               ("F4", "guardians_shield"), ("M3", "great_bear")),
              (("M2", "companion"), ("F1", "tree"), ("M5", "ancestor"), ("F2", "wood_nymph"),
               ("F5", "goldsmith"), ("F6", "abyssal_trident")))


def test_every_container_a_policy_can_reach_is_guarded():
    """Checked at every decision of games with the Rebellion cards (their tracks and extra
    turns) and the alternate cards (their tokens)."""
    problems: set[str] = set()

    class Inspector:
        name, params = "inspector", {}

        def __init__(self, honest) -> None:
            self.honest = honest

        def choose(self, g, decision, rng):
            problems.update(unguarded(g))
            return self.honest.choose(g, decision, rng)

    policies = [Inspector(make_bot("diceforge", bot)) for bot in ("hero", "economist") * 2]
    for seed, cards in enumerate(CARD_MIXES):
        setup = load_card_set("base")
        for slot, card in cards:
            setup = with_card(setup, slot, card)
        play_game(GAME, Setup(4, setup), policies, seed)
    assert problems == set()
    assert isinstance(Player(0).res, GuardedDict) and isinstance(Player(0).cards, GuardedList)


def test_a_clone_is_guarded_too():
    state = GAME.new_game(SETUP, SeededChance(1), Decider([], 1))
    twin = GAME.clone(state, SeededChance(2), Decider([], 2))
    assert unguarded(twin) == [] and unguarded(state) == []


def test_an_unknown_decision_kind_names_the_bot_and_the_kind():
    bot = make_bot("diceforge", "hero")
    state = GAME.new_game(SETUP, SeededChance(1), Decider([bot] * 4, 1))
    with pytest.raises(DecisionError, match="bot 'hero' has no handler for decision kind 'bribe'"):
        bot.choose(state, Decision(0, "bribe", ("a", "b")), random.Random(0))
