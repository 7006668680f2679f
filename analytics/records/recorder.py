"""The table-side recorder: the game replayed from its record file, then each next die result
or choice asked for, checked and appended to the file as it is typed.

A stopped session resumes from the file; `undo` drops the last step and replays to it again
(replaying is fast, and the engine then holds exactly the state of the shortened record).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from analytics.errors import UserError
from analytics.records.format import Record, RecordError, Step, header_lines, parse
from analytics.records.replay import Cursor, Interrupt, did_you_mean, replay

HELP = ("type the number of an option or its word; 'undo' takes back the last step, 'quit' "
        "stops (resume later)")


class Undo(Interrupt):
    pass


class Quit(Interrupt):
    pass


def new_record_file(path: Path, record: Record) -> None:
    """The header of a new record; an existing file is never overwritten."""
    if path.exists():
        raise UserError(f"{path} exists; continue it with: dicelab record --resume {path}")
    for name in record.names.values():
        if not name.strip() or len(name.splitlines()) > 1:  # the header's `seat N NAME` line
            raise UserError(f"--name {name!r}: a player's name is a word or more on one line")
    path.write_text("\n".join(header_lines(record)) + "\n", encoding="utf-8")


def status(state: Any) -> str:
    """What matters at the table: round, active seat, each seat's reserves and dice up."""
    if state is None:
        return "setup"
    seats = []
    for p in state.players:
        res = " ".join(f"{k}{n}" for k, n in p.res.items())  # the game's resources, its order
        up = "/".join(getattr(f, "id", str(f)) for f in p.up)
        seats.append(f"seat {p.seat}: {res} up {up}")
    return f"round {state.round + 1}, seat {state.active} active | " + " | ".join(seats)


class Asking(Cursor):
    """A cursor that, past the record's last step, asks for the next one."""

    def __init__(self, record: Record, path: Path, ask: Callable[[str], str],
                 say: Callable[[str], None]) -> None:
        super().__init__(record)
        self.path = path
        self.ask = ask
        self.say = say
        self.typed = False

    def take(self, expected: str, prefix: str = "", choices: Sequence[str] = ()) -> Step:
        if self.next < len(self.steps):
            return super().take(expected, prefix, choices)
        self.say(status(getattr(self.decider, "state", None)))
        self.say(f"next: {expected}")
        for number, choice in enumerate(choices, 1):
            self.say(f"  {number}) {choice}")
        while True:
            try:
                answer = self.ask(f"{prefix} > ").strip()
            except EOFError:
                raise Quit from None
            if answer in ("undo", "quit"):
                raise Undo if answer == "undo" else Quit
            # A label that is itself a number (a count) is that label, not an item number.
            if answer not in choices and answer.isdigit() and 1 <= int(answer) <= len(choices):
                answer = choices[int(answer) - 1]
            if answer and (not choices or answer in choices):
                return self._append(f"{prefix} {answer}")
            self.say(f"not a legal answer{did_you_mean(answer, choices)} ({HELP})")

    def _append(self, line: str) -> Step:
        text = self.path.read_text(encoding="utf-8")
        with self.path.open("a", encoding="utf-8") as out:
            out.write(("" if text.endswith("\n") or not text else "\n") + line + "\n")
        step = Step(len(text.splitlines()) + 1, tuple(line.split()))
        self.steps.append(step)
        self.next += 1
        self.typed = True
        return step


def drop_last_step(path: Path) -> str | None:
    """Remove the record's last step line; the line removed (None: no step to undo)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    steps = parse("\n".join(lines), str(path)).steps
    if not steps:
        return None
    removed = lines.pop(steps[-1].line - 1)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return removed


def record_session(path: Path, ask: Callable[[str], str] = input,
                   say: Callable[[str], None] = print) -> bool:
    """Record into `path` until the game ends (True) or the user quits (False)."""
    say(HELP)
    while True:
        record = parse(path.read_text(encoding="utf-8"), str(path))
        cursor = Asking(record, path, ask, say)
        try:
            _, result = replay(record, cursor)
        except Undo:
            removed = drop_last_step(path)
            say(f"undone: {removed}" if removed else "nothing to undo")
            continue
        except Quit:
            say(f"stopped; resume with: dicelab record --resume {path}")
            return False
        except RecordError as err:
            if not cursor.typed:
                raise
            say(f"{err} -- taken back")
            drop_last_step(path)
            continue
        say(f"game over after round {result.rounds}: scores {result.scores}")
        return True
