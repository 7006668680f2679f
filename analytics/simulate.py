"""Batch runner: run config, per-game seeds, chunks played in local processes, written as parts."""

from __future__ import annotations

import gc
import hashlib
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from functools import lru_cache
from multiprocessing import get_context
from pathlib import Path

import polars as pl
from tqdm import tqdm

from analytics import ENGINE_VERSION
from analytics.engine import derive_seed, play_game
from analytics.errors import UserError
from analytics.eventlog import SCHEMA_VERSION
from analytics.eventlog.reader import read_table
from analytics.eventlog.schema import TABLES
from analytics.eventlog.writer import (
    completed_parts,
    events_columns,
    frame,
    write_part,
    write_runs,
)
from analytics.games import get_game
from analytics.games.diceforge.content import load_card_set
from analytics.games.diceforge.options import parse_rule_options
from analytics.games.diceforge.state import Setup
from analytics.policies import make_bot

# Games per part folder (the unit of work, of --resume and of crash safety): up to MAX_PART, so
# that readers open few files (every scan of a file costs a query time: on 100,000 games,
# `dicelab cards` and `faces` answer about 0.4 s sooner from parts of 1,000 than of 500; parts
# of 2,000 gain little more and double a worker's memory while it writes), and at least
# MIN_PARTS parts for smaller runs, to share them among the workers. It depends on the number
# of games only, never on --workers, so the files are the same for any worker count.
MAX_PART = 1000
MIN_PARTS = 8
MIN_PART = 100
# Games whose event tuples are turned into a compact frame at once: memory holds the tuples of
# this many games, not of the whole part (a tuple takes about 130 bytes, its frame row 30).
EVENT_BATCH = 250
# Allocations between two young-generation collections while a chunk is played (default 700).
YOUNG_GC_THRESHOLD = 10_000


@dataclass(frozen=True)
class RunConfig:
    """Everything that decides a run's games; its hash is the run id."""

    game: str = "diceforge"
    players: int = 4
    games: int = 1000
    seed: int = 0
    bots: tuple[str, ...] = ("random",)
    card_set: str = "base"
    rules: dict[str, str] = field(default_factory=dict)
    rotate: bool = True

    def seat_bots(self, game_index: int) -> list[str]:
        """Bots by seat; with rotation the list shifts by one seat each game."""
        bots = list(self.bots) * self.players if len(self.bots) == 1 else list(self.bots)
        shift = game_index % self.players if self.rotate else 0
        return bots[shift:] + bots[:shift]


def validate(config: RunConfig) -> Setup:
    """Fail before any game is played: player count, bots, card set, rule options."""
    game = get_game(config.game)
    if config.players not in (2, 3, 4):
        raise UserError(f"--players must be 2, 3 or 4 (got {config.players})")
    if config.games < 1:
        raise UserError(f"--games must be at least 1 (got {config.games})")
    if len(config.bots) not in (1, config.players):
        raise UserError(f"--bots names {len(config.bots)} bots for {config.players} players; "
                        "give one bot for every seat, or a single bot for all")
    for name in config.bots:
        make_bot(game.name, name)
    return _setup(config.card_set, config.players, tuple(sorted(config.rules.items())))


@lru_cache(maxsize=8)
def _setup(card_set: str, players: int, rules: tuple) -> Setup:
    return Setup(players, load_card_set(card_set), parse_rule_options(dict(rules)))


def run_id(config: RunConfig, setup: Setup) -> str:
    """A stable id: the same config (and engine version) gives the same id and the same games."""
    key = json.dumps([asdict(config), setup.card_set.card_ids, setup.rules.as_dict(),
                      ENGINE_VERSION], sort_keys=True)
    return hashlib.blake2b(key.encode(), digest_size=8).hexdigest()


def manifest(config: RunConfig, setup: Setup) -> dict:
    return {
        "run_id": run_id(config, setup), "game": config.game, "modules": "",
        "card_set": setup.card_set.name, "cards": ",".join(setup.card_set.card_ids),
        "players": config.players, "bots": ",".join(config.bots),
        "bot_params": json.dumps({b: make_bot(config.game, b).params for b in config.bots},
                                 sort_keys=True, default=str),
        "seed": config.seed,
        "n_games": config.games, "rules": json.dumps(setup.rules.as_dict(), sort_keys=True),
        "engine_version": ENGINE_VERSION, "schema_version": SCHEMA_VERSION,
        "created_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }


def game_seed(config: RunConfig, index: int) -> int:
    return derive_seed(config.seed, config.game, index)


def part_size(games: int) -> int:
    """Games per part for a run of `games` games (see MAX_PART)."""
    return min(MAX_PART, max(MIN_PART, -(-games // MIN_PARTS)))


def play_chunk(config: RunConfig, out: str, chunk: int, size: int) -> int:
    """Play one chunk of games and write its part folder; returns the number of games."""
    setup = validate(config)
    rid = run_id(config, setup)
    indices = range(chunk * size, min(config.games, (chunk + 1) * size))
    game = get_game(config.game)
    vocabulary = game.vocabulary(setup)
    games, players, game_ids, events = _columns("games"), _columns("players"), [], []
    framed: list[pl.DataFrame] = []
    with _fewer_young_collections():
        for index in indices:
            bots = config.seat_bots(index)
            seed = game_seed(config, index)
            result = play_game(game, setup, [make_bot(game.name, b) for b in bots], seed)
            game_id = derive_seed(rid, index)
            _add_game(games, rid, game_id, index, seed, setup, result)
            _add_players(players, game_id, bots, result)
            game_ids.append(game_id)
            events.append(result.events)
            if len(events) == EVENT_BATCH or index == indices[-1]:
                framed.append(frame("events", events_columns(game_ids, events), vocabulary))
                game_ids, events = [], []
        write_part(Path(out), chunk, games, players, pl.concat(framed, rechunk=False),
                   vocabulary)
    return len(indices)


@contextmanager
def _fewer_young_collections() -> Iterator[None]:
    """Collect the young generation every YOUNG_GC_THRESHOLD allocations, then restore.

    A game allocates a great many short-lived objects and keeps about 1,200 event tuples: at the
    default threshold the collector runs every few decisions and rescans those survivors, and
    its full collections sweep the whole chunk. Measured: half the collector's time, ~5% of a
    chunk. Finished games (they hold reference cycles) are still collected, a few games later:
    peak memory is unchanged.
    """
    old = gc.get_threshold()
    gc.set_threshold(YOUNG_GC_THRESHOLD, *old[1:])
    try:
        yield
    finally:
        gc.set_threshold(*old)


def _columns(table: str) -> dict[str, list]:
    return {name: [] for name in TABLES[table]}


def _add_game(cols: dict, rid: str, game_id: int, index: int, seed: int, setup: Setup,
              result) -> None:
    row = {"run_id": rid, "game_id": game_id, "game_index": index, "seed": seed,
           "players": setup.players, "module": "", "card_set": setup.card_set.name,
           "rounds": result.rounds, "n_events": len(result.events),
           "n_decisions": result.n_decisions, "tied": result.ranks.count(1) > 1}
    for name, value in row.items():
        cols[name].append(value)


def _add_players(cols: dict, game_id: int, bots: list[str], result) -> None:
    for seat, bot in enumerate(bots):
        row = {"game_id": game_id, "seat": seat, "bot": bot, "score": result.scores[seat],
               "rank": result.ranks[seat], "won": result.ranks[seat] == 1,
               "tied": result.ranks[seat] == 1 and result.ranks.count(1) > 1,
               "win_share": result.win_shares[seat]}
        for name, value in row.items():
            cols[name].append(value)


def run_simulation(config: RunConfig, out: Path, workers: int | None = None,
                   resume: bool = False, progress: bool = True, chunk_size: int | None = None,
                   ) -> Path:
    """Play `config.games` games into the run folder `out`; with `resume`, finish a broken run.

    `chunk_size` (games per part) defaults to `part_size(config.games)`.
    """
    chunk_size = chunk_size or part_size(config.games)
    setup = validate(config)
    info = manifest(config, setup)
    _prepare_out(out, info["run_id"], resume)
    write_runs(out, info, get_game(config.game).catalogue(setup))
    done = completed_parts(out)
    jobs = [(config, str(out), c, chunk_size)
            for c in range(-(-config.games // chunk_size)) if c not in done]
    workers = max(1, min(workers or os.cpu_count() or 1, len(jobs) or 1))
    left = sum(min(config.games, (c + 1) * chunk_size) - c * chunk_size for _, _, c, _ in jobs)
    with tqdm(total=config.games, initial=config.games - left, unit="game",
              disable=not progress, desc="simulate") as bar:
        if workers == 1:
            for job in jobs:
                bar.update(play_chunk(*job))
        else:
            # spawn, not fork: forking a process that already runs polars' threads can deadlock.
            with get_context("spawn").Pool(workers, _remember_parent, (os.getpid(),)) as pool:
                for count in pool.imap_unordered(_play_chunk_args, jobs):
                    bar.update(count)
    return out


_parent_pid: int | None = None  # in a worker: the process that started the run


def _remember_parent(pid: int) -> None:
    global _parent_pid
    _parent_pid = pid


def _play_chunk_args(args: tuple) -> int:
    # A run killed outright (SIGKILL) leaves its workers running: they stop at the next part
    # instead of playing the rest of the run unseen.
    if _parent_pid is not None and os.getppid() != _parent_pid:
        return 0
    return play_chunk(*args)


def _prepare_out(out: Path, rid: str, resume: bool) -> None:
    """A new folder, or with --resume the folder of the same run; never mix two runs."""
    runs = out / "runs.parquet"
    if out.exists() and not out.is_dir():
        raise UserError(f"--out {out} exists and is not a folder")
    if not runs.exists():
        if out.exists() and any(out.iterdir()):
            raise UserError(f"--out {out} is not empty and holds no run; choose another folder")
        return
    if not resume:
        raise UserError(f"--out {out} already holds a run; pass --resume to finish it, "
                        "or choose another folder")
    if read_table(out, "runs")["run_id"][0] != rid:
        raise UserError(f"--out {out} holds a different run (other settings); --resume needs "
                        "exactly the same options")
