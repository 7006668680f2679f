"""What every game's content shares: set files (TOML naming one component per slot, presets
shipped in the game's `content/` folder) and named rule options, checked with one message each.

A game keeps what its components are; how a set file is found, read and written, and how rule
options are checked, is written once here.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import asdict
from pathlib import Path
from typing import Any, TypeVar

from analytics.errors import UserError, read_user_text

# A rule option: (default, allowed values, what it decides).
RuleOption = tuple[str, tuple[str, ...], str]
Options = TypeVar("Options")


def preset_names(folder: Path) -> list[str]:
    """The presets a game ships: the TOML files of its content folder, by name."""
    return sorted(p.stem for p in folder.glob("*.toml"))


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except OSError:  # a name too long for the file system names no file
        return False


def read_set_file(name_or_path: str, folder: Path, what: str, table: str,
                  keys: tuple[str, ...]) -> tuple[str, str, dict[str, Any]]:
    """(name, where, table) of a preset by name or a TOML file by path: `table` is the file's
    [table] of one entry per key. A missing file, bad TOML, a missing table or an unknown key is
    one UserError naming the place; the entries themselves are the game's to check."""
    path = folder / f"{name_or_path}.toml"
    if not _is_file(path):
        path = Path(name_or_path)
        if not _is_file(path):
            base, swaps = split_swaps(name_or_path)
            if swaps:
                return _swapped(read_set_file(base, folder, what, table, keys), swaps, what,
                                table, keys)
            raise UserError(f"{what} {name_or_path!r} is neither a preset "
                            f"({', '.join(preset_names(folder))}) nor a file")
    try:
        data = tomllib.loads(read_user_text(path, "set file"))
    except tomllib.TOMLDecodeError as err:
        raise UserError(f"{path}: not valid TOML: {err}") from None
    entries = data.get(table)
    if not isinstance(entries, dict):
        raise UserError(f"{path}: missing [{table}] table (one entry per {table.rstrip('s')} "
                        f"{', '.join(keys)})")
    unknown = sorted(set(entries) - set(keys))
    if unknown:
        raise UserError(f"{path}: unknown {table.rstrip('s')} {unknown[0]!r}; "
                        f"{table} are {', '.join(keys)}")
    return str(data.get("name", path.stem)), str(path), entries


# One change of a set, written after its name: `base+M8=goddess` is set base with goddess on
# slot M8 (what `--swap M8=goddess` makes). Runs carry it as their set's name, so the same text
# names the set again (--set, filters, a sweep's sets) and a worker process or a cluster needs no
# file to play it.
_SWAP = re.compile(r"\+([A-Za-z0-9_]+)=([A-Za-z0-9_-]+)$")


def split_swaps(text: str) -> tuple[str, dict[str, str]]:
    """`SET+SLOT=ID+SLOT=ID` as (SET, {SLOT: ID} in the order written); ({} when none)."""
    swaps: list[tuple[str, str]] = []
    while (found := _SWAP.search(text)) and found.start() > 0:
        swaps.insert(0, (found[1], found[2]))
        text = text[:found.start()]
    return text, dict(swaps)


def with_swaps(name: str, swaps: Mapping[str, str]) -> str:
    """The name of set `name` with `swaps` (slot -> id) made: `name+SLOT=ID...` (`name` alone
    when there are none); read back by `read_set_file`."""
    return name + "".join(f"+{slot}={item}" for slot, item in swaps.items())


def _swapped(read: tuple[str, str, dict[str, Any]], swaps: dict[str, str], what: str,
             table: str, keys: tuple[str, ...]) -> tuple[str, str, dict[str, Any]]:
    """A read set with `swaps` made; a slot the game does not have is a UserError naming it
    (the ids are the game's to check, named by where: `NAME with --swap ...`)."""
    name, _, entries = read
    for slot, item in swaps.items():
        if slot not in keys:
            raise UserError(f"--swap {slot}={item}: {what} {name!r} has no "
                            f"{table.rstrip('s')} {slot}; {table} are {', '.join(keys)}")
    changes = " ".join(f"{slot}={item}" for slot, item in swaps.items())
    return with_swaps(name, swaps), f"{name} with --swap {changes}", {**entries, **swaps}


def set_text(name: str, table: str, entries: Mapping[str, str]) -> str:
    """The text of a set file naming `entries` (key -> component id) in its [table]."""
    lines = [f"name = {json.dumps(name)}", f"[{table}]",
             *(f"{key} = {json.dumps(value)}" for key, value in entries.items())]
    return "\n".join(lines) + "\n"


def check_rule_options(pairs: Mapping[str, str], declared: Mapping[str, RuleOption]) -> None:
    """A UserError for the first NAME=VALUE pair whose name or value `declared` does not have."""
    for name, value in pairs.items():
        if name not in declared:
            raise UserError(f"unknown rule option {name!r}; known: {', '.join(declared)}")
        allowed = declared[name][1]
        if value not in allowed:
            raise UserError(f"rule option {name}={value!r} is not allowed; choose one of "
                            f"{', '.join(allowed)}")


def parse_options(make: Callable[..., Options], pairs: Mapping[str, str],
                  declared: Mapping[str, RuleOption]) -> Options:
    """A game's rule options (a dataclass of strings) from NAME -> VALUE pairs, the others at
    their defaults; an unknown name or value is one UserError (check_rule_options)."""
    check_rule_options(pairs, declared)
    return make(**pairs)


def options_record(options: Any) -> dict[str, str]:
    """A game's rule options as its runs record them: NAME -> VALUE, every option."""
    return asdict(options)
