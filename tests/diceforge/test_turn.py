"""Setup by player count, the turn's steps, offerings, feats and ousting, end of game, card sets."""

from __future__ import annotations

import pytest
from harness import Bench, ScriptedDecider, ev, gained, reserves, rolled

from analytics.engine.chance import ChanceScriptError, ScriptedChance
from analytics.engine.loop import rank_seats
from analytics.errors import UserError
from analytics.games.diceforge.rules import turn
from analytics.games.diceforge.rules.components import FACES, SANCTUARY
from analytics.games.diceforge.rules.content import load_card_set
from analytics.games.diceforge.rules.forge import make_offering
from analytics.games.diceforge.rules.options import RuleOptions
from analytics.games.diceforge.rules.state import Setup, new_game


def bench(players: int = 2, cards: str = "base", rules: RuleOptions | None = None) -> Bench:
    b = Bench(players=players, cards=cards, rules=rules)
    for seat in range(players):
        b.set_reserves(seat)
    return b


def gold_rolls(b: Bench, times: int = 1) -> None:
    """Every player rolls 1 Gold on both dice, `times` divine blessings in a row."""
    for _ in range(times):
        for seat in range(len(b.g.players)):
            b.rolls((seat, "light", "gold_1"), (seat, "dark", "gold_1"))


# --- setup per player count ----------------------------------------------------------------
@pytest.mark.parametrize(("players", "copies", "rounds", "pool_size", "gold", "blessings"), [
    (2, 2, 9, 2, [3, 2], 2),
    (3, 3, 10, 4, [3, 2, 1], 1),
    (4, 4, 9, 4, [3, 2, 1, 0], 1),
])
def test_setup_by_player_count(players, copies, rounds, pool_size, gold, blessings):
    b = Bench(players=players)
    g = b.g
    assert set(g.stacks.values()) == {copies} and len(g.stacks) == 15
    assert (g.rounds, g.blessings_per_turn) == (rounds, blessings)
    assert [len(pool) for pool in g.sanctuary] == [pool_size] * 10
    assert [p.gold for p in g.players] == gold
    assert b.start_events == [gained(seat, "gold", n, "starting_gold") for seat, n in
                              enumerate(gold) if n]
    assert all(p.island is None and p.glory == 0 for p in g.players)
    assert [[f.id for f in die] for die in g.players[0].dice] == [
        ["gold_1"] * 5 + ["sun_1"], ["gold_1"] * 4 + ["moon_1", "glory_2"]]
    assert all(len(pool) == 4 for pool in g.gardens.values())


def test_two_player_setup_keeps_the_two_faces_drawn_from_each_pool():
    samples = [[3, 1]] * 10
    g = Bench(players=2, samples=samples).g
    assert [f.id for f in g.sanctuary[4]] == ["gold1_or_sun1_or_moon1", "gold2_moon1"]
    assert [f.id for f in g.sanctuary[9]] == ["moon2_glory2", "gold1_sun1_moon1_glory1"]
    assert [f.id for f in g.sanctuary[0]] == ["gold_3", "gold_3"]


def test_two_player_setup_draws_once_per_sanctuary_pool():
    chance = ScriptedChance(draws=[[0, 1]] * 9)
    with pytest.raises(ChanceScriptError, match=r"draw\(bag='sanctuary_9', n=4, k=2\)"):
        new_game(Setup(2, load_card_set("base")), chance, ScriptedDecider())


def test_three_and_four_player_setups_draw_nothing():
    for players in (3, 4):
        new_game(Setup(players, load_card_set("base")), ScriptedChance(), ScriptedDecider())


def test_two_player_turn_starts_with_two_divine_blessings_for_everyone():
    b = bench()
    gold_rolls(b, times=2)
    b.chance.rolls.rotate(-2)  # seat 1 rolls first
    b.decide(("action", "pass"))
    turn.play_turn(b.g, b.p(1))
    b.check_scripts_used()
    events = b.events()
    assert events[0] == ev("turn_started", 1)
    assert [(e["seat"], e["detail"]) for e in events if e["kind"] == "die_rolled"] == [
        (1, "light"), (1, "dark"), (0, "light"), (0, "dark")] * 2
    assert events[-1] == ev("action_taken", 1, "pass", None, None, "action")
    assert [b.reserves(s) for s in (0, 1)] == [reserves(gold=4), reserves(gold=4)]


def test_four_player_turn_gives_one_divine_blessing_in_turn_order_from_the_active_player():
    b = bench(players=4)
    gold_rolls(b)
    b.chance.rolls.rotate(-4)  # seats 2, 3, 0, 1
    b.decide(("action", "pass"))
    turn.play_turn(b.g, b.p(2))
    rolls = [e["seat"] for e in b.events("die_rolled")]
    assert rolls == [2, 2, 3, 3, 0, 0, 1, 1]


# --- reinforcements ------------------------------------------------------------------------
def test_each_reinforcement_is_used_once_per_turn_in_the_chosen_order():
    b = bench()
    for card_id in ("guardians_owl", "guardians_owl", "silver_hind"):
        b.give_card(0, card_id)
    b.rolls((0, "light", "sun_1"))
    b.decide(("reinforcement", "silver_hind"), ("minor_die", 0),
             ("reinforcement", "guardians_owl"), ("owl_resource", "moon"),
             ("reinforcement", "guardians_owl"), ("owl_resource", "gold"))
    turn.call_reinforcements(b.g, b.p(0))
    b.check_scripts_used()
    assert [d.options for d in b.decider.asked if d.kind == "reinforcement"] == [
        ("done", "guardians_owl", "silver_hind"),
        ("done", "guardians_owl"),
        ("done", "guardians_owl"),
    ]
    assert b.reserves(0) == reserves(gold=1, sun=1, moon=1)


def test_reinforcements_may_be_left_unused():
    b = bench()
    b.give_card(0, "guardians_owl")
    b.decide(("reinforcement", "done"))
    turn.call_reinforcements(b.g, b.p(0))
    assert (b.events(), b.reserves(0)) == ([], reserves())


def test_reinforcements_are_used_again_on_the_next_turn():
    b = bench()
    b.give_card(0, "guardians_owl")
    for _ in range(2):
        b.decide(("reinforcement", "guardians_owl"), ("owl_resource", "sun"))
        turn.call_reinforcements(b.g, b.p(0))
    assert b.reserves(0) == reserves(sun=2)


def test_a_reinforcement_is_only_offered_to_its_owner_on_their_turn():
    b = bench()
    b.give_card(1, "guardians_owl")
    gold_rolls(b, times=2)
    b.decide(("action", "pass"))
    turn.play_turn(b.g, b.p(0))
    b.check_scripts_used()
    assert "reinforcement" not in b.decider.kinds()


# --- the offering --------------------------------------------------------------------------
def test_offering_buys_several_different_faces_each_paid_and_forged_face_up():
    b = bench(players=3)
    b.set_reserves(0, gold=12)
    b.decide(("offering", "gold_3"), ("forge_place", (0, 0)),
             ("offering", "sun_1"), ("forge_place", (1, 0)),
             ("offering", "gold_6"), ("forge_place", (1, 4)),
             ("offering", "done"))
    make_offering(b.g, b.p(0))
    b.check_scripts_used()
    assert b.events() == [
        ev("resource_spent", 0, "gold_3", "gold", -2, "gold_3"),
        ev("face_forged", 0, "gold_3", None, None, "offering", "light:gold_1"),
        ev("resource_spent", 0, "sun_1", "gold", -3, "sun_1"),
        ev("face_forged", 0, "sun_1", None, None, "offering", "dark:gold_1"),
        ev("resource_spent", 0, "gold_6", "gold", -4, "gold_6"),
        ev("face_forged", 0, "gold_6", None, None, "offering", "dark:moon_1"),
    ]
    assert b.reserves(0) == reserves(gold=3)
    assert [f.id for f in b.p(0).up] == ["gold_3", "gold_6"]
    assert b.die(0, "dark") == ["sun_1", "gold_1", "gold_1", "gold_1", "gold_6", "glory_2"]
    assert [len(pool) for pool in b.g.sanctuary] == [3, 4, 4, 3, 3, 4, 4, 4, 4, 4]
    assert b.p(0).forged == 3


def test_offering_refuses_a_second_identical_face():
    b = bench(players=3)
    b.set_reserves(0, gold=4)
    b.decide(("offering", "gold_3"), ("forge_place", (0, 0)), ("offering", "done"))
    make_offering(b.g, b.p(0))
    assert b.decider.asked[0].options == ("gold_3", "moon_1", "gold_4", "sun_1",
                                          "gold_6", "gold1_or_sun1_or_moon1", "sun1_glory1",
                                          "gold2_moon1")
    # 2 gold left and gold_3 still in its pool: only the other 2-gold face is on offer
    assert [f.id for f in b.g.sanctuary[0]] == ["gold_3"] * 3
    assert b.decider.asked[-1].options == ("moon_1", "done")
    assert b.reserves(0) == reserves(gold=2)


def test_offering_with_two_gold_left_offers_only_other_faces():
    b = bench(players=3)
    b.set_reserves(0, gold=4)
    b.decide(("offering", "moon_1"), ("forge_place", (0, 0)), ("offering", "done"))
    make_offering(b.g, b.p(0))
    assert b.decider.asked[-1].options == ("gold_3", "done")
    assert b.reserves(0) == reserves(gold=2)


def test_offering_faces_from_one_mixed_pool_by_default():
    b = bench(players=3)
    b.set_reserves(0, gold=8)
    b.decide(("offering", "gold_6"), ("forge_place", (0, 0)),
             ("offering", "sun1_glory1"), ("forge_place", (0, 1)))
    make_offering(b.g, b.p(0))
    assert b.reserves(0) == reserves()
    assert [f.id for f in b.g.sanctuary[4]] == ["gold1_or_sun1_or_moon1", "gold2_moon1"]


def test_offering_distinct_pool_option_refuses_a_second_face_from_the_same_pool():
    b = bench(players=3, rules=RuleOptions(offering_distinct="pool"))
    b.set_reserves(0, gold=8)
    b.decide(("offering", "gold_6"), ("forge_place", (0, 0)), ("offering", "done"))
    make_offering(b.g, b.p(0))
    assert b.decider.asked[-1].options == ("gold_3", "moon_1", "gold_4", "sun_1", "done")


def test_offering_stops_when_nothing_more_is_affordable():
    b = bench(players=3)
    b.set_reserves(0, gold=3)
    b.decide(("offering", "gold_4"), ("forge_place", (0, 0)))
    make_offering(b.g, b.p(0))
    b.check_scripts_used()
    assert [d.kind for d in b.decider.asked] == ["offering", "forge_place"]


def test_forge_action_is_offered_only_when_a_face_is_affordable():
    b = bench()
    b.set_reserves(0, gold=1)
    assert turn.action_options(b.g, b.p(0)) == ("pass",)
    b.set_reserves(0, gold=2, moon=1)
    assert turn.action_options(b.g, b.p(0)) == (
        "pass", "forge", "blacksmiths_hammer", "blacksmiths_chest")
    assert turn.action_options(b.g, b.p(0), (("moon", 1),)) == ("pass", "forge")


# --- feats and ousting ---------------------------------------------------------------------
def test_feat_on_an_occupied_island_ousts_the_hero_who_gets_a_divine_blessing():
    b = bench(players=3)
    b.set_reserves(1, moon=1)
    turn.perform_feat(b.g, b.p(1), "blacksmiths_hammer", "action")
    b.set_reserves(0, moon=1)
    b.events()
    b.rolls((1, "light", "sun_1"), (1, "dark", "glory_2"))
    turn.perform_feat(b.g, b.p(0), "blacksmiths_chest", "action")
    assert b.events() == [
        ev("resource_spent", 0, "blacksmiths_chest", "moon", -1, "blacksmiths_chest"),
        ev("pawn_ousted", 1, "1", None, None, "blacksmiths_chest", "0"),
        rolled(1, "sun_1", "light", "ousted"), rolled(1, "glory_2", "dark", "ousted"),
        gained(1, "sun", 1, "sun_1", "sun_1"), gained(1, "glory", 2, "glory_2", "glory_2"),
        ev("feat_performed", 0, "blacksmiths_chest", None, None, "action", "1"),
    ]
    assert (b.p(0).island, b.p(1).island, b.g.islands[1]) == (1, None, 0)


def test_a_hero_returning_to_their_own_island_ousts_nobody():
    b = bench()
    b.set_reserves(0, moon=2)
    turn.perform_feat(b.g, b.p(0), "blacksmiths_hammer", "action")
    turn.perform_feat(b.g, b.p(0), "blacksmiths_chest", "action")
    assert b.events("pawn_ousted") == []
    assert (b.p(0).island, b.g.islands[1]) == (1, 0)


def test_moving_to_another_island_frees_the_first():
    b = bench()
    b.set_reserves(0, moon=1, sun=1)
    turn.perform_feat(b.g, b.p(0), "blacksmiths_hammer", "action")
    turn.perform_feat(b.g, b.p(0), "elder", "action")
    assert (b.g.islands[1], b.g.islands[7], b.p(0).island) == (None, 0, 7)


def test_feats_are_offered_while_the_stack_lasts():
    b = bench()
    b.g.stacks["M1"] = 0
    b.set_reserves(0, moon=1)
    assert turn.action_options(b.g, b.p(0)) == ("pass", "blacksmiths_chest")


def test_action_takes_a_feat_and_logs_it():
    b = bench()
    b.set_reserves(0, sun=1)
    b.decide(("action", "elder"))
    turn.take_action(b.g, b.p(0), "action")
    assert b.events() == [
        ev("action_taken", 0, "feat", None, None, "action"),
        ev("resource_spent", 0, "elder", "sun", -1, "elder"),
        ev("feat_performed", 0, "elder", None, None, "action", "7"),
    ]


# --- the forbid rule option (experiments: dicelab value --ablate forbid) ---------------------
def test_a_forbidden_card_stays_on_its_slot_but_is_never_offered():
    b = bench(rules=RuleOptions(forbid="blacksmiths_chest"))
    b.set_reserves(0, gold=2, moon=1)
    assert turn.action_options(b.g, b.p(0)) == ("pass", "forge", "blacksmiths_hammer")
    assert turn.action_options(b.g, b.p(0), (("moon", 1),)) == ("pass", "forge")
    assert b.g.slots["M2"].id == "blacksmiths_chest" and b.g.stacks["M2"] == 0
    assert b.g.stacks["M1"] == 2  # the other stacks keep their copies


def test_a_forbidden_card_is_never_bought_in_a_whole_game():
    from analytics.engine import play_game
    from analytics.games.diceforge import GAME
    from analytics.policies import make_bot

    def feats(forbid: str) -> list[str]:
        setup = Setup(4, load_card_set("base"), RuleOptions(forbid=forbid))
        bots = [make_bot("diceforge", b) for b in ("economist", "hero", "economist", "hero")]
        events = play_game(GAME, setup, bots, 7).events
        return [row[4] for row in events if row[3] == "feat_performed"]

    assert "hydra" in feats("none")  # the same seed buys it when it is allowed
    bought = feats("hydra")
    assert "hydra" not in bought and len(bought) > 30


def test_forbidding_a_card_not_in_the_set_is_a_user_error():
    from analytics.games.diceforge import GAME

    with pytest.raises(UserError, match="forbid=typhon: card 'typhon' is not in set 'base'"):
        GAME.setup("base", "none", {"forbid": "typhon"}, 4)
    with pytest.raises(UserError, match="forbid='nope' is not allowed"):
        GAME.setup("base", "none", {"forbid": "nope"}, 4)


# --- the extra action ----------------------------------------------------------------------
def test_extra_action_costs_two_sun_shards():
    b = bench()
    b.set_reserves(0, sun=1, gold=1)
    b.set_die(0, "light", "sun_2")
    b.rolls((0, "light", "sun_2"), (0, "dark", "glory_2"), (1, "light", "gold_1"),
            (1, "dark", "gold_1"), (0, "light", "gold_1"), (0, "dark", "glory_2"),
            (1, "light", "gold_1"), (1, "dark", "gold_1"))
    b.decide(("action", "pass"), ("extra_action", "elder"))
    turn.play_turn(b.g, b.p(0))
    b.check_scripts_used()
    assert b.decider.asked[-1].options == ("pass", "forge", "elder", "wild_spirits")
    assert b.events()[-5:] == [
        ev("action_taken", 0, "pass", None, None, "action"),
        ev("resource_spent", 0, "extra_action", "sun", -2, "extra_action"),
        ev("action_taken", 0, "feat", None, None, "extra_action"),
        ev("resource_spent", 0, "elder", "sun", -1, "elder"),
        ev("feat_performed", 0, "elder", None, None, "extra_action", "7"),
    ]
    assert b.reserves(0) == reserves(gold=2, glory=4)


def test_no_extra_action_without_two_sun_shards():
    b = bench()
    b.set_reserves(0, sun=1, gold=12)
    gold_rolls(b, times=2)
    b.decide(("action", "pass"))
    turn.play_turn(b.g, b.p(0))
    b.check_scripts_used()
    assert "extra_action" not in b.decider.kinds()


def test_extra_action_gold2_option_costs_two_gold():
    b = bench(rules=RuleOptions(extra_action_cost="gold2"))
    b.set_reserves(0, sun=2)
    gold_rolls(b, times=2)
    b.decide(("action", "guardians_owl"), ("extra_action", "forge"),
             ("offering", "gold_3"), ("forge_place", (1, 5)))
    turn.play_turn(b.g, b.p(0))
    b.check_scripts_used()
    assert b.decider.asked[-3].options == ("pass", "forge")
    events = b.events()
    assert events[-4:-2] == [
        ev("resource_spent", 0, "extra_action", "gold", -2, "extra_action"),
        ev("action_taken", 0, "forge", None, None, "extra_action"),
    ]
    assert b.reserves(0) == reserves()


# --- end of game and ties ------------------------------------------------------------------
def test_tied_players_share_the_win():
    b = bench(players=3)
    for seat, glory in enumerate((20, 20, 5)):
        b.set_reserves(seat, glory=glory)
    turn.end_game(b.g)
    assert b.events() == [ev("game_ended", 0, None, None, 20, "final_score", "1"),
                          ev("game_ended", 1, None, None, 20, "final_score", "1"),
                          ev("game_ended", 2, None, None, 5, "final_score", "3")]
    assert rank_seats(turn.standings(b.g)) == ([1, 1, 3], [0.5, 0.5, 0.0])


def test_tiebreak_option_prefers_more_forged_faces_then_cards_then_resources_then_seat():
    b = bench(players=4, rules=RuleOptions(ties="tiebreak"))
    for seat in range(4):
        b.set_reserves(seat, glory=30, gold=1)
    b.p(3).forged = 2
    b.p(1).forged = 2
    b.p(1).gold = 5
    assert rank_seats(turn.standings(b.g)) == ([3, 1, 4, 2], [0.0, 1.0, 0.0, 0.0])
    b.p(3).forged = 1
    b.p(2).cards.append(b.g.slots["F1"])
    assert rank_seats(turn.standings(b.g))[0] == [4, 1, 3, 2]
    b.p(1).gold = 1
    b.p(2).cards.clear()
    b.p(1).forged = b.p(3).forged = 0
    assert rank_seats(turn.standings(b.g))[0] == [1, 2, 3, 4]


def test_full_two_player_game_plays_nine_rounds_and_ends():
    b = Bench(players=2, default=lambda d: d.options[0])
    b.chance.add_rolls(*[0] * (9 * 2 * 2 * 2 * 2))
    turn.play(b.g)
    events = b.events()
    assert [e for e in events if e["kind"] == "turn_started"] == [
        ev("turn_started", 0), ev("turn_started", 1)] * 9
    assert events[-2:] == [ev("game_ended", 0, None, None, 0, "final_score", "1"),
                           ev("game_ended", 1, None, None, 0, "final_score", "1")]
    assert b.chance.exhausted and b.g.over


# --- card sets -----------------------------------------------------------------------------
BASE_SLOTS = dict(line.split(" = ") for line in """M1 = "blacksmiths_hammer"
M2 = "blacksmiths_chest"
M3 = "silver_hind"
M4 = "satyrs"
M5 = "ferryman"
M6 = "helmet_of_invisibility"
M7 = "cancer"
M8 = "hydra"
F1 = "elder"
F2 = "wild_spirits"
F3 = "guardians_owl"
F4 = "minotaur"
F5 = "gorgon"
F6 = "mirror_of_the_abyss"
F7 = "sphinx\"""".splitlines())


def write_set(tmp_path, **changes) -> str:
    slots = {**BASE_SLOTS, **{k: f'"{v}"' for k, v in changes.items() if v is not None}}
    for k, v in changes.items():
        if v is None:
            del slots[k]
    path = tmp_path / "mine.toml"
    path.write_text('name = "mine"\n[slots]\n' + "".join(f"{k} = {v}\n" for k, v in
                                                         slots.items()))
    return str(path)


def test_presets_load_with_their_cards():
    assert load_card_set("base").card_ids[:3] == ("blacksmiths_hammer", "blacksmiths_chest",
                                                  "silver_hind")
    assert load_card_set("base-alternates").cards["F7"].id == "cyclops"


def test_a_valid_card_set_file_loads(tmp_path):
    card_set = load_card_set(write_set(tmp_path, M3="great_bear"))
    assert (card_set.name, card_set.cards["M3"].id) == ("mine", "great_bear")


@pytest.mark.parametrize(("changes", "message"), [
    ({"M3": "silver_doe"}, r"mine\.toml: slot M3: unknown card id 'silver_doe'"),
    ({"M3": "satyrs", "M4": "silver_hind"},
     r"mine\.toml: slot M3: card 'satyrs' costs 3 moon but the slot takes cards costing 2 moon"),
    ({"F7": None}, r"mine\.toml: slot F7 has no card"),
    ({"M3": "great_bear", "M4": "great_bear"},
     r"mine\.toml: slot M4: card 'great_bear' costs 2 moon"),
])
def test_card_set_mistakes_name_file_slot_and_id(tmp_path, changes, message):
    with pytest.raises(UserError, match=message):
        load_card_set(write_set(tmp_path, **changes))


def test_duplicate_card_is_refused(tmp_path):
    path = tmp_path / "dup.toml"
    text = open(write_set(tmp_path)).read().replace('M2 = "blacksmiths_chest"',
                                                    'M2 = "blacksmiths_hammer"')
    path.write_text(text)
    with pytest.raises(UserError, match=r"dup\.toml: slot M2: card 'blacksmiths_hammer' "
                                        r"already stands on another slot"):
        load_card_set(str(path))


def test_bad_toml_is_a_user_error_naming_the_file(tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text("[slots\nM1 = ")
    with pytest.raises(UserError, match=r"broken\.toml: not valid TOML"):
        load_card_set(str(path))


def test_unknown_slot_and_missing_table_and_missing_file(tmp_path):
    with pytest.raises(UserError, match=r"mine\.toml: unknown slot 'M9'"):
        load_card_set(write_set(tmp_path, M9="hydra"))
    (tmp_path / "empty.toml").write_text('name = "x"\n')
    with pytest.raises(UserError, match=r"empty\.toml: missing \[slots\] table"):
        load_card_set(str(tmp_path / "empty.toml"))
    with pytest.raises(UserError, match=r"'nowhere' is neither a preset \(base, "
                                        r"base-alternates, goddess-discovery, "
                                        r"rebellion-goddess-cards, "
                                        r"rebellion-titans-cards, titans-discovery\) nor a "
                                        r"file"):
        load_card_set("nowhere")


def test_faces_data_matches_the_sanctuary_table():
    assert [(FACES[pool[0]].cost, len(pool)) for pool in SANCTUARY] == [
        (2, 4), (2, 4), (3, 4), (3, 4), (4, 4), (5, 4), (6, 4), (8, 4), (8, 4), (12, 4)]
