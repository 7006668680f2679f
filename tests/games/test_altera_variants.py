"""Altera's player-count variants, with exact outcomes on scripted dice and decisions: the
2-player ghost, the 5-6 player overflow, and solo against two Rivals."""

from __future__ import annotations

from dataclasses import replace

import pytest

from analytics.engine.decisions import DecisionError
from analytics.engine.loop import rank_seats
from analytics.games.altera import variants
from analytics.games.altera.deploy import deploy_phase, slot_options
from analytics.games.altera.options import RuleOptions
from analytics.games.altera.rounds import clash_phase, end_game, resolve_phase
from tests.games.altera_helpers import events, table


def solo(difficulty: str = "easy"):
    state = table(1)
    state.setup = replace(state.setup, options=RuleOptions(difficulty=difficulty))
    start = variants.rival_start(state)
    for rival in state.markers:
        rival.rep = dict.fromkeys(rival.rep, start)
    return state


def test_the_ghost_blocks_and_races_by_stage_on_the_first_deployment():
    state = table(2)
    a, b = state.players
    a.pool, b.pool = [["artisan1", 0]], [["merchant1", 0]]
    a.available = b.available = 1
    state.decks["alchemist"].pop(0)  # the Alchemists show a Stage 2 card
    state.decider.add((0, "deploy", "0@artisan2"), (1, "deploy", "0@merchant2"),
                      (0, "ghost", "alchemist2"), (1, "ghost", "artisan3"))
    deploy_phase(state)
    asked = [(s, k) for s, k, _ in state.decider.asked if k in ("deploy", "ghost")]
    assert asked == [(0, "deploy"), (1, "deploy"), (0, "ghost"), (1, "ghost")]
    ghost = state.markers[0]
    assert (ghost.rep["alchemist"], ghost.rep["artisan"]) == (2, 1)
    assert state.spaces["alchemist2"] == [-1] and state.spaces["artisan3"] == [-1]
    a.available, a.pool = 1, [["artisan1", 0]]
    assert not [o for o in slot_options(state, a) if "alchemist2" in o or "artisan3" in o]


def test_the_ghost_may_not_go_where_its_seat_slotted():
    state = table(2)
    a, b = state.players
    a.pool, b.pool = [["artisan1", 0]], [["merchant1", 0]]
    a.available = b.available = 1
    state.decider.add("0@artisan2", "0@merchant2")
    state.decider.add("artisan2")  # seat 0 puts its ghost where its own die went
    with pytest.raises(DecisionError, match="'artisan2' is not legal"):
        deploy_phase(state)


def test_the_ghost_wins_clashes_without_rewards_and_ties_stay_friendly():
    state = table(2)
    a, b = state.players
    ghost = state.markers[0]
    ghost.rep["merchant"], a.rep["merchant"] = 3, 3  # merchant-1a's clash: 2 Coins
    ghost.rep["artisan"], b.rep["artisan"] = 4, 2
    clash_phase(state)
    assert a.res["coin"] == 2 and a.rep["merchant"] == 0 and ghost.rep["merchant"] == 0
    assert ghost.rep["artisan"] == 0 and b.rep["artisan"] == 2
    assert [e[1] for e in events(state, "marker_won_clash")] == ["artisan", "merchant"]


def test_the_overflow_space_reopens_the_top_space_once():
    state = table(5)
    for p in state.players:
        p.available = 0
    a, b = state.players[:2]
    a.available, a.pool = 2, [["artisan1", 0], ["artisan1", 1]]  # both show Artisanry
    b.available, b.pool = 1, [["artisan1", 0]]
    state.decider.add((0, "deploy", "0@artisan1"), (1, "deploy", "0@artisan1"))
    state.decider.add((0, "deploy", "0@artisan1"))
    deploy_phase(state)
    assert state.overflow["artisan"] == [0, 1]
    assert state.spaces["artisan1"] == [0]  # the overflow is full: this one stays


def test_without_the_overflow_the_top_space_stays_blocked():
    """overflow=off (an experiment's arm): 5 players on the 3-4 player board."""
    state = table(5)
    state.setup = replace(state.setup, options=RuleOptions(overflow="off"))
    for p in state.players:
        p.available = 0
    a, b = state.players[:2]
    a.available, a.pool = 2, [["artisan1", 0], ["artisan1", 1]]
    b.available, b.pool = 1, [["artisan1", 0]]
    state.decider.add((0, "deploy", "0@artisan1"), (1, "deploy", "0@artisan1"))
    state.decider.add((0, "deploy", "0@artisan2"))
    deploy_phase(state)
    assert state.overflow["artisan"] == [] and state.spaces["artisan1"] == [0, 1]
    assert state.spaces["artisan2"] == [0]
    a.available, a.pool = 1, [["artisan1", 0]]
    assert not [o for o in slot_options(state, a) if "artisan1" in o]


@pytest.mark.parametrize("ghost", ["on", "off"])
def test_two_players_with_or_without_the_ghost(ghost):
    """ghost=off (an experiment's arm) plays 2 players with no ghost at all: no marker, no
    ghost decision, no ghost event; on (the rulebook's) has them every round."""
    from analytics.engine.loop import play_game
    from analytics.games.altera import GAME
    from analytics.policies import make_bot

    setup = GAME.setup("default", "none", {"ghost": ghost}, 2).game_setup
    kinds = {e[3] for e in play_game(GAME, setup, [make_bot("altera", "steward")] * 2,
                                     4).events}
    assert ("ghost_deployed" in kinds) == (ghost == "on")
    assert ("marker_won_clash" in kinds) <= (ghost == "on")


def test_rivals_deploy_by_the_die_drawn_and_gain_the_stage_number():
    state = solo("extra_hard")
    state.decks = {g: d[4:] for g, d in state.decks.items()}  # Stage 3 cards
    player = state.players[0]
    player.available, player.pool = 1, [["basic0", 0]]
    # the bag: basic0 basic0 artisan1 merchant1 alchemist1 artisan2 merchant2 alchemist2
    # artisan3 merchant3 alchemist3. Rival 1: merchant2 (kept out), then a basic0 and an
    # alchemist2 (Basic space 2; both back at once); rival 2: artisan3, then alchemist1.
    state.chance.add_draws([6], [0], [5], [5], [3])
    state.decider.add("0@basic3", "merchant", "merchant")
    deploy_phase(state)
    r1, r2 = state.markers
    # Stage 3 and Extra Hard's +1: 4 Reputation per Emissary, from Hard's start of 1
    assert (r1.rep["merchant"], r1.rep["council"]) == (5, 5)
    assert (r2.rep["artisan"], r2.rep["alchemist"]) == (5, 5)
    assert [(e[0], e[1]) for e in events(state, "rival_deployed")] == [
        (-1, "merchant2"), (-1, "basic2"), (-2, "artisan3"), (-2, "alchemist1")]
    assert state.spaces["basic3"] == [0]
    assert sorted(state.rival_bag) == sorted(variants.RIVAL_DICE)


def test_normal_rivals_get_their_third_emissary_from_round_five():
    state = solo("normal")
    state.round = 5
    player = state.players[0]
    player.available, player.pool = 1, [["basic0", 0]]
    state.chance.add_draws(*([i] for i in (2, 2, 2, 2, 2, 2)))
    state.decider.add("pass")
    deploy_phase(state)
    assert [len([e for e in events(state, "rival_deployed") if e[0] == s]) for s in (-1, -2)
            ] == [3, 3]


def test_rivals_reveal_stage_dice_for_council_reputation():
    state = solo()
    state.decks = {g: d[1:] for g, d in state.decks.items()}  # Stage 2: two dice each
    state.chance.add_draws([8], [0])  # rival 1: artisan3 and a basic0
    state.chance.add_rolls("artisanry+artisanry+influence", "blank")
    state.chance.add_draws([0], [0])  # rival 2: two dice showing blanks
    state.chance.add_rolls("blank", "blank")
    resolve_phase(state)
    r1, r2 = state.markers
    assert (r1.rep["council"], r2.rep["council"]) == (3, 0)
    assert sorted(state.rival_bag) == sorted(variants.RIVAL_DICE)


def test_a_rival_winning_a_clash_without_prestige_or_objective_takes_nothing_and_keeps_it():
    state = solo()
    player = state.players[0]
    r1, r2 = state.markers
    r1.rep["merchant"] = 3  # merchant-1a's clash: 2 Coins (no Prestige, no Objective)
    r2.rep["alchemist"], player.rep["alchemist"] = 2, 2  # alchemist-1a: 2 Shards; a tie
    r1.rep["council"] = 7  # section 6-10: 1 Prestige
    clash_phase(state)
    assert r1.rep["merchant"] == 3 and r1.res["prestige"] == 1 and r1.rep["council"] == 0
    assert player.res["shard"] == 2 and player.rep["alchemist"] == 0
    assert r2.rep["alchemist"] == 2


def test_hard_rivals_reset_one_space_above_the_start():
    state = solo("hard")
    r1 = state.markers[0]
    assert r1.rep == {"artisan": 1, "merchant": 1, "alchemist": 1, "council": 1}
    r1.rep["council"] = 7
    clash_phase(state)
    assert r1.rep["council"] == 1


def test_rival_objectives_need_two_tier_0_icons():
    state = solo()
    r1, r2 = state.markers
    r2.objectives = []
    state.chance.add_rolls("coin", "shard", "blank", "favor")
    r1.objectives = ["rival", "rival"]
    end_game(state)
    assert r1.res["prestige"] == 1 and r2.res["prestige"] == 0


def test_the_player_wins_a_tie_with_the_rivals():
    ranks, shares = rank_seats([(9, 1), (9, 0), (4, 0)])
    assert ranks[0] == 1 and shares[0] == 1.0
    ranks, shares = rank_seats([(9, 1), (10, 0), (4, 0)])
    assert shares[0] == 0.0
