"""Issue 36: two arms' logs read and lined up game by game (analytics.experiments.paired),
pinned on hand-written runs of three two-player games.

Every array is counted by hand from the games written here, and every test reads its logs
itself (mutation testing runs, for each mutant, only the tests it saw reach the function).
"""

from __future__ import annotations

import dataclasses
import re

import numpy as np
import polars as pl
import pytest
from click.testing import CliRunner

from analytics.cli.app import main
from analytics.errors import UserError
from analytics.experiments.paired import (
    ArmLogs,
    pair,
    read_arm,
    read_arms,
    restrict,
    score_sources,
    single_arm,
    small_pages,
)
from analytics.games.altera.roles import ROLES as ALTERA
from tests.analytics_fixtures import BASE_CARDS, LogBuilder, feat, glory

B_CARDS = BASE_CARDS.replace("hydra", "typhon")  # arm B offers typhon instead of hydra
CARDS = sorted({*BASE_CARDS.split(","), "typhon"})
HYDRA, SATYRS, TYPHON = (CARDS.index(c) for c in ("hydra", "satyrs", "typhon"))


def arm_a(folder):
    """Seeds 7, 3, 5 (written in that order: game indices 0, 1, 2)."""
    b = LogBuilder(run_id="run-a", players=2)
    g = b.game(7, (5, 3), bots=("e", "h"), rounds=9, n_decisions=70)
    feat(b, g, 2, 0, "hydra")
    glory(b, g, 10, 0, 5, "hydra")  # after the last round: hydra's printed score
    glory(b, g, 3, 1, 3, "glory_2")  # a die face
    g = b.game(3, (4, 4), bots=("h", "e"), rounds=8, n_decisions=30)
    feat(b, g, 2, 1, "satyrs")
    feat(b, g, 3, 1, "hydra")
    b.game(5, (2, 6), bots=("e", "h"), rounds=10, n_decisions=50)
    return b.write(folder / "a")


def arm_b(folder):
    """The same seeds written 5, 7, 3, under the set that swaps hydra for typhon."""
    b = LogBuilder(run_id="run-b", players=2, cards=B_CARDS, card_set="swap")
    g = b.game(5, (6, 2), bots=("e", "h"), rounds=9, n_decisions=40)
    feat(b, g, 1, 0, "typhon")
    g = b.game(7, (1, 8), bots=("e", "h"), rounds=9, n_decisions=60)
    feat(b, g, 2, 1, "satyrs")
    glory(b, g, 4, 1, 2, "mystery")  # a cause the catalogue does not name: 'other'
    g = b.game(3, (3, 3), bots=("h", "e"), rounds=8, n_decisions=20)
    feat(b, g, 1, 0, "satyrs")
    feat(b, g, 2, 0, "typhon")
    return b.write(folder / "b")


def logs(tmp_path):
    return [arm_a(tmp_path)], [arm_b(tmp_path)]


def owned_grid(*acquired) -> np.ndarray:
    """(3 games, 2 seats, components) from (game row, seat, component) triples."""
    grid = np.zeros((3, 2, len(CARDS)))
    for game, seat, component in acquired:
        grid[game, seat, component] = 1
    return grid


OWNED_A = owned_grid((0, 1, HYDRA), (0, 1, SATYRS), (2, 0, HYDRA))  # rows: seeds 3, 5, 7
OWNED_B = owned_grid((0, 0, SATYRS), (0, 0, TYPHON), (1, 0, TYPHON), (2, 1, SATYRS))


def test_read_arm_keeps_each_seats_outcome_in_seed_order(tmp_path):
    a, _ = logs(tmp_path)
    arm = read_arm("A", a)
    assert arm.label == "A" and arm.roles.game == "diceforge"
    assert arm.seats.select("seed", "seat", "bot", "score", "win_share", "rounds",
                            "n_decisions", "tied", "game_index").rows() == [
        (3, 0, "h", 4, 0.5, 8, 30, True, 1), (3, 1, "e", 4, 0.5, 8, 30, True, 1),
        (5, 0, "e", 2, 0.0, 10, 50, False, 2), (5, 1, "h", 6, 1.0, 10, 50, False, 2),
        (7, 0, "e", 5, 1.0, 9, 70, False, 0), (7, 1, "h", 3, 0.0, 9, 70, False, 0)]
    assert arm.available["card"] == tuple(sorted(BASE_CARDS.split(",")))
    # Each kind its own components: the forge's die faces, no card among them.
    assert len(arm.available["face"]) == 18 and "glory_3" in arm.available["face"]
    assert not set(arm.available["face"]) & set(arm.available["card"])
    assert arm.sets == "base"
    assert arm.read == (f"read --logs-a: 1 run(s) kept from {a[0]}: 3 games (all games); sets: "
                        "base [682cac96] 3 games; modules: base; players: 2",)
    assert sorted(arm.sources.rows()) == [(7, "card_printed", 5), (7, "die_face", 3)]
    # Mask rows (game row in seed order, seat, word, mask): hydra and satyrs by seat 1 of
    # seed 3, hydra by seat 0 of seed 7; bit i is the arm's i-th component.
    index = arm.available["card"].index
    rows = sorted(zip(*(c.tolist() for c in arm.masks["card"]), strict=True))
    assert rows == [(0, 1, 0, 1 << index("hydra") | 1 << index("satyrs")),
                    (2, 0, 0, 1 << index("hydra"))]


def test_read_arms_at_once_are_the_arms_read_in_turn(tmp_path):
    a, b = logs(tmp_path)
    together = read_arms(a, b)
    apart = read_arm("A", a), read_arm("B", b)
    for got, expected in zip(together, apart, strict=True):
        assert (got.label, got.read, got.available) == (expected.label, expected.read,
                                                        expected.available)
        assert got.seats.equals(expected.seats) and got.sources.equals(expected.sources)
        for kind in ("card", "face"):
            assert sorted(zip(*got.masks[kind], strict=True)) == sorted(
                zip(*expected.masks[kind], strict=True))
    assert together[1].read[0].startswith("read --logs-b: ")
    assert together[1].sets == "swap"


def test_each_arm_is_read_as_the_game_named(tmp_path):
    """--game reaches both arms' reading: a run of another game is refused in either arm."""
    a, b = logs(tmp_path)
    valeria = tmp_path / "valeria"
    played = CliRunner().invoke(main, ["simulate", "--game", "valeria", "--players", "2",
                                       "--games", "2", "--bots", "random", "--out",
                                       str(valeria), "--workers", "1", "--quiet"])
    assert played.exit_code == 0, played.output
    assert read_arm("A", a, game="diceforge").roles.game == "diceforge"
    with pytest.raises(UserError, match="^--game valeria: these logs are of diceforge"):
        read_arm("A", a, game="valeria")
    with pytest.raises(UserError, match="^--game valeria: these logs are of diceforge "
                       + re.escape(f"({b[0]})")):
        read_arms([valeria], b, game="valeria")
    with pytest.raises(UserError, match="^--game diceforge: these logs are of valeria"):
        read_arms(a, [valeria], game="diceforge")
    with pytest.raises(UserError, match="^--game valeria: these logs are of diceforge "
                       + re.escape(f"({a[0]})")):  # arm A is read first, as the game named
        read_arms(a, b, game="valeria")
    assert [arm.roles.game for arm in read_arms(a, b, game="diceforge")] == ["diceforge"] * 2


def test_pair_lines_the_arms_up_by_seed(tmp_path):
    a, b = logs(tmp_path)
    games = pair(read_arm("A", a), read_arm("B", b))
    assert (games.players, games.n_games, games.seeds.tolist()) == (2, 3, [3, 5, 7])
    assert games.win["A"].tolist() == [[0.5, 0.5], [0, 1], [1, 0]]
    assert games.win["B"].tolist() == [[0.5, 0.5], [1, 0], [0, 1]]
    assert games.score["A"].tolist() == [[4, 4], [2, 6], [5, 3]]
    assert games.score["B"].tolist() == [[3, 3], [6, 2], [1, 8]]
    assert games.bots["A"].tolist() == games.bots["B"].tolist() == [
        ["h", "e"], ["e", "h"], ["e", "h"]]
    assert (games.rounds["A"].tolist(), games.rounds["B"].tolist()) == ([8, 10, 9], [8, 9, 9])
    assert (games.decisions["A"].tolist(), games.decisions["B"].tolist()) == (
        [30, 50, 70], [20, 40, 60])
    assert games.tied["A"].tolist() == games.tied["B"].tolist() == [1, 0, 0]
    assert games.components["card"] == CARDS and games.components["face"] == sorted(
        games.components["face"])
    assert games.offered["card"]["A"].tolist() == [c != "typhon" for c in CARDS]
    assert games.offered["card"]["B"].tolist() == [c != "hydra" for c in CARDS]
    assert games.owned["card"]["A"].tolist() == OWNED_A.tolist()
    assert games.owned["card"]["B"].tolist() == OWNED_B.tolist()
    assert games.owned["face"]["A"].shape == (3, 2, len(games.components["face"]))
    assert not games.owned["face"]["A"].any()
    # The roles' sources first (die faces, then printed card score), then the others.
    assert games.score_sources == ["die_face", "card_printed", "other"]
    assert games.by_source["A"].tolist() == [[0, 0, 0], [0, 0, 0], [3, 5, 0]]
    assert games.by_source["B"].tolist() == [[0, 0, 0], [0, 0, 0], [0, 0, 2]]


def test_pair_by_position_lines_up_game_indices(tmp_path):
    a, b = logs(tmp_path)
    games = pair(read_arm("A", a), read_arm("B", b), by_position=True)
    # Index 0, 1, 2: seeds 7, 3, 5 in A and 5, 7, 3 in B; the pairs carry A's seeds.
    assert games.seeds.tolist() == [7, 3, 5]
    assert games.win["A"].tolist() == [[1, 0], [0.5, 0.5], [0, 1]]
    assert games.win["B"].tolist() == [[1, 0], [0, 1], [0.5, 0.5]]
    assert games.decisions["B"].tolist() == [40, 60, 20]
    assert games.owned["card"]["A"].tolist() == OWNED_A[[2, 0, 1]].tolist()
    assert games.owned["card"]["B"].tolist() == OWNED_B[[1, 2, 0]].tolist()
    assert games.by_source["A"].tolist() == [[3, 5, 0], [0, 0, 0], [0, 0, 0]]
    assert games.by_source["B"].tolist() == [[0, 0, 0], [0, 0, 2], [0, 0, 0]]


def test_position_breaks_ties_of_game_index_by_seed(tmp_path):
    """Two runs of one arm (two looks) repeat the game indices: index, then seed."""
    first = LogBuilder(run_id="look-1", players=2)
    for seed in (9, 2):
        first.game(seed, (1, 0), bots=("e", "h"))
    second = LogBuilder(run_id="look-2", players=2)
    for seed in (4, 1):
        second.game(seed, (0, 1), bots=("e", "h"))
    arm = read_arm("A", [first.write(tmp_path / "1"), second.write(tmp_path / "2")])
    games = pair(arm, dataclasses.replace(arm, label="B"), by_position=True)
    # index 0: seeds 9 and 4; index 1: seeds 2 and 1.
    assert games.seeds.tolist() == [4, 9, 1, 2]
    assert games.win["B"][:, 0].tolist() == [0, 1, 0, 1]


def seeded_run(folder, run_id, seeds, players=2):
    """A run of one game per seed, the last seat winning."""
    builder = LogBuilder(run_id=run_id, players=players)
    for seed in seeds:
        builder.game(seed, tuple(range(players)), bots=("e",) * players)
    return builder.write(folder / run_id)


def test_pair_says_why_arms_cannot_be_paired(tmp_path):
    a = read_arm("A", [seeded_run(tmp_path, "a", (1, 2, 3))])

    def refused(b: ArmLogs, by_position: bool = False) -> str:
        with pytest.raises(UserError) as caught:
            pair(a, b, by_position)
        return str(caught.value)

    other = read_arm("B", [seeded_run(tmp_path, "b", (1, 2, 4, 5))])
    assert refused(other) == (
        "arms cannot be paired: 1 games of --logs-a and 2 of --logs-b have no game with the "
        "same seed in the other arm (same --seed and --games are needed; first unmatched "
        "seed 3)")
    assert refused(other, by_position=True) == (
        "arms cannot be paired by position: 3 games in --logs-a, 4 in --logs-b")
    fewer = read_arm("B", [seeded_run(tmp_path, "c", (1, 2))])
    assert refused(fewer).endswith("first unmatched seed 3)")
    three = read_arm("B", [seeded_run(tmp_path, "d", (1, 2, 3), players=3)])
    assert refused(three) == ("arms cannot be paired: --logs-a has 2-player games, --logs-b "
                              "3-player games")
    assert refused(dataclasses.replace(a, label="B", roles=ALTERA)) == (
        "arms cannot be paired: --logs-a holds games of diceforge, --logs-b of altera (or of "
        "another release's roles)")
    # Seed 3 played again by another game (another run of the same seeds).
    again = a.seats.filter(pl.col("seed") == 3).with_columns(game_id=pl.lit(99, pl.Int64))
    twice = dataclasses.replace(a, label="B", seats=pl.concat([a.seats, again]))
    assert refused(twice) == ("--logs-b holds 2 games whose seed appears twice (the same run "
                              "read twice?): cannot pair")
    mixed = read_arm("B", [seeded_run(tmp_path, "g", (1, 2)),
                           seeded_run(tmp_path, "h", (3,), players=3)])
    assert refused(mixed) == ("--logs-b mixes player counts 2, 3: compare one player count at "
                              "a time")
    with pytest.raises(UserError, match="^--logs-a mixes player counts 2, 3"):
        pair(dataclasses.replace(mixed, label="A"), dataclasses.replace(a, label="B"))


def test_restrict_keeps_the_games_of_the_seeds_given_renumbered(tmp_path):
    a, b = logs(tmp_path)
    kept = restrict(read_arm("A", a), np.array([5, 7, 11]))
    assert kept.seats["seed"].to_list() == [5, 5, 7, 7]
    # Seed 3's masks go; seed 7 was game row 2 and is now row 1.
    row, seat, word, mask = (c.tolist() for c in kept.masks["card"])
    hydra = 1 << kept.available["card"].index("hydra")
    assert (row, seat, word, mask) == ([1], [0], [0], [hydra])
    shorter = restrict(read_arm("B", b), np.array([5, 7]))
    games = pair(kept, shorter)
    assert games.seeds.tolist() == [5, 7]
    assert games.owned["card"]["A"].tolist() == OWNED_A[1:].tolist()
    assert games.owned["card"]["B"].tolist() == OWNED_B[1:].tolist()


def test_single_arm_is_one_arms_grid_and_what_each_seat_acquired(tmp_path):
    a, _ = logs(tmp_path)
    grid, owned = single_arm(read_arm("A", a))
    assert grid["seed"].tolist() == [3, 5, 7]
    assert grid["win_share"].tolist() == [[0.5, 0.5], [0, 1], [1, 0]]
    assert grid["score"].tolist() == [[4, 4], [2, 6], [5, 3]]
    assert grid["bot"].tolist() == [["h", "e"], ["e", "h"], ["e", "h"]]
    assert (grid["rounds"].tolist(), grid["n_decisions"].tolist(), grid["tied"].tolist()) == (
        [8, 10, 9], [30, 50, 70], [1, 0, 0])
    names = sorted(BASE_CARDS.split(","))
    assert owned["card"].shape == (3, 2, len(names))
    assert [(g, s, names[c]) for g, s, c in zip(*np.nonzero(owned["card"]), strict=True)] == [
        (0, 1, "hydra"), (0, 1, "satyrs"), (2, 0, "hydra")]
    assert not owned["face"].any()


def test_single_arm_refuses_mixed_player_counts(tmp_path):
    mixed = read_arm("A", [seeded_run(tmp_path, "g", (1, 2)),
                           seeded_run(tmp_path, "h", (3,), players=3)])
    with pytest.raises(UserError) as caught:
        single_arm(mixed)
    assert str(caught.value) == f"{mixed.read[0]}: mixes player counts [2, 3]"


def test_an_arms_sets_are_named_as_its_game_names_them(tmp_path):
    arm = read_arm("A", [seeded_run(tmp_path, "a", (1, 2))])
    two = dataclasses.replace(arm, seats=arm.seats.with_columns(
        card_set=pl.Series(["zeta", "zeta", "alpha", "alpha"])))
    assert two.sets == "alpha, zeta"
    assert dataclasses.replace(two, roles=ALTERA).sets == "under assumption set alpha, zeta"


def test_score_sources_roles_order_then_the_others_sorted(tmp_path):
    arm = read_arm("A", [seeded_run(tmp_path, "a", (1, 2))])
    assert score_sources(arm.roles, arm) == []
    with_sources = dataclasses.replace(arm, sources=pl.DataFrame(
        {"game_id": [1, 1, 2, 2], "source": ["zz", "hammer", "die_face", "aa"],
         "score": [1, 2, 3, 4]}))
    assert score_sources(arm.roles, arm, with_sources) == ["die_face", "hammer", "aa", "zz"]


def test_small_pages_puts_numpy_back_as_it_was():
    switch = np._core.multiarray._set_madvise_hugepage
    for before in (True, False):
        switch(before)
        with small_pages():
            inside = switch(False)  # says what it was: off while inside
        assert (inside, switch(before)) == (False, before)


# --- survivors of the first measured run: one row per game, whatever the player count ------

def odd_run(folder, run_id, players):
    """Seeds 4, 2, 9 of `players` seats (the last seat wins); in seed 9's game seat 0 buys
    hydra and gains 3 glory from a die face."""
    builder = LogBuilder(run_id=run_id, players=players)
    for seed in (4, 2, 9):
        game = builder.game(seed, tuple(range(1, players + 1)), bots=("e",) * players,
                            rounds=seed)
        if seed == 9:
            feat(builder, game, 2, 0, "hydra")
            glory(builder, game, 3, 0, 3, "glory_2")
    return read_arm("A", [builder.write(folder / run_id)])


@pytest.mark.parametrize("players", [1, 3])
def test_solo_and_three_player_runs_are_read_one_row_per_game(tmp_path, players):
    arm = odd_run(tmp_path, f"p{players}", players)
    grid, owned = single_arm(arm)
    last = [0.0] * (players - 1) + [1.0]
    assert grid["seed"].tolist() == [2, 4, 9]
    assert grid["win_share"].tolist() == [last] * 3
    assert grid["score"].tolist() == [list(range(1, players + 1))] * 3
    assert (grid["rounds"].tolist(), grid["tied"].tolist()) == ([2, 4, 9], [0, 0, 0])
    hydra = list(arm.available["card"]).index("hydra")
    assert [tuple(i) for i in np.argwhere(owned["card"])] == [(2, 0, hydra)]
    games = pair(arm, dataclasses.replace(arm, label="B"))
    assert games.seeds.tolist() == [2, 4, 9] and games.score_sources == ["die_face"]
    assert games.roles == arm.roles and games.roles.game == "diceforge"
    assert games.by_source["A"].tolist() == [[0], [0], [3]]
    assert games.owned["card"]["B"].tolist() == owned["card"].tolist()
    # Seeds 2 and 9 kept: seed 9's game, row 2, is now row 1.
    row, seat, word, mask = (c.tolist() for c in restrict(arm, np.array([2, 9])).masks["card"])
    assert (row, seat, word, mask) == ([1], [0], [0], [1 << hydra])
    # By position: game indices 0, 1, 2 are seeds 4, 2, 9 as written.
    by_index = pair(arm, dataclasses.replace(arm, label="B"), by_position=True)
    assert by_index.seeds.tolist() == [4, 2, 9]
    assert by_index.rounds["B"].tolist() == [4, 2, 9]


@pytest.mark.parametrize("players", [1, 3])
def test_pair_refuses_unmatched_and_doubled_seeds_at_any_player_count(tmp_path, players):
    arm = odd_run(tmp_path, "a", players)
    other = read_arm("B", [seeded_run(tmp_path, "b", (4, 2, 5), players=players)])
    with pytest.raises(UserError) as caught:
        pair(arm, other)
    assert str(caught.value) == (
        "arms cannot be paired: 1 games of --logs-a and 1 of --logs-b have no game with the "
        "same seed in the other arm (same --seed and --games are needed; first unmatched "
        "seed 9)")
    again = arm.seats.filter(pl.col("seed") == 9).with_columns(game_id=pl.lit(99, pl.Int64))
    twice = dataclasses.replace(arm, label="B", seats=pl.concat([arm.seats, again]))
    with pytest.raises(UserError) as caught:
        pair(arm, twice)
    assert str(caught.value) == ("--logs-b holds 2 games whose seed appears twice (the same "
                                 "run read twice?): cannot pair")


def test_the_first_unmatched_seed_named_may_be_arm_bs(tmp_path):
    a = read_arm("A", [seeded_run(tmp_path, "a", (1, 2))])
    b = read_arm("B", [seeded_run(tmp_path, "b", (1, 2, 3))])
    with pytest.raises(UserError) as caught:
        pair(a, b)
    assert str(caught.value).startswith("arms cannot be paired: 0 games of --logs-a and 1 of ")
    assert str(caught.value).endswith("first unmatched seed 3)")


def test_an_arm_without_score_sources_pairs_with_one_that_has_them(tmp_path):
    a, b = logs(tmp_path)
    bare = dataclasses.replace(read_arm("B", b), sources=pl.DataFrame())  # ArmLogs' default
    games = pair(read_arm("A", a), bare)
    assert games.score_sources == ["die_face", "card_printed"]
    assert games.by_source["A"].tolist() == [[0, 0], [0, 0], [3, 5]]
    assert games.by_source["B"].tolist() == [[0, 0], [0, 0], [0, 0]]


def test_a_component_past_the_first_mask_word_is_read_from_the_second(tmp_path):
    """70 components: a mask word holds 63, so the 66th (index 65) is bit 2 of word 1."""
    arm = odd_run(tmp_path, "wide", 2)
    names = tuple(f"c{j:02}" for j in range(70))
    wide = dataclasses.replace(arm, available={**arm.available, "card": names}, masks={
        **arm.masks, "card": (np.array([2]), np.array([1]), np.array([1]), np.array([1 << 2]))})
    _, owned = single_arm(wide)
    assert owned["card"].shape == (3, 2, 70)
    assert [tuple(i) for i in np.argwhere(owned["card"])] == [(2, 1, 65)]
    games = pair(wide, dataclasses.replace(wide, label="B"))
    assert [tuple(i) for i in np.argwhere(games.owned["card"]["A"])] == [(2, 1, 65)]
    # Single precision: 0/1 exactly, half the memory of 100,000 games' seats x components.
    assert games.owned["card"]["A"].dtype == owned["face"].dtype == np.float32
