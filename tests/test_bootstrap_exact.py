"""stats/bootstrap to the bit: what its single-precision products give, worked out by hand."""

from __future__ import annotations

import numpy as np

from analytics import stats


def test_one_game_is_every_resample_summed_in_single_precision():
    # One game: every resample draws it once. The products run in float32 (twice as fast,
    # documented): a win share of 0.1 comes back as float32's 0.1, 0.100000001490116..., and
    # whole counts exactly.
    sums = stats.bootstrap_sums(np.array([[0.1, 3.0]]), n_boot=3)
    assert sums.dtype == np.float64 and sums.shape == (3, 2)
    assert sums.tolist() == [[float(np.float32(0.1)), 3.0]] * 3
    assert sums[0, 0] != 0.1


def test_two_games_resampled_sum_each_games_count_in_single_precision():
    # Two games with shares 0.1 and 0.7: a resample draws them (2, 0), (1, 1) or (0, 2) times;
    # its sum is the float32 sum of float32 shares: 0.2, 0.8 or 1.4 as float32 rounds them.
    per_game = np.array([[0.1], [0.7]])
    sums = stats.bootstrap_sums(per_game, n_boot=200, seed=3)[:, 0]
    tenth, seven = np.float32(0.1), np.float32(0.7)
    possible = {float(tenth + tenth), float(tenth + seven), float(seven + seven)}
    assert set(sums.tolist()) == possible
