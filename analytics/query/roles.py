"""The game's roles in an open log database: read from every run folder (one game, one set of
roles, or a UserError), kept as the `roles` table the query macros join, with the
`component_sources` view (what each component's score counts as)."""

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
    columns = {row[0] for row in con.execute("describe components").fetchall()}
    attribute = roles.score_source_attribute
    # View definitions take no binds: the attribute is a column the catalogue declared.
    named = f'c."{attribute}"' if attribute in columns else "null"
    con.execute(f"""
        create view component_sources as
        select c.run_id, c.component, c.kind, coalesce({named}, r.value) as source
        from components as c
        left join roles as r on r.role = 'score_source' and r.kind = c.kind""")
