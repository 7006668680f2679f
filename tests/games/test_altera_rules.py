"""Altera's rules, one test per rule, with exact outcomes on scripted dice and decisions."""

from __future__ import annotations

from analytics.games.altera import dice
from analytics.games.altera.deploy import deploy_phase, slot_options
from analytics.games.altera.free_actions import buy_benefactor, free_actions
from analytics.games.altera.gains import craft_action
from analytics.games.altera.objectives import best_completed
from analytics.games.altera.resources import gain_influence
from analytics.games.altera.rounds import clash_phase, recruitment_phase, reset_phase
from tests.games.altera_helpers import ASET, events, table


def test_deployments_are_simultaneous_and_a_taken_space_is_blocked_after():
    state = table()
    a, b, c = state.players
    a.pool, b.pool, c.pool = [["artisan1", 0]], [["artisan1", 0]], [["basic0", 0]]
    for p in state.players:
        p.available = 1
    state.decider.add((0, "deploy", "0@artisan2"), (1, "deploy", "0@artisan2"),
                      (2, "deploy", "0@basic3"), (2, "reputation", "merchant"),
                      (2, "reputation", "council"))
    deploy_phase(state)
    # every seat chose before any Emissary reached the board
    assert [x for x in state.decider.asked if x[1] == "deploy"] == [
        (0, "deploy", 0), (1, "deploy", 0), (2, "deploy", 0)]
    assert state.spaces["artisan2"] == [0, 1] and state.spaces["basic3"] == [2]
    for p in (a, b):  # the Guild's Reputation, then the space: influence + rep_council
        assert (p.rep["artisan"], p.rep["council"], p.res["influence"]) == (1, 1, 1)
    assert (c.rep["merchant"], c.rep["council"]) == (1, 1)
    a.pool, a.available = [["artisan1", 0]], 1
    assert not {o for o in slot_options(state, a) if "artisan2" in o or "basic3" in o}


def test_favors_turn_a_face_and_ignore_a_guild_requirement():
    state = table()
    a = state.players[0]
    a.pool = [["merchant1", 0]]  # showing a Coin
    assert set(slot_options(state, a)) == {"0@basic1", "0@basic2", "0@basic3", "0@merchant1",
                                           "0@merchant2"}
    a.res["favor"] = 1
    assert set(slot_options(state, a)) - {"0@basic1", "0@basic2", "0@basic3", "0@merchant1",
                                          "0@merchant2"} == {
        "0@merchant3=favor", "0@merchant3=coin+favor", "0@artisan2 ignoring guild",
        "0@alchemist2 ignoring guild"}
    a.res["favor"] = 2
    assert "0@artisan3=influence ignoring guild" in slot_options(state, a)
    a.res["favor"], a.available = 1, 1
    for p in state.players[1:]:
        p.available = 0
    state.decider.add("0@merchant3=coin+favor")
    deploy_phase(state)
    # per coin: 1 Coin; 1 Merchant Reputation, and the Harbor Baron's 2 Coins for it
    assert (a.res["favor"], a.res["coin"], a.rep["merchant"]) == (0, 3, 1)
    assert events(state, "resource_spent") == [(0, None, "favor", -1, "favor:turn_die")]
    assert a.slotted == [["merchant1", 3, "merchant3"]]


def test_recruitment_in_influence_order_priority_breaking_ties_from_a_limited_supply():
    state = table()
    a, b, c = state.players
    a.res["influence"], b.res["influence"], c.res["influence"] = 2, 8, 8
    state.supply["artisan3"] = 1
    state.decider.add((1, "recruit", "tier3:artisan3"), (2, "recruit", "tier3:merchant3"),
                      (0, "recruit", "tier1:alchemist1"))
    recruitment_phase(state)
    assert [x[0] for x in state.decider.asked] == [1, 2, 0]
    assert (a.discard, b.discard, c.discard) == (["alchemist1"], ["artisan3"], ["merchant3"])
    assert state.supply["artisan3"] == 0
    assert [p.res["influence"] for p in state.players] == [0, 0, 0]


def test_influence_flips_past_ten_and_stops_at_twenty():
    state = table()
    a = state.players[0]
    gain_influence(state, a, 10, "reveal")
    assert a.res["influence"] == 10 and not events(state, "influence_flipped")
    gain_influence(state, a, 1, "reveal")
    assert a.res["influence"] == 11 and len(events(state, "influence_flipped")) == 1
    gain_influence(state, a, 12, "reveal")
    assert a.res["influence"] == 20
    assert events(state, "resource_overflowed") == [(0, None, "influence", 3, "reveal")]


def test_the_ten_influence_upgrade_costs_less_with_rune_chime():
    state = table()
    a = state.players[0]
    a.res["influence"], a.discard = 9, ["basic0"]
    a.artifacts["rune_chime"] = "basic"
    state.decider.add((0, "recruit", "upgrade"), (0, "upgrade", "discard:0:basic0>artisan1"))
    recruitment_phase(state)
    assert a.discard == ["artisan1"] and a.res["prestige"] == 1


def test_clash_ties_are_friendly_and_the_council_pays_by_section():
    state = table()
    a, b, c = state.players
    a.rep["artisan"], b.rep["artisan"], c.rep["artisan"] = 3, 3, 1
    a.discard, b.discard = ["basic0"], ["artisan1"]
    a.rep["council"], c.rep["council"], b.rep["council"] = 7, 7, 4
    state.decider.add((0, "upgrade", "discard:0:basic0>artisan1"),
                      (1, "upgrade", "discard:0:artisan1>artisan2"))
    clash_phase(state)
    assert (a.discard, b.discard) == (["artisan1"], ["artisan2"])
    assert [p.rep["artisan"] for p in state.players] == [0, 0, 1]
    assert [p.rep["council"] for p in state.players] == [0, 4, 0]
    assert [p.res["prestige"] for p in state.players] == [1, 0, 1]
    assert [e[0] for e in events(state, "clash_won")] == [0, 1, 0, 2]


def test_no_clash_is_won_from_the_starting_space():
    state = table()
    clash_phase(state)
    assert not events(state, "clash_won")


def test_benefactor_prices_follow_the_track_and_the_merchant_unlocks_an_emissary():
    tracks = ASET.tracks
    assert [tracks.benefactor_price("merchant", r) for r in (0, 2, 3, 4, 5, 6, 7, 10)] == [
        None, None, 6, 6, 4, 4, 2, 2]
    state = table()
    a = state.players[0]
    a.rep["merchant"], a.res["coin"] = 5, 4
    state.decider.add("benefactor:merchant")
    free_actions(state, a, "deployment")
    assert (a.res["coin"], a.available, a.reserve) == (0, 3, 1)
    assert a.benefactors == ["merchant"] and state.benefactor_stacks["merchant"] == 2
    reset_phase(state)
    assert (a.available, a.reserve) == (3, 1)


def test_artifacts_once_per_round_upgrade_readies_and_the_golem_trashes_after_its_clash():
    state = table()
    a = state.players[0]
    a.artifacts["arc_golem"], a.res["shard"] = "basic", 3
    state.decider.add("ability:arc_golem")
    free_actions(state, a, "deployment")
    assert (a.res["shard"], a.rep["council"], a.used) == (2, 1, ["arc_golem"])
    free_actions(state, a, "deployment")  # used: nothing left to offer, nothing asked
    state.decider.add("upgrade:arc_golem:shard")
    craft_action(state, a, "test")
    assert (a.res["shard"], a.rep["council"], a.used) == (0, 2, [])
    assert a.artifacts["arc_golem"] == "upgraded"
    clash_phase(state)  # council 2: section 1-5 pays Coin + Favor, then the golem's Prestige
    assert (a.res["coin"], a.res["favor"], a.res["prestige"]) == (1, 1, 1)
    assert a.artifacts["arc_golem"] == "trashed"


def test_an_artifact_is_crafted_once_per_game_and_from_the_display():
    state = table()
    a = state.players[0]
    state.display = {"divining_rod": 3}
    a.res["shard"] = 12
    state.decider.add("craft:divining_rod:shard")
    craft_action(state, a, "test")
    assert a.res["shard"] == 6 and state.display["divining_rod"] == 2
    a.artifacts.clear()  # even gone, it cannot be crafted again
    state.decider.add("skip")
    craft_action(state, a, "test")
    assert state.decider.asked[-1][1] == "craft" and not a.artifacts


def test_objectives_do_not_share_resources():
    state = table()
    a = state.players[0]
    a.objectives = ["objective-01", "objective-04"]  # 5 coin; 3 coin + 2 shard
    a.res["coin"], a.res["shard"] = 5, 2
    assert len(best_completed(state, a)) == 1
    a.res["coin"] = 8
    assert best_completed(state, a) == ["objective-01", "objective-04"]
    a.objectives = ["objective-22"]  # 2 die-tier3
    a.bag, a.discard = ["artisan3"], ["merchant3"]
    assert best_completed(state, a) == ["objective-22"]
    a.discard = ["merchant2"]
    assert best_completed(state, a) == []


def test_basic_space_one_unlocks_a_reserve_emissary_for_the_round_draws_and_rerolls():
    state = table()
    a = state.players[0]
    for p in state.players[1:]:
        p.available = 0
    a.available, a.pool, a.bag = 1, [["basic0", 4]], ["merchant1"]
    state.chance.add_draws([0])
    state.chance.add_rolls("coin", "favor")
    state.decider.add("0@basic1", "reroll", "pass")
    deploy_phase(state)
    assert a.pool == [["merchant1", 2]] and (a.available, a.reserve) == (1, 1)
    reset_phase(state)
    assert (a.available, a.reserve) == (2, 2)


def test_upgrading_never_takes_a_die_from_the_bag_and_follows_the_icon():
    state = table()
    a = state.players[0]
    a.bag, a.discard, a.pool = ["basic0"], ["merchant1", "basic0"], [["artisan2", 0]]
    assert dice.upgrade_options(state, a, "upgrade_artisan") == [
        "pool:0:artisan2>artisan3", "discard:1:basic0>artisan1"]
    assert dice.upgrade_options(state, a, "upgrade_low") == [
        "discard:0:merchant1>merchant2", "discard:1:basic0>artisan1",
        "discard:1:basic0>merchant1", "discard:1:basic0>alchemist1"]


def test_the_alchemist_benefactor_draws_and_the_artisan_gives_influence():
    state = table()
    a = state.players[0]
    a.rep["alchemist"], a.rep["artisan"], a.res["coin"] = 7, 3, 8
    a.bag = ["basic0"]
    state.chance.add_draws([0])
    state.chance.add_rolls("shard")
    buy_benefactor(state, a, "alchemist")
    buy_benefactor(state, a, "artisan")
    assert a.pool == [["basic0", 1]] and a.res["influence"] == 2 and a.res["coin"] == 0


def test_reveal_turns_dice_with_favors_then_resolves_every_pool_die():
    from analytics.games.altera.rounds import resolve_phase

    state = table()
    a = state.players[0]
    for p in state.players[1:]:
        p.pool = []
    a.res["favor"] = 1
    a.pool = [["basic0", 4], ["alchemist2", 5], ["artisan1", 0]]  # blank, wild, artisanry
    a.slotted = [["merchant1", 0, "merchant1"]]
    state.decider.add("0=coin", "rep_council")  # a Favor turns the blank; the Wild: Council
    resolve_phase(state)
    # basic0: 1 Coin; alchemist2 (Guild die): 1 Influence + Wild; artisan1: 1 Influence +
    # Artisanry; the Ashen Druid is seat 1, not seat 0; the slotted die does not resolve
    assert (a.res["favor"], a.res["coin"], a.res["influence"], a.rep["council"]) == (0, 1, 2, 2)
    assert sorted(a.discard) == ["alchemist2", "artisan1", "basic0", "merchant1"]
    assert a.pool == [] and a.slotted == []


def test_a_paid_reward_is_optional_and_scaling_counts_icons_not_of_a_type():
    from analytics.games.altera.gains import grant
    from analytics.games.altera.rewards import parse_reward

    state = table()
    a = state.players[0]
    face = ASET.dice["artisan3"].faces[5]  # artisanry+artisanry+influence
    grant(state, a, parse_reward("per not-artisanry: coin"), "test", face)
    assert a.res["coin"] == 1
    state.decider.add("decline")
    grant(state, a, parse_reward("coin -> prestige"), "test")
    assert (a.res["coin"], a.res["prestige"]) == (1, 0)
    state.decider.add("pay")
    grant(state, a, parse_reward("coin -> prestige"), "test")
    assert (a.res["coin"], a.res["prestige"]) == (0, 1)
    grant(state, a, parse_reward("coin -> prestige"), "test")  # unaffordable: not asked
    assert a.res["prestige"] == 1
    state.decider.add("1:shard", "pay")  # the free part first, then pay with its Shard
    grant(state, a, parse_reward("shard -> 2 influence; shard"), "test")
    assert (a.res["shard"], a.res["influence"]) == (0, 2)


def test_faction_abilities_fire_once_per_round():
    from analytics.games.altera.gains import gain_reputation, resolve_die

    state = table()
    baron, druid = state.players[:2]
    gain_reputation(state, baron, "merchant", 2, "test")
    # the Harbor Baron's 2 Coins, once this round, and merchant space 2's printed Coin
    assert baron.res["coin"] == 3
    resolve_die(state, druid, "alchemist1", ASET.dice["alchemist1"].faces[0], "test")
    resolve_die(state, druid, "alchemist1", ASET.dice["alchemist1"].faces[0], "test")
    assert druid.res["shard"] == 2  # the Ashen Druid's 2 Shards, once
    reset_phase(state)
    gain_reputation(state, baron, "merchant", 1, "test")
    assert baron.res["coin"] == 5


def test_the_autumn_prefect_crafts_with_coins():
    state = table()
    prefect = state.players[2]
    prefect.res["favor"], prefect.res["coin"] = 1, 3
    state.display = {"arc_golem": 3}
    state.decider.add("ability:autumn_prefect", "craft_any_currency", "craft:arc_golem:coin")
    free_actions(state, prefect, "deployment")
    assert prefect.artifacts == {"arc_golem": "basic"}
    assert (prefect.res["favor"], prefect.res["coin"]) == (0, 0)


def test_a_track_space_pays_when_landed_on_and_a_choice_is_the_seats():
    from analytics.games.altera.gains import gain_reputation

    state = table()
    c = state.players[2]
    c.rep["artisan"] = 5
    state.decider.add("2 coin")  # artisan 6: Craft Artifact or 2 Coins
    gain_reputation(state, c, "artisan", 1, "test")
    assert c.res["coin"] == 2
    c.rep["artisan"] = 10
    gain_reputation(state, c, "artisan", 1, "test")  # past the last space: lost
    assert c.rep["artisan"] == 10 and events(state, "reputation_overflowed")


def test_the_bag_is_refilled_from_the_discard_when_empty():
    state = table()
    a = state.players[0]
    a.bag, a.discard = [], ["merchant1", "basic0"]
    state.chance.add_draws([1])
    state.chance.add_rolls("coin")
    assert dice.draw(state, a, "test")
    assert a.pool == [["basic0", 0]] and a.bag == ["merchant1"] and a.discard == []
    assert events(state, "bag_refilled") == [(0, None, None, 2, "test")]


def test_guild_decks_hold_one_stage_1_three_stage_2_three_stage_3():
    from analytics.engine.chance import SeededChance
    from analytics.games.altera.rounds import new_game
    from analytics.games.altera.state import Setup
    from tests.games.altera_helpers import First

    state = new_game(Setup(3, ASET), SeededChance(4), First())
    for deck in state.decks.values():
        assert [ASET.cards[c].stage for c in deck] == [1, 2, 2, 2, 3, 3, 3]
    assert len(state.display) == 6 and set(state.display.values()) == {3}
