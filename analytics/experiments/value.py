"""`dicelab value`: what a card is worth to the seats that buy it, by ablation on paired seeds.

The set is played as it is, then again on the same seeds and bots with the card ablated:
replaced by each other card its slot can hold (same cost, not already in the set; `swap`,
the default), or left on its slot but out of every player's reach (`forbid`: the rule option
forbid=CARD, which the game honours wherever it offers a feat), or both. The card's value is
the win rate of the seats that bought it minus the win rate the same seats of the same games
reach without it; each seat's and each bot's change is reported too. Intervals are Student t
over games (each game one cluster). This is the number to read as "how strong is this card":
the owned-vs-not-owned columns of `dicelab cards` say who buys it, not what it does.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import polars as pl

from analytics import stats
from analytics.errors import UserError
from analytics.eventlog.store import Location
from analytics.experiments.arms import ArmSpec, arms_folder, run_config
from analytics.experiments.compare import buyers_difference, game_measures
from analytics.experiments.paired import pair, read_arm
from analytics.games import DEFAULT_GAME, get_game, set_components
from analytics.games.content import with_swaps
from analytics.runs.simulate import run_simulation, validate

ABLATIONS = ("swap", "forbid", "both")
# What each ablation does, in the words of the kind a card set holds ({kind}: Dice Forge's card).
ABLATION_TEXT = {
    "swap": "the {kind} replaced by each other {kind} of its slot's cost",
    "forbid": "the {kind} left on its slot but forbidden to every player (rule forbid={KIND})",
    "both": "the {kind} replaced by each other {kind} of its slot's cost, and forbidden",
}


@dataclass(frozen=True, slots=True)
class Ablation:
    """Card `card` on `slot` of the set, replaced by `replacement` (swap) or forbidden."""

    card: str
    slot: str
    replacement: str | None  # None: forbidden to every player (rule option forbid=card)

    @property
    def kind(self) -> str:
        return "forbid" if self.replacement is None else "swap"

    @property
    def label(self) -> str:
        return "forbidden" if self.replacement is None else f"replaced by {self.replacement}"


def ablations(set_name: str, card: str | None, ablate: str = "swap", game: str = "",
              against: str | None = None) -> tuple[SetSlots, list[Ablation]]:
    """The loaded set and the ablations of `card` (every ablatable card when None; only the
    swap for `against` when given).

    An unknown card, one not in the set, an unknown `ablate`, or (swap) a card whose slot has
    no other option in the catalogue is a UserError naming it. `game` ('': the default
    game) reads the set; its own list named by the plural of the kind a set holds (Dice Forge:
    cards) says which ids it knows.
    """
    if ablate not in ABLATIONS:
        raise UserError(f"--ablate {ablate!r}: choose one of {', '.join(ABLATIONS)}")
    plugin = get_game(game or DEFAULT_GAME)
    kind = plugin.roles.set_kind
    name, slots = plugin.slots(set_name)
    slot_of = {current: slot for slot, (current, _) in slots.items()}
    if card is not None:
        if card not in set_components(plugin):
            raise UserError(f"unknown {kind} {card!r}; see 'dicelab list {kind}s'")
        if card not in slot_of:
            raise UserError(f"{kind} {card!r} is not in set {name!r} ({', '.join(slot_of)})")
        if ablate == "swap" and not slots[slot_of[card]][1]:
            raise UserError(f"cannot ablate {card!r}: slot {slot_of[card]} has no other option "
                            f"in the catalogue (every {kind} of its cost is in the set); "
                            f"--ablate forbid keeps it out of reach instead")
    found = []
    for cid, slot in slot_of.items():
        if card is not None and cid != card:
            continue
        if ablate in ("swap", "both"):
            found.extend(Ablation(cid, slot, other) for other in slots[slot][1])
        if ablate in ("forbid", "both"):
            found.append(Ablation(cid, slot, None))
    if against is not None:
        found = _against(found, card, against, ablate, name, kind)
    return SetSlots(name, {slot: current for slot, (current, _) in slots.items()}), found


def _against(found: list[Ablation], card: str | None, against: str, ablate: str, set_name: str,
             kind: str) -> list[Ablation]:
    """The one swap of `card` for `against`; a UserError when it is not one of the set's."""
    if card is None or ablate != "swap":
        raise UserError(f"--against names one alternative of one {kind}: name the {kind} and "
                        "keep --ablate swap")
    chosen = [a for a in found if a.replacement == against]
    if not chosen:
        options = ", ".join(a.replacement for a in found if a.replacement) or "none"
        raise UserError(f"--against {against}: {against!r} cannot take {card}'s slot in set "
                        f"{set_name!r} (it can hold: {options})")
    return chosen


@dataclass(frozen=True, slots=True)
class SetSlots:
    """A card set as an ablation sees it: its name and the card on each slot."""

    name: str
    cards: dict[str, str]


def _ablated_arm(spec: ArmSpec, ablation: Ablation) -> ArmSpec:
    """The arm without the card: the set with the replacement on its slot (swap: the set named
    SET+SLOT=CARD, which any worker reads without a file), or the same set with the rule
    option forbid=card (forbid)."""
    if ablation.replacement is None:
        return replace(spec, rules={**spec.rules, "forbid": ablation.card})
    return replace(spec, card_set=with_swaps(spec.card_set, {ablation.slot: ablation.replacement}))


@dataclass(frozen=True, slots=True)
class ValueReport:
    """One row per ablation (ranked by value), per-seat and per-bot rows, what was read."""

    table: pl.DataFrame
    detail: pl.DataFrame  # ablation, item, a (without), b (with), difference, interval, p
    read: tuple[str, ...]
    ablate: str  # swap | forbid | both
    kind: str  # the component kind ablated (the roles' set_kind), the table's first column


def card_value(set_name: str, card: str | None, players: int = 4, games: int = 2000,
               seed: int = 0, bots: tuple[str, ...] = ("economist",),
               rules: dict[str, str] | None = None, out: Path | None = None,
               workers: int | None = None, progress: bool = True, cluster: str | None = None,
               ablate: str = "swap", game: str = "", module: str = "",
               against: str | None = None) -> ValueReport:
    """Value of `card` (None: every ablatable card) of set `set_name` by paired ablation
    (`ablate`: swap, forbid or both; `against`: only the swap for that card), played with
    `module` ('': none)."""
    kind = get_game(game or DEFAULT_GAME).roles.set_kind
    if "forbid" in (rules or {}):
        raise UserError(f"--rule forbid=... is what --ablate forbid sets for each {kind}; "
                        "drop it")
    card_set, found = ablations(set_name, card, ablate, game, against)
    if not found:
        raise UserError(f"set {card_set.name!r} has no {kind} whose slot has another option; "
                        f"--ablate forbid ablates every {kind}")
    # Only a ranking of every card under swap leaves some out (forbid ablates any card).
    skipped = (sorted(set(card_set.cards.values()) - {a.card for a in found})
               if card is None else [])
    spec = ArmSpec(set_name, bots, dict(rules or {}), module=module, game=game)
    validate(run_config(spec, players, games, seed))
    with arms_folder(out) as folder:
        run_simulation(run_config(spec, players, games, seed), folder / "with",
                       workers=workers, progress=progress, cluster=cluster)
        report = value_against(folder / "with", spec, (players, games, seed), found, folder,
                               ablate, workers=workers, progress=progress,
                               cluster=cluster)
    if skipped:
        report = replace(report, read=(*report.read, (
            f"not ablatable by swap (no other {kind} of their slot's cost outside the set): "
            f"{', '.join(skipped)}; --ablate forbid or both takes them")))
    return report


def value_against(with_run: Location, spec: ArmSpec, run: tuple[int, int, int],
                  found: list[Ablation], folder: Path,
                  ablate: str = "swap", workers: int | None = None, progress: bool = True,
                  cluster: str | None = None, on_games: Callable[[int], None] | None = None
                  ) -> ValueReport:
    """The value of each ablation against `with_run`, the run of `spec` at `run` (players,
    games, seed): each ablated arm is played in `folder` on the same seeds and bots (a stopped
    one is finished: a sweep resumes)."""
    with_ = read_arm("B", [with_run])
    read = [with_.read[0].replace("--logs-b", "the set as it is"),
            f"ablation: {ablate} ({ablation_text(ablate, with_.roles.set_kind)})"]
    rows, detail = [], []
    for ablation in found:
        ablated = _ablated_arm(spec, ablation)
        run_simulation(run_config(ablated, *run), ablation_folder(folder, ablation),
                       workers=workers, resume=True, progress=progress, cluster=cluster,
                       on_games=on_games)
        without = read_arm("A", [ablation_folder(folder, ablation)])
        read.append(without.read[0].replace(
            "--logs-a", f"the set with {ablation.card} {ablation.label}"))
        games_ = pair(without, with_)
        rows.append(value_row(games_, ablation))
        detail.extend(_detail_rows(games_, ablation))
    table = pl.DataFrame(rows)
    table = table.with_columns(p_adj=pl.Series(stats.benjamini_hochberg(table["p"].to_numpy())))
    # NaN (no seat bought the card: nothing measured) ranks last, as a null would: polars
    # sorts NaN above every number, which put an unmeasured card at the top of the ranking.
    table = table.sort(pl.col("value").fill_nan(None), descending=True, nulls_last=True)
    return ValueReport(table, pl.DataFrame(detail), tuple(read), ablate,
                       with_.roles.set_kind)


def ablation_folder(folder: Path, ablation: Ablation) -> Path:
    """Where the run of an ablated arm is played."""
    return folder / f"without-{ablation.card}-{ablation.replacement or 'forbidden'}"


def value_row(games, ablation: Ablation) -> dict:
    """The value of `ablation` on paired `games` (arm B: the set as it is), as a table row."""
    kind = games.roles.set_kind
    result = buyers_difference(games, kind, ablation.card)
    j = games.components[kind].index(ablation.card)
    buyers = float(games.owned[kind]["B"][:, :, j].sum())
    return {kind: ablation.card, "slot": ablation.slot, "ablation": ablation.kind,
            "replaced_by": ablation.replacement,
            "take_rate": buyers / (games.n_games * games.players),
            "buyers_wr_with": result.b, "buyers_wr_without": result.a,
            "value": result.difference, "low": result.low, "high": result.high,
            "p": result.p_value, "corr": result.correlation, "n_games": result.n,
            "buyer_seats": int(buyers)}


def _detail_rows(games, ablation: Ablation) -> list[dict]:
    """The change of every seat's and every bot's win rate when the card is in the set."""
    rows = []
    for key, (label, result) in game_measures(games).items():
        if key.startswith(("seat:", "bot:")):
            rows.append({games.roles.set_kind: ablation.card, "ablation": ablation.kind,
                         "replaced_by": ablation.replacement,
                         "item": label, "without": result.a, "with": result.b,
                         "difference": result.difference, "low": result.low,
                         "high": result.high, "p": result.p_value, "n_games": result.n})
    return rows


def headline(report: ValueReport) -> str:
    """The top row in plain words."""
    row = report.table.row(0, named=True)
    name = row[report.kind]
    if row["value"] is None or math.isnan(row["value"]):
        return f"{name}: no seat bought it, no value measured"
    sign = "+" if row["value"] >= 0 else "-"
    against = (f"against {row['replaced_by']}" if row["ablation"] == "swap"
               else "against it forbidden")
    return (f"{name} ({row['slot']}, {against}): the seats that buy "
            f"it win {100 * row['buyers_wr_with']:.1f}% with it vs "
            f"{100 * row['buyers_wr_without']:.1f}% without: {sign}"
            f"{100 * abs(row['value']):.1f} points ({100 * row['low']:.1f} to "
            f"{100 * row['high']:.1f}, 95% paired) over {row['n_games']:,} games")


def ablation_text(ablate: str, kind: str) -> str:
    """What ablation `ablate` does to a component of `kind`, in words."""
    return ABLATION_TEXT[ablate].format(kind=kind, KIND=kind.upper())


def note(kind: str) -> str:
    """How to read a value table of components of `kind`."""
    return (f"value = win rate of the seats that bought the {kind} (in the set as it is) minus "
            f"the win rate of the same seats on the same seeds and bots with the {kind} "
            "ablated: replaced by replaced_by (ablation swap) or forbidden to every player "
            "(ablation forbid); low/high: 95% Student t over games (each game one cluster); "
            "p_adj: Benjamini-Hochberg over the rows; detail rows: each seat's and bot's win "
            "rate with minus without")

