"""The Left Hand (Rebellion, F7): every pawn on an island goes home, the buyer's too; the ousted
roll and only the buyer applies their dice, as divine blessings, in turn order from the buyer.
The seed's Great Bear note, and the readings it leaves open (README: other owners' Bears,
the buyer's Twins)."""

from __future__ import annotations

from pathlib import Path

from harness import Bench, ev, gained, reserves, rolled

from analytics.games.diceforge.rules import turn
from analytics.games.diceforge.rules.components import CARDS
from analytics.games.diceforge.rules.options import RULE_OPTIONS, RuleOptions, parse_rule_options

SET = str(Path(__file__).parent / "sets" / "rebellion-players.toml")
HAND = "left_hand"


def bench(*islands: int | None, buyer: int = 0, rules: RuleOptions | None = None) -> Bench:
    """One seat per island given (None: at home), empty reserves; the buyer holds 6 Sun."""
    b = Bench(players=len(islands), cards=SET, rules=rules)
    for seat, island in enumerate(islands):
        b.set_reserves(seat, sun=6 if seat == buyer else 0)
        b.p(seat).island = island
        if island is not None:
            b.g.islands[island] = seat
    b.g.active = buyer
    return b


def buy(b: Bench, *decisions, buyer: int = 0) -> list[dict]:
    """The buyer performs The Left Hand; the events after the feat is logged."""
    b.decide(*decisions)
    turn.perform_feat(b.g, b.p(buyer), HAND, "action")
    b.check_scripts_used()
    events = b.events()
    return events[events.index(ev("feat_performed", buyer, HAND, None, None, "action", "4")) + 1:]


def ousted(seat: int, island: int, by: int = 0) -> dict:
    return ev("pawn_ousted", seat, str(island), None, None, HAND, str(by))


def bear(seat: int, amount: int) -> dict:
    return gained(seat, "glory", amount, "great_bear", "great_bear")


def plain_rolls(b: Bench, *seats: int) -> None:
    """Each of `seats` rolls gold_1 on both dice."""
    b.rolls(*[(seat, die, "gold_1") for seat in seats for die in ("light", "dark")])


def test_the_left_hand_is_a_rebellion_card_on_f7():
    card = CARDS[HAND]
    assert (card.slot, card.moon, card.sun, card.glory, card.timing, card.origin) == (
        "F7", 0, 6, 8, "immediate", "rebellion")


def test_all_pawns_go_home_and_only_the_buyer_applies_their_rolls_own_dice_first():
    b = bench(1, 2, None, 5)
    b.rolls((0, "light", "gold_1"), (0, "dark", "glory_2"), (1, "light", "gold_1"),
            (1, "dark", "moon_1"), (3, "light", "sun_1"), (3, "dark", "glory_2"))
    assert buy(b) == [
        ousted(0, 4), ousted(1, 2), ousted(3, 5),
        rolled(0, "gold_1", "light", HAND), rolled(0, "glory_2", "dark", HAND),
        rolled(1, "gold_1", "light", HAND), rolled(1, "moon_1", "dark", HAND),
        rolled(3, "sun_1", "light", HAND), rolled(3, "glory_2", "dark", HAND),
        gained(0, "gold", 1, "gold_1", "gold_1"), gained(0, "glory", 2, "glory_2", "glory_2"),
        gained(0, "gold", 1, "gold_1", "gold_1"), gained(0, "moon", 1, "moon_1", "moon_1"),
        gained(0, "sun", 1, "sun_1", "sun_1"), gained(0, "glory", 2, "glory_2", "glory_2")]
    assert [b.reserves(seat) for seat in range(4)] == [
        reserves(gold=2, sun=1, moon=1, glory=4), reserves(), reserves(), reserves()]
    assert [p.island for p in b.g.players] == [None] * 4
    assert set(b.g.islands.values()) == {None}


def test_blessings_resolve_in_turn_order_starting_with_the_buyer():
    b = bench(3, 6, None, buyer=2)
    b.rolls((2, "light", "sun_1"), (2, "dark", "moon_1"), (0, "light", "gold_1"),
            (0, "dark", "glory_2"), (1, "light", "sun_1"), (1, "dark", "gold_1"))
    events = buy(b, buyer=2)
    assert [e["seat"] for e in events if e["kind"] == "pawn_ousted"] == [2, 0, 1]
    assert [e["seat"] for e in events if e["kind"] == "die_rolled"] == [2, 2, 0, 0, 1, 1]
    assert [(e["seat"], e["item"]) for e in events if e["kind"] == "resource_gained"] == [
        (2, "sun_1"), (2, "moon_1"), (2, "gold_1"), (2, "glory_2"), (2, "sun_1"), (2, "gold_1")]


def test_the_hero_on_the_left_hands_island_is_ousted_by_the_move_and_blessed_as_usual():
    b = bench(None, 4)
    b.rolls((1, "light", "sun_1"), (1, "dark", "moon_1"))
    plain_rolls(b, 0)
    turn.perform_feat(b.g, b.p(0), HAND, "action")
    events = b.events()
    assert events[1] == ev("pawn_ousted", 1, "4", None, None, HAND, "0")
    assert events[4:6] == [gained(1, "sun", 1, "sun_1", "sun_1"),
                           gained(1, "moon", 1, "moon_1", "moon_1")]
    assert events[7:] == [ousted(0, 4), rolled(0, "gold_1", "light", HAND),
                          rolled(0, "gold_1", "dark", HAND),
                          gained(0, "gold", 1, "gold_1", "gold_1"),
                          gained(0, "gold", 1, "gold_1", "gold_1")]


def test_ousting_only_yourself_gives_no_great_bear():
    b = bench(None, None)
    b.give_card(0, "great_bear")
    plain_rolls(b, 0)
    assert [e["kind"] for e in buy(b)] == ["pawn_ousted"] + ["die_rolled"] * 2 + [
        "resource_gained"] * 2
    assert b.reserves(0) == reserves(gold=2)


def test_the_buyers_great_bears_give_once_each_however_many_others_are_ousted():
    b = bench(None, 1, 2, 7)
    b.give_card(0, "great_bear")
    b.give_card(0, "great_bear")
    plain_rolls(b, 0, 1, 2, 3)
    events = buy(b)
    assert events[:5] == [ousted(0, 4), ousted(1, 1), ousted(2, 2), ousted(3, 7), bear(0, 6)]
    assert b.reserves(0) == reserves(gold=8, glory=6)


def test_an_ousted_players_great_bear_gives_them_3_glory_they_were_ousted():
    b = bench(None, 1, None)
    b.give_card(1, "great_bear")
    plain_rolls(b, 0, 1)
    assert buy(b)[:3] == [ousted(0, 4), ousted(1, 1), bear(1, 3)]
    assert b.reserves(1) == reserves(glory=3)


def test_rule_owner_only_leaves_the_ousted_players_great_bears_out():
    b = bench(None, 1, None, rules=parse_rule_options({"left_hand_bear": "owner_only"}))
    b.give_card(1, "great_bear")
    plain_rolls(b, 0, 1)
    assert buy(b)[:3] == [ousted(0, 4), ousted(1, 1), rolled(0, "gold_1", "light", HAND)]
    assert b.reserves(1) == reserves()


def test_the_buyers_twins_may_reroll_the_buyers_own_dice_only():
    b = bench(None, 1)
    b.give_card(0, "twins")
    b.p(0).gold = 3
    b.rolls((0, "light", "gold_1"), (0, "dark", "gold_1"), (1, "light", "gold_1"),
            (1, "dark", "moon_1"), (0, "dark", "glory_2"))
    events = buy(b, ("twins_reroll", "dark"), ("twins_bonus", "glory"))
    assert [(d.kind, d.answer) for d in b.decider.asked] == [
        ("twins_reroll", "dark"), ("twins_bonus", "glory")]
    assert [e["item"] for e in events if e["kind"] == "resource_gained"] == [
        "gold_1", "glory_2", "twins", "gold_1", "moon_1"]
    assert b.reserves(0) == reserves(gold=2, moon=1, glory=3)


def test_the_rule_option_left_hand_bear_is_declared_with_its_default():
    assert RULE_OPTIONS["left_hand_bear"][:2] == ("ousted", ("ousted", "owner_only"))
    default = parse_rule_options({}).as_dict()["left_hand_bear"]
    assert RuleOptions().left_hand_bear == default == "ousted"
