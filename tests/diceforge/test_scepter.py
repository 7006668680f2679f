"""The Blacksmith's Scepter (Rebellion, M1): the seed's notes and REFERENCE.md §6.4, exactly."""

from __future__ import annotations

from pathlib import Path

from harness import Bench, ev, gained, reserves, rolled

from analytics.games.diceforge.rules import turn
from analytics.games.diceforge.rules.blessings import divine_blessing
from analytics.games.diceforge.rules.components import CARDS, MOON, SUN, TURN_END
from analytics.games.diceforge.rules.forge import buy_face
from analytics.games.diceforge.rules.hooks import fire
from analytics.games.diceforge.rules.payment import CARD, EXTRA_ACTION, FEAT, FORGE, can_pay, funds

SET = str(Path(__file__).parent / "sets" / "scepter.toml")
SCEPTER = "blacksmiths_scepter"


def bench(*tracks: int, players: int = 2) -> Bench:
    """Seat 0 owns one Scepter per track given, each at that position; empty reserves."""
    b = Bench(players=players, cards=SET)
    for seat in range(players):
        b.set_reserves(seat)
    for _ in tracks:
        b.give_card(0, SCEPTER)
    b.p(0).tracks[SCEPTER] = list(tracks)
    return b


def spent(item: str, res: str, amount: int, cause: str | None = None) -> dict:
    return ev("resource_spent", 0, item, res, -amount, cause or item)


def test_the_scepter_is_a_rebellion_card_on_m1_with_declared_hooks():
    card = CARDS[SCEPTER]
    assert (card.slot, card.moon, card.glory, card.origin) == ("M1", 1, 2, "rebellion")
    b = bench()
    b.set_reserves(0, moon=1)
    turn.perform_feat(b.g, b.p(0), SCEPTER, "action")
    assert b.p(0).tracks == {SCEPTER: [0]}
    assert b.p(0).hooks == {"gain_gold": ((SCEPTER, "scepter_track"),),
                            "pay": ((SCEPTER, "scepter"),),
                            "turn_end": ((SCEPTER, "scepter_shards"),)}


def test_gold_gained_may_go_partly_on_the_track():
    b = bench(0)
    b.set_die(0, "light", "gold_4")
    b.rolls((0, "light", "gold_4"), (0, "dark", "glory_2"))
    b.decide(("scepter_gold", 3))
    divine_blessing(b.g, b.p(0), "divine_blessing")
    assert b.events()[2:4] == [gained(0, "scepter", 3, "gold_4", "gold_4"),
                               gained(0, "gold", 1, "gold_4", "gold_4")]
    assert b.decider.asked[0].options == (0, 1, 2, 3, 4)
    assert (b.p(0).tracks[SCEPTER], b.reserves(0)) == ([3], reserves(gold=1, glory=2))


def test_a_track_holds_six_and_each_scepter_has_its_own():
    b = bench(5, 0)
    b.set_die(0, "light", "gold_6")
    b.rolls((0, "light", "gold_6"), (0, "dark", "glory_2"))
    b.decide(("scepter_gold", 1), ("scepter_gold", 4))
    divine_blessing(b.g, b.p(0), "divine_blessing")
    assert [d.options for d in b.decider.asked] == [(0, 1), (0, 1, 2, 3, 4, 5)]
    assert (b.p(0).tracks[SCEPTER], b.reserves(0)) == ([6, 4], reserves(gold=1, glory=2))


def test_gold_on_the_track_is_spent_as_gold():
    b = bench(3)
    b.set_reserves(0, gold=1)
    assert funds(b.g, b.p(0), "gold", FORGE) == 4
    b.decide(("scepter_pay", 1), ("forge_place", (0, 0)))
    buy_face(b.g, b.p(0), "gold_3", 0, "offering")
    assert [d.options for d in b.decider.asked[:1]] == [(1, 2)]  # 1: the reserve pays 1
    assert b.events()[:2] == [spent("gold_3", "scepter", 1), spent("gold_3", "gold", 1)]
    assert (b.p(0).tracks[SCEPTER], b.p(0).gold) == ([2], 0)


def test_from_four_the_track_resets_for_one_shard_to_perform_a_feat():
    b = bench(5)
    assert "blacksmiths_chest" in turn.action_options(b.g, b.p(0))
    turn.perform_feat(b.g, b.p(0), "blacksmiths_chest", "action")  # the only way: moon1
    assert b.events()[:3] == [spent(SCEPTER, "scepter", 5),
                              gained(0, "scepter_moon", 1, SCEPTER, SCEPTER),
                              spent("blacksmiths_chest", "scepter_moon", 1)]
    assert (b.p(0).tracks[SCEPTER], b.reserves(0), b.p(0).res["scepter_moon"]) == (
        [0], reserves(), 0)


def test_at_six_the_track_resets_for_two_shards_of_one_kind():
    b = bench(6)
    assert turn.action_options(b.g, b.p(0)) == (
        "pass", "forge", SCEPTER, "blacksmiths_chest", "silver_hind", "elder", "wild_spirits",
        "guardians_owl")  # gold 6 on the track, or 2 shards (no 3 Moon: no Satyrs)
    turn.perform_feat(b.g, b.p(0), "silver_hind", "action")  # 2 Moon: only moon2 will do
    assert b.events()[:3] == [spent(SCEPTER, "scepter", 6),
                              gained(0, "scepter_moon", 2, SCEPTER, SCEPTER),
                              spent("silver_hind", "scepter_moon", 2)]


def test_a_track_below_four_gives_no_shard():
    b = bench(3)
    assert not can_pay(b.g, b.p(0), ((MOON, 1),), FEAT)
    assert turn.action_options(b.g, b.p(0)) == ("pass", "forge")


def test_scepter_shards_combine_with_reserve_shards():
    b = bench(4)
    b.set_reserves(0, moon=1)
    turn.perform_feat(b.g, b.p(0), "silver_hind", "action")
    assert b.events()[:4] == [spent(SCEPTER, "scepter", 4),
                              gained(0, "scepter_moon", 1, SCEPTER, SCEPTER),
                              spent("silver_hind", "scepter_moon", 1),
                              spent("silver_hind", "moon", 1)]


def test_the_player_may_convert_even_when_the_reserve_could_pay():
    b = bench(6)
    b.set_reserves(0, sun=1)
    b.decide(("scepter_shards", "sun1"))
    turn.perform_feat(b.g, b.p(0), "elder", "action")
    assert b.decider.asked[0].options == ("none", "sun1", "sun2")
    assert (b.reserves(0), b.p(0).tracks[SCEPTER]) == (reserves(sun=1), [0])


def test_declining_the_conversion_pays_from_the_reserve():
    b = bench(6)
    b.set_reserves(0, sun=1)
    b.decide(("scepter_shards", "none"))
    turn.perform_feat(b.g, b.p(0), "elder", "action")
    assert (b.reserves(0), b.p(0).tracks[SCEPTER]) == (reserves(), [6])


def test_shards_only_in_ones_own_turn_and_only_for_a_feat_or_the_extra_action():
    b = bench(6)
    p = b.p(0)
    assert can_pay(b.g, p, ((SUN, 2),), FEAT) and can_pay(b.g, p, ((SUN, 2),), EXTRA_ACTION)
    assert not can_pay(b.g, p, ((SUN, 1),), CARD) and funds(b.g, p, SUN, FORGE) == 0
    b.g.active = 1
    assert not can_pay(b.g, p, ((SUN, 1),), FEAT) and funds(b.g, p, SUN, FEAT) == 0
    assert funds(b.g, p, "gold", CARD) == 6  # its gold pays anything, any time


def test_a_leftover_shard_serves_the_extra_action_and_never_reaches_the_reserve():
    b = bench(6)
    b.set_reserves(0, sun=1)
    b.decide(("scepter_shards", "sun2"))
    turn.perform_feat(b.g, b.p(0), "elder", "action")
    assert (b.reserves(0), b.p(0).res["scepter_sun"]) == (reserves(sun=1), 1)
    assert turn.action_options(b.g, b.p(0), ((SUN, 2),)) == ("pass",)  # 1 + 1 pay the 2
    b.events()
    fire(b.g, b.p(0), TURN_END)
    assert b.events() == [ev("resource_lost", 0, SCEPTER, "scepter_sun", -1, "turn_end")]
    assert (b.reserves(0), b.p(0).res["scepter_sun"]) == (reserves(sun=1), 0)


def test_the_extra_action_is_paid_with_scepter_shards_in_a_turn():
    b = bench(6)
    b.set_reserves(0, gold=3, moon=1)
    b.rolls((0, "light", "gold_1"), (0, "dark", "gold_1"), (1, "light", "gold_1"),
            (1, "dark", "gold_1"), (0, "light", "gold_1"), (0, "dark", "gold_1"),
            (1, "light", "gold_1"), (1, "dark", "gold_1"))
    b.decide(("action", "blacksmiths_chest"), ("scepter_shards", "none"),
             ("extra_action", "forge"), ("offering", "gold_3"), ("forge_place", (0, 0)),
             ("offering", "done"))
    turn.play_turn(b.g, b.p(0))  # the track is full: no gold goes on it
    events = b.events()
    start = events.index(spent(SCEPTER, "scepter", 6))
    assert events[start - 1:start + 4] == [
        ev("feat_performed", 0, "blacksmiths_chest", None, None, "action", "1"),
        spent(SCEPTER, "scepter", 6),
        gained(0, "scepter_sun", 2, SCEPTER, SCEPTER),
        spent("extra_action", "scepter_sun", 2),
        ev("action_taken", 0, "forge", None, None, "extra_action")]
    assert b.p(0).tracks[SCEPTER] == [0] and b.p(0).res["scepter_sun"] == 0
    b.check_scripts_used()


def test_twins_gold_may_come_from_the_scepter():
    b = bench(3)
    b.give_card(0, "twins")
    b.rolls((0, "light", "gold_1"), (0, "dark", "gold_1"), (0, "light", "sun_1"))
    b.decide(("twins_reroll", "light"), ("scepter_gold", 0), ("twins_bonus", "glory"))
    divine_blessing(b.g, b.p(0), "divine_blessing")
    assert b.events()[2:4] == [spent("twins", "scepter", 3),
                               rolled(0, "sun_1", "light", "twins")]
    assert (b.p(0).tracks[SCEPTER], b.reserves(0)) == ([0], reserves(gold=1, sun=1, glory=1))


def test_paying_the_extra_action_keeps_the_chosen_feat_payable():
    """Reserve 4 Sun, a full track: the extra action (2) and the Gorgon (4) need the track's
    2 shards, so paying the extra action may not take 1 shard (nor none) from it."""
    b = bench(6)
    b.set_reserves(0, sun=4)
    b.rolls(*[(seat, die, "gold_1") for _ in range(2) for seat in (0, 1)
              for die in ("light", "dark")])
    b.decide(("action", "pass"), ("extra_action", "gorgon"))
    turn.play_turn(b.g, b.p(0))
    b.check_scripts_used()
    assert b.decider.kinds() == ["action", "extra_action"]
    assert b.events("resource_spent", "resource_gained")[-4:] == [
        spent(SCEPTER, "scepter", 6), gained(0, "scepter_sun", 2, SCEPTER, SCEPTER),
        spent("extra_action", "scepter_sun", 2), spent("gorgon", "sun", 4)]
