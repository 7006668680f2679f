"""The engine's clone on a made-up state: built from what each class declares it holds, sharing
nothing mutable, with its own channels out and a log that continues without past rows."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from analytics.engine.clone import (
    clone,
    copied,
    each_cloned,
    each_copied,
    given,
    holds,
    plan,
    shared,
)
from analytics.engine.events import EventLog


@dataclass(frozen=True)
class Rules:
    turns: int


@dataclass
class Hand:
    seat: int
    cards: list[str] = field(default_factory=list)
    purse: dict[str, int] = field(default_factory=dict)
    piles: tuple[list[str], ...] = ([], [])


holds(Hand, seat=shared, cards=copied, purse=copied, piles=each_copied)


@dataclass
class Round:
    rules: Rules
    hands: tuple[Hand, ...]
    bags: dict[str, list[str]]
    log: EventLog
    chance: object
    phase: str = "deal"
    seen: int = field(init=False, default=0)  # derived: rebuilt by the constructor


holds(Round, rules=shared, hands=each_cloned, bags=each_copied, log=EventLog.continued,
      chance=given, phase=shared)


def _round() -> Round:
    log = EventLog()
    log.round, log.active_seat = 3, 1
    log.emit(0, "dealt")
    log.emit(1, "dealt")
    hands = (Hand(0, ["a"], {"coin": 2}, (["x"], [])), Hand(1, ["b", "c"]))
    return Round(Rules(5), hands, {"red": ["r1", "r2"]}, log, chance="theirs", phase="play")


def test_a_clone_holds_equal_values_and_no_mutable_object_of_the_original():
    r = _round()
    twin = clone(r, chance="mine")
    assert twin.hands == r.hands and twin.bags == r.bags and twin.phase == "play"
    assert twin.rules is r.rules and twin.chance == "mine"
    for a, b in zip(twin.hands, r.hands, strict=True):
        assert a is not b and a.cards is not b.cards and a.purse is not b.purse
        assert all(x is not y for x, y in zip(a.piles, b.piles, strict=True))
    assert twin.bags["red"] is not r.bags["red"] and twin.log is not r.log
    twin.hands[0].cards.append("z")
    twin.hands[0].piles[0].clear()
    twin.bags["red"].pop()
    twin.hands[1].purse["coin"] = 9
    assert r.hands[0].cards == ["a"] and r.hands[0].piles[0] == ["x"]
    assert r.bags == {"red": ["r1", "r2"]} and r.hands[1].purse == {}


def test_the_clone_log_starts_at_the_current_point_without_the_past_rows():
    r = _round()
    twin = clone(r, chance=None)
    assert twin.log.rows == [] and twin.log.start == 2
    assert (twin.log.round, twin.log.active_seat) == (3, 1)
    twin.log.emit(0, "played")
    assert len(r.log.rows) == 2
    assert clone(twin, chance=None).log.start == 3  # a clone of a clone counts on


def test_channels_out_must_be_given_and_every_field_declared():
    with pytest.raises(TypeError, match=r"clone\(Round\) is given \[\]; it takes exactly "
                                        r"\['chance'\]"):
        clone(_round())
    with pytest.raises(TypeError, match=r"is given \['chance', 'phase'\]"):
        clone(_round(), chance=None, phase="deal")

    @dataclass
    class Undeclared:
        a: int
        b: list[int]

    holds(Undeclared, a=shared, c=copied)
    with pytest.raises(TypeError, match=r"Undeclared: holds\(\) must name each field it is "
                                        r"built from: missing \['b'\], unknown \['c'\]"):
        plan(Undeclared)
    with pytest.raises(TypeError, match="Rules declares nothing it holds"):
        clone(Rules(1))
