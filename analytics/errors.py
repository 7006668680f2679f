"""The one exception type for user mistakes: the CLI prints its message and exits non-zero."""


class UserError(Exception):
    """A bad input named precisely (file, slot, id, parameter); shown without a traceback."""
