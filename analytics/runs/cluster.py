"""Play the parts of a run as tasks on a Dask scheduler (`--cluster ADDRESS`, DICELAB_SCHEDULER).

The same part list and the same `play(part)` as the local workers (analytics.runs.workers): a part's
games depend only on the run's seed and the part's place, so its bytes are the same whoever
plays it. When a worker is lost mid-part the scheduler gives the part to another worker (Dask's
`distributed.scheduler.allowed-failures`, 3 by default, then the run stops naming the part). A
part is renamed into place only when whole and a second copy of a finished part loses the
marker (eventlog.writer.write_part: a part is read only once its marker is put after its tables,
and a second player of a part puts the same bytes), so a retried part is kept once and nothing
half-written is ever read. The run folder is a path every worker shares or an fsspec URL every
worker can write (an object store). Dask is imported here only: analysis commands never pay for it.
"""

from __future__ import annotations

import socket
from collections.abc import Callable, Sequence
from concurrent.futures import CancelledError
from uuid import uuid4

from analytics.errors import UserError
from analytics.eventlog.store import Place
from analytics.runs.workers import RunStopped

CONNECT_TIMEOUT = "10s"


class SchedulerLost(RunStopped):
    """The scheduler went away (or stopped answering) while parts were being played."""

    def __init__(self, address: str, err: BaseException):
        super().__init__(f"lost the Dask scheduler {address} ({type(err).__name__})", 1)


def play_parts_on(address: str, play: Callable[[int], int], parts: Sequence[int],
                  on_done: Callable[[int], None], folder: str,
                  code: Callable[[], str]) -> None:
    """Call `play(part)` for every part as a Dask task on the scheduler at `address`, and
    `on_done(result)` as each finishes. Every worker must see the run folder `folder` (a shared
    path or an fsspec URL) and run this engine version, which is checked before any part is
    given out: `code()` (picklable) says which code plays, here and on each worker."""
    client = _connect(address, distributed().Client)
    as_completed = distributed().as_completed
    try:
        futures = _submit(client, address, play, parts, folder, code)
        for future in as_completed(futures, loop=client.loop):
            on_done(_result(future, futures[future]))
    except CancelledError as err:  # the client dropped its futures: the scheduler is gone
        raise SchedulerLost(address, err) from None
    finally:
        client.close()  # unfinished parts are released: the scheduler forgets them


def _submit(client, address: str, play: Callable[[int], int], parts: Sequence[int],
            folder: str, code: Callable[[], str]) -> dict:
    """The parts as futures, once the workers are checked; a part's key names it (the dashboard
    and the scheduler's log say which part is which)."""
    try:
        _check_workers(client, address, folder, code)
        run = uuid4().hex[:12]
        return {client.submit(play, part, pure=False, key=f"dicelab-part-{part:05d}-{run}"):
                part for part in parts}
    except (OSError, TimeoutError) as err:  # the connection broke while asking
        raise SchedulerLost(address, err) from None


def _result(future, part: int) -> int:
    """What `play` returned; its own exception (a full disk, a bug) is raised as it is."""
    from distributed.scheduler import KilledWorker  # imported: distributed() checked first

    try:
        return future.result()
    except KilledWorker:
        raise RunStopped(f"part {part:05d} was lost with every worker that played it (Dask's "
                         "allowed-failures)", 1) from None


def check_scheduler(address: str) -> None:
    """A RunStopped of one line when no scheduler answers at `address`."""
    _connect(address, distributed().Client).close()


def distributed():
    """The `distributed` package, or one line saying how to install it: Dask is an extra."""
    try:
        import distributed
    except ImportError:
        raise UserError("--cluster needs Dask, an optional part of dicelab: "
                        "pip install 'dicelab[cluster]'") from None
    return distributed


def _connect(address: str, client_class):
    try:
        return client_class(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as err:
        raise RunStopped(f"--cluster {address}: no Dask scheduler answers there ({err}); start "
                         "one with 'dask scheduler', or unset DICELAB_SCHEDULER", 1) from None


def _check_workers(client, address: str, folder: str, code: Callable[[], str]) -> None:
    """Refuse a cluster whose workers cannot write where this run is (a path not shared) or
    would play other games (other code): their parts would be lost or different."""
    seen = client.run(worker_view, folder, code)
    here = code()
    if not seen:
        raise UserError(f"--cluster {address}: the scheduler has no workers; start some with "
                        "'dask worker ADDRESS'")
    for worker, (sees, version, host) in sorted(seen.items()):
        if not sees:
            raise UserError(f"--cluster: worker {worker} on {host} does not see the run folder "
                            f"{folder}; put --out on a path every worker shares, or on an "
                            "object store's URL")
        if version != here:
            raise UserError(f"--cluster: worker {worker} runs dicelab code {version}, this is "
                            f"{here}; install the same dicelab (and bots) on every worker")


def worker_view(folder: str, code: Callable[[], str]) -> tuple[bool, str, str]:
    """Run on each worker: does it see the run folder, and which code does it run."""
    return Place.of(folder).is_dir(), code(), socket.gethostname()
