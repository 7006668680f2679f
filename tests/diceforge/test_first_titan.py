"""The First Titan (Rebellion, M8): a feat costing 1 Moon or 1 Sun Shard, free, pawn unmoved,
its effects applied as usual; none left, no effect (the seed's notes)."""

from __future__ import annotations

from pathlib import Path

from harness import Bench, ev, gained, reserves

from analytics.games.diceforge.rules import turn
from analytics.games.diceforge.rules.components import AFTER_FEAT, CARDS, REINFORCEMENT
from analytics.games.diceforge.rules.hooks import HANDLERS, register

SET = str(Path(__file__).parent / "sets" / "rebellion-players.toml")
TITAN = "first_titan"
ONE_SHARD = ("blacksmiths_scepter", "blacksmiths_chest", "elder", "wild_spirits")


def bench(players: int = 2) -> Bench:
    b = Bench(players=players, cards=SET)
    for seat in range(players):
        b.set_reserves(seat, moon=5 if seat == 0 else 0, sun=5 if seat == 0 else 0)
    return b


def buy(b: Bench, *decisions) -> list[dict]:
    """Seat 0 performs The First Titan; the events after its own feat_performed."""
    b.decide(*decisions)
    turn.perform_feat(b.g, b.p(0), TITAN, "action")
    b.check_scripts_used()
    events = b.events()
    return events[events.index(ev("feat_performed", 0, TITAN, None, None, "action", "4")) + 1:]


def taken(card_id: str, island: str) -> dict:
    return ev("feat_performed", 0, card_id, None, None, TITAN, island)


def test_the_first_titan_is_a_rebellion_card_on_m8():
    card = CARDS[TITAN]
    assert (card.slot, card.moon, card.sun, card.glory, card.timing, card.origin) == (
        "M8", 5, 5, 20, "immediate", "rebellion")


def test_a_chosen_one_shard_feat_is_performed_free_and_its_effect_applies():
    b = bench()
    assert buy(b, ("first_titan_feat", "wild_spirits")) == [
        taken("wild_spirits", "7"), gained(0, "gold", 3, "wild_spirits", "wild_spirits"),
        gained(0, "moon", 3, "wild_spirits", "wild_spirits")]
    assert b.decider.asked[0].options == ONE_SHARD  # slot order; no 2-shard card (Great Bear)
    assert b.reserves(0) == reserves(gold=3, moon=3)
    assert [c.id for c in b.p(0).cards] == [TITAN, "wild_spirits"]
    assert (b.g.stacks["F2"], b.g.stacks["M8"]) == (1, 1)


def test_the_pawn_stays_and_the_hero_on_that_island_is_not_ousted():
    b = bench()
    b.p(1).island, b.g.islands[7] = 7, 1
    events = buy(b, ("first_titan_feat", "elder"))
    assert events == [taken("elder", "7")]
    assert (b.p(0).island, b.p(1).island, b.g.islands[4], b.g.islands[7]) == (4, 7, 0, 1)


def test_the_card_taken_is_owned_with_its_hooks_and_its_after_feat_fires(monkeypatch):
    seen: list[str] = []
    monkeypatch.setitem(HANDLERS, "test_after_feat",
                        lambda g, p, card_id, card: seen.append(card.id))
    b = bench()
    register(b.p(0), AFTER_FEAT, "test", "test_after_feat")
    buy(b, ("first_titan_feat", "elder"))
    assert seen == ["elder", TITAN]  # the Titans module's Rebellion zone would see both
    assert b.p(0).hooks[REINFORCEMENT] == (("elder", "elder"),)


def test_the_last_one_shard_card_is_taken_without_a_choice():
    b = bench()
    for slot in ("M1", "M2", "F1"):
        b.g.stacks[slot] = 0
    assert buy(b)[0] == taken("wild_spirits", "7")
    assert [d.options for d in b.decider.asked] == [("wild_spirits",)]


def test_no_one_shard_card_left_means_no_effect():
    b = bench()
    for slot in ("M1", "M2", "F1", "F2"):
        b.g.stacks[slot] = 0
    assert buy(b) == []
    assert b.decider.asked == [] and b.reserves(0) == reserves()
