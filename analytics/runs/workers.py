"""Play the parts of a run in local worker processes; a lost worker or a signal stops it at once.

The parent hands out one part at a time to each worker over its own pipe, so it always knows
which part a worker holds: when a worker dies (killed, out of memory) the run stops within
moments, names that part and stops the others; when the user interrupts (Ctrl-C sends SIGINT
to the whole process group) or terminates the run, only the parent acts on it: workers ignore
SIGINT, so no worker prints a traceback, and the parent ends them. A part is renamed into
place only when whole, so whatever stops a run leaves only whole parts (see eventlog.writer).
"""

from __future__ import annotations

import ctypes
import signal
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from multiprocessing import get_context
from multiprocessing.connection import Connection, wait
from traceback import format_exc

from analytics.errors import UserError

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
PR_SET_PDEATHSIG = 1  # prctl option (linux/prctl.h)
STOP_GRACE = 3.0  # seconds a worker gets to end after SIGTERM before it is killed


class RunStopped(UserError):
    """The run stopped before its end; `exit_code` is what the process should exit with."""

    stops_a_run = True

    def __init__(self, reason: str, exit_code: int):
        super().__init__(reason)
        self.exit_code = exit_code

    def with_hint(self, hint: str) -> RunStopped:
        """The same stop, its one line ending with what to do next."""
        self.args = (f"{self.args[0]}; {hint}",)
        return self


class Interrupted(RunStopped):
    """SIGINT or SIGTERM: exit 128 + the signal number, as a shell reports it."""

    def __init__(self, signum: int):
        super().__init__(f"interrupted ({signal.Signals(signum).name})", 128 + signum)


class WorkerLost(RunStopped):
    """A worker process ended while it played `part`."""

    def __init__(self, part: int, pid: int | None, exitcode: int | None):
        how = (f"killed by {signal.Signals(-exitcode).name}" if exitcode and exitcode < 0
               else f"exit code {exitcode}")
        super().__init__(f"worker {pid} died ({how}) while playing part {part:05d}", 1)
        self.part = part


@contextmanager
def stop_on_signals() -> Iterator[None]:
    """SIGINT and SIGTERM raise `Interrupted` in the main thread while the block runs."""
    if threading.current_thread() is not threading.main_thread():
        yield  # signal handlers can only be set from the main thread
        return

    def stop(signum: int, _frame: object) -> None:
        for s in STOP_SIGNALS:  # a second Ctrl-C must not break off the stopping
            signal.signal(s, signal.SIG_IGN)
        raise Interrupted(signum)

    old = {s: signal.signal(s, stop) for s in STOP_SIGNALS}
    try:
        yield
    finally:
        for s, handler in old.items():
            signal.signal(s, handler)


def play_parts(play: Callable[[int], int], parts: Sequence[int], workers: int,
               on_done: Callable[[int], None]) -> None:
    """Call `play(part)` for every part, in up to `workers` processes (1: in this one), and
    `on_done(result)` as each finishes. Raises `WorkerLost` or `Interrupted` (run within
    `stop_on_signals`), with every worker ended; a worker's exception is raised here."""
    if min(workers, len(parts)) <= 1:
        for part in parts:
            on_done(play(part))
        return
    pool: list[_Worker] = []
    try:
        for _ in range(min(workers, len(parts))):
            pool.append(_Worker.start(play))  # a signal may come while they start
        _dispatch(pool, deque(parts), on_done)
    finally:
        for worker in pool:
            worker.end()


@dataclass
class _Worker:
    process: object  # multiprocessing's SpawnProcess
    conn: Connection
    part: int | None = None  # the part in hand

    @classmethod
    def start(cls, play: Callable[[int], int]) -> _Worker:
        # spawn, not fork: forking a process that already runs polars' threads can deadlock.
        ctx = get_context("spawn")
        ours, theirs = ctx.Pipe()
        process = ctx.Process(target=_work, args=(play, theirs), daemon=True)
        with _sigint_ignored():
            process.start()
        theirs.close()
        return cls(process, ours)

    def give(self, parts: deque[int]) -> None:
        self.part = parts.popleft() if parts else None
        try:
            self.conn.send(self.part)  # None: no more work, the worker returns
        except OSError:
            if self.part is not None:  # a worker gone after its last part lost nothing
                raise self.lost() from None

    def result(self) -> int:
        """What `play` returned for the part in hand (its exception is raised here)."""
        try:
            status, value = self.conn.recv()
        except (EOFError, OSError):  # the pipe closed or was reset: the worker died
            raise self.lost() from None
        if status == "error":
            raise value
        return value

    def lost(self) -> WorkerLost:
        self.process.join(1)
        return WorkerLost(self.part, self.process.pid, self.process.exitcode)

    def end(self) -> None:
        """Stop the worker: one told there is no more work ends by itself; one with a part
        in hand is terminated (SIGTERM), then killed if it lingers."""
        if self.part is None:
            self.process.join(STOP_GRACE)
        if self.process.is_alive():
            self.process.terminate()
            self.process.join(STOP_GRACE)
        if self.process.is_alive():
            self.process.kill()
        self.process.join()
        self.conn.close()


def _dispatch(pool: list[_Worker], parts: deque[int], on_done: Callable[[int], None]) -> None:
    for worker in pool:
        worker.give(parts)
    while busy := [w for w in pool if w.part is not None]:
        ready = set(wait([w.conn for w in busy] + [w.process.sentinel for w in busy]))
        for worker in busy:
            if worker.conn in ready:
                on_done(worker.result())
                worker.give(parts)
            elif worker.process.sentinel in ready:
                raise worker.lost()


@contextmanager
def _sigint_ignored() -> Iterator[None]:
    """A process started in the block ignores SIGINT from its first instruction: an ignored
    signal stays ignored across exec, where a blocked mask or a handler would not (spawn resets
    both), so no worker prints a KeyboardInterrupt traceback from its start-up. A Ctrl-C in
    these few milliseconds is lost: the user presses again."""
    if threading.current_thread() is not threading.main_thread():
        yield  # signal dispositions can only be set from the main thread
        return
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


def _work(play: Callable[[int], int], conn: Connection) -> None:
    """A worker: play the parts the parent sends until it sends None or is gone.

    SIGINT is the parent's to handle (a terminal sends it to every process of the group): the
    worker ignores it from its start (see _sigint_ignored); SIGTERM keeps its default action,
    ending the worker at once without a traceback.
    """
    _die_with_parent()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # already so when started from the main thread
    try:
        while (part := conn.recv()) is not None:
            try:
                message = ("done", play(part))
            except Exception as err:  # the parent raises it, with the run's context
                err.add_note(f"in the worker playing part {part:05d}:\n{format_exc()}")
                message = ("error", err)
            conn.send(message)
    except (EOFError, OSError):
        # The parent closed the pipe (reset, when it stops the run) or is gone (killed outright,
        # on a system without _die_with_parent): stop, keeping the parts already whole; the one
        # in hand was written whole or not at all.
        return


def _die_with_parent() -> None:
    """On Linux the kernel kills this worker when the run's process dies, even by SIGKILL:
    no orphan plays on unseen, racing a resumed run for the same part."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
