"""The player's state shape: a resource map with caps, hook registrations as plain data,
copied independently (what a state clone builds on)."""

from __future__ import annotations

from harness import Bench

from analytics.games.diceforge.rules.components import FACES


def test_a_player_copy_shares_nothing_mutable_with_the_original():
    b = Bench(players=2)
    for card_id in ("blacksmiths_hammer", "elder", "cerberus"):
        b.give_card(0, card_id)
    p = b.set_reserves(0)
    p.tracks["blacksmiths_scepter"] = [4]
    q = p.copy()
    assert q == p
    q.res["gold"] += 5
    q.caps["gold"] += 4
    q.dice[0][0] = FACES["sun_2"]
    q.up[1] = FACES["sun_2"]
    q.cards.pop()
    q.hooks["reinforcement"] += (("elder", "elder"),)
    del q.hooks["gain_gold"]
    q.tracks["blacksmiths_scepter"][0] = 0
    assert q != p
    assert (p.res["gold"], p.caps["gold"], p.dice[0][0].id, p.up[1].id, len(p.cards)) == (
        0, 12, "gold_1", "gold_1", 3)
    assert p.hooks == {"gain_gold": (("blacksmiths_hammer", "hammer_track"),),
                       "reinforcement": (("elder", "elder"),),
                       "blessed": (("cerberus", "cerberus"),)}
    assert p.tracks == {"blacksmiths_scepter": [4]}


def test_reserves_read_as_attributes_are_the_map():
    b = Bench(players=2)
    p = b.set_reserves(0, gold=3, sun=2, moon=1, glory=7)
    assert p.res == {"gold": 3, "sun": 2, "moon": 1, "glory": 7}
    assert (p.gold, p.sun, p.moon, p.glory, p.amount("hammer")) == (3, 2, 1, 7, 0)
