"""`dicelab ladder`: a skill ladder of bots from mixed tables.

Every combination of `players` bots out of the list is a table; each table is one run of
whole rotations (every bot in every seat as often), all on the same run seed: the same game
seeds at every table (paired seeds). The finishing orders of all the games give Plackett–Luce
ratings with bootstrap intervals (analytics/stats/ratings.py) and the head-to-head matrix
(the share of games in which one bot finished above another at the same table). CPU time per
decision is measured on the first games of each table, played again in this process with a
clock around each bot's choices: the same games, as the run's seeds replay them.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any

from analytics.engine import SeededChance, derive_seed
from analytics.engine.loop import Decider, play
from analytics.errors import UserError
from analytics.stats import Estimate
from analytics.stats.ratings import Ratings, head_to_head, plackett_luce


@dataclass(frozen=True)
class LadderSpec:
    """What a ladder plays: the bots (the first one the ratings' anchor) and the setup."""

    bots: tuple[str, ...]
    game: str = "diceforge"
    players: int = 4
    games: int = 2000  # across all the tables
    seed: int = 0
    card_set: str = "base"
    module: str = "none"
    rules: dict[str, str] = field(default_factory=dict)

    def tables(self) -> list[tuple[str, ...]]:
        """Every combination of `players` bots, in the list's order."""
        if len(set(self.bots)) != len(self.bots):
            raise UserError(f"--bots names a bot twice ({', '.join(self.bots)}): a ladder "
                            "rates each bot once")
        if len(self.bots) < max(2, self.players):
            raise UserError(f"--bots: a ladder at {self.players} players needs at least "
                            f"{max(2, self.players)} bots (got {len(self.bots)})")
        return list(combinations(self.bots, self.players))

    def games_per_table(self) -> int:
        """Whole rotations, at least `games` in all."""
        tables = len(self.tables())
        return math.ceil(self.games / tables / self.players) * self.players

    def config(self, table: tuple[str, ...]):
        from analytics.runs.simulate import RunConfig

        return RunConfig(game=self.game, players=self.players, games=self.games_per_table(),
                         seed=self.seed, bots=table, card_set=self.card_set,
                         module=self.module, rules=dict(self.rules), rotate=True)


def table_folder(out: Path, spec: LadderSpec, table: tuple[str, ...]) -> Path:
    """Where a table's run goes: by setup, then by its bots (spec characters made plain)."""
    name = Path(spec.card_set).stem if spec.card_set.endswith(".toml") else spec.card_set
    setup = f"{spec.game}-{name}-{spec.module}-{spec.players}p-seed{spec.seed}"
    return out / setup / "+".join(plain_name(bot) for bot in table)


def plain_name(bot: str) -> str:
    """A bot's spec as a folder name: mcts:400:c=1.0 -> mcts-400-c-1.0."""
    return re.sub(r"[^A-Za-z0-9_.-]", "-", bot)


def play_tables(spec: LadderSpec, out: Path, workers: int | None = None,
                progress: bool = True, cluster: str | None = None) -> list[Path]:
    """Play (or finish, or reuse) every table's run; the folders, in table order. Every
    table is checked before any game is played."""
    from analytics.runs.simulate import run_simulation, validate

    tables = spec.tables()
    for table in tables:
        validate(spec.config(table))
    return [run_simulation(spec.config(table), table_folder(out, spec, table), workers=workers,
                           resume=True, progress=progress, cluster=cluster)
            for table in tables]


Order = list[tuple[int, int]]  # (bot index, rank) per seat of one game


def finishing_orders(folders: Iterable[Path | str], bots: tuple[str, ...]) -> list[Order]:
    """Every game's finishing order, by bot index in `bots` (a bot of the logs not in `bots`
    is an error naming it)."""
    import polars as pl

    from analytics.query.database import LogDatabase

    with LogDatabase(folders) as db:
        seats = db.run("outcome_by_seat_game")
    unknown = sorted(set(seats["bot"].unique().to_list()) - set(bots))
    if unknown:
        raise UserError(f"the ladder's runs hold bots not in --bots: {', '.join(unknown)}")
    index = {bot: i for i, bot in enumerate(bots)}
    games = (seats.sort("game_id", "seat").group_by("game_id", maintain_order=True)
             .agg(pl.col("bot"), pl.col("rank")))
    return [[(index[b], int(r)) for b, r in zip(bs, rs, strict=True)]
            for bs, rs in zip(games["bot"].to_list(), games["rank"].to_list(), strict=True)]


class TimedDecider:
    """The play loop's decider with a CPU clock around each seat's real decisions (a wrapper,
    not a subclass: the compiled build's Decider takes no interpreted subclass)."""

    def __init__(self, policies: list, seed: int) -> None:
        self.inner = Decider(policies, seed)
        self.cpu = [0.0] * len(policies)
        self.asked = [0] * len(policies)

    @property
    def count(self) -> int:
        return self.inner.count

    def bind(self, state: Any, game: Any) -> None:
        self.inner.bind(state, game)

    def decide(self, seat: int, kind: str, options: tuple, context: Any = None) -> Any:
        if len(options) == 1:
            return options[0]
        start = time.process_time()
        answer = self.inner.decide(seat, kind, options, context)
        self.cpu[seat] += time.process_time() - start
        self.asked[seat] += 1
        return answer


@dataclass(frozen=True, slots=True)
class Cost:
    """A bot's measured CPU: decisions asked, CPU seconds they took, seat-games."""

    decisions: int
    cpu_s: float
    games: int


def time_bots(spec: LadderSpec, per_table: int) -> dict[str, Cost]:
    """Each bot's CPU cost over the first `per_table` games of every table, played again here
    (the run's seeds and seats: the same games)."""
    from analytics.runs.simulate import game_seed, validate

    found: dict[str, list[float]] = {bot: [0, 0.0, 0] for bot in spec.bots}
    for table in spec.tables():
        config = spec.config(table)
        setup = validate(config)
        game = setup.game
        for index in range(min(per_table, config.games)):
            bots = config.seat_bots(index)
            seed = game_seed(config, index)
            decider = TimedDecider([game.make_bot(b) for b in bots], seed)
            play(game, setup.game_setup, SeededChance(derive_seed(seed, "chance")), decider)
            for seat, bot in enumerate(bots):
                cost = found[bot]
                cost[0] += decider.asked[seat]
                cost[1] += decider.cpu[seat]
                cost[2] += 1
    return {bot: Cost(int(d), c, int(g)) for bot, (d, c, g) in found.items()}


@dataclass(frozen=True, slots=True)
class Ladder:
    """Ratings, head-to-head rates, CPU costs, the rung-by-rung verdicts and what was read."""

    ratings: Ratings
    h2h: dict[tuple[str, str], Estimate]
    costs: dict[str, Cost]
    verdicts: tuple[str, ...]
    read: tuple[str, ...]


def rate(spec: LadderSpec, folders: list[Path], costs: dict[str, Cost], n_boot: int = 200
         ) -> Ladder:
    """The ladder of `spec`'s bots from the runs in `folders`."""
    orders = finishing_orders(folders, spec.bots)
    ratings = plackett_luce(spec.bots, orders, n_boot=n_boot, seed=spec.seed)
    h2h = head_to_head(spec.bots, orders)
    read = (f"{len(orders):,} games at {len(folders)} tables of {spec.players} "
            f"({spec.games_per_table():,} each, seats rotated, run seed {spec.seed} at every "
            f"table); {spec.game} {played_set(folders, spec.card_set)}, module {spec.module}",)
    return Ladder(ratings, h2h, costs, rung_verdicts(ratings, h2h), read)


def played_set(folders: list[Path], asked: str) -> str:
    """The set as the tables' runs record it and the game's outputs name it ('set base';
    'under assumption set default [hash]')."""
    from analytics.eventlog.reader import read_roles, read_table

    if not folders:
        return f"set {asked}"
    return read_roles(folders[0]).set_phrase(read_table(folders[0], "runs")["card_set"][0])


def rung_verdicts(ratings: Ratings, h2h: dict[tuple[str, str], Estimate]) -> tuple[str, ...]:
    """One line per rung (by rating): does it finish above the rung below clearly?"""
    ranked = sorted(zip(ratings.names, ratings.ratings, strict=True),
                    key=lambda item: item[1].estimate)
    lines = []
    for (low, _), (high, _) in zip(ranked, ranked[1:], strict=False):
        e = h2h.get((high, low))
        if e is None:
            lines.append(f"{high} over {low}: never at one table")
            continue
        said = (f"{high} over {low}: finishes above it in {100 * e.estimate:.1f}% "
                f"[{100 * e.low:.1f}, {100 * e.high:.1f}] of {e.n:,} games")
        if e.low > 0.5:
            lines.append(f"{said}: a clear rung" + (" (under the 60% target)"
                                                    if e.estimate < 0.6 else ""))
        else:
            lines.append(f"{said}: FLAT (not separated from 50%)")
    return tuple(lines)


def frames(ladder: Ladder) -> dict[str, Any]:
    """The ladder's three tables (polars): ratings, head-to-head (long), CPU cost per bot."""
    import polars as pl

    ratings = pl.DataFrame([
        {"bot": name, "rating": e.estimate, "low": e.low, "high": e.high, "seat_games": e.n}
        for name, e in zip(ladder.ratings.names, ladder.ratings.ratings, strict=True)
    ]).sort("rating", descending=True)
    h2h = pl.DataFrame([
        {"bot": a, "versus": b, "above": e.estimate, "low": e.low, "high": e.high, "games": e.n}
        for (a, b), e in ladder.h2h.items()],
        schema={"bot": pl.String, "versus": pl.String, "above": pl.Float64,
                "low": pl.Float64, "high": pl.Float64, "games": pl.Int64})
    cost = pl.DataFrame([
        {"bot": bot, "decisions": c.decisions, "seat_games": c.games,
         "cpu_ms_per_decision": 1000 * c.cpu_s / c.decisions if c.decisions else None,
         "decisions_per_cpu_s": c.decisions / c.cpu_s if c.cpu_s else None,
         "cpu_s_per_game": c.cpu_s / c.games if c.games else None}
        for bot, c in ladder.costs.items()],
        schema={"bot": pl.String, "decisions": pl.Int64, "seat_games": pl.Int64,
                "cpu_ms_per_decision": pl.Float64, "decisions_per_cpu_s": pl.Float64,
                "cpu_s_per_game": pl.Float64})
    return {"ratings": ratings, "head_to_head": h2h, "cpu": cost}


def matrix(h2h, bots: tuple[str, ...]):
    """The head-to-head table as a person reads it: a row per bot, a column per opponent,
    each cell `rate [low, high]`."""
    import polars as pl

    rows = [{"bot": a, **{b: ladder_cell(h2h, a, b) for b in bots}} for a in bots]
    return pl.DataFrame(rows, schema={"bot": pl.String, **{b: pl.String for b in bots}})


def ladder_cell(h2h, a: str, b: str) -> str:
    if a == b:
        return "-"
    e = h2h.get((a, b))
    return "" if e is None else f"{e.estimate:.2f} [{e.low:.2f}, {e.high:.2f}]"


NOTE = ("rating: Plackett-Luce over every game's finishing order (ties: Breslow), Elo scale "
        "(400 points: 10 to 1 odds in a two-seat game), the first bot of --bots at 0; low/high: "
        "95% percentile bootstrap over games; head-to-head: share of games at one table in "
        "which the row's bot finished above the column's (a tie counts half), 95% Wilson; "
        "cpu: the first games of each table played again with a CPU clock around each "
        "decision (process time, so another process's load counts little)")
