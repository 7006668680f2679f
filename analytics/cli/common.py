"""What every command shares: UserError as one line and exit code 1 (usage: 2), notices as
one line on stderr, --format."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from contextlib import contextmanager

import click

from analytics.errors import Notice, UserError
from analytics.output import FORMATS

_stopped_run = False  # set once a run stopped mid-way was reported (see `stopped_a_run`)


def stopped_a_run() -> bool:
    """Whether a command reported a run stopped mid-way (a lost worker, SIGINT, SIGTERM):
    cli.run then leaves without the interpreter's teardown."""
    return _stopped_run


class UserErrorsExit1:
    """Mixin for click commands and groups: no traceback for a user's mistake (exit 1, or the
    error's own code: a run stopped by a signal exits 130 or 143), each notice once."""

    def invoke(self, ctx: click.Context):
        try:
            with notices_on_stderr():
                return super().invoke(ctx)
        except UserError as err:
            if err.stops_a_run:
                global _stopped_run
                _stopped_run = True
            exc = click.ClickException(str(err))
            exc.exit_code = err.exit_code
            raise exc from None


@contextmanager
def notices_on_stderr() -> Iterator[None]:
    """Within the block, every distinct `Notice` is printed once as `warning: ...` on stderr
    (other warnings as Python shows them)."""
    shown: set[str] = set()
    show_others = warnings.showwarning

    def show(message, category, *args, **kwargs) -> None:
        if not issubclass(category, Notice):
            show_others(message, category, *args, **kwargs)
        elif str(message) not in shown:
            shown.add(str(message))
            click.echo(f"warning: {message}", err=True)

    with warnings.catch_warnings():
        warnings.simplefilter("always", Notice)
        warnings.showwarning = show
        yield


class Group(UserErrorsExit1, click.Group):
    """The main group."""


class Command(UserErrorsExit1, click.Command):
    """A command that reports user errors itself, even when run outside the main group."""


def game_option(func):
    """--game NAME: the game of the logs read (they must be of it) or of the games played."""
    return click.option("--game", default=None, metavar="NAME",
                        help="The game: of the logs read (default: theirs; logs of another "
                             "game are an error), or of new games (default: diceforge).")(func)


def format_option(func):
    """--format table|csv|json, the same on every command with tabular output."""
    return click.option("--format", "fmt", type=click.Choice(FORMATS), default="table",
                        show_default=True, help="Output format.")(func)


def cluster_option(func):
    """--cluster ADDRESS (or $DICELAB_SCHEDULER): play the parts on a Dask scheduler."""
    return click.option("--cluster", metavar="ADDRESS", envvar="DICELAB_SCHEDULER",
                        default=None, show_envvar=True,
                        help="Dask scheduler to play the parts on (tcp://HOST:8786); the run "
                             "folder must be on a path every worker shares. Default: local "
                             "processes.")(func)


def parse_rules(pairs: tuple[str, ...]) -> dict[str, str]:
    """--rule NAME=VALUE pairs as a dict; a malformed pair is a UserError."""
    rules = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name or not value:
            raise UserError(f"--rule {pair!r}: expected NAME=VALUE (see 'dicelab list rules')")
        rules[name.strip()] = value.strip()
    return rules
