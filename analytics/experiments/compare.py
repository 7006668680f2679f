"""A paired comparison of two arms: every measure side by side with its paired difference.

Both arms played the same seeds with the same bots in the same seats
(analytics.experiments.paired lines them up), so each game gives one paired difference per
measure: seat and bot win rates, score level and spread, game length, ties, the score per seat
from each source the catalogue names (its own family), and per component of each kind of the
game's roles its take rate and its owners' win rate. Intervals are Student
t over games (each game one cluster), p-values are adjusted with Benjamini-Hochberg within each
section, and one endpoint is put into words on the first line.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import polars as pl
from threadpoolctl import threadpool_limits

from analytics import stats
from analytics.errors import UserError
from analytics.experiments.paired import PairedGames, pair, read_arms, small_pages
from analytics.output import with_p_text

ALPHA = 0.05
SOURCE_SECTION = "score_source"  # the score by source, per seat: a family of its own
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
    identical: bool = False  # both arms played the very same games: every difference is 0


def _row(section: str, item: str, measure: str, result: stats.Paired, where: str = "both"
         ) -> dict:
    return {"section": section, "item": item, "measure": measure, "in": where,
            "a": result.a, "b": result.b, "difference": result.difference, "low": result.low,
            "high": result.high, "p": result.p_value, "corr": result.correlation,
            "variance_ratio": result.variance_ratio, "n_games": result.n}


# A measure as the paired test sees it: arm A's and arm B's per-game numerator and denominator
# (a plain mean per game has denominator 1).
Inputs = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def game_inputs(games: PairedGames) -> dict[str, tuple[str, Inputs]]:
    """Game-level measures by key: (row label, per-game inputs of both arms)."""
    a, b = "A", "B"
    ones = np.ones(games.n_games)
    out: dict[str, tuple[str, Inputs]] = {}

    def mean(label: str, values_a, values_b) -> tuple[str, Inputs]:
        return label, (np.asarray(values_a, float), ones, np.asarray(values_b, float), ones)

    for seat in range(games.players):
        out[f"seat:{seat}"] = mean(f"seat {seat}", games.win[a][:, seat], games.win[b][:, seat])
    expected = 1 / games.players
    out["first_seat"] = mean("first seat advantage (seat 0 - 1/N)",
                             games.win[a][:, 0] - expected, games.win[b][:, 0] - expected)
    for bot in sorted(set(np.unique(games.bots[a])) & set(np.unique(games.bots[b]))):
        sits = {arm: games.bots[arm] == bot for arm in (a, b)}
        out[f"bot:{bot}"] = (f"bot {bot}", (
            (games.win[a] * sits[a]).sum(axis=1), sits[a].sum(axis=1).astype(float),
            (games.win[b] * sits[b]).sum(axis=1), sits[b].sum(axis=1).astype(float)))
    per_game = {
        "score": ("mean score", lambda s: s.mean(axis=1)),
        "spread": ("score SD within a game", lambda s: s.std(axis=1)),
        "margin": ("winner's margin", lambda s: np.diff(np.sort(s, axis=1)[:, -2:], axis=1)[:, 0]),
    }
    if games.players == 1:  # solo: no runner-up, so no margin
        del per_game["margin"]
    for key, (label, of) in per_game.items():
        out[key] = mean(label, of(games.score[a].astype(float)), of(games.score[b].astype(float)))
    out["rounds"] = mean("rounds", games.rounds[a], games.rounds[b])
    out["decisions"] = mean("decisions", games.decisions[a], games.decisions[b])
    out["tie_rate"] = mean("tie rate", games.tied[a], games.tied[b])
    return out


def source_inputs(games: PairedGames) -> dict[str, Inputs]:
    """Per score source (the catalogue's, as `score_by_source_by_game` reads it): the score a
    seat got from it, per game (the game's total over the seats), in both arms."""
    ones = np.ones(games.n_games)
    if not games.by_source:
        return {}
    a, b = (games.by_source[arm] / games.players for arm in ("A", "B"))
    return {source: (a[:, j], ones, b[:, j], ones)
            for j, source in enumerate(games.score_sources)}


def game_measures(games: PairedGames) -> dict[str, tuple[str, stats.Paired]]:
    """Game-level measures by key: (row label, paired result), arm B minus arm A."""
    return {key: (label, stats.paired_ratio_difference(*inputs))
            for key, (label, inputs) in game_inputs(games).items()}


def _measure_of(key: str) -> str:
    if key.startswith(("seat:", "bot:")) or key == "first_seat":
        return "win_rate"
    return {"score": "score", "spread": "score", "margin": "score", "rounds": "length",
            "decisions": "length", "tie_rate": "rate"}[key]


def component_rows(games: PairedGames, kind: str
                   ) -> tuple[list[dict], list[tuple[float, float]]]:
    """Per component of `kind`: take rate and owners' win rate in each arm and their
    differences (the rare-row rule of analytics.stats.rates: Wilson on the cluster-effective
    n, MOVER with the arms' correlation), with each row's profile signature (which rows test
    one hypothesis)."""
    names = games.components[kind]
    seats = np.full((games.n_games, 1), float(games.players))
    rates = {}
    for arm in ("A", "B"):
        # (games, components): owners and their summed win shares per game
        owned = games.owned[kind][arm]
        owners = owned.sum(axis=1, dtype=float)
        wins = np.einsum("gs,gsc->gc", games.win[arm].astype(np.float32), owned).astype(float)
        offered = games.offered[kind][arm].astype(float)
        rates[arm] = {"take_rate": stats.clustered_rates(owners, seats * offered),
                      "owned_wr": stats.clustered_rates(wins, owners)}
    rows: list[dict] = []
    signatures: list[tuple[float, float]] = []
    for measure in ("take_rate", "owned_wr"):
        a, b = rates["A"][measure], rates["B"][measure]
        diff = stats.rate_difference(b, a)
        ratio = _variance_ratio(a.influence, b.influence)
        corr = np.where(np.isnan(ratio), np.nan, stats.rate_correlation(a, b))
        # Nothing to test where both arms hold the same rate and no game differs (never taken
        # in either arm, or the very same games). Rates that differ in every game alike (none
        # of A's seats, all of B's) are a difference all the same: the rate difference's p.
        moved = np.any(b.influence != a.influence, axis=0) | (a.rate != b.rate)
        p = np.where(moved, diff.p_value, np.nan)
        for j, name in enumerate(names):
            in_a, in_b = (bool(games.offered[kind][arm][j]) for arm in ("A", "B"))
            rows.append({"section": kind, "item": name, "measure": measure,
                         "in": "both" if in_a and in_b else ("A only" if in_a else "B only"),
                         "a": a.rate[j], "b": b.rate[j], "difference": diff.estimate[j],
                         "low": diff.low[j], "high": diff.high[j], "p": p[j],
                         "corr": corr[j], "variance_ratio": ratio[j], "n_games": games.n_games})
            signatures.append(stats.profile_signature(b.influence[:, j] - a.influence[:, j]))
    order = np.argsort([j for j in range(len(names))] * 2, kind="stable")  # item by item
    return [rows[i] for i in order], [signatures[i] for i in order]


def _variance_ratio(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Per column: the variance of the difference without the pairing over with it; NaN where
    the paired differences do not vary (as a game row's, `stats.Paired.variance_ratio`)."""
    apart = (a * a).sum(axis=0) + (b * b).sum(axis=0)
    paired = ((b - a) ** 2).sum(axis=0)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(paired > 0, apart / paired, np.nan)


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
    inputs = game_inputs(games)
    if endpoint not in inputs:
        keys = ", ".join(k for k in inputs if not k.startswith("seat:"))
        raise UserError(f"--endpoint {endpoint!r}: choose one of {keys}")
    measures = {key: (label, stats.paired_ratio_difference(*arrays))
                for key, (label, arrays) in inputs.items()}
    rows = [_row("game", label, _measure_of(key), result)
            for key, (label, result) in measures.items()]
    signatures = [stats.profile_signature(stats.paired_profile(*arrays))
                  for _, arrays in inputs.values()]
    for source, arrays in source_inputs(games).items():
        rows.append(_row(SOURCE_SECTION, source, "score",
                         stats.paired_ratio_difference(*arrays)))
        signatures.append(stats.profile_signature(stats.paired_profile(*arrays)))
    for kind in games.roles.kinds:
        kind_rows, kind_signatures = component_rows(games, kind)
        rows.extend(kind_rows)
        signatures.extend(kind_signatures)
    frame = pl.DataFrame(rows, schema=ROW_SCHEMA)
    same_as = stats.same_hypotheses(signatures, frame["p"].to_numpy())
    labels = [f"{s} {i} {m}" for s, i, m in frame.select("section", "item", "measure").rows()]
    frame = frame.with_columns(
        p_adj=pl.Series(_bh_by_section(frame, same_as)),
        same_as=pl.Series([labels[k] if k >= 0 else None for k in same_as], dtype=pl.String))
    frame = frame.select(*list(ROW_SCHEMA)[:10], "p_adj", *list(ROW_SCHEMA)[10:], "same_as")
    same = bool(np.array_equal(games.bots["A"], games.bots["B"]))
    return Comparison(frame, endpoint, measures[endpoint][1], same, games.players,
                      section_titles(games), _identical(games))


def _identical(games: PairedGames) -> bool:
    """Whether both arms played exactly the same games (the same setup on the same seeds)."""
    same = all(np.array_equal(getattr(games, f)["A"], getattr(games, f)["B"])
               for f in ("win", "score", "bots", "rounds", "decisions", "tied"))
    return same and all(np.array_equal(owned["A"], owned["B"]) for owned in games.owned.values())


def _bh_by_section(frame: pl.DataFrame, same_as: np.ndarray) -> np.ndarray:
    """Benjamini-Hochberg adjusted p within each section (the family: the game, each component
    kind), each hypothesis once: a row that repeats an earlier one (same_as >= 0) is not
    counted and carries that row's adjusted p."""
    adjusted = np.full(frame.height, np.nan)
    sections = frame["section"].to_numpy()
    p = np.where(same_as >= 0, np.nan, frame["p"].to_numpy())
    for section in np.unique(sections):
        here = sections == section
        adjusted[here] = stats.benjamini_hochberg(p[here])
    repeated = same_as >= 0
    adjusted[repeated] = adjusted[same_as[repeated]]
    return adjusted


def family_note(comparison: Comparison) -> str:
    """What each multiple-testing family is, and how many hypotheses it counts."""
    rows = comparison.rows
    parts = []
    for section, title in comparison.sections.items():
        here = rows.filter(pl.col("section") == section)
        tested = here.filter(pl.col("p").is_not_nan() & pl.col("same_as").is_null()).height
        repeats = here.filter(pl.col("same_as").is_not_null()).height
        parts.append(f"{title.lower()} ({tested} tests" +
                     (f"; {repeats} rows repeat a test named in same_as" if repeats else "") + ")")
    return ("p_adj families, Benjamini-Hochberg within each, one test per hypothesis: "
            + "; ".join(parts))


def shown_rows(comparison: Comparison, all_rows: bool) -> tuple[pl.DataFrame, int]:
    """Game rows, and component rows that are in one arm only or moved (p_adj < ALPHA)."""
    frame = comparison.rows
    if all_rows:
        return frame, 0
    keep = (pl.col("section").is_in(["game", SOURCE_SECTION]) | (pl.col("in") != "both")
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
                 game: str | None = None, by_position: bool = False) -> Report:
    """Read two arms' run folders, pair their games by seed (or by position: game index) and
    compare every measure."""
    # The vector products here are thin: OpenBLAS threads gain nothing on them and, on a busy
    # machine, cost tens of ms each waiting for a core (2 of 3 CPU-s on 2 x 20,000 games).
    with small_pages(), threadpool_limits(limits=1, user_api="blas"):
        arm_a, arm_b = read_arms(logs_a, logs_b, game)
        comparison = compare_games(pair(arm_a, arm_b, by_position), endpoint)
    name_a, name_b = names or (arm_a.sets, arm_b.sets)
    if names and arm_a.roles.set_word != "card set":  # the set's own name and hash beside
        name_a, name_b = f"{name_a}; {arm_a.sets}", f"{name_b}; {arm_b.sets}"
    return Report(comparison, name_a, name_b, arm_a.read + arm_b.read)


def endpoint_z(report: Report) -> float:
    """The endpoint's paired difference over its standard error (NaN when it has none)."""
    r = report.comparison.primary
    return r.difference / r.se_paired if r.se_paired > 0 else math.nan


def section_titles(games: PairedGames) -> dict[str, str]:
    """Each section's title: the game as a whole, the score by source (when the logs say
    where the score came from), then each component kind's plural label."""
    titles = {"game": "The game as a whole"}
    if games.score_sources:
        titles[SOURCE_SECTION] = f"{games.roles.score_title} by source, per seat"
    return {**titles, **{c.kind: c.plural[:1].upper() + c.plural[1:]
                         for c in games.roles.components}}


def displayed(frame: pl.DataFrame) -> pl.DataFrame:
    """The rows as shown: p-values as text (never 0.0: '< 1e-300' where they underflow)."""
    return with_p_text(frame, "p", "p_adj")


IDENTICAL = ("the arms are identical: the same setup played on the same seeds gives the very "
             "same games, so every difference is 0 by construction and tests nothing; for an "
             "A/A check of the statistics play arm B on other seeds (--seed-b N)")


def report_notes(report: Report, hidden: int) -> list[str]:
    """What a person needs to read the rows: the pairing, the families, how each is made."""
    comparison = report.comparison
    notes = [IDENTICAL] if comparison.identical else []
    notes.append(pairing_note(comparison))
    if report.sequential is not None:
        notes.append(report.sequential.text)
    if not comparison.same_bots:
        notes.append("the arms seat different bots: each pair differs by its setup AND its bots")
    notes.append(
        "difference = B - A; game rows: 95% interval over paired games (Student t, each game "
        "one cluster; rates over seat-games linearised as ratios), p: paired t-test; "
        f"take_rate and owned_wr rows: {stats.RARE_ROW_RULE}; corr: correlation of the arms game "
        "by game; variance_ratio: games an unpaired design needs per game played here. "
        "owned_wr and take_rate differences say how play changed, not what a component is "
        "worth: see `dicelab value`")
    notes.append(family_note(comparison))
    if hidden:
        notes.append(f"{hidden} component rows in both arms that did not move (p_adj >= "
                     f"{ALPHA}) hidden; --all-rows shows them")
    return notes


def report_output(report: Report, fmt: str, all_rows: bool = False
                  ) -> tuple[str, tuple[str, ...]]:
    """(stdout text, stderr lines) of a comparison in `fmt` (table | csv | json)."""
    from analytics.output import json_text, render_table

    shown, hidden = shown_rows(report.comparison, all_rows)
    first = headline(report.comparison, report.name_a, report.name_b)
    notes = report_notes(report, hidden)
    if fmt == "json":
        body = {"headline": first, "identical_arms": report.comparison.identical,
                "notes": notes, "read": list(report.read), "rows": displayed(shown).to_dicts()}
        return json_text(body), tuple(report.read)
    if fmt == "csv":
        return render_table(displayed(shown), "csv"), (*report.read, first, *notes)
    parts = [first, *([IDENTICAL] if report.comparison.identical else [])]
    for section, title in report.comparison.sections.items():
        rows = shown.filter(pl.col("section") == section).drop("section")
        if rows.height:
            parts += ["", title, render_table(displayed(rows), "table")]
    return "\n".join(parts), (*report.read, *notes)


def buyers_inputs(games: PairedGames, kind: str, name: str) -> Inputs:
    """Per game, the win shares of the seats that acquired `name` in arm B, in A and in B, and
    their number: the buyers are fixed by arm B (the arm that offers it); the same seats of
    the same seeds in arm A, where it is not offered, say how they would have done without
    it. Each game is one cluster."""
    if name not in games.components[kind]:
        raise UserError(f"{name!r}: no {kind} of that name in the runs")
    j = games.components[kind].index(name)
    buyers = games.owned[kind]["B"][:, :, j]
    count = buyers.sum(axis=1).astype(float)
    return ((games.win["A"] * buyers).sum(axis=1), count,
            (games.win["B"] * buyers).sum(axis=1), count)


def buyers_difference(games: PairedGames, kind: str, name: str) -> stats.Paired:
    """Win rate of the seats that acquired `name` in arm B, in B minus in A, on the same games
    (`buyers_inputs`)."""
    return stats.paired_ratio_difference(*buyers_inputs(games, kind, name))
