"""dicelab from Python: the commands' answers as polars frames, for notebooks and scripts.

Each function is the library call its command makes, so the numbers are the command's to the
last digit (`tests/test_api.py` checks it against `--format csv`). A function that reads logs
takes them as the commands do: a run folder, a folder of runs, a glob, or a list of these;
the filters keep whole games. See docs/python.md.

    from analytics import api

    run = api.simulate("logs/nb", players=4, games=500)
    kinds = api.components("card", run)  # a component kind of the game: Answer
    print(kinds.table.sort("delta"))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import polars as pl

    from analytics.query.database import Filters

Logs = str | Path | Iterable[str | Path]


@dataclass(frozen=True, slots=True)
class Answer:
    """A command's answer: its table (every column, as `--format csv` holds them), its
    one-line answer where it has one, and the notes it prints on stderr (what was read, how
    to read the rows)."""

    table: pl.DataFrame
    headline: str = ""
    notes: tuple[str, ...] = ()


def _paths(logs: Logs) -> list[str]:
    return [str(logs)] if isinstance(logs, str | Path) else [str(p) for p in logs]


def _filters(players: Iterable[int] = (), module: Iterable[str] = (),
             card_set: Iterable[str] = (), bot: Iterable[str] = (),
             source: Iterable[str] = ()) -> Filters:
    from analytics.query.database import Filters

    return Filters(tuple(players), tuple(module), tuple(card_set), tuple(bot), tuple(source))


def simulate(out: str | Path, *, players: int = 4, games: int = 1000, seed: int = 0,
             bots: Iterable[str] | None = None, card_set: str | None = None,
             module: str = "none", rules: Mapping[str, str] | None = None,
             game: str = "diceforge", workers: int | None = None,
             progress: bool = False, resume: bool = False) -> Path:
    """Play games into the run folder `out` (as `dicelab simulate`); the folder's path.
    `resume=True` finishes a stopped run there (and leaves a finished one as it is)."""
    from analytics.games import get_game
    from analytics.runs.simulate import RunConfig, run_simulation

    plugin = get_game(game)
    config = RunConfig(game=game, players=players, games=games, seed=seed,
                       bots=tuple(bots or plugin.default_bots.split(",")),
                       card_set=card_set or plugin.default_set, module=module,
                       rules=dict(rules or {}))
    run_simulation(config, out, workers=workers, progress=progress, resume=resume)
    return Path(out)


def components(kind: str, logs: Logs, *, min_n: int = 200, sort: str = "delta",
               **filters: Iterable) -> Answer:
    """A component kind's table (`dicelab components KIND`): take rates, owned and not-owned
    win rates and their difference, each an association with its interval."""
    from analytics.tables.components import component_table

    table = component_table(_paths(logs), kind, _filters(**filters), sort, min_n)
    return Answer(table.frame, notes=table.footnotes)


def seats(logs: Logs, **filters: Iterable) -> Answer:
    """`dicelab seats`: win rate by seat per player count, each with its test against 1/N."""
    from analytics.tables.components import seat_table

    table = seat_table(_paths(logs), _filters(**filters))
    return Answer(table.frame, notes=table.footnotes)


def balance(logs: Logs, **filters: Iterable) -> Answer:
    """`dicelab balance --logs`: the game-level balance table (long: one row per player count
    and metric) and a verdict line per player count as the headline."""
    from analytics.experiments.balance import balance_table

    result = balance_table(_paths(logs), _filters(**filters))
    return Answer(result.frame, "\n".join(result.verdicts), result.footnotes)


def query(name: str, logs: Logs, params: Mapping[str, object] | None = None,
          **filters: Iterable) -> pl.DataFrame:
    """Any named query of `queries/` (`dicelab query NAME`) over the logs."""
    from analytics.query.database import LogDatabase, find_query

    with LogDatabase(_paths(logs), _filters(**filters)) as db:
        return db.execute(find_query(name), dict(params or {}))


def compare(a: str, b: str, *, players: int = 4, games: int = 1000, seed: int = 0,
            bots: Iterable[str] = ("economist",), module: str = "",
            out: str | Path | None = None, workers: int | None = None,
            progress: bool = False) -> Answer:
    """`dicelab compare --a A --b B`: two card sets on the same seeds and bots; every measure
    as a paired difference (B - A) with its interval. The table holds every row
    (`--all-rows`)."""
    from analytics.experiments.arms import ArmSpec, compare_setups
    from analytics.experiments.compare import displayed, headline, report_notes, shown_rows

    specs = [ArmSpec(card_set, tuple(bots), {}, module, "") for card_set in (a, b)]
    report = compare_setups(*specs, players=players, games=games, seed=seed,
                            out=Path(out) if out else None, workers=workers, progress=progress)
    rows, hidden = shown_rows(report.comparison, all_rows=True)
    return Answer(displayed(rows), headline(report.comparison, report.name_a, report.name_b),
                  (*report.read, *report_notes(report, hidden)))


def value(card: str, card_set: str = "base", *, players: int = 4, games: int = 2000,
          seed: int = 0, bots: Iterable[str] = ("economist",), ablate: str = "swap",
          module: str = "", out: str | Path | None = None, workers: int | None = None,
          progress: bool = False) -> Answer:
    """`dicelab value CARD`: the card's value to its buyers, by ablation on paired seeds."""
    from analytics.experiments.compare import displayed
    from analytics.experiments.value import card_value, headline

    report = card_value(card_set, card, players, games, seed, tuple(bots), {},
                        Path(out) if out else None, workers, progress, None, ablate, "", module)
    return Answer(displayed(report.table), headline(report), report.read)


def report(logs: Logs, out: str | Path, *, title: str = "Balance report",
           **filters: Iterable) -> tuple[Path, Path]:
    """`dicelab report`: the HTML report and its Markdown twin; their paths."""
    from analytics.reports.report import report_for

    return report_for(_paths(logs), out, _filters(**filters), title)
