"""What every game with assumption sets shares: one folder of TOML files per set (shipped sets
in the game's `assumptions/` folder, or any folder a user names), each row marked
`source = "seed" | "public" | "assumed"`, read row by row so that any mistake is one UserError
naming the file and the row, and a content hash that names the set in every run.

A game keeps what its rows mean (its builders and cross-checks); finding, reading, hashing
and the row discipline are written once here.
"""

from __future__ import annotations

import hashlib
import tomllib
from collections import Counter
from collections.abc import Callable, Mapping, Sized
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from analytics.errors import UserError, read_user_text

SOURCES = ("seed", "public", "assumed")
DEFAULT_SET = "default"  # every game ships its default set under this name


class RowError(Exception):
    """A bad row, before the file and row are known."""


@dataclass(frozen=True)
class SetHead:
    """What every set says of itself: its folder, name, content hash, description, its
    [[count]] rows (component -> count) and how many rows each source marks."""

    folder: Path
    name: str
    hash: str
    description: str
    counts: dict[str, int]
    sources: Counter

    def check_count(self, file: str, component: str, items: Sized) -> None:
        """The set's rows of a component against its [[count]] row, where it has one."""
        if self.counts.get(component, len(items)) != len(items):
            raise UserError(f"{self.folder / file}: count of {component} is "
                            f"{self.counts[component]} but the set has {len(items)}")


class SetFolders:
    """A game's assumption folders: the shipped ones under `root`, each with `files`."""

    def __init__(self, root: Path, files: tuple[str, ...], head: str = "set.toml") -> None:
        self.root, self.files, self.head = root, files, head

    @classmethod
    def beside(cls, module_file: str, files: tuple[str, ...]) -> SetFolders:
        """A game's folders: the shipped sets in `assumptions/` beside its module."""
        return cls(Path(module_file).parent / "assumptions", files)

    def names(self) -> list[str]:
        return sorted(p.name for p in self.root.iterdir() if (p / self.head).is_file())

    def folder(self, name_or_dir: str) -> Path:
        """The folder of a shipped set by name, or a folder given by path."""
        folder = self.root / name_or_dir
        if (folder / self.head).is_file():
            return folder
        folder = Path(name_or_dir)
        if not folder.is_dir():
            raise UserError(f"--assumptions {name_or_dir!r} is neither a shipped set "
                            f"({', '.join(self.names())}) nor a folder")
        return folder

    def open(self, name_or_dir: str, printed: Mapping[str, int]) -> SetHead:
        """A set's head: its folder found, its head file read (name, description, [[count]]
        rows; a count marked seed or public must be the `printed` one), hash and sources."""
        folder = self.folder(name_or_dir)
        head = self.read(folder, self.head)
        counts = dict(self.rows(folder, self.head, "count", counted(printed),
                                lambda n, r: f"count {n} ({r.get('component')})"))
        sources = self.source_counts(folder)  # reads every file: one missing is a UserError
        return SetHead(folder, str(head.get("name", folder.name)), self.content_hash(folder),
                       str(head.get("description", "")), counts, sources)

    def content_hash(self, folder: Path) -> str:
        """12 hex digits over every file of the set, by name: the set's identity in runs."""
        digest = hashlib.sha256()
        for name in self.files:
            digest.update(name.encode() + b"\0" + (folder / name).read_bytes() + b"\0")
        return digest.hexdigest()[:12]

    def read(self, folder: Path, name: str) -> dict[str, Any]:
        path = folder / name
        if not path.is_file():
            raise UserError(f"{path}: missing (an assumption set has {', '.join(self.files)})")
        try:
            return tomllib.loads(read_user_text(path, "assumption file"))
        except tomllib.TOMLDecodeError as err:
            raise UserError(f"{path}: not valid TOML: {err}") from None

    def rows(self, folder: Path, name: str, table: str, build: Callable[[dict], Any],
             tag: Callable[[int, dict], str], errors: tuple[type, ...] = ()) -> list[Any]:
        """Every [[table]] row of a file, built; a bad row (or a RowError, KeyError, TypeError,
        ValueError or one of `errors` from `build`) is a UserError naming file and row."""
        data = self.read(folder, name).get(table)
        if not isinstance(data, list) or not data:
            raise UserError(f"{folder / name}: no [[{table}]] rows")
        built = []
        for number, row in enumerate(data, 1):
            where = f"{folder / name}: {tag(number, row)}"
            try:
                check_source(row)
                built.append(build(row))
            except (RowError, *errors) as err:
                raise UserError(f"{where}: {err}") from None
            except KeyError as err:
                raise UserError(f"{where}: missing field {err.args[0]!r}") from None
            except (TypeError, ValueError) as err:
                raise UserError(f"{where}: {err}") from None
        return built

    def source_counts(self, folder: Path) -> Counter:
        """How many rows of the set each source marks (seed, public, assumed)."""
        return Counter(str(r.get("source")) for f in self.files
                       for t in self.read(folder, f).values()
                       if isinstance(t, list) for r in t if isinstance(r, dict))


def counted(printed: Mapping[str, int]) -> Callable[[dict], tuple[str, int]]:
    """A [[count]] row's builder: (component, count); marked seed or public, the printed one."""
    def row(r: dict) -> tuple[str, int]:
        component, n = str(r["component"]), integer(r, "count", 0)
        if r["source"] in ("seed", "public") and printed.get(component) != n:
            raise RowError(f"marked source = {r['source']!r} but the printed count is "
                           f"{printed.get(component, 'not given')}")
        return component, n
    return row


def check_source(row: dict) -> None:
    if row.get("source") not in SOURCES:
        raise RowError(f"source must be one of {', '.join(SOURCES)} (got {row.get('source')!r})")


def integer(row: dict, field: str, low: int, high: int = 10**6) -> int:
    value = row[field]
    if type(value) is not int or not low <= value <= high:
        raise RowError(f"{field} must be a whole number from {low} to {high} (got {value!r})")
    return value


def one_of(row: dict, field: str, allowed: tuple[str, ...]) -> str:
    value = row[field]
    if value not in allowed:
        raise RowError(f"{field} {value!r} is not one of {', '.join(allowed)}")
    return value


def id_tag(table: str) -> Callable[[int, dict], str]:
    """A row's place as errors name it: `card 3 (its id)`."""
    return lambda number, row: f"{table} {number} ({row.get('id', 'no id')})"


def unique_ids(path: Path, table: str, items: list[Any]) -> None:
    seen = Counter(i.id for i in items)
    for key, n in seen.items():
        if n > 1:
            raise UserError(f"{path}: {table} id {key!r} appears {n} times")
