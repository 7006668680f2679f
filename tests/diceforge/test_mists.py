"""The Mists (Rebellion, M5): the seed's text and its three notes, and ruling R15, exactly."""

from __future__ import annotations

from pathlib import Path

from harness import Bench, ev

from analytics.games.diceforge.rules import turn
from analytics.games.diceforge.rules.components import CARDS
from analytics.games.diceforge.rules.options import RULE_OPTIONS, RuleOptions, parse_rule_options

SET = str(Path(__file__).parent / "sets" / "rebellion-players.toml")


def bench(*players: tuple[int, int], rules: RuleOptions | None = None) -> Bench:
    """One seat per (gold, Glory) pair; seat 0 holds the 4 Moon Shards The Mists cost."""
    b = Bench(players=len(players), cards=SET, rules=rules)
    for seat, (gold, glory) in enumerate(players):
        b.set_reserves(seat, gold=gold, glory=glory, moon=4 if seat == 0 else 0)
    return b


def buy_mists(b: Bench) -> list[dict]:
    """Seat 0 performs The Mists; the events after the feat_performed one."""
    turn.perform_feat(b.g, b.p(0), "mists", "action")
    events = b.events()
    done = events.index(ev("feat_performed", 0, "mists", None, None, "action", "3"))
    return events[done + 1:]


def lost(seat: int, amount: int) -> dict:
    return ev("resource_lost", seat, "mists", "glory", -amount, "mists")


def won(amount: int) -> dict:
    return ev("resource_gained", 0, "mists", "glory", amount, "mists")


def glories(b: Bench) -> list[int]:
    return [p.glory for p in b.g.players]


def test_the_mists_is_a_rebellion_card_on_m5():
    card = CARDS["mists"]
    assert (card.slot, card.moon, card.sun, card.glory, card.timing, card.origin) == (
        "M5", 4, 0, 6, "immediate", "rebellion")


def test_the_poorest_player_loses_5_glory_and_the_buyer_gains_them():
    b = bench((5, 0), (2, 10), (4, 10))
    assert buy_mists(b) == [lost(1, 5), won(5)]
    assert glories(b) == [5, 5, 10]


def test_note_1_a_buyer_poorer_than_everyone_changes_nothing():
    b = bench((1, 7), (2, 10), (4, 10))
    assert buy_mists(b) == []
    assert glories(b) == [7, 10, 10]


def test_note_2_a_victim_with_less_than_5_glory_loses_what_they_have():
    b = bench((5, 0), (0, 3), (4, 10))
    assert buy_mists(b) == [lost(1, 3), won(3)]
    assert glories(b) == [3, 0, 10]


def test_a_victim_with_no_glory_gives_nothing():
    b = bench((5, 4), (0, 0), (4, 10))
    assert buy_mists(b) == []
    assert glories(b) == [4, 0, 10]


def test_note_3_every_player_tied_for_least_loses_and_the_buyer_gains_the_total():
    b = bench((5, 0), (1, 9), (1, 2), (3, 9))
    assert buy_mists(b) == [lost(1, 5), lost(2, 2), won(7)]
    assert glories(b) == [7, 4, 0, 9]


def test_a_buyer_tied_for_least_loses_too_and_gains_it_back_with_the_others():
    """"Including you", "all tied players": the buyer's own 5 come back, so only the others'
    loss is a gain."""
    b = bench((2, 8), (2, 9), (6, 9))
    assert buy_mists(b) == [lost(0, 5), lost(1, 5), won(10)]
    assert glories(b) == [13, 4, 9]


def test_r15_scepter_gold_does_not_count():
    b = bench((3, 0), (0, 10), (1, 10))
    b.give_card(1, "blacksmiths_scepter")
    b.p(1).tracks["blacksmiths_scepter"] = [6]
    assert buy_mists(b) == [lost(1, 5), won(5)]


def test_rule_with_scepter_counts_scepter_gold_as_bga_does():
    b = bench((3, 0), (0, 10), (1, 10), rules=parse_rule_options({"mists_gold": "with_scepter"}))
    b.give_card(1, "blacksmiths_scepter")
    b.p(1).tracks["blacksmiths_scepter"] = [6]
    assert buy_mists(b) == [lost(2, 5), won(5)]
    assert glories(b) == [5, 10, 5]


def test_the_rule_option_mists_gold_is_declared_with_its_default():
    assert RULE_OPTIONS["mists_gold"][:2] == ("reserve", ("reserve", "with_scepter"))
    assert RuleOptions().mists_gold == parse_rule_options({}).as_dict()["mists_gold"] == "reserve"
