"""Where run folders live: a local path or any fsspec URL (`file://`, `memory://`, `s3://`, ...).

A `Place` is a file or folder on one fsspec filesystem, with the few path operations run folders
need. Object stores have no rename, so nothing is renamed into place: every file is put whole
under its final name (a local file through a temporary name and a rename, an object in one
upload), and a reader finds each file whole or not at all. Which files make a whole part is
said by a marker object written after them (runfolder.COMMITTED).
"""

from __future__ import annotations

import io
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import IO

from fsspec import AbstractFileSystem
from fsspec.core import url_to_fs
from fsspec.implementations.local import LocalFileSystem
from fsspec.implementations.memory import MemoryFileSystem

from analytics.errors import decode_text
from analytics.eventlog.location import is_url as is_url  # light: the results cache needs it too


class Place:
    """A file or folder: `fs` and its path there; shown as it was given (a local path as
    typed, a URL with its protocol)."""

    def __init__(self, fs: AbstractFileSystem, path: str, shown: str):
        self.fs, self.path, self.shown = fs, path, shown

    @classmethod
    def of(cls, location: str | os.PathLike[str] | Place) -> Place:
        if isinstance(location, Place):
            return location
        shown = os.fspath(location)
        fs, path = url_to_fs(shown)
        if isinstance(fs, LocalFileSystem):
            shown = path if shown.startswith("file:") else shown  # file:// is a local path
        return cls(fs, path, shown)

    @property
    def is_local(self) -> bool:
        return isinstance(self.fs, LocalFileSystem)

    @property
    def in_process(self) -> bool:
        """Whether only this process sees the filesystem (memory://)."""
        return isinstance(self.fs, MemoryFileSystem)

    @property
    def url(self) -> str:
        """What DuckDB and polars read: a local path, or the URL (with its protocol)."""
        return self.path if self.is_local else self.fs.unstrip_protocol(self.path)

    @property
    def name(self) -> str:
        return self.path.rstrip("/").rpartition("/")[2]

    def local_path(self) -> Path:
        assert self.is_local, self
        return Path(self.shown)

    def __truediv__(self, name: str) -> Place:
        return Place(self.fs, f"{self.path.rstrip('/')}/{name}",
                     f"{self.shown.rstrip('/')}/{name}")

    def __str__(self) -> str:
        return self.shown

    def __repr__(self) -> str:
        return f"Place({self.url!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Place) and (self.url, self.fs) == (other.url, other.fs)

    def __hash__(self) -> int:
        return hash(self.url)

    def __lt__(self, other: Place) -> bool:
        return self.shown < other.shown

    def exists(self) -> bool:
        return bool(self.fs.exists(self.path))

    def is_file(self) -> bool:
        return bool(self.fs.isfile(self.path))

    def is_dir(self) -> bool:
        return bool(self.fs.isdir(self.path))

    def iterdir(self) -> list[Place]:
        """The entries of this folder, sorted by name ([] when it is not a folder)."""
        if not self.is_dir():
            return []
        names = (p.rstrip("/").rpartition("/")[2] for p in self.fs.ls(self.path, detail=False))
        return [self / name for name in sorted(set(names))]

    def find(self, name: str) -> list[Place]:
        """Every file called `name` under this folder (one listing, even on an object store)."""
        base = self.path.rstrip("/")
        return [self / p[len(base) + 1:] for p in sorted(self.fs.find(base))
                if p.rpartition("/")[2] == name]

    def sizes(self) -> dict[str, int]:
        """Every file under this folder, by its path relative to it, with its size in bytes
        (one listing)."""
        base = self.path.rstrip("/")
        return {path[len(base) + 1:]: int(info["size"])
                for path, info in self.fs.find(base, detail=True).items()}

    def open(self, mode: str = "rb") -> IO:
        return self.fs.open(self.path, mode)

    def read_bytes(self) -> bytes:
        return bytes(self.fs.cat_file(self.path))

    def read_text(self) -> str:
        return decode_text(self.read_bytes(), str(self))

    def mkdir(self) -> None:
        self.fs.makedirs(self.path, exist_ok=True)

    def put(self, write: Callable[[str | IO[bytes]], object]) -> None:
        """Write this file whole or not at all: `write(target)` writes to a local temporary
        file then renamed, or to memory then put as one object."""
        if self.is_local:
            path = self.local_path()
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
            write(str(tmp))
            os.replace(tmp, path)
            return
        buffer = io.BytesIO()
        write(buffer)
        self.fs.pipe_file(self.path, buffer.getvalue())

    def put_text(self, text: str) -> None:
        self.put(lambda target: _write_text(target, text))

    def remove(self) -> None:
        """Delete this file or folder with everything in it (nothing if it is absent)."""
        if self.is_local:
            path = self.local_path()
            shutil.rmtree(path, ignore_errors=True) if path.is_dir() else path.unlink(
                missing_ok=True)
        elif self.exists():
            self.fs.rm(self.path, recursive=True)


def _write_text(target: str | IO[bytes], text: str) -> None:
    if isinstance(target, str):
        Path(target).write_text(text, encoding="utf-8")
    else:
        target.write(text.encode("utf-8"))


Location = str | os.PathLike[str] | Place  # what every run-folder function takes
