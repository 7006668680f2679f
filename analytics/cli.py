"""The `dicelab` command line: thin click commands over library functions."""

from __future__ import annotations

import sys

import click

from analytics.errors import UserError


class Group(click.Group):
    """Turns UserError into one readable line and exit code 1 (usage errors exit 2, via click)."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except UserError as err:
            raise click.ClickException(str(err)) from None


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="dicelab")
def main() -> None:
    """dicelab: simulate dice-building games and measure what wins.

    \b
    Examples:
      dicelab simulate --players 4 --games 1000 --out logs/demo
      dicelab list cards --format json
    """


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
