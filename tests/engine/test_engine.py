"""Engine contracts: seeds, ranking and win shares, decision checking."""

import pytest

from analytics.engine import derive_seed
from analytics.engine.decisions import DecisionError
from analytics.engine.loop import Decider, rank_seats


def test_derive_seed_is_stable_and_distinct():
    assert derive_seed(1, "diceforge", 0) == derive_seed(1, "diceforge", 0)
    assert derive_seed(1, "diceforge", 0) != derive_seed(1, "diceforge", 1)
    assert 0 <= derive_seed("x") < 2**63


def test_rank_seats_single_winner():
    assert rank_seats([(10,), (30,), (20,)]) == ([3, 1, 2], [0.0, 1.0, 0.0])


def test_rank_seats_tied_winners_share_one_win():
    ranks, shares = rank_seats([(30,), (30,), (5,), (30,)])
    assert ranks == [1, 1, 4, 1]
    assert shares == [pytest.approx(1 / 3)] * 2 + [0.0, pytest.approx(1 / 3)]


def test_rank_seats_tiebreak_key_orders_equal_scores():
    assert rank_seats([(30, 2), (30, 5)]) == ([2, 1], [0.0, 1.0])


class Always:
    name = "always"
    params: dict = {}

    def __init__(self, answer):
        self.answer = answer

    def choose(self, view, decision, rng):
        return self.answer


def test_decider_rejects_illegal_answer_and_skips_forced_moves():
    decider = Decider([Always("z")], seed=1)
    assert decider.decide(0, "pick", ("only",)) == "only"
    assert decider.count == 0
    with pytest.raises(DecisionError, match="always answered 'z' to pick"):
        decider.decide(0, "pick", ("a", "b"))
