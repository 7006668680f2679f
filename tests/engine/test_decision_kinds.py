"""The engine's registry of decision kinds, on a made-up game: labels read and parse back."""

from __future__ import annotations

import pytest

from analytics.engine.labels import DecisionKinds, LabelError
from analytics.engine.scripted import ScriptedDecider


def _card(option, context) -> str:
    return f"card{option}"


def _number(option, context) -> str:
    return str(option)


def _by_number(text: str, options: tuple, context) -> int:
    """A parse of its own: any number of the options, written as digits."""
    if not text.isdigit() or int(text) not in options:
        raise LabelError(f"{text!r} is none of {options}")
    return int(text)


KINDS = DecisionKinds("tests/engine/test_decision_kinds.py", {"play": _card})
KINDS.declare("bid", _number, _by_number)


def test_every_label_parses_back_to_its_option():
    options = (3, 1, 7)
    assert KINDS.labels("play", options) == ("card3", "card1", "card7")
    for option in options:
        assert KINDS.parse("play", KINDS.label("play", option), options) == option
    assert KINDS.kinds == {"play", "bid"}


def test_a_declared_parse_reads_the_text_itself():
    assert KINDS.parse("bid", "7", (3, 7)) == 7
    with pytest.raises(LabelError, match="'8' is none of"):
        KINDS.parse("bid", "8", (3, 7))


def test_an_undeclared_kind_and_a_wrong_label_are_errors():
    with pytest.raises(LabelError, match=r"decision kind 'trade' has no label declaration "
                                         r"\(tests/engine/test_decision_kinds.py\)"):
        KINDS.labels("trade", (1,))
    with pytest.raises(LabelError, match=r"play: 'card9' is not a legal answer; legal: card3, "
                                         r"card1"):
        KINDS.parse("play", "card9", (3, 1))


def test_the_scripted_decider_answers_through_the_registry():
    decider = ScriptedDecider(KINDS, ["card1", (0, "bid", "7")])
    assert decider.decide(0, "play", (3, 1)) == 1
    assert decider.decide(0, "bid", (3, 7)) == 7
    assert decider.count == 2
