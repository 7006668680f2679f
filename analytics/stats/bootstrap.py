"""The cluster bootstrap: sums over resamples of whole games, and percentile intervals."""

from __future__ import annotations

import warnings
from concurrent.futures import ThreadPoolExecutor

import numpy as np

_ONE = np.float32(1.0)


def bootstrap_sums(per_game: np.ndarray, n_boot: int = 1000, seed: int = 0,
                   chunk: int = 64) -> np.ndarray:
    """Column sums of `per_game` (games x columns) over `n_boot` resamples of whole games.

    Resampling rows keeps every row of one game together (a cluster bootstrap); the same
    seed gives the same resamples.
    """
    rng = np.random.default_rng(seed)
    n_games = per_game.shape[0]
    out = np.empty((n_boot, per_game.shape[1]))
    # The products run in single precision, twice as fast as double: counts and per-game sums
    # of counts are exact in it, and sums of win shares err by about 1e-7 relative, a
    # thousandth of the resampling's own noise.
    values = per_game.astype(np.float32)
    counts = np.empty((min(chunk, n_boot), n_games), dtype=np.float32)

    def draw(start: int) -> np.ndarray:
        # uint32 draws are the very numbers int64 draws would be (numpy draws any range under
        # 2**32 with 32-bit Lemire sampling), written in half the memory and time.
        size = min(chunk, n_boot - start)
        return rng.integers(0, n_games, size=(size, n_games), dtype=np.uint32)

    # Drawing is about a third of the work and numpy does it without the GIL: the next chunk is
    # drawn in a second thread while this one is counted. One thread draws every chunk, in
    # order, so the resamples are those of a plain loop.
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="bootstrap") as drawer:
        pending = drawer.submit(draw, 0)
        for start in range(0, n_boot, chunk):
            draws = pending.result()
            if start + chunk < n_boot:
                pending = drawer.submit(draw, start + chunk)
            # Row b counts how often each game was drawn in resample b; sums are then one
            # matmul. Counting one resample at a time keeps the counts in cache (counting the
            # whole chunk at once writes tens of MB at random and costs twice as much), and
            # add.at counts in place: faster than bincount, which allocates, checks bounds and
            # converts to float. Its increment is a float32 like the counts: a Python float
            # sends add.at down a casting path three times slower.
            for resample, drawn in zip(counts, draws, strict=False):
                resample.fill(0.0)
                np.add.at(resample, drawn, _ONE)
            out[start:start + len(draws)] = counts[:len(draws)] @ values
    return out


def percentile_interval(samples: np.ndarray, confidence: float = 0.95
                        ) -> tuple[np.ndarray, np.ndarray]:
    """Percentile bounds over axis 0 of bootstrap `samples`, ignoring NaN resamples."""
    tail = (1 - confidence) / 2 * 100
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # an all-NaN column gives NaN bounds
        return (np.nanpercentile(samples, tail, axis=0),
                np.nanpercentile(samples, 100 - tail, axis=0))
