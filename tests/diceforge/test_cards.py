"""Every base-game Heroic Feat card performed through turn.perform_feat; card Glory at the end."""

from __future__ import annotations

import pytest
from harness import Bench, ev, gained, pick, reserves, rolled

from analytics.games.diceforge.rules import turn
from analytics.games.diceforge.rules.blessings import divine_blessing
from analytics.games.diceforge.rules.components import CARDS, FACES, OWN_TURN
from analytics.games.diceforge.rules.hooks import fire
from analytics.games.diceforge.rules.options import RuleOptions

ALTERNATES = "base-alternates"


def bench(players: int = 2, cards: str = "base", rules: RuleOptions | None = None) -> Bench:
    b = Bench(players=players, cards=cards, rules=rules)
    for seat in range(players):
        b.set_reserves(seat)
    return b


def paid(seat: int, card_id: str, cause: str = "action") -> list[dict]:
    """The events of paying for a feat and taking its card."""
    card = CARDS[card_id]
    events = [ev("resource_spent", seat, card_id, res, -n, card_id)
              for res, n in (("moon", card.moon), ("sun", card.sun)) if n]
    return events + [ev("feat_performed", seat, card_id, None, None, cause, str(card.island))]


def feat(b: Bench, seat: int, card_id: str) -> list[dict]:
    """Seat pays exactly the card's cost and performs the feat; returns the effect's events."""
    card = CARDS[card_id]
    p = b.p(seat)
    p.moon += card.moon
    p.sun += card.sun
    stack_before = b.g.stacks[card.slot]
    turn.perform_feat(b.g, p, card_id, "action")
    b.check_scripts_used()
    events = b.events()
    head = paid(seat, card_id)
    assert events[:len(head)] == head
    assert (p.cards[-1], p.island, b.g.islands[card.island]) == (card, card.island, seat)
    assert b.g.stacks[card.slot] == stack_before - 1
    return events[len(head):]


# --- Glory-only cards ----------------------------------------------------------------------
@pytest.mark.parametrize("card_id", ["ferryman", "gorgon", "hydra"])
def test_glory_only_card_does_nothing_on_purchase(card_id):
    b = bench()
    assert feat(b, 0, card_id) == []
    assert b.reserves(0) == reserves()


def test_hydra_costs_five_moon_and_five_sun():
    b = bench()
    b.set_reserves(0, sun=6, moon=5)
    turn.perform_feat(b.g, b.p(0), "hydra", "action")
    assert b.events() == paid(0, "hydra")
    assert b.reserves(0) == reserves(sun=1)


# --- permanent cards -----------------------------------------------------------------------
def test_hammer_offers_gold_to_its_track():
    b = bench()
    assert feat(b, 0, "blacksmiths_hammer") == []
    assert (b.p(0).caps["hammer"], b.p(0).res["hammer"]) == (30, 0)
    assert b.p(0).hooks == {"gain_gold": (("blacksmiths_hammer", "hammer_track"),)}
    b.set_die(0, "light", "gold_4")
    b.rolls((0, "light", "gold_4"), (0, "dark", "moon_1"))
    b.decide(("hammer_gold", 3))
    divine_blessing(b.g, b.p(0), "divine_blessing")
    assert b.events()[2:4] == [gained(0, "hammer", 3, "gold_4", "gold_4"),
                               gained(0, "gold", 1, "gold_4", "gold_4")]


def test_chest_raises_caps_by_four_three_three():
    b = bench()
    assert feat(b, 0, "blacksmiths_chest") == []
    assert b.p(0).caps == {"gold": 16, "sun": 9, "moon": 9}
    assert b.p(1).caps == {"gold": 12, "sun": 6, "moon": 6}


# --- reinforcements ------------------------------------------------------------------------
def test_silver_hind_gives_a_minor_blessing_as_a_reinforcement():
    b = bench()
    assert feat(b, 0, "silver_hind") == []
    b.set_die(0, "dark", "gold_6")
    b.rolls((0, "dark", "gold_6"))
    b.decide(("reinforcement", "silver_hind"), ("minor_die", 1))
    turn.call_reinforcements(b.g, b.p(0))
    assert b.events() == [
        ev("reinforcement_used", 0, "silver_hind", None, None, "silver_hind"),
        rolled(0, "gold_6", "dark", "silver_hind"),
        gained(0, "gold", 6, "gold_6", "gold_6"),
    ]


def test_elder_pays_three_gold_for_four_glory():
    b = bench()
    assert feat(b, 0, "elder") == []
    b.set_reserves(0, gold=5)
    b.decide(("reinforcement", "elder"))
    turn.call_reinforcements(b.g, b.p(0))
    assert b.events() == [
        ev("reinforcement_used", 0, "elder", None, None, "elder"),
        ev("resource_spent", 0, "elder", "gold", -3, "elder"),
        gained(0, "glory", 4, "elder", "elder"),
    ]
    assert b.reserves(0) == reserves(gold=2, glory=4)


def test_elder_is_not_offered_without_three_gold():
    b = bench()
    feat(b, 0, "elder")
    b.set_reserves(0, gold=2)
    turn.call_reinforcements(b.g, b.p(0))
    assert (b.events(), b.decider.asked) == ([], [])


@pytest.mark.parametrize("resource", ["gold", "sun", "moon"])
def test_guardians_owl_gives_one_gold_sun_or_moon(resource):
    b = bench()
    assert feat(b, 0, "guardians_owl") == []
    b.decide(("reinforcement", "guardians_owl"), ("owl_resource", resource))
    turn.call_reinforcements(b.g, b.p(0))
    assert b.events() == [
        ev("reinforcement_used", 0, "guardians_owl", None, None, "guardians_owl"),
        gained(0, resource, 1, "guardians_owl", "guardians_owl"),
    ]
    assert b.decider.asked[1].options == ("gold", "sun", "moon")


# --- immediate cards -----------------------------------------------------------------------
def test_wild_spirits_gives_three_gold_and_three_moon():
    b = bench()
    assert feat(b, 0, "wild_spirits") == [gained(0, "gold", 3, "wild_spirits", "wild_spirits"),
                                         gained(0, "moon", 3, "wild_spirits", "wild_spirits")]
    assert b.reserves(0) == reserves(gold=3, moon=3)


def test_satyrs_applies_two_faces_the_others_rolled():
    b = bench(players=3)
    b.set_die(1, "light", "gold_6")
    b.set_die(2, "dark", "moon_2")
    b.rolls((1, "light", "gold_6"), (1, "dark", "glory_2"),
            (2, "light", "gold_1"), (2, "dark", "moon_2"))
    b.decide(("satyrs_pick", (0, 3)))
    assert feat(b, 0, "satyrs") == [
        rolled(1, "gold_6", "light", "satyrs"), rolled(1, "glory_2", "dark", "satyrs"),
        rolled(2, "gold_1", "light", "satyrs"), rolled(2, "moon_2", "dark", "satyrs"),
        gained(0, "gold", 6, "gold_6", "gold_6"), gained(0, "moon", 2, "moon_2", "moon_2"),
    ]
    assert len(b.decider.asked[0].options) == 6
    assert [b.reserves(s) for s in (1, 2)] == [reserves(), reserves()]


def test_satyrs_in_a_two_player_game_takes_both_opponent_faces():
    b = bench()
    b.rolls((1, "light", "gold_1"), (1, "dark", "glory_2"))
    assert feat(b, 0, "satyrs")[2:] == [gained(0, "gold", 1, "gold_1", "gold_1"),
                                        gained(0, "glory", 2, "glory_2", "glory_2")]


def test_helmet_forges_an_x3_face():
    b = bench()
    b.decide(("forge_place", (1, 5)))
    assert feat(b, 0, "helmet_of_invisibility") == [
        ev("face_forged", 0, "x3", None, None, "helmet_of_invisibility", "dark:glory_2")]
    assert b.die(0, "dark") == ["gold_1"] * 4 + ["moon_1", "x3"]
    assert (b.p(0).up[1], b.p(0).forged, len(b.g.gardens["x3"])) == (FACES["x3"], 1, 3)


def test_mirror_of_the_abyss_forges_a_mirror_face():
    b = bench()
    b.decide(("forge_place", (0, 5)))
    assert feat(b, 0, "mirror_of_the_abyss") == [
        ev("face_forged", 0, "mirror", None, None, "mirror_of_the_abyss", "light:sun_1")]
    assert b.die(0, "light") == ["gold_1"] * 5 + ["mirror"]


def test_celestial_ship_forges_a_ship_face():
    b = bench(cards=ALTERNATES)
    b.decide(("forge_place", (0, 0)))
    assert feat(b, 0, "celestial_ship") == [
        ev("face_forged", 0, "ship", None, None, "celestial_ship", "light:gold_1")]
    assert b.die(0, "light") == ["ship"] + ["gold_1"] * 4 + ["sun_1"]


def test_guardians_shield_forges_a_shield_of_the_chosen_colour():
    b = bench(cards=ALTERNATES)
    b.decide(("garden_face", "shield_green"), ("forge_place", (1, 4)))
    assert feat(b, 0, "guardians_shield") == [
        ev("face_forged", 0, "shield_green", None, None, "guardians_shield", "dark:moon_1")]
    assert b.decider.asked[0].options == (
        "shield_red", "shield_blue", "shield_yellow", "shield_green")
    assert [f.id for f in b.g.gardens["shield"]] == ["shield_red", "shield_blue",
                                                     "shield_yellow"]


def test_cancer_gives_two_divine_blessings():
    b = bench()
    b.rolls((0, "light", "sun_1"), (0, "dark", "glory_2"),
            (0, "light", "gold_1"), (0, "dark", "moon_1"))
    assert feat(b, 0, "cancer") == [
        rolled(0, "sun_1", "light", "cancer"), rolled(0, "glory_2", "dark", "cancer"),
        gained(0, "sun", 1, "sun_1", "sun_1"), gained(0, "glory", 2, "glory_2", "glory_2"),
        rolled(0, "gold_1", "light", "cancer"), rolled(0, "moon_1", "dark", "cancer"),
        gained(0, "gold", 1, "gold_1", "gold_1"), gained(0, "moon", 1, "moon_1", "moon_1"),
    ]


def test_sphinx_gives_four_minor_blessings_with_the_chosen_die():
    b = bench()
    b.set_die(0, "dark", "gold_3", "glory_3")
    b.rolls((0, "dark", "gold_3"), (0, "dark", "glory_3"), (0, "dark", "moon_1"),
            (0, "dark", "gold_3"))
    b.decide(("minor_die", 1))
    events = feat(b, 0, "sphinx")
    assert [e for e in events if e["kind"] == "resource_gained"] == [
        gained(0, "gold", 3, "gold_3", "gold_3"), gained(0, "glory", 3, "glory_3", "glory_3"),
        gained(0, "moon", 1, "moon_1", "moon_1"), gained(0, "gold", 3, "gold_3", "gold_3"),
    ]
    assert [e["detail"] for e in events if e["kind"] == "die_rolled"] == ["dark"] * 4
    assert b.decider.kinds() == ["minor_die"]


def test_typhon_gives_one_glory_per_face_forged():
    b = bench(cards=ALTERNATES)
    b.give_card(0, "celestial_ship", ("forge_place", (0, 0)))
    b.give_card(0, "guardians_shield", ("garden_face", "shield_red"), ("forge_place", (0, 1)))
    b.p(0).forged += 1  # a face bought earlier
    assert feat(b, 0, "typhon") == [gained(0, "glory", 3, "typhon", "typhon")]


def test_typhon_with_no_forged_face_gives_nothing():
    b = bench(cards=ALTERNATES)
    assert feat(b, 0, "typhon") == []


def test_triton_token_gives_two_sun_two_moon_or_six_gold_once():
    b = bench(cards=ALTERNATES)
    assert feat(b, 0, "triton") == []
    assert b.p(0).res['triton'] == 1
    b.decide(("use_triton", "gold"))
    fire(b.g, b.p(0), OWN_TURN)
    assert b.decider.asked[0].options == ("keep", "sun", "moon", "gold")
    assert b.events() == [ev("token_used", 0, "triton", None, None, "triton"),
                          gained(0, "gold", 6, "triton", "triton")]
    assert (b.p(0).res['triton'], b.reserves(0)) == (0, reserves(gold=6))
    fire(b.g, b.p(0), OWN_TURN)
    assert len(b.decider.asked) == 1


@pytest.mark.parametrize(("choice", "resource", "amount"), [("sun", "sun", 2), ("moon", "moon", 2)])
def test_triton_token_shard_choices(choice, resource, amount):
    b = bench(cards=ALTERNATES)
    b.give_card(0, "triton")
    b.decide(("use_triton", choice))
    fire(b.g, b.p(0), OWN_TURN)
    assert b.events()[1] == gained(0, resource, amount, "triton", "triton")


def test_kept_triton_token_stays():
    b = bench(cards=ALTERNATES)
    b.give_card(0, "triton")
    b.decide(("use_triton", "keep"))
    fire(b.g, b.p(0), OWN_TURN)
    assert (b.events(), b.p(0).res['triton']) == ([], 1)


# --- Minotaur ------------------------------------------------------------------------------
def test_minotaur_makes_the_others_lose_what_they_roll():
    b = bench(players=3)
    b.set_reserves(1, gold=1, glory=5)
    b.set_reserves(2, gold=4, moon=1)
    b.set_die(1, "light", "gold_3")
    b.set_die(1, "dark", "gold3_or_glory2")
    b.set_die(2, "light", "ship")
    b.set_die(2, "dark", "boar:0")
    b.rolls((1, "light", "gold_3"), (1, "dark", "gold3_or_glory2"),
            (2, "light", "ship"), (2, "dark", "boar:0"))
    b.decide((1, "loss_choice", pick("glory", 2)),
             (0, "boar_bonus", "glory"), (2, "loss_choice", pick("moon", 1)))
    assert feat(b, 0, "minotaur") == [
        rolled(1, "gold_3", "light", "minotaur"), rolled(1, "gold3_or_glory2", "dark", "minotaur"),
        ev("resource_lost", 1, "gold_3", "gold", -1, "minotaur"),
        ev("resource_lost", 1, "gold3_or_glory2", "glory", -2, "minotaur"),
        rolled(2, "ship", "light", "minotaur"), rolled(2, "boar", "dark", "minotaur"),
        gained(0, "glory", 3, "tenacious_boar", "boar"),
        ev("resource_lost", 2, "boar", "moon", -1, "minotaur"),
    ]
    assert [b.reserves(s) for s in range(3)] == [
        reserves(glory=3), reserves(glory=3), reserves(gold=4)]
    assert len(b.g.sanctuary[0]) == 4


def test_minotaur_losses_of_an_empty_reserve_are_not_logged():
    b = bench()
    b.rolls((1, "light", "sun_1"), (1, "dark", "glory_2"))
    assert feat(b, 0, "minotaur") == [rolled(1, "sun_1", "light", "minotaur"),
                                      rolled(1, "glory_2", "dark", "minotaur")]
    assert b.reserves(1) == reserves()


def test_minotaur_loss_tripled_by_x3():
    b = bench()
    b.set_reserves(1, gold=10)
    b.set_die(1, "light", "x3")
    b.rolls((1, "light", "x3"), (1, "dark", "gold_1"))
    assert feat(b, 0, "minotaur")[2:] == [ev("resource_lost", 1, "gold_1", "gold", -1, "minotaur"),
                                          ev("resource_lost", 1, "gold_1", "gold", -2, "minotaur")]
    assert b.reserves(1) == reserves(gold=7)


# --- alternates with tokens, conversions and automatic effects ----------------------------
def test_great_bear_gives_three_glory_when_ousting_and_when_ousted():
    b = bench(cards=ALTERNATES)
    feat(b, 1, "great_bear")
    b.p(0).moon = 2
    b.rolls((1, "light", "gold_1"), (1, "dark", "glory_2"))
    turn.perform_feat(b.g, b.p(0), "great_bear", "action")
    assert b.events() == [  # seat 0's bear comes with the card, after the ousting
        ev("resource_spent", 0, "great_bear", "moon", -2, "great_bear"),
        ev("pawn_ousted", 1, "2", None, None, "great_bear", "0"),
        gained(1, "glory", 3, "great_bear", "great_bear"),
        rolled(1, "gold_1", "light", "ousted"), rolled(1, "glory_2", "dark", "ousted"),
        gained(1, "gold", 1, "gold_1", "gold_1"), gained(1, "glory", 2, "glory_2", "glory_2"),
        ev("feat_performed", 0, "great_bear", None, None, "action", "2"),
    ]
    b.set_reserves(0)
    b.set_reserves(1, moon=3)
    b.rolls((0, "light", "gold_1"), (0, "dark", "gold_1"))
    b.decide((0, "forge_place", (0, 5)))
    turn.perform_feat(b.g, b.p(1), "tenacious_boar", "action")
    assert b.events()[1:4] == [
        ev("pawn_ousted", 0, "2", None, None, "tenacious_boar", "1"),
        gained(1, "glory", 3, "great_bear", "great_bear"),
        gained(0, "glory", 3, "great_bear", "great_bear"),
    ]
    assert [b.reserves(s) for s in (0, 1)] == [reserves(gold=2, glory=3), reserves(glory=3)]
    assert (b.p(0).island, b.p(1).island) == (None, 2)


def test_great_bear_glory_counts_every_bear_card():
    b = bench(cards=ALTERNATES)
    b.give_card(0, "great_bear")
    b.give_card(1, "great_bear")
    b.give_card(1, "great_bear")
    feat(b, 1, "wild_spirits")
    b.set_reserves(1)
    b.rolls((1, "light", "gold_1"), (1, "dark", "glory_2"))
    b.p(0).sun = 1
    turn.perform_feat(b.g, b.p(0), "elder", "action")
    assert b.events("resource_gained")[:2] == [
        gained(0, "glory", 3, "great_bear", "great_bear"),
        gained(1, "glory", 6, "great_bear", "great_bear"),
    ]


def test_tenacious_boar_is_forged_by_the_chosen_opponent_where_they_choose():
    b = bench(players=3, cards=ALTERNATES)
    b.decide((0, "boar_target", 2), (2, "forge_place", (1, 5)))
    assert feat(b, 0, "tenacious_boar") == [
        ev("face_forged", 2, "boar", None, None, "tenacious_boar", "dark:glory_2")]
    assert b.decider.asked[0].options == (1, 2)
    assert b.p(2).dice[1][5].colour == 0
    assert (b.p(2).forged, b.p(0).forged) == (1, 0)


def test_a_boar_face_can_never_be_forged_over():
    b = bench(cards=ALTERNATES)
    b.give_card(0, "tenacious_boar", (1, "forge_place", (0, 0)))
    b.decide((1, "forge_place", (1, 0)))
    b.give_card(1, "helmet_of_invisibility")
    places = b.decider.asked[-1].options
    assert (0, 0) not in places
    assert places == ((0, 1), (0, 5), (1, 0), (1, 4), (1, 5))


def test_cerberus_token_applies_a_divine_blessing_again():
    b = bench(cards=ALTERNATES)
    assert feat(b, 0, "cerberus") == []
    b.set_die(0, "light", "gold1_or_sun1_or_moon1")
    b.rolls((0, "light", "gold1_or_sun1_or_moon1"), (0, "dark", "glory_2"))
    b.decide(("face_choice", pick("sun", 1)), ("use_cerberus", True),
             ("face_choice", pick("moon", 1)))
    divine_blessing(b.g, b.p(0), "divine_blessing")
    assert b.events()[2:] == [
        gained(0, "sun", 1, "gold1_or_sun1_or_moon1", "gold1_or_sun1_or_moon1"),
        gained(0, "glory", 2, "glory_2", "glory_2"),
        ev("token_used", 0, "cerberus", None, None, "cerberus"),
        gained(0, "moon", 1, "cerberus", "gold1_or_sun1_or_moon1"),
        gained(0, "glory", 2, "cerberus", "glory_2"),
    ]
    assert (b.p(0).res['cerberus'], b.reserves(0)) == (0, reserves(sun=1, moon=1, glory=4))


def test_cerberus_token_after_a_minor_blessing():
    b = bench(cards=ALTERNATES)
    b.give_card(0, "cerberus")
    b.give_card(0, "silver_hind")
    b.set_die(0, "dark", "gold_6")
    b.rolls((0, "dark", "gold_6"))
    b.decide(("reinforcement", "silver_hind"), ("minor_die", 1), ("use_cerberus", True))
    turn.call_reinforcements(b.g, b.p(0))
    assert b.events()[2:] == [
        gained(0, "gold", 6, "gold_6", "gold_6"),
        ev("token_used", 0, "cerberus", None, None, "cerberus"),
        gained(0, "gold", 6, "cerberus", "gold_6"),
    ]


def test_cerberus_credits_an_x3_result_applied_again_wholly_to_cerberus():
    b = bench(cards=ALTERNATES)
    b.give_card(0, "cerberus")
    b.set_die(0, "light", "x3")
    b.rolls((0, "light", "x3"), (0, "dark", "glory_2"))
    b.decide(("use_cerberus", True))
    divine_blessing(b.g, b.p(0), "divine_blessing")
    assert b.events()[2:] == [
        gained(0, "glory", 2, "glory_2", "glory_2"), gained(0, "glory", 4, "x3", "glory_2"),
        ev("token_used", 0, "cerberus", None, None, "cerberus"),
        gained(0, "glory", 2, "cerberus", "glory_2"), gained(0, "glory", 4, "cerberus", "glory_2"),
    ]
    assert b.reserves(0) == reserves(glory=12)


def test_cerberus_token_declined_is_kept():
    b = bench(cards=ALTERNATES)
    b.give_card(0, "cerberus")
    b.rolls((0, "light", "gold_1"), (0, "dark", "gold_1"))
    b.decide(("use_cerberus", False))
    divine_blessing(b.g, b.p(0), "divine_blessing")
    assert (b.p(0).res['cerberus'], b.reserves(0)) == (1, reserves(gold=2))


def test_sentinel_turns_shards_into_two_glory_during_its_blessings():
    b = bench(cards=ALTERNATES)
    b.set_die(0, "light", "sun_2")
    b.rolls((0, "light", "sun_2"), (0, "dark", "moon_1"), (0, "light", "gold_1"),
            (0, "dark", "glory_2"))
    b.decide(("convert", 1), ("convert", 1))
    assert feat(b, 0, "sentinel") == [
        rolled(0, "sun_2", "light", "sentinel"), rolled(0, "moon_1", "dark", "sentinel"),
        ev("resource_gained", 0, "sun_2", "glory", 2, "sentinel"),
        gained(0, "sun", 1, "sun_2", "sun_2"),
        ev("resource_gained", 0, "moon_1", "glory", 2, "sentinel"),
        rolled(0, "gold_1", "light", "sentinel"), rolled(0, "glory_2", "dark", "sentinel"),
        gained(0, "gold", 1, "gold_1", "gold_1"), gained(0, "glory", 2, "glory_2", "glory_2"),
    ]
    assert [d.options for d in b.decider.asked] == [(0, 1, 2), (0, 1)]
    assert b.reserves(0) == reserves(gold=1, sun=1, glory=6)
    assert b.p(0).hooks == {}  # the conversion lasts only for the card's blessings


def test_sentinel_conversion_ends_with_its_blessings():
    b = bench(cards=ALTERNATES)
    b.rolls((0, "light", "sun_1"), (0, "dark", "gold_1"), (0, "light", "gold_1"),
            (0, "dark", "gold_1"))
    b.decide(("convert", 0))
    feat(b, 0, "sentinel")
    b.rolls((0, "light", "sun_1"), (0, "dark", "moon_1"))
    divine_blessing(b.g, b.p(0), "divine_blessing")
    assert b.decider.kinds() == ["convert"]
    assert b.reserves(0) == reserves(gold=3, sun=2, moon=1)


def test_cyclops_turns_gold_into_glory_during_four_minor_blessings():
    b = bench(cards=ALTERNATES)
    b.set_die(0, "light", "gold_4", "sun_2")
    b.rolls((0, "light", "gold_4"), (0, "light", "sun_2"), (0, "light", "gold_4"),
            (0, "light", "gold_1"))
    b.decide(("minor_die", 0), ("convert", 4), ("convert", 1), ("convert", 0))
    events = feat(b, 0, "cyclops")
    assert [e for e in events if e["kind"] != "die_rolled"] == [
        ev("resource_gained", 0, "gold_4", "glory", 4, "cyclops"),
        gained(0, "sun", 2, "sun_2", "sun_2"),
        ev("resource_gained", 0, "gold_4", "glory", 1, "cyclops"),
        gained(0, "gold", 3, "gold_4", "gold_4"),
        gained(0, "gold", 1, "gold_1", "gold_1"),
    ]
    assert b.reserves(0) == reserves(gold=4, sun=2, glory=5)


# --- printed card Glory --------------------------------------------------------------------
def test_printed_card_glory_is_scored_at_the_end():
    b = bench()
    for card_id in ("hydra", "ferryman", "elder"):
        b.give_card(0, card_id)
    b.give_card(1, "gorgon")
    b.set_reserves(0, glory=7)
    turn.end_game(b.g)
    assert b.events() == [
        gained(0, "glory", 26, "hydra", "hydra"),
        gained(0, "glory", 12, "ferryman", "ferryman"),
        gained(1, "glory", 14, "gorgon", "gorgon"),
        ev("game_ended", 0, None, None, 45, "final_score", "1"),
        ev("game_ended", 1, None, None, 14, "final_score", "2"),
    ]
    assert b.g.over


def test_card_glory_on_purchase_option_scores_when_the_feat_is_done():
    b = bench(rules=RuleOptions(card_glory="purchase"))
    assert feat(b, 0, "gorgon") == [gained(0, "glory", 14, "gorgon", "gorgon")]
    b.p(0).sun = 2
    turn.perform_feat(b.g, b.p(0), "guardians_owl", "action")
    assert b.events() == paid(0, "guardians_owl") + [
        gained(0, "glory", 4, "guardians_owl", "guardians_owl")]
    turn.end_game(b.g)
    assert b.events() == [ev("game_ended", 0, None, None, 18, "final_score", "1"),
                          ev("game_ended", 1, None, None, 0, "final_score", "2")]


# Printed Glory and cost of the 24 base cards (REFERENCE.md §5.1, §5.2).
PRINTED = {
    "blacksmiths_hammer": (0, 1, 0), "blacksmiths_chest": (2, 1, 0), "silver_hind": (2, 2, 0),
    "satyrs": (6, 3, 0), "ferryman": (12, 4, 0), "helmet_of_invisibility": (4, 5, 0),
    "cancer": (8, 6, 0), "hydra": (26, 5, 5), "elder": (0, 0, 1), "wild_spirits": (2, 0, 1),
    "guardians_owl": (4, 0, 2), "minotaur": (8, 0, 3), "gorgon": (14, 0, 4),
    "mirror_of_the_abyss": (10, 0, 5), "sphinx": (10, 0, 6), "great_bear": (2, 2, 0),
    "tenacious_boar": (4, 3, 0), "cerberus": (6, 4, 0), "sentinel": (6, 6, 0),
    "typhon": (16, 5, 5), "celestial_ship": (4, 0, 2), "guardians_shield": (6, 0, 3),
    "triton": (8, 0, 4), "cyclops": (8, 0, 6),
}


@pytest.mark.parametrize("card_id", sorted(PRINTED))
def test_each_card_scores_its_printed_glory_once_at_the_end(card_id):
    b = bench()
    b.p(0).cards.append(CARDS[card_id])
    turn.end_game(b.g)
    glory, moon, sun = PRINTED[card_id]
    assert (CARDS[card_id].moon, CARDS[card_id].sun) == (moon, sun)
    assert b.p(0).glory == glory
    assert sum(e["amount"] for e in b.events("resource_gained")) == glory


def test_triton_token_can_pay_for_the_elder_in_the_reinforcement_step():
    b = bench(cards=ALTERNATES)
    b.give_card(0, "triton")
    b.give_card(0, "elder")
    b.decide(("use_triton", "gold"), ("reinforcement", "elder"))
    turn.call_reinforcements(b.g, b.p(0))
    b.check_scripts_used()
    assert b.events() == [
        ev("token_used", 0, "triton", None, None, "triton"),
        gained(0, "gold", 6, "triton", "triton"),
        ev("reinforcement_used", 0, "elder", None, None, "elder"),
        ev("resource_spent", 0, "elder", "gold", -3, "elder"),
        gained(0, "glory", 4, "elder", "elder"),
    ]
    assert b.reserves(0) == reserves(gold=3, glory=4)
