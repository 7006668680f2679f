"""`dicelab repair`: make a run whole again from what its folder says about itself."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from analytics.errors import UserError
from analytics.eventlog.store import Place
from analytics.games import check_game
from analytics.runs.folder import (
    CONFIG_FILE,
    check_run,
    drop_damaged,
    read_config,
    run_files_problem,
    write_derived_tables,
)
from analytics.runs.simulate import (
    config_from_dict,
    count_workers,
    manifest,
    refuse_other_code,
    run_simulation,
    validate,
    write_run_files,
)


@dataclass(frozen=True)
class Repair:
    dropped: list[str]  # each damaged part, naming what was wrong
    played: int  # games played again or for the first time
    n_games: int
    # per table derived from the events: the parts given it, logged without it
    derived: dict[str, int] = field(default_factory=dict)


def repair_run(folder: Path, workers: int | None = None, progress: bool = True,
               game: str | None = None) -> Repair:
    """Read every file of the run whole, write the tables derived from the events that whole
    parts logged before them lack, drop the damaged parts and play them again (and any part
    never written) from their seeds: the same games as an uninterrupted run."""
    stored = read_config(folder)
    if stored is None:
        raise UserError(f"{folder}: no {CONFIG_FILE} (not a run folder, or a run written by an "
                        "older dicelab): run `dicelab simulate` with the run's options and "
                        "--resume")
    config = config_from_dict(stored["config"])
    check_game(game, config.game, str(folder))
    problem = run_files_problem(folder)
    if problem is None:
        # Derived from the events alone: a run of any code gets them, before the code check.
        check = check_run(folder, deep=True)
        if not check.damaged and not check.missing():
            count_workers(workers)  # checked as when parts are played, though none is
            return Repair([], 0, config.games, write_derived_tables(check))
        derived = write_derived_tables(check)
    refuse_other_code(Place.of(folder), config)  # before anything is played again
    dropped = []
    if problem:  # config.json says what the run-level files held
        dropped.append(f"{problem}, written again")
        setup = validate(config)
        write_run_files(folder, setup, manifest(config, setup))
    check = check_run(folder, deep=True)
    derived = write_derived_tables(check) if problem else derived
    dropped += drop_damaged(check)
    present = check.games_present
    run_simulation(config, folder, workers=workers, resume=True, progress=progress,
                   chunk_size=stored["part_size"])
    return Repair(dropped, config.games - present, config.games, derived)
