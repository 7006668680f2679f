"""Assumption sets: one folder of TOML files per set (the rulebook's rows marked
`source = "seed"`, the rest `"assumed"`), read and checked into an AssumptionSet.

Any mistake is one UserError naming the file and the row ('dice.toml: die 3 (artisan tier
2): face 'coin+gold': unknown icon 'gold'').
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from analytics.errors import UserError
from analytics.games.altera import seed
from analytics.games.altera.catalogue import (
    Ability,
    Artifact,
    AssumptionSet,
    Die,
    Face,
    Faction,
    GuildCard,
    Need,
    Objective,
    Space,
    Tracks,
    die_id,
)
from analytics.games.altera.rewards import RewardError, parse_reward
from analytics.games.altera.words import BASIC, BLANK, GUILDS, ICONS, OBJECTIVE_RESOURCES, TRACKS
from analytics.games.assumption_sets import (
    DEFAULT_SET,
    RowError,
    SetFolders,
    id_tag,
    integer,
    one_of,
    unique_ids,
)

FILES = ("set.toml", "dice.toml", "guild_cards.toml", "factions.toml", "artifacts.toml",
         "objectives.toml", "tracks.toml")
FOLDERS = SetFolders.beside(__file__, FILES)
SETS_DIR = FOLDERS.root
set_names = FOLDERS.names
DECK = {1: 1, 2: 3, 3: 3}  # a Guild deck: 1 Stage 1 card, 3 Stage 2, 3 Stage 3


def rows(folder: Path, name: str, table: str, build, tag) -> list[Any]:
    return FOLDERS.rows(folder, name, table, build, tag, (RewardError,))


def reward(row: dict, field: str) -> Any:
    try:
        return parse_reward(str(row.get(field, "")))
    except RewardError as err:
        raise RowError(f"{field}: {err}") from None


# ---- dice ----

def face(text: str) -> Face:
    if text == BLANK:
        return Face(BLANK, ())
    icons = tuple(text.split("+"))
    for icon in icons:
        if icon not in ICONS:
            raise RowError(f"face {text!r}: unknown icon {icon!r} (icons: {', '.join(ICONS)})")
    return Face(text, icons)


def die(row: dict) -> Die:
    guild = one_of(row, "guild", (BASIC, *GUILDS))
    tier = integer(row, "tier", 0, 3)
    if (tier == 0) != (guild == BASIC):
        raise RowError("tier 0 dice are basic (white); tiers 1-3 belong to a Guild")
    faces = row["faces"]
    if not isinstance(faces, list) or len(faces) != 6:
        got = len(faces) if isinstance(faces, list) else repr(faces)
        raise RowError(f"a die has 6 faces (got {got})")
    return Die(guild, tier, tuple(face(str(f)) for f in faces), row["source"])


def die_tag(number: int, row: dict) -> str:
    return f"die {number} ({row.get('guild')} tier {row.get('tier')})"


# ---- Guild cards ----

def space(number: int, card_guild: str, data: Any) -> Space:
    if not isinstance(data, dict):
        raise RowError(f"space{number} must be a table {{ guild, icon, reward }}")
    guild = str(data.get("guild", ""))
    icon = str(data.get("icon", ""))
    if guild not in ("", "any", *GUILDS):
        raise RowError(f"space{number}: unknown Guild requirement {guild!r}")
    if icon and icon not in ICONS:
        raise RowError(f"space{number}: unknown icon requirement {icon!r}")
    needs_icon, needs_guild = number in (1, 3), number in (2, 3)
    if needs_icon != bool(icon) or needs_guild != (guild not in ("", "any")):
        raise RowError(f"space{number} has {'an icon' if needs_icon else 'no icon'} "
                       f"requirement and {'a' if needs_guild else 'no'} Guild requirement "
                       "(1: icon, 2: Guild, 3: both)")
    try:
        got = parse_reward(str(data.get("reward", "")))
    except RewardError as err:
        raise RowError(f"space{number} reward: {err}") from None
    return Space(number, "" if guild == "any" else guild, icon, got)


def card(row: dict) -> GuildCard:
    guild = one_of(row, "guild", GUILDS)
    spaces = tuple(space(n, guild, row[f"space{n}"]) for n in (1, 2, 3))
    return GuildCard(str(row["id"]), guild, integer(row, "stage", 1, 3), reward(row, "clash"),
                     spaces, row["source"])  # type: ignore[arg-type]


def check_decks(path: Path, cards: list[GuildCard]) -> None:
    for guild in GUILDS:
        for stage, needed in DECK.items():
            have = sum(1 for c in cards if c.guild == guild and c.stage == stage)
            if have < needed:
                raise UserError(f"{path}: the {guild} deck needs {needed} Stage {stage} "
                                f"card(s) (1+3+3), the set has {have}")


# ---- abilities, Factions, Artifacts ----

def ability(text: str) -> Ability:
    """'none', 'round: R', 'discount N', 'after_clash TRACK: R', 'on_resolve FILTER: R',
    'on_reputation TRACK: R'."""
    text = text.strip()
    if text == "none":
        return Ability("none")
    head, colon, body = text.partition(":")
    words = head.split()
    if not colon and len(words) == 2 and words[0] == "discount" and words[1].isdigit():
        return Ability("discount", amount=int(words[1]), text=text)
    kind = words[0] if words else ""
    target = words[1] if len(words) == 2 else ""
    targets = {"round": ("",), "after_clash": TRACKS, "on_reputation": TRACKS,
               "on_resolve": (*GUILDS, "tier1", "tier2", "tier3")}
    if not colon or kind not in targets or target not in targets[kind] or len(words) > 2:
        raise RowError(f"ability {text!r} is not one of: none, round: R, discount N, "
                       "after_clash TRACK: R, on_resolve GUILD|tierN: R, on_reputation TRACK: R")
    try:
        return Ability(kind, target, parse_reward(body), text=text)
    except RewardError as err:
        raise RowError(f"ability {text!r}: {err}") from None


def faction(row: dict) -> Faction:
    tier1 = row["tier1"]
    if not isinstance(tier1, list) or any(g not in GUILDS for g in tier1):
        raise RowError(f"tier1 must list Guilds ({', '.join(GUILDS)})")
    return Faction(str(row["id"]), str(row["name"]), integer(row, "priority", 0),
                   integer(row, "tier0", 0, 20), tuple(tier1), reward(row, "resources"),
                   ability(str(row["ability"])), row["source"])


def artifact(row: dict) -> Artifact:
    return Artifact(str(row["id"]), str(row["name"]), integer(row, "craft_cost", 0),
                    reward(row, "craft_reward"), integer(row, "upgrade_cost", 0),
                    reward(row, "upgrade_reward"), ability(str(row["ability"])),
                    ability(str(row["upgraded"])), row["source"])


# ---- Objectives ----

def need(text: str) -> Need:
    words = text.split()
    count = 1
    if len(words) == 2 and words[0].isdigit() and int(words[0]) > 0:
        count, words = int(words[0]), words[1:]
    if len(words) != 1:
        raise RowError(f"need {text.strip()!r} is not '[N] thing'")
    thing = words[0]
    if thing in OBJECTIVE_RESOURCES:
        return Need(thing, count)
    parts = thing.split("-")
    if parts[0] != "die":
        raise RowError(f"unknown need {thing!r} ({', '.join(OBJECTIVE_RESOURCES)} or "
                       "die[-GUILD][-tierK])")
    guild, tier = "", -1
    for part in parts[1:]:
        if part in (*GUILDS, "guild") and not guild:
            guild = part
        elif part in ("tier0", "tier1", "tier2", "tier3") and tier < 0:
            tier = int(part[-1])
        else:
            raise RowError(f"unknown die condition {part!r} in {thing!r}")
    return Need("die", count, guild, tier)


def objective(row: dict) -> Objective:
    text = str(row["needs"])
    return Objective(str(row["id"]), tuple(need(n) for n in text.split("+")), text,
                     row["source"])


# ---- tracks ----

def tracks(folder: Path) -> Tracks:
    name = "tracks.toml"
    path = folder / name
    length = dict(rows(folder, name, "length", lambda r: (one_of(r, "track", TRACKS),
                                                          integer(r, "spaces", 1, 100)),
                       lambda n, r: f"length {n} ({r.get('track')})"))
    for track in TRACKS:
        if track not in length:
            raise UserError(f"{path}: no [[length]] row for track {track!r}")

    def printed(r: dict) -> tuple[tuple[str, int], Any]:
        track = one_of(r, "track", TRACKS)
        return (track, integer(r, "position", 1, length[track])), reward(r, "reward")

    def section(r: dict) -> tuple[int, int, Any]:
        first = integer(r, "first", 1, length["council"])
        return first, integer(r, "last", first, length["council"]), reward(r, "clash")

    def price(r: dict) -> tuple[str, int, int]:
        guild = one_of(r, "guild", GUILDS)
        return guild, integer(r, "position", 1, length[guild]), integer(r, "coins", 0)

    rewards = dict(rows(folder, name, "space", printed,
                        lambda n, r: f"space {n} ({r.get('track')} {r.get('position')})"))
    sections = tuple(sorted(rows(folder, name, "section", section,
                                 lambda n, r: f"section {n}")))
    covered = [p for first, last, _ in sections for p in range(first, last + 1)]
    if covered != list(range(1, length["council"] + 1)):
        raise UserError(f"{path}: the High Council sections must cover spaces 1 to "
                        f"{length['council']} once each, in order")
    benefactor: dict[str, list[tuple[int, int]]] = {g: [] for g in GUILDS}
    for guild, position, coins in rows(folder, name, "benefactor", price,
                                       lambda n, r: f"benefactor {n} ({r.get('guild')})"):
        benefactor[guild].append((position, coins))
    for guild, prices in benefactor.items():
        prices.sort()
        if not prices:
            raise UserError(f"{path}: no [[benefactor]] price for {guild}")
        if any(b[1] > a[1] for a, b in zip(prices, prices[1:], strict=False)):
            raise UserError(f"{path}: {guild} Benefactor prices must not rise with position")
    return Tracks(length, rewards, sections, {g: tuple(p) for g, p in benefactor.items()})


# ---- the set ----

def load_set(name_or_dir: str = DEFAULT_SET) -> AssumptionSet:
    """The checked assumption set of a shipped name or a folder."""
    head = FOLDERS.open(name_or_dir, seed.COUNTS)
    folder = head.folder
    dice = rows(folder, "dice.toml", "die", die, die_tag)
    by_id = {d.id: d for d in dice}
    for tier, guilds in ((0, (BASIC,)), *((t, GUILDS) for t in (1, 2, 3))):
        for guild in guilds:
            if die_id(guild, tier) not in by_id:
                raise UserError(f"{folder / 'dice.toml'}: no die for {guild} tier {tier}")
    if len(by_id) != len(dice):
        raise UserError(f"{folder / 'dice.toml'}: a Guild and tier appears twice")
    cards = rows(folder, "guild_cards.toml", "card", card, id_tag("card"))
    check_decks(folder / "guild_cards.toml", cards)
    factions = rows(folder, "factions.toml", "faction", faction, id_tag("faction"))
    artifacts = rows(folder, "artifacts.toml", "artifact", artifact, id_tag("artifact"))
    objectives = rows(folder, "objectives.toml", "objective", objective, id_tag("objective"))
    for file, table, component, items in (
            ("guild_cards.toml", "card", "guild_cards", cards),
            ("factions.toml", "faction", "factions", factions),
            ("artifacts.toml", "artifact", "artifacts", artifacts),
            ("objectives.toml", "objective", "objectives", objectives)):
        unique_ids(folder / file, table, items)
        head.check_count("set.toml", component, items)
    for needed in ("factions", "artifacts"):
        if needed not in head.counts:
            raise UserError(f"{folder / 'set.toml'}: no [[count]] row for {needed}")
    check_seed_rows(folder, factions, artifacts)
    priorities = Counter(f.priority for f in factions)
    if max(priorities.values()) > 1:
        raise UserError(f"{folder / 'factions.toml'}: two Factions share a priority number")
    return AssumptionSet(head.name, head.hash, head.description, head.counts, by_id,
                         {c.id: c for c in cards}, {f.id: f for f in factions},
                         {a.id: a for a in artifacts}, {o.id: o for o in objectives},
                         tracks(folder), head.sources["assumed"], head.sources["seed"])


def printed(ability_text: str) -> tuple:
    """An ability as what it does (kind, target, reward, amount), however it is spaced."""
    parsed = ability(ability_text)
    return parsed.kind, parsed.target, parsed.reward, parsed.amount


def check_seed_rows(folder: Path, factions: list[Faction], artifacts: list[Artifact]) -> None:
    """A row marked seed must say what the rulebook prints (seed.py), word for word in
    meaning; a seed row the rulebook does not print is an error too."""
    for f in factions:
        if f.source == "seed":
            faction_row = seed.FACTIONS.get(f.id)
            seen = (f.name, f.priority, f.tier0, f.tier1, f.resources, printed(f.ability.text))
            if faction_row is None or seen != (*faction_row[:4], parse_reward(faction_row[4]),
                                              printed(faction_row[5])):
                raise UserError(f"{folder / 'factions.toml'}: faction {f.id!r} is marked "
                                "source = \"seed\" but the rulebook prints "
                                f"{'no such Faction' if faction_row is None else faction_row}")
    for a in artifacts:
        if a.source == "seed":
            want = seed.ARTIFACTS.get(a.id)
            got = (a.name, a.craft_cost, a.craft_reward, a.upgrade_cost, a.upgrade_reward,
                   printed(a.ability.text), printed(a.upgraded.text))
            if want is None or got != (want[0], want[1], parse_reward(want[2]), want[3],
                                       parse_reward(want[4]), printed(want[5]),
                                       printed(want[6])):
                raise UserError(f"{folder / 'artifacts.toml'}: artifact {a.id!r} is marked "
                                "source = \"seed\" but the rulebook prints "
                                f"{'no such Artifact' if want is None else want}")
