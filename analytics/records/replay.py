"""Replay a record through the rules, and record a game as it is played.

The replay's chance source and decider read the same cursor over the record's steps, so each
die result and choice is checked at its place in the game: a step the rules do not expect
there fails with its line, what the rules expected (the legal labels or the die's faces) and
what the record says.
"""

from __future__ import annotations

import difflib
import re
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from analytics.engine.chance import face_id
from analytics.engine.loop import GameResult, play
from analytics.errors import UserError
from analytics.games import get_game
from analytics.games.plugin import RunSetup
from analytics.records.format import Record, RecordError, Step


def did_you_mean(text: str, legal: Sequence[str]) -> str:
    close = difflib.get_close_matches(text, list(legal), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


def face_token(faces: Sequence[Any], index: int) -> str:
    """How a record names the side that came up: its face id, or `side:N` when another side
    shows a different face of the same id (two players' Boar faces)."""
    face = faces[index]
    same_id = [f for f in faces if face_id(f) == face_id(face)]
    if any(f != face for f in same_id):
        return f"side:{index}"
    return face_id(face)


class Interrupt(Exception):  # noqa: N818 (a control signal of the recorder, not an error)
    """The recorder's user stops or undoes: the replay lets it through."""


class Cursor:
    """The record's steps, taken in order by the replay's chance and decider."""

    def __init__(self, record: Record) -> None:
        self.record = record
        self.steps = record.steps
        self.next = 0
        self.decider: Any = None  # set by `replay`: its `state` is the game being replayed

    def take(self, expected: str, prefix: str = "", choices: Sequence[str] = ()) -> Step:
        """The next step; `prefix` and `choices` (the words that may end it) are for a cursor
        that asks for steps (the recorder)."""
        if self.next >= len(self.steps):
            raise RecordError(self.record.where(self.record.last_line + 1),
                              f"the record ends here, but the rules expect {expected}")
        step = self.steps[self.next]
        self.next += 1
        return step

    def fail(self, step: Step, expected: str, hint: str = "") -> RecordError:
        return RecordError(self.record.where(step.line),
                           f"the rules expect {expected}; the record says {step.text!r}{hint}")


class RecordChance:
    """Die results, bag draws and deck shuffles from the record."""

    def __init__(self, cursor: Cursor) -> None:
        self.cursor = cursor

    def roll(self, seat: int | None, die: str, faces: Sequence[Any]) -> int:
        ids = [face_id(f) for f in faces]
        owner = seat_token(seat)
        expected = f"'roll {owner} {die} FACE' (faces: {', '.join(dict.fromkeys(ids))})"
        step = self.cursor.take(expected, f"roll {owner} {die}", list(dict.fromkeys(ids)))
        words = step.words
        if len(words) != 4 or words[:3] != ("roll", owner, die):
            raise self.cursor.fail(step, expected)
        token = words[3]
        if token.startswith("side:") and token[5:].isdigit() and int(token[5:]) < len(faces):
            return int(token[5:])
        if token not in ids:
            raise self.cursor.fail(step, expected, did_you_mean(token, ids))
        return ids.index(token)

    def draw(self, bag: str, n: int, k: int) -> list[int]:
        return self._indices("draw", bag, n, k)

    def shuffle(self, deck: str, n: int) -> list[int]:
        return self._indices("shuffle", deck, n, n)

    def _indices(self, word: str, what: str, n: int, k: int) -> list[int]:
        """A `draw BAG I...` or `shuffle DECK I...` line: k distinct numbers below n."""
        expected = f"'{word} {what}' and {k} distinct numbers from 0 to {n - 1}"
        step = self.cursor.take(expected, f"{word} {what}")
        words = step.words
        if len(words) != 2 + k or words[:2] != (word, what):
            raise self.cursor.fail(step, expected)
        if not all(w.isdigit() and int(w) < n for w in words[2:]) or len(set(words[2:])) != k:
            raise self.cursor.fail(step, expected)
        return [int(w) for w in words[2:]]


def seat_token(seat: int | None) -> str:
    """How a record names a die's owner: its seat, or '-' for a die no one owns."""
    return "-" if seat is None else str(seat)


class RecordDecider:
    """Choices from the record, by option label; forced choices are not in the record."""

    def __init__(self, cursor: Cursor, labelling: Any) -> None:
        self.cursor = cursor
        self.labelling = labelling
        self.count = 0
        self.state: Any = None  # for the recorder's display only

    def bind(self, state: Any, game: Any) -> None:
        self.state = state

    def decide(self, seat: int, kind: str, options: tuple, context: Any = None) -> Any:
        if len(options) == 1:
            return options[0]
        legal = self.labelling.labels(kind, options, context)
        expected = f"'{seat} {kind} LABEL' (legal: {', '.join(legal)})"
        step = self.cursor.take(expected, f"{seat} {kind}", legal)
        words = step.words
        if len(words) != 3 or words[:2] != (str(seat), kind):
            raise self.cursor.fail(step, expected)
        if words[2] not in legal:
            raise self.cursor.fail(step, expected, did_you_mean(words[2], legal))
        self.count += 1
        return options[legal.index(words[2])]


def record_setup(record: Record) -> RunSetup:
    """The checked setup a record names (its header line when it is wrong)."""
    try:
        game = get_game(record.game)
        if not record.cards:
            return game.setup(record.card_set, record.module, record.rules, record.players)
        with tempfile.TemporaryDirectory() as folder:  # the `card` lines as a card-set file
            path = Path(folder) / "cards.toml"
            path.write_text(game.set_file(record.card_set, record.cards), encoding="utf-8")
            try:
                return game.setup(str(path), record.module, record.rules, record.players)
            except UserError as err:
                raise UserError(str(err).replace(f"{path}: ", "card lines: ")) from None
    except UserError as err:
        raise RecordError(record.where(_header_line(record, str(err))), f"header: {err}") from None


def _header_line(record: Record, message: str) -> int:
    """The header line a refused setup points at: the entry its message names, else the card
    set (or line 1 when the record has none of these lines)."""
    at = record.header_at
    slot = re.search(r"slot (\w+)", message)
    named = [f"card {slot.group(1)}"] if slot else []
    named += [f"rule {rule}" for rule in record.rules if re.search(rf"\b{re.escape(rule)}\b",
                                                                    message)]
    if message.startswith("--players"):
        named.append("players")
    if message.startswith("--module"):
        named.append("module")
    for entry in [*named, "card_set"]:
        if entry in at:
            return at[entry]
    return 1


def replay(record: Record, cursor: Cursor | None = None) -> tuple[RunSetup, GameResult]:
    """Play the record's game through the rules; a RecordError at the first step that breaks
    them, or at the first step left over once the game has ended. `cursor`: where the steps
    come from (default: the record's own)."""
    setup = record_setup(record)
    game = get_game(record.game)
    cursor = cursor or Cursor(record)
    decider = RecordDecider(cursor, game.labelling)
    cursor.decider = decider
    try:
        result = play(game, setup.game_setup, RecordChance(cursor), decider)
    except (RecordError, Interrupt):
        raise
    except Exception as err:  # the engine refused a step the record made legal: name the line
        line = record.steps[cursor.next - 1].line if cursor.next else 1
        first = str(err).splitlines()[0] if str(err) else type(err).__name__
        raise RecordError(record.where(line), f"the rules refused this step ({first})") from None
    if cursor.next < len(cursor.steps):
        step = cursor.steps[cursor.next]
        raise RecordError(record.where(step.line), f"the game is over (after round "
                          f"{result.rounds}) but the record goes on: {step.text!r}")
    return setup, result


class RecordingChance:
    """Passes a chance source through, writing each outcome as a record line."""

    def __init__(self, inner: Any, lines: list[str]) -> None:
        self.inner = inner
        self.lines = lines

    def roll(self, seat: int | None, die: str, faces: Sequence[Any]) -> int:
        index = self.inner.roll(seat, die, faces)
        self.lines.append(f"roll {seat_token(seat)} {die} {face_token(faces, index)}")
        return index

    def draw(self, bag: str, n: int, k: int) -> list[int]:
        drawn = self.inner.draw(bag, n, k)
        self.lines.append(f"draw {bag} {' '.join(map(str, drawn))}")
        return drawn

    def shuffle(self, deck: str, n: int) -> list[int]:
        order = self.inner.shuffle(deck, n)
        self.lines.append(f"shuffle {deck} {' '.join(map(str, order))}")
        return order


class RecordingDecider:
    """Passes a decider through, writing each real choice as a record line."""

    def __init__(self, inner: Any, labelling: Any, lines: list[str]) -> None:
        self.inner = inner
        self.labelling = labelling
        self.lines = lines

    @property
    def count(self) -> int:
        return self.inner.count

    def bind(self, state: Any, game: Any) -> None:
        self.inner.bind(state, game)

    def decide(self, seat: int, kind: str, options: tuple, context: Any = None) -> Any:
        answer = self.inner.decide(seat, kind, options, context)
        if len(options) > 1:
            text = self.labelling.labels(kind, options, context)[options.index(answer)]
            self.lines.append(f"{seat} {kind} {text}")
        return answer
