"""What `dicelab list` shows: what a game offers to build a setup (bots, card sets, modules,
rule options, its own lists such as cards and faces), and the queries. Games are reached only
through their plugin.
"""

from __future__ import annotations

import inspect

import polars as pl

from analytics.errors import UserError
from analytics.query.database import list_queries

# The game is imported by the functions that list it: every `dicelab` command loads this
# module, and the analysis commands should not pay for loading the game engine.


def listing(what: str, game: str = "diceforge", module: str | None = None,
            assumptions: str | None = None) -> pl.DataFrame:
    """One table for `dicelab list WHAT`; an unknown WHAT or module is one line naming the
    valid ones. A game's own list drawn from an assumption set (Altera's factions) lists
    `assumptions`' (a shipped set's name or a folder), else the default set's."""
    from analytics.games import get_game

    plugin = get_game(game)
    if module is not None and module not in plugin.modules:
        raise UserError(f"--module {module!r} is not a module of {game}; valid: "
                        f"{', '.join(plugin.modules)}")
    own = plugin.tables()
    if what in LISTS:
        return LISTS[what](plugin)
    if what in own:  # a table drawn per module (a board) takes the module named
        table = own[what]
        takes = inspect.signature(table).parameters
        if assumptions is not None and "assumptions" not in takes:
            raise UserError(f"--assumptions: {game}'s {what} are not drawn from an assumption "
                            "set (its catalogues are the rulebook's)")
        given = {name: value for name, value in (("module", module), ("assumptions", assumptions))
                 if value is not None and name in takes}
        return pl.DataFrame(table(**given))
    raise UserError(f"dicelab list {what!r}: {game} lists {', '.join([*LISTS, *own])}")


def _bots(plugin) -> pl.DataFrame:
    found = plugin.bots()
    return pl.DataFrame({"bot": list(found), "about": list(found.values())})


def _sets(plugin) -> pl.DataFrame:
    found = plugin.card_sets()
    return pl.DataFrame({"set": list(found), "cards": [", ".join(ids) for ids in found.values()]})


def _modules(plugin) -> pl.DataFrame:
    return pl.DataFrame({"module": list(plugin.modules), "about": list(plugin.modules.values())})


def _rules(plugin) -> pl.DataFrame:
    rows = [{"rule": name, "default": default, "values": " | ".join(values), "meaning": about}
            for name, (default, values, about) in plugin.rule_options().items()]
    return pl.DataFrame(rows)


def _queries(plugin) -> pl.DataFrame:
    return list_queries()


LISTS = {"bots": _bots, "sets": _sets, "modules": _modules, "rules": _rules,
         "queries": _queries}  # for every game, besides its own lists
