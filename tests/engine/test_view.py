"""Policies see a read-only view: every way of writing raises and the game plays as if the
policy had only read."""

from __future__ import annotations

import random

import pytest

from analytics.engine import play_game
from analytics.engine.decisions import Decision, DecisionError
from analytics.engine.view import ReadOnlyError, read_only
from analytics.games.diceforge import GAME
from analytics.games.diceforge.components import FACES
from analytics.games.diceforge.content import load_card_set
from analytics.games.diceforge.state import Setup
from analytics.policies import make_bot

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
)


class Cheater:
    """Tries every write it knows before each answer, then answers as `honest` would."""

    def __init__(self, honest) -> None:
        self.honest, self.name, self.params = honest, "cheater", {}
        self.refused = 0

    def choose(self, view, decision: Decision, rng: random.Random):
        p = view.players[decision.seat]
        for attempt in ATTEMPTS:
            with pytest.raises((ReadOnlyError, AttributeError, TypeError)):
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


def test_views_are_stable_and_reads_follow_the_live_state():
    class Box:
        def __init__(self) -> None:
            self.items = [1]
            self.child = None

    box = Box()
    box.child = Box()
    views = read_only(box)._views
    view = views.wrap(box)
    assert view.child is view.child and views.wrap(box.child) is view.child
    assert view.items == (1,)
    box.items.append(2)
    assert view.items == (1,)  # cached until the next decision...
    views.refresh()
    assert view.items == (1, 2)  # ...then read afresh


def test_an_unknown_decision_kind_names_the_bot_and_the_kind():
    bot = make_bot("diceforge", "hero")
    with pytest.raises(DecisionError, match="bot 'hero' has no handler for decision kind 'bribe'"):
        bot.choose(None, Decision(0, "bribe", ("a", "b")), random.Random(0))
