"""Events: every change of game state, with who, when, what and what caused it."""

from __future__ import annotations


class EventLog:
    """An append-only list of event tuples (see eventlog.schema.EVENT_TUPLE for the columns).

    The game sets `round` and `active_seat` as play advances so effects only say what happened.
    Tuples keep the hot path cheap; the writer turns them into columns. A clone's log holds
    only its own events: `start` counts the events before its first row (in the log it was
    cloned from).
    """

    __slots__ = ("rows", "round", "active_seat", "start")

    def __init__(self) -> None:
        self.rows: list[tuple] = []
        self.round = 0
        self.active_seat = -1
        self.start = 0

    def continued(self) -> EventLog:
        """A log going on from this one's current point (round, active seat), without its
        past rows: a clone copies no history it will not change."""
        log = EventLog()
        log.round, log.active_seat = self.round, self.active_seat
        log.start = self.start + len(self.rows)
        return log

    def emit(self, seat: int, kind: str, item: str | None = None, resource: str | None = None,
             amount: int | None = None, cause: str | None = None,
             detail: str | None = None) -> None:
        self.rows.append(
                (self.round, self.active_seat, seat, kind, item, resource, amount, cause, detail))

    def __len__(self) -> int:
        return len(self.rows)

