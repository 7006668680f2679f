"""The record format (docs/records.md): a header of `key value` lines, then one line per die
result, setup draw and real choice, in the order the game asks for them.

Parsing only splits lines and checks the header; whether a step is legal is for the replay
(analytics/records/replay.py) to say, since only the rules know what may come next.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from analytics.errors import UserError

FORMAT = "dicelab-record"
VERSION = 1
HEADER_KEYS = ("game", "date", "players", "card_set", "card", "module", "rule", "seat", "note")
REQUIRED = ("game", "players", "card_set", "module")


class RecordError(UserError):
    """A record that cannot be read or replayed: `where` is `file:line`."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where


@dataclass(frozen=True)
class Step:
    """One body line: `roll SEAT DIE FACE` (SEAT `-`: a die no one owns), `draw BAG I...`,
    `shuffle DECK I...`, or `SEAT KIND LABEL`."""

    line: int
    words: tuple[str, ...]

    @property
    def text(self) -> str:
        return " ".join(self.words)


@dataclass
class Record:
    """A parsed record: its header and its steps (with their line numbers)."""

    name: str  # the file, as errors name it
    game: str = "diceforge"
    date: str = ""
    players: int = 0
    card_set: str = ""
    module: str = "none"
    rules: dict[str, str] = field(default_factory=dict)
    names: dict[int, str] = field(default_factory=dict)
    cards: dict[str, str] = field(default_factory=dict)  # slot -> card id, overriding the set
    note: str = ""
    steps: list[Step] = field(default_factory=list)
    last_line: int = 0
    # The line of each header entry ('players', 'module', 'rule ties', 'card M8', ...), so a
    # setup the rules refuse is named where the record says it.
    header_at: dict[str, int] = field(default_factory=dict)

    def where(self, line: int) -> str:
        return f"{self.name}:{line}"


def _lines(text: str) -> list[tuple[int, str]]:
    """Numbered lines without comments and blanks."""
    out = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if line:
            out.append((number, line))
    return out


def parse(text: str, name: str) -> Record:
    """A record from its text; a header mistake is a RecordError naming its line."""
    record = Record(name)
    lines = _lines(text)
    record.last_line = len(text.splitlines())
    if not lines:
        raise RecordError(f"{name}:1", f"empty record; it starts with '{FORMAT} {VERSION}'")
    number, first = lines[0]
    if first.split() != [FORMAT, str(VERSION)]:
        says = first.split()[:2]
        if says[:1] == [FORMAT]:
            raise RecordError(f"{name}:{number}", f"record format version {' '.join(says[1:])!r}"
                              f" is not one this dicelab reads (version {VERSION})")
        raise RecordError(f"{name}:{number}", f"expected '{FORMAT} {VERSION}' as the first line;"
                          f" the record says {first[:60]!r}")
    seen: set[str] = set()
    for number, line in lines[1:]:
        key, _, value = line.partition(" ")
        value = value.strip()
        if key in HEADER_KEYS and not record.steps:
            _header(record, key, value, f"{name}:{number}")
            seen.add(key)
            entry = f"{key} {value.split()[0]}" if key in ("rule", "card") else key
            record.header_at[entry] = number
        else:
            record.steps.append(Step(number, tuple(line.split())))
    missing = [key for key in REQUIRED if key not in seen]
    if missing:
        raise _incomplete_header(record, missing, lines[-1][0])
    return record


def _incomplete_header(record: Record, missing: list[str], last: int) -> RecordError:
    """The header lacks `missing`: named at the line where it ended (the first line that is not
    a header key, often a misspelt one), or at the last line when the record has no body."""
    needs = f"the header has no {', '.join(missing)} line (it needs {', '.join(REQUIRED)})"
    if not record.steps:
        return RecordError(record.where(last), needs)
    first = record.steps[0]
    return RecordError(record.where(first.line),
                       f"{needs}; it ends here, at {first.text[:60]!r}, which is not a header "
                       f"line (header keys: {', '.join(HEADER_KEYS)})")


def _header(record: Record, key: str, value: str, where: str) -> None:
    if key == "note":
        record.note = f"{record.note}\n{value}".strip()
        return
    if not value:
        raise RecordError(where, f"'{key}' needs a value")
    if key == "players":
        if not value.isdigit():
            raise RecordError(where, f"'players' is a number of players; the record says "
                                     f"{value!r}")
        record.players = int(value)
    elif key in ("rule", "seat", "card"):
        first, _, rest = value.partition(" ")
        if not rest.strip():
            two = {"rule": "NAME VALUE", "seat": "SEAT NAME", "card": "SLOT CARD_ID"}[key]
            raise RecordError(where, f"'{key}' takes two values: {two}")
        if key == "rule":
            record.rules[first] = rest.strip()
        elif key == "card":
            record.cards[first] = rest.strip()
        elif not first.isdigit() or not 0 <= int(first) < max(record.players, 1):
            raise RecordError(where, f"'seat' starts with a seat number 0..{record.players - 1}"
                              f" (after the players line); the record says {first!r}")
        else:
            record.names[int(first)] = rest.strip()
    else:
        setattr(record, key, value)


def header_lines(record: Record) -> list[str]:
    """The header of `record` as text lines (the inverse of `parse` for the header)."""
    lines = [f"{FORMAT} {VERSION}", f"game {record.game}"]
    if record.date:
        lines.append(f"date {record.date}")
    lines += [f"players {record.players}", f"card_set {record.card_set}",
              f"module {record.module}"]
    lines += [f"rule {k} {v}" for k, v in sorted(record.rules.items())]
    lines += [f"seat {s} {n}" for s, n in sorted(record.names.items())]
    lines += [f"card {slot} {card}" for slot, card in record.cards.items()]
    lines += [f"note {line}" for line in record.note.splitlines()]
    return lines
