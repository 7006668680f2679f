"""The bots' upper bounds of card worths (feat_values.EFFECT_BOUNDS): each holds above its
worth in every state random games reach, and choosing with them changes no answer."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from test_properties import games

from analytics.engine import play_game
from analytics.engine.decisions import Decision
from analytics.games.diceforge import GAME
from analytics.games.diceforge.bots import heuristic as bots
from analytics.games.diceforge.bots.heuristic import BOUND_MARGIN, best_option, option_score
from analytics.games.diceforge.bots.registry import EFFECT_BOUNDS, EFFECT_VALUES
from analytics.games.diceforge.rules.content import load_card_set
from analytics.games.diceforge.rules.state import Game, Setup
from analytics.policies import make_bot

PLANS = ("economist", "hero")
PRESETS = ("rebellion-goddess-cards", "rebellion-titans-cards")
ACTIONS = ("action", "extra_action")


class BoundsChecked:
    """Wraps a heuristic bot: at each action choice, every bound is held to its worth, read
    from the deciding seat's Outlook, and the worths its choice worked out are recorded."""

    def __init__(self, bot, worked_out: list[tuple[tuple, set[str]]]) -> None:
        self.bot, self.name, self.params = bot, bot.name, bot.params
        self.worked_out = worked_out
        self.checked = 0

    def choose(self, view: Game, decision: Decision, rng: random.Random):
        if decision.kind in ACTIONS:
            o = self.bot.outlook(view, decision.seat)
            for name, bound in EFFECT_BOUNDS.items():
                worth = EFFECT_VALUES[name](o, o.v)
                assert bound(o, o.v) + BOUND_MARGIN >= worth, (name, view.round, decision.seat)
            self.checked += 1
        answer = self.bot.choose(view, decision, rng)
        if decision.kind in ACTIONS:
            self.worked_out.append((decision.options, set(self.bot.outlook(view, decision.seat)
                                                          .decided)))
        return answer


def checked_bots(players: int, worked_out: list) -> list[BoundsChecked]:
    return [BoundsChecked(make_bot("diceforge", PLANS[seat % 2]), worked_out)
            for seat in range(players)]


def test_every_card_worth_with_a_bound_is_a_worth():
    assert set(EFFECT_BOUNDS) == {"ancestor", "celestial_die", "light", "abyssal_trident"}
    assert set(EFFECT_BOUNDS) <= set(EFFECT_VALUES)


@settings(max_examples=12, deadline=None)
@given(games)
def test_bounds_hold_above_their_worths_in_random_card_sets(game):
    bots = checked_bots(game["players"], [])
    play_game(GAME, Setup(game["players"], game["cards"]), bots, game["seed"])
    assert sum(bot.checked for bot in bots) > 0


@pytest.mark.parametrize("card_set", PRESETS)
def test_bounds_hold_and_spare_most_worths_in_the_presets(card_set):
    """Each preset holds bounded cards: their worths are skipped at most choices where the
    card is an option, and worked out at some."""
    worked_out: list[tuple[tuple, set[str]]] = []
    for seed in range(4):
        play_game(GAME, Setup(4, load_card_set(card_set)), checked_bots(4, worked_out), seed)
    cards = {"rebellion-goddess-cards": ("celestial_die", "abyssal_trident"),
             "rebellion-titans-cards": ("light",)}[card_set]
    for card in cards:
        offered = [names for options, names in worked_out if card in options]
        skipped = sum(card not in names for names in offered)
        assert 0 < len(offered) - skipped < skipped, card


@pytest.mark.parametrize("card_set", PRESETS)
def test_choosing_with_bounds_gives_the_events_of_scoring_every_option(card_set):
    cards = load_card_set(card_set)
    for seed in range(6):
        bounded = [make_bot("diceforge", PLANS[seat % 2]) for seat in range(4)]
        scored = [make_bot("diceforge", PLANS[seat % 2]) for seat in range(4)]
        for bot in scored:
            bot.bounds = {}
        with_bounds = play_game(GAME, Setup(4, cards), bounded, seed)
        without = play_game(GAME, Setup(4, cards), scored, seed)
        assert with_bounds.events == without.events


class Compared:
    """Wraps a heuristic bot: at each action choice, `best_option` under other bounds (each
    feat's own worth, exactly; and one far above it) must pick what scoring every option in
    order picks (the first of the best)."""

    def __init__(self, bot) -> None:
        self.bot, self.name, self.params = bot, bot.name, bot.params
        self.compared = 0

    def choose(self, view: Game, decision: Decision, rng: random.Random):
        if decision.kind == "action":
            o = self.bot.outlook(view, decision.seat)
            scores = [option_score(self.bot, o, option) for option in decision.options]
            first_best = decision.options[scores.index(max(scores))]
            feats = {cid: row[1] for cid, row in self.bot.feats.items()
                     if row[1] in EFFECT_VALUES}
            exact = {cid: EFFECT_VALUES[name] for cid, name in feats.items()}
            far = {cid: (lambda o, v, w=EFFECT_VALUES[name]: w(o, v) + 1000.0)
                   for cid, name in feats.items()}
            kept = self.bot.bounds
            for bounds in (exact, far):
                self.bot.bounds = bounds
                o.decided.clear()  # so that every feat goes by its bound
                assert best_option(self.bot, o, decision.options) == (first_best, max(scores))
            self.bot.bounds = kept
            self.compared += 1
        return self.bot.choose(view, decision, rng)


@pytest.mark.parametrize("card_set", ["base", *PRESETS])
def test_best_option_picks_the_first_best_whatever_the_bounds(card_set):
    bots = [Compared(make_bot("diceforge", PLANS[seat % 2])) for seat in range(4)]
    for seed in range(2):
        play_game(GAME, Setup(4, load_card_set(card_set)), bots, seed)
    assert sum(bot.compared for bot in bots) > 50


def test_best_option_breaks_ties_by_the_options_order_and_skips_what_cannot_win(monkeypatch):
    scores = {"pass": 0.0, "forge": 5.0, "b": 7.0, "c": 7.0}  # "a" is never to be scored
    monkeypatch.setattr(bots, "option_score", lambda bot, o, option: scores[option])
    monkeypatch.setattr(bots, "feat_score", lambda bot, o, card_id, bound: bound(o, o.v))
    bot = SimpleNamespace(bounds={"a": lambda o, v: 6.0, "c": lambda o, v: 8.0},
                          feats={"a": (0.0, "ea", 1), "c": (0.0, "ec", 1)})
    o = SimpleNamespace(decided={}, v=None)
    assert best_option(bot, o, ("pass", "forge", "a", "b", "c")) == ("b", 7.0)
    assert best_option(bot, o, ("c", "a", "pass", "b")) == ("c", 7.0)  # first of the best
    assert best_option(bot, o, ("pass", "b"), skip="b") == ("pass", 0.0)
    assert best_option(bot, o, ()) == (None, float("-inf"))
