"""What every command shares: UserError as one line and exit code 1 (usage: 2), notices as
one line on stderr, --format."""

from __future__ import annotations

import errno
import math
import re
import sys
import warnings
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import click

from analytics.cache import Entry, Output
from analytics.errors import Notice, UserError
from analytics.errors import with_notices as with_notices  # where the commands import it
from analytics.output import FORMATS, removed_on_failure

# A run stopped mid-way (a signal, a lost worker) was reported: its folder stays, for --resume.
_stopped_run = False


class UserErrorsExit1:
    """Mixin for click commands and groups: no traceback for a user's mistake (exit 1, or the
    error's own code: a run stopped by a signal exits 130 or 143), each notice once."""

    def main(self, *args, **kwargs):
        # What a failed command made (output folders) goes; a stopped run keeps its folder,
        # which its --resume line names.
        global _stopped_run
        _stopped_run = False  # one command at a time (tests run many)
        with removed_on_failure(kept=lambda: _stopped_run):
            return super().main(*args, **kwargs)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as err:
            # click's parser raises some usage errors (an option without its value) without
            # the context that prints the usage line: exit 2 always comes with the usage.
            err.ctx = err.ctx or ctx
            raise

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
        except OSError as err:
            # A name longer than the file system allows: Python 3.11's pathlib raises on it
            # wherever a user's name is looked up as a file (a set, a query, --logs, --out).
            if err.errno != errno.ENAMETOOLONG:
                raise
            raise click.ClickException(f"{err.filename}: name too long") from None


def echo_note(text: str) -> None:
    """A line for the person on stderr. On a terminal it wraps to the width of a text table
    (continuation lines indented), so a long footnote reads; piped or captured it stays one
    line, so it can be searched and parsed."""
    if _stderr_is_terminal():
        import textwrap

        from analytics.output import TABLE_WIDTH

        text = textwrap.fill(text, TABLE_WIDTH, subsequent_indent="  ",
                             break_long_words=False, break_on_hyphens=False)
    click.echo(text, err=True)


def _stderr_is_terminal() -> bool:
    return sys.stderr.isatty()


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
            echo_note(f"warning: {message}")

    with warnings.catch_warnings():
        warnings.simplefilter("always", Notice)
        warnings.showwarning = show
        yield


def show(output: Output) -> None:
    """A command's output as it printed it: its warnings, its text, its notes."""
    for message in output.warnings:
        warnings.warn(Notice(message), stacklevel=2)
    click.echo(output.text, nl=output.newline)
    for note in output.notes:
        echo_note(note)


def cached_output(logs: Iterable[str | Path], params: object,
                  compute: Callable[[], Output]) -> Output:
    """The output of a command with `params` reading `logs`: kept in the results cache
    (analytics/cache.py) when it was computed before on the same files by the same code, else
    `compute()`d (with the warnings it raised) and kept."""
    entry = Entry.of(logs, params)
    output = entry.load() if entry is not None else None
    if output is None:
        output, notices = with_notices(compute)
        output = replace(output, warnings=notices)
        if entry is not None:
            entry.store(output)
    return output


class Command(UserErrorsExit1, click.Command):
    """A command that reports user errors itself, even when run outside the main group."""


class Group(UserErrorsExit1, click.Group):
    """The main group."""

    command_class = Command


def game_option(func):
    """--game NAME: the game of the logs read (they must be of it) or of the games played."""
    return click.option("--game", default=None, metavar="NAME",
                        help="The game: of the logs read (default: theirs; logs of another "
                             "game are an error), or of new games (default: diceforge).")(func)


LOGS_ROOT = "logs"


def _logs_or_latest(_ctx: click.Context, _param: click.Parameter,
                    value: tuple[str, ...]) -> tuple[str, ...]:
    """No --logs: the most recent run under logs/, said in one line. Pooling every run there
    is a choice (`--logs logs`), since runs accumulate and a pooled answer would change from
    command to command."""
    if value:
        return value
    from pathlib import Path

    from analytics.query.files import latest_run

    latest, count = latest_run(Path(LOGS_ROOT))
    if latest is None:
        return (LOGS_ROOT,)  # the reader's own "no logs found in logs" follows
    if count > 1:
        echo_note(f"reading the most recent run, {latest} (--logs {LOGS_ROOT} pools all {count} "
             "runs there)")
    return (str(latest),)


def logs_option(func):
    """--logs PATH (repeatable); without it, the most recent run under logs/."""
    return click.option("--logs", "logs", multiple=True, metavar="PATH",
                        callback=_logs_or_latest,
                        help="Run folder, folder of runs, or glob (repeatable). Default: the "
                             "most recent run under logs/; --logs logs pools them all.")(func)


def assumptions_option(func):
    """--assumptions NAME|DIR: a game's assumption set (Altera), in place of --set."""
    return click.option("--assumptions", default=None, metavar="NAME|DIR",
                        help="Assumption set of a game whose catalogues are assumed (Altera): "
                             "a shipped set's name or a folder (docs/altera.md); the same as "
                             "--set for such a game.")(func)


def set_or_assumptions(card_set: str | None, assumptions: str | None) -> str | None:
    """The set a command plays: --set or --assumptions (not both)."""
    if card_set and assumptions:
        raise click.UsageError("give --set or --assumptions, not both")
    return card_set or assumptions


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


def report_option(func):
    """--report FILE.html: also write the report (HTML and its Markdown twin), as `balance`
    and `sweep` do."""
    return click.option("--report", "report_path", type=click.Path(dir_okay=False),
                        default=None, metavar="FILE.html",
                        help="Also write the report here (HTML + Markdown twin, FILE.md); it "
                             "leads with the paired effects.")(func)


@contextmanager
def runs_for_report(out, report_path) -> Iterator:
    """Where an experiment's runs go: --out when given; else, when a report will read them, a
    temporary folder removed afterwards; else None (the experiment's own temporary folder).
    The report's file is checked first: a bad --report fails before any game is played."""
    if report_path is None:
        yield out
        return
    from analytics.reports.render import check_writable

    check_writable(report_path, "--report")
    if out is not None:
        yield out
        return
    from analytics.experiments.arms import arms_folder

    with arms_folder(None) as temp:
        yield temp / "runs"


def parse_rules(pairs: tuple[str, ...]) -> dict[str, str]:
    """--rule NAME=VALUE pairs as a dict; a malformed pair is a UserError."""
    rules = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name or not value:
            raise UserError(f"--rule {pair!r}: expected NAME=VALUE (see 'dicelab list rules')")
        rules[name.strip()] = value.strip()
    return rules


SWAP_HELP = ("Put CARD on SLOT of the set (repeatable): no set file needed for a few changes; "
             "the runs' set is named SET+SLOT=CARD, which --set takes too.")


def swap_option(func):
    """--swap SLOT=CARD (repeatable): the set named beside it with these cards on these slots."""
    return click.option("--swap", "swaps", multiple=True, metavar="SLOT=CARD",
                        help=SWAP_HELP)(func)


def swapped_set(card_set: str, pairs: tuple[str, ...]) -> str:
    """`card_set` with --swap SLOT=CARD pairs made (`SET+SLOT=CARD`); a malformed pair or a slot
    named twice is a UserError (an unknown slot or card: when the set is read, before play)."""
    from analytics.games.content import with_swaps

    swaps: dict[str, str] = {}
    for pair in pairs:
        slot, sep, card = (part.strip() for part in pair.partition("="))
        if not sep or not slot or not card:
            raise UserError(f"--swap {pair!r}: expected SLOT=CARD (see 'dicelab list cards')")
        if slot in swaps:
            raise UserError(f"--swap names slot {slot} twice ({slot}={swaps[slot]}, "
                            f"{slot}={card})")
        swaps[slot] = card
    return with_swaps(card_set, swaps)


class _Plain:
    """An integer written plainly: ASCII digits after an optional minus. Python's int() also
    takes '٣', '1_0' and '+5', which a person more likely typed by mistake."""

    def convert(self, value, param, ctx):
        if isinstance(value, str) and not re.fullmatch(r"-?[0-9]+", value.strip()):
            self.fail(f"{value!r} is not a plain integer (digits 0-9)", param, ctx)
        return super().convert(value, param, ctx)  # type: ignore[misc]


class PlainInt(_Plain, click.types.IntParamType):
    """click's INT, written plainly."""


class IntRange(_Plain, click.IntRange):
    """click's IntRange, written plainly."""


INT = PlainInt()
# A number of games, for every command that plays some: fewer than one is a usage error (exit
# 2) wherever it is given; games.game_index is a 32-bit integer.
GAME_COUNT = IntRange(1, 2**31 - 1)


def bots_option(help_text: str, default_of: str = "default_bots"):
    """--bots, whose default is the game's own (`default_of`: the plugin's attribute naming it):
    a fixed default would be one game's bot, unknown to the others."""
    shown = "the game's own; Dice Forge: " + ("economist,hero" if default_of == "balance_bots"
                                              else "economist")
    return click.option("--bots", default=None, help=f"{help_text} (default: {shown})")


def bots_of(text: str | None, game: str | None, default_of: str = "default_bots"
            ) -> tuple[str, ...]:
    """The bots given (comma-separated), or without --bots the game's own (`bots_option`)."""
    if text is None:
        from analytics.games import DEFAULT_GAME, get_game

        text = getattr(get_game(game or DEFAULT_GAME), default_of)
    return tuple(b.strip() for b in text.split(","))


def table_options(func):
    """--bots, --rule and --players of a command that plays one setup's arms (value, versus)."""
    for option in reversed((
            bots_option("One bot for all seats, or one per seat (rotated)."),
            click.option("--rule", "rules", multiple=True, metavar="NAME=VALUE",
                         help="Rule option."),
            click.option("--players", type=INT, default=4, show_default=True,
                         help="Players at the table (one of the game's counts)."))):
        func = option(func)
    return func


class _Finite:
    """A number that is one: not nan, not inf (float() takes both)."""

    def convert(self, value, param, ctx):
        number = super().convert(value, param, ctx)  # type: ignore[misc]
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return number


class FiniteFloat(_Finite, click.types.FloatParamType):
    """click's FLOAT, finite."""


class FloatRange(_Finite, click.FloatRange):
    """click's FloatRange, finite (nan passes its bounds: no comparison holds)."""


FLOAT = FiniteFloat()
