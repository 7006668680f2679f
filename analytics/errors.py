"""The one exception type for user mistakes: the CLI prints its message and exits non-zero."""


class UserError(Exception):
    """A bad input named precisely (file, slot, id, parameter); shown without a traceback.

    `exit_code` is the process's exit status when the CLI reports it (1; a stopped run: 130 or
    143 after a signal)."""

    exit_code = 1
    stops_a_run = False  # a run stopped mid-way (workers.RunStopped): see cli.run


class Notice(UserWarning):
    """A caveat the user must see with a result (an unfinished run, more workers than cores):
    a warning, which the CLI prints as one line on stderr."""
