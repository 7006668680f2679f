"""Run folders and records: simulated games written as records, records imported as a run.

An exported record names the run's bots as its players, so importing it back gives the same
players table as the simulation (and the same events): the round trip the tests check.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from analytics.engine import derive_seed
from analytics.engine.chance import SeededChance
from analytics.engine.loop import Decider, GameResult, play
from analytics.errors import UserError
from analytics.eventlog import SCHEMA_VERSION
from analytics.eventlog.reader import read_table
from analytics.eventlog.seat_components import component_kinds
from analytics.eventlog.writer import events_columns, frame, write_part, write_runs
from analytics.games import check_game, get_game
from analytics.games.plugin import RunSetup
from analytics.records.format import Record, RecordError, header_lines, parse
from analytics.records.replay import (
    RecordingChance,
    RecordingDecider,
    replay,
)
from analytics.runs.code import game_code_version
from analytics.runs.folder import read_config
from analytics.runs.simulate import _add_game, _add_players, _columns, config_from_dict, validate


def set_cards(setup: RunSetup) -> dict[str, str]:
    """Slot -> card id of a Dice Forge setup: what a record's `card` lines name."""
    return {slot: card.id for slot, card in setup.game_setup.card_set.cards.items()}


def record_text(setup: RunSetup, game: str, names: list[str], steps: list[str],
                note: str = "") -> str:
    record = Record("", game=game, players=setup.players, card_set=setup.card_set,
                    module=setup.module, rules=dict(setup.rules),
                    names=dict(enumerate(names)), cards=set_cards(setup), note=note)
    return "\n".join(header_lines(record) + steps) + "\n"


def record_game(game: str, setup: RunSetup, bots: list[str], seed: int) -> tuple[str, GameResult]:
    """Play one seeded game as the runner does, writing its record as it goes."""
    plugin = get_game(game)
    steps: list[str] = []
    chance = RecordingChance(SeededChance(derive_seed(seed, "chance")), steps)
    decider = RecordingDecider(Decider([plugin.make_bot(b) for b in bots], seed),
                               plugin.labelling, steps)
    result = play(plugin, setup.game_setup, chance, decider)
    return record_text(setup, game, bots, steps), result


def export_records(run_dir: Path, out: Path, progress: Callable[[int], None] = lambda n: None,
                   game: str | None = None) -> list[Path]:
    """One record per game of the run folder, replayed from its seed (the run's config.json)
    and checked against the logged event count; written into `out` (a new folder) whole."""
    stored = read_config(run_dir)
    if stored is None:
        raise UserError(f"{run_dir}: no config.json (not a simulated run folder)")
    config = config_from_dict(stored["config"])
    check_game(game, config.game, str(run_dir))
    setup = validate(config)
    games = read_table(run_dir, "games").sort("game_index")
    with _new_folder(out) as tmp:
        written = []
        for index, seed, n_events in games.select("game_index", "seed", "n_events").iter_rows():
            text, result = record_game(config.game, setup, config.seat_bots(index), seed)
            if len(result.events) != n_events:
                raise UserError(f"{run_dir}: game {index} replays differently from its log "
                                f"({len(result.events)} events, logged {n_events}); was it "
                                f"simulated by another engine version?")
            name = f"game-{index:06d}.dfr"
            (tmp / name).write_text(text, encoding="utf-8")
            written.append(out / name)
            progress(1)
    return written


@contextmanager
def _new_folder(out: Path) -> Iterator[Path]:
    """A temporary folder beside `out`, renamed to `out` when the block ends well: nothing
    half-written is ever seen at `out`."""
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise UserError(f"--out {out} exists and is not an empty folder; choose another")
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}-", dir=out.parent))
    try:
        yield tmp
        if out.exists():
            out.rmdir()
        os.replace(tmp, out)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def read_record(path: Path) -> Record:
    """A record file parsed; unreadable bytes are a RecordError naming their line."""
    try:
        data = path.read_bytes()
    except OSError as err:
        raise RecordError(f"{path}:1", f"cannot read the file ({err.strerror})") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data[:err.start].count(b"\n") + 1
        raise RecordError(f"{path}:{line}", f"not UTF-8 text (byte 0x{data[err.start]:02x}); "
                          "a record is plain text") from None
    if "\x00" in text:
        line = text[:text.index("\x00")].count("\n") + 1
        raise RecordError(f"{path}:{line}", "a NUL byte: a record is plain text") from None
    return parse(text, str(path))


@dataclass
class Imported:
    """What an import wrote (a run folder per setup) and the records it refused (one line
    each)."""

    folders: list[Path]
    games: int
    failed: list[str]


def import_records(paths: list[Path], out: Path,
                   progress: Callable[[int], None] = lambda n: None,
                   game: str | None = None) -> Imported:
    """Replay every record; the good ones are written under `out` (new), one run folder per
    setup, all at once at the end; the bad ones are listed."""
    groups: dict[tuple, list[tuple[Record, RunSetup, GameResult]]] = {}
    failed = []
    for path in paths:
        try:
            record = read_record(path)
            check_game(game, record.game, str(path))
            setup, result = replay(record)
        except (RecordError, UserError) as err:
            failed.append(str(err))
        else:
            key = (record.game, setup.players, setup.card_set, setup.cards, setup.module,
                   tuple(sorted(setup.rules.items())))
            groups.setdefault(key, []).append((record, setup, result))
        progress(1)
    folders = []
    if groups:
        with _new_folder(out) as tmp:
            for games in groups.values():
                folders.append(out / _write_run(tmp, games))
    return Imported(folders, sum(map(len, groups.values())), failed)


def _write_run(parent: Path, games: list[tuple[Record, RunSetup, GameResult]]) -> str:
    """One run folder of recorded games sharing a setup; returns its name."""
    first, setup, _ = games[0]
    plugin = get_game(first.game)
    code = game_code_version(plugin)  # the rules that replayed the records
    rid = hashlib.blake2b("\n".join(
        [r.name for r, _, _ in games] + [str(len(res.events)) for _, _, res in games]).encode()
        + code.encode(), digest_size=8).hexdigest()
    name = f"{setup.players}p-{setup.card_set}-{rid}"
    folder = parent / name
    manifest = {
        "run_id": rid, "game": first.game, "modules": setup.module,
        "card_set": setup.card_set, "cards": ",".join(setup.cards), "players": setup.players,
        "bots": "recorded", "bot_params": "{}", "seed": 0, "n_games": len(games),
        "rules": json.dumps(setup.rules, sort_keys=True), "engine_version": code,
        "schema_version": SCHEMA_VERSION,
        "created_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "source": "recorded",
    }
    write_runs(folder, manifest, plugin.catalogue(setup.game_setup), plugin.roles)
    vocabulary = plugin.vocabulary(setup.game_setup)
    cols_games, cols_players, ids, events = _columns("games"), _columns("players"), [], []
    for index, (record, _, result) in enumerate(games):
        game_id = derive_seed(rid, index)
        _add_game(cols_games, rid, game_id, index, 0, setup, result)
        names = [record.names.get(seat, f"seat{seat}") for seat in range(setup.players)]
        _add_players(cols_players, game_id, names, result)
        ids.append(game_id)
        events.append(result.events)
    write_part(folder, 0, cols_games, cols_players,
               frame("events", events_columns(ids, events), vocabulary), vocabulary,
               plugin.roles, component_kinds(plugin.catalogue(setup.game_setup)))
    return name
