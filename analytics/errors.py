"""The one exception type for user mistakes: the CLI prints its message and exits non-zero;
user files read as text, a bad encoding named as one; notices (caveats shown with a result)
kept with what was computed, to be shown again when it is read back."""

import warnings
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar


class UserError(Exception):
    """A bad input named precisely (file, slot, id, parameter); shown without a traceback.

    `exit_code` is the process's exit status when the CLI reports it (1; a stopped run: 130 or
    143 after a signal)."""

    exit_code = 1
    stops_a_run = False  # a run stopped mid-way (workers.RunStopped): its folder is kept


class Notice(UserWarning):
    """A caveat the user must see with a result (an unfinished run, more workers than cores):
    a warning, which the CLI prints as one line on stderr."""


def read_user_text(path: Path, what: str = "file") -> str:
    """A text file the user gives (a set, a sweep spec, a query), as UTF-8; a file that cannot
    be read, or bytes that are not UTF-8 (named by line), are a UserError of one line."""
    try:
        data = Path(path).read_bytes()
    except OSError as err:
        raise UserError(f"{path}: cannot read the {what} ({err.strerror})") from None
    return decode_text(data, str(path))


def decode_text(data: bytes, where: str) -> str:
    """`data` as UTF-8 text; otherwise a UserError naming the line and the first bad byte."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data[:err.start].count(b"\n") + 1
        raise UserError(f"{where}:{line}: not UTF-8 text (byte 0x{data[err.start]:02x})"
                        ) from None


T = TypeVar("T")


def with_notices(compute: Callable[[], T]) -> tuple[T, tuple[str, ...]]:
    """`compute()` and the Notice messages it raised (each once, in order), kept for `show` to
    print rather than printed: a cached output shows them again. Other warnings are shown as
    they come."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = compute()
    notices: dict[str, None] = {}
    others: dict[tuple, warnings.WarningMessage] = {}  # each once, as Python's default shows
    for warning in caught:
        if issubclass(warning.category, Notice):
            notices[str(warning.message)] = None
        else:
            others.setdefault((warning.category, str(warning.message), warning.filename,
                               warning.lineno), warning)
    for warning in others.values():
        warnings.warn_explicit(warning.message, warning.category, warning.filename,
                               warning.lineno)
    return result, tuple(notices)


def warn_again(notices: tuple[str, ...]) -> None:
    """Raise kept Notice messages again, in order (a result read back shows its caveats)."""
    for message in notices:
        warnings.warn(Notice(message), stacklevel=2)
