"""The game's roles in an open log database: read from every run folder (one game, one set of
roles, or a UserError), kept as the `roles` table, the constant macros `score_resource()` and
`role_list(role, kind)` the query macros filter with, and the `component_sources` view (what
each component's score counts as)."""

from __future__ import annotations

from collections.abc import Iterable

import duckdb
import polars as pl

from analytics.errors import UserError
from analytics.eventlog.reader import read_roles
from analytics.eventlog.roles import Roles
from analytics.eventlog.store import Location


def pooled_roles(folders: Iterable[Location], game: str | None = None) -> Roles:
    """The one game's roles of `folders`; runs of two games (or of `game` and another, when it
    is given) or of one game with different roles do not pool."""
    found: dict[Roles, list[str]] = {}
    for folder in folders:
        found.setdefault(read_roles(folder), []).append(str(folder))
    games = sorted({roles.game for roles in found})
    if len(games) > 1:
        raise UserError(f"the logs hold runs of {' and '.join(games)}: read one game at a time")
    if len(found) > 1:
        raise UserError(f"the runs of {games[0]} carry different roles (logged by different "
                        f"releases?): {'; '.join(v[0] for v in found.values())}")
    (roles,) = found
    if game is not None and roles.game != game:
        raise UserError(f"--game {game}: these logs are of {roles.game} "
                        f"({next(iter(found.values()))[0]})")
    return roles


def create_roles(con: duckdb.DuckDBPyConnection, roles: Roles) -> None:
    """The `roles` table and the `component_sources` view, once the `components` view is."""
    con.register("_roles_rows", pl.DataFrame(roles.rows(), schema={
        "role": pl.String, "kind": pl.String, "value": pl.String}))
    con.execute("create table roles as select * from _roles_rows")
    con.unregister("_roles_rows")
    # Constants, not lookups in `roles`: DuckDB pushes constant filters into the Parquet scan.
    con.execute(f"create or replace macro score_resource() as {quoted(roles.score)}")
    cases = " ".join(f"when role_name = {quoted(role)} and component_type = {quoted(kind)} "
                     f"then {_list(values)}" for (role, kind), values in _lists(roles).items())
    con.execute("create or replace macro role_list(role_name, component_type) as "
                f"case {cases} else []::varchar[] end")
    columns = {row[0] for row in con.execute("describe components").fetchall()}
    attribute = roles.score_source_attribute
    # View definitions take no binds: the attribute is a column the catalogue declared.
    named = f'c."{attribute}"' if attribute in columns else "null"
    # `split`: the component's score counts as its kind's own source, which the roles split
    # into printed score (after the last turn) and effect.
    con.execute(f"""
        create view component_sources as
        select c.run_id, c.component, c.kind, coalesce({named}, k.value) as source,
               coalesce(e.kind is not null and coalesce({named}, k.value) = k.value, false)
                   as split
        from components as c
        left join roles as k on k.role = 'score_source' and k.kind = c.kind
        left join roles as e on e.role = 'end_score' and e.kind = c.kind""")


def _lists(roles: Roles) -> dict[tuple[str, str], list[str]]:
    """The words of each (role, kind), and of each component role over every kind ('*')."""
    lists: dict[tuple[str, str], list[str]] = {}
    for row in roles.rows():
        lists.setdefault((row["role"], row["kind"]), []).append(row["value"])
        if row["kind"]:
            every = lists.setdefault((row["role"], "*"), [])
            every += [row["value"]] if row["value"] not in every else []
    return lists


def quoted(text: str) -> str:
    # Macro bodies take no binds: the roles' words are quoted here, escaping quotes.
    return "'" + text.replace("'", "''") + "'"


def _list(values: list[str]) -> str:
    return "[" + ", ".join(map(quoted, values)) + "]::varchar[]"
