"""Human-readable lines rendered from events (for golden files and debugging)."""

from __future__ import annotations

from analytics.eventlog.schema import EVENT_TUPLE


def render_event(seq: int, row: tuple) -> str:
    """One line: `seq r<round> a<active> s<seat> kind item resource amount cause detail`."""
    e = dict(zip(EVENT_TUPLE, row, strict=True))
    parts = [f"{seq:4d} r{e['round']} a{e['active_seat']} s{e['seat']} {e['kind']}"]
    for name in ("item", "resource", "amount", "cause", "detail"):
        if e[name] is not None:
            parts.append(f"{name}={e[name]}")
    return " ".join(parts)


def render_events(rows: list[tuple]) -> str:
    return "\n".join(render_event(i, row) for i, row in enumerate(rows)) + "\n"
