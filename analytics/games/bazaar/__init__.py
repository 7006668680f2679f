"""Bazaar: dicelab's own small proof game (not a published one), a second plugin through the
whole pipeline. Seats draw dice from one shared bag, cast them for coins and stars, and buy
charms from a market of four stalls with their coins; after a fixed number of rounds the most
stars win (then the most coins).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from analytics.errors import UserError

# The bots register their policies when imported: the plugin imports them.
from analytics.games.bazaar import (
    bots,  # noqa: F401
    catalogue,
)
from analytics.games.bazaar.components import CHARMS, DICE, Charm, Die, Side, side_gives
from analytics.games.bazaar.components import gives as charm_gives
from analytics.games.bazaar.content import CharmSet, load_charm_set, preset_names, set_text
from analytics.games.bazaar.labels import LABELLING
from analytics.games.bazaar.options import RULE_OPTIONS, RuleOptions
from analytics.games.bazaar.roles import ROLES
from analytics.games.bazaar.state import Bazaar, Setup, clone, new_game
from analytics.games.bazaar.turn import play, standings
from analytics.games.content import options_record, parse_options
from analytics.games.plugin import GameBase, RunSetup, check_players_and_module


class BazaarGame(GameBase):
    """The Bazaar plugin: content, checked setups, a fresh state, play, standings, and what a
    run logs about itself."""

    name = "bazaar"
    immutable: tuple[type, ...] = (Side, Die, Charm, CharmSet, RuleOptions, Setup)
    state_type: type = Bazaar  # what new_game makes (a search bot's view)
    labelling = LABELLING
    roles = ROLES

    player_counts: tuple[int, ...] = (2, 3, 4)
    rule_table = RULE_OPTIONS
    default_bots, default_set = "reckoner", "first-market"
    modules: dict[str, str] = {"none": "the market alone"}

    def card_sets(self) -> dict[str, tuple[str, ...]]:
        return {name: load_charm_set(name).charm_ids for name in preset_names()}

    def tables(self) -> dict[str, Callable[[], list[dict]]]:
        return {"charms": charm_rows, "dice": die_rows}

    def slots(self, card_set: str) -> tuple[str, dict[str, tuple[str, tuple[str, ...]]]]:
        loaded = load_charm_set(card_set)
        return loaded.name, {  # stall -> its charm and the others it can hold
            c.stall: (c.id, tuple(sorted(o.id for o in CHARMS.values()
                                         if o.stall == c.stall and o.id != c.id)))
            for c in loaded.charms}

    def set_file(self, name: str, cards: Mapping[str, str]) -> str:
        return set_text(name, cards)

    def setup(self, card_set: str, module: str, rules: Mapping[str, str], players: int
              ) -> RunSetup:
        check_players_and_module(self, players, module)
        charms = load_charm_set(card_set)
        options = parse_options(RuleOptions, rules, RULE_OPTIONS)
        if options.forbid != "none" and options.forbid not in charms.charm_ids:
            raise UserError(f"rule option forbid={options.forbid}: charm {options.forbid!r} "
                            f"is not in set {charms.name!r} (nothing to forbid)")
        return RunSetup(players, charms.name, charms.charm_ids, module, options_record(options),
                        Setup(players, charms, options))

    def new_game(self, setup: Setup, chance, decider) -> Bazaar:
        return new_game(setup, chance, decider)

    def play(self, state: Bazaar) -> None:
        play(state)

    def clone(self, state: Bazaar, chance, decider) -> Bazaar:
        return clone(state, chance, decider)

    def standings(self, state: Bazaar) -> list[tuple]:
        return standings(state)

    def catalogue(self, setup: Setup) -> tuple[dict[str, type], list[dict]]:
        return catalogue.catalogue(setup)

    def vocabulary(self, setup: Setup | None) -> dict[str, tuple[str, ...]]:
        return catalogue.vocabulary(setup)


def charm_rows() -> list[dict]:
    return [{"charm": c.id, "name": c.name, "stall": c.stall, "cost": c.cost,
             "gives": charm_gives(c)} for c in CHARMS.values()]


def die_rows() -> list[dict]:
    return [{"die": d.id, "name": d.name, "copies": d.copies,
             "sides": ", ".join(side_gives(s) for s in d.sides)} for d in DICE.values()]


GAME = BazaarGame()
