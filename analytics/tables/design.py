"""The seat-by-component design of the component tables: seat-games (rows) against components
(columns) as numpy arrays, built once from three queries' rows and summed per game for the
point estimates, the cluster bootstrap and the regression alike."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import polars as pl

from analytics import stats


def ratio(numerator: np.ndarray, denominator: np.ndarray) -> np.ndarray:
    """numerator / denominator, NaN where the denominator is 0 (SQL's nullif)."""
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(denominator != 0, numerator / denominator, np.nan)


def _index_of(values: pl.Series, index: dict[str, int]) -> np.ndarray:
    return values.replace_strict(index, return_dtype=pl.Int64).to_numpy()


def _seat_rows(seats: pl.DataFrame, game_id: np.ndarray, seat: np.ndarray) -> np.ndarray:
    """Row in `seats` (ordered by game, then seat) of each (game_id, seat); -1 if none.

    A lookup table by game and seat: a join of millions of acquisitions to the seats in polars
    costs over a second, this a tenth of that.
    """
    seat_game, seat_of_row = seats["game_id"].to_numpy(), seats["seat"].to_numpy()
    game_of_row = _game_index(seat_game)
    games = seat_game[np.flatnonzero(np.diff(game_of_row, prepend=-1))]
    width = int(max(seat_of_row.max(initial=0), seat.max(initial=0))) + 1
    table = np.full((len(games) + 1, width), -1, dtype=np.int64)  # the last row: no such game
    table[game_of_row, seat_of_row] = np.arange(seats.height)
    # Acquisitions come in runs of one game's events: each run's game is looked up once.
    starts = np.flatnonzero(np.diff(game_id, prepend=game_id[:1] - 1))
    game = np.searchsorted(games, game_id[starts])
    found = games[np.minimum(game, len(games) - 1)] == game_id[starts] if len(games) else False
    game = np.repeat(np.where(found, game, len(games)), np.diff(starts, append=len(game_id)))
    return np.where(seat >= 0, table.ravel()[game * width + np.maximum(seat, 0)], -1)


def _game_index(game_id: np.ndarray) -> np.ndarray:
    """0, 1, 2, ... for the successive games of rows ordered by game."""
    return np.concatenate([[0], np.cumsum(game_id[1:] != game_id[:-1])])[:len(game_id)]


def _first_in_group(group: np.ndarray, order: np.ndarray, n_groups: int) -> np.ndarray:
    """True where `order` is the smallest of its `group` (values 0 .. n_groups - 1)."""
    smallest = np.full(n_groups, np.iinfo(np.int64).max)
    np.minimum.at(smallest, group, order)
    return order == smallest[group]


def _acquired_cells(seats: pl.DataFrame, acquired: pl.DataFrame
                    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Seat row, component column, first seq and copies of the acquisitions by a seat of
    `seats` (an inner join, in numpy). The column is the component's rank among the offered
    ones, less one."""
    row = _seat_rows(seats, acquired["game_id"].to_numpy(), acquired["seat"].to_numpy())
    col = acquired["component_rank"].to_numpy().astype(np.int64) - 1
    seq = acquired["first_seq"].to_numpy().astype(np.int64)
    copies = acquired["copies"].to_numpy().astype(float)
    kept = row >= 0
    if kept.all():  # the usual case: copying millions of rows to drop none costs a tenth of a s
        return row, col, seq, copies
    return row[kept], col[kept], seq[kept], copies[kept]


@dataclass(frozen=True, slots=True)
class SeatDesign:
    """Seat-games (rows, ordered by game) against components (columns), as numpy arrays.

    Availability is a property of a game's run (its card set), so per game only the seats and
    win shares of each run are summed and mapped to components through `run_available`: the
    per-game sums hold 2 x components + 2 x runs columns instead of 4 x components.
    """

    names: list[str]
    game: np.ndarray  # game index (0 .. n_games - 1) of each seat row
    run: np.ndarray  # run index of each seat row
    win_share: np.ndarray
    owned: np.ndarray  # (seats, components) bool: acquired in a game where it is available
    owned_cells: tuple[np.ndarray, np.ndarray]  # its True cells: seat rows, component columns
    run_available: np.ndarray  # (runs, components) 0/1
    copies: np.ndarray  # copies acquired of each component, over all seats
    first_wins: np.ndarray  # win shares summed over each component's first acquirers
    first_games: np.ndarray  # games in which each component was acquired at all

    @classmethod
    def build(cls, seats: pl.DataFrame, acquired: pl.DataFrame, available: pl.DataFrame,
              names: Sequence[str]) -> SeatDesign:
        """From `covariates_by_seat_game`, `acquisitions_by_seat_game` and `components_by_run`
        rows."""
        game = _game_index(seats["game_id"].to_numpy())
        runs = sorted(set(available["run_id"].unique()) | set(seats["run_id"].unique()))
        run_index = {run: i for i, run in enumerate(runs)}
        column = {name: i for i, name in enumerate(names)}
        run_available = np.zeros((len(runs), len(names)))
        if available.height:  # none: a kind the runs' setup does not offer (a module's)
            run_available[_index_of(available["run_id"], run_index),
                          _index_of(available["component"], column)] = 1.0
        run = _index_of(seats["run_id"], run_index)
        win_share = seats["win_share"].to_numpy().astype(float)
        row, col, seq, acquired_copies = _acquired_cells(seats, acquired)
        # As in the SQL: owned only where it could be acquired.
        kept = run_available[run[row], col] > 0 if not run_available.all() else slice(None)
        owned_cells = row[kept], col[kept]
        owned = np.zeros((seats.height, len(names)), dtype=bool)
        owned.ravel()[owned_cells[0] * len(names) + owned_cells[1]] = True  # flat: faster
        copies = np.bincount(col, weights=acquired_copies, minlength=len(names))
        # The first acquirer of a component in a game: the seat of its smallest seq there.
        group = game[row] * len(names) + col
        first = _first_in_group(group, seq, (int(game[-1]) + 1 if len(game) else 0) * len(names))
        first_wins = np.bincount(col[first], weights=win_share[row[first]], minlength=len(names))
        first_games = np.bincount(col[first], minlength=len(names)).astype(float)
        return cls(list(names), game, run, win_share, owned, owned_cells, run_available, copies,
                   first_wins, first_games)

    @property
    def n_games(self) -> int:
        return int(self.game[-1]) + 1 if len(self.game) else 0

    def per_game_sums(self) -> np.ndarray:
        """Per game: owners and their win shares per component, then seats and wins per run."""
        if not len(self.game):
            return np.zeros((0, 2 * (len(self.names) + self.run_available.shape[0])))
        # Seat rows are ordered by game, so each game's rows are one contiguous slice.
        starts = np.flatnonzero(np.diff(self.game, prepend=-1))
        # Summed over the owned cells only. Win shares are float32 values (a few seats of a
        # game, multiples of 2^-26 or coarser), so these sums are exact in any order.
        row, col = self.owned_cells
        k = len(self.names)
        cell = self.game[row] * k + col
        # (games, k), k = 0 too: a kind none of the runs offers (a module's) has no columns.
        owners = np.bincount(cell, minlength=len(starts) * k).reshape(len(starts), k)
        owners = owners.astype(float)
        owner_wins = np.bincount(cell, weights=self.win_share[row],
                                 minlength=len(starts) * k).reshape(len(starts), k)
        in_run = np.zeros((len(starts), self.run_available.shape[0]))
        in_run[np.arange(len(starts)), self.run[starts]] = 1.0
        seats = np.bincount(self.game)[:, None] * in_run
        wins = np.bincount(self.game, weights=self.win_share)[:, None] * in_run
        return np.column_stack([owners, owner_wins, seats, wins])

    def rates(self) -> dict:
        """take_rate, owned_wr and not_owned_wr of every component as clustered rates
        (analytics.stats.rates), from the per-game sums."""
        sums = self.per_game_sums()
        k, n_runs = len(self.names), self.run_available.shape[0]
        owners, owner_wins = sums[:, :k], sums[:, k:2 * k]
        available = sums[:, 2 * k:2 * k + n_runs] @ self.run_available
        available_wins = sums[:, 2 * k + n_runs:] @ self.run_available
        return {"take_rate": stats.clustered_rates(owners, available),
                "owned_wr": stats.clustered_rates(owner_wins, owners),
                "not_owned_wr": stats.clustered_rates(available_wins - owner_wins,
                                                      available - owners)}

    def first_acquirer_wr(self) -> np.ndarray:
        """Mean win share of the first seat to acquire each component in a game (NaN: none)."""
        return ratio(self.first_wins, self.first_games)
