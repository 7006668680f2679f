"""Batch runner: run config, per-game seeds, chunks played in local processes, written as parts."""

from __future__ import annotations

import gc
import hashlib
import json
import os
import shlex
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field, replace
from datetime import UTC, datetime
from functools import lru_cache, partial

import polars as pl
from tqdm import tqdm

from analytics.engine import derive_seed, play_game
from analytics.errors import Notice, UserError
from analytics.eventlog import SCHEMA_VERSION
from analytics.eventlog.schema import TABLES
from analytics.eventlog.seat_components import component_kinds
from analytics.eventlog.store import Location, Place
from analytics.eventlog.writer import events_columns, frame, write_part, write_runs
from analytics.games import get_game
from analytics.games.plugin import Plugin, RunSetup
from analytics.policies import is_outside
from analytics.runs.code import game_code_version
from analytics.runs.folder import (
    RunCheck,
    check_run,
    clear_leftovers,
    drop_damaged,
    manifest_run_id,
    part_size,
    read_config,
    run_files_problem,
    write_config,
)
from analytics.runs.workers import RunStopped, play_parts, stop_on_signals

# Games whose event tuples are turned into a compact frame at once: memory holds the tuples of
# this many games, not of the whole part (a tuple takes about 130 bytes, its frame row 30).
EVENT_BATCH = 250
# Allocations between two young-generation collections while a chunk is played (default 700).
YOUNG_GC_THRESHOLD = 10_000


MAX_GAMES = 2**31 - 1  # games.game_index is a 32-bit integer
MAX_SEED = 2**63 - 1  # runs.seed is a 64-bit integer


@dataclass(frozen=True)
class RunConfig:
    """Everything that decides a run's games; its hash is the run id."""

    game: str = "diceforge"
    players: int = 4
    games: int = 1000
    seed: int = 0
    bots: tuple[str, ...] = ("random",)
    card_set: str = "base"
    module: str = "none"
    rules: dict[str, str] = field(default_factory=dict)
    rotate: bool = True

    def seat_bots(self, game_index: int) -> list[str]:
        """Bots by seat; with rotation the list shifts by one seat each game."""
        bots = list(self.bots) * self.players if len(self.bots) == 1 else list(self.bots)
        shift = game_index % self.players if self.rotate else 0
        return bots[shift:] + bots[:shift]


def validate(config: RunConfig) -> RunSetup:
    """Fail before any game is played: the game's setup (player count, module, card set, rule
    options), the number of games, the seed, the bots."""
    game = get_game(config.game)
    setup = _setup(game, config.card_set, config.module, tuple(sorted(config.rules.items())),
                   config.players)
    if not 1 <= config.games <= MAX_GAMES:
        raise UserError(f"--games must be between 1 and {MAX_GAMES:,} (got {config.games:,})")
    if not 0 <= config.seed <= MAX_SEED:
        raise UserError(f"--seed must be between 0 and {MAX_SEED} (got {config.seed})")
    if len(config.bots) not in (1, config.players):
        raise UserError(f"--bots names {len(config.bots)} bots for {config.players} players; "
                        "give one bot for every seat, or a single bot for all")
    for name in config.bots:
        game.make_bot(name)
    return setup


@lru_cache(maxsize=8)
def _setup(game: Plugin, card_set: str, module: str, rules: tuple, players: int) -> RunSetup:
    return replace(game.setup(card_set, module, dict(rules), players), game=game)


def run_id(config: RunConfig, setup: RunSetup) -> str:
    """A stable id: the same config played by the same code gives the same id and the same
    games; other code (a rules fix, a retuned bot) another id."""
    key = json.dumps([asdict(config), setup.cards, setup.rules, run_code(config)],
                     sort_keys=True)
    return hashlib.blake2b(key.encode(), digest_size=8).hexdigest()


def run_code(config: RunConfig) -> str:
    """The code version that plays `config`'s games (runs/code.py)."""
    return game_code_version(get_game(config.game), config.bots)


def manifest(config: RunConfig, setup: RunSetup) -> dict:
    game = setup.game
    return {
        "run_id": run_id(config, setup), "game": config.game, "modules": setup.module,
        "card_set": setup.card_set, "cards": ",".join(setup.cards),
        "players": config.players, "bots": ",".join(config.bots),
        "bot_params": json.dumps({b: game.make_bot(b).params for b in config.bots},
                                 sort_keys=True, default=str),
        "seed": config.seed,
        "n_games": config.games, "rules": json.dumps(setup.rules, sort_keys=True),
        "engine_version": run_code(config), "schema_version": SCHEMA_VERSION,
        "created_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "source": "simulated",
    }


def write_run_files(out: Location, setup: RunSetup, info: dict) -> None:
    """The run-level files: the manifest, the game's catalogue and its roles."""
    write_runs(out, info, setup.game.catalogue(setup.game_setup), setup.game.roles)


def game_seed(config: RunConfig, index: int) -> int:
    return derive_seed(config.seed, config.game, index)


def play_chunk(config: RunConfig, out: str, chunk: int, size: int,
               check_bots: bool = False, code: str | None = None) -> int:
    """Play one chunk of games and write its part folder; returns the number of games. The
    seats of bots from outside (all with `check_bots`) are checked for writes to the game.
    `code`: the code version the run was started by; other code here is a `CodeChanged`."""
    setup = validate(config)
    if code is not None and run_code(config) != code:
        raise code_changed(out, code, run_code(config))
    rid = run_id(config, setup)
    indices = range(chunk * size, min(config.games, (chunk + 1) * size))
    game = setup.game
    vocabulary = game.vocabulary(setup.game_setup)
    games, players, game_ids, events = _columns("games"), _columns("players"), [], []
    framed: list[pl.DataFrame] = []
    with _fewer_young_collections():
        for index in indices:
            bots = config.seat_bots(index)
            seed = game_seed(config, index)
            result = play_game(game, setup.game_setup, [game.make_bot(b) for b in bots], seed,
                               tuple(check_bots or is_outside(b) for b in bots))
            game_id = derive_seed(rid, index)
            _add_game(games, rid, game_id, index, seed, setup, result)
            _add_players(players, game_id, bots, result)
            game_ids.append(game_id)
            events.append(result.events)
            if len(events) == EVENT_BATCH or index == indices[-1]:
                framed.append(frame("events", events_columns(game_ids, events), vocabulary))
                game_ids, events = [], []
        write_part(out, chunk, games, players, pl.concat(framed, rechunk=False),
                   vocabulary, game.roles, component_kinds(game.catalogue(setup.game_setup)))
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


def _add_game(cols: dict, rid: str, game_id: int, index: int, seed: int, setup: RunSetup,
              result) -> None:
    row = {"run_id": rid, "game_id": game_id, "game_index": index, "seed": seed,
           "players": setup.players, "module": setup.module, "card_set": setup.card_set,
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


def run_simulation(config: RunConfig, out: Location, workers: int | None = None,
                   resume: bool = False, progress: bool = True, chunk_size: int | None = None,
                   cluster: str | None = None, on_games: Callable[[int], None] | None = None,
                   check_bots: bool = False) -> Location:
    """Play `config.games` games into the run folder `out` (a path or an fsspec URL); with
    `resume`, finish a stopped run: play its missing parts and again its damaged ones.

    `chunk_size` (games per part) defaults to `part_size(config.games)`; a resumed run keeps
    the size it was started with. A stop (lost worker, SIGINT, SIGTERM) raises `RunStopped`
    whose one line ends with the exact command that resumes the run. With `cluster` (a Dask
    scheduler's address) the parts are played as tasks there instead: the same bytes.
    `on_games(n)` is told of each part played (a sweep's one bar), instead of this run's bar.
    Bots from outside dicelab are checked for writes to the game (engine/loop.py's Decider);
    `check_bots` checks every bot.
    """
    setup = validate(config)
    workers = count_workers(workers) if cluster is None else 0
    if chunk_size is not None and chunk_size < 1:
        raise UserError(f"--part-size must be at least 1 (got {chunk_size})")
    info = manifest(config, setup)
    place = Place.of(out)
    _check_shared(place, workers)
    with stop_on_signals():
        try:
            if cluster is not None:  # before the folder is made: no scheduler, no run
                from analytics.runs.cluster import check_scheduler

                check_scheduler(cluster)
            check = _start_run(place, config, setup, info, resume,
                               chunk_size or part_size(config.games))
            todo = check.missing()
            with tqdm(total=config.games, initial=check.games_present, unit="game",
                      disable=not progress or on_games is not None, desc="simulate") as bar:
                done = bar.update if on_games is None else on_games
                play = partial(play_chunk, config, place.url, size=check.part_size,
                               check_bots=check_bots, code=info["engine_version"])
                if cluster is None:
                    play_parts(play, todo, workers, done)
                else:
                    from analytics.runs.cluster import play_parts_on  # Dask: only when asked for

                    play_parts_on(cluster, play, todo, done, place.url,
                                  partial(run_code, config))
        except RunStopped as stop:
            raise stop.with_hint(_resume_hint(config, place, cluster)) from None
        finally:
            clear_leftovers(place)
    return out


def _check_shared(place: Place, workers: int) -> None:
    """Refuse what the worker processes could not write: a memory:// folder lives in one
    process (a Dask cluster's workers are checked by analytics.runs.cluster)."""
    if workers > 1 and place.in_process:
        raise UserError(f"--out {place}: a memory:// folder lives in this process only, which "
                        "other worker processes cannot write; pass --workers 1")


def count_workers(workers: int | None) -> int:
    """--workers, checked: at least 1 (default: every core); more than the cores is said."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    if workers is None:
        return cores or 1
    if workers < 1:
        raise UserError(f"--workers must be at least 1 (got {workers})")
    if cores and workers > cores:
        warnings.warn(Notice(f"--workers {workers} is more than the {cores} cores here: the "
                             "workers share them, the run is no faster"), stacklevel=2)
    return workers


def resume_command(config: RunConfig, out: Location) -> str:
    """The exact command line that finishes this run."""
    args = ["dicelab", "simulate"] + (["--game", config.game] if config.game != "diceforge"
                                      else [])
    args += ["--players", str(config.players), "--games", str(config.games),
             "--seed", str(config.seed), "--bots", ",".join(config.bots), "--set", config.card_set]
    args += ["--module", config.module] if config.module != "none" else []
    for name, value in sorted(config.rules.items()):
        args += ["--rule", f"{name}={value}"]
    args += ([] if config.rotate else ["--no-rotate"]) + ["--out", str(out), "--resume"]
    return shlex.join(args)


def _resume_hint(config: RunConfig, out: Place, cluster: str | None = None) -> str:
    on = f" --cluster {shlex.quote(cluster)}" if cluster else ""
    resume = f"resume with: {resume_command(config, out)}{on}"
    try:
        present = check_run(out).games_present
    except UserError:  # stopped before the run-level files were written
        return resume
    return f"{present:,} of {config.games:,} games are kept in whole parts; {resume}"


def _start_run(out: Place, config: RunConfig, setup: RunSetup, info: dict, resume: bool,
               size: int) -> RunCheck:
    """The run folder ready to play into: new, or (resume) the same run with its damaged parts
    dropped. The manifest and config.json are written first, so a run stopped at any point
    says what it expected; a crash while writing them leaves only a temporary file."""
    _prepare_out(out, config, info["run_id"], resume)
    clear_leftovers(out)
    stored = read_config(out) if out.is_dir() else None
    if stored is None:
        write_config(out, asdict(config), size, info["engine_version"])  # makes the folder
    if run_files_problem(out):  # new, or lost in a crash: config.json says what it was
        write_run_files(out, setup, info)
    check = check_run(out)
    for problem in drop_damaged(check):
        warnings.warn(Notice(f"dropped a damaged part, to play again: {problem}"), stacklevel=2)
    return check


def _prepare_out(out: Place, config: RunConfig, rid: str, resume: bool) -> None:
    """A new folder, or with --resume the folder of the same run; never mix two runs.

    The run's identity is its manifest's run id, or (the manifest being lost in a crash) the
    run id of the options in config.json."""
    if out.exists() and not out.is_dir():
        raise UserError(f"--out {out} exists and is not a folder")
    found = _stored_run_id(out)
    if found is not None and resume:
        refuse_other_code(out, config)
    if found is None:
        if out.exists() and any(not p.name.startswith(".") for p in out.iterdir()):
            raise UserError(f"--out {out} is not empty and holds no run; choose another folder")
        return
    if not resume:
        raise UserError(f"--out {out} already holds a run; pass --resume to finish it, "
                        "or choose another folder")
    if found != rid:
        raise UserError(f"--out {out} holds a different run (other settings); --resume needs "
                        "exactly the same options")


class CodeChanged(UserError):
    """A part would be played by other code than the one that started its run: the source
    files changed while the run played (a worker process imports them when it starts).
    Made by `code_changed`; its one argument is the message, so it crosses the worker's pipe."""


def code_changed(out: str, started_by: str, now: str) -> CodeChanged:
    return CodeChanged(f"{out}: the code changed while the run played (started by dicelab code "
                       f"{started_by}, a worker now runs {now}); the parts already played stay, "
                       "no game of the new code was kept: start a new run in another folder")


def refuse_other_code(out: Place, config: RunConfig) -> None:
    """A run is finished (resumed, repaired) only by the code that started it: other code would
    add other games under the same run id."""
    made_by = stored_code(out)
    now = run_code(config)
    if made_by != now:
        raise UserError(f"{out} was made by dicelab code {made_by or 'older than 0.1.0+code'}, "
                        f"this is {now}: other code plays other games; finish it with the code "
                        "that made it, or start a new run in another folder")


def stored_code(out: Place) -> str | None:
    """The code version a run folder says made it (its manifest, else its config.json)."""
    from analytics.eventlog.check import manifest_field

    return manifest_field(out, "engine_version") or (read_config(out) or {}).get("code_version")


def _stored_run_id(out: Place) -> str | None:
    rid = manifest_run_id(out)
    if rid is not None:
        return rid
    stored = read_config(out) if out.is_dir() else None  # the manifest was lost or damaged
    if stored is None:
        return None
    config = config_from_dict(stored["config"])
    return run_id(config, validate(config))


def config_from_dict(data: dict) -> RunConfig:
    """The RunConfig stored by `asdict` in config.json (JSON lists back to tuples)."""
    return RunConfig(**{k: tuple(v) if isinstance(v, list) else v for k, v in data.items()})
