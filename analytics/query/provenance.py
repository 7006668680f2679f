"""What a command read: runs, card sets (name and content hash), modules, player counts, games.

Every analysis command says this on stderr, and warns when the games it pools come from
different card sets, from different code (runs/code.py), from simulations and
recorded games together, or from a run that is not finished: a
number pooled silently over two setups answers no question. A card set is identified by its
content (a hash of its card ids in slot order) as well as its name, so two different sets called
"base" are never taken for one.
"""

from __future__ import annotations

import hashlib
import os

import polars as pl

from analytics.errors import UserError


def set_hash(card_ids: str) -> str:
    """The content hash of a card set from its card ids in slot order, comma-separated.

    The same 8 hex digits the query `runs_read` computes in DuckDB (md5 of `runs.cards`).
    """
    return hashlib.md5(card_ids.encode()).hexdigest()[:8]


def describe_sets(runs: pl.DataFrame, roles=None) -> str:
    """'sets: base [3f2a1c9e] 10,000 games, ...' from `runs_read` rows; a game whose sets are
    assumption sets (their names carry their content hash): 'under assumption set default
    [6e1f0a2b3c4d] 10,000 games'."""
    grouped = (runs.group_by("card_set", "set_hash", maintain_order=True)
               .agg(pl.col("n_kept").sum()).sort("card_set", "set_hash"))
    if roles is not None and roles.set_word != "card set":
        return "; ".join(f"{roles.set_phrase(r['card_set'])} {r['n_kept']:,} games"
                         for r in grouped.iter_rows(named=True))
    return "sets: " + ", ".join(f"{r['card_set']} [{r['set_hash']}] {r['n_kept']:,} games"
                                for r in grouped.iter_rows(named=True))


def where(folders: list[str]) -> str:
    """The folders read, short: two by name, more as how many under their common folder."""
    if len(folders) <= 2:
        return ", ".join(folders)
    common = os.path.commonpath(folders) if all("://" not in f for f in folders) else ""
    return f"{len(folders)} folders under {common or 'several places'}"


def describe_logs(db, label: str = "--logs") -> tuple[str, ...]:
    """Lines for stderr: what `db` (a LogDatabase) holds after its filters, then warnings."""
    runs = db.run("runs_read")
    folders = where(list(map(str, db.folders)))
    modules = sorted({m or "base" for m in runs["modules"].to_list()})
    players = sorted(set(runs["players"].to_list()))
    games = runs["n_kept"].sum()
    lines = [f"read {label}: {runs.height} run(s) kept from {folders}: {games:,} games "
             f"({db.filters.describe()}); {describe_sets(runs, db.roles)}; modules: "
             f"{', '.join(modules)}; players: {', '.join(map(str, players))}"]
    hashes = runs.select("card_set", "set_hash").unique()
    if hashes.height > 1:
        lines.append(f"warning: these games pool {hashes.height} different card sets "
                     f"({describe_sets(runs)}); pass --set NAME|HASH|FILE to keep one")
    renamed = hashes.group_by("card_set").agg(pl.len()).filter(pl.col("len") > 1)
    for name in renamed["card_set"].to_list():
        lines.append(f"warning: {len(hashes.filter(pl.col('card_set') == name))} different "
                     f"card sets are named {name!r}; they are told apart by the hash in [ ]")
    codes = sorted(set(runs["engine_version"].to_list()))
    if len(codes) > 1:
        lines.append(f"warning: these games were played by {len(codes)} different versions of "
                     f"the code ({', '.join(codes)}): rules or bots may differ between them")
    sources = runs.group_by("source").agg(pl.col("n_kept").sum()).sort("source")
    if sources.height > 1:
        each = ", ".join(f"{r['n_kept']:,} {r['source']}" for r in sources.iter_rows(named=True))
        lines.append(f"warning: these games pool simulated and recorded games ({each}): bots "
                     "and people play differently; pass --source simulated|recorded to keep one")
    # An unfinished run is said once, by the run-folder check every reader makes.
    return tuple(lines)


def no_set_matches(wanted: list[str], sets: pl.DataFrame) -> UserError:
    """The error for a `--set` filter that keeps nothing, listing the sets the logs hold."""
    there = ", ".join(f"{r['card_set']} [{r['set_hash']}] {r['n']:,} games"
                      for r in sets.iter_rows(named=True)) or "none"
    return UserError(f"--set {', '.join(wanted)}: no games of that card set; the logs hold: "
                     f"{there}")


def ambiguous_set(name: str, sets: pl.DataFrame) -> UserError:
    there = ", ".join(f"[{r['set_hash']}] {r['n']:,} games" for r in sets.iter_rows(named=True))
    return UserError(f"--set {name} names {sets.height} different card sets in the logs "
                     f"({there}): pass the hash or the set's file to keep one")
