"""Two arms' logs read and lined up game by game: the data of a paired comparison.

Games of the two arms are paired by their own seed (`games.seed`): the same seed, the same
bots in the same seats, under two setups. Everything a comparison needs is then a numpy array
with one row per pair: seat outcomes (games x seats) and what each seat acquired
(games x seats x components). No statistics here (see analytics.compare).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import polars as pl

from analytics.errors import UserError
from analytics.provenance import describe_logs
from analytics.query import LogDatabase

COMPONENTS = ("card", "face")


MASK_BITS = 63  # components per mask word of ownership_by_seat_game


@dataclass(frozen=True, slots=True)
class ArmLogs:
    """One arm as read from its logs, rows ordered by seed then seat."""

    label: str  # 'A' or 'B'
    seats: pl.DataFrame  # paired_outcome_by_seat_game
    # component kind -> mask rows of ownership_by_seat_game: (game row in seed order, seat,
    # word, mask); unpacked by `pair` straight into the columns of both arms' components
    masks: dict[str, tuple[np.ndarray, ...]]
    available: dict[str, tuple[str, ...]]  # component kind -> ids offered in the arm's runs
    read: tuple[str, ...]  # what was read (runs, sets, games), said on stderr

    @property
    def sets(self) -> str:
        return ", ".join(sorted(self.seats["card_set"].unique().to_list()))


def read_arm(label: str, logs: Iterable[str | Path]) -> ArmLogs:
    """The seat outcomes and what each seat acquired, from one arm's run folders.

    DuckDB packs each seat's acquisitions of a game into bit masks and numbers the game by
    its place in seed order: on 100,000 games a few hundred thousand integers cross to numpy
    instead of millions of acquisition rows to be matched to their games in Python.
    """
    with LogDatabase(logs) as db:
        seats = db.run("paired_outcome_by_seat_game")
        masks, available = {}, {}
        for kind in COMPONENTS:
            offered = db.run("components_by_run", {"component": kind})
            available[kind] = tuple(sorted(offered["component"].unique().to_list()))
            rows = db.run("ownership_by_seat_game", {"component": kind})
            masks[kind] = tuple(rows[c].to_numpy() for c in ("game_row", "seat", "word", "mask"))
        read = describe_logs(db, f"--logs-{label.lower()}")
    return ArmLogs(label, seats, masks, available, read)


@dataclass(frozen=True, slots=True)
class PairedGames:
    """Both arms on the same games: arrays with one row per seed, in seed order."""

    players: int
    seeds: np.ndarray  # (games,)
    win: dict[str, np.ndarray]  # arm -> (games, seats) win shares
    score: dict[str, np.ndarray]  # arm -> (games, seats)
    bots: dict[str, np.ndarray]  # arm -> (games, seats) bot names
    rounds: dict[str, np.ndarray]  # arm -> (games,)
    decisions: dict[str, np.ndarray]
    tied: dict[str, np.ndarray]
    components: dict[str, list[str]]  # kind -> ids offered in either arm, sorted
    offered: dict[str, dict[str, np.ndarray]]  # kind -> arm -> (components,) bool
    owned: dict[str, dict[str, np.ndarray]]  # kind -> arm -> (games, seats, components) 0/1

    @property
    def n_games(self) -> int:
        return len(self.seeds)


def pair(a: ArmLogs, b: ArmLogs) -> PairedGames:
    """Line the arms up by game seed; arms that cannot be paired are a UserError saying why."""
    players = _one_player_count(a, b)
    for arm in (a, b):
        doubled = arm.seats.filter(pl.col("seat") == 0)["seed"].is_duplicated()
        if doubled.any():
            raise UserError(f"--logs-{arm.label.lower()} holds {int(doubled.sum())} games whose "
                            "seed appears twice (the same run read twice?): cannot pair")
    seeds_a = a.seats.filter(pl.col("seat") == 0)["seed"]
    seeds_b = b.seats.filter(pl.col("seat") == 0)["seed"]
    only_a = seeds_a.filter(~seeds_a.is_in(seeds_b.implode()))
    only_b = seeds_b.filter(~seeds_b.is_in(seeds_a.implode()))
    if len(only_a) or len(only_b):
        raise UserError(
            f"arms cannot be paired: {len(only_a)} games of --logs-a and {len(only_b)} of "
            f"--logs-b have no game with the same seed in the other arm (same --seed and "
            f"--games are needed; first unmatched seed {(only_a if len(only_a) else only_b)[0]})")
    seeds = np.sort(seeds_a.to_numpy())
    components = {kind: sorted(set(a.available[kind]) | set(b.available[kind]))
                  for kind in COMPONENTS}
    grids = {arm.label: _grid(arm, players) for arm in (a, b)}
    offered = {kind: {arm.label: np.isin(components[kind], arm.available[kind])
                      for arm in (a, b)} for kind in COMPONENTS}
    owned = {kind: {arm.label: _owned(arm, kind, components[kind], len(seeds), players)
                    for arm in (a, b)} for kind in COMPONENTS}
    return PairedGames(players, seeds,
                       {k: g["win_share"] for k, g in grids.items()},
                       {k: g["score"] for k, g in grids.items()},
                       {k: g["bot"] for k, g in grids.items()},
                       {k: g["rounds"] for k, g in grids.items()},
                       {k: g["n_decisions"] for k, g in grids.items()},
                       {k: g["tied"] for k, g in grids.items()},
                       components, offered, owned)


def _one_player_count(a: ArmLogs, b: ArmLogs) -> int:
    counts = {arm.label: sorted(arm.seats["players"].unique().to_list()) for arm in (a, b)}
    for label, found in counts.items():
        if len(found) != 1:
            raise UserError(f"--logs-{label.lower()} mixes player counts "
                            f"{', '.join(map(str, found))}: compare one player count at a time")
    if counts["A"] != counts["B"]:
        raise UserError(f"arms cannot be paired: --logs-a has {counts['A'][0]}-player games, "
                        f"--logs-b {counts['B'][0]}-player games")
    return counts["A"][0]


def _grid(arm: ArmLogs, players: int) -> dict[str, np.ndarray]:
    """Seat columns as (games, seats) arrays and game columns as (games,), in seed order (the
    query's order)."""
    seats = arm.seats
    shaped = {name: seats[name].to_numpy().reshape(-1, players)
              for name in ("win_share", "score", "bot")}
    # Fixed-width text, not Python objects: finding and matching the bots of 100,000 games
    # is then a C sort and compare.
    shaped["bot"] = shaped["bot"].astype(str)
    first = seats.filter(pl.col("seat") == 0)
    shaped.update({name: first[name].to_numpy().astype(float)
                   for name in ("rounds", "n_decisions", "tied")})
    return shaped


def _owned(arm: ArmLogs, kind: str, components: list[str], games: int, players: int
           ) -> np.ndarray:
    """(games, seats, components) 1 where the seat acquired the component in that game.

    Both arms' rows are in seed order and hold the same seeds (checked by `pair`), so an
    arm's game row is the pair's row.
    """
    row, seat, word, mask = arm.masks[kind]
    # Each (game, seat)'s mask words laid out densely (a seat with no word holds 0), then one
    # shift per component. Component by component, the temporaries are one column long: fresh
    # memory costs a page fault per 4 KiB, and whole-matrix temporaries (or unpacking all 64
    # bits of every mask) cost more in faults than in arithmetic.
    index = {c: i for i, c in enumerate(arm.available[kind])}
    dense = np.zeros(((games * players), (len(index) - 1) // MASK_BITS + 1 if index else 1),
                     dtype=np.int64)
    dense[row.astype(np.int64) * players + seat, word] = mask
    # Stored component by component (each one's seat-games contiguous, written and later
    # summed in one sweep), seen as (games, seats, components) without a copy.
    owned = np.zeros((len(components), games * players), dtype=np.float32)
    for j, component in enumerate(components):
        if component in index:  # a component the arm does not offer stays 0
            w, bit = divmod(index[component], MASK_BITS)
            owned[j] = (dense[:, w] >> bit) & 1
    return owned.T.reshape(games, players, len(components))
