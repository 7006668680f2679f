"""The Merchant (Rebellion, F1) and the upgrade of a face it shares with the Celestial Die: every
note of the seed ("The Merchant", levels, level 0, empty pools, copies used together)."""

from __future__ import annotations

from pathlib import Path

import pytest
from harness import Bench, ev, gained, reserves

from analytics.engine import play_game
from analytics.games.diceforge import GAME
from analytics.games.diceforge.rules import turn
from analytics.games.diceforge.rules.components import CARDS, REINFORCEMENT, TURN_START
from analytics.games.diceforge.rules.content import load_card_set
from analytics.games.diceforge.rules.hooks import fire
from analytics.games.diceforge.rules.state import Setup
from analytics.games.diceforge.rules.upgrade import (
    POOL_LEVELS,
    highest_level_left,
    rises,
    upgradable,
    upgrade,
)
from analytics.policies import make_bot

SET = str(Path(__file__).parent / "sets" / "celestial-goddess.toml")
MERCHANT = "merchant"


def bench(copies: int = 1, players: int = 2) -> Bench:
    b = Bench(players=players, cards=SET)
    for seat in range(players):
        b.set_reserves(seat)
    for _ in range(copies):
        b.give_card(0, MERCHANT)
    return b


def used(seat: int = 0) -> dict:
    return ev("reinforcement_used", seat, MERCHANT, None, None, MERCHANT)


def forged(face: str, old: str, die: str = "light", cause: str = MERCHANT) -> dict:
    return ev("face_forged", 0, face, None, None, cause, f"{die}:{old}")


def test_the_merchant_is_a_rebellion_reinforcement_on_f1():
    card = CARDS[MERCHANT]
    assert (card.slot, card.sun, card.moon, card.glory, card.timing, card.origin) == (
        "F1", 1, 0, 2, "reinforcement", "rebellion")
    b = bench(copies=0)
    b.set_reserves(0, sun=1)
    turn.perform_feat(b.g, b.p(0), MERCHANT, "action")
    assert b.p(0).hooks == {REINFORCEMENT: ((MERCHANT, MERCHANT),),
                            TURN_START: ((MERCHANT, "merchant_turn"),)}


def test_the_pool_levels_are_the_seeds_table():
    """Level 1: faces costing 2 ... level 7: faces costing 12."""
    costs = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 6, 12: 7}
    b = bench(copies=0)
    assert [costs[pool[0].cost] for pool in b.g.sanctuary] == list(POOL_LEVELS)


def test_gain_2_glory_instead():
    b = bench()
    b.decide(("reinforcement", MERCHANT), ("merchant", "glory"), ("reinforcement", "done"))
    turn.call_reinforcements(b.g, b.p(0))
    assert b.decider.asked[1].options == ("glory", "upgrade1")
    assert b.events() == [used(), gained(0, "glory", 2, MERCHANT, MERCHANT)]


def test_upgrade_a_starting_face_level_0_to_a_level_1_face_for_free():
    b = bench()
    b.decide(("reinforcement", MERCHANT), ("merchant", "upgrade1"),
             ("upgrade_face", (1, 0)), ("upgrade_to", "moon_1"))
    turn.call_reinforcements(b.g, b.p(0))
    assert b.decider.asked[2].options == ((0, 0), (0, 5), (1, 0), (1, 4), (1, 5))
    assert b.decider.asked[3].options == ("gold_3", "moon_1")
    assert b.events() == [used(), forged("moon_1", "gold_1", "dark")]
    assert b.die(0, "dark")[0] == "moon_1" and b.p(0).up[1].id == "moon_1"
    assert b.reserves(0) == reserves() and b.p(0).forged == 1
    assert len(b.g.sanctuary[1]) == 1


@pytest.mark.parametrize("face, offered", [
    ("gold_1", ("gold_3", "moon_1")),  # starting face, not sold: level 0
    ("glory_2", ("gold_3", "moon_1")),  # likewise
    ("x3", ("gold_3", "moon_1")),  # a Garden face has no equivalent in the Sanctuary
    ("moon_1", ("gold_4", "sun_1")),  # the starting Moon face is the level-1 Sanctuary face
    ("sun_1", ("gold_6", "gold1_or_sun1_or_moon1")),  # level 2 -> 3 (two faces kept, 2 players)
    ("gold3_or_glory2", ("moon_2",)),  # level 4 -> 5
    ("sun_2", ("glory_4", "moon2_glory2")),  # level 6 -> 7
])
def test_one_level_up_takes_from_the_pools_of_the_next_level(face, offered):
    b = bench()
    b.set_die(0, "light", face)
    b.decide(("upgrade_face", (0, 0)), ("upgrade_to", offered[0]))
    assert upgrade(b.g, b.p(0), 1, MERCHANT)
    assert b.decider.asked[1].options == offered
    assert b.die(0, "light")[0] == offered[0]


def test_a_level_7_face_cannot_be_upgraded():
    b = bench()
    b.set_die(0, "light", *["glory_4"] * 6)
    b.set_die(0, "dark", *["moon2_glory2"] * 6)
    assert upgradable(b.g, b.p(0), 1) == ()
    b.decide(("reinforcement", MERCHANT))
    turn.call_reinforcements(b.g, b.p(0))  # only Glory is left: no choice to make
    assert b.decider.asked[1].options == ("glory",)
    assert b.reserves(0) == reserves(glory=2)


def test_an_empty_pool_sends_the_upgrade_to_the_next_non_empty_one():
    b = bench()
    b.g.sanctuary[0].clear()
    b.g.sanctuary[1].clear()  # level 1 is empty
    b.g.sanctuary[2].clear()  # and half of level 2
    b.decide(("upgrade_face", (0, 0)))
    assert upgrade(b.g, b.p(0), 1, MERCHANT)
    assert b.die(0, "light")[0] == "sun_1"  # the only face offered: no choice


def test_a_face_with_no_non_empty_pool_above_it_cannot_be_upgraded():
    b = bench()
    for pool in b.g.sanctuary[5:]:
        pool.clear()  # levels 4 to 7 empty
    b.set_die(0, "light", *["gold_6"] * 6)
    assert [p for p in upgradable(b.g, b.p(0), 1) if p[0] == 0] == []
    assert upgradable(b.g, b.p(0), 1) == ((1, 0), (1, 4), (1, 5))


def test_the_rises_offered_stop_where_the_pools_above_are_empty():
    b = bench()
    for pool in b.g.sanctuary[5:]:
        pool.clear()  # levels 4 to 7 empty: a face can rise to level 3 at most
    b.set_die(0, "light", *["gold_6"] * 6)  # level 3: it cannot rise
    b.set_die(0, "dark", "moon_1", "sun_1", *["glory_4"] * 4)  # levels 1, 2, 7
    assert rises(b.g, b.p(0), 3) == (1, 2)
    b.set_die(0, "dark", *["gold_1"] * 6)  # level 0
    assert rises(b.g, b.p(0), 4) == (1, 2, 3)
    b.set_die(0, "dark", *["gold_6"] * 6)
    assert rises(b.g, b.p(0), 4) == ()


def test_the_highest_level_left_skips_emptied_pools():
    b = bench()
    assert highest_level_left(b.g) == 7
    for pool in b.g.sanctuary[5:]:
        pool.clear()
    assert highest_level_left(b.g) == 3
    for pool in b.g.sanctuary:
        pool.clear()
    assert highest_level_left(b.g) is None
    assert rises(b.g, b.p(0), 3) == ()  # an empty Sanctuary upgrades nothing


def test_a_boar_face_cannot_be_forged_over_so_not_upgraded():
    b = bench()
    b.set_die(0, "light", "boar:1")
    assert (0, 0) not in upgradable(b.g, b.p(0), 1)


def test_two_levels_past_level_7_take_a_level_7_face():
    b = bench()
    b.set_die(0, "light", "glory_3")
    b.decide(("upgrade_face", (0, 0)), ("upgrade_to", "moon2_glory2"))
    assert upgrade(b.g, b.p(0), 2, "celestial_upgrade")
    assert b.decider.asked[1].options == ("glory_4", "moon2_glory2")


def test_two_merchants_together_upgrade_one_face_two_levels_at_once():
    """Seed: X Merchants used for their upgrade upgrade one face by X levels at once."""
    b = bench(copies=2)
    b.decide(("reinforcement", MERCHANT), ("merchant", "upgrade2"),
             ("upgrade_face", (0, 0)), ("upgrade_to", "gold_4"))
    turn.call_reinforcements(b.g, b.p(0))
    assert b.decider.asked[1].options == ("glory", "upgrade1", "upgrade2")
    assert b.events() == [used(), used(), forged("gold_4", "gold_1")]
    assert b.decider.kinds() == ["reinforcement", "merchant", "upgrade_face", "upgrade_to"]


def test_three_merchants_may_go_up_three_levels_and_leave_none_for_glory():
    b = bench(copies=3)
    b.decide(("reinforcement", MERCHANT), ("merchant", "upgrade3"),
             ("upgrade_face", (0, 0)), ("upgrade_to", "gold_6"))
    turn.call_reinforcements(b.g, b.p(0))
    assert b.decider.asked[1].options == ("glory", "upgrade1", "upgrade2", "upgrade3")
    assert b.events() == [used(), used(), used(), forged("gold_6", "gold_1")]


def test_after_an_upgrade_the_other_merchants_give_only_glory_that_turn():
    """Seed: the upgrades of several Merchants go "only on the same die face", at once."""
    b = bench(copies=2)
    b.decide(("reinforcement", MERCHANT), ("merchant", "upgrade1"),
             ("upgrade_face", (0, 0)), ("upgrade_to", "gold_3"), ("reinforcement", MERCHANT))
    turn.call_reinforcements(b.g, b.p(0))
    assert b.decider.asked[-1].options == ("glory",)
    assert b.events() == [used(), forged("gold_3", "gold_1"), used(),
                          gained(0, "glory", 2, MERCHANT, MERCHANT)]


def test_glory_first_then_the_other_copy_may_still_upgrade_alone():
    b = bench(copies=2)
    b.decide(("reinforcement", MERCHANT), ("merchant", "glory"), ("reinforcement", MERCHANT),
             ("merchant", "upgrade1"), ("upgrade_face", (0, 0)), ("upgrade_to", "gold_3"))
    turn.call_reinforcements(b.g, b.p(0))
    assert b.decider.asked[3].options == ("glory", "upgrade1")
    assert b.reserves(0) == reserves(glory=2) and b.die(0, "light")[0] == "gold_3"


def test_the_next_turn_the_merchant_may_upgrade_again():
    b = bench()
    b.decide(("reinforcement", MERCHANT), ("merchant", "upgrade1"),
             ("upgrade_face", (0, 0)), ("upgrade_to", "gold_3"))
    turn.call_reinforcements(b.g, b.p(0))
    fire(b.g, b.p(0), TURN_START)
    b.decide(("reinforcement", MERCHANT), ("merchant", "upgrade1"),
             ("upgrade_face", (0, 1)), ("upgrade_to", "gold_3"))
    turn.call_reinforcements(b.g, b.p(0))
    assert b.die(0, "light")[:2] == ["gold_3", "gold_3"]


def test_the_step_forgets_its_unused_copies_when_it_ends():
    b = bench(copies=2)
    b.decide(("reinforcement", "done"))
    turn.call_reinforcements(b.g, b.p(0))
    assert b.g.unused == []


class RisesChecked:
    """Wraps a bot: before each answer, `rises` for every player equals asking each number of
    levels of every face (`upgradable`), Sanctuary pools emptying as the game goes."""

    def __init__(self, bot) -> None:
        self.bot, self.name, self.params = bot, bot.name, bot.params
        self.checked = 0

    def choose(self, view, decision, rng):
        for q in view.players:
            assert rises(view, q, 4) == tuple(n for n in range(1, 5) if upgradable(view, q, n))
        self.checked += 1
        return self.bot.choose(view, decision, rng)


def test_rises_is_every_level_some_face_can_go_up_by():
    setup = Setup(4, load_card_set("rebellion-titans-cards"))
    policies = [RisesChecked(make_bot("diceforge", name)) for name in ("economist", "hero") * 2]
    play_game(GAME, setup, policies, 3)
    assert all(p.checked for p in policies)
