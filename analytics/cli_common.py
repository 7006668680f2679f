"""What every command shares: UserError as one line and exit code 1 (usage: 2), --format."""

from __future__ import annotations

import click

from analytics.errors import UserError
from analytics.output import FORMATS


class UserErrorsExit1:
    """Mixin for click commands and groups: no traceback for a user's mistake."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except UserError as err:
            raise click.ClickException(str(err)) from None


class Group(UserErrorsExit1, click.Group):
    """The main group."""


class Command(UserErrorsExit1, click.Command):
    """A command that reports user errors itself, even when run outside the main group."""


def format_option(func):
    """--format table|csv|json, the same on every command with tabular output."""
    return click.option("--format", "fmt", type=click.Choice(FORMATS), default="table",
                        show_default=True, help="Output format.")(func)


def parse_rules(pairs: tuple[str, ...]) -> dict[str, str]:
    """--rule NAME=VALUE pairs as a dict; a malformed pair is a UserError."""
    rules = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name or not value:
            raise UserError(f"--rule {pair!r}: expected NAME=VALUE (see 'dicelab list rules')")
        rules[name.strip()] = value.strip()
    return rules
