"""A sweep's spec (TOML): a grid of run settings, checked whole before anything runs.

    games = 2000          # per cell
    seed = 1              # every cell plays the same seeds: cells are paired
    game = "diceforge"    # optional: the game every cell plays (default: --game, or diceforge)
    [grid]
    sets = ["base", "base-alternates"]
    modules = ["none"]
    players = [2, 3, 4]
    bots = ["economist", "economist,hero"]
    rules = [{}, {ties = "tiebreak"}]

A card set made for a module (a preset holding the module's cards) plays with that module only,
so `sets` x `modules` would hold impossible cells: `setups` pairs each set with its own module
instead (in place of `sets` and `modules`; a setup without `module` plays none):

    [grid]
    setups = [{set = "rebellion-titans-cards", module = "none"},
              {set = "goddess-discovery", module = "goddess"},
              {set = "titans-discovery", module = "titans"}]
    players = [2, 3, 4]

`value` asks for the cards' causal value (analytics.experiments.value: paired ablation on the
cell's own seeds): `value = "all"` (every ablatable card of each cell's set),
`value = ["hydra", ...]`
(these cards, in every cell), or by card set, `value = {base = ["hydra"], base-alternates =
"all"}` (the cells of other sets get none).

Every mistake (a TOML error, a typo in a key, an unknown set or bot, an impossible combination)
is one line naming the file, the line and the reason.
"""

from __future__ import annotations

import difflib
import itertools
import re
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path

from analytics.errors import UserError, read_user_text

TOP_KEYS = {"games": int, "seed": int, "grid": dict, "value": object,  # value: checked alone
            "game": str}
ALL = "all"
GRID_KEYS = {"sets": str, "modules": str, "players": int, "bots": str, "rules": dict}
DEFAULTS = {"sets": ["base"], "modules": ["none"], "players": [4], "bots": ["economist"],
            "rules": [{}]}
SETUPS = "setups"  # grid key: (set, module) pairs, in place of the sets x modules product
SETUP_KEYS = {"set": str, "module": str}


@dataclass(frozen=True)
class Cell:
    """One run of the sweep: its folder name and its settings."""

    name: str
    card_set: str
    module: str
    players: int
    bots: tuple[str, ...]
    rules: dict[str, str]
    value: tuple[str, ...] = ()  # the cards whose causal value is asked for (ids, set order)
    game: str = ""  # '': the game a new run plays (analytics.games.DEFAULT_GAME)


@dataclass(frozen=True)
class SweepSpec:
    path: Path
    games: int
    seed: int
    cells: tuple[Cell, ...]

    def as_dict(self) -> dict:
        """What decides the sweep's games (stored in the sweep manifest to resume)."""
        # A sweep of the default game says none, as sweeps did before games could be chosen.
        game = {"game": self.cells[0].game} if self.cells and self.cells[0].game else {}
        return {"games": self.games, "seed": self.seed, **game,
                "cells": [[c.name, c.card_set, c.module, c.players, list(c.bots),
                           c.rules, *([list(c.value)] if c.value else [])]
                          for c in self.cells]}


def read_spec(path: Path, game: str | None = None, sets: tuple[str, ...] = ()) -> SweepSpec:
    """The spec at `path`, every cell validated by the game (no game is played); its `game`
    key, else `game` (--game), else the default game is played. `sets` (--assumptions) stand
    in place of the grid's sets."""
    text = read_user_text(path, "sweep spec")
    where = _Where(path, text)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        at = re.search(r"\(at line (\d+), column \d+\)", str(err))
        reason = str(err).replace(at.group(0), "").strip() if at else str(err)
        raise UserError(f"{path}:{at.group(1) if at else 1}: not valid TOML: {reason}") from None
    _check_keys(data, TOP_KEYS, where, "")
    for key in ("games", "seed"):
        if key not in data:
            raise where.error("", f"missing key {key!r} (games per cell, the run seed)")
    grid = {**DEFAULTS, **data.get("grid", {}), **({"sets": list(sets)} if sets else {})}
    if sets and SETUPS in grid:
        raise where.error(SETUPS, "--assumptions replaces the grid's sets: a spec with setups "
                          "pairs each set with its module; give sets instead")
    _check_keys(grid, {k: list for k in (*GRID_KEYS, SETUPS)}, where, "grid")
    for key, kind in GRID_KEYS.items():
        if not grid[key] or not all(isinstance(v, kind) for v in grid[key]):
            raise where.error(key, f"{key} must be a non-empty list of {kind.__name__}s")
    if SETUPS in grid:
        grid["sets"], grid["modules"] = _setups(grid, data.get("grid", {}), where)
    cells = tuple(_cells(grid, data.get("game") or game or ""))
    for cell in cells:
        _validate(cell, data["games"], data["seed"], where, SETUPS in grid)
    if isinstance(data.get("value"), dict):
        for name in data["value"]:
            if name not in grid["sets"]:
                raise where.error("value", f"value names card set {name!r}, which is not "
                                  f"in the grid's sets ({', '.join(grid['sets'])})")
    if "value" in data:
        cells = tuple(_with_value(cell, data["value"], where) for cell in cells)
    return SweepSpec(path, data["games"], data["seed"], cells)


def _with_value(cell: Cell, asked: object, where: _Where) -> Cell:
    """The cell with the cards whose value `asked` names for it, checked against its set."""
    from analytics.experiments.value import ablations  # the game: only once the spec reads well

    if isinstance(asked, dict):
        asked = asked.get(cell.card_set, [])
    if not (asked == ALL or (isinstance(asked, list) and all(isinstance(c, str) for c in asked))):
        raise where.error("value", 'value must be "all", a list of card ids, or a table of '
                          'them by card set')
    try:
        if asked == ALL:
            cards = dict.fromkeys(a.card for a in ablations(cell.card_set, None,
                                                            game=cell.game)[1])
        else:
            cards = dict.fromkeys(c for c in asked
                                  if ablations(cell.card_set, c, game=cell.game)[1])
    except UserError as err:
        raise where.error("value", f"cell {cell.name}: {err}") from None
    return replace(cell, value=tuple(cards))


def _setups(grid: dict, given: dict, where: _Where) -> tuple[list[str], list[str]]:
    """The sets and modules of `setups`, each set's module at the same index."""
    both = [k for k in ("sets", "modules") if k in given]
    if both:
        raise where.error(SETUPS, f"setups pairs each set with its module: give setups, or "
                          f"sets and modules, not both (found {' and '.join(both)})")
    pairs = grid[SETUPS]
    if not pairs or not all(isinstance(p, dict) for p in pairs):
        raise where.error(SETUPS, 'setups must be a non-empty list of tables such as '
                          '{set = "goddess-discovery", module = "goddess"}')
    for pair in pairs:
        wrong = [k for k, v in pair.items() if not isinstance(v, SETUP_KEYS.get(k, type(None)))]
        if wrong or "set" not in pair:
            raise where.error(SETUPS, f"a setup is a table of set (a card set) and module "
                              f"(optional, default none), each a string; found {pair}")
    return [p["set"] for p in pairs], [p.get("module", "none") for p in pairs]


def _cells(grid: dict, game: str):
    paired = SETUPS in grid  # sets[i] with modules[i], else every set with every module
    setups = (zip(grid["sets"], grid["modules"], strict=True) if paired
              else itertools.product(grid["sets"], grid["modules"]))
    for (card_set, module), players, bots, rules in itertools.product(
            list(setups), *(grid[k] for k in ("players", "bots", "rules"))):
        bots_ = tuple(b.strip() for b in bots.split(","))
        rules_ = {k: str(v) for k, v in rules.items()}
        parts = [Path(card_set).stem, module, f"{players}p", "-".join(bots_),
                 *(f"{k}={v}" for k, v in sorted(rules_.items()))]
        name = re.sub(r"[^\w=.-]+", "_", "_".join(parts))
        yield Cell(name, card_set, module, players, bots_, rules_, game=game)


def _validate(cell: Cell, games: int, seed: int, where: _Where, paired: bool = False) -> None:
    from analytics.runs.simulate import validate  # the game: only once the spec reads well

    try:
        validate(cell_config(cell, games, seed))
    except UserError as err:
        reason = str(err)
        key = next((k for k, v in _values(cell).items() if v and v in reason), "grid")
        if paired and key in ("sets", "modules"):
            key = SETUPS
        raise where.error(key, f"cell {cell.name}: {reason}") from None


def _values(cell: Cell) -> dict[str, str]:
    return {"sets": cell.card_set, "modules": cell.module if cell.module != "none" else "",
            "bots": next((b for b in cell.bots if b), ""), "rules": ",".join(cell.rules),
            "players": "--players"}


def cell_config(cell: Cell, games: int, seed: int):
    from analytics.experiments.balance_runs import seat_bots
    from analytics.runs.simulate import RunConfig

    chosen = {"game": cell.game} if cell.game else {}  # else RunConfig's: the default game
    return RunConfig(players=cell.players, games=games, seed=seed,
                     bots=seat_bots(cell.bots, cell.players),
                     card_set=cell.card_set, module=cell.module, rules=dict(cell.rules),
                     **chosen)


def _check_keys(data: dict, known: dict, where: _Where, table: str) -> None:
    for key, value in data.items():
        if key not in known:
            close = difflib.get_close_matches(key, known, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise where.error(key, f"unknown key {key!r}{hint}; known: {', '.join(known)}")
        if not isinstance(value, known[key]) or isinstance(value, bool):
            raise where.error(key, f"{key} must be a {known[key].__name__}"
                              f"{' (a table [grid])' if known[key] is dict else ''}")


@dataclass(frozen=True)
class _Where:
    """Lines of the spec's text: tomllib gives values without their places."""

    path: Path
    text: str

    def line_of(self, key: str) -> int:
        pattern = rf"^\s*(\[{key}\]|{re.escape(key)}\s*=)" if key else r"^\s*\w"
        for number, line in enumerate(self.text.splitlines(), 1):
            if re.match(pattern, line):
                return number
        grid = self.line_of("grid") if key not in ("grid", "") else 1
        return grid

    def error(self, key: str, reason: str) -> UserError:
        return UserError(f"{self.path}:{self.line_of(key)}: {reason}")
