"""The query runner: finding logs and queries, parameters, filters, and one-line errors."""

from __future__ import annotations

import pytest

from analytics.errors import UserError
from analytics.eventlog.schema import SCHEMA_VERSION
from analytics.query.database import (
    Filters,
    LogDatabase,
    find_query,
    find_run_folders,
    list_queries,
    run_query,
)
from tests.analytics_fixtures import LogBuilder, sample_logs

CUSTOM = """-- question: Which seats scored at least a threshold?
-- grain: one row per game and seat
-- param: threshold INTEGER  -- required
-- param: bot VARCHAR = 'random'
with seats as (
    select game_id, seat, score from players where score >= $threshold::integer and bot = $bot
),
final as (
    select * from seats
)
select * from final
order by game_id, seat
"""


@pytest.fixture
def logs(tmp_path):
    sample_logs(tmp_path / "logs" / "run-a")
    return tmp_path / "logs"


@pytest.fixture
def extra(tmp_path):
    folder = tmp_path / "extra"
    folder.mkdir()
    (folder / "scores_by_seat.sql").write_text(CUSTOM)
    return folder


def test_unknown_query_names_close_matches():
    with pytest.raises(UserError, match=r"unknown query 'win_rate_by_sea'.*win_rate_by_seat"):
        find_query("win_rate_by_sea")


def test_missing_parameter_is_named(logs, extra):
    with pytest.raises(UserError, match=r"needs parameter 'threshold' \(INTEGER\)"):
        run_query([logs], "scores_by_seat", extra_dir=extra)


def test_mistyped_parameter_is_named(logs, extra):
    with pytest.raises(UserError, match=r"'threshold' expects INTEGER, got 'ten'"):
        run_query([logs], "scores_by_seat", {"threshold": "ten"}, extra_dir=extra)


def test_unknown_parameter_lists_the_real_ones(logs):
    with pytest.raises(UserError, match=r"no parameter 'colour' \(its parameters: component\)"):
        run_query([logs], "contribution_by_component", {"colour": "red"})


def test_parameters_from_text_are_typed_and_defaults_apply(logs, extra):
    frame = run_query([logs], "scores_by_seat", {"threshold": "5"}, extra_dir=extra)
    assert frame.rows() == [(2, 1, 6), (3, 1, 5)]
    frame = run_query([logs], "scores_by_seat", {"threshold": 5, "bot": "economist"},
                      extra_dir=extra)
    assert frame.rows() == [(1, 0, 10), (2, 0, 6)]


def test_extra_queries_are_listed(extra):
    listed = list_queries(extra)
    row = listed.filter(listed["name"] == "scores_by_seat").row(0, named=True)
    assert row["params"] == "threshold INTEGER, bot VARCHAR = 'random'"
    assert row["question"] == "Which seats scored at least a threshold?"


def test_path_without_logs_is_one_clear_error(tmp_path):
    with pytest.raises(UserError, match=r"no logs found in .*nowhere"):
        find_run_folders([tmp_path / "nowhere"])


def test_run_without_parts_is_an_error(tmp_path):
    LogBuilder().write(tmp_path / "run")
    for part in (tmp_path / "run" / "parts" / "00000").iterdir():
        part.unlink()
    with pytest.raises(UserError, match="no games logged yet"):
        LogDatabase([tmp_path / "run"])


@pytest.mark.parametrize(("version", "word"), [(SCHEMA_VERSION + 1, "newer"), (1, "older")])
def test_schema_version_mismatch_is_refused(tmp_path, version, word):
    LogBuilder(schema_version=version).write(tmp_path / "run")
    with pytest.raises(UserError, match=rf"schema version {version} is {word}"):
        LogDatabase([tmp_path / "run"])


def test_parent_folders_and_globs_find_every_run(tmp_path, logs):
    three = LogBuilder(run_id="run-b", players=3)
    three.game(100, (1, 2, 0))
    three.write(logs / "run-b")
    assert len(find_run_folders([logs])) == 2
    assert len(find_run_folders([str(logs / "run-*")])) == 2
    frame = run_query([logs], "win_rate_by_seat")
    assert frame["players"].unique().sort().to_list() == [3, 4]


def test_filters_restrict_every_view(logs):
    three = LogBuilder(run_id="run-b", players=3, card_set="other")
    three.game(100, (1, 2, 0), bots=("hero", "random", "random"))
    three.write(logs / "run-b")
    only_three = Filters(players=(3,))
    with LogDatabase([logs], only_three) as db:
        counts = db.con.sql("select (select count(*) from runs), (select count(*) from games),"
                            " (select count(*) from players), (select count(*) from events)")
        assert counts.fetchall() == [(1, 1, 3, 3)]
    assert run_query([logs], "win_rate_by_bot", filters=Filters(bot=("hero",)))[
        "bot"].to_list() == ["hero", "random"]
    assert run_query([logs], "win_rate_by_seat", filters=Filters(card_set=("base",)))[
        "n"].to_list() == [3, 3, 3, 3]


def test_submitted_query_sees_the_filtered_views_and_reports_errors(logs, extra):
    three = LogBuilder(run_id="run-b", players=3, card_set="other")
    three.game(100, (1, 2, 0), bots=("hero", "random", "random"))
    three.write(logs / "run-b")
    with LogDatabase([logs], Filters(players=(3,)), extra_dir=extra) as db:
        background = db.submit("win_rate_by_seat")
        assert db.run("win_rate_by_seat").equals(background.result())
        assert background.result()["players"].unique().to_list() == [3]
        with pytest.raises(UserError, match="needs parameter 'threshold'"):
            db.submit("scores_by_seat").result()


def test_filters_matching_nothing_say_so(logs):
    with pytest.raises(UserError, match="no games match players=2"):
        LogDatabase([logs], Filters(players=(2,)))
