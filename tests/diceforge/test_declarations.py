"""Cards declare what the rules and the bots need: no card is known by name in the flow, and a
card the bots have never seen is still used and valued from its row."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from harness import Bench

from analytics.engine.chance import SeededChance
from analytics.engine.decisions import Decision
from analytics.games.diceforge.bots.registry import EFFECT_VALUES
from analytics.games.diceforge.cards.base import EFFECTS, nothing_on_purchase
from analytics.games.diceforge.rules import blessings, forge, payment, resources, state, turn
from analytics.games.diceforge.rules.components import (
    AFTER_FEAT,
    CARDS,
    GAME_END,
    GLORY,
    GOLD,
    MODULE_OF_CARD,
    OUST,
    PAY,
    TURN_END,
    TURN_START,
    Use,
    _card,
)
from analytics.games.diceforge.rules.hooks import HANDLERS, handler, register, register_card
from analytics.games.diceforge.rules.modules import MODULES
from analytics.games.diceforge.rules.payment import SOURCES
from analytics.policies import make_bot

BOTS = ("economist", "hero")


@pytest.mark.parametrize("card", list(CARDS.values()), ids=list(CARDS))
def test_every_card_declares_an_effect_handlers_a_worth_and_its_use(card):
    assert card.effect in EFFECTS
    for hook, key in card.hooks:
        assert key in (SOURCES if hook == PAY else HANDLERS), (hook, key)
    assert card.value == "" or card.value in EFFECT_VALUES
    assert (card.timing == "reinforcement") == (card.use is not None)


@pytest.mark.parametrize("module", [turn, resources, payment, forge, blessings])
def test_the_rules_flow_names_no_card(module):
    """Lasting effects live in the cards' handlers: the flow has no per-card `if`. (A Boar
    face credits its card, the one card id blessings.py may name.)"""
    name = module.__name__.rsplit(".", 1)[1]
    source = (Path(module.__file__).parent / f"{name}.py").read_text()  # compiled: __file__ is .so
    named = [cid for cid in CARDS if f'"{cid}"' in source]
    assert named == (["tenacious_boar"] if module is blessings else [])


@pytest.mark.parametrize("module", [turn, resources, payment, forge, blessings, state])
def test_the_rules_flow_names_no_module_and_no_module_card_or_face(module):
    """A module is registrations too (its setup in MODULE_SETUPS, its faces in FACE_EFFECTS,
    its cards' effects): the flow names none of its words."""
    name = module.__name__.rsplit(".", 1)[1]
    source = (Path(module.__file__).parent / f"{name}.py").read_text()
    words = [*MODULES, *MODULE_OF_CARD, "golem", "golem_moon", "golem_sun", "labyrinth"]
    assert [w for w in words if w != "none" and f'"{w}"' in source] == []


@pytest.fixture
def spring(monkeypatch):
    """A reinforcement no list anywhere knows: 1 gold for 2 Glory."""
    card = _card("test_spring", "Test Spring", "F1", 0, "reinforcement",
                 use=Use(cost=((GOLD, 1),), gives=((GLORY, 2),)))
    monkeypatch.setitem(CARDS, card.id, card)
    monkeypatch.setitem(EFFECTS, card.id, nothing_on_purchase)
    monkeypatch.setitem(HANDLERS, card.id, handler(card.id)(
        lambda g, p, card_id: resources.gain(g, p, GLORY, 2, card_id, card_id)))
    return card


@pytest.mark.parametrize("name", BOTS)
def test_a_reinforcement_the_bots_never_heard_of_is_used(spring, name):
    b = Bench(players=2)
    p = b.set_reserves(0, gold=5)
    p.cards.append(spring)
    register_card(p, spring)
    b.decider.default = bot_answers(b, name)
    turn.call_reinforcements(b.g, p)
    assert [(d.kind, d.answer) for d in b.decider.asked] == [
        ("reinforcement", "test_spring")]
    assert b.reserves(0)["glory"] == 2 and b.reserves(0)["gold"] == 4


@pytest.mark.parametrize("name", BOTS)
def test_a_feat_the_bots_never_heard_of_is_valued_from_its_row(spring, monkeypatch, name):
    """The Spring on F1 instead of the Elder: bots score it from its declared worth."""
    big = _card("test_feast", "Test Feast", "F1", 9, "immediate", value="cancer")
    monkeypatch.setitem(EFFECTS, big.id, nothing_on_purchase)
    b = Bench(players=2)
    b.g.slots["F1"] = big
    b.set_reserves(0, sun=1)
    bot = make_bot("diceforge", name)
    options = turn.action_options(b.g, b.p(0))
    assert "test_feast" in options
    assert bot.choose(b.g, Decision(0, "action", options), random.Random(0)) == "test_feast"


def bot_answers(b: Bench, name: str):
    bot = make_bot("diceforge", name)
    return lambda d: bot.choose(b.g, Decision(d.seat, d.kind, d.options, d.context),
                                random.Random(0))


def test_every_named_point_fires_its_handlers_where_the_rules_say(monkeypatch):
    """A recording handler on each point of seat 0, through a whole random four-player game."""
    seen: list[tuple[str, int, int]] = []

    def recorder(point: str):
        return lambda g, p, card_id, *args: seen.append((point, g.round, g.active))

    points = (TURN_START, TURN_END, AFTER_FEAT, OUST, GAME_END)
    b = Bench(players=4, default=lambda d: d.options[-1])  # always the last option
    b.chance = b.g.chance = SeededChance(5)
    for point in points:
        monkeypatch.setitem(HANDLERS, f"test_{point}", recorder(point))
        register(b.p(0), point, "test", f"test_{point}")
    turn.play(b.g)
    rows = [dict(zip(("round", "active", "seat", "kind", "item"), row[:5], strict=True))
            for row in b.g.log.rows]
    mine = [(r["round"], r["active"]) for r in rows if r["kind"] == "turn_started"
            and r["seat"] == 0]
    feats = [(r["round"], r["active"]) for r in rows if r["kind"] == "feat_performed"
             and r["seat"] == 0]
    ousts = [r for r in rows if r["kind"] == "pawn_ousted"]
    assert [(r, a) for pt, r, a in seen if pt == TURN_START] == mine
    assert [(r, a) for pt, r, a in seen if pt == TURN_END] == mine
    assert [(r, a) for pt, r, a in seen if pt == AFTER_FEAT] == feats and feats
    assert [pt for pt, _, _ in seen].count(GAME_END) == 1 and seen[-1][0] == GAME_END
    assert [pt for pt, _, _ in seen].count(OUST) == sum(
        r["seat"] == 0 or (r["active"] == 0) for r in ousts)
