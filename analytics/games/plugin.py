"""What a game plugin offers the runner, the catalogue and the command line, which know games
only through it: its content, a setup built and checked from card set + module + rule options +
player count, a new game, play to the end, standings.

The play loop needs only the last ones (`analytics.engine.loop.GamePlugin`, which this extends:
new game, play, clone, standings, the immutable component types); each game's folder
in `analytics/games/` holds one object with all of it, listed in `analytics/games/__init__.py`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from analytics.engine.loop import GamePlugin
from analytics.engine.plugins import find_plugins_with
from analytics.errors import UserError
from analytics.eventlog.roles import Roles
from analytics.games import game_of
from analytics.games.content import RuleOption
from analytics.policies import Policy, available_bots, make_bot

# How the engine's bots (mcts) learn a state's game. Here, not in the registry's module: that
# one loads no engine (a command reading logs needs none), and every game's plugin, hence
# every state, comes after this module (GameBase).
find_plugins_with(game_of)


@dataclass(frozen=True)
class RunSetup:
    """A setup as the runner records it (manifest, games table, run id), with the game's own
    setup object that `new_game` takes."""

    players: int
    card_set: str  # its name
    cards: tuple[str, ...]  # the card ids it puts in play, in the game's order
    module: str  # 'none': the base game alone
    rules: dict[str, str]  # every rule option, defaults included
    game_setup: Any
    game: Any = None  # the plugin itself, set by the runner's check: the game is looked up once


class Plugin(GamePlugin, Protocol):
    """One game, as the runner, `dicelab list` and `dicelab simulate` see it."""

    name: str
    player_counts: tuple[int, ...]
    modules: dict[str, str]  # name -> what it adds; 'none' plays the base game alone
    roles: Roles  # what its words are to the analytics, written into every run folder
    state_type: type  # the class of the states new_game makes (games.game_of)
    default_bots: str  # what a run plays without --bots (and an mcts bot's rollout policy)

    def bots(self) -> dict[str, str]:
        """Bot name -> one line about it (game-agnostic bots included)."""

    def make_bot(self, name: str) -> Any:
        """A fresh policy; an unknown name is a UserError listing the known ones."""

    def rule_options(self) -> dict[str, RuleOption]:
        """Named rule options: where sources disagree, a ruling chooses the default."""

    def card_sets(self) -> dict[str, tuple[str, ...]]:
        """Preset card sets: name -> the card ids it puts in play."""

    def tables(self) -> dict[str, Callable[[], list[dict]]]:
        """The game's own lists for `dicelab list` (Dice Forge: cards, faces), as rows; one of
        them is named by the plural of the kind a card set holds (`roles.set_kind`, Dice
        Forge: cards) and each of its rows names its id under that kind."""

    def catalogue(self, setup: Any) -> tuple[dict[str, type], list[dict]]:
        """What a run of `setup` could offer, for `components.parquet`: the attributes
        (name -> Python type) and one row per card or face."""

    def vocabulary(self, setup: Any) -> dict[str, tuple[str, ...]]:
        """Every word its events may use, per word column (kind, item, resource, cause), and
        `use_kinds`: the kinds whose item is a component being used."""

    def slots(self, card_set: str) -> tuple[str, dict[str, tuple[str, tuple[str, ...]]]]:
        """A card set's name and, per slot, its card and the other cards that slot can hold
        (same slot, not already in the set): what an ablation may swap in."""

    def set_file(self, name: str, cards: Mapping[str, str]) -> str:
        """The text of a card-set file naming `cards` (slot -> card id)."""

    def setup(self, card_set: str, module: str, rules: Mapping[str, str], players: int
              ) -> RunSetup:
        """A checked setup: card set (a preset name or a file), module, rule options
        (NAME -> VALUE, the others at their defaults) and player count; any mistake is one
        UserError naming it."""


def check_players_and_module(game: Plugin, players: int, module: str) -> str:
    """The checks every game's `setup` starts with: a player count and a module it has. A
    game whose modules combine (`combinable = True`) takes several joined by '+' or ',';
    the answer is the module's canonical name (its parts in the game's order, joined by '+')."""
    if players not in game.player_counts:
        counts = [str(n) for n in game.player_counts]
        allowed = f"{', '.join(counts[:-1])} or {counts[-1]}" if len(counts) > 1 else counts[0]
        raise UserError(f"--players must be {allowed} (got {players})")
    parts = module_parts(game, module)
    return "+".join(parts) or "none"


def module_parts(game: Plugin, module: str) -> tuple[str, ...]:
    """The modules a name plays, in the game's order: () for 'none'; several only for a
    game whose modules combine. A name that is none of them is one UserError."""
    combinable = getattr(game, "combinable", False)
    names = [m.strip() for m in module.replace(",", "+").split("+")] if combinable else [module]
    if names == ["none"]:
        return ()
    if "none" in names:
        raise UserError(f"--module {module!r}: 'none' is the base game, without modules; it "
                        "cannot be joined with one")
    for name in names:
        if name not in game.modules:
            joined = " (several joined by '+')" if combinable else ""
            raise UserError(f"--module {name!r} is not a module of {game.name}; valid: "
                            f"{', '.join(game.modules)}{joined}")
    if len(set(names)) != len(names):
        raise UserError(f"--module {module!r} names a module twice")
    return tuple(m for m in game.modules if m in names)


class GameBase:
    """What every game's plugin answers the same way: its bots, from the registry under its
    name, and its rule options, from the table it declares (`rule_table`)."""

    name: str
    rule_table: dict[str, RuleOption]
    state_type: type  # the class of the states new_game makes
    default_bots: str  # what `dicelab simulate` plays without --bots
    default_set: str  # and without --set

    @property
    def balance_bots(self) -> str:
        """What `dicelab balance` plays without --bots: the default bots, unless the game names
        a mix whose seats differ (a class attribute of the same name)."""
        return self.default_bots

    def bots(self) -> dict[str, str]:
        return available_bots(self.name)

    def make_bot(self, name: str) -> Policy:
        return make_bot(self.name, name)

    def rule_options(self) -> dict[str, RuleOption]:
        return self.rule_table
