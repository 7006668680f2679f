"""`dicelab balance`: the game-level balance table of METRICS.md, per player count.

Four queries read the logs (outcome by seat, one row per game, the score by source per game,
acquisitions per game of the card set's kind); `balance_stats` turns them into estimates with
intervals, and each player count gets a verdict sentence naming the worst imbalance.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import polars as pl

from analytics.errors import UserError
from analytics.eventlog.roles import Roles
from analytics.query.database import Filters, LogDatabase, opened
from analytics.query.provenance import describe_sets
from analytics.stats import Estimate
from analytics.stats import balance as bs

Logs = Iterable[str | Path] | LogDatabase
COLUMNS = ("players", "section", "metric", "estimate", "low", "high", "n", "p_value", "p_adj",
           "method")
LEGEND = ("estimate [low, high]: 95% interval; n: games; WR: win rate "
          "(tied winners split a win); Balance: 1 - largest gap between two seats' WR; "
          "decided_at: share of the game played before the winner is ahead for good")
FAMILIES = ("tests: each seat's WR against 1/N (score test; p_adj: Holm over the seats of a "
            "player count, one test when two seats share one whole), the chi-square of all "
            "seats at once (its own p), each bot's share of wins against its share of seats "
            "(p_adj: Holm over the bots); p_value: a test's own p")


@dataclass(frozen=True, slots=True)
class Balance:
    """The long table (one row per player count and metric), a verdict per player count, notes."""

    frame: pl.DataFrame
    verdicts: tuple[str, ...]
    footnotes: tuple[str, ...] = ()


def balance_table(logs: Logs, filters: Filters | None = None, n_boot: int = 1000,
                  seed: int = 0) -> Balance:
    """The game-level balance metrics of every player count in `logs`."""
    with opened(logs, filters) as db:
        roles = db.roles
        seats = db.run("outcome_by_seat_game")
        games = db.run("balance_by_game")
        sources = db.run("score_by_source_by_game")
        # Purchases of what a card set holds (or of the game's first component kind).
        bought = db.run("purchases_by_game", {"component": roles.main_kind})
        described = db.filters.describe()
        under = ((describe_sets(db.run("runs_read"), roles),)
                 if roles.set_word != "card set" else ())  # assumption sets: say which
    rows: list[dict] = []
    verdicts = []
    for players in sorted(games["players"].unique().to_list()):
        game_rows = games.filter(pl.col("players") == players)
        ids = game_rows.select("game_id")
        metrics, verdict = _player_count(
            players, game_rows, *(f.join(ids, on="game_id", how="semi")
                                  for f in (seats, sources, bought)), roles, n_boot, seed)
        rows.extend({"players": players, "section": section, "metric": name,
                     "estimate": e.estimate, "low": e.low, "high": e.high, "n": e.n,
                     "p_value": e.p_value, "p_adj": adjusted,
                     "method": e.method}
                    for section, name, e, adjusted in metrics)
        verdicts.append(verdict)
    frame = pl.DataFrame(rows, schema={c: _DTYPES.get(c, pl.Float64) for c in COLUMNS},
                         orient="row").with_columns(pl.selectors.float().fill_nan(None))
    read = "; ".join(f"{n:,} games at {p} players" for p, n in
                     games.group_by("players").len().sort("players").iter_rows())
    notes = (f"read: {read or 'no games'} (filters: {described}); intervals 95% (Wilson for "
             f"rates, t over games for means, bootstrap over whole games otherwise, "
             f"B={n_boot}, seed {seed})", *under, LEGEND, FAMILIES)
    return Balance(frame, tuple(verdicts), notes)


_DTYPES = {"players": pl.Int64, "section": pl.String, "metric": pl.String, "n": pl.Int64,
           "method": pl.String}


Metric = tuple[str, str, Estimate, float]  # section, name, estimate, adjusted p (NaN: none)


def _player_count(players: int, games: pl.DataFrame, seats: pl.DataFrame,
                  sources: pl.DataFrame, bought: pl.DataFrame, roles: Roles, n_boot: int,
                  seed: int) -> tuple[list[Metric], str]:
    n = games.height
    order = games.select("game_id").with_row_index("row")
    win_share = _matrix(seats, order, "seat", "win_share", [str(s) for s in range(players)])
    advantage = bs.seat_advantage(win_share, n_boot, seed)
    seat_adjusted = advantage.seat_p_adjusted
    metrics: list[Metric] = [("seats", "fair WR (1/N)", _fixed(1 / players, n), math.nan)]
    metrics += [("seats", f"seat {s} WR", e, float(seat_adjusted[s]))
                for s, e in enumerate(advantage.seats)]
    chi = advantage.chi_square
    metrics += [("seats", "chi-square vs 1/N", chi, math.nan),
                ("seats", "Balance (Ludii)", advantage.balance, math.nan)]
    metrics += [(*m, math.nan) for m in _outcome_metrics(games, n_boot, seed)]
    metrics += [(*m, math.nan) for m in _score_metrics(sources, order, roles, n_boot, seed)]
    bot_metrics, bot_gaps = _bot_metrics(seats, order, n_boot, seed)
    metrics += bot_metrics
    bought_ids = sorted(bought["component"].unique().to_list())
    metrics.append(("strategy", "purchase entropy (bits)",
                    bs.purchase_entropy(_matrix(bought, order, "component", "bought", bought_ids),
                                        n_boot, seed, roles.component(roles.main_kind).word),
                    math.nan))
    worst = advantage.worst_seat
    seat = bs.Imbalance(f"seat {worst}", advantage.seats[worst], 1 / players,
                        float(seat_adjusted[worst]), bs.family_words(players, "seats"))
    return metrics, bs.verdict(players, n, seat, bot_gaps)


def _bot_metrics(seats: pl.DataFrame, order: pl.DataFrame, n_boot: int, seed: int
                 ) -> tuple[list[Metric], list[bs.Imbalance]]:
    """Each bot's share of seats and of wins, the latter tested against the former (Holm over
    the bots); and each bot as a candidate imbalance (none with a single bot)."""
    n = order.height
    bots = sorted(seats["bot"].unique().to_list())
    bot_wins = _matrix(seats, order, "bot", "win_share", bots)
    bot_seats = _matrix(seats.with_columns(seat_games=pl.lit(1.0)), order, "bot", "seat_games",
                        bots)
    fair = bot_seats.sum(axis=0) / max(bot_seats.sum(), 1)
    shares = bs.shares(bot_wins, n_boot, seed)
    tested = len(bots) > 1
    p = np.array([bs.gap_p_value(e, f) if tested else math.nan
                  for f, e in zip(fair, shares, strict=True)])
    adjusted = bs.seat_family(p) if tested else p
    metrics: list[Metric] = []
    for bot, f, e, p_bot, adj in zip(bots, fair, shares, p, adjusted, strict=True):
        metrics += [("strategy", f"{bot} share of seats", _fixed(f, n), math.nan),
                    ("strategy", f"{bot} share of wins", replace(e, p_value=float(p_bot)),
                     float(adj))]
    family = bs.family_words(len(bots), "bots")
    gaps = [bs.Imbalance(f"bot {bot}", e, f, float(adj), family)
            for bot, f, e, adj in zip(bots, fair, shares, adjusted, strict=True)] if tested else []
    return metrics, gaps


def _fixed(value: float, n: int) -> Estimate:
    """A number known exactly (a fair share): no interval."""
    return Estimate(value, math.nan, math.nan, n=n, method="fixed by the setup")


def _outcome_metrics(games: pl.DataFrame, n_boot: int, seed: int
                     ) -> list[tuple[str, str, Estimate]]:
    column = {c: games[c].to_numpy().astype(float) for c in
              ("rounds", "decisions", "score_sd", "margin", "lead_changes_per_round",
               "decided_at")}
    metrics = [("outcome", "tie rate", bs.rate(games["tied"].sum(), games.height))]
    for name in ("rounds", "decisions"):
        sd, p95 = bs.spread(column[name], n_boot, seed)
        metrics += [("duration", f"{name} mean", bs.mean(column[name])),
                    ("duration", f"{name} SD", sd), ("duration", f"{name} p95", p95)]
    metrics += [("outcome", "lead changes per round", bs.mean(column["lead_changes_per_round"])),
                ("outcome", "decided_at", bs.mean(column["decided_at"])),
                ("outcome", "score SD within a game", bs.mean(column["score_sd"])),
                ("outcome", "margin (winner - runner-up)", bs.mean(column["margin"]))]
    return metrics


def _score_metrics(scored: pl.DataFrame, order: pl.DataFrame, roles: Roles, n_boot: int,
                   seed: int) -> list[tuple[str, str, Estimate]]:
    """Each source's share of the score (in the roles' order of sources, then the others)."""
    present = set(scored["source"].unique().to_list())
    sources = [s for s in roles.score_sources if s in present]
    sources += sorted(present - set(sources))
    per_game = _matrix(scored, order, "source", "score", sources)
    return [(roles.score, f"{roles.score_title} share: {source}", e)
            for source, e in zip(sources, bs.shares(per_game, n_boot, seed), strict=True)]


def _matrix(frame: pl.DataFrame, order: pl.DataFrame, key: str, value: str,
            names: Sequence[str]) -> np.ndarray:
    """A (games x names) matrix of `value` summed per game and `key`; rows follow `order`."""
    out = np.zeros((order.height, len(names)))
    if not frame.height or not names:
        return out
    column = {name: i for i, name in enumerate(names)}
    rows = frame.join(order, on="game_id").with_columns(pl.col(key).cast(pl.String))
    np.add.at(out, (rows["row"].to_numpy(), rows[key].replace_strict(column).to_numpy()),
              rows[value].to_numpy().astype(float))
    return out


def balance_wide(frame: pl.DataFrame) -> pl.DataFrame:
    """The long table as a person reads it: one row per metric, one column per player count,
    each cell `estimate [low, high]` (a test: `statistic (p)`), games on the first row."""
    def cell(row: dict) -> str:
        text = _short(row["estimate"])
        if row["low"] is not None and row["high"] is not None:
            text += f" [{_short(row['low'])}, {_short(row['high'])}]"
        if row["p_adj"] is not None:
            text += f" (adjusted {bs.format_p(row['p_adj'])})"
        elif row["p_value"] is not None:
            text += f" ({bs.format_p(row['p_value'])})"
        return text

    cells = frame.with_columns(
        value=pl.struct("estimate", "low", "high", "p_value", "p_adj").map_elements(
            cell, return_dtype=pl.String),
        column=pl.format("{} players", "players")
    ).sort("players", descending=True, maintain_order=True)  # the most seats fixes row order
    games = cells.group_by("column", maintain_order=True).agg(
        pl.col("n").max().map_elements(lambda n: f"{n:,}", return_dtype=pl.String)
        .alias("value")).with_columns(section=pl.lit(""), metric=pl.lit("games"))
    long = pl.concat([games.select("section", "metric", "column", "value"),
                      cells.select("section", "metric", "column", "value")])
    wide = long.pivot(on="column", index=["section", "metric"], values="value",
                      maintain_order=True)
    counts = sorted(frame["players"].unique().to_list())
    return wide.select("section", "metric", *(f"{p} players" for p in counts))


def _short(value: float | None) -> str:
    if value is None:
        return ""
    return f"{value:,.1f}" if abs(value) >= 100 else f"{value:.3f}"


def parse_player_counts(text: str) -> tuple[int, ...]:
    """'2,3,4' -> (2, 3, 4); which counts a game allows is the game's to say (when simulating)."""
    parts = [p.strip() for p in text.split(",") if p.strip()]
    counts = tuple(int(p) for p in parts if p.isascii() and p.isdigit())
    if not counts or len(counts) < len(parts):  # '٣' and '1_0' are no counts written plainly
        raise UserError(f"--players {text!r}: expected player counts such as 2,3,4")
    return counts
