"""The Rise of Titans rulebook's worked examples, with their exact outcomes."""

from __future__ import annotations

from analytics.engine.chance import SeededChance
from analytics.games.valeria import battle, board, great_battles, titans
from tests.games.valeria_helpers import ASET, events, give, put, table, vp_by_cause


def test_david_puts_his_gargoyle_5_into_the_shrine_of_the_titans():
    """Skeleton 5 and Gargoyle 5 are his highest dice; he chooses the Gargoyle 5, which keeps
    its value on the Shrine."""
    state = table(3, ("shrine",))
    state.in_battle = [["skeleton", 5], ["gargoyle", 5], ["orc", 2]]
    state.decider.add("gargoyle:5")
    titans.after_battle(state, state.players[0])
    assert state.decider.options("titan_die") == ("skeleton:5", "gargoyle:5")
    assert state.shrines["titans"] == [["gargoyle", 5]]
    assert state.in_battle == [["skeleton", 5], ["orc", 2]]


def test_the_three_player_removal_returns_the_orc_6_to_the_bag():
    """The Shrine holds 3 dice; David's Gargoyle 5 makes 4; he removes the Orc 6 (a die that
    was there before his) and it goes back to the bag."""
    state = table(3, ("shrine",))
    put(state, "titans", ("goblin", 4), ("orc", 6), ("gnoll", 3))
    state.in_battle = [["gargoyle", 5], ["orc", 2]]
    orcs = state.bag.count("orc")
    state.decider.add("orc:6")
    titans.after_battle(state, state.players[0])
    assert state.decider.options("titan_remove") == ("goblin:4", "orc:6", "gnoll:3")
    assert state.shrines["titans"] == [["goblin", 4], ["gnoll", 3], ["gargoyle", 5]]
    assert state.bag.count("orc") == orcs + 1


def test_andrews_refill_check_ignores_the_shrine_of_the_titans():
    """2 dice on the Magic Shrine, 1 on the Gold Shrine, 3 on the Titans: 3 dice count, 3
    players: refill; the Titans' dice stay, and none is added to it."""
    state = table(3, ("shrine",))
    put(state, "magic", ("orc", 2), ("goblin", 5))
    put(state, "gold", ("gnoll", 1))
    put(state, "titans", ("skeleton", 6), ("orc", 4), ("gargoyle", 3))
    total = state.dice_count()
    state.chance = SeededChance(3)
    assert board.refill_if_low(state)
    assert state.shrines["titans"] == [["skeleton", 6], ["orc", 4], ["gargoyle", 3]]
    per = ASET.board.per_shrine[3]
    assert [len(state.shrines[s]) for s in ("gem", "magic", "gold", "champions", "tactics")] \
        == [per] * 5
    assert state.dice_count() == total


def test_no_refill_while_the_five_shrines_hold_more_dice_than_players():
    state = table(3, ("shrine",))
    put(state, "magic", ("orc", 2), ("goblin", 5))
    put(state, "gold", ("gnoll", 1), ("orc", 1))
    assert not board.refill_if_low(state)
    assert state.on_shrines() == 4


def tom_table():
    """Tom (seat 0) has 2 markers on the Gargoyle/Gnoll card, each other player 1; four of its
    spaces hold dice worth 12 together; the Orc/Goblin card is empty."""
    state = table(3, ("great_battles",))
    state.battles = ["gb01", "gb02"]
    state.battle_deck = [c for c in ASET.battles if c not in state.battles]
    state.battle_dice = {"gb01": [None] * 5, "gb02": [None] * 5}
    for space, (kind, pip) in enumerate((("gnoll", 3), ("gargoyle", 3), ("gnoll", 4),
                                          ("gargoyle", 2)), 1):
        state.bag.remove(kind)
        state.battle_dice["gb02"][space] = [kind, pip]
    state.markers_on = {"gb01": [], "gb02": [0, 0, 1, 2]}
    state.players[0].participation, state.players[1].participation = 3, 4
    state.players[2].participation = 4
    return state


def test_tom_sends_the_gargoyle_2_to_the_card_where_his_markers_are():
    """Skeleton 4, Skeleton 3, Orc 5, Gargoyle 2: the Orc may join the Orc/Goblin card, the
    Gargoyle the other; Tom picks the Gargoyle/Gnoll card, gains 1 Gold, adds his 3rd marker.
    The card is full: total 14 -> 2 VP per marker: Tom 6, the others 2 each."""
    state = tom_table()
    tom = state.players[0]
    for kind in ("skeleton", "skeleton", "orc", "gargoyle"):
        state.bag.remove(kind)
    state.in_battle = [["skeleton", 4], ["skeleton", 3], ["orc", 5], ["gargoyle", 2]]
    total, gold = state.dice_count(), tom.res["gold"]
    state.decider.add("gb02:0")
    great_battles.after_battle(state, tom, None)
    assert set(state.decider.options("great_battle")) == {
        *(f"gb01:{i}" for i in range(5)), "gb02:0"}
    assert tom.res["gold"] == gold + 1
    assert [vp_by_cause(state, s).get("gb02") for s in (0, 1, 2)] == [6, 2, 2]
    assert events(state, "great_battle_resolved") == [(-1, "gb02", None, 14, "great_battle")]
    assert state.in_battle == [["skeleton", 4], ["skeleton", 3], ["orc", 5]]
    assert [p.participation for p in state.players] == [5, 5, 5]
    assert "gb02" not in state.battles and state.battle_deck[-1] == "gb02"
    assert len(state.battles) == 2 and state.battle_dice["gb02"] == [None] * 5
    assert state.dice_count() == total


def test_davids_peddler_adds_2_gold_to_the_3_gold_space():
    """The Great Battle reward triggers Ongoing Champions: 3 Gold + the Peddler's 2 = 5."""
    state = tom_table()
    david = state.players[0]
    david.champions = ["ongoing01"]
    assert ASET.champions["ongoing01"].name == "Peddler"
    david.res["gold"], david.cap["gold"] = 0, 10
    state.battle_dice["gb02"][4] = None
    state.bag.append("gargoyle")
    state.markers_on["gb02"] = [0, 1, 2]
    state.bag.remove("gnoll")
    state.in_battle = [["gnoll", 1]]
    state.decider.add("gb02:4")
    great_battles.after_battle(state, david, None)
    assert david.res["gold"] == 5


def test_tome_casts_falcis_tactical_acuity_on_a_4_dice_battle_for_4_vp():
    state = table(3, ("spells",))
    tome = state.players[0]
    tome.spells = ["spell06"]
    assert ASET.spells["spell06"].powers[0] == "falci"
    tome.reserve = ["plan37"]
    assert len(ASET.plans["plan37"].troops) == 4
    give(state, 0, ("goblin", 3), ("orc", 4), ("skeleton", 2), ("gargoyle", 5))
    tome.location = "gold"
    state.decider.add("spell06:falci", "done", "r0c0")
    battle.at_camp(state, tome)
    assert vp_by_cause(state, 0)["falci"] == 4
    assert events(state, "spell_cast") == [(0, "falci", None, None, "spell06")]
    assert tome.spells == [] and tome.cast
