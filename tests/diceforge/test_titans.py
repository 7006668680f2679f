"""The Titans module (seed `000_…` "Titans Module: Revolt of the Titans", REFERENCE §6.3, §6.6,
§6.8): the setup, the allegiance track and its paths, the zones, the end value, Ancient Shards
paying as shards; the seed's three examples with their exact outcomes."""

from __future__ import annotations

import pytest
from harness import Bench, ev, gained

from analytics.games.diceforge.cards import titans  # noqa: F401  (its module's setup)
from analytics.games.diceforge.cards.base import EFFECTS
from analytics.games.diceforge.rules import turn
from analytics.games.diceforge.rules.blessings import divine_blessing, minor_blessing
from analytics.games.diceforge.rules.components import CARDS, FACES
from analytics.games.diceforge.rules.titans import SPACES, move_token

SET = "titans-discovery"


def bench(players: int = 2) -> Bench:
    b = Bench(players=players, cards=SET, module="titans")
    for seat in range(players):
        b.set_reserves(seat)
    return b


def at(b: Bench, seat: int, space: int) -> None:
    b.g.board.tokens[seat] = space


def moved(to: int, frm: int, toward: str, cause: str, seat: int = 0) -> dict:
    path = "main" if abs(to - frm) == 1 else "special"
    return ev("allegiance_moved", seat, path, None, to, cause, f"{frm}>{to}")


def bless(b: Bench, light: str, dark: str, seat: int = 0) -> list[dict]:
    b.rolls((seat, "light", light), (seat, "dark", dark))
    divine_blessing(b.g, b.p(seat), "divine_blessing")
    b.check_scripts_used()
    return [e for e in b.events() if e["kind"] != "die_rolled"]


# --- setup ---------------------------------------------------------------------------------

def test_setup_gives_the_module_dice_reserve_forest_and_tokens():
    b = bench(3)
    for seat in range(3):
        assert b.die(seat, "light") == ["gold_1"] * 5 + ["titan_ancient_1"]
        assert b.die(seat, "dark") == ["gold_1"] * 4 + ["moon_1", "titan_glory1_loyalty1"]
        assert b.p(seat).res["ancient"] == 0 and b.p(seat).caps["ancient"] == 6
        assert "loyalty" not in b.p(seat).res
    assert b.g.board.tokens == [16, 16, 16]
    # one coloured Memory and Mirror of Misfortune card per player (each Mirror brings its face)
    assert b.g.stacks["M2"] == b.g.stacks["F6"] == 3
    assert sorted(f.id for f in b.g.gardens["dogged"]) == (
        ["dogged_gold2_glory1_loyalty1"] * 2 + ["dogged_gold3_ancient1"] * 2)
    assert [f.id for f in b.g.gardens["chaos"]] == [
        "chaos_blue", "chaos_red", "chaos_yellow", "chaos_green"]


@pytest.mark.parametrize("card, slot, moon, sun, glory, timing", [
    ("memory", "M2", 1, 0, 2, "immediate"), ("oracle", "M3", 2, 0, 0, "reinforcement"),
    ("chaos", "M6", 5, 0, 8, "immediate"), ("dogged", "F2", 0, 1, 2, "immediate"),
    ("guardian", "F3", 0, 2, 4, "reinforcement"),
    ("mirror_of_misfortune", "F6", 0, 5, 10, "immediate")])
def test_module_cards_stand_on_their_slots_with_their_glory(card, slot, moon, sun, glory, timing):
    c = CARDS[card]
    assert (c.slot, c.moon, c.sun, c.glory, c.timing, c.origin) == (
        slot, moon, sun, glory, timing, "titans")


def test_the_board_table_has_31_spaces_with_reference_values():
    assert len(SPACES) == 31
    assert [SPACES[n].value for n in (1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 16, 19, 20, 23, 26, 27,
                                      28, 29, 30, 31)] == [
        -25, -25, -20, -17, -17, -14, -12, -10, -8, -5, -3, 0, 3, 5, 8, 14, 17, 17, 20, 20, 25]
    zones = [SPACES[n].zone for n in (1, 8, 9, 12, 13, 19, 20, 22, 23, 25, 26, 31)]
    assert zones == ["rebellion_2", "rebellion_2", "rebellion_1", "rebellion_1", "neutral",
                     "neutral", "loyalty_1", "loyalty_1", "loyalty_2", "loyalty_2",
                     "loyalty_3", "loyalty_3"]


# --- moving --------------------------------------------------------------------------------

@pytest.mark.parametrize("start, toward, steps, path", [
    (16, "loyalty", 3, [17, 18, 19]),
    (16, "ancient", 2, [15, 14]),
    (7, "ancient", 6, [6, 4, 3, 1]),          # toward the Titans: 5 and 2 skipped, then the end
    (1, "loyalty", 5, [2, 3, 5, 6, 7]),       # back toward the gods: 4 skipped
    (25, "loyalty", 7, [26, 27, 28, 29, 30, 31]),
    (31, "ancient", 5, [29, 27, 26, 25, 24]),  # 30 and 28 skipped on the way back
])
def test_a_move_takes_the_special_path_its_arrow_points_along(start, toward, steps, path):
    b = bench()
    at(b, 0, start)
    move_token(b.g, b.p(0), steps, toward, "test")
    frm = [start, *path[:-1]]
    assert b.events() == [moved(to, f, toward, "test") for to, f in zip(path, frm, strict=True)]
    assert b.g.board.tokens[0] == path[-1]


def test_alex_loyalty_move_takes_the_special_path():
    """Seed example: Loyalty and Glory face plus a Gold face; 1 Gold, 1 Glory, and the token on
    a space whose special path points to Loyalty takes it."""
    b = bench()
    at(b, 0, 3)
    events = bless(b, "gold_1", "titan_glory1_loyalty1")
    assert events == [gained(0, "gold", 1, "gold_1", "gold_1"),
                      gained(0, "glory", 1, "titan_glory1_loyalty1", "titan_glory1_loyalty1"),
                      moved(5, 3, "loyalty", "titan_glory1_loyalty1")]
    assert b.g.board.tokens[0] == 5
    assert (b.p(0).gold, b.p(0).glory) == (1, 1)


def test_ancient_shards_are_stored_and_move_the_token_even_with_a_full_reserve():
    b = bench()
    b.p(0).res["ancient"] = 6
    events = bless(b, "titan_ancient_1", "gold_1")
    assert events == [moved(15, 16, "ancient", "titan_ancient_1"),
                      ev("resource_overflowed", 0, "titan_ancient_1", "ancient", 1,
                         "titan_ancient_1"),
                      gained(0, "gold", 1, "gold_1", "gold_1")]
    assert b.p(0).res["ancient"] == 6


# --- Loyalty zones -------------------------------------------------------------------------

def test_max_two_dice_and_the_zones():
    """Seed example: the first face's Glory and Loyalty apply in the zone the token is in (no
    bonus), the token moves into Loyalty zone III, and the second face's Gold and Glory bring
    1 extra Gold and 2 extra Glory."""
    b = bench()
    at(b, 0, 25)
    b.set_die(0, "light", "titan_glory1_loyalty1")
    b.set_die(0, "dark", "gold1_sun1_moon1_glory1")
    events = bless(b, "titan_glory1_loyalty1", "gold1_sun1_moon1_glory1")
    face = "gold1_sun1_moon1_glory1"
    assert events == [
        gained(0, "glory", 1, "titan_glory1_loyalty1", "titan_glory1_loyalty1"),
        moved(26, 25, "loyalty", "titan_glory1_loyalty1"),
        ev("zone_bonus", 0, "loyalty_3", None, None, "loyalty_zone", face),
        gained(0, "gold", 1, "loyalty_zone", "loyalty_3"),
        gained(0, "glory", 1, "loyalty_zone", "loyalty_3"),
        gained(0, "gold", 1, face, face),
        gained(0, "sun", 1, face, face), gained(0, "moon", 1, face, face),
        ev("zone_bonus", 0, "loyalty_3", None, None, "loyalty_zone", face),
        gained(0, "glory", 1, "loyalty_zone", "loyalty_3"),
        gained(0, "glory", 1, face, face)]
    assert (b.p(0).gold, b.p(0).sun, b.p(0).moon, b.p(0).glory) == (2, 1, 1, 4)


@pytest.mark.parametrize("space, gold, glory", [
    (19, 2, 0), (20, 4, 0), (22, 4, 0), (23, 4, 2), (25, 4, 2), (26, 4, 2), (31, 4, 2), (8, 2, 0)])
def test_each_loyalty_zone_adds_to_each_gold_face_of_a_blessing(space, gold, glory):
    """Both dice give Gold: the zone's extra applies twice (seed Note 2)."""
    b = bench()
    at(b, 0, space)
    bless(b, "gold_1", "gold_1")
    assert (b.p(0).gold, b.p(0).glory) == (gold, glory)


@pytest.mark.parametrize("space, glory", [(25, 2), (26, 3), (20, 2)])
def test_only_zone_three_adds_to_a_glory_face(space, glory):
    b = bench()
    at(b, 0, space)
    b.set_die(0, "light", "glory_2")
    bless(b, "glory_2", "moon_1")
    assert b.p(0).glory == glory


def test_a_minor_blessing_counts_and_an_x3_share_does_not():
    b = bench()
    at(b, 0, 20)
    b.rolls((0, "light", "gold_1"))
    minor_blessing(b.g, b.p(0), "test", 0)
    assert b.p(0).gold == 2
    b.set_die(0, "dark", "x3")
    bless(b, "gold_1", "x3")
    assert b.p(0).gold == 2 + 3 + 1


def test_gold_from_outside_a_blessing_gets_no_zone_bonus():
    b = bench()
    at(b, 0, 24)
    b.give_card(0, "guardian")
    from analytics.games.diceforge.rules.resources import RESOURCES
    RESOURCES.gain(b.g, b.p(0), "gold", 3, "gold_1", "gold_1")
    assert b.p(0).gold == 3


def test_cyclops_converted_gold_triggers_nothing_and_zone_gold_cannot_be_converted():
    """Seed Notes 3 and 4: the Cyclops turns the face's Gold into Glory (no zone bonus for it);
    Gold a zone gives is never offered to the Cyclops."""
    b = bench()
    at(b, 0, 20)
    b.set_die(0, "light", "gold_3", "gold_3", "gold_3", "gold_3", "gold_3", "gold_3")
    b.rolls(*[(0, "light", "gold_3")] * 4)
    b.decide(("minor_die", 0), ("convert", 3), ("convert", 0), ("convert", 0), ("convert", 3))
    EFFECTS["cyclops"](b.g, b.p(0), CARDS["cyclops"])  # its effect, on the Titans board
    b.check_scripts_used()
    converted = [e for e in b.events() if e["cause"] == "cyclops" and e["resource"] == "glory"]
    assert [e["amount"] for e in converted] == [3, 3]
    # two rolls kept their 3 Gold, each with the zone's extra Gold: 2 x (3 + 1)
    assert b.p(0).gold == 8 and b.p(0).glory == 6


# --- Rebellion zones -----------------------------------------------------------------------

def test_alex_first_titan_and_dogged_in_a_rebellion_zone():
    """Seed example: 1 Ancient Shard and 2 Sun move the token into the outer Rebellion zone;
    The First Titan, first performed in the game, +5 Glory; then The Dogged, performed before
    by another player, +3 Glory, and its face is forged."""
    b = bench()
    at(b, 0, 9)
    b.set_die(0, "dark", "sun_2")
    bless(b, "titan_ancient_1", "sun_2")
    assert b.g.board.tokens[0] == 8 and b.p(0).res["ancient"] == 1
    b.p(1).cards.append(CARDS["dogged"])  # someone performed The Dogged before
    b.p(0).sun, b.p(0).moon = 4, 5  # with the Ancient Shard: 5 Sun
    b.decide(("first_titan_feat", "dogged"), ("garden_face", "dogged_gold3_ancient1"),
             ("forge_place", (0, 0)))
    turn.perform_feat(b.g, b.p(0), "first_titan", "action")
    b.check_scripts_used()
    bonuses = [e for e in b.events() if e["kind"] == "zone_bonus"]
    assert bonuses == [ev("zone_bonus", 0, "rebellion_2", None, None, "rebellion_zone", "dogged"),
                       ev("zone_bonus", 0, "rebellion_2", None, None, "rebellion_zone",
                          "first_titan")]
    assert b.p(0).glory == 8
    assert b.p(0).res["ancient"] == 0 and b.p(0).sun == 0 and b.p(0).moon == 0
    assert b.die(0, "light")[0] == "dogged_gold3_ancient1"


@pytest.mark.parametrize("space, first, later", [(10, 3, 2), (5, 5, 3), (14, 0, 0), (24, 0, 0)])
def test_each_rebellion_zone_rewards_first_and_later_performers(space, first, later):
    b = bench()
    at(b, 0, space)
    at(b, 1, space)
    for seat, expected in ((1, first), (0, later)):
        b.set_reserves(seat, sun=2)
        turn.perform_feat(b.g, b.p(seat), "guardian", "action")
        assert b.p(seat).glory == expected
        b.p(seat).island = b.g.islands[6] = None  # no ousting: the next feat is alone there
    b.set_reserves(0, sun=2)
    turn.perform_feat(b.g, b.p(0), "guardian", "action")  # a second copy: nothing more
    assert b.p(0).glory == 0


# --- paying and scoring --------------------------------------------------------------------

def test_ancient_shards_pay_what_the_reserve_lacks_for_a_feat():
    b = bench()
    b.set_reserves(0, moon=1)
    b.p(0).res["ancient"] = 3
    turn.perform_feat(b.g, b.p(0), "oracle", "action")
    spent = [e for e in b.events() if e["kind"] == "resource_spent"]
    assert spent == [ev("resource_spent", 0, "oracle", "ancient", -1, "oracle"),
                     ev("resource_spent", 0, "oracle", "moon", -1, "oracle")]
    assert (b.p(0).moon, b.p(0).res["ancient"]) == (0, 2)


def test_ancient_shards_do_not_pay_gold():
    from analytics.games.diceforge.rules.payment import FORGE, PAYMENT
    b = bench()
    b.p(0).res["ancient"] = 6
    assert not PAYMENT.can_pay(b.g, b.p(0), (("gold", 1),), FORGE)
    assert PAYMENT.can_pay(b.g, b.p(0), (("sun", 2),), "extra_action")
    assert not PAYMENT.can_pay(b.g, b.p(0), (("sun", 2),), "card")


@pytest.mark.parametrize("space, glory, final", [(31, 10, 35), (16, 10, 10), (9, 10, 2),
                                                 (1, 10, 0), (20, 0, 5)])
def test_the_end_value_is_added_or_subtracted_after_card_glory(space, glory, final):
    b = bench()
    at(b, 0, space)
    b.p(0).glory = glory
    turn.end_game(b.g)
    assert b.p(0).glory == final
    scored = [e for e in b.events() if e["kind"] == "allegiance_scored" and e["seat"] == 0]
    assert scored == [ev("allegiance_scored", 0, SPACES[space].zone, None,
                         SPACES[space].value, "allegiance_value", str(space))]


def test_module_faces_are_in_the_catalogue_of_faces():
    for face in ("titan_ancient_1", "titan_glory1_loyalty1", "dogged_gold3_ancient1",
                 "dogged_gold2_glory1_loyalty1", "chaos_red"):
        assert face in FACES
