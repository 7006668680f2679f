"""Altera: a dice-bag-building game of Emissaries, Guild Reputation races and clashes over 7
rounds. The rules are code, exactly as the rulebook prints them; the catalogues (dice, Guild
cards, Factions, Artifacts, Objectives, tracks) are an assumption set a user edits
(docs/altera.md)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from analytics.engine.clone import clone
from analytics.errors import UserError
from analytics.games.altera import (
    bots,  # noqa: F401  (registers the bots)
    components,
)
from analytics.games.altera.assumptions import DEFAULT_SET, load_set, set_names
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
)
from analytics.games.altera.hidden import determinize
from analytics.games.altera.labels import LABELLING
from analytics.games.altera.options import RULE_OPTIONS, RuleOptions
from analytics.games.altera.rewards import Part
from analytics.games.altera.roles import ROLES
from analytics.games.altera.rounds import new_game, play, rival_standings, standings
from analytics.games.altera.state import Altera, Setup
from analytics.games.content import options_record, parse_options
from analytics.games.plugin import GameBase, RunSetup, check_players_and_module


class AlteraGame(GameBase):
    """The Altera plugin: an assumption set stands where other games have a card set."""

    name = "altera"
    immutable: tuple[type, ...] = (Face, Die, Space, GuildCard, Ability, Faction, Artifact,
                                   Need, Objective, Tracks, AssumptionSet, Part, RuleOptions,
                                   Setup)
    labelling = LABELLING
    roles = ROLES
    player_counts: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
    rule_table = RULE_OPTIONS
    default_bots, default_set = "random", DEFAULT_SET
    state_type: type = Altera  # what new_game makes (a search bot's view)
    clone_kind = "deploy"  # the decision a bench clones the game at (mid-game)
    modules: dict[str, str] = {"none": "the base game"}

    def card_sets(self) -> dict[str, tuple[str, ...]]:
        return {name: (load_set(name).hash,) for name in set_names()}

    def tables(self) -> dict[str, Callable[[], list[dict]]]:
        return {"factions": faction_rows, "artifacts": artifact_rows}

    def slots(self, card_set: str) -> tuple[str, dict[str, tuple[str, tuple[str, ...]]]]:
        """Every Artifact of the set is its own slot (a game shows 6 of them, drawn): an
        ablation can only forbid one (`--ablate forbid`), never swap it."""
        aset = load_set(card_set)
        return f"{aset.name} [{aset.hash}]", {a: (a, ()) for a in aset.artifacts}

    def set_file(self, name: str, cards: Mapping[str, str]) -> str:
        raise UserError("altera's sets are assumption folders (docs/altera.md)")

    def setup(self, card_set: str, module: str, rules: Mapping[str, str], players: int
              ) -> RunSetup:
        check_players_and_module(self, players, module)
        aset = load_set(card_set)
        options = parse_options(RuleOptions, rules, RULE_OPTIONS)
        return RunSetup(players, f"{aset.name} [{aset.hash}]", (aset.hash,), module,
                        options_record(options), Setup(players, aset, options))

    def new_game(self, setup: Setup, chance, decider) -> Altera:
        return new_game(setup, chance, decider)

    def play(self, state: Altera) -> None:
        play(state)

    def clone(self, state: Altera, chance, decider) -> Altera:
        return clone(state, chance=chance, decider=decider)

    def standings(self, state: Altera) -> list[tuple]:
        return standings(state)

    def determinize(self, state: Altera, seat: int, rng) -> Altera:
        """A search's clone with what `seat` cannot see redrawn (hidden.py)."""
        return determinize(state, seat, rng)

    def rival_standings(self, state: Altera) -> list[tuple]:
        return rival_standings(state)

    def catalogue(self, setup: Setup) -> tuple[dict[str, type], list[dict]]:
        return components.catalogue(setup)

    def vocabulary(self, setup: Setup | None) -> dict[str, tuple[str, ...]]:
        return components.vocabulary(setup)


def faction_rows(assumptions: str = DEFAULT_SET) -> list[dict]:
    aset = load_set(assumptions)
    return [{"faction": f.id, "name": f.name, "priority": f.priority, "ability": f.ability.text,
             "source": f.source} for f in aset.factions.values()]


def artifact_rows(assumptions: str = DEFAULT_SET) -> list[dict]:
    aset = load_set(assumptions)
    return [{"artifact": a.id, "name": a.name, "craft": a.craft_cost,
             "upgrade": a.upgrade_cost, "ability": a.ability.text, "source": a.source}
            for a in aset.artifacts.values()]


GAME = AlteraGame()
