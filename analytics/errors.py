"""The one exception type for user mistakes: the CLI prints its message and exits non-zero;
user files read as text, a bad encoding named as one."""

from pathlib import Path


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
