"""`dicelab ladder` end to end on small runs, and its pieces: tables, rotations, timing."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from click.testing import CliRunner

from analytics.cli.app import main
from analytics.errors import UserError
from analytics.experiments.ladder import LadderSpec, finishing_orders, play_tables, time_bots

SMALL = ("--workers", "1", "--quiet")


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args], env={"DICELAB_SCHEDULER": None})


def test_every_combination_of_bots_is_a_table_of_whole_rotations():
    spec = LadderSpec(("random", "economist", "hero", "mcts:4", "lookahead"), players=4,
                      games=50)
    assert len(spec.tables()) == 5 and spec.games_per_table() == 12  # 50 / 5 -> 3 rotations
    assert LadderSpec(("a", "b", "c"), players=2, games=7).games_per_table() == 4


@pytest.mark.parametrize("bots,players,message", [
    (("random", "random", "hero"), 2, "twice"), (("random", "hero"), 4, "at least 4 bots")])
def test_a_ladder_it_cannot_play_is_one_line(bots, players, message):
    with pytest.raises(UserError, match=message):
        LadderSpec(bots, players=players).tables()


def test_the_tables_play_the_same_seeds_and_every_seat(tmp_path):
    spec = LadderSpec(("random", "spender", "reckoner"), game="bazaar", players=2, games=12,
                      card_set="first-market")
    folders = play_tables(spec, tmp_path, workers=1, progress=False)
    orders = finishing_orders(folders, spec.bots)
    assert len(orders) == 12
    seats = Counter((bot, seat) for order in orders for seat, (bot, _) in enumerate(order))
    assert set(seats.values()) == {4}  # in 2 tables of 4 games, each seat twice in each
    import polars as pl

    seeds = [pl.read_parquet(f / "**/games.parquet")["seed"].sort().to_list() for f in folders]
    assert seeds[0] == seeds[1] == seeds[2]  # paired: the same game seeds at every table


def test_timing_counts_each_bot_s_decisions_and_seat_games():
    spec = LadderSpec(("random", "reckoner", "mcts:3"), game="bazaar", players=2, games=6,
                      card_set="first-market")
    costs = time_bots(spec, 2)
    # each bot sits at 2 tables, 2 timed games each
    assert {bot: c.games for bot, c in costs.items()} == {"random": 4, "reckoner": 4,
                                                          "mcts:3": 4}
    assert all(c.decisions > 0 and c.cpu_s > 0 for c in costs.values())


def test_the_ladder_command_end_to_end(tmp_path):
    args = ["ladder", "--game", "bazaar", "--bots", "random,spender,reckoner,mcts:8",
            "--players", "2", "--games", "48", "--out", tmp_path, "--timing-games", "2",
            "--boot", "20", *SMALL]
    result = invoke(*args, "--format", "json")
    assert result.exit_code == 0, result.output
    body = json.loads(result.stdout)
    assert {row["bot"] for row in body["ratings"]} == {"random", "spender", "reckoner",
                                                       "mcts:8"}
    assert next(r for r in body["ratings"] if r["bot"] == "random")["rating"] == 0.0
    assert len(body["head_to_head"]) == 12 and all(r["games"] == 8
                                                    for r in body["head_to_head"])
    assert len(body["rungs"]) == 3 and len(body["cpu"]) == 4
    again = invoke(*args)  # the tables' runs are reused: the same ratings, as a table
    assert again.exit_code == 0 and "Head to head" in again.stdout and "Rungs" in again.stdout


def test_the_ladder_command_with_a_bad_bot_is_one_line(tmp_path):
    result = invoke("ladder", "--bots", "random,nobody,hero,economist", "--out", tmp_path,
                    *SMALL)
    assert result.exit_code == 1 and "unknown bot 'nobody'" in result.output


def test_rungs_say_clear_or_flat():
    from analytics.experiments.ladder import rung_verdicts
    from analytics.stats import Estimate
    from analytics.stats.ratings import Ratings

    ratings = Ratings(("a", "b", "c", "d"), tuple(Estimate(r, r - 1, r + 1, n=10)
                                                  for r in (0, 100, 200, 300)))
    h2h = {("b", "a"): Estimate(0.7, 0.6, 0.8, n=100),
           ("c", "b"): Estimate(0.55, 0.51, 0.59, n=100),
           ("d", "c"): Estimate(0.52, 0.45, 0.59, n=100)}
    assert rung_verdicts(ratings, h2h) == (
        "b over a: finishes above it in 70.0% [60.0, 80.0] of 100 games: a clear rung",
        "c over b: finishes above it in 55.0% [51.0, 59.0] of 100 games: a clear rung "
        "(under the 60% target)",
        "d over c: finishes above it in 52.0% [45.0, 59.0] of 100 games: FLAT (not separated "
        "from 50%)")
    assert rung_verdicts(ratings, {})[0] == "b over a: never at one table"
