"""The bots' value model: its shortcuts give exactly what weighing every option gives."""

from __future__ import annotations

import random

import pytest

from analytics.engine import play_game
from analytics.engine.decisions import Decision
from analytics.games.diceforge import GAME
from analytics.games.diceforge.bots.feat_values import trident_offers
from analytics.games.diceforge.bots.rebellion_faces import SANCTUARY_IDS, best_upgrade
from analytics.games.diceforge.bots.valuation import PLAIN_FACES, SANCTUARY_FACES, RecentDice
from analytics.games.diceforge.cards.rebellion_forge import trident_faces
from analytics.games.diceforge.rules.components import FACES, SANCTUARY
from analytics.games.diceforge.rules.content import load_card_set
from analytics.games.diceforge.rules.state import Game, Setup
from analytics.games.diceforge.rules.upgrade import ladder, ladder_of, offered_at, upgradable
from analytics.policies import make_bot

# The ladder of the Sanctuary as it starts (what SANCTUARY_IDS names).
FULL_LADDER = ladder_of([[FACES[f] for f in pool] for pool in SANCTUARY])


def test_sanctuary_faces_are_plain():
    """best_upgrade reads the Sanctuary faces' worths from the rates' tables of plain faces."""
    assert SANCTUARY_IDS == {f.id for f in SANCTUARY_FACES}
    assert {f for pool in SANCTUARY for f in pool} <= {f.id for f in PLAIN_FACES}


class Compared:
    """Wraps a heuristic bot: before each answer, checks its Outlook's shortcuts against
    weighing every place and face one by one."""

    def __init__(self, bot) -> None:
        self.bot, self.name, self.params = bot, bot.name, bot.params
        self.checked = 0

    def choose(self, view: Game, decision: Decision, rng: random.Random):
        o = self.bot.outlook(view, decision.seat)
        assert ladder(view) == ladder_of(view.sanctuary)  # read from the ids left, the same
        for levels in (1, 2, 3):
            for offers, offered in ((ladder(view), None), (FULL_LADDER, SANCTUARY_IDS)):
                gains = [max(o.face_worth(FACES[f], die)
                             for f in offered_at(offers, o.p.dice[die][side].level + levels))
                         - o.face_worth(o.p.dice[die][side], die)
                         for die, side in upgradable(view, o.p, levels, offers)]
                assert best_upgrade(o, levels, offered) == max(gains, default=0.0)
        faces = frozenset(trident_faces(view))
        assert trident_offers(view) == faces
        assert o.best_placement(faces) == max(
            (o.placement_gain(FACES[f]) for f in faces), default=0.0)
        self.checked += 1
        return self.bot.choose(view, decision, rng)


@pytest.mark.parametrize(("card_set", "players"), [("rebellion-goddess-cards", 4),
                                                    ("rebellion-titans-cards", 4),
                                                    ("rebellion-titans-cards", 2)])
def test_best_upgrade_and_placement_match_every_option_weighed(card_set: str,
                                                                players: int) -> None:
    setup = Setup(players, load_card_set(card_set))  # 2 players: pools of 2 faces drawn
    for seed in range(2):
        policies = [Compared(make_bot("diceforge", name))
                    for name in ("economist", "hero", "economist", "hero")[:players]]
        play_game(GAME, setup, policies, seed)
        assert all(p.checked for p in policies)


def test_recent_dice_keep_what_is_met_again_and_stay_bounded():
    recent = RecentDice(4)  # two generations of 2
    first = recent.get(("a",))
    assert recent.get(("a",)) is first
    second = recent.get(("b",))
    recent.get(("c",))  # the newer was full: a and b are now the older generation
    assert recent.get(("a",)) is first  # met again: moved back to the newer
    recent.get(("d",))  # the newer (c, a) was full: the older (b) is dropped
    recent.get(("e",))
    assert recent.get(("a",)) is first
    assert recent.get(("b",)) is not second  # worked out afresh
    assert len(recent.newer) + len(recent.older) <= 4
