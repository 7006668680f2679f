"""The Titans module's cards and faces (seed `000_…` "Titans Module: Moon Cards / Sun Cards",
"Titans Module Die Faces", the Mirror of Misfortune and Chaos faces): each played, with the
exact resources, Glory, allegiance moves and events it gives."""

from __future__ import annotations

import pytest
from harness import Bench, ev, gained

from analytics.games.diceforge.cards import titans  # noqa: F401  (its module's setup)
from analytics.games.diceforge.rules import turn
from analytics.games.diceforge.rules.blessings import divine_blessing, minor_blessing
from analytics.games.diceforge.rules.components import misfortune_face
from analytics.games.diceforge.rules.forge import places

SET = "titans-discovery"


def bench(players: int = 2) -> Bench:
    b = Bench(players=players, cards=SET, module="titans")
    for seat in range(players):
        b.set_reserves(seat)
    return b


def buy(b: Bench, card: str, seat: int = 0, **res) -> list[dict]:
    b.set_reserves(seat, **res)
    turn.perform_feat(b.g, b.p(seat), card, "action")
    b.check_scripts_used()
    return b.events()


def bless(b: Bench, light: str | int, dark: str | int, seat: int = 0) -> list[dict]:
    """A divine blessing showing these faces (by id, or by side: a Misfortune face)."""
    b.rolls((seat, "light", light), (seat, "dark", dark))
    divine_blessing(b.g, b.p(seat), "divine_blessing")
    b.check_scripts_used()
    return [e for e in b.events() if e["kind"] != "die_rolled"]


def bear_misfortune(b: Bench, bearer: int, owner: int, side: int = 0, die: int = 0) -> None:
    b.p(bearer).dice[die][side] = misfortune_face(owner)


# --- The Memory ------------------------------------------------------------------------------

def test_memory_places_two_tokens_and_a_later_feat_there_claims_one():
    b = bench()
    b.decide(("memory_side", 0), ("memory_island", 6), ("memory_side", 1), ("memory_island", 1))
    events = buy(b, "memory", moon=1)
    placed = [e for e in events if e["kind"] == "memory_placed"]
    assert placed == [ev("memory_placed", 0, "ancient2+moon1", None, 6, "memory"),
                      ev("memory_placed", 0, "gold2+sun1", None, 1, "memory")]
    assert b.g.board.memory == [[0, 6, 0, 1], [0, 1, 1, 1]]  # island 1's not claimed yet
    events = buy(b, "guardian", sun=2)  # island 6
    assert [e for e in events if e["kind"] in ("memory_claimed", "resource_gained")] == [
        ev("memory_claimed", 0, "ancient2+moon1", None, 6, "memory"),
        gained(0, "ancient", 2, "memory", "memory"), gained(0, "moon", 1, "memory", "memory")]
    assert b.g.board.tokens[0] == 14 and b.p(0).res["ancient"] == 2
    assert b.g.board.memory == [[0, 1, 1, 1]]


def test_memory_tokens_must_be_on_two_islands_and_others_may_share_one():
    b = bench()
    b.decide(("memory_side", 1), ("memory_island", 3), ("memory_side", 1))
    b.decide(("memory_island", 2))
    buy(b, "memory", moon=1)
    second = [d for d in b.decider.asked if d.kind == "memory_island"][1]
    assert 3 not in second.options and len(second.options) == 6
    b.p(0).island = b.g.islands[1] = None
    b.decide(("memory_side", 0), ("memory_island", 3), ("memory_side", 0), ("memory_island", 5))
    buy(b, "memory", seat=1, moon=1)
    assert [t[:2] for t in b.g.board.memory] == [[0, 3], [0, 2], [1, 3], [1, 5]]


def test_another_players_feat_on_the_island_claims_nothing():
    b = bench()
    b.g.board.memory.append([1, 6, 1, 0])
    buy(b, "guardian", sun=2)
    assert b.g.board.memory == [[1, 6, 1, 0]] and b.p(1).gold == 0


# --- The Oracle, The Guardian -----------------------------------------------------------------

def test_oracle_blessing_with_ancient_moves_every_other_token_left():
    b = bench(3)
    buy(b, "oracle", moon=2)
    b.rolls((0, "light", "titan_ancient_1"))
    b.decide(("minor_die", 0))
    turn.HOOKS.fire(b.g, b.p(0), "reinforcement")
    b.check_scripts_used()
    assert b.g.board.tokens == [15, 15, 15]
    moves = [e for e in b.events() if e["kind"] == "allegiance_moved"]
    assert [(e["seat"], e["cause"]) for e in moves] == [
        (0, "titan_ancient_1"), (1, "oracle"), (2, "oracle")]
    assert b.p(1).res["ancient"] == 0  # moved, not given shards


def test_oracle_blessing_with_gold_moves_no_one():
    b = bench(3)
    buy(b, "oracle", moon=2)
    b.rolls((0, "light", "gold_1"))
    b.decide(("minor_die", 0))
    turn.HOOKS.fire(b.g, b.p(0), "reinforcement")
    assert b.g.board.tokens == [16, 16, 16] and b.p(0).gold == 1


@pytest.mark.parametrize("choice, space, ancient", [("loyalty", 17, 0), ("ancient", 15, 1)])
def test_guardian_gives_one_loyalty_or_one_ancient_shard(choice, space, ancient):
    b = bench()
    buy(b, "guardian", sun=2)
    b.decide(("guardian_gain", choice))
    turn.HOOKS.fire(b.g, b.p(0), "reinforcement")
    b.check_scripts_used()
    assert (b.g.board.tokens[0], b.p(0).res["ancient"]) == (space, ancient)


# --- The Chaos, The Dogged and their faces ---------------------------------------------------

@pytest.mark.parametrize("card, pool, face, pay", [
    ("chaos", "chaos", "chaos_yellow", {"moon": 5}),
    ("dogged", "dogged", "dogged_gold2_glory1_loyalty1", {"sun": 1})])
def test_a_forest_card_forges_the_chosen_face(card, pool, face, pay):
    b = bench()
    b.decide(("garden_face", face), ("forge_place", (1, 0)))
    events = buy(b, card, **pay)
    assert events[-1] == ev("face_forged", 0, face, None, None, card, "dark:gold_1")
    assert b.die(0, "dark")[0] == face
    assert len(b.g.gardens[pool]) == 3


@pytest.mark.parametrize("chaos, other, gains", [
    ("chaos_blue", "moon_1", {"moon": 3, "glory": 3}),      # Reward A: the other die gives Moon
    ("chaos_red", "sun_1", {"sun": 1, "moon": 2, "glory": 3}),
    ("chaos_red", "moon_1", {"moon": 3}),                    # Reward B
    ("chaos_yellow", "gold_1", {"gold": 3, "glory": 3}),
    ("chaos_green", "glory_2", {"gold": 2, "glory": 5}),
    ("chaos_green", "gold_1", {"gold": 3}),
    ("chaos_blue", "chaos_yellow", {"moon": 2, "gold": 2}),  # each sees the other's B
    ("chaos_blue", "chaos_red", {"moon": 4, "glory": 3}),  # red's B is Moon: blue's A
])
def test_a_chaos_face_gives_reward_a_or_b_by_the_other_die(chaos, other, gains):
    b = bench()
    b.set_die(0, "light", chaos)
    b.set_die(0, "dark", other)
    bless(b, chaos, other)
    p = b.p(0)
    assert {r: n for r, n in (("gold", p.gold), ("sun", p.sun), ("moon", p.moon),
                              ("glory", p.glory)) if n} == gains


def test_a_chaos_face_alone_gives_reward_b():
    b = bench()
    b.set_die(0, "light", "chaos_blue")
    b.rolls((0, "light", "chaos_blue"))
    minor_blessing(b.g, b.p(0), "test", 0)
    assert (b.p(0).moon, b.p(0).glory) == (2, 0)


@pytest.mark.parametrize("face, gold, glory, space, ancient", [
    ("dogged_gold3_ancient1", 4, 0, 15, 1), ("dogged_gold2_glory1_loyalty1", 3, 1, 17, 0)])
def test_the_dogged_faces_give_all_they_show(face, gold, glory, space, ancient):
    b = bench()
    b.set_die(0, "light", face)
    bless(b, face, "gold_1")
    assert (b.p(0).gold, b.p(0).glory, b.g.board.tokens[0], b.p(0).res["ancient"]) == (
        gold, glory, space, ancient)


# --- The Mirror of Misfortune -----------------------------------------------------------------

def test_mirror_of_misfortune_gives_its_face_to_the_bearer_for_good():
    b = bench(3)
    b.decide(("misfortune_bearer", 2), (2, "forge_place", (1, 0)))
    events = buy(b, "mirror_of_misfortune", sun=5)
    assert events[-1] == ev("face_forged", 2, "misfortune", None, None, "mirror_of_misfortune",
                            "dark:gold_1")
    assert b.p(2).dice[1][0] == misfortune_face(0)
    assert all(place != (1, 0) for place in places(b.p(2)))  # never forged over


def test_a_misfortune_roll_rewards_the_bearer_then_blesses_the_owner_with_the_bearers_dice():
    b = bench()
    bear_misfortune(b, bearer=1, owner=0)
    b.set_die(1, "dark", "sun_1")
    b.decide((1, "misfortune_reward", "loyalty"), (0, "misfortune_reward", "ancient"))
    events = bless(b, 0, "sun_1", seat=1)
    assert events == [
        gained(1, "sun", 1, "sun_1", "sun_1"),
        ev("allegiance_moved", 1, "main", None, 17, "misfortune", "16>17"),
        ev("misfortune_triggered", 0, "mirror_of_misfortune", None, 1, "misfortune"),
        gained(0, "sun", 1, "mirror_of_misfortune", "sun_1"),
        ev("allegiance_moved", 0, "main", None, 15, "mirror_of_misfortune", "16>15"),
        gained(0, "ancient", 1, "mirror_of_misfortune", "misfortune")]
    assert (b.p(0).sun, b.p(0).res["ancient"], b.p(1).sun) == (1, 1, 1)


def test_double_mirror_of_one_owner_blesses_it_twice():
    """Seed: the bearer gains two rewards; the owner of both cards activates its card twice,
    each time gaining both faces' rewards."""
    b = bench()
    bear_misfortune(b, bearer=1, owner=0, die=0)
    bear_misfortune(b, bearer=1, owner=0, die=1)
    b.decide((1, "misfortune_reward", "ancient"), (1, "misfortune_reward", "ancient"),
             *[(0, "misfortune_reward", "loyalty")] * 4)
    bless(b, 0, 0, seat=1)
    assert b.g.board.tokens == [20, 14]
    assert b.p(1).res["ancient"] == 2


def test_double_mirror_of_two_owners_blesses_each():
    b = bench(3)
    bear_misfortune(b, bearer=1, owner=0, die=0)
    bear_misfortune(b, bearer=1, owner=2, die=1)
    b.decide((1, "misfortune_reward", "loyalty"), (1, "misfortune_reward", "loyalty"),
             *[(0, "misfortune_reward", "ancient")] * 2, *[(2, "misfortune_reward", "loyalty")] * 2)
    events = bless(b, 0, 0, seat=1)
    assert [e["seat"] for e in events if e["kind"] == "misfortune_triggered"] == [0, 2]
    assert b.g.board.tokens == [14, 18, 18]


def test_mirror_with_x3_triples_the_bearers_and_the_owners_reward():
    b = bench()
    bear_misfortune(b, bearer=1, owner=0)
    b.set_die(1, "dark", "x3")
    b.decide((1, "misfortune_reward", "ancient"), (0, "misfortune_reward", "loyalty"))
    bless(b, 0, "x3", seat=1)
    assert b.g.board.tokens == [19, 13]
    assert b.p(1).res["ancient"] == 3
