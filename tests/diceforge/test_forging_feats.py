"""The Ancestor (M5), The Wood Nymph (F2) and The Abyssal Trident (F6) (Rebellion): every note
of the seed and REFERENCE.md §6.1, scripted exactly."""

from __future__ import annotations

from pathlib import Path

import pytest
from harness import Bench, ev, gained, reserves, rolled
from hypothesis import given, settings
from hypothesis import strategies as st

from analytics.games.diceforge.cards.rebellion_forge import cheapest_glory_faces, shows_glory
from analytics.games.diceforge.catalogue import catalogue_of_cards
from analytics.games.diceforge.rules import turn
from analytics.games.diceforge.rules.components import CARDS
from analytics.games.diceforge.rules.content import load_card_set
from analytics.games.diceforge.rules.options import RuleOptions
from analytics.games.diceforge.tools.pairing import with_card

SET = str(Path(__file__).parent / "sets" / "rebellion-forge-goldsmith.toml")


def bench(players: int = 3, rules: RuleOptions | None = None, cards: str = SET) -> Bench:
    """Three players keep all four faces of every Sanctuary pool; empty reserves."""
    b = Bench(players=players, cards=cards, rules=rules)
    for seat in range(players):
        b.set_reserves(seat)
    return b


def forged(face: str, place: str, card: str) -> dict:
    return ev("face_forged", 0, face, None, None, card, place)


def feat(b: Bench, card_id: str) -> list[dict]:
    """Seat 0 performs `card_id` with just its cost in shards; the events after the payment."""
    card = CARDS[card_id]
    p = b.p(0)
    p.moon, p.sun = p.moon + card.moon, p.sun + card.sun
    turn.perform_feat(b.g, p, card_id, "action")
    return b.events()[2:]  # after the shards spent and the feat performed


def pool(b: Bench, face_id: str) -> list[str]:
    return [f.id for pool in b.g.sanctuary for f in pool if f.id == face_id]


@pytest.mark.parametrize("card_id, slot, moon, sun, glory", [
    ("ancestor", "M5", 4, 0, 6), ("wood_nymph", "F2", 0, 1, 2),
    ("abyssal_trident", "F6", 0, 5, 12)])
def test_the_cards_stand_on_their_slots_with_their_cost_and_glory(card_id, slot, moon, sun,
                                                                  glory):
    card = CARDS[card_id]
    assert (card.slot, card.moon, card.sun, card.glory, card.timing, card.origin) == (
        slot, moon, sun, glory, "immediate", "rebellion")
    assert load_card_set(SET).cards[slot] is card


# --- The Ancestor ------------------------------------------------------------------------------
def test_ancestor_forges_the_cheapest_glory_face_free_then_blesses_with_that_die():
    b = bench()
    b.decide(("ancestor_face", "sun1_glory1"), ("forge_place", (1, 0)))
    b.rolls((0, "dark", 0))  # the side just forged
    assert feat(b, "ancestor") == [
        forged("sun1_glory1", "dark:gold_1", "ancestor"),
        rolled(0, "sun1_glory1", "dark", "ancestor"),
        gained(0, "sun", 1, "sun1_glory1", "sun1_glory1"),
        gained(0, "glory", 1, "sun1_glory1", "sun1_glory1")]
    assert b.decider.asked[0].options == ("decline", "sun1_glory1")  # 4 gold: the cheapest
    assert b.reserves(0) == reserves(sun=1, glory=1)  # nothing paid for the face
    assert pool(b, "sun1_glory1") == []


def test_a_face_shows_glory_when_glory_is_one_of_its_choices():
    """Seed note: the symbol appears on it; once the 4-gold face is gone, the 5-gold choice."""
    b = bench()
    b.g.sanctuary[4][:] = [f for f in b.g.sanctuary[4] if f.id != "sun1_glory1"]
    b.decide(("ancestor_face", "gold3_or_glory2"), ("forge_place", (0, 0)),
             ("face_choice", (("glory", 2),)))
    b.rolls((0, "light", 0))
    feat(b, "ancestor")
    assert b.decider.asked[0].options == ("decline", "gold3_or_glory2")
    assert b.reserves(0) == reserves(glory=2)


def test_two_players_may_have_lost_the_four_gold_glory_face_at_setup():
    b = bench(players=2)  # the bench keeps gold_6 and the 1-of-3 choice in the 4-gold pool
    b.decide(("ancestor_face", "decline"), ("minor_die", 0))
    b.rolls((0, "light", "gold_1"))
    feat(b, "ancestor")
    assert b.decider.asked[0].options == ("decline", "gold3_or_glory2")


def test_ties_for_the_cheapest_are_a_choice():
    b = bench()
    for i in (4, 5, 8):  # the 4, 5 and 8-gold pools holding Glory faces, emptied
        b.g.sanctuary[i].clear()
    b.decide(("ancestor_face", "moon2_glory2"), ("forge_place", (0, 0)))
    b.rolls((0, "light", 0))
    feat(b, "ancestor")
    assert b.decider.asked[0].options == ("decline", "glory_4", "moon2_glory2",
                                          "gold1_sun1_moon1_glory1")
    assert b.reserves(0) == reserves(moon=2, glory=2)


def test_with_no_glory_face_left_a_minor_blessing_with_any_die():
    """Seed note 2."""
    b = bench()
    for i in (4, 5, 8, 9):
        b.g.sanctuary[i][:] = [f for f in b.g.sanctuary[i] if "glory" not in f.resources]
    b.decide(("minor_die", 1))
    b.rolls((0, "dark", "glory_2"))
    assert feat(b, "ancestor") == [rolled(0, "glory_2", "dark", "ancestor"),
                                   gained(0, "glory", 2, "glory_2", "glory_2")]
    assert b.decider.kinds() == ["minor_die"]


def test_declining_the_face_still_gives_the_minor_blessing_by_default():
    b = bench()
    b.decide(("ancestor_face", "decline"), ("minor_die", 0))
    b.rolls((0, "light", "sun_1"))
    assert feat(b, "ancestor") == [rolled(0, "sun_1", "light", "ancestor"),
                                   gained(0, "sun", 1, "sun_1", "sun_1")]
    assert pool(b, "sun1_glory1") == ["sun1_glory1"]


def test_declining_gives_nothing_with_the_rule_option_nothing():
    b = bench(rules=RuleOptions(ancestor_decline="nothing"))
    b.decide(("ancestor_face", "decline"))
    assert feat(b, "ancestor") == []
    assert b.decider.kinds() == ["ancestor_face"]


# --- The Wood Nymph ----------------------------------------------------------------------------
def test_wood_nymph_gives_four_gold_then_buys_one_face_at_its_cost():
    b = bench()
    b.p(0).gold = 1
    b.decide(("nymph_buy", "gold_6"), ("forge_place", (0, 0)))
    assert feat(b, "wood_nymph") == [
        gained(0, "gold", 4, "wood_nymph", "wood_nymph"),
        ev("resource_spent", 0, "gold_6", "gold", -4, "gold_6"),
        forged("gold_6", "light:gold_1", "wood_nymph")]
    asked = b.decider.asked[0]
    assert (asked.kind, asked.context) == ("nymph_buy", 0)  # no discount
    # The seed: "then buy any die face" (no "may"): no skip while a face is affordable.
    assert "skip" not in asked.options and "gold_6" in asked.options
    assert "moon_2" not in asked.options  # 6 gold: more than the 5 held
    assert b.reserves(0) == reserves(gold=1)


def test_wood_nymph_buys_nothing_when_no_face_is_affordable():
    b = bench()
    for pool_ in b.g.sanctuary[:4]:
        pool_.clear()
    b.g.sanctuary[4].clear()
    b.g.sanctuary[5].clear()  # the cheapest face left costs 6 gold, more than the 4 given
    assert feat(b, "wood_nymph") == [gained(0, "gold", 4, "wood_nymph", "wood_nymph")]
    assert b.decider.asked == []


def test_wood_nymph_buy_may_be_declined_with_the_rule_option_may():
    b = bench(rules=RuleOptions(nymph_buy="may"))
    b.decide(("nymph_buy", "skip"))
    assert feat(b, "wood_nymph") == [gained(0, "gold", 4, "wood_nymph", "wood_nymph")]
    assert b.decider.kinds() == ["nymph_buy"]
    assert b.reserves(0) == reserves(gold=4)


def test_wood_nymph_gold_respects_the_cap_and_one_face_only():
    b = bench()
    b.p(0).gold = 10
    b.decide(("nymph_buy", "glory_4"), ("forge_place", (1, 0)))
    events = feat(b, "wood_nymph")
    assert events[:2] == [gained(0, "gold", 2, "wood_nymph", "wood_nymph"),
                          ev("resource_overflowed", 0, "wood_nymph", "gold", 2, "wood_nymph")]
    assert b.decider.kinds() == ["nymph_buy", "forge_place"]
    assert b.reserves(0) == reserves(gold=0)


# --- The Abyssal Trident -----------------------------------------------------------------------
def test_trident_spends_all_reserve_gold_then_forges_any_temple_face_for_free():
    b = bench()
    b.p(0).gold = 7
    b.decide(("trident_face", "glory_4"), ("forge_place", (1, 0)))
    assert feat(b, "abyssal_trident") == [
        ev("resource_spent", 0, "abyssal_trident", "gold", -7, "abyssal_trident"),
        forged("glory_4", "dark:gold_1", "abyssal_trident")]
    assert b.reserves(0) == reserves()
    assert pool(b, "glory_4") == []


def test_trident_offers_the_sanctuary_and_the_gardens_of_no_card_in_the_set():
    """Note: the set's Helmet gives the x3, so the x3 cannot be chosen; the Mirror, Ship and
    Shields come from no card of this set."""
    b = bench()
    b.decide(("trident_face", "shield_green"), ("forge_place", (0, 0)))
    feat(b, "abyssal_trident")
    options = b.decider.asked[0].options
    sanctuary = tuple(dict.fromkeys(f.id for pool in b.g.sanctuary for f in pool))
    assert options == sanctuary + ("mirror", "ship", "shield_red", "shield_blue",
                                   "shield_yellow", "shield_green")
    assert [f.id for f in b.g.gardens["shield"]] == ["shield_red", "shield_blue", "shield_yellow"]
    assert b.die(0, "light")[0] == "shield_green"


def test_trident_excludes_the_faces_of_every_garden_card_in_the_set():
    cards = with_card(with_card(load_card_set(SET), "F4", "guardians_shield"), "F3",
                      "celestial_ship")
    b = bench()
    b.g.slots = dict(cards.cards)  # the Shield on F4 and the Ship on F3
    b.decide(("trident_face", "mirror"), ("forge_place", (0, 0)))
    feat(b, "abyssal_trident")
    options = b.decider.asked[0].options
    assert options[-1:] == ("mirror",) and "ship" not in options and "x3" not in options
    assert not any(face.startswith("shield") for face in options)


def test_trident_works_with_no_gold_and_leaves_scepter_gold_alone():
    """Note 2: 0 gold is allowed; the Hero Inventory reserve only."""
    b = bench()
    b.give_card(0, "blacksmiths_scepter")
    b.p(0).tracks["blacksmiths_scepter"] = [3]  # no shard to offer
    b.decide(("trident_face", "gold_3"), ("forge_place", (0, 0)))
    assert feat(b, "abyssal_trident") == [forged("gold_3", "light:gold_1", "abyssal_trident")]
    assert b.p(0).tracks["blacksmiths_scepter"] == [3]


def test_the_catalogue_lists_the_garden_faces_the_trident_may_forge():
    """A run's catalogue holds every face its games could forge (the faces tables join it)."""
    cards = load_card_set(SET).cards
    rows = catalogue_of_cards(list(cards.items()))
    garden = {row["component"]: row["from_card"] for row in rows if row["source"] == "garden"}
    assert garden == {"x3": "helmet_of_invisibility", "mirror": "abyssal_trident",
                      "ship": "abyssal_trident", "shield_red": "abyssal_trident",
                      "shield_blue": "abyssal_trident", "shield_yellow": "abyssal_trident",
                      "shield_green": "abyssal_trident"}
    without = catalogue_of_cards([(s, c) for s, c in with_card(
        load_card_set(SET), "F6", "mirror_of_the_abyss").cards.items()])
    assert [r["component"] for r in without if r["source"] == "garden"] == ["x3", "mirror"]


@settings(max_examples=80, deadline=None)
@given(st.lists(st.booleans(), min_size=40, max_size=40))
def test_the_cheapest_glory_faces_are_those_of_the_lowest_cost_among_all_left(kept):
    """Whatever faces are gone: every distinct face left showing Glory at the lowest cost of
    those, in Sanctuary order (the scan that stops past that cost finds the same)."""
    b = Bench(players=4)
    flags = iter(kept)
    for pool in b.g.sanctuary:
        pool[:] = [f for f in pool if next(flags, True)]
    glory = [f for pool in b.g.sanctuary for f in pool if shows_glory(f)]
    cost = min((f.cost for f in glory), default=None)
    assert cheapest_glory_faces(b.g) == tuple(dict.fromkeys(
        f.id for f in glory if f.cost == cost))
