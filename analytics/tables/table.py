"""A table as the commands show it, and a component table's computed results, which
`presented` shows in any sort and --min-n without computing again. Light: polars only, so
that a kept table is presented without the query or statistics modules."""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from analytics.errors import UserError
from analytics.output import frame_from_text, frame_to_text, with_p_text

# A component table's text columns by default, after its id: a count, then every estimate
# with its interval (a text table shows each as `estimate (low, high)`) and its test.
SHORT_COLUMNS = ("n_owned", *(f"{c}{end}" for c in ("take_rate", "owned_wr", "not_owned_wr",
                                                     "delta") for end in ("", "_low", "_high")),
                 "delta_p_adj", "adjusted_delta", "adjusted_delta_low", "adjusted_delta_high",
                 "adjusted_p_adj")
P_COLUMNS = ("delta_p", "delta_p_adj", "adjusted_p", "adjusted_p_adj")


@dataclass(frozen=True, slots=True)
class Table:
    """A result frame and the footnotes that must be shown with it."""

    frame: pl.DataFrame
    footnotes: tuple[str, ...] = ()
    columns: tuple[str, ...] = ()  # a text table's default columns (empty: every column)


@dataclass(frozen=True, slots=True)
class ComponentResults:
    """A component table before it is shown: every row, in the components' order, with what
    was read and the notes; `presented` hides the rare rows and sorts (no computing)."""

    component: str
    frame: pl.DataFrame
    read: tuple[str, ...]
    notes: tuple[str, ...]

    def presented(self, sort: str = "delta", min_n: int = 200) -> Table:
        shown, hidden = apply_min_n(self.frame, "n_owned", min_n)
        hidden_note = f"{hidden} rows under --min-n {min_n} hidden (owned in fewer seat-games)"
        return Table(with_p_text(sort_frame(shown, sort), *P_COLUMNS),
                     (*self.read, hidden_note, *self.notes), (self.component, *SHORT_COLUMNS))

    def to_json(self) -> dict:
        """As JSON-able values; the frame as text (`output.frame_to_text`)."""
        return {"component": self.component, "read": list(self.read),
                "notes": list(self.notes), "frame": frame_to_text(self.frame)}

    @classmethod
    def from_json(cls, data: dict) -> ComponentResults:
        """From `to_json`'s values; a ValueError when they are not such (a damaged entry)."""
        try:
            return cls(str(data["component"]), frame_from_text(data["frame"]),
                       tuple(map(str, data["read"])), tuple(map(str, data["notes"])))
        except (KeyError, TypeError) as err:
            raise ValueError(f"not component results ({err})") from None


def apply_min_n(frame: pl.DataFrame, column: str, min_n: int) -> tuple[pl.DataFrame, int]:
    shown = frame.filter(pl.col(column) >= min_n)
    return shown, frame.height - shown.height


def sort_frame(frame: pl.DataFrame, sort: str) -> pl.DataFrame:
    """`frame` sorted by column `sort`: numbers descending, text ascending, missing last."""
    require_column(frame, sort)
    descending = frame.schema[sort].is_numeric()
    return frame.sort(sort, descending=descending, nulls_last=True)


def require_column(frame: pl.DataFrame, sort: str) -> None:
    """A UserError naming the columns when --sort names none of them."""
    if sort not in frame.columns:
        raise UserError(f"cannot sort by {sort!r}: columns are {', '.join(frame.columns)}")
