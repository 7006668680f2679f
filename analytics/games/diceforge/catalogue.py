"""What a Dice Forge run writes about itself: its catalogue (every card and face its games can
hold, with attributes) and the words its events use.

The log writer stores both without knowing the game: the catalogue as each run folder's
`components.parquet` (queries join on its attributes instead of listing ids), the vocabulary as
the dictionaries of the event columns (a word not declared here is refused when written).
"""

from __future__ import annotations

import re

from analytics.games.diceforge.cards.base import GARDEN_OF
from analytics.games.diceforge.cards.celestial import WORDS as CELESTIAL_WORDS
from analytics.games.diceforge.cards.goddess import WORDS as GOLEM_WORDS
from analytics.games.diceforge.cards.rebellion import WORDS as REBELLION_WORDS
from analytics.games.diceforge.cards.rebellion_forge import TRIDENT
from analytics.games.diceforge.cards.rebellion_forge import WORDS as FORGE_WORDS
from analytics.games.diceforge.cards.titans import WORDS as TITANS_CARD_WORDS
from analytics.games.diceforge.rules.components import (
    CARDS,
    CELESTIAL_FACES,
    DARK_DIE,
    FACES,
    GARDENS,
    ISLANDS,
    LIGHT_DIE,
    SANCTUARY,
    Card,
    Face,
    boar_face,
    misfortune_face,
)
from analytics.games.diceforge.rules.labyrinth import FOREST, GODDESS_SPACE, SPACES, TREASURES
from analytics.games.diceforge.rules.labyrinth import WORDS as BOARD_WORDS
from analytics.games.diceforge.rules.modules import module_of
from analytics.games.diceforge.rules.state import Setup
from analytics.games.diceforge.rules.titans import (
    ALLEGIANCE_VALUE,
    CHAOS_FACES,
    LOYALTY_ZONE,
    REBELLION_ZONE,
    START_FACES,
)
from analytics.games.diceforge.rules.titans import FOREST as TITANS_FOREST
from analytics.games.diceforge.rules.titans import WORDS as TITANS_WORDS

# Garden faces come with the card that gives them (REFERENCE.md §5.2); the Boar card gives its
# owner's Boar face, one id for the four colours.
BOAR = boar_face(0)
FACES_OF_CARD: dict[str, tuple[Face, ...]] = {
    **{card: tuple(FACES[f] for f in dict.fromkeys(GARDENS[garden]))
       for card, garden in GARDEN_OF.items()},
    "tenacious_boar": (BOAR,),
    # the Goddess module's Forest faces (REFERENCE §6.6)
    "moon_golem": (FACES["golem_moon"],), "sun_golem": (FACES["golem_sun"],),
    # the Titans module's (REFERENCE §6.6): pools 20, 18 and 16
    **{card: tuple(FACES[f] for f in dict.fromkeys(TITANS_FOREST[card]))
       for card in ("chaos", "dogged")},
    "mirror_of_misfortune": (misfortune_face(0),),
}
FOREST_CARDS = ("moon_golem", "sun_golem", "chaos", "dogged", "mirror_of_misfortune")
# Faces of a die a card rolls and no player owns (source "celestial": the Celestial Die).
ROLLED_BY_CARD: dict[str, tuple[Face, ...]] = {"celestial_die": CELESTIAL_FACES}

# Every word an event of this game can carry besides component ids (events.kind, .item,
# .resource, .cause). A word missing here stops the writer: add it when the rules use it.
KINDS = (
    "action_taken", "die_rolled", "face_forged", "feat_performed", "game_ended", "pawn_ousted",
    "reinforcement_used", "resource_gained", "resource_lost", "resource_overflowed",
    "resource_spent", "token_used", "turn_started", *CELESTIAL_WORDS["kind"],
    *BOARD_WORDS["kind"], *TITANS_WORDS["kind"], *TITANS_CARD_WORDS["kind"],
)
RESOURCES = ("glory", "gold", "hammer", "moon", "sun", *REBELLION_WORDS["resource"],
             *FORGE_WORDS["resource"], "ancient", "loyalty")
# Kinds of an event using its item (a face turned up by hand is applied too).
USE_KINDS = ("die_rolled", "reinforcement_used", "token_used", *CELESTIAL_WORDS["kind"])
ACTIONS = ("feat", "forge", "pass")  # action_taken items
CAUSES = (  # rules, not components, that cause events
    "action", "divine_blessing", "extra_action", "final_score", "offering", "ousted",
    "starting_gold", *REBELLION_WORDS["cause"], *BOARD_WORDS["cause"], *GOLEM_WORDS["cause"],
    *TITANS_WORDS["cause"], *TITANS_WORDS["item"], *TITANS_CARD_WORDS["item"],
)
ISLAND_WORDS = tuple(sorted({str(island) for island in ISLANDS.values()}))  # pawn_ousted items

# Faces of the starting dice that no Sanctuary pool sells (the others are listed as sold there).
STARTING_ONLY = tuple(f for f in dict.fromkeys(LIGHT_DIE + DARK_DIE)
                      if not any(f in pool for pool in SANCTUARY))
# Glory by source (balance, reports): the Hammer's Glory comes from its gold track, not from a
# card's effect as the others' does.
GLORY_SOURCE = {"blacksmiths_hammer": "hammer"}


# The attributes of a row besides the log's core columns (component, kind, name, offered,
# module, origin), with their types. Costs are in gold (faces), sun and moon (cards).
ATTRIBUTES: dict[str, type] = {
    "slot": str,  # a card's island slot (M1 .. F7)
    "island": int,
    "gold": int, "sun": int, "moon": int,  # cost
    "glory": int,  # a card's printed Glory
    "glory_source": str,  # what its Glory counts as: die_face, card, or hammer (its track)
    "timing": str,  # a card's: immediate, reinforcement, automatic, permanent, none
    "pool": int,  # a Sanctuary face's pool, 1 (cheapest) .. 10
    "level": int,  # a face's level (0: starting and garden faces)
    # where a player gets it: island, start, sanctuary, garden, celestial, forest; a board's
    # causes: board, board_goal (its last space)
    "source": str,
    "from_card": str,  # a garden face: the card that gives it
    "gives": str,  # a plain face: what it gives ('2 gold + 1 moon'; choices '3 gold / 2 glory')
}


def catalogue(setup: Setup) -> tuple[dict[str, type], list[dict]]:
    """The attributes and one row per card of the set and per face its games can hold; with
    the Goddess module, one per kind of board space and per treasure (what board events name
    as their cause, glory_source 'board')."""
    rows = catalogue_of_cards(list(setup.card_set.cards.items()))
    if setup.module == "goddess":
        if setup.rules.goddess_dice == "golem":
            rows.append(face_row(FACES["golem_moon"], "start"))
        rows += board_rows()
    if setup.module == "titans":
        rows += [face_row(FACES[f], "start") for f in TITANS_START] + titans_rows()
        chaos = CHAOS_FACES[setup.rules.chaos_rewards]  # pool 20 under its reading (R13)
        rows = [r for r in rows if r["from_card"] != "chaos"] + [
            face_row(FACES[f], "forest", from_card="chaos") for f in chaos]
    return ATTRIBUTES, rows


# The Titans board's causes of Glory: its zones' bonuses and the end value (glory_source says
# which; source 'board': the board's share; 'board_end': the end value, whose event names the
# final zone).
TITANS_CAUSES = {LOYALTY_ZONE: ("zones", "board"), REBELLION_ZONE: ("zones", "board"),
                 ALLEGIANCE_VALUE: ("allegiance", "board_end")}
TITANS_START = tuple(new for _, new in START_FACES.values())


def titans_rows() -> list[dict]:
    return [{**_EMPTY_ROW, "component": word, "kind": "space", "name": word, "source": source,
             "offered": False, "module": "titans", "origin": "titans", "glory_source": glory}
            for word, (glory, source) in TITANS_CAUSES.items()]


def board_rows() -> list[dict]:
    """The Goddess board's causes: each kind of space, each Treasure token, the Golem bonus."""
    words = [*dict.fromkeys(s.word for s in SPACES.values()), *TREASURES, *GOLEM_WORDS["cause"]]
    goal = SPACES[GODDESS_SPACE].word  # source 'board_goal': arrivals there are counted
    return [{**_EMPTY_ROW, "component": word, "kind": "space", "name": word,
             "source": "board_goal" if word == goal else "board", "offered": False,
             "module": "goddess", "origin": "goddess", "glory_source": "board"}
            for word in words]


def catalogue_of_cards(cards: list[tuple[str, Card]]) -> list[dict]:
    """The catalogue of a game whose islands hold `cards` ((slot, card) pairs): those cards, the
    starting faces (those the Sanctuary also sells are listed as sold there), the Sanctuary,
    and the garden faces of those cards (with The Abyssal Trident, every garden face)."""
    rows = [card_row(card, slot) for slot, card in cards]
    rows += [face_row(FACES[f], "start") for f in STARTING_ONLY]
    rows += [face_row(FACES[f], "sanctuary", pool=i + 1)
             for i, pool in enumerate(SANCTUARY) for f in dict.fromkeys(pool)]
    rows += [face_row(face, "forest" if card.id in FOREST_CARDS else "garden", from_card=card.id)
             for _, card in cards for face in FACES_OF_CARD.get(card.id, ())]
    rows += [face_row(face, "celestial", from_card=card.id)
             for _, card in cards for face in ROLLED_BY_CARD.get(card.id, ())]
    if any(card.id == TRIDENT for _, card in cards):  # it forges the Garden faces left over
        listed = {row["component"] for row in rows}
        rows += [face_row(FACES[f], "garden", from_card=TRIDENT)
                 for pool in GARDENS.values() for f in dict.fromkeys(pool) if f not in listed]
    return rows


def card_row(card: Card, slot: str) -> dict:
    return {"component": card.id, "kind": "card", "name": card.name, "slot": slot,
            "island": card.island, "gold": 0, "sun": card.sun, "moon": card.moon,
            "glory": card.glory, "timing": card.timing, "pool": None, "level": None,
            "source": "island", "from_card": None, "offered": True, "gives": None,
            "module": module_of(card.id), "origin": card.origin,
            "glory_source": GLORY_SOURCE.get(card.id, "card")}


def face_row(face: Face, source: str, pool: int | None = None,
             from_card: str | None = None) -> dict:
    return {"component": face.id, "kind": "face", "name": face_name(face), "slot": None,
            "island": None, "gold": face.cost, "sun": 0, "moon": 0, "glory": None,
            "timing": None, "pool": pool, "level": face.level, "source": source,
            "from_card": from_card, "offered": source != "start", "gives": gives(face),
            "module": module_of(from_card) if from_card else "none",
            "origin": CARDS[from_card].origin if from_card else "base",
            "glory_source": "die_face"}


_EMPTY_ROW = {name: None for name in ATTRIBUTES}


COLOUR_WORDS = ("red", "blue", "yellow", "green", "moon", "sun")


def face_name(face: Face) -> str:
    """What a person calls a face: what it gives ('1 Sun + 1 Glory', '3 Gold / 2 Glory'), or
    for a face with its own rules its words ('x3', 'Red Shield', 'Celestial Mirror')."""
    text = gives(face)
    if text is not None:
        return re.sub(r"[a-z]+", lambda word: word[0].capitalize(), text)
    words = face.id.split("_")
    if len(words) > 1 and words[-1] in COLOUR_WORDS:  # shield_red: the Red Shield
        words = [words[-1], *words[:-1]]
    return " ".join(w if w[0].isdigit() or w == "x3" else w.capitalize() for w in words)


def gives(face: Face) -> str | None:
    """What a plain face gives ('2 gold + 1 moon'; alternatives '3 gold / 2 glory'); None for
    faces with their own rules (x3, Mirror, Ship, Shields, Boar)."""
    if face.special:
        return None
    return " / ".join(" + ".join(f"{n} {r}" for r, n in bundle) for bundle in face.bundles)


def vocabulary(setup: Setup | None) -> dict[str, tuple[str, ...]]:
    """The words of every event column (and which kinds use their item): the same for every
    setup (None asks for them without one), all ids of the game (what a run cannot hold never
    appears) and its rules' words."""
    return VOCABULARY


# The Titans board's spaces: the cause of an end value, a Loyalty zone's item.
TITANS_BOARD_SPACES = tuple(str(n) for n in range(1, 32))
_WORDS = tuple(sorted({*CARDS, *FACES, BOAR.id, *ACTIONS, *CAUSES, *ISLAND_WORDS, *FOREST,
                      *TITANS_FOREST, *TITANS_BOARD_SPACES}))
VOCABULARY = {"kind": KINDS, "item": _WORDS, "resource": RESOURCES, "cause": _WORDS,
              "use_kinds": USE_KINDS}
