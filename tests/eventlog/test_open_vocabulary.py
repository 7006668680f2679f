"""The log's words are the game's: a face, resource or kind the writer has never seen is stored
and answered like any other, and no reader or writer lists a game's words."""

from __future__ import annotations

import re
from pathlib import Path

import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analytics.eventlog.reader import read_table
from analytics.games import GAMES, get_game
from analytics.games.diceforge.catalogue import catalogue_of_cards
from analytics.games.diceforge.rules.components import CARDS
from analytics.query.database import LogDatabase
from tests.analytics_fixtures import LogBuilder, dice_forge_components, forge, gain, glory

ROOT = Path(__file__).parents[2]

# A face, a resource and an event kind that no game had when the writer was written.
NEW_FACE = {**dice_forge_components("")[-1], "component": "gold_9", "name": "gold_9",
            "gold": 7, "pool": 11, "level": 8, "gives": "9 gold"}


@pytest.fixture(scope="module")
def logs(tmp_path_factory):
    b = LogBuilder(cards="", players=2, components=[*dice_forge_components(""), NEW_FACE])
    game = b.game(1, (6, 2), rounds=2)
    gain(b, game, 0, "gold", 7)
    forge(b, game, 1, 0, "gold_9", 7)
    b.event(game, 2, 0, "die_rolled", "gold_9", cause="divine_blessing", detail="light")
    b.event(game, 2, 0, "resource_gained", "gold_9", "ancient_shards", 9, "gold_9")
    b.event(game, 2, 1, "omen_drawn", "gold_9", cause="the_oracle")
    glory(b, game, 2, 0, 6, "gold_9")
    glory(b, game, 2, 1, 2, "glory_2")
    return b.write(tmp_path_factory.mktemp("logs") / "run")


def test_new_words_are_stored_as_words_of_the_run(logs):
    events = read_table(logs, "events")
    assert {"omen_drawn", "die_rolled"} <= set(events.schema["kind"].categories)
    assert "ancient_shards" in events.schema["resource"].categories
    assert events.filter(pl.col("kind") == "omen_drawn")["cause"].to_list() == ["the_oracle"]


def test_a_new_face_appears_in_the_face_tables(logs):
    with LogDatabase([logs]) as db:
        faces = db.run("contribution_by_component", {"component": "face"})
        uses = db.run("uses_and_score_by_component", {"component": "face"})
        sources = db.run("score_by_source")
    row = faces.filter(pl.col("component") == "gold_9").row(0, named=True)
    assert (row["n_available"], row["n_owned"], row["owned_wr"], row["n_uses"], row["score"],
            row["cost"]) == (2, 1, 1.0, 1, 6, 7)
    assert uses.filter(pl.col("component") == "gold_9").rows() == [("gold_9", 1, 1.0, 1.0, 6, 7)]
    assert sources.filter(pl.col("cause") == "gold_9")["source"].to_list() == ["die_face"]


def test_a_new_resource_appears_in_the_resource_curves(logs):
    with LogDatabase([logs]) as db:
        curves = db.run("resources_by_round")
    shards = curves.filter(pl.col("resource") == "ancient_shards").sort("bot", "round")
    assert shards.select("round", "gained_mean", "held_mean").rows() == [
        (0, 0.0, 0.0), (1, 0.0, 0.0), (2, 4.5, 4.5), (3, 0.0, 4.5)]


def test_a_new_kind_reaches_the_events_view(logs):
    with LogDatabase([logs]) as db:
        kinds = db.con.sql("select kind, count(*) from events group by kind order by kind")
        assert ("omen_drawn", 1) in kinds.fetchall()


def game_words() -> set[str]:
    """Every word some game declares (kinds, resources, ids, rule words), but digits."""
    words = set()
    for game in GAMES.values():
        for declared in game.vocabulary(None).values():
            words |= {w for w in declared if not w.isdigit()}
    return words


@pytest.mark.parametrize("path", sorted(
    [*ROOT.glob("analytics/eventlog/*.py"), *ROOT.glob("analytics/query/*.py")]),
    ids=lambda p: p.name)
def test_writer_and_readers_name_no_word_of_a_game(path):
    text = path.read_text()
    named = sorted(w for w in game_words() if re.search(rf"[\"']{re.escape(w)}[\"']", text))
    assert named == [], f"{path.name} names {named}"


def test_queries_name_no_card_or_face():
    """Queries join the catalogue on attributes: no card or face id in any .sql file."""
    ids = {row["component"] for row in catalogue_of_cards(
        [(card.slot, card) for card in CARDS.values()])}
    # every card; 26 faces, the Celestial Die's 6, the Goddess module's 2 Golem faces and the
    # Titans module's 7 Forest faces (2 Dogged, 4 Chaos, the Misfortune face)
    assert set(CARDS) <= ids and len(ids - set(CARDS)) == 41
    for path in sorted((ROOT / "queries").rglob("*.sql")):
        text = path.read_text()
        found = sorted(i for i in ids if re.search(rf"(?<!\w){re.escape(i)}(?!\w)", text))
        assert found == [], f"{path.relative_to(ROOT)} names {found}"


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from((2, 3, 4)))
def test_every_word_a_game_logs_is_declared_over_random_card_sets(rng, players):
    """A card that logs a word its game does not declare would fail the writer mid-run."""
    from analytics.engine import play_game
    from analytics.games.diceforge.catalogue import VOCABULARY
    from analytics.games.diceforge.rules.components import MODULE_CARDS, MODULE_OF_CARD
    from analytics.games.diceforge.rules.content import CardSet
    from analytics.games.diceforge.rules.state import Setup

    by_slot: dict[str, list] = {}
    for card in CARDS.values():
        if card.id not in MODULE_OF_CARD:  # a module's cards come all together, below
            by_slot.setdefault(card.slot, []).append(card)
    cards = {slot: rng.choice(options) for slot, options in sorted(by_slot.items())}
    module = rng.choice(("none", *MODULE_CARDS))
    cards |= {slot: CARDS[card] for slot, card in MODULE_CARDS.get(module, {}).items()}
    game = get_game("diceforge")
    bots = [game.make_bot(rng.choice(("economist", "hero", "random"))) for _ in range(players)]
    result = play_game(game, Setup(players, CardSet("random", cards)), bots, rng.randrange(2**32))
    columns = {"kind": 3, "item": 4, "resource": 5, "cause": 7}
    undeclared = {(name, row[i]) for row in result.events for name, i in columns.items()
                  if row[i] is not None and row[i] not in VOCABULARY[name]}
    assert undeclared == set()
