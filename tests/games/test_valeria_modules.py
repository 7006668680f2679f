"""One test per module rule and per interaction note of the Rise of Titans rulebook."""

from __future__ import annotations

import pytest

from analytics.engine.chance import ScriptedChance, SeededChance
from analytics.games.valeria import (
    actions,
    battle,
    board,
    gains,
    game,
    great_battles,
    spells,
    taking,
    titans,
)
from analytics.games.valeria.battle import Fight
from analytics.games.valeria.state import Setup
from tests.games.valeria_helpers import ASET, First, events, give, put, table, vp_by_cause

ORIGINAL = ("gem", "magic", "gold", "champions", "tactics")


def fresh(players: int, modules: tuple[str, ...]):
    return game.new_game(Setup(players, ASET, modules), SeededChance(7), First())


# ---- Shrine of the Titans ----

def test_titans_setup_adds_five_troop_dice_and_leaves_the_shrine_empty():
    base, with_shrine = fresh(3, ()), fresh(3, ("shrine",))
    assert with_shrine.dice_count() == base.dice_count() + 5
    assert with_shrine.shrines["titans"] == [] and "titans" not in base.shrines


def test_no_move_to_an_empty_shrine_of_the_titans():
    state = table(3, ("shrine",))
    state.players[0].res["gold"] = 8
    put(state, "gem", ("orc", 3))
    assert "titans" not in game.destinations(state, state.players[0])
    put(state, "titans", ("goblin", 2))
    assert "titans" in game.destinations(state, state.players[0])


@pytest.mark.parametrize("side,prices", [("standard", (1, 3, 6)), ("difficult", (2, 4, 8))])
def test_titans_prices_by_side(side, prices):
    state = table(4, ("shrine",), titans_side=side)
    p = state.players[0]
    put(state, "titans", ("goblin", 2), ("orc", 5), ("gnoll", 6), ("skeleton", 1))
    p.res["gold"], p.cap["gold"] = 20, 20
    assert actions.titans_buys(state, p) == [1, 2, 3]  # never more than 3
    assert [actions.titans_price(state, n) for n in (1, 2, 3)] == list(prices)
    p.res["gold"] = prices[1]
    assert actions.titans_buys(state, p) == [1, 2]


def test_titans_purchase_takes_the_dice_onto_the_board_and_pays():
    state = table(3, ("shrine",))
    p = state.players[0]
    put(state, "titans", ("goblin", 2), ("orc", 5))
    p.res["gold"] = 5
    state.decider.add("2", "orc:5")
    actions.at_titans(state, p)
    assert p.res["gold"] == 2 and sorted(p.dice) == [["goblin", 2], ["orc", 5]]
    assert state.shrines["titans"] == []


def test_no_purchase_of_more_dice_than_are_there():
    state = table(3, ("shrine",))
    p = state.players[0]
    put(state, "titans", ("goblin", 2))
    p.res["gold"] = 8
    assert actions.titans_buys(state, p) == [1]


@pytest.mark.parametrize("players,cap", [(1, 2), (2, 2), (3, 3), (4, 4), (5, 5)])
def test_titans_capacity_is_the_player_count_and_two_in_solo_and_two_player(players, cap):
    assert titans.capacity(players) == cap
    state = table(players, ("shrine",))
    for _ in range(cap + 2):
        state.bag.remove("orc")
        state.in_battle = [["orc", 4]]
        state.decider.add("orc:4") if len(state.shrines["titans"]) >= cap else None
        titans.after_battle(state, state.players[0])
    assert len(state.shrines["titans"]) == cap


def test_titans_dice_are_a_valid_choice_for_a_take_a_die_reward():
    state = table(3, ("shrine",))
    put(state, "titans", ("gnoll", 6))
    p = state.players[0]
    gains.gain(state, p, (("die", 1),), "r0c0")
    assert p.dice == [["gnoll", 6]]


def test_the_adversary_ignores_the_shrine_of_the_titans():
    state = table(1, ("shrine",))
    put(state, "titans", ("gnoll", 6))
    seen = set()
    for _ in range(10):
        game.solo.adversary_moves(state, state.players[0])
        seen.add(events(state, "adversary_moved")[-1][1])
    assert seen == set(ORIGINAL)
    assert state.shrines["titans"] == [["gnoll", 6]]


def test_titans_first_then_great_battles():
    """8b before 8c: the highest die goes to the Titans, Great Battles see the rest."""
    state = table(3, ("shrine", "great_battles"))
    state.battles = ["gb01"]
    state.battle_dice = {"gb01": [None] * 5}
    state.markers_on = {"gb01": []}
    state.in_battle = [["orc", 6], ["skeleton", 2]]
    for kind in ("orc", "skeleton"):
        state.bag.remove(kind)
    titans.after_battle(state, state.players[0])
    assert great_battles.options(state, state.players[0]) == []  # the Orc went to the Titans


# ---- Great Battles ----

@pytest.mark.parametrize("players,shown", [(1, 1), (2, 2), (4, 2)])
def test_great_battles_setup(players, shown):
    state = fresh(players, ("great_battles",))
    assert len(state.battles) == shown
    assert all(p.participation == 5 for p in state.players)
    assert state.dice_count() == fresh(players, ()).dice_count() + 5


def gb_table(players: int = 3):
    state = table(players, ("great_battles",))
    state.battles = ["gb01", "gb02"]  # Orc/Goblin, Gargoyle/Gnoll
    state.battle_deck = [c for c in ASET.battles if c not in state.battles]
    state.battle_dice = {c: [None] * 5 for c in state.battles}
    state.markers_on = {c: [] for c in state.battles}
    return state


def test_no_qualifying_die_no_great_battle():
    state = gb_table()
    state.in_battle = [["skeleton", 2]]
    assert great_battles.options(state, state.players[0]) == []


def test_the_lowest_qualifying_die_goes_and_ties_are_the_players_choice():
    state = gb_table()
    state.in_battle = [["orc", 2], ["goblin", 2], ["orc", 5], ["skeleton", 1]]
    state.decider.add("gb01:3", "goblin:2")
    great_battles.after_battle(state, state.players[0], None)
    assert state.decider.options("great_battle_die") == ("orc:2", "goblin:2")
    assert state.battle_dice["gb01"][3] == ["goblin", 2]
    assert state.markers_on["gb01"] == [0]


def test_a_gem_makes_the_lowest_die_wild_for_a_great_battle():
    state = gb_table()
    p = state.players[0]
    p.res["gem"] = 1
    state.in_battle = [["skeleton", 1], ["orc", 4]]
    state.decider.add("gb02:0:gem")
    great_battles.after_battle(state, p, None)
    assert state.battle_dice["gb02"][0] == ["skeleton", 1] and p.res["gem"] == 0


def test_a_gem_wild_from_the_battle_is_not_wild_for_great_battles():
    """A Skeleton a Gem made an Orc for the plan is a Skeleton again at step 8c."""
    state = gb_table()
    p = state.players[0]
    p.res["gem"], p.res["gold"] = 1, 0
    p.reserve = ["plan01"]  # goblin + orc
    give(state, 0, ("goblin", 3), ("skeleton", 1))
    p.location = "gold"
    state.decider.add("done", "r0c0", "gb01:0")  # the Skeleton was assigned with the Gem
    battle.at_camp(state, p)
    assert p.res["gem"] == 0
    joined = events(state, "great_battle_joined")
    assert joined == [(0, "gb01", None, 3, "8c")]  # the Goblin 3, not the Skeleton 1

def test_no_markers_left_no_great_battle():
    state = gb_table()
    state.players[0].participation = 0
    state.in_battle = [["orc", 3]]
    assert great_battles.options(state, state.players[0]) == []


def test_great_battle_rewards_keep_to_the_caps():
    state = gb_table()
    p = state.players[0]
    p.res["gold"] = p.cap["gold"] - 1
    state.in_battle = [["gnoll", 3]]
    state.decider.add("gb02:4")  # 3 Gold
    great_battles.after_battle(state, p, None)
    assert p.res["gold"] == p.cap["gold"]
    assert events(state, "resource_overflowed") == [(0, None, "gold", 2, "gb02")]


@pytest.mark.parametrize("side,total,vp", [("standard", 10, 1), ("standard", 11, 2),
                                           ("standard", 20, 3), ("standard", 21, 4),
                                           ("difficult", 25, 3), ("difficult", 26, 4)])
def test_resolution_tile(side, total, vp):
    state = table(3, ("great_battles",), battle_side=side)
    assert great_battles.vp_per_marker(state, total) == vp


def test_incomplete_great_battles_resolve_at_the_end():
    state = gb_table()
    state.bag.remove("orc")
    state.battle_dice["gb01"][0] = ["orc", 5]
    state.markers_on["gb01"] = [1]
    great_battles.end_of_game(state)
    assert vp_by_cause(state, 1) == {"gb01": 1}  # Strength 5: 1 VP per marker


def test_solo_one_card_resolved_only_if_complete():
    state = gb_table(1)
    state.battles = ["gb01"]
    state.bag.remove("orc")
    state.battle_dice["gb01"][0] = ["orc", 5]
    state.markers_on["gb01"] = [0]
    great_battles.end_of_game(state)
    assert vp_by_cause(state, 0) == {}


def test_a_wraith_is_wild_on_great_battles():
    state = gb_table()
    state.in_battle = [["wraith", 1]]
    assert set(great_battles.options(state, state.players[0])) == {
        *(f"gb01:{i}" for i in range(5)), *(f"gb02:{i}" for i in range(5))}


# ---- Ancient Spells ----

def test_three_spells_each_dealt_face_down():
    state = fresh(4, ("spells",))
    dealt = [c for p in state.players for c in p.spells]
    assert all(len(p.spells) == 3 for p in state.players) and len(set(dealt)) == 12


def spell_table(card_power: str, **res: int):
    state = table(3, ("spells",))
    p = state.players[0]
    card = next(c for c, s in ASET.spells.items() if card_power in s.powers)
    p.spells = [card, next(c for c in ASET.spells if c != card)]
    p.res.update(res)
    return state, p, f"{card}:{card_power}"


def test_one_spell_a_turn():
    state, p, option = spell_table("bosco")
    give(state, 0, ("orc", 3))
    state.decider.add(option)
    state.chance = ScriptedChance([2])
    spells.offer(state, p, "turn")
    spells.offer(state, p, "turn")  # the second card is not offered this turn
    assert len(p.spells) == 1 and len(events(state, "spell_cast")) == 1


def test_alazar_raises_every_die_by_one_but_not_past_6_or_a_wraith_past_3():
    state, p, option = spell_table("alazar")
    give(state, 0, ("orc", 3), ("gnoll", 6))
    p.wraith = ["wraith", 3]  # (no Wraith module: the die is put here for the cap)
    state.decider.add(option)
    spells.offer(state, p, "turn")
    assert p.dice == [["orc", 4], ["gnoll", 6]] and p.wraith == ["wraith", 3]


def test_bosco_rerolls_a_die_for_2_gold_and_1_magic():
    state, p, option = spell_table("bosco", gold=0, magic=0)
    give(state, 0, ("orc", 6))
    state.chance = ScriptedChance([1])  # the second side: 2
    state.decider.add(option)
    spells.offer(state, p, "turn")
    assert p.dice == [["orc", 2]] and (p.res["gold"], p.res["magic"]) == (2, 1)


def test_cabella_returns_an_instant_champion_to_the_bottom_for_3_gold():
    state, p, option = spell_table("cabella", gold=0)
    p.champions = ["instant01", "ongoing02"]
    state.decider.add(option)
    spells.offer(state, p, "turn")
    assert p.champions == ["ongoing02"] and p.res["gold"] == 3
    assert state.champion_decks["instant"][-1] == "instant01"


def test_dendiddion_returns_a_gem_for_3_gold_and_3_magic():
    state, p, option = spell_table("dendiddion", gold=0, magic=0, gem=1)
    supply = state.gem_supply
    state.decider.add(option)
    spells.offer(state, p, "turn")
    assert (p.res["gem"], p.res["gold"], p.res["magic"]) == (0, 3, 3)
    assert state.gem_supply == supply + 1


def test_estavan_makes_one_assigned_die_wild_and_one_higher():
    state, p, option = spell_table("estavan")
    p.reserve = ["plan01"]  # goblin + orc
    give(state, 0, ("goblin", 3), ("skeleton", 4))
    p.location = "gold"
    p.res["gold"] = 0  # (no plan from the line)
    assert battle.plan_options(state, p) == ["reserve:plan01"]  # only with the spell
    state.decider.add("done", "r0c0")
    battle.at_camp(state, p)
    assert state.decider.options("spell") == (option,)  # the plan needs it: no 'none'
    assert events(state, "die_assigned") == [(0, "goblin", None, 3, "plan01"),
                                             (0, "skeleton", None, 5, "plan01")]


def test_gemmatrude_and_hespera_pay_per_chain_bonus_and_need_one():
    state, p, option = spell_table("gemmatrude", gold=0)
    assert not spells.castable(state, p, ASET.powers["gemmatrude"], "turn")
    p.chains = ["chain1", "chain2"]
    state.decider.add(option)
    spells.offer(state, p, "turn")
    assert p.res["gold"] == 4
    state, p, option = spell_table("hespera", magic=0)
    p.chains = ["chain1", "chain2"]
    state.decider.add(option)
    spells.offer(state, p, "turn")
    assert p.res["magic"] == 2


def test_battle_powers_only_in_a_battle():
    state, p, _ = spell_table("falci")
    assert not spells.castable(state, p, ASET.powers["falci"], "turn")
    assert spells.castable(state, p, ASET.powers["falci"], "battle")
    assert not spells.castable(state, p, ASET.powers["estavan"], "battle")
    assert spells.castable(state, p, ASET.powers["estavan"], "battle_start")


def test_spells_trigger_ongoing_champions():
    state, p, option = spell_table("dendiddion", gold=0, magic=0, gem=1)
    p.champions = ["ongoing01"]  # the Peddler: +2 Gold when gaining Gold
    state.decider.add(option)
    spells.offer(state, p, "turn")
    assert p.res["gold"] == 5


def test_no_spells_without_the_module():
    state = table(3)
    p = state.players[0]
    p.spells = ["spell01"]
    spells.offer(state, p, "turn")
    assert state.decider.asked == []


# ---- Wraith Dice ----

def test_wraith_faces_and_flip():
    faces = ASET.board.wraith_faces
    assert sorted(f.pip for f in faces) == [1, 1, 2, 2, 3, 3]
    assert all(f.pip + f.opposite == 4 for f in faces)
    state = table(3, ("wraith",))
    assert board.face(state, ["wraith", 2]).opposite == 2  # flipping a 2 leaves a 2


def test_one_wraith_per_player_in_the_bag():
    assert fresh(4, ("wraith",)).bag.count("wraith") + sum(
        d[0] == "wraith" for s in fresh(4, ("wraith",)).shrines.values() for d in s) == 4


def test_a_wraith_takes_no_troop_space_and_only_one_at_a_time():
    state = table(3, ("wraith",))
    p = state.players[0]
    put(state, "gem", ("wraith", 2), ("wraith", 3), ("orc", 1))
    state.decider.add("wraith:2")
    taking.take_die(state, p, "gem", "gem")
    assert p.wraith == ["wraith", 2] and p.dice == []
    assert taking.takeable(p, state.shrines["gem"]) == [1]  # the orc only


def test_a_wraith_is_wild_for_any_plan_but_never_an_extra_troop():
    state = table(3, ("wraith",))
    p = state.players[0]
    give(state, 0, ("goblin", 3), ("wraith", 2))
    assert battle.can_fight(state, p, ASET.plans["plan01"])  # goblin + orc
    fight = Fight(ASET.plans["plan01"])
    assert battle.assign_options(state, p, fight, "orc", []) == ["wraith:2"]
    give(state, 0, ("orc", 2))
    state.decider.add("none")
    assert ASET.plans["plan18"].extra == 1
    battle.extras(state, p, Fight(ASET.plans["plan18"]))
    assert all("wraith" not in o for o in state.decider.options("extra"))


def test_magic_and_gems_keep_a_wraith_between_1_and_3():
    state = table(3, ("wraith",))
    p = state.players[0]
    p.res["magic"], p.res["gem"] = 5, 0
    state.in_battle = [["wraith", 3]]
    state.decider.add("done")
    battle.boost(state, p)
    assert state.decider.options("boost") == ("done",)  # 3 is the top: nothing to raise
    die = ["wraith", 1]
    state.decider.add("done")
    actions.adjust(state, p, die)
    assert state.decider.options("adjust") == ("done",)  # 1 is the bottom: nothing to lower


def test_a_wraith_left_on_the_board_is_1_vp():
    state = table(3, ("wraith",))
    give(state, 0, ("wraith", 2), ("orc", 3))
    game.finish(state)
    assert vp_by_cause(state, 0) == {"wraith_left": 1, "dice_left": 1}


def test_a_wraith_in_the_shrine_of_the_titans_stays_wild():
    state = table(3, ("shrine", "wraith"))
    state.in_battle = [["wraith", 3], ["orc", 1]]
    state.bag.remove("wraith")
    state.bag.remove("orc")
    titans.after_battle(state, state.players[0])
    assert state.shrines["titans"] == [["wraith", 3]]
    p = state.players[1]
    p.res["gold"] = 3
    state.decider.add("1")
    actions.at_titans(state, p)
    assert p.wraith == ["wraith", 3]  # still a Wraith: Wild, on the VP chart


def test_spells_never_raise_a_wraith_past_3():
    state, p, option = spell_table("alazar")
    give(state, 0, ("orc", 1))
    p.wraith = ["wraith", 3]
    state.decider.add(option)
    spells.offer(state, p, "turn")
    assert p.wraith == ["wraith", 3]
