"""`dicelab power` per endpoint: how many games detect a change in one named measure.

Each endpoint has its own spread, so its own number of games: a seat's win rate, a bot's win
share (its seats' win rate), a card's value on its buyers (their win rate with it minus
without, on the same seeds) and the mean score per game. From two paired runs
(--logs-a/--logs-b) the spread of each endpoint's per-game paired difference is measured; without
them only the win rates can be planned, from a Bernoulli win at --base and an ASSUMED
correlation of the two arms.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import polars as pl

from analytics import stats
from analytics.errors import UserError

ENDPOINT_WORDS = {
    "seat": "seat {name}'s win rate",
    "bot": "bot {name}'s win share (the win rate of its seats)",
    "value": "{name}'s value on its buyers (their win rate with it minus without, same seeds)",
    "score": "the mean score per game",
}
MEASURED_ONLY = ("value", "score")  # no base rate says their spread: it must be measured


@dataclass(frozen=True, slots=True)
class Spread:
    """An endpoint's level in arm A and the SD per game of its paired difference (NaN:
    assumed from a Bernoulli win), with the arms' correlation and where they come from."""

    endpoint: str
    base: float
    sd: float
    correlation: float
    source: str

    @property
    def measured(self) -> bool:
        return not math.isnan(self.sd)


def parse_endpoint(endpoint: str) -> tuple[str, str]:
    """'seat:0' -> ('seat', '0'); 'score' -> ('score', ''); anything else is a UserError."""
    kind, _, name = endpoint.partition(":")
    if kind == "score" and not name or kind in ("seat", "bot", "value") and name:
        return kind, name
    raise UserError(f"--endpoint {endpoint!r}: choose seat:N, bot:NAME, value:CARD or score")


def describe(endpoint: str) -> str:
    kind, name = parse_endpoint(endpoint)
    return ENDPOINT_WORDS[kind].format(name=name)


def measured_spreads(endpoints: Sequence[str], logs_a, logs_b, game: str | None = None
                     ) -> list[Spread]:
    """Each endpoint's spread from two paired runs: the SD per game of its paired difference
    (linearised for ratios), as the paired test of `dicelab compare` and `value` uses it."""
    from analytics.experiments.compare import buyers_inputs, game_inputs
    from analytics.experiments.paired import pair, read_arms

    games = pair(*read_arms(logs_a, logs_b, game))
    inputs = game_inputs(games)
    spreads = []
    for endpoint in endpoints:
        kind, name = parse_endpoint(endpoint)
        if kind == "value":
            arrays = buyers_inputs(games, games.roles.set_kind, name)
        elif endpoint in inputs:
            arrays = inputs[endpoint][1]
        else:
            raise UserError(f"--endpoint {endpoint!r}: not in the paired runs (seats 0.."
                            f"{games.players - 1}; bots: "
                            f"{', '.join(k[4:] for k in inputs if k.startswith('bot:'))})")
        result = stats.paired_ratio_difference(*arrays)
        sd = result.se_paired * math.sqrt(result.n)
        if not sd > 0:
            raise UserError(f"{endpoint}: the paired runs do not differ game by game (the same "
                            "games twice?): no spread to measure; play arm B on other seeds")
        spreads.append(Spread(endpoint, result.a, sd, result.correlation,
                              f"MEASURED from {games.n_games:,} paired games"))
    return spreads


def assumed_spread(endpoint: str, base: float, correlation: float | None, paired: bool
                   ) -> Spread:
    """A win rate's spread from a Bernoulli win at `base` (and, paired, an assumed
    correlation); an endpoint without a base rate is a UserError asking for paired runs."""
    kind, _ = parse_endpoint(endpoint)
    if kind in MEASURED_ONLY:
        raise UserError(f"--endpoint {endpoint}: its spread must be measured; give "
                        "--paired --logs-a A --logs-b B (two paired runs)")
    corr = (0.5 if correlation is None else correlation) if paired else math.nan
    source = (f"ASSUMED, not measured: a Bernoulli win at --base, correlation {corr:.3f} "
              "(pass --logs-a/--logs-b of two paired runs to measure it)" if paired else
              "ASSUMED: a Bernoulli win at --base")
    return Spread(endpoint, base, math.nan, corr, source)


def games_needed(spread: Spread, effect: float, alpha: float, power: float, paired: bool
                 ) -> float:
    """Games per arm (pairs, when paired) for a two-sided test of `effect` on the endpoint."""
    if spread.measured:
        return stats.t_test_sample_size(abs(effect) / spread.sd, alpha, power)
    if not 0 < spread.base < 1 or not 0 < spread.base + effect < 1 or effect == 0:
        raise UserError(f"--base {spread.base} with --effect {effect} must give two different "
                        "win rates strictly between 0 and 1")
    if paired:
        return stats.sample_size_paired(spread.base, effect, alpha, power, spread.correlation)
    return stats.sample_size_independent(spread.base, effect, alpha, power)


def power_frame(spreads: Sequence[Spread], effects: Sequence[float], alpha: float,
                power: float, paired: bool) -> pl.DataFrame:
    """One row per endpoint and effect: the games needed and where the spread comes from."""
    if power <= alpha:  # a test that rejects at random has power alpha: no games are needed
        raise UserError(f"--power {power} must be above --alpha {alpha}")
    rows = []
    for spread in spreads:
        for effect in effects:
            n = games_needed(spread, effect, alpha, power, paired)
            if not math.isfinite(n):  # the solver found no sample size
                raise UserError(f"no number of games reaches --power {power} for --effect "
                                f"{effect} on {spread.endpoint}")
            rows.append({"endpoint": spread.endpoint,
                         "design": "paired" if paired else "independent",
                         "base": spread.base, "effect": effect, "alpha": alpha, "power": power,
                         "sd_per_game": spread.sd, "correlation": spread.correlation,
                         "spread": "measured" if spread.measured else "assumed",
                         "games": math.ceil(n)})
    return pl.DataFrame(rows).with_columns(pl.selectors.float().fill_nan(None))


def notes(spreads: Sequence[Spread], paired: bool) -> tuple[str, ...]:
    """What each endpoint is and where its spread comes from."""
    design = ("paired: games are seeds played under both setups; paired t-test on the "
              "per-game difference" if paired else
              "independent: games in EACH of two setups; two-sided two-proportion test "
              "(Cohen's h)")
    return (design, *(f"{s.endpoint}: {describe(s.endpoint)}; spread {s.source}"
                      for s in spreads),
            "each endpoint needs its own number of games: plan for the one you will test")


def power_table(effects: Sequence[float], endpoints: Sequence[str] = ("seat:0",),
                base: float = 0.25, alpha: float = 0.05, power: float = 0.8,
                paired: bool = False, correlation: float | None = None, logs_a=(), logs_b=(),
                game: str | None = None):
    """The games each endpoint needs, its spread measured from two paired runs when given."""
    from analytics.tables.table import Table

    for endpoint in endpoints:  # a bad name fails before any run is read
        parse_endpoint(endpoint)
    if logs_a or logs_b:
        # Each mistake named for what was given: the fix is different.
        if not (logs_a and logs_b):
            raise UserError("--logs-a and --logs-b go together (one arm each): give both")
        if not paired:
            raise UserError("--logs-a and --logs-b measure the spread of a paired design: "
                            "add --paired")
        if correlation is not None:
            raise UserError("--logs-a and --logs-b measure the correlation that "
                            "--correlation assumes: drop --correlation")
        spreads = measured_spreads(endpoints, logs_a, logs_b, game)
    else:
        spreads = [assumed_spread(e, base, correlation, paired) for e in endpoints]
    return Table(power_frame(spreads, effects, alpha, power, paired), notes(spreads, paired))
