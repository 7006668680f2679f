"""Shadow Kingdoms of Valeria with the Rise of Titans modules: the base game's structure as
public sources describe it, every base-game number an assumption set a user edits, and the
four modules (Shrine of the Titans, Great Battles, Ancient Spells, Wraith Dice) exactly as
the expansion rulebook prints them, in any combination (docs/valeria.md)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from analytics.engine.clone import clone
from analytics.errors import UserError
from analytics.games.plugin import GameBase, RunSetup, check_players_and_module, module_parts
from analytics.games.valeria import bots, components  # noqa: F401  (bots: registers them)
from analytics.games.valeria.assumptions import DEFAULT_SET, load_set, set_names
from analytics.games.valeria.catalogue import (
    Area,
    AssumptionSet,
    Award,
    Board,
    Chain,
    Champion,
    Face,
    GreatBattle,
    Plan,
    Power,
    SpellCard,
)
from analytics.games.valeria.game import new_game, play, rival_standings, standings
from analytics.games.valeria.hidden import determinize
from analytics.games.valeria.labels import LABELLING
from analytics.games.valeria.options import RULE_OPTIONS, parse_rule_options
from analytics.games.valeria.roles import ROLES
from analytics.games.valeria.state import Setup, Valeria

MODULES = {
    "none": "the base game",
    "shrine": "Shrine of the Titans: a 7th location; the highest die of each battle goes "
              "there, bought back for 1/3/6 Gold",
    "great_battles": "Great Battles: the lowest qualifying die of each battle joins a "
                     "shared card; VP per Participation Marker",
    "spells": "Ancient Spells: three one-use cards of two powers each, one a turn",
    "wraith": "Wraith Dice: Wild, low Strength, high Discount, 1 per player in the bag",
}


class ValeriaGame(GameBase):
    """The Valeria plugin: an assumption set stands where other games have a card set, and
    modules combine ('shrine+wraith')."""

    name = "valeria"
    immutable: tuple[type, ...] = (Face, Plan, Champion, Area, Chain, GreatBattle, Power,
                                   SpellCard, Award, Board, AssumptionSet, Setup)
    labelling = LABELLING
    roles = ROLES
    state_type = Valeria
    player_counts: tuple[int, ...] = (1, 2, 3, 4, 5)
    rule_table = RULE_OPTIONS
    default_bots, default_set = "random", DEFAULT_SET
    clone_kind = "move"
    modules = MODULES
    combinable = True

    def card_sets(self) -> dict[str, tuple[str, ...]]:
        return {name: (load_set(name).hash,) for name in set_names()}

    def tables(self) -> dict[str, Callable[[], list[dict]]]:
        return {"champions": champion_rows, "plans": plan_rows, "spells": spell_rows,
                "dice": dice_rows}

    def slots(self, card_set: str) -> tuple[str, dict[str, tuple[str, tuple[str, ...]]]]:
        """Every Champion of the set is its own slot: an ablation can only forbid one."""
        aset = load_set(card_set)
        return aset.label, {c: (c, ()) for c in aset.champions}

    def set_file(self, name: str, cards: Mapping[str, str]) -> str:
        raise UserError("valeria's sets are assumption folders (docs/valeria.md)")

    def setup(self, card_set: str, module: str, rules: Mapping[str, str], players: int
              ) -> RunSetup:
        name = check_players_and_module(self, players, module)
        aset = load_set(card_set)
        chosen = parse_rule_options(dict(rules))
        setup = Setup(players, aset, module_parts(self, module), chosen)
        return RunSetup(players, aset.label, (aset.hash,), name, dict(chosen), setup)

    def new_game(self, setup: Setup, chance, decider) -> Valeria:
        return new_game(setup, chance, decider)

    def play(self, state: Valeria) -> None:
        play(state)

    def clone(self, state: Valeria, chance, decider) -> Valeria:
        return clone(state, chance=chance, decider=decider)

    def determinize(self, state: Valeria, seat: int, rng) -> Valeria:
        """What `seat` cannot see, redrawn (hidden.py): the search bot's sample."""
        return determinize(state, seat, rng)

    def standings(self, state: Valeria) -> list[tuple]:
        return standings(state)

    def rival_standings(self, state: Valeria) -> list[tuple]:
        return rival_standings(state)

    def catalogue(self, setup: Setup) -> tuple[dict[str, type], list[dict]]:
        return components.catalogue(setup)

    def vocabulary(self, setup: Setup | None) -> dict[str, tuple[str, ...]]:
        return components.vocabulary(setup)


def champion_rows(assumptions: str = DEFAULT_SET) -> list[dict]:
    return [{"champion": c.id, "name": c.name, "kind": c.kind, "cost": c.cost, "effect": c.text,
             "source": c.source} for c in load_set(assumptions).champions.values()]


def plan_rows(assumptions: str = DEFAULT_SET) -> list[dict]:
    return [{"plan": p.id, "troops": "+".join(p.troops), "extra": p.extra, "vp": p.vp,
             "cost": p.cost, "source": p.source} for p in load_set(assumptions).plans.values()]


def spell_rows(assumptions: str = DEFAULT_SET) -> list[dict]:
    aset = load_set(assumptions)
    return [{"card": s.id, "power": pid, "name": aset.powers[pid].name,
             "effect": aset.powers[pid].effect, "amount": aset.powers[pid].amount,
             "source": aset.powers[pid].source} for s in aset.spells.values() for pid in s.powers]


def dice_rows(assumptions: str = DEFAULT_SET) -> list[dict]:
    board = load_set(assumptions).board
    rows = [{"die": "troop", "pip": f.pip, "strength": f.strength, "discount": f.discount,
             "opposite": f.opposite} for f in board.faces.values()]
    return rows + [{"die": "wraith", "pip": f.pip, "strength": f.strength,
                    "discount": f.discount, "opposite": f.opposite} for f in board.wraith_faces]


GAME = ValeriaGame()
