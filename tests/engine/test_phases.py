"""The engine's phase machine on a made-up game: the position is data, run until over."""

from __future__ import annotations

from dataclasses import dataclass, field

from analytics.engine.phases import Phases
from tests.engine.toy import plain_only

pytestmark = plain_only  # a plain Python state (see toy.py)


@dataclass
class Count:
    phase: str = "deal"
    over: bool = False
    hands: int = 0
    trace: list[str] = field(default_factory=list)


def _deal(s: Count) -> None:
    s.trace.append("deal")
    s.phase = "play"


def _play(s: Count) -> None:
    s.trace.append("play")
    s.hands += 1
    s.phase = "deal" if s.hands < 2 else "score"


def _score(s: Count) -> None:
    s.trace.append("score")
    s.over = True


PHASES = Phases({"deal": _deal, "play": _play, "score": _score})


def test_run_plays_steps_from_the_state_phase_until_over():
    s = Count()
    PHASES.run(s)
    assert s.trace == ["deal", "play", "deal", "play", "score"]
    PHASES.run(s)  # over: nothing more
    assert len(s.trace) == 5


def test_a_state_resumes_from_its_phase_and_run_until_stops_before_a_phase():
    s = Count(phase="play", hands=1)
    PHASES.run_until(s, "score")
    assert s.trace == ["play"] and s.phase == "score" and not s.over
    PHASES.run(s)
    assert s.trace == ["play", "score"] and s.over
