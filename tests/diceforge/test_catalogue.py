"""What a Dice Forge run logs about itself: its catalogue rows and the words of its events."""

from __future__ import annotations

import pytest

from analytics.engine import play_game
from analytics.games.diceforge import GAME
from analytics.games.diceforge.catalogue import ATTRIBUTES, catalogue
from analytics.games.diceforge.rules.components import CARDS
from analytics.games.diceforge.rules.content import CardSet, load_card_set, preset_names
from analytics.games.diceforge.rules.options import RULE_OPTIONS, parse_rule_options
from analytics.games.diceforge.rules.state import Setup
from analytics.policies import make_bot

WORD_AT = {"kind": 3, "item": 4, "resource": 5, "cause": 7}  # in an engine event tuple


def rows_of(card_set: str) -> dict[str, dict]:
    attributes, rows = catalogue(Setup(4, load_card_set(card_set)))
    assert attributes is ATTRIBUTES
    by_id = {row["component"]: row for row in rows}
    assert len(by_id) == len(rows)  # one row per component
    return by_id


def test_base_catalogue_holds_the_set_the_sanctuary_and_its_gardens():
    rows = rows_of("base")
    cards = sorted(i for i, r in rows.items() if r["kind"] == "card")
    assert cards == sorted(load_card_set("base").card_ids)
    faces = {i: (r["source"], r["pool"], r["offered"]) for i, r in rows.items()
             if r["kind"] == "face"}
    assert {i: s for i, s in faces.items() if s[0] != "sanctuary"} == {
        "gold_1": ("start", None, False), "glory_2": ("start", None, False),
        "x3": ("garden", None, True), "mirror": ("garden", None, True)}
    pools = [p for source, p, _ in faces.values() if source == "sanctuary"]
    assert sorted(pools) == [1, 2, 3, 4, 5, 5, 5, 5, 6, 7, 8, 9, 10, 10, 10, 10]


def test_card_rows_carry_slot_cost_glory_and_origin():
    assert rows_of("base")["hydra"] == {
        "component": "hydra", "kind": "card", "name": "Hydra", "offered": True,
        "module": "none", "origin": "base", "slot": "M8", "island": 4, "gold": 0, "sun": 5,
        "moon": 5, "glory": 26, "timing": "none", "pool": None, "level": None,
        "source": "island", "from_card": None, "gives": None, "glory_source": "card"}
    assert rows_of("base-alternates")["cyclops"]["origin"] == "base-alternate"
    assert rows_of("base")["blacksmiths_hammer"]["glory_source"] == "hammer"  # its gold track


def test_face_rows_carry_pool_level_cost_and_what_they_give():
    rows = rows_of("base-alternates")
    assert rows["gold2_moon1"] == {
        "component": "gold2_moon1", "kind": "face", "name": "2 Gold + 1 Moon", "offered": True,
        "module": "none", "origin": "base", "slot": None, "island": None, "gold": 4, "sun": 0,
        "moon": 0, "glory": None, "timing": None, "pool": 5, "level": 3,
        "source": "sanctuary", "from_card": None, "gives": "2 gold + 1 moon",
        "glory_source": "die_face"}
    assert rows["gold3_or_glory2"]["gives"] == "3 gold / 2 glory"
    assert {i: (r["from_card"], r["origin"], r["gives"]) for i, r in rows.items()
            if r["source"] == "garden"} == {
        "x3": ("helmet_of_invisibility", "base", None),
        "mirror": ("mirror_of_the_abyss", "base", None),
        "ship": ("celestial_ship", "base-alternate", None),
        **{f"shield_{c}": ("guardians_shield", "base-alternate", None)
           for c in ("red", "blue", "yellow", "green")},
        "boar": ("tenacious_boar", "base-alternate", None),
    }


def test_every_id_of_the_catalogue_is_a_word_of_the_log():
    words = GAME.vocabulary(None)
    for card_set in ("base", "base-alternates"):
        ids = set(rows_of(card_set))
        assert ids <= set(words["item"]) and ids <= set(words["cause"])


def sweep_sets() -> dict[str, CardSet]:
    """The presets, and for every other card the standard set with that card on its slot."""
    sets = {name: load_card_set(name) for name in preset_names()}
    in_presets = {card for card_set in sets.values() for card in card_set.card_ids}
    base = sets["base"]
    for card in CARDS.values():
        if card.id not in in_presets:
            sets[card.id] = CardSet(card.id, {**base.cards, card.slot: card})
    return sets


SWEEP_SETS = sweep_sets()


@pytest.mark.parametrize("card_set", sorted(SWEEP_SETS))
@pytest.mark.parametrize(("option", "value"), [
    (name, value) for name, (_, values, _) in RULE_OPTIONS.items()
    # forbid only empties one card's stack (it adds no word): one card is enough
    for value in (values if name != "forbid" else ("none", "silver_hind"))])
def test_games_use_only_declared_words(card_set, option, value):
    """Over every card, every set and every rule option value, with the random bot (it tries
    everything) and the heuristic ones, every word of every event is declared."""
    words = {name: set(declared) | {None} for name, declared in GAME.vocabulary(None).items()}
    for players, bots in ((2, ("random", "random")), (4, ("economist", "hero", "random", "hero"))):
        setup = Setup(players, SWEEP_SETS[card_set], parse_rule_options({option: value}))
        result = play_game(GAME, setup, [make_bot("diceforge", b) for b in bots], players)
        for name, index in WORD_AT.items():
            assert {row[index] for row in result.events} <= words[name], name
