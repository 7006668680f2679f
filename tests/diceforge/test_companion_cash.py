"""The Companion's cash decision scores feats lazily: the answer is that of scoring them all
(the best feat either way, less the best paid now or 0, against the threshold)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from analytics.games.diceforge.bots.rebellion_forge import _gains_more

SCORES = st.lists(st.floats(-20, 40, allow_nan=False), max_size=6)


class Scored:
    """A bot whose feat scores are given, counting how many it was asked for."""

    def __init__(self, scores: dict[str, float]) -> None:
        self.scores, self.asked = scores, 0

    def feat_score(self, o, card_id: str) -> float:
        self.asked += 1
        return self.scores[card_id]


@given(SCORES, st.lists(st.floats(-20, 40, allow_nan=False), min_size=1, max_size=6),
       st.floats(-5, 30, allow_nan=False))
def test_lazy_scoring_answers_as_scoring_every_feat(now, later, threshold):
    scores = {f"now{i}": x for i, x in enumerate(now)} | {f"later{i}": x
                                                          for i, x in enumerate(later)}
    bot = Scored(scores)
    best_now = max(now, default=0.0)
    expected = max(now + later) - best_now > threshold
    assert _gains_more(bot, None, [f"now{i}" for i in range(len(now))],
                       [f"later{i}" for i in range(len(later))], threshold) == expected
    assert bot.asked <= len(now) + len(later)


def test_a_feat_paid_now_that_closes_the_gap_stops_the_scoring():
    bot = Scored({"a": 10.0, "b": 9.0, "c": 1.0, "later": 11.0})
    assert not _gains_more(bot, None, ["a", "b", "c"], ["later"], 2.0)
    assert bot.asked == 2  # 'later', then 'a': the gap (1) is already below 2
