"""The results cache: a command's whole output kept beside the logs it read, so asking again
answers in a fraction of a second (docs/cache.md).

An entry is the text a command printed (its stdout, its notes and warnings on stderr) under a
key of everything that decides that text:

- the command's parameters (the CLI names them: kind, filters, sort, format...);
- the run folders read, as named and as resolved, and the size and modification time of every
  file in them (a part played again, a run resumed or repaired: another key);
- the code that computes the answer: a content hash of the whole `analytics` package and the
  query files, by the hashing that versions runs (analytics/runs/code.py). Hashing the sources
  takes over a second, so the hash is kept too, under the sizes and times of the source files.

Entries live in `.dicelab-cache/` of the first run folder read (sorted by name; readers skip
folders whose name starts with a dot). Each is written to a temporary name and renamed into
place: a reader sees a whole entry or none. An entry that cannot be read or does not parse is
computed again and replaced; a folder that cannot be written (read-only logs) only loses the
speed. `DICELAB_CACHE=off` (or 0, no, false) turns it off; logs at a URL are never cached.

This module stays free of the data libraries (no polars, DuckDB, numpy): a hit imports none.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from analytics.query.files import PACKAGE, local_run_folders, queries_dir

ENV = "DICELAB_CACHE"
OFF = ("off", "0", "no", "false")
FOLDER = ".dicelab-cache"
CODE_PREFIX = "code-"  # the code fingerprint kept under the source files' stats


@dataclass(frozen=True)
class Output:
    """What a command printed: `text` on stdout (a newline after it when `newline`), then
    `warnings` (Notice messages, shown as `warning: ...`) and `notes` on stderr."""

    text: str
    newline: bool
    notes: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()

    def to_json(self) -> str:
        return json.dumps({"text": self.text, "newline": self.newline,
                           "notes": list(self.notes), "warnings": list(self.warnings)})

    @classmethod
    def from_json(cls, text: str) -> Output:
        """The entry's output; a ValueError when it is not one (a damaged file)."""
        data = json.loads(text)
        if not (isinstance(data, dict) and isinstance(data.get("text"), str)
                and isinstance(data.get("newline"), bool)
                and all(isinstance(data.get(k), list) and all(isinstance(v, str) for v in data[k])
                        for k in ("notes", "warnings"))):
            raise ValueError("not a cache entry")
        return cls(data["text"], data["newline"], tuple(data["notes"]), tuple(data["warnings"]))


def enabled() -> bool:
    return os.environ.get(ENV, "on").strip().lower() not in OFF


@dataclass(frozen=True)
class Entry:
    """Where the output of one command on one state of the logs is kept."""

    path: Path

    @classmethod
    def of(cls, logs: Iterable[str | Path], params: object) -> Entry | None:
        """The entry of a command with `params` (JSON-able) reading `logs`; None when the
        cache is off, the logs are at a URL or name no run (the reader says so)."""
        if not enabled():
            return None
        folders = local_run_folders(logs)
        if not folders:
            return None
        folders = sorted(dict.fromkeys(folders), key=str)  # as the readers order them
        home = folders[0] / FOLDER
        key = {"params": params, "code": code_fingerprint(home),
               "logs": [logs_state(folder) for folder in folders]}
        return cls(home / f"{_digest(json.dumps(key, sort_keys=True, default=str))}.json")

    def load(self) -> Output | None:
        """The kept output, or None (absent, damaged, unreadable: computed again)."""
        text = self.load_text()
        try:
            return Output.from_json(text) if text is not None else None
        except ValueError:
            return None

    def store(self, output: Output) -> None:
        put_whole(self.path, output.to_json())

    def store_text(self, text: str) -> None:
        put_whole(self.path, text)

    def load_text(self) -> str | None:
        """The kept text of any entry, or None (absent, unreadable)."""
        try:
            return self.path.read_text(encoding="utf-8")
        except (OSError, ValueError):
            return None


def logs_state(folder: Path) -> list[object]:
    """A run folder as named and resolved, and every file in it (but the cache) with its size
    and modification time: a file changed, added or removed changes the key."""
    files = []
    for root, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d != FOLDER)
        for name in sorted(names):
            stat = os.stat(os.path.join(root, name))
            files.append((os.path.relpath(os.path.join(root, name), folder), stat.st_size,
                          stat.st_mtime_ns))
    return [str(folder), str(folder.resolve()), files]


def code_fingerprint(home: Path) -> str:
    """The content hash of the analysis code (the `analytics` package and the query files);
    kept in `home` under the sources' sizes and times, as hashing them takes over a second."""
    sources = (PACKAGE, queries_dir())
    stats = [(str(p), s.st_size, s.st_mtime_ns) for root in sources
             for p, s in _source_stats(root)]
    memo = home / f"{CODE_PREFIX}{_digest(json.dumps(stats))}.txt"
    try:
        return memo.read_text(encoding="ascii").strip()
    except (OSError, ValueError):
        pass
    from analytics.runs.code import code_version  # parses every source: only on a change

    fingerprint = code_version("analytics", [str(queries_dir())])
    put_whole(memo, fingerprint)
    return fingerprint


def _source_stats(root: Path) -> list[tuple[Path, os.stat_result]]:
    found = []
    for folder, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        found += [(Path(folder, n), os.stat(os.path.join(folder, n))) for n in sorted(names)]
    return found


def put_whole(path: Path, text: str) -> None:
    """`text` written to `path` whole or not at all: a temporary name, then a rename (atomic on
    one file system). A folder that cannot be written is left as it is."""
    temp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temp.write_text(text, encoding="utf-8")
        os.replace(temp, path)
    except OSError:
        temp.unlink(missing_ok=True)


def _digest(text: str) -> str:
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()
