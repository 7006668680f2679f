"""Fresh runs for `dicelab balance --set ... --players 2,3,4`: one run folder per player count.

Every configuration is validated (through the game, which knows its player counts, bots and
sets) before any game is played; a folder that already holds the same run is finished or reused
(`--resume`), so asking again costs nothing. The folders of one `--out` are read together, so
they must be played by one code: a run folder there made by other code (the rules or a bot
changed between two commands) refuses the command before any game is played.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import polars as pl

from analytics.errors import UserError

NO_MODULE = ("", "none")


def seat_bots(bots: tuple[str, ...], players: int) -> tuple[str, ...]:
    """One bot for all seats stays one; several are repeated in turn to fill the seats
    (economist,hero at 3 players: economist,hero,economist)."""
    if len(bots) == 1:
        return bots
    return tuple(bots[i % len(bots)] for i in range(players))


def run_folder(out: Path, card_set: str, players: int, seed: int, module: str = "none"
               ) -> Path:
    name = Path(card_set).stem if card_set.endswith(".toml") else card_set
    with_module = "" if module in NO_MODULE else f"-{module}"
    return out / f"{name}{with_module}-{players}p-seed{seed}"


def simulate_runs(card_set: str, module: str, counts: tuple[int, ...], bots: tuple[str, ...],
                  games: int, seed: int, out: Path, rules: dict[str, str] | None = None,
                  workers: int | None = None, progress: bool = True,
                  cluster: str | None = None, game: str = "") -> list[Path]:
    """Play `games` games at each player count in `counts`; the run folders, in order."""
    from analytics.runs.simulate import (  # the engine
        RunConfig,
        run_code,
        run_simulation,
        validate,
    )

    chosen = {"game": game} if game else {}  # else RunConfig's: the default game
    if module not in NO_MODULE:
        chosen["module"] = module
    for p in counts:  # the game's player counts first: seats are listed for valid ones only
        validate(RunConfig(players=p, games=games, seed=seed, bots=bots[:1],
                           card_set=card_set, rules=dict(rules or {}), **chosen))
    configs = [RunConfig(players=p, games=games, seed=seed, bots=seat_bots(bots, p),
                         card_set=card_set, rules=dict(rules or {}), **chosen) for p in counts]
    for config in configs:
        validate(config)
    refuse_mixed_code(out, run_code(configs[0]))
    return [run_simulation(config, run_folder(out, card_set, config.players, seed, module),
                           workers=workers, resume=True, progress=progress, cluster=cluster)
            for config in configs]


def refuse_mixed_code(out: Path, code: str) -> None:
    """A UserError when a run folder in `out` was made by other code than `code`: the folders
    of one --out are pooled, and resuming into them would mix two codes' games."""
    from analytics.eventlog.store import Place
    from analytics.runs.simulate import stored_code

    for folder in sorted(p for p in out.iterdir() if p.is_dir()) if out.is_dir() else ():
        made_by = stored_code(Place.of(folder))
        if made_by is not None and made_by != code:
            raise UserError(f"--out {out}: {folder.name} was made by dicelab code {made_by}, "
                            f"this is {code}; one --out pools its runs, so its code must be "
                            "one: choose another --out")


def play_value_arms(folders: list[Path], games: int, workers: int | None = None,
                    progress: bool = True, cluster: str | None = None) -> list[Path]:
    """For each module card of each run in `folders`, its forbidden arm (rule option
    forbid=CARD) on the run's first `games` games, beside the run: the paired value that
    `module_balance` reads. Runs without a module have none."""
    from analytics.eventlog.check import read_config
    from analytics.query.database import LogDatabase
    from analytics.runs.simulate import config_from_dict, run_simulation

    arms = []
    for folder in folders:
        config = config_from_dict(read_config(folder)["config"])
        if config.module in NO_MODULE:
            continue
        if games > config.games:
            raise UserError(f"--value-games {games:,}: more than the {config.games:,} games of "
                            f"{folder.name} (an arm is paired with the run's first games)")
        with LogDatabase([folder]) as db:
            kind = db.roles.set_kind
            cards = db.run("module_components_by_run").filter(
                (pl.col("module") == config.module) & (pl.col("kind") == kind))
        for card in sorted(cards["component"].unique().to_list()):
            arm = replace(config, games=games, rules={**config.rules, "forbid": card})
            arms.append(run_simulation(arm, folder.parent / f"{folder.name}-without-{card}",
                                       workers=workers, resume=True, progress=progress,
                                       cluster=cluster))
    return arms
