"""One place where a UserError becomes one readable line and exit code 1 (click: usage is 2)."""

from __future__ import annotations

import click

from analytics.errors import UserError


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
