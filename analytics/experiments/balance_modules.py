"""`dicelab balance --module none,goddess`: the balance table of each module side by side.

Each module's runs get the whole balance table (`balance_table`), then the rows a module with a
board adds, read only from the logs and their catalogue (no game word here):

- mean score (every module);
- goal reached: the share of games where some seat reached the board's goal space (the
  catalogue's `board_goal` component: the Goddess space), the round of the first arrival, and
  the first arrival's win rate;
- per card of the module (catalogue rows whose `module` is it): take rate (seat-games that
  acquired it) with its Wilson interval;
- a board scoring the end position (the catalogue's `board_end` cause: the Titans module's
  allegiance track): the share of seats ending with a positive, zero and negative end value
  (the Titans board: the Loyalty side, the start, the Rebellion side) and in each zone, and
  each sign's win rate.

The share of the score the board gave is a row of every table already (the score by source:
the catalogue says a board space's score counts as `board`).

A module card's paired value is read from the logs too, when they hold its forbidden arm: a run
with the rule option forbid=CARD and otherwise the settings of a module run (`balance
--value-games N` plays them; `dicelab value CARD --ablate forbid --out DIR` keeps them). Its
games are the module run's first games on the same seeds, so the two are paired game by game
(`value_row`: the buyers' win rate with the card minus without, t over games). Such arms are
experiments, never pooled into a module's balance table.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import polars as pl

from analytics.eventlog.check import manifest_field
from analytics.experiments.balance import Balance, balance_table
from analytics.query.database import Filters, LogDatabase, find_run_folders
from analytics.stats import Estimate
from analytics.stats import balance as bs

MODULE_SECTION = "module"


def module_balance(runs: dict[str, Sequence[Path]], counts: tuple[int, ...], n_boot: int = 1000,
                   seed: int = 0) -> Balance:
    """The balance table of each module's runs (module -> run folders), a `module` column
    first, with the module rows below each player count's table (and the module cards'
    paired values where the folders hold their forbidden arms)."""
    frames, verdicts = [], []
    notes: tuple[str, ...] = ()
    for module, given in runs.items():
        folders, arms = split_arms(find_run_folders(list(given)))
        with LogDatabase(folders, Filters(players=counts, module=(module,))) as db:
            result = balance_table(db, n_boot=n_boot, seed=seed)
            extra = pl.concat([module_rows(db, module),
                               paired_values(folders, arms, module, counts)])
        # The module rows are tested each on its own (no family, so no p_adj: null there).
        frame = pl.concat([result.frame, advantage_p1(result.frame), extra],
                          how="diagonal_relaxed").sort("players", maintain_order=True)
        frames.append(frame.select(pl.lit(module).alias("module"), pl.all()))
        verdicts += [f"{module}: {v}" for v in result.verdicts]
        notes = result.footnotes
    return Balance(pl.concat(frames), tuple(verdicts), notes)


def module_rows(db: LogDatabase, module: str) -> pl.DataFrame:
    """The board and module-card rows of each player count (none without a board or cards)."""
    board = db.run("board_score_by_seat_game")
    ends = db.run("board_end_by_seat_game").filter(pl.col("end_value").is_not_null())
    kind = db.roles.set_kind  # what a set is made of (Dice Forge: its cards)
    ours = db.run("module_components_by_run").filter(
        (pl.col("module") == module) & (pl.col("module") != "none") & (pl.col("kind") == kind))
    cards = sorted(set(ours["component"].to_list()))
    owned = db.run("copies_by_seat_game", {"component": kind}) if cards else None
    rows = []
    for players in sorted(board["players"].unique().to_list()):
        seats = board.filter(pl.col("players") == players)
        metrics = [("mean score", bs.mean(seats["score"].to_numpy().astype(float)))]
        finals = ends.filter(pl.col("players") == players)
        if seats["goal_round"].is_not_null().any() or cards and not finals.height:
            metrics += _goal_metrics(seats)
        if finals.height:
            metrics += _end_metrics(finals)
        if cards and owned is not None:
            taken = owned.join(seats.select("game_id", "seat"), on=["game_id", "seat"],
                               how="semi")
            metrics += [(f"{card} take rate", bs.rate(
                taken.filter(pl.col("component") == card).height, seats.height))
                for card in cards]
        rows += [{"players": players, "section": MODULE_SECTION, "metric": name,
                  "estimate": e.estimate, "low": e.low, "high": e.high, "n": e.n,
                  "p_value": e.p_value, "method": e.method} for name, e in metrics]
    return pl.DataFrame(rows, schema=ROW_SCHEMA)


ROW_SCHEMA = {"players": pl.Int64, "section": pl.String, "metric": pl.String,
              "estimate": pl.Float64, "low": pl.Float64, "high": pl.Float64, "n": pl.Int64,
              "p_value": pl.Float64, "method": pl.String}


def advantage_p1(frame: pl.DataFrame) -> pl.DataFrame:
    """Ludii's AdvantageP1 beside Balance: the first seat's win rate minus a fair 1/N (its
    interval the seat's Wilson interval shifted alike)."""
    first = frame.filter(pl.col("metric") == "seat 0 WR")
    fair = 1 / pl.col("players")
    return first.with_columns(metric=pl.lit("AdvantageP1 (seat 0 WR - 1/N)"),
                              estimate=pl.col("estimate") - fair, low=pl.col("low") - fair,
                              high=pl.col("high") - fair, p_value=None, p_adj=None)


def split_arms(folders: Sequence[Path]) -> tuple[list[Path], list[Path]]:
    """The run folders as they are, and the forbidden arms (rule option forbid=CARD)."""
    arms = [f for f in folders if _forbidden(f) != "none"]
    return [f for f in folders if f not in arms], arms


def _forbidden(folder: Path) -> str:
    return json.loads(manifest_field(folder, "rules") or "{}").get("forbid", "none")


# What a forbidden arm shares with the run it is paired with (all but the games and the rule).
SETTINGS = ("game", "modules", "card_set", "players", "bots", "seed", "engine_version")


def _settings(folder: Path) -> tuple:
    rules = json.loads(manifest_field(folder, "rules") or "{}")
    rules.pop("forbid", None)
    return (*(manifest_field(folder, k) for k in SETTINGS), json.dumps(rules, sort_keys=True))


def paired_values(folders: Sequence[Path], arms: Sequence[Path], module: str,
                  counts: tuple[int, ...]) -> pl.DataFrame:
    """A row per forbidden arm of `module` (at `counts`; all when empty) with a run of the
    same settings and at least its games among `folders`: the card's paired value."""
    from analytics.experiments.paired import pair, read_arm, restrict
    from analytics.experiments.value import Ablation, value_row

    runs = {_settings(f): f for f in folders}
    rows = []
    for arm in arms:
        settings = _settings(arm)
        players = int(settings[3] or 0)
        run = runs.get(settings)
        if settings[1] != module or run is None or counts and players not in counts:
            continue
        without = read_arm("A", [arm])
        with_ = read_arm("B", [run])
        seeds = without.seats.filter(pl.col("seat") == 0)["seed"].to_numpy()
        card = _forbidden(arm)
        row = value_row(pair(without, restrict(with_, seeds)), Ablation(card, "", None))
        rows.append({"players": players, "section": MODULE_SECTION,
                     "metric": f"{card} paired value (forbid)", "estimate": row["value"],
                     "low": row["low"], "high": row["high"], "n": row["n_games"],
                     "p_value": row["p"], "method": "paired ablation (forbid), t over games"})
    return pl.DataFrame(rows, schema=ROW_SCHEMA)


SIGNS = {"positive": pl.col("end_value") > 0, "zero": pl.col("end_value") == 0,
         "negative": pl.col("end_value") < 0}


def _end_metrics(finals: pl.DataFrame) -> list[tuple[str, Estimate]]:
    """Where the seats' tokens ended: the share and win rate of each sign of the end value,
    each zone's share."""
    metrics = []
    n = finals.height
    for sign, test in SIGNS.items():
        on = finals.filter(test)
        if on.height:
            metrics += [(f"end value {sign} (share of seats)", bs.rate(on.height, n)),
                        (f"end value {sign} WR", bs.rate(float(on["win_share"].sum()), on.height))]
    for zone in sorted(set(finals["zone"].to_list())):
        metrics.append((f"final zone {zone} (share of seats)",
                        bs.rate(finals.filter(pl.col("zone") == zone).height, n)))
    return metrics


def _goal_metrics(seats: pl.DataFrame) -> list[tuple[str, Estimate]]:
    """Goal space: how often some seat reached it, the first arrival's round and win rate."""
    games = seats["game_id"].n_unique()
    firsts = seats.filter(pl.col("goal_first"))
    metrics = [("goal space reached (share of games)", bs.rate(firsts.height, games))]
    if firsts.height:
        metrics += [("goal space: round of first arrival",
                     bs.mean(firsts["goal_round"].to_numpy().astype(float))),
                    ("goal space: first arrival WR",
                     bs.rate(float(firsts["win_share"].sum()), firsts.height))]
    else:
        nothing = Estimate(math.nan, math.nan, math.nan, n=0, method="no arrival")
        metrics += [("goal space: round of first arrival", nothing),
                    ("goal space: first arrival WR", nothing)]
    return metrics


def module_wide(frame: pl.DataFrame) -> pl.DataFrame:
    """One column per module and player count ('goddess 4p'), estimate [low, high]."""
    modules = list(dict.fromkeys(frame["module"].to_list()))
    columns = [f"{m} {p}p" for m in modules for p in sorted(frame["players"].unique())]
    cells = frame.with_columns(
        column=pl.format("{} {}p", "module", "players"),
        value=pl.struct("estimate", "low", "high").map_elements(_cell, return_dtype=pl.String),
        rank=pl.col("module").replace_strict(modules, list(range(len(modules)))),
    ).sort("players", "rank", descending=True, maintain_order=True)  # the most rows first
    games = (cells.filter(pl.col("section") == "seats").group_by("column")
             .agg(pl.col("n").max().cast(pl.String).alias("value"))
             .with_columns(section=pl.lit(""), metric=pl.lit("games")))
    long = pl.concat([games.select("section", "metric", "column", "value"),
                      cells.select("section", "metric", "column", "value")])
    wide = long.pivot(on="column", index=["section", "metric"], values="value",
                      maintain_order=True)
    return wide.select("section", "metric", *(c for c in columns if c in wide.columns))


def _cell(row: dict) -> str:
    estimate, low, high = row["estimate"], row["low"], row["high"]
    if estimate is None or (isinstance(estimate, float) and np.isnan(estimate)):
        return ""
    if low is None or high is None:
        return f"{estimate:.3f}"
    return f"{estimate:.3f} [{low:.3f}, {high:.3f}]"
