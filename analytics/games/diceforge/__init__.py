"""Dice Forge (base game): the game plugin the runner, the catalogue and the engine play."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from analytics.engine.clone import clone
from analytics.errors import UserError
from analytics.games.content import set_text

# The cards register their handlers and the bots their policies when imported: the game's
# plugin imports them all, so a game read through it has every card and bot.
from analytics.games.diceforge import catalogue
from analytics.games.diceforge.bots import (  # noqa: F401
    feat_values,
    heuristic,
    lookahead,
)
from analytics.games.diceforge.bots import goddess as goddess_choices  # noqa: F401
from analytics.games.diceforge.bots import rebellion as rebellion_choices  # noqa: F401
from analytics.games.diceforge.bots import rebellion_faces as face_choices  # noqa: F401
from analytics.games.diceforge.bots import rebellion_forge as forge_choices  # noqa: F401
from analytics.games.diceforge.bots import rebellion_players as player_choices  # noqa: F401
from analytics.games.diceforge.bots import titans as titans_choices  # noqa: F401
from analytics.games.diceforge.cards import (  # noqa: F401
    goddess,
    rebellion,
    rebellion_faces,
    rebellion_forge,
    rebellion_players,
    titans,
)
from analytics.games.diceforge.roles import ROLES
from analytics.games.diceforge.rules import turn
from analytics.games.diceforge.rules.components import CARDS, FACES, SANCTUARY, SLOTS, Card, Face
from analytics.games.diceforge.rules.content import load_card_set, preset_names
from analytics.games.diceforge.rules.labels import LABELLING
from analytics.games.diceforge.rules.labyrinth import SPACES
from analytics.games.diceforge.rules.modules import MODULES, check_module_cards, module_of
from analytics.games.diceforge.rules.options import RULE_OPTIONS, RuleOptions, parse_rule_options
from analytics.games.diceforge.rules.state import Game, Setup, new_game
from analytics.games.diceforge.rules.titans import SPACES as TITANS_SPACES
from analytics.games.plugin import GameBase, RunSetup, check_players_and_module


class DiceForge(GameBase):
    """The Dice Forge plugin: content, setup, a fresh state, play to the end, standings; what a
    run logs about itself (its catalogue, the words of its events)."""

    name = "diceforge"
    immutable: tuple[type, ...] = (Face, Card, RuleOptions)  # frozen: clones share them
    state_type: type = Game  # what new_game makes (a search bot's view)
    labelling = LABELLING  # option labels that parse back (records, scripted deciders)
    roles = ROLES  # what its words are to the analytics (score, component kinds, costs)

    player_counts: tuple[int, ...] = (2, 3, 4)
    rule_table = RULE_OPTIONS
    default_bots, default_set = "economist", "base"
    balance_bots = "economist,hero"  # a table of two styles of play, not one bot against itself
    modules: dict[str, str] = MODULES

    def card_sets(self) -> dict[str, tuple[str, ...]]:
        return {name: load_card_set(name).card_ids for name in preset_names()}

    def tables(self) -> dict[str, Callable[[], list[dict]]]:
        return {"cards": card_rows, "faces": face_rows, "board": board_rows}

    def slots(self, card_set: str) -> tuple[str, dict[str, tuple[str, tuple[str, ...]]]]:
        loaded = load_card_set(card_set)
        in_set = {card.id for card in loaded.cards.values()}
        return loaded.name, {  # in the game's slot order, as card_ids
            slot: (loaded.cards[slot].id, tuple(sorted(  # a module's card swaps with none
                c.id for c in CARDS.values() if c.slot == slot and c.id not in in_set
                and module_of(c.id) == module_of(loaded.cards[slot].id))))
            for slot in SLOTS}

    def set_file(self, name: str, cards: Mapping[str, str]) -> str:
        return set_text(name, "slots", cards)

    def setup(self, card_set: str, module: str, rules: Mapping[str, str], players: int
              ) -> RunSetup:
        check_players_and_module(self, players, module)
        cards = load_card_set(card_set)
        check_module_cards(cards, module)
        options = parse_rule_options(dict(rules))
        if options.forbid != "none" and options.forbid not in cards.card_ids:
            raise UserError(f"rule option forbid={options.forbid}: card {options.forbid!r} is "
                            f"not in set {cards.name!r} (nothing to forbid)")
        return RunSetup(players, cards.name, cards.card_ids, module, options.as_dict(),
                        Setup(players, cards, options, module))

    def new_game(self, setup: Setup, chance, decider) -> Game:
        return new_game(setup, chance, decider)

    def play(self, state: Game) -> None:
        turn.play(state)

    def clone(self, state: Game, chance, decider) -> Game:
        return clone(state, chance=chance, decider=decider)

    def standings(self, state: Game) -> list[tuple]:
        return turn.standings(state)

    def catalogue(self, setup: Setup) -> tuple[dict[str, type], list[dict]]:
        return catalogue.catalogue(setup)

    def vocabulary(self, setup: Setup | None) -> dict[str, tuple[str, ...]]:
        return catalogue.vocabulary(setup)


def card_rows() -> list[dict]:
    return [{"card": c.id, "name": c.name, "slot": c.slot, "island": c.island, "moon": c.moon,
             "sun": c.sun, "glory": c.glory, "timing": c.timing, "origin": c.origin}
            for c in CARDS.values()]


def board_rows(module: str = "goddess") -> list[dict]:
    """A module's board, one row per space: the Goddess module's (REFERENCE §6.7, the
    default) or the Titans module's (§6.8: end value, zone, where each direction leads)."""
    if module == "titans":
        return [{"space": s.number, "value": s.value, "zone": s.zone, "left": s.left,
                 "right": s.right} for s in TITANS_SPACES.values()]
    return [{"space": s.number, "kind": s.word, "gives": " / ".join(_text(b) for b in s.gives),
             "pays": _text(s.pays), "celestial_rolls": s.n if s.effect == "celestial" else None,
             "forge_discount": s.n if s.effect == "forge" else None,
             "forward": " ".join(map(str, s.forward))} for s in SPACES.values()]


def _text(bundle) -> str:
    return " + ".join(f"{n} {r}" for r, n in bundle)


def face_rows() -> list[dict]:
    pool_of = {f: i + 1 for i, pool in enumerate(SANCTUARY) for f in pool}
    rows = [{"face": f.id, "pool": pool_of.get(f.id), "cost": f.cost, "level": f.level,
             "gives": _gives(f)} for f in FACES.values()]
    rows.append({"face": "boar", "pool": None, "cost": 0, "level": 0,
                 "gives": "1 sun / 1 moon; owner: 1 sun / 1 moon / 3 glory"})
    return rows


def _gives(face: Face) -> str:
    if face.special and face.special != "shield":
        return face.special
    text = " / ".join(" + ".join(f"{n} {r}" for r, n in bundle) for bundle in face.bundles)
    return f"5 glory if the other die gives {face.colour}, else {text}" if face.special else text


GAME = DiceForge()
