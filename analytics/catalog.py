"""What `dicelab list` shows: bots, card sets, cards, faces, rule options, queries."""

from __future__ import annotations

import polars as pl

from analytics.query import list_queries

# Game content is imported by the functions that list it: every `dicelab` command loads this
# module (for LISTS), and the analysis commands should not pay for loading the game engine.

LISTS = ("bots", "sets", "cards", "faces", "rules", "queries")


def listing(what: str, game: str = "diceforge") -> pl.DataFrame:
    """One table for `dicelab list WHAT`."""
    from analytics.games import get_game

    get_game(game)
    return {"bots": bots, "sets": sets, "cards": cards, "faces": faces, "rules": rules,
            "queries": queries}[what](game)


def bots(game: str) -> pl.DataFrame:
    from analytics.policies import available_bots

    found = available_bots(game)
    return pl.DataFrame({"bot": list(found), "about": list(found.values())})


def sets(game: str) -> pl.DataFrame:
    from analytics.games.diceforge.content import load_card_set, preset_names

    loaded = [load_card_set(name) for name in preset_names()]
    return pl.DataFrame({"set": [s.name for s in loaded],
                         "cards": [", ".join(s.card_ids) for s in loaded]})


def cards(game: str) -> pl.DataFrame:
    from analytics.games.diceforge.components import CARDS

    rows = [{"card": c.id, "name": c.name, "slot": c.slot, "island": c.island, "moon": c.moon,
             "sun": c.sun, "glory": c.glory, "timing": c.timing, "origin": c.origin}
            for c in CARDS.values()]
    return pl.DataFrame(rows)


def faces(game: str) -> pl.DataFrame:
    from analytics.games.diceforge.components import FACES, SANCTUARY

    pool_of = {f: i + 1 for i, pool in enumerate(SANCTUARY) for f in pool}
    rows = [{"face": f.id, "pool": pool_of.get(f.id), "cost": f.cost, "level": f.level,
             "gives": _gives(f)} for f in FACES.values()]
    rows.append({"face": "boar", "pool": None, "cost": 0, "level": 0,
                 "gives": "1 sun / 1 moon; owner: 1 sun / 1 moon / 3 glory"})
    return pl.DataFrame(rows)


def _gives(face) -> str:
    if face.special and face.special != "shield":
        return face.special
    text = " / ".join(" + ".join(f"{n} {r}" for r, n in bundle) for bundle in face.bundles)
    return f"5 glory if the other die gives {face.colour}, else {text}" if face.special else text


def rules(game: str) -> pl.DataFrame:
    from analytics.games.diceforge.options import RULE_OPTIONS

    rows = [{"rule": name, "default": default, "values": " | ".join(values), "meaning": about}
            for name, (default, values, about) in RULE_OPTIONS.items()]
    return pl.DataFrame(rows)


def queries(game: str) -> pl.DataFrame:
    return list_queries()
