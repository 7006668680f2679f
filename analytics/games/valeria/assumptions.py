"""Valeria's assumption sets: one folder of TOML files per set, every row marked
`source = "seed" | "public" | "assumed"`, read and checked into an AssumptionSet (the folder,
row and hash discipline is analytics/games/assumption_sets.py's). Any mistake is one UserError
naming the file and the row; a row marked seed or public must say what seed.py transcribes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from analytics.errors import UserError
from analytics.games.assumption_sets import (
    DEFAULT_SET,
    RowError,
    SetFolders,
    id_tag,
    integer,
    one_of,
    unique_ids,
)
from analytics.games.valeria import seed
from analytics.games.valeria.catalogue import (
    Area,
    AssumptionSet,
    Award,
    Board,
    Chain,
    Champion,
    Face,
    Gains,
    GreatBattle,
    Plan,
    Power,
    SpellCard,
)
from analytics.games.valeria.words import (
    CAPPED,
    CHAMPION_KINDS,
    COUNTS,
    GAINS,
    SPELL_EFFECTS,
    TRIGGERS,
    TROOPS,
)

FILES = ("set.toml", "board.toml", "plans.toml", "champions.toml", "awards.toml",
         "campaign.toml", "great_battles.toml", "spells.toml")
FOLDERS = SetFolders.beside(__file__, FILES)
SETS_DIR = FOLDERS.root
set_names = FOLDERS.names
UNLOCKS = ("troop_space", *(f"cap_{t}" for t in CAPPED))
NUMBERS = ("troop_spaces", "reserve", "line", "display", "battles_to_end", "conquest_markers",
           "participation_markers", "spells_dealt", "great_battle_display", "tactics_influence",
           "gold_base", "magic_gain", "gem_gain")
SIDES = ("standard", "difficult")
PLAYERS = (1, 2, 3, 4, 5)


def parse_gains(text: str, allowed: tuple[str, ...] = GAINS) -> Gains:
    """'2 gold + 1 magic' -> (('gold', 2), ('magic', 1)); '' -> ()."""
    if not text.strip():
        return ()
    found = []
    for part in text.split("+"):
        words = part.split()
        if len(words) != 2 or not words[0].isdigit() or words[1] not in allowed:
            raise RowError(f"{part.strip()!r} is not 'N thing' with thing one of "
                           f"{', '.join(allowed)}")
        found.append((words[1], int(words[0])))
    return tuple(found)


def troops(text: str, low: int, high: int) -> tuple[str, ...]:
    found = tuple(text.split("+"))
    if not low <= len(found) <= high or any(t not in TROOPS for t in found):
        raise RowError(f"troops {text!r}: {low} to {high} of {', '.join(TROOPS)} joined by '+'")
    return found


# ---- the board ----

def board(folder: Path) -> Board:
    name = "board.toml"

    def rows(table: str, build, tag=None) -> list[Any]:
        return FOLDERS.rows(folder, name, table, build,
                            tag or (lambda n, r: f"{table} {n}"))

    per = {r[0]: r[1:] for r in rows("players", lambda r: (
        integer(r, "players", 1, 5), integer(r, "per_colour", 1, 20),
        integer(r, "per_shrine", 1, 10), integer(r, "gems", 0, 50)),
        lambda n, r: f"players {n} ({r.get('players')})")}
    missing = [p for p in PLAYERS if p not in per]
    if missing:
        raise UserError(f"{folder / name}: no [[players]] row for {missing[0]} player(s)")
    faces = rows("face", face, lambda n, r: f"face {n} ({r.get('die')} side {r.get('side')})")
    troop = {f.pip: f for kind, f in faces if kind == "troop"}
    wraith = tuple(f for kind, f in faces if kind == "wraith")
    if sorted(troop) != [1, 2, 3, 4, 5, 6] or len(wraith) != 6:
        raise UserError(f"{folder / name}: a troop die has pips 1-6 and a Wraith die 6 sides")
    check_wraith(folder / name, wraith)
    tracks = {t: (s, c) for t, s, c in rows("track", lambda r: (
        one_of(r, "track", CAPPED), integer(r, "start", 0, 100), integer(r, "cap", 1, 100)),
        lambda n, r: f"track {n} ({r.get('track')})")}
    for track in CAPPED:
        if track not in tracks or tracks[track][0] > tracks[track][1]:
            raise UserError(f"{folder / name}: track {track!r} needs a row with start <= cap")
    chart = ascending(folder / name, "chart", rows("chart", lambda r: (
        integer(r, "strength", 0, 100), integer(r, "vp", 0, 100))))
    unlocks = dict(rows("unlock", lambda r: (integer(r, "marker", 1, 20),
                                             parse_gains(str(r["gains"]), UNLOCKS))))
    numbers = dict(rows("number", lambda r: (one_of(r, "name", NUMBERS),
                                             integer(r, "value", 0, 100))))
    for needed in NUMBERS:
        if needed not in numbers:
            raise UserError(f"{folder / name}: no [[number]] row named {needed!r}")
    if sorted(unlocks) != list(range(1, numbers["conquest_markers"] + 1)):
        raise UserError(f"{folder / name}: one [[unlock]] per Conquest Marker, 1 to "
                        f"{numbers['conquest_markers']}")
    ladder = [vp for _, vp in sorted(rows("award_vp", lambda r: (
        integer(r, "order", 1, 10), integer(r, "vp", 0, 100))))]
    prices: dict[str, dict[int, int]] = {s: {} for s in SIDES}
    for side, dice, gold in rows("titan_price", titan_price):
        prices[side][dice] = gold
    battle: dict[str, list[tuple[int, int]]] = {s: [] for s in SIDES}
    for side, low, vp in rows("battle_chart", battle_row):
        battle[side].append((low, vp))
    for side in SIDES:
        if sorted(prices[side]) != [1, 2, 3]:
            raise UserError(f"{folder / name}: titan_price {side}: one row for 1, 2 and 3 dice")
    adversary = dict(rows("adversary", lambda r: (str(r["name"]), integer(r, "value", 0, 100))))
    return Board({p: v[0] for p, v in per.items()}, {p: v[1] for p, v in per.items()},
                 {p: v[2] for p, v in per.items()}, troop, wraith,
                 {t: v[0] for t, v in tracks.items()}, {t: v[1] for t, v in tracks.items()},
                 chart, tuple(unlocks[m] for m in sorted(unlocks)), numbers, tuple(ladder),
                 {s: tuple(prices[s][n] for n in (1, 2, 3)) for s in SIDES},
                 {s: ascending(folder / name, f"battle_chart {s}", battle[s]) for s in SIDES},
                 adversary)


def face(r: dict) -> tuple[str, Face]:
    kind = one_of(r, "die", ("troop", "wraith"))
    return kind, Face(integer(r, "pip", 1, 6), integer(r, "strength", 0, 20),
                      integer(r, "discount", 0, 20), integer(r, "opposite", 1, 6))


def check_wraith(path: Path, wraith: tuple[Face, ...]) -> None:
    """The seed: 1, 1, 2, 2, 3, 3, opposite sides adding up to 4."""
    if (tuple(sorted(f.pip for f in wraith)) != seed.WRAITH_PIPS
            or any(f.pip + f.opposite != seed.WRAITH_SUM for f in wraith)):
        raise UserError(f"{path}: the Wraith die is printed 1, 1, 2, 2, 3, 3 with opposite "
                        "sides adding up to 4")


def ascending(path: Path, what: str, chart: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    chart = sorted(chart)
    falls = any(b[1] < a[1] for a, b in zip(chart, chart[1:], strict=False))
    if not chart or chart[0][0] != 0 or falls:
        raise UserError(f"{path}: {what} must start at Strength 0 and never fall")
    return tuple(chart)


def titan_price(r: dict) -> tuple[str, int, int]:
    side, dice, gold = one_of(r, "side", SIDES), integer(r, "dice", 1, 3), integer(r, "gold", 0)
    if r["source"] == "seed" and seed.TITAN_PRICES[side][dice - 1] != gold:
        raise RowError(f"marked source = \"seed\" but the rulebook prints "
                       f"{seed.TITAN_PRICES[side][dice - 1]} Gold")
    return side, dice, gold


def battle_row(r: dict) -> tuple[str, int, int]:
    side, low, vp = one_of(r, "side", SIDES), integer(r, "strength", 0), integer(r, "vp", 0)
    printed = dict(seed.BATTLE_CHART_STANDARD) if side == "standard" else {26: 4}
    if r["source"] == "seed" and printed.get(low) != vp:
        raise RowError("marked source = \"seed\" but the rulebook prints no such row")
    return side, low, vp


# ---- cards ----

def plan(r: dict) -> Plan:
    return Plan(str(r["id"]), troops(str(r["troops"]), 1, 6), integer(r, "extra", 0, 3),
                integer(r, "vp", 0, 50), integer(r, "cost", 0, 20), r["source"])


def champion(r: dict) -> Champion:
    kind = one_of(r, "kind", CHAMPION_KINDS)
    trigger = str(r.get("trigger", ""))
    if kind == "ongoing" and trigger not in TRIGGERS:
        raise RowError(f"trigger {trigger!r} is not one of {', '.join(TRIGGERS)}")
    if kind == "endgame" and trigger not in COUNTS:
        raise RowError(f"trigger {trigger!r} (what it counts) is not one of {', '.join(COUNTS)}")
    if kind == "instant" and trigger:
        raise RowError("an instant Champion has no trigger")
    gains = parse_gains(str(r["effect"]))
    per = integer(r, "per", 1, 50) if kind == "endgame" else 1
    text = (f"{trigger}: {r['effect']}" if kind == "ongoing" else
            f"{r['effect']} per {per} {trigger}" if kind == "endgame" else str(r["effect"]))
    return Champion(str(r["id"]), str(r["name"]), kind, integer(r, "cost", 0, 30), trigger,
                    gains, per, text, r["source"])


def award(r: dict) -> Award:
    return Award(str(r["id"]), integer(r, "deck", 1, 3), one_of(r, "needs", COUNTS),
                 integer(r, "count", 1, 50), r["source"])


def area(r: dict) -> Area:
    return Area(str(r["map"]), str(r["id"]), parse_gains(str(r["gains"])), r["source"])


def chain(r: dict) -> Chain:
    sides = tuple(str(r["between"]).split("+"))
    if len(sides) != 2:
        raise RowError(f"between {r['between']!r} names two Skirmish Areas joined by '+'")
    return Chain(str(r["map"]), str(r["id"]), sides, parse_gains(str(r["gains"])),  # type: ignore[arg-type]
                 r["source"])


def great_battle(r: dict) -> GreatBattle:
    spaces = r["spaces"]
    if not isinstance(spaces, list) or len(spaces) != 5:
        raise RowError("a Great Battle card has five Troop spaces (spaces = [5 rewards])")
    return GreatBattle(str(r["id"]), str(r["name"]), troops(str(r["troops"]), 1, 5),
                       tuple(parse_gains(str(s)) for s in spaces), r["source"])


def power(r: dict) -> Power:
    got = Power(str(r["id"]), str(r["name"]), one_of(r, "effect", SPELL_EFFECTS),
                integer(r, "amount", 0, 20), parse_gains(str(r.get("gains", ""))), r["source"])
    if got.source == "seed" and seed.POWERS.get(got.id) != (got.effect, got.amount, got.gains):
        raise RowError("marked source = \"seed\" but the rulebook explains "
                       f"{seed.POWERS.get(got.id, 'no such power')}")
    return got


def spell(r: dict) -> SpellCard:
    return SpellCard(str(r["id"]), (str(r["top"]), str(r["bottom"])), r["source"])


# ---- the set ----

def load_set(name_or_dir: str = DEFAULT_SET) -> AssumptionSet:
    """The checked assumption set of a shipped name or a folder."""
    head = FOLDERS.open(name_or_dir, {**seed.COUNTS, **seed.PUBLIC_COUNTS})
    folder = head.folder
    found = {"battle_plans": FOLDERS.rows(folder, "plans.toml", "plan", plan, id_tag("plan")),
             "champions": FOLDERS.rows(folder, "champions.toml", "champion", champion,
                                       id_tag("champion")),
             "awards": FOLDERS.rows(folder, "awards.toml", "award", award, id_tag("award")),
             "great_battles": FOLDERS.rows(folder, "great_battles.toml", "card", great_battle,
                                           id_tag("card")),
             "spell_cards": FOLDERS.rows(folder, "spells.toml", "card", spell, id_tag("card"))}
    powers = FOLDERS.rows(folder, "spells.toml", "power", power, id_tag("power"))
    files = {"battle_plans": "plans.toml", "champions": "champions.toml",
             "awards": "awards.toml", "great_battles": "great_battles.toml",
             "spell_cards": "spells.toml"}
    for component, items in found.items():
        unique_ids(folder / files[component], component, items)
        head.check_count("set.toml", component, items)
    unique_ids(folder / "spells.toml", "power", powers)
    by_power = {p.id: p for p in powers}
    for card in found["spell_cards"]:
        for pid in card.powers:
            if pid not in by_power:
                raise UserError(f"{folder / 'spells.toml'}: card {card.id!r} names unknown "
                                f"power {pid!r}")
    for deck in (1, 2, 3):
        if not any(a.deck == deck for a in found["awards"]):
            raise UserError(f"{folder / 'awards.toml'}: no Award in deck {deck}")
    areas, chains = campaign(folder)
    sources = head.sources
    return AssumptionSet(
        head.name, head.hash, head.description, head.counts, board(folder),
        {p.id: p for p in found["battle_plans"]}, {c.id: c for c in found["champions"]},
        {a.id: a for a in found["awards"]}, areas, chains,
        tuple(sorted({a.map for a in areas.values()})),
        {g.id: g for g in found["great_battles"]}, by_power,
        {s.id: s for s in found["spell_cards"]}, sources["assumed"], sources["seed"],
        sources["public"])


def campaign(folder: Path) -> tuple[dict[str, Area], dict[str, Chain]]:
    name = "campaign.toml"
    areas = FOLDERS.rows(folder, name, "area", area,
                         lambda n, r: f"area {n} ({r.get('map')}:{r.get('id')})")
    chains = FOLDERS.rows(folder, name, "chain", chain,
                          lambda n, r: f"chain {n} ({r.get('map')}:{r.get('id')})")
    by_id = {f"{a.map}:{a.id}": a for a in areas}
    if len(by_id) != len(areas):
        raise UserError(f"{folder / name}: a map names the same Skirmish Area twice")
    for c in chains:
        for side in c.between:
            if f"{c.map}:{side}" not in by_id:
                raise UserError(f"{folder / name}: chain {c.map}:{c.id} lies beside "
                                f"{side!r}, not a Skirmish Area of map {c.map}")
    return by_id, {f"{c.map}:{c.id}": c for c in chains}
