"""A paired comparison of two arms: every measure side by side with its paired difference.

Both arms played the same seeds with the same bots in the same seats
(analytics.experiments.paired lines them up), so each game gives one paired difference per
measure: seat and bot win rates, score level and spread, game length, ties, and per component
of each kind of the game's roles its take rate and its owners' win rate. Intervals are Student
t over games (each game one cluster), p-values are adjusted with Benjamini-Hochberg within each
section, and one endpoint is put into words on the first line.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import polars as pl

from analytics import stats
from analytics.errors import UserError
from analytics.experiments.paired import PairedGames, pair, read_arms, small_pages

ALPHA = 0.05
ENDPOINTS = ("first_seat", "score", "spread", "margin", "rounds", "decisions", "tie_rate")
ROW_SCHEMA = {"section": pl.String, "item": pl.String, "measure": pl.String, "in": pl.String,
              "a": pl.Float64, "b": pl.Float64, "difference": pl.Float64, "low": pl.Float64,
              "high": pl.Float64, "p": pl.Float64, "corr": pl.Float64,
              "variance_ratio": pl.Float64, "n_games": pl.Int64}


@dataclass(frozen=True, slots=True)
class Comparison:
    """The rows of a comparison (long format) and the endpoint's result."""

    rows: pl.DataFrame  # ROW_SCHEMA plus p_adj
    endpoint: str
    primary: stats.Paired
    same_bots: bool
    players: int
    sections: dict[str, str]  # section -> its title: the game, then each component kind


def _row(section: str, item: str, measure: str, result: stats.Paired, where: str = "both"
         ) -> dict:
    return {"section": section, "item": item, "measure": measure, "in": where,
            "a": result.a, "b": result.b, "difference": result.difference, "low": result.low,
            "high": result.high, "p": result.p_value, "corr": result.correlation,
            "variance_ratio": result.variance_ratio, "n_games": result.n}


def game_measures(games: PairedGames) -> dict[str, tuple[str, stats.Paired]]:
    """Game-level measures by key: (row label, paired result), arm B minus arm A."""
    a, b = "A", "B"
    out: dict[str, tuple[str, stats.Paired]] = {}
    for seat in range(games.players):
        out[f"seat:{seat}"] = (f"seat {seat}", stats.paired_mean_difference(
            games.win[a][:, seat], games.win[b][:, seat]))
    expected = 1 / games.players
    out["first_seat"] = ("first seat advantage (seat 0 - 1/N)", stats.paired_mean_difference(
        games.win[a][:, 0] - expected, games.win[b][:, 0] - expected))
    for bot in sorted(set(np.unique(games.bots[a])) & set(np.unique(games.bots[b]))):
        sits = {arm: games.bots[arm] == bot for arm in (a, b)}
        out[f"bot:{bot}"] = (f"bot {bot}", stats.paired_ratio_difference(
            (games.win[a] * sits[a]).sum(axis=1), sits[a].sum(axis=1),
            (games.win[b] * sits[b]).sum(axis=1), sits[b].sum(axis=1)))
    per_game = {
        "score": ("mean score", lambda s: s.mean(axis=1)),
        "spread": ("score SD within a game", lambda s: s.std(axis=1)),
        "margin": ("winner's margin", lambda s: np.diff(np.sort(s, axis=1)[:, -2:], axis=1)[:, 0]),
    }
    for key, (label, of) in per_game.items():
        out[key] = (label, stats.paired_mean_difference(of(games.score[a].astype(float)),
                                                        of(games.score[b].astype(float))))
    out["rounds"] = ("rounds", stats.paired_mean_difference(games.rounds[a], games.rounds[b]))
    out["decisions"] = ("decisions", stats.paired_mean_difference(games.decisions[a],
                                                                  games.decisions[b]))
    out["tie_rate"] = ("tie rate", stats.paired_mean_difference(games.tied[a], games.tied[b]))
    return out


def _measure_of(key: str) -> str:
    if key.startswith(("seat:", "bot:")) or key == "first_seat":
        return "win_rate"
    return {"score": "score", "spread": "score", "margin": "score", "rounds": "length",
            "decisions": "length", "tie_rate": "rate"}[key]


def component_rows(games: PairedGames, kind: str) -> list[dict]:
    """Per component of `kind`: take rate and owners' win rate in each arm, paired
    differences."""
    rows = []
    names = games.components[kind]
    seats = np.full(games.n_games, float(games.players))
    owned = games.owned[kind]
    # (components, games): each component's games contiguous, read once per measure. Seen
    # component first: analytics.experiments.paired stores each component's seat-games contiguous.
    by_component = {arm: np.moveaxis(owned[arm], 2, 0) for arm in ("A", "B")}
    owners = {arm: by_component[arm].sum(axis=2, dtype=float) for arm in ("A", "B")}
    wins = {arm: np.einsum("gs,cgs->cg", games.win[arm].astype(np.float32), by_component[arm]
                           ).astype(float) for arm in ("A", "B")}
    for j, name in enumerate(names):
        in_a, in_b = (bool(games.offered[kind][arm][j]) for arm in ("A", "B"))
        where = "both" if in_a and in_b else ("A only" if in_a else "B only")
        take = stats.paired_ratio_difference(
            owners["A"][j], seats if in_a else 0 * seats,
            owners["B"][j], seats if in_b else 0 * seats)
        wr = stats.paired_ratio_difference(wins["A"][j], owners["A"][j],
                                           wins["B"][j], owners["B"][j])
        rows.append(_row(kind, name, "take_rate", take, where))
        rows.append(_row(kind, name, "owned_wr", wr, where))
    return rows


def check_endpoint(endpoint: str, players: int) -> None:
    """A UserError unless `endpoint` names a game measure (before any game is played)."""
    kind, _, value = endpoint.partition(":")
    if endpoint in ENDPOINTS or (kind == "bot" and value) or (
            kind == "seat" and value.isdigit() and int(value) < players):
        return
    raise UserError(f"--endpoint {endpoint!r}: choose one of {', '.join(ENDPOINTS)}, "
                    f"seat:0..{players - 1}, bot:NAME")


def compare_games(games: PairedGames, endpoint: str = "first_seat") -> Comparison:
    """Every measure of both arms, paired; `endpoint` keys the first line (ENDPOINTS,
    seat:N, bot:NAME)."""
    if games.n_games < 2:
        raise UserError(f"a paired comparison needs at least 2 games per arm "
                        f"(got {games.n_games})")
    measures = game_measures(games)
    if endpoint not in measures:
        keys = ", ".join(k for k in measures if not k.startswith("seat:"))
        raise UserError(f"--endpoint {endpoint!r}: choose one of {keys}")
    rows = [_row("game", label, _measure_of(key), result)
            for key, (label, result) in measures.items()]
    for kind in games.roles.kinds:
        rows.extend(component_rows(games, kind))
    frame = pl.DataFrame(rows, schema=ROW_SCHEMA)
    frame = frame.with_columns(p_adj=pl.Series(_bh_by_section(frame)))
    frame = frame.select(*list(ROW_SCHEMA)[:10], "p_adj", *list(ROW_SCHEMA)[10:])
    same = bool(np.array_equal(games.bots["A"], games.bots["B"]))
    return Comparison(frame, endpoint, measures[endpoint][1], same, games.players,
                      section_titles(games))


def _bh_by_section(frame: pl.DataFrame) -> np.ndarray:
    """Benjamini-Hochberg adjusted p within each section (the game, each component kind)."""
    adjusted = np.full(frame.height, np.nan)
    sections = frame["section"].to_numpy()
    p = frame["p"].to_numpy()
    for section in np.unique(sections):
        here = sections == section
        adjusted[here] = stats.benjamini_hochberg(p[here])
    return adjusted


def shown_rows(comparison: Comparison, all_rows: bool) -> tuple[pl.DataFrame, int]:
    """Game rows, and component rows that are in one arm only or moved (p_adj < ALPHA)."""
    frame = comparison.rows
    if all_rows:
        return frame, 0
    keep = ((pl.col("section") == "game") | (pl.col("in") != "both")
            | (pl.col("p_adj") < ALPHA))
    shown = frame.filter(keep)
    return shown, frame.height - shown.height


def _points(value: float, rate: bool) -> str:
    return f"{100 * value:.1f}" if rate else f"{value:.2f}"


def headline(comparison: Comparison, name_a: str, name_b: str) -> str:
    """The endpoint in plain words: 'B (x)'s first seat wins 27.1% vs 25.3% ...'."""
    r, key = comparison.primary, comparison.endpoint
    rate = key in ("first_seat", "tie_rate") or key.startswith(("seat:", "bot:"))
    unit = " points" if rate else ""
    first = key == "first_seat"
    shift = 1 / comparison.players if first else 0.0  # the row holds WR - 1/N
    a, b = r.a + shift, r.b + shift
    what = {"first_seat": "first seat wins", "score": "mean score is", "spread":
            "score spread (SD within a game) is", "margin": "winner's margin is",
            "rounds": "rounds per game are", "decisions": "decisions per game are",
            "tie_rate": "games tie"}.get(key, f"{key.replace(':', ' ')} wins")
    value = (lambda v: f"{100 * v:.1f}%") if rate else (lambda v: f"{v:.2f}")
    if math.isnan(r.low):
        interval = "no interval"
    else:
        p = stats.format_p(r.p_value)
        interval = (f"{_points(r.low, rate)} to {_points(r.high, rate)}, 95% paired, "
                    f"p {p if p.startswith('<') else '= ' + p}")
    sign = "+" if r.difference >= 0 else "-"
    return (f"B ({name_b})'s {what} {value(b)} vs A ({name_a})'s {value(a)}: "
            f"{sign}{_points(abs(r.difference), rate)}{unit} ({interval}) over "
            f"{r.n:,} paired games")


def pairing_note(comparison: Comparison) -> str:
    """How much the pairing bought on the endpoint: measured correlation and games saved."""
    r = comparison.primary
    if math.isnan(r.variance_ratio):
        return "pairing: no spread in the paired differences, nothing to measure"
    independent = math.ceil(r.n * r.variance_ratio)
    return (f"pairing: the arms correlate {r.correlation:.2f} game by game on the endpoint "
            f"({comparison.endpoint}); two independent arms would need {independent:,} games "
            f"each for this precision, {r.variance_ratio:.2f} times the {r.n:,} played: the "
            f"pairing saved {max(independent - r.n, 0):,} games per arm")


@dataclass(frozen=True, slots=True)
class Report:
    """A comparison with what was read and, when play stopped by a rule, that rule's record."""

    comparison: Comparison
    name_a: str
    name_b: str
    read: tuple[str, ...]
    sequential: object | None = None  # experiments.arms.Sequential (it plays games: not here)


def compare_logs(logs_a: Iterable[str | Path], logs_b: Iterable[str | Path],
                 endpoint: str = "first_seat", names: tuple[str, str] | None = None,
                 game: str | None = None) -> Report:
    """Read two arms' run folders, pair their games by seed and compare every measure."""
    with small_pages():
        arm_a, arm_b = read_arms(logs_a, logs_b, game)
        comparison = compare_games(pair(arm_a, arm_b), endpoint)
    name_a, name_b = names or (arm_a.sets, arm_b.sets)
    return Report(comparison, name_a, name_b, arm_a.read + arm_b.read)


def endpoint_z(report: Report) -> float:
    """The endpoint's paired difference over its standard error (NaN when it has none)."""
    r = report.comparison.primary
    return r.difference / r.se_paired if r.se_paired > 0 else math.nan


def section_titles(games: PairedGames) -> dict[str, str]:
    """Each section's title: the game as a whole, then each component kind's plural label."""
    return {"game": "The game as a whole", **{
        c.kind: c.plural[:1].upper() + c.plural[1:] for c in games.roles.components}}


def displayed(frame: pl.DataFrame) -> pl.DataFrame:
    """The rows as shown: p-values as text (never 0.0: '< 1e-300' where they underflow)."""
    return frame.with_columns(pl.col("p", "p_adj").map_elements(
        stats.format_p, return_dtype=pl.String))


def report_output(report: Report, fmt: str, all_rows: bool = False
                  ) -> tuple[str, tuple[str, ...]]:
    """(stdout text, stderr lines) of a comparison in `fmt` (table | csv | json)."""
    from analytics.output import render_table

    shown, hidden = shown_rows(report.comparison, all_rows)
    first = headline(report.comparison, report.name_a, report.name_b)
    notes = [pairing_note(report.comparison)]
    if report.sequential is not None:
        notes.append(report.sequential.text)
    if not report.comparison.same_bots:
        notes.append("the arms seat different bots: each pair differs by its setup AND its bots")
    notes.append(
        "difference = B - A; low/high: 95% interval over paired games (Student t, each game one "
        "cluster; rates over seat-games linearised as ratios); p: paired t-test; p_adj: "
        "Benjamini-Hochberg within each section; corr: correlation of the arms game by game; "
        "variance_ratio: games an unpaired design needs per game played here. owned_wr and "
        "take_rate differences say how play changed, not what a component is worth: see "
        "`dicelab value`")
    if hidden:
        notes.append(f"{hidden} component rows in both arms that did not move (p_adj >= "
                     f"{ALPHA}) hidden; --all-rows shows them")
    if fmt == "json":
        body = {"headline": first, "notes": notes, "read": list(report.read),
                "rows": displayed(shown).to_dicts()}
        return json.dumps(body, indent=2, default=str), tuple(report.read)
    if fmt == "csv":
        return render_table(displayed(shown), "csv"), (*report.read, first, *notes)
    parts = [first]
    for section, title in report.comparison.sections.items():
        rows = shown.filter(pl.col("section") == section).drop("section")
        if rows.height:
            parts += ["", title, render_table(displayed(rows), "table")]
    return "\n".join(parts), (*report.read, *notes)


def buyers_difference(games: PairedGames, kind: str, name: str) -> stats.Paired:
    """Win rate of the seats that acquired `name` in arm B, in B minus in A, on the same games.

    The buyers are fixed by arm B (the arm that offers it); the same seats of the same seeds
    in arm A, where it is not offered, say how they would have done without it. Each game is
    one cluster (its buyers' summed win shares over its number of buyers).
    """
    j = games.components[kind].index(name)
    buyers = games.owned[kind]["B"][:, :, j]
    count = buyers.sum(axis=1)
    return stats.paired_ratio_difference((games.win["A"] * buyers).sum(axis=1), count,
                                         (games.win["B"] * buyers).sum(axis=1), count)


def paired_correlation(paired: bool, assumed: float | None, logs_a, logs_b,
                       game: str | None = None) -> tuple[float, str]:
    """The correlation `power --paired` uses and where it comes from ('' = assumed).

    Measured: the correlation of a seat's win share on one seed under the two arms, over
    every seat-game of two paired runs.
    """
    if not (logs_a or logs_b):
        return (0.5 if assumed is None else assumed), ""
    # Each mistake named for what was given: the fix is different.
    if not (logs_a and logs_b):
        raise UserError("--logs-a and --logs-b go together (one arm each): give both")
    if not paired:
        raise UserError("--logs-a and --logs-b measure the correlation of a paired design: "
                        "add --paired")
    if assumed is not None:
        raise UserError("--logs-a and --logs-b measure the correlation that --correlation "
                        "assumes: drop --correlation")
    games = pair(*read_arms(logs_a, logs_b, game))
    a, b = games.win["A"].ravel(), games.win["B"].ravel()
    corr = float(np.corrcoef(a, b)[0, 1]) if a.std() and b.std() else math.nan
    if math.isnan(corr):
        raise UserError("the paired runs' win shares do not vary: no correlation to measure")
    return corr, (f"from {games.n_games:,} paired games ({games.n_games * games.players:,} "
                  f"seat-games) of --logs-a/--logs-b")
