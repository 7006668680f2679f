"""The runner's side of a run folder: its config.json written, damaged parts dropped to be played
again, leftovers of a stopped writer cleared. What a whole folder is, and the checks every
reader makes, live with the readers (analytics/eventlog/check.py); the runner imports them from
here as before.
"""

from __future__ import annotations

import json
import os
import shutil

from analytics.eventlog.check import CONFIG_FILE as CONFIG_FILE
from analytics.eventlog.check import DERIVED_TABLES
from analytics.eventlog.check import MARKERS as MARKERS
from analytics.eventlog.check import RunCheck as RunCheck
from analytics.eventlog.check import UnfinishedRun as UnfinishedRun
from analytics.eventlog.check import check_run as check_run
from analytics.eventlog.check import damage_advice as damage_advice
from analytics.eventlog.check import manifest_run_id as manifest_run_id
from analytics.eventlog.check import part_size as part_size
from analytics.eventlog.check import read_config as read_config
from analytics.eventlog.check import require_run_files as require_run_files
from analytics.eventlog.check import require_whole as require_whole
from analytics.eventlog.check import run_files_problem as run_files_problem
from analytics.eventlog.check import warn_unfinished as warn_unfinished
from analytics.eventlog.reader import read_components, read_parquet, read_roles, read_runs
from analytics.eventlog.seat_components import component_kinds
from analytics.eventlog.store import Location, Place
from analytics.eventlog.writer import (
    COMMITTED,
    INCOMPLETE,
    PARTS,
    commit_part,
    derived_tables,
    part_dir,
    put_tables,
)


def write_config(folder: Location, config: dict, size: int, code_version: str) -> None:
    """The options, part size and the code that plays them, put whole (the folder is made,
    where folders exist)."""
    folder = Place.of(folder)
    folder.mkdir()
    (folder / CONFIG_FILE).put_text(
        json.dumps({"config": config, "part_size": size, "code_version": code_version,
                    MARKERS: True}, indent=1, sort_keys=True))


def drop_damaged(check: RunCheck) -> list[str]:
    """Delete the damaged parts (a seed always plays the same games again); what was wrong."""
    for part in check.damaged:
        part_dir(check.folder, part).remove()
    dropped = list(check.damaged.values())
    check.damaged.clear()
    return dropped


def write_derived_tables(check: RunCheck) -> dict[str, int]:
    """Put the tables derived from the events (`seat_components`, `score_causes`) that whole
    parts logged before parts held them lack, by the run's roles and catalogue (any code's
    events: nothing is played); how many parts got each table."""
    lacking = {table: check.lacking.pop(table) for table in DERIVED_TABLES
               if check.lacking.get(table)}
    if not lacking:
        return {}
    roles = read_roles(check.folder)
    kinds = component_kinds(read_components(check.folder, read_runs(check.folder)))
    tables_of: dict[int, list[str]] = {}
    for table, parts in lacking.items():
        for part in parts:
            tables_of.setdefault(part, []).append(table)
    for part, tables in sorted(tables_of.items()):
        folder = part_dir(check.folder, part)
        events, uses, games = (read_parquet(folder / f"{name}.parquet")
                               for name in ("events", "uses", "games"))
        put_tables(folder, derived_tables(events, uses, games, roles, kinds, tables))
        if (folder / COMMITTED).exists():  # (runs before markers have none: none is added)
            commit_part(folder, check.whole[part])  # its marker now vouches for the new tables
    return {table: len(parts) for table, parts in lacking.items()}


def clear_leftovers(location: Location) -> None:
    """Remove what stopped writers left in a local run folder: temporary files (beside the
    run's files and in its parts) and `.incomplete/` folders (of writers before markers) of
    processes no longer alive; a live writer's (a killed run's worker still finishing its part)
    are left to it. An object store holds no temporary objects: a put is whole or absent."""
    place = Place.of(location)
    if not place.is_local or not place.is_dir():
        return
    folder = place.local_path()
    incomplete = folder / INCOMPLETE
    for entry in incomplete.iterdir() if incomplete.is_dir() else ():
        if not _alive(entry.name.rpartition("-")[2]):
            shutil.rmtree(entry, ignore_errors=True)
    for tmp in [*folder.glob(".*.tmp-*"), *folder.glob(f"{PARTS}/*/.*.tmp-*")]:
        if not _alive(tmp.name.rpartition("-")[2]):
            tmp.unlink(missing_ok=True)
    try:
        incomplete.rmdir()
    except OSError:
        pass  # absent, or a live writer's folder is in it


def _alive(pid: str) -> bool:
    if not pid.isdigit() or int(pid) == os.getpid():
        return False  # ours: this process has stopped writing when it clears
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
