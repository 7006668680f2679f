"""The Eternal Night (Rebellion, M7): every other player loses 1 Moon and 1 Sun Shard; the buyer
gains what was actually lost (the seed's note), within the reserve's caps."""

from __future__ import annotations

from pathlib import Path

from harness import Bench, ev, reserves

from analytics.games.diceforge.rules import turn
from analytics.games.diceforge.rules.components import CARDS

SET = str(Path(__file__).parent / "sets" / "eternal-night.toml")
NIGHT = "eternal_night"


def bench(*others: tuple[int, int], sun: int = 0) -> Bench:
    """Seat 0 (6 Moon to pay, `sun` Sun) and one seat per (moon, sun) pair after it."""
    b = Bench(players=1 + len(others), cards=SET)
    b.set_reserves(0, moon=6, sun=sun)
    for seat, (moon, sun_held) in enumerate(others, start=1):
        b.set_reserves(seat, moon=moon, sun=sun_held)
    return b


def buy(b: Bench) -> list[dict]:
    turn.perform_feat(b.g, b.p(0), NIGHT, "action")
    return b.events()[2:]  # after the Moon paid and the feat logged


def lost(seat: int, res: str) -> dict:
    return ev("resource_lost", seat, NIGHT, res, -1, NIGHT)


def won(res: str, amount: int) -> dict:
    return ev("resource_gained", 0, NIGHT, res, amount, NIGHT)


def test_the_eternal_night_is_a_rebellion_card_on_m7():
    card = CARDS[NIGHT]
    assert (card.slot, card.moon, card.sun, card.glory, card.timing, card.origin) == (
        "M7", 6, 0, 8, "immediate", "rebellion")


def test_every_other_player_loses_1_moon_and_1_sun_and_the_buyer_gains_them():
    b = bench((2, 3), (4, 1), (1, 1))
    assert buy(b) == [lost(1, "moon"), lost(1, "sun"), lost(2, "moon"), lost(2, "sun"),
                      lost(3, "moon"), lost(3, "sun"), won("moon", 3), won("sun", 3)]
    assert [b.reserves(seat) for seat in range(4)] == [
        reserves(moon=3, sun=3), reserves(moon=1, sun=2), reserves(moon=3), reserves()]


def test_note_players_lose_what_they_can_and_the_buyer_gains_only_that():
    b = bench((0, 2), (1, 0), (0, 0))
    assert buy(b) == [lost(1, "sun"), lost(2, "moon"), won("moon", 1), won("sun", 1)]
    assert b.reserves(0) == reserves(moon=1, sun=1)


def test_nobody_holding_shards_gives_nothing():
    b = bench((0, 0))
    assert buy(b) == []
    assert b.reserves(0) == reserves()


def test_what_exceeds_the_buyers_cap_is_lost_as_with_any_gain():
    b = bench((1, 1), (1, 1), sun=5)
    assert buy(b)[-2:] == [won("sun", 1),
                           ev("resource_overflowed", 0, NIGHT, "sun", 1, NIGHT)]
    assert [b.reserves(seat) for seat in range(3)] == [
        reserves(moon=2, sun=6), reserves(), reserves()]
