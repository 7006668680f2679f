"""Every query file against hand-built logs: exact table out (STYLE.md 8)."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from polars.testing import assert_frame_equal

from analytics.errors import UserError
from analytics.query.database import LogDatabase, parse_query_file, query_paths
from analytics.tables.components import component_table
from analytics.tables.design import _seat_rows
from tests.analytics_fixtures import (
    BASE_CARDS,
    LogBuilder,
    feat,
    forge,
    gain,
    glory,
    sample_logs,
)

TESTED = set()


def covers(name):
    """Mark a test as the fixture test of query `name` (checked by test_every_query_tested)."""
    TESTED.add(name)
    return lambda func: func


@pytest.fixture(scope="module", params=["seat_components", "events"])
def db(tmp_path_factory, request):
    """The sample logs, read from their parts' seat_components tables and (as for parts logged
    before them) from the events: every query's exact table holds for both."""
    folder = sample_logs(tmp_path_factory.mktemp("logs") / "run-a")
    if request.param == "events":
        (folder / "parts" / "00000" / "seat_components.parquet").unlink()
    with LogDatabase([folder]) as database:
        assert database.has_seat_components == (request.param == "seat_components")
        yield database


def expect(frame: pl.DataFrame, rows: list[tuple], columns: list[str] | None = None) -> None:
    """`frame` (or its `columns`) holds exactly `rows`, in order, floats to 1e-9."""
    got = frame.select(columns) if columns else frame
    expected = pl.DataFrame(rows, schema=got.schema, orient="row")
    assert_frame_equal(got, expected, check_exact=False, abs_tol=1e-9)


@covers("contribution_by_component")
def test_card_contribution(db):
    frame = db.run("contribution_by_component", {"component": "card"})
    assert frame.height == 15 and frame["n_available"].unique().to_list() == [12]
    expect(frame.filter(pl.col("n_owned") > 0), [
        ("elder", 3, 12, 2, 2 / 12, 1.0, 0.0, 0.3, -0.3, 2, 0.0, 0, None, 0, 0.0, 2, 0.0),
        ("silver_hind", 3, 12, 2, 2 / 12, 1.5, 0.75, 0.15, 0.6, 2, 0.75, 1, 1.0, 10, 5.0, 6,
         10 / 6),
    ])
    hammer = frame.filter(pl.col("component") == "blacksmiths_hammer")
    assert hammer["score"].item() == 1 and hammer["score_per_game"].item() is None


def test_face_contribution(db):
    frame = db.run("contribution_by_component", {"component": "face"})
    assert frame.height == 18  # the Sanctuary, x3 (Helmet) and mirror (Mirror of the Abyss)
    expect(frame.filter(pl.col("n_owned") > 0), [
        ("gold_3", 3, 12, 3, 0.25, 1.0, 1 / 3, 2 / 9, 1 / 9, 2, 0.25, 2, 0.5, 0, 0.0, 6, 0.0),
    ])


@pytest.mark.parametrize("component", ["card", "face"])
def test_table_agrees_with_contribution_query(db, component):
    """`dicelab cards`/`faces` compute in numpy what contribution_by_component does in SQL."""
    query = db.run("contribution_by_component", {"component": component})
    table = component_table(db.folders, component, None, component, 0).frame
    same = {"n_available": "n_available", "n_owned": "n_owned", "take_rate": "take_rate",
            "copies": "copies_per_owner", "owned_wr": "owned_wr", "not_owned_wr": "not_owned_wr",
            "delta": "delta", "first_acquirer_wr": "first_acquirer_wr", "used_wr": "used_wr",
            "glory_per_game": "score_per_game", "glory_per_cost": "score_per_cost"}
    assert table[component].to_list() == query["component"].to_list()
    assert_frame_equal(table.select(list(same)),
                       query.select(pl.col(v).alias(k) for k, v in same.items()),
                       check_dtypes=False, abs_tol=1e-12)


@pytest.mark.parametrize("component", ["card", "face"])
def test_table_agrees_with_contribution_query_across_card_sets(db, tmp_path, component):
    """Runs of different sets: a card (and its garden face) counts only where it is offered."""
    alternates = BASE_CARDS.replace("silver_hind", "great_bear").replace(
        "mirror_of_the_abyss", "celestial_ship")
    b = LogBuilder(run_id="run-b", cards=alternates, card_set="mixed")
    g = b.game(11, (9, 3, 2, 1))
    gain(b, g, 0, "moon", 4)
    feat(b, g, 1, 0, "great_bear", moon=2, island=2)
    feat(b, g, 2, 0, "silver_hind", moon=2, island=2)  # not offered here: never owned
    forge(b, g, 2, 1, "ship", 0)
    forge(b, g, 3, 2, "mirror", 0)  # not offered here either
    forge(b, g, 3, 3, "gold_3", 2)
    glory(b, g, 4, 0, 9, "great_bear")
    runs = [db.folders[0], b.write(tmp_path / "run-b")]
    with LogDatabase(runs) as both:
        query = both.run("contribution_by_component", {"component": component})
    table = component_table(runs, component, None, component, 0).frame
    assert table[component].to_list() == query["component"].to_list()
    assert_frame_equal(table.select("n_available", "n_owned", "owned_wr", "not_owned_wr"),
                       query.select("n_available", "n_owned", "owned_wr", "not_owned_wr"),
                       check_dtypes=False, abs_tol=1e-12)
    owned = dict(zip(table[component], table["n_owned"], strict=True))
    if component == "card":
        assert (owned["great_bear"], owned["silver_hind"]) == (1, 2)
    else:
        assert (owned["ship"], owned["mirror"], owned["gold_3"]) == (1, 0, 4)


def test_seat_rows_find_each_game_and_seat_or_minus_one():
    seats = pl.DataFrame({"game_id": [7, 7, 9, 9, 9], "seat": [0, 1, 0, 1, 2]})
    rows = _seat_rows(seats, np.array([9, 7, 9, 8, 10, 7]), np.array([2, 1, 0, 0, 0, 3]))
    assert rows.tolist() == [4, 1, 2, -1, -1, -1]
    # acquisitions come in runs of one game: each run is looked up once
    rows = _seat_rows(seats, np.array([9, 9, 8, 8, 7, 7, 7]), np.array([2, 0, 0, 1, 1, 0, -1]))
    assert rows.tolist() == [4, 2, -1, -1, 1, 0, -1]


def test_garden_faces_follow_their_card(tmp_path):
    b = LogBuilder(cards="helmet_of_invisibility,guardians_shield")
    b.game(1, (1, 0, 0, 0))
    with LogDatabase([b.write(tmp_path / "run")]) as database:
        faces = database.run("contribution_by_component", {"component": "face"})
    garden = {"x3", "shield_red", "shield_blue", "shield_yellow", "shield_green"}
    assert garden <= set(faces["component"]) and "mirror" not in set(faces["component"])


@covers("owned_wins_by_game")
def test_owned_wins_by_game(db):
    frame = db.run("owned_wins_by_game", {"component": "face"})
    assert frame.height == 3 * 18
    expect(frame.filter(pl.col("n_owned") > 0), [
        (1, "gold_3", 4, 1, 0.0, 3, 1.0),
        (2, "gold_3", 4, 2, 1.0, 2, 0.0),
    ])


@covers("copies_by_seat_game")
def test_copies_by_seat_game(db):
    expect(db.run("copies_by_seat_game").sort("game_id", "seat", "component"), [
        (1, 0, "silver_hind", 2, 2, 4), (1, 1, "elder", 1, 3, 8), (2, 1, "silver_hind", 1, 1, 4),
        (3, 2, "elder", 1, 6, 2),
    ])


@covers("acquisitions_by_event")
def test_acquisitions_by_event(db):
    # one row per feat performed (silver_hind twice in game 1) or face forged, the component
    # given by its rank among those the runs offer (components_by_run, alphabetical)
    cards = db.run("components_by_run")["component"].to_list()
    elder, hind = cards.index("elder") + 1, cards.index("silver_hind") + 1
    expect(db.run("acquisitions_by_event").sort("game_id", "seq"), [
        (1, 0, 4, hind), (1, 0, 6, hind), (1, 1, 8, elder), (2, 1, 4, hind), (3, 2, 2, elder),
    ])
    faces = db.run("components_by_run", {"component": "face"})["component"].to_list()
    gold_3 = faces.index("gold_3") + 1
    expect(db.run("acquisitions_by_event", {"component": "face"}).sort("game_id", "seq"), [
        (1, 2, 10, gold_3), (2, 0, 6, gold_3), (2, 1, 8, gold_3),
    ])
    assert (elder, hind, gold_3) == (4, 13, 8)  # the ranks themselves, against a wrong list


@covers("acquisitions_by_seat_game")
def test_acquisitions_by_seat_game(db):
    # one row per seat and component acquired (silver_hind twice in game 1: copies 2, the
    # first at seq 4), the component given by its rank among those the runs offer
    cards = db.run("components_by_run")["component"].to_list()
    elder, hind = cards.index("elder") + 1, cards.index("silver_hind") + 1
    expect(db.run("acquisitions_by_seat_game").sort("game_id", "seat"), [
        (1, 0, 4, 2, hind), (1, 1, 8, 1, elder), (2, 1, 4, 1, hind), (3, 2, 2, 1, elder),
    ])
    faces = db.run("components_by_run", {"component": "face"})["component"].to_list()
    gold_3 = faces.index("gold_3") + 1
    expect(db.run("acquisitions_by_seat_game", {"component": "face"}).sort("game_id", "seat"), [
        (1, 2, 10, 1, gold_3), (2, 0, 6, 1, gold_3), (2, 1, 8, 1, gold_3),
    ])


@covers("ownership_by_seat_game")
def test_ownership_by_seat_game(db):
    # games by their row in seed order (seeds 1, 2, 3: rows 0, 1, 2); component i of those the
    # runs offer (alphabetical from 0) is bit i of word 0; silver_hind bought twice is one bit
    cards = db.run("components_by_run")["component"].to_list()
    elder, hind = cards.index("elder"), cards.index("silver_hind")
    expect(db.run("ownership_by_seat_game").sort("game_row", "seat"), [
        (0, 0, 0, 1 << hind), (0, 1, 0, 1 << elder), (1, 1, 0, 1 << hind), (2, 2, 0, 1 << elder),
    ])
    faces = db.run("components_by_run", {"component": "face"})["component"].to_list()
    gold_3 = 1 << faces.index("gold_3")
    expect(db.run("ownership_by_seat_game", {"component": "face"}).sort("game_row", "seat"), [
        (0, 2, 0, gold_3), (1, 0, 0, gold_3), (1, 1, 0, gold_3),
    ])
    assert (elder, hind) == (3, 12)  # the indices themselves, against a wrong list


@covers("components_by_run")
def test_components_by_run(tmp_path):
    b = LogBuilder(cards="helmet_of_invisibility,guardians_shield")
    b.game(1, (1, 0, 0, 0))
    with LogDatabase([b.write(tmp_path / "run")]) as database:
        cards = database.run("components_by_run")
        faces = database.run("components_by_run", {"component": "face"})
    expect(cards, [("run-a", "guardians_shield"), ("run-a", "helmet_of_invisibility")])
    garden = {"x3", "shield_red", "shield_blue", "shield_yellow", "shield_green"}
    assert faces.height == 16 + len(garden) and garden <= set(faces["component"])


@covers("component_names")
def test_component_names(db):
    names = db.run("component_names")
    assert names.columns == ["kind", "component", "name"]
    named = {(kind, c): name for kind, c, name in names.iter_rows()}
    assert named[("card", "hydra")] == "Hydra"
    assert named[("card", "blacksmiths_hammer")] == "The Blacksmith's Hammer"
    assert named[("face", "sun1_glory1")] == "1 Sun + 1 Glory"
    assert named[("face", "gold3_or_glory2")] == "3 Gold / 2 Glory"
    assert names.select("kind", "component").is_unique().all()


@covers("uses_and_score_by_component")
def test_uses_and_glory_by_component(db):
    # components of the kind only (read from seat_components): the Glory of a face (glory_2)
    # is not a card's, nor a card's (the Hammer's, the Hind's) a face's
    expect(db.run("uses_and_score_by_component"), [
        ("blacksmiths_hammer", 0, 0.0, None, 1, 0),
        ("elder", 0, 0.0, None, 0, 2),
        ("silver_hind", 1, 1.0, 1.0, 10, 6),
    ])
    expect(db.run("uses_and_score_by_component", {"component": "face"}), [
        ("glory_2", 1, 1.0, 1.0, 31, 0),
        ("gold_3", 2, 1.0, 0.5, 0, 6),
    ])


@covers("win_rate_by_round_acquired")
def test_win_rate_by_round_acquired(db):
    expect(db.run("win_rate_by_round_acquired"), [
        ("elder", 3, 1, 0.0, 0.0), ("elder", 6, 1, 0.0, 0.0),
        ("silver_hind", 1, 1, 0.5, 0.5), ("silver_hind", 2, 1, 1.0, 1.0),
    ])
    expect(db.run("win_rate_by_round_acquired", {"component": "face"}), [
        ("gold_3", 1, 1, 0.0, 0.0), ("gold_3", 2, 1, 0.5, 0.5), ("gold_3", 3, 1, 0.5, 0.5),
    ])


@covers("outcome_by_seat_game")
def test_outcome_by_seat_game(db):
    frame = db.run("outcome_by_seat_game")
    assert frame.height == 12
    expect(frame.head(5), [
        (1, 0, "economist", 4, "", "base", "run-a", 10, 1, True, 1.0),
        (1, 1, "random", 4, "", "base", "run-a", 4, 2, False, 0.0),
        (1, 2, "random", 4, "", "base", "run-a", 4, 2, False, 0.0),
        (1, 3, "random", 4, "", "base", "run-a", 0, 4, False, 0.0),
        (2, 0, "economist", 4, "", "base", "run-a", 6, 1, True, 0.5),
    ])


@covers("covariates_by_seat_game")
def test_covariates_by_seat_game(db):
    frame = db.run("covariates_by_seat_game")
    assert frame.height == 12 and frame["win_share"].sum() == 3.0
    expect(frame.slice(3, 3), [
        (1, 3, "random", 4, "", "run-a", 0.0),
        (2, 0, "economist", 4, "", "run-a", 0.5),
        (2, 1, "random", 4, "", "run-a", 0.5),
    ])


@covers("paired_outcome_by_seat_game")
def test_paired_outcome_by_seat_game(db):
    frame = db.run("paired_outcome_by_seat_game")
    assert frame.height == 12 and frame["seed"].to_list() == [1] * 4 + [2] * 4 + [3] * 4
    expect(frame.slice(3, 3), [
        (1, 1, "run-a", 4, "", "base", 9, 100, False, 3, "random", 0, 0.0, 0),
        (2, 2, "run-a", 4, "", "base", 9, 120, True, 0, "economist", 6, 0.5, 1),
        (2, 2, "run-a", 4, "", "base", 9, 120, True, 1, "random", 6, 0.5, 1),
    ])


@covers("runs_read")
def test_runs_read(db):
    import hashlib

    content_hash = hashlib.md5(BASE_CARDS.encode()).hexdigest()[:8]
    expect(db.run("runs_read"),
           [("run-a", "base", content_hash, "", "test", "simulated", 4, 3, 3, 3)])


@covers("win_rate_by_seat")
def test_win_rate_by_seat(db):
    expect(db.run("win_rate_by_seat"), [
        (4, 0, 3, 1.5, 0.5, 0.25), (4, 1, 3, 1.5, 0.5, 0.25),
        (4, 2, 3, 0.0, 0.0, 0.25), (4, 3, 3, 0.0, 0.0, 0.25),
    ])


@covers("win_rate_by_bot")
def test_win_rate_by_bot(db):
    expect(db.run("win_rate_by_bot"), [
        ("economist", 4, 3, 1.5, 0.5, 2.0), ("random", 4, 9, 1.5, 1 / 6, 4 / 6),
    ])


@covers("score_summary_by_bot")
def test_score_summary_by_bot(db):
    frame = db.run("score_summary_by_bot")
    expect(frame.drop("sd"), [
        ("economist", 4, 3, 19 / 3, 3, 3, 3, 6, 10, 10, 10),
        ("random", 4, 9, 23 / 9, 0, 0, 1, 2, 4, 6, 6),
    ])
    assert frame["sd"][0] == pytest.approx(pl.Series([10, 6, 3]).std())


@covers("mean_score_by_bot")
def test_mean_score_by_bot_averages_seats_within_games_first(db):
    frame = db.run("mean_score_by_bot")
    expect(frame.drop("sd_games"), [("economist", 4, 3, 19 / 3), ("random", 4, 3, 23 / 9)])
    per_game_random = pl.Series([8 / 3, 3, 2])
    assert frame["sd_games"].to_list() == pytest.approx(
        [pl.Series([10, 6, 3]).std(), per_game_random.std()])


@covers("score_counts_by_bot")
def test_score_counts_by_bot(db):
    expect(db.run("score_counts_by_bot"), [
        ("economist", 3, 1), ("economist", 6, 1), ("economist", 10, 1),
        ("random", 0, 2), ("random", 1, 2), ("random", 2, 1), ("random", 4, 2),
        ("random", 5, 1), ("random", 6, 1),
    ])


@covers("game_length_by_player_count")
def test_game_length_by_player_count(db):
    # events: 22 + 20 + 10 (gains, spends, feats, forges, rolls, Glory, 4 game_ended each)
    expect(db.run("game_length_by_player_count"), [
        (4, 3, 9.0, 0.0, 100.0, 20.0, 118.0, 52 / 3, 1 / 3),
    ])


@covers("score_by_source")
def test_glory_by_source(db):
    # the Hammer's track is one of its card's effects (the cause names it)
    expect(db.run("score_by_source"), [
        ("card_effect", "blacksmiths_hammer", 1, 1 / 3, 1 / 42),
        ("card_printed", "silver_hind", 10, 10 / 3, 10 / 42),
        ("die_face", "glory_2", 31, 31 / 3, 31 / 42),
    ])


def test_glory_by_source_asks_each_run_catalogue(tmp_path):
    """A cause is a face or a card as its own run's catalogue says: a garden face of a card in
    the set, a card of another run's set is neither here."""
    b = LogBuilder(cards="helmet_of_invisibility", players=2)
    game = b.game(1, (5, 4), rounds=1)
    glory(b, game, 1, 0, 3, "x3")
    glory(b, game, 1, 0, 2, "great_bear")  # not in this set: not a card of this run
    glory(b, game, 1, 1, 4, "helmet_of_invisibility")
    with LogDatabase([b.write(tmp_path / "run")]) as database:
        expect(database.run("score_by_source"), [
            ("card_effect", "helmet_of_invisibility", 4, 4.0, 4 / 9),
            ("die_face", "x3", 3, 3.0, 3 / 9),
            ("other", "great_bear", 2, 2.0, 2 / 9),
        ])


@covers("resources_by_round")
def test_resources_by_round(tmp_path):
    b = LogBuilder(players=2)
    game = b.game(1, (0, 2), rounds=1)
    gain(b, game, 0, "gold", 3)
    b.event(game, 1, 0, "resource_spent", "gold_3", "gold", -2, "gold_3")
    glory(b, game, 1, 1, 2, "glory_2")
    with LogDatabase([b.write(tmp_path / "run")]) as database:
        frame = database.run("resources_by_round")
    expect(frame, [
        (2, "random", "glory", 0, 2, 0.0, 0.0), (2, "random", "glory", 1, 2, 1.0, 1.0),
        (2, "random", "glory", 2, 2, 0.0, 1.0),
        (2, "random", "gold", 0, 2, 1.5, 1.5), (2, "random", "gold", 1, 2, 0.0, 0.5),
        (2, "random", "gold", 2, 2, 0.0, 0.5),
    ])


def test_every_query_has_a_fixture_test():
    audits = {name for name in query_paths() if name.startswith("audits/")}
    assert set(query_paths()) - audits == TESTED


@pytest.mark.parametrize("name", sorted(query_paths()))
def test_query_file_follows_the_style(name):
    """Header with question and grain, binds declared, CTEs ending in `final`, lowercase."""
    query = parse_query_file(query_paths()[name], name)
    assert query.question and query.grain
    body = "\n".join(line for line in query.sql.splitlines() if not line.startswith("--"))
    binds = set(re.findall(r"\$([a-z_][a-z0-9_]*)", body))
    assert binds == {p.name for p in query.params}
    assert re.search(r"final as \(", body) and "select * from final" in body
    assert not re.search(r"\b(SELECT|FROM|WHERE|GROUP BY|JOIN)\b", body)


def test_queries_readme_lists_every_query():
    readme = (Path(__file__).parents[2] / "queries" / "README.md").read_text()
    for name in query_paths():
        assert f"`{name}`" in readme, name


# --- the balance and report queries (dicelab balance, dicelab report) ----------------------

@covers("balance_by_game")
def test_balance_by_game(db):
    rows = {r["game_id"]: r for r in db.run("balance_by_game").to_dicts()}
    g1, g2, g3 = rows[1], rows[2], rows[3]
    # g1: seat 0 leads at round 4, seat 1 at 6, a tie at 7, seat 0 again at final scoring (10)
    assert (g1["lead_changes"], g1["decided_at"], g1["margin"]) == (2, 1.0, 6)
    assert g1["lead_changes_per_round"] == pytest.approx(2 / 9)
    assert g1["score_sd"] == pytest.approx(np.sqrt(12.75))
    # g2: tied winners (seats 0 and 1) ahead of the rest from round 2 on
    assert (g2["lead_changes"], g2["decided_at"], g2["margin"], g2["tied"]) == (0, 0.2, 0, True)
    assert (g3["lead_changes"], g3["decided_at"], g3["margin"]) == (0, 0.1, 2)
    assert (g1["rounds"], g1["decisions"], g2["decisions"]) == (9, 100, 120)


@covers("score_by_source_by_game")
def test_glory_by_source_by_game(db):
    expect(db.run("score_by_source_by_game"), [
        (1, "card_printed", 8), (1, "die_face", 10),
        (2, "card_printed", 2), (2, "die_face", 12), (2, "hammer", 1),
        (3, "die_face", 9)])


@covers("purchases_by_game")
def test_purchases_by_game(db):
    expect(db.run("purchases_by_game"), [
        (1, "elder", 1), (1, "silver_hind", 2), (2, "silver_hind", 1), (3, "elder", 1)])


@covers("score_counts_by_seat")
def test_score_counts_by_seat(db):
    frame = db.run("score_counts_by_seat")
    expect(frame.filter(pl.col("seat") == 0), [(4, 0, 3, 1), (4, 0, 6, 1), (4, 0, 10, 1)])
    assert frame["n"].sum() == 12


@covers("runs_manifest")
def test_runs_manifest(db):
    from analytics.eventlog.schema import SCHEMA_VERSION

    expect(db.run("runs_manifest"), [("run-a", "base", 4, 1, 3, 3, "test", SCHEMA_VERSION)],
           ["run_id", "card_set", "players", "seed", "n_games", "games_kept", "engine_version",
            "schema_version"])


@covers("board_score_by_seat_game")
def test_board_score_sums_the_catalogues_board_causes(tmp_path):
    """A real Goddess run (its catalogue names the board's causes) against the same sums made
    from its Parquet files; a base run's board score is 0."""
    from analytics.runs.simulate import RunConfig, run_simulation

    config = RunConfig(players=3, games=6, seed=4, bots=("economist",),
                       card_set="goddess-discovery", module="goddess")
    folder = run_simulation(config, tmp_path / "goddess", workers=1, progress=False)
    events = pl.read_parquet(Path(folder) / "parts" / "*" / "events.parquet").with_columns(
        pl.col("kind", "item", "cause").cast(pl.String))
    board = pl.read_parquet(Path(folder) / "components.parquet").filter(
        pl.col("source").is_in(["board", "board_goal"]))["component"].to_list()
    expected = (events.filter((pl.col("resource").cast(pl.String) == "glory")
                              & pl.col("kind").is_in(["resource_gained", "resource_lost"])
                              & pl.col("cause").is_in(board))
                .group_by("game_id", "seat").agg(pl.col("amount").sum()))
    with LogDatabase([folder]) as database:
        frame = database.run("board_score_by_seat_game", {})
    assert frame.height == 18 and frame["board_score"].sum() > 0
    got = {(r["game_id"], r["seat"]): r["board_score"] for r in frame.iter_rows(named=True)}
    for row in expected.iter_rows(named=True):
        assert got.pop((row["game_id"], row["seat"])) == row["amount"]
    assert set(got.values()) <= {0}
    assert frame["goal_first"].sum() == frame["goal_round"].is_not_null().any()


def test_board_score_is_0_without_a_board(db):
    frame = db.run("board_score_by_seat_game", {})
    assert frame["board_score"].to_list() == [0] * frame.height
    assert frame["goal_round"].null_count() == frame.height


@covers("board_end_by_seat_game")
def test_board_end_is_each_seats_scored_position(tmp_path, db):
    """A real Titans run: one row per seat-game, its zone and value as the end-value events
    say; a base run's rows have none."""
    from analytics.runs.simulate import RunConfig, run_simulation

    config = RunConfig(players=3, games=6, seed=4, bots=("economist",),
                       card_set="titans-discovery", module="titans")
    folder = run_simulation(config, tmp_path / "titans", workers=1, progress=False)
    events = pl.read_parquet(Path(folder) / "parts" / "*" / "events.parquet").with_columns(
        pl.col("kind", "item", "cause").cast(pl.String))
    scored = events.filter(pl.col("kind") == "allegiance_scored")
    with LogDatabase([folder]) as database:
        frame = database.run("board_end_by_seat_game", {})
    assert frame.height == 18 == scored.height
    got = {(r["game_id"], r["seat"]): (r["zone"], r["end_value"])
           for r in frame.iter_rows(named=True)}
    for row in scored.iter_rows(named=True):
        assert got[(row["game_id"], row["seat"])] == (row["item"], row["amount"])
    base = db.run("board_end_by_seat_game", {})
    assert base.height > 0 and base["end_value"].null_count() == base.height


@covers("module_components_by_run")
def test_module_components_are_the_catalogues_module_rows(tmp_path, db):
    from analytics.runs.simulate import RunConfig, run_simulation

    config = RunConfig(players=2, games=2, seed=1, bots=("random",),
                       card_set="goddess-discovery", module="goddess")
    folder = run_simulation(config, tmp_path / "goddess", workers=1, progress=False)
    with LogDatabase([folder]) as database:
        frame = database.run("module_components_by_run")
    ours = frame.filter(pl.col("module") == "goddess")
    cards = ours.filter(pl.col("kind") == "card")["component"].to_list()
    assert cards == ["great_golem", "moon_golem", "sun_golem", "time_golem"]
    assert {"golem_moon", "golem_sun", "goddess_space", "treasure_glory"} <= set(
        ours["component"].to_list())
    assert "twins" in frame.filter(pl.col("module") == "none")["component"].to_list()
    base = db.run("module_components_by_run")  # the base game's: every component 'none'
    assert base.height > 0 and set(base["module"].to_list()) == {"none"}


def test_a_titans_games_glory_splits_into_dice_feats_zones_and_allegiance(tmp_path):
    """A real Titans run: the catalogue names the zones' and the end value's causes, so each
    game's Glory splits into die faces, cards, zones and allegiance with nothing left over."""
    from analytics.runs.simulate import RunConfig, run_simulation

    config = RunConfig(players=4, games=6, seed=4, bots=("economist", "hero") * 2,
                       card_set="titans-discovery", module="titans")
    folder = run_simulation(config, tmp_path / "titans", workers=1, progress=False)
    scores = pl.read_parquet(Path(folder) / "parts" / "*" / "players.parquet").group_by(
        "game_id").agg(pl.col("score").sum())
    with LogDatabase([folder]) as database:
        frame = database.run("score_by_source_by_game", {})
    assert set(frame["source"]) == {"die_face", "card_printed", "card_effect", "zones",
                                    "allegiance"}
    split = frame.group_by("game_id").agg(pl.col("score").sum())
    assert dict(split.iter_rows()) == dict(scores.iter_rows())


@covers("win_rate_by_attribute")
def test_win_rate_by_attribute(tmp_path):
    """Seat-games grouped by an attribute of the component they acquired (the cards' island
    here; Altera: the Faction's priority number), with Wilson bounds and a score interval."""
    from analytics import stats

    b = LogBuilder(players=3)
    g1 = b.game(1, (5, 3, 3))
    feat(b, g1, 1, 0, "elder", sun=1, island=7)
    feat(b, g1, 1, 1, "silver_hind", moon=2, island=2)
    g2 = b.game(2, (2, 8, 8))
    feat(b, g2, 1, 0, "silver_hind", moon=2, island=2)
    feat(b, g2, 1, 2, "elder", sun=1, island=7)
    with LogDatabase([b.write(tmp_path / "run")]) as database:
        frame = database.run("win_rate_by_attribute", {"component": "card",
                                                       "attribute": "island"})
    rows, z = [], stats.normal_quantile(0.95)
    for value, shares, scores in (("2", (0.0, 0.0), (3, 2)), ("7", (1.0, 0.5), (5, 8))):
        wilson = stats.wilson(sum(shares), 2)
        mean, sd = sum(scores) / 2, float(np.std(scores, ddof=1))
        rows.append((3, value, 2, sum(shares) / 2, wilson.low, wilson.high, mean,
                     mean - z * sd / np.sqrt(2), mean + z * sd / np.sqrt(2)))
    expect(frame, rows)


@pytest.mark.parametrize(("params", "message"), [
    ({"component": "card", "attribute": "nosuch"},
     "query 'win_rate_by_attribute': no attribute nosuch of card in components.parquet; its "
     "attributes: "),
    ({"component": "nosuch", "attribute": "island"},
     "diceforge has no component kind 'nosuch'; its kinds: card, face"),
])
def test_a_parameter_that_matches_nothing_is_an_error_not_an_empty_table(tmp_path, params,
                                                                          message):
    b = LogBuilder(players=3)
    feat(b, b.game(1, (5, 3, 3)), 1, 0, "elder", sun=1, island=7)
    with LogDatabase([b.write(tmp_path / "run")]) as database:
        with pytest.raises(UserError) as raised:
            database.run("win_rate_by_attribute", params)
    assert str(raised.value).startswith(message)
    assert "damaged" not in str(raised.value) and "repair" not in str(raised.value)
