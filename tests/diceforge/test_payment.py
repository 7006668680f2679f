"""Issue 36: a reserve that holds exactly the cost pays it, with no other source."""

from __future__ import annotations

from harness import Bench

from analytics.games.diceforge.rules.components import MOON, SUN
from analytics.games.diceforge.rules.payment import CARD, FEAT, can_pay, funds, shortfall


def test_a_reserve_holding_exactly_the_cost_pays_and_one_less_does_not():
    b = Bench(players=2)
    b.set_reserves(0, sun=2, moon=1)
    p = b.p(0)
    assert shortfall(p, ((SUN, 2), (MOON, 1))) == {}
    assert can_pay(b.g, p, ((SUN, 2), (MOON, 1)), FEAT)
    assert shortfall(p, ((SUN, 3), (MOON, 1))) == {SUN: 1}
    assert not can_pay(b.g, p, ((SUN, 3),), CARD)
    assert funds(b.g, p, SUN, CARD) == 2
