"""A report's section, declared: what `dicelab report` (report.py) and the module reports
(modules.py) both list, each its own sections, and render the same way."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Section:
    """One part of a report: a title, a table by name, a chart by name, a reading by name."""

    title: str
    source: str
    chart: str | None = None
    reading: str | None = None
    sortable: bool = False
    columns: tuple[str, ...] = ()  # the columns shown (all when empty)
    params: tuple[tuple[str, object], ...] = ()
    shown_if: str | None = None  # a condition of parts.CONDITIONS; None: always shown
