"""Two arms' logs read and lined up game by game: the data of a paired comparison.

Games of the two arms are paired by their own seed (`games.seed`): the same seed, the same
bots in the same seats, under two setups. Everything a comparison needs is then a numpy array
with one row per pair: seat outcomes (games x seats) and what each seat acquired
(games x seats x components) of every component kind of the game's roles (read from the logs,
one game for both arms). No statistics here (see analytics.experiments.compare).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import polars as pl

from analytics.cache import Entry
from analytics.errors import UserError, warn_again, with_notices
from analytics.eventlog.roles import Roles
from analytics.output import frame_from_text, frame_to_text

if TYPE_CHECKING:  # the reader (DuckDB) is imported where logs are read: kept arms need none
    from analytics.query.database import LogDatabase

MASK_BITS = 63  # components per mask word of ownership_by_seat_game
MASK_COLUMNS = ("game_row", "seat", "word", "mask")  # ownership_by_seat_game's, in order


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
    roles: Roles  # the game's, as its logs carry them
    sources: pl.DataFrame = field(default_factory=pl.DataFrame)  # score_by_source_by_game

    def to_json(self, notices: tuple[str, ...] = ()) -> dict:
        """As JSON-able values (the frames and masks as `output.frame_to_text`), with the
        caveats reading it raised."""
        return {"seats": frame_to_text(self.seats), "sources": frame_to_text(self.sources),
                "masks": {kind: frame_to_text(pl.DataFrame(dict(zip(MASK_COLUMNS, arrays,
                                                                    strict=True))))
                          for kind, arrays in self.masks.items()},
                "available": {kind: list(ids) for kind, ids in self.available.items()},
                "read": list(self.read), "roles": self.roles.to_json(),
                "warnings": list(notices)}

    @classmethod
    def from_json(cls, data: object, label: str) -> tuple[ArmLogs, tuple[str, ...]]:
        """`to_json`'s arm, as arm `label`, and its caveats; a ValueError when `data` is not
        such (a damaged entry)."""
        try:
            masks = {kind: tuple(frame_from_text(text)[c].to_numpy() for c in MASK_COLUMNS)
                     for kind, text in data["masks"].items()}
            first, *rest = map(str, data["read"])
            said, _, what = first.partition(": ")  # `read --logs-a: ...` as read then
            read = (f"read --logs-{label.lower()}: {what}", *rest) if said.startswith(
                "read --logs") else (first, *rest)
            arm = cls(label, frame_from_text(data["seats"]), masks,
                      {kind: tuple(map(str, ids)) for kind, ids in data["available"].items()},
                      read, Roles.from_json(data["roles"]), frame_from_text(data["sources"]))
            return arm, tuple(map(str, data["warnings"]))
        except (KeyError, TypeError, AttributeError, UserError) as err:
            raise ValueError(f"not a kept arm ({err})") from None

    @property
    def sets(self) -> str:
        """The arm's set(s), as its outputs name them (an assumption set: 'under assumption
        set NAME [hash]')."""
        names = ", ".join(sorted(self.seats["card_set"].unique().to_list()))
        return names if self.roles.set_word == "card set" else self.roles.set_phrase(names)


@contextmanager
def small_pages() -> Iterator[None]:
    """numpy's large arrays on ordinary pages while inside (as NUMPY_MADVISE_HUGEPAGE=0 does).

    numpy asks the kernel for huge pages for every array of 4 MiB or more; where the kernel
    then compacts memory to find one (transparent_hugepage/defrag = madvise, as here) each
    first touch of a fresh array stalls, and a comparison's arrays are all fresh: on
    2 x 100,000 games this cost 0.3 CPU-s of system time (of 3.5). Uses numpy's own switch,
    which says what it was so it is put back; without it (another numpy), nothing changes.
    """
    switch = getattr(getattr(np, "_core", None), "multiarray", None)
    switch = getattr(switch, "_set_madvise_hugepage", None)
    before = switch(False) if switch else None
    try:
        yield
    finally:
        if switch:
            switch(before)


def read_arm(label: str, logs: Iterable[str | Path], game: str | None = None) -> ArmLogs:
    """The seat outcomes and what each seat acquired, from one arm's run folders.

    DuckDB packs each seat's acquisitions of a game into bit masks and numbers the game by
    its place in seed order: on 100,000 games a few hundred thousand integers cross to numpy
    instead of millions of acquisition rows to be matched to their games in Python. An arm
    read before from the same files by the same code comes from the results cache
    (docs/cache.md), with the caveats it raised then.
    """
    logs = list(logs)
    entry = _arm_entry(logs, game)
    kept = _kept_arm(entry, label)
    if kept is not None:
        return kept
    db, notices = _opened(logs, game)
    with db:
        return _kept(entry, _collect(label, db, _submit(db)), notices)


def read_arms(logs_a: Iterable[str | Path], logs_b: Iterable[str | Path],
              game: str | None = None) -> tuple[ArmLogs, ArmLogs]:
    """`read_arm` of both arms, overlapped: each arm's queries run in its database's
    background thread (DuckDB releases the GIL) while this thread checks the other arm's
    folders and turns finished results into arrays. Everything said on stderr (an unfinished
    run, what was read) comes in the same order as reading one arm after the other."""
    logs_a, logs_b = list(logs_a), list(logs_b)
    entry_a = _arm_entry(logs_a, game)
    kept_a = _kept_arm(entry_a, "A")
    if kept_a is not None:
        return kept_a, read_arm("B", logs_b, game)
    db_a, notices_a = _opened(logs_a, game)
    with db_a:
        pending_a = _submit(db_a)
        entry_b = _arm_entry(logs_b, game)
        kept_b = _kept_arm(entry_b, "B")
        if kept_b is not None:
            return _kept(entry_a, _collect("A", db_a, pending_a), notices_a), kept_b
        db_b, notices_b = _opened(logs_b, game)
        with db_b:
            pending_b = _submit(db_b)
            return (_kept(entry_a, _collect("A", db_a, pending_a), notices_a),
                    _kept(entry_b, _collect("B", db_b, pending_b), notices_b))


def _opened(logs: list, game: str | None) -> tuple[LogDatabase, tuple[str, ...]]:
    """The arm's logs open, and the caveats opening them raised (shown now, and kept)."""
    from analytics.query.database import LogDatabase

    db, notices = with_notices(partial(LogDatabase, logs, game=game))
    warn_again(notices)
    return db, notices


def _arm_entry(logs: list, game: str | None) -> Entry | None:
    return Entry.of(logs, {"arm": "paired", "game": game})


def _kept_arm(entry: Entry | None, label: str) -> ArmLogs | None:
    """The arm kept in `entry`, as arm `label`, its caveats raised again; None when there is
    none (or it is damaged: read again)."""
    text = entry.load_text() if entry is not None else None
    try:
        arm, notices = ArmLogs.from_json(json.loads(text), label) if text else (None, ())
    except ValueError:  # json's errors are ValueErrors too
        return None
    warn_again(notices)
    return arm


def _kept(entry: Entry | None, arm: ArmLogs, notices: tuple[str, ...]) -> ArmLogs:
    if entry is not None:
        entry.store_text(json.dumps(arm.to_json(notices)))
    return arm


def _submit(db: LogDatabase) -> dict[str, Future[pl.DataFrame]]:
    """An arm's queries, started in the background in the order they are needed."""
    pending = {"seats": db.submit("paired_outcome_by_seat_game"),
               "sources": db.submit("score_by_source_by_game")}
    for kind in db.roles.kinds:
        pending[f"offered:{kind}"] = db.submit("components_by_run", {"component": kind})
        pending[f"masks:{kind}"] = db.submit("ownership_by_seat_game", {"component": kind})
    return pending


def _collect(label: str, db: LogDatabase, pending: dict[str, Future[pl.DataFrame]]) -> ArmLogs:
    masks, available = {}, {}
    for kind in db.roles.kinds:
        offered = pending[f"offered:{kind}"].result()
        available[kind] = tuple(sorted(offered["component"].unique().to_list()))
        rows = pending[f"masks:{kind}"].result()
        masks[kind] = tuple(rows[c].to_numpy() for c in MASK_COLUMNS)
    from analytics.query.provenance import describe_logs

    read = describe_logs(db, f"--logs-{label.lower()}")
    return ArmLogs(label, pending["seats"].result(), masks, available, read, db.roles,
                   pending["sources"].result())


def restrict(arm: ArmLogs, seeds: np.ndarray) -> ArmLogs:
    """The arm's games whose seed is in `seeds`, game rows renumbered in seed order: a longer
    run paired with a shorter one on the games they share (a run's first games are the same
    whatever its length)."""
    ordered = np.sort(arm.seats.filter(pl.col("seat") == 0)["seed"].to_numpy())
    keep = np.isin(ordered, seeds)
    renumbered = np.cumsum(keep) - 1
    masks = {}
    for kind, (row, seat, word, mask) in arm.masks.items():
        kept = keep[row.astype(np.int64)]
        masks[kind] = (renumbered[row[kept].astype(np.int64)], seat[kept], word[kept], mask[kept])
    return replace(arm, seats=arm.seats.filter(pl.col("seed").is_in(seeds)), masks=masks)


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
    roles: Roles  # the game's: its component kinds, their labels
    score_sources: list[str] = field(default_factory=list)  # the roles' order, then others
    by_source: dict[str, np.ndarray] = field(default_factory=dict)  # arm -> (games, sources)

    @property
    def n_games(self) -> int:
        return len(self.seeds)


def pair(a: ArmLogs, b: ArmLogs, by_position: bool = False) -> PairedGames:
    """Line the arms up by game seed (or, `by_position`, by game index within the run: an A/A
    check on other seeds, the same bots in the same seats); arms that cannot be paired are a
    UserError saying why."""
    players = _one_player_count(a, b)
    if a.roles != b.roles:
        raise UserError(f"arms cannot be paired: --logs-a holds games of {a.roles.game}, "
                        f"--logs-b of {b.roles.game} (or of another release's roles)")
    kinds = a.roles.kinds
    for arm in (a, b):
        doubled = arm.seats.filter(pl.col("seat") == 0)["seed"].is_duplicated()
        if doubled.any():
            raise UserError(f"--logs-{arm.label.lower()} holds {int(doubled.sum())} games whose "
                            "seed appears twice (the same run read twice?): cannot pair")
    order = {arm.label: _position_order(arm, by_position) for arm in (a, b)}
    if not by_position:
        _check_same_seeds(a, b)
    elif len(order["A"]) != len(order["B"]):  # type: ignore[arg-type]
        raise UserError(f"arms cannot be paired by position: {len(order['A'])} games in "
                        f"--logs-a, {len(order['B'])} in --logs-b")
    seeds = _ordered(np.sort(a.seats.filter(pl.col("seat") == 0)["seed"].to_numpy()),
                     order["A"])
    components = {kind: sorted(set(a.available[kind]) | set(b.available[kind]))
                  for kind in kinds}
    sources = score_sources(a.roles, a, b)
    grids = {arm.label: {name: _ordered(values, order[arm.label])
                         for name, values in _grid(arm, players).items()} for arm in (a, b)}
    offered = {kind: {arm.label: np.isin(components[kind], arm.available[kind])
                      for arm in (a, b)} for kind in kinds}
    owned = {kind: {arm.label: _ordered(_owned(arm, kind, components[kind], len(seeds),
                                               players), order[arm.label])
                    for arm in (a, b)} for kind in kinds}
    return PairedGames(players, seeds,
                       {k: g["win_share"] for k, g in grids.items()},
                       {k: g["score"] for k, g in grids.items()},
                       {k: g["bot"] for k, g in grids.items()},
                       {k: g["rounds"] for k, g in grids.items()},
                       {k: g["n_decisions"] for k, g in grids.items()},
                       {k: g["tied"] for k, g in grids.items()},
                       components, offered, owned, a.roles, sources,
                       {arm.label: _ordered(_by_source(arm, sources), order[arm.label])
                        for arm in (a, b)})


def score_sources(roles: Roles, *arms: ArmLogs) -> list[str]:
    """The score sources the arms' games scored from: the roles' order, then the others."""
    present = {s for arm in arms if arm.sources.height
               for s in arm.sources["source"].unique().to_list()}  # not 400,000 rows one by one
    return [s for s in roles.score_sources if s in present] + sorted(
        present - set(roles.score_sources))


def _by_source(arm: ArmLogs, sources: list[str]) -> np.ndarray:
    """(games, sources): each game's score from each source, games in seed order."""
    first = arm.seats.filter(pl.col("seat") == 0).select("game_id").with_row_index("row")
    grid = np.zeros((first.height, len(sources)))
    if not sources or not arm.sources.height:
        return grid
    scored = arm.sources.join(first, on="game_id").with_columns(
        pl.col("source").cast(pl.Enum(sources)).to_physical().alias("column"))
    np.add.at(grid, (scored["row"].to_numpy(), scored["column"].to_numpy()),
              scored["score"].to_numpy().astype(float))
    return grid


def _position_order(arm: ArmLogs, by_position: bool) -> np.ndarray | None:
    """The arm's game rows (in seed order) put in pairing order: seed order itself (None), or
    by game index (then seed, across the runs of several looks), where the same index seats
    the same bots in every run of a rotation."""
    if not by_position:
        return None
    first = arm.seats.filter(pl.col("seat") == 0)
    return np.lexsort((first["seed"].to_numpy(), first["game_index"].to_numpy()))


def _ordered(values: np.ndarray, order: np.ndarray | None) -> np.ndarray:
    """`values` (rows in seed order) in pairing order; seed order is kept without a copy."""
    return values if order is None else values[order]


def _check_same_seeds(a: ArmLogs, b: ArmLogs) -> None:
    seeds_a = a.seats.filter(pl.col("seat") == 0)["seed"]
    seeds_b = b.seats.filter(pl.col("seat") == 0)["seed"]
    only_a = seeds_a.filter(~seeds_a.is_in(seeds_b.implode()))
    only_b = seeds_b.filter(~seeds_b.is_in(seeds_a.implode()))
    if len(only_a) or len(only_b):
        raise UserError(
            f"arms cannot be paired: {len(only_a)} games of --logs-a and {len(only_b)} of "
            f"--logs-b have no game with the same seed in the other arm (same --seed and "
            f"--games are needed; first unmatched seed {(only_a if len(only_a) else only_b)[0]})")


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
              for name in ("win_share", "score")}
    # Fixed-width text, not Python objects: finding and matching the bots of 100,000 games
    # is then a C sort and compare. Made from each seat's index among the few bot names,
    # not from a Python string per seat-game.
    names = seats["bot"].unique().sort()
    codes = seats["bot"].cast(pl.Enum(names)).to_physical().to_numpy()
    shaped["bot"] = np.array(names.to_list(), dtype=str)[codes].reshape(-1, players)
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
    words = -(-len(index) // MASK_BITS) or 1
    dense = np.zeros((games * players, words), dtype=np.int64)
    dense[row.astype(np.int64) * players + seat, word] = mask
    # Stored component by component (each one's seat-games contiguous, written and later
    # summed in one sweep), seen as (games, seats, components) without a copy.
    owned = np.zeros((len(components), games * players), dtype=np.float32)
    for j, component in enumerate(components):
        if component in index:  # a component the arm does not offer stays 0
            w, bit = divmod(index[component], MASK_BITS)
            owned[j] = (dense[:, w] >> bit) & 1
    return owned.T.reshape(games, players, len(components))


def single_arm(arm: ArmLogs) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
    """One arm's games alone, rows in seed order: the seat and game columns of `pair`'s grid
    (with `seed`), and per component kind (games x seats x its offered components) 0/1."""
    counts = arm.seats["players"].unique().to_list()
    if len(counts) != 1:
        raise UserError(f"{arm.read[0]}: mixes player counts {sorted(counts)}")
    players = counts[0]
    grid = _grid(arm, players)
    grid["seed"] = np.sort(arm.seats.filter(pl.col("seat") == 0)["seed"].to_numpy())
    owned = {kind: _owned(arm, kind, list(arm.available[kind]), len(grid["seed"]), players)
             for kind in arm.roles.kinds}
    return grid, owned
