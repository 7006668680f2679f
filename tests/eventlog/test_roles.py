"""A run folder carries its game's roles (roles.json); readers take them from there, or for a
run logged without them from the legacy roles of its game, and pool one game's runs only."""

from __future__ import annotations

from dataclasses import replace

import pytest

from analytics.errors import UserError
from analytics.eventlog.reader import read_roles
from analytics.eventlog.roles import ROLES_FILE, ComponentRoles, Roles
from analytics.games import GAMES
from analytics.games.diceforge.roles import ROLES
from analytics.query.database import Filters, LogDatabase
from tests.analytics_fixtures import LogBuilder


def _run(folder, run_id="run-a"):
    b = LogBuilder(run_id=run_id, players=2)
    b.game(1, (5, 3))
    return b.write(folder)


def test_every_game_stores_and_reads_back_its_roles():
    for game in GAMES.values():
        assert Roles.from_json(game.roles.to_json()) == game.roles
        assert game.roles.game == game.name


def test_a_run_folder_carries_its_roles(tmp_path):
    run = _run(tmp_path / "run")
    assert read_roles(run) == ROLES
    with LogDatabase([run]) as db:
        assert db.roles == ROLES
        kinds = db.con.sql("select value from roles where role = 'component' order by value")
        assert [k for (k,) in kinds.fetchall()] == sorted(ROLES.kinds)


def test_a_run_without_roles_reads_its_games_legacy_roles(tmp_path):
    run = _run(tmp_path / "run")
    (run / ROLES_FILE).unlink()
    assert read_roles(run) == ROLES


def test_runs_of_two_games_do_not_pool(tmp_path):
    other = replace(ROLES, game="other", components=(
        ComponentRoles("token", "token", "tokens", ("token_taken",), (), ()),))
    a, b = _run(tmp_path / "a"), _run(tmp_path / "b", "run-b")
    (b / ROLES_FILE).write_text(other.to_json())
    with pytest.raises(UserError, match="runs of diceforge and other"):
        LogDatabase([a, b])
    with pytest.raises(UserError, match="--game other: these logs are of diceforge"):
        LogDatabase([a], Filters(game="other"))


def test_an_unknown_kind_is_one_line_naming_the_kinds():
    with pytest.raises(UserError, match="diceforge has no component kind 'die'; its kinds: "
                                        "card, face"):
        ROLES.component("die")
