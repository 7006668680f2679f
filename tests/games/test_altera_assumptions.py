"""Altera's assumption sets: the default loads whole, and each kind of mistake is one error
naming the file and the row."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from analytics.errors import UserError
from analytics.games.altera.assumptions import SETS_DIR, load_set
from analytics.games.altera.rewards import Part, parse_reward


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    folder = tmp_path / "mine"
    shutil.copytree(SETS_DIR / "default", folder)
    return folder


def edit(folder: Path, name: str, old: str, new: str, count: int = 1) -> None:
    path = folder / name
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, count))


def test_the_default_set_loads_with_its_seed_rows():
    s = load_set()
    assert s.name == "default"
    assert len(s.hash) == 12
    assert len(s.cards) == 60 and len(s.factions) == 12 and len(s.artifacts) == 20
    assert len(s.objectives) == 40 and len(s.dice) == 10
    seeded = {f.id for f in s.factions.values() if f.source == "seed"}
    assert seeded == {"ashen_druid", "harbor_baron", "autumn_prefect", "oceanic_regent"}
    assert {a.id for a in s.artifacts.values() if a.source == "seed"} == {
        "arc_golem", "rune_chime", "divining_rod"}
    regent = s.factions["oceanic_regent"]
    assert (regent.priority, regent.tier0, regent.tier1) == (20, 4, ("artisan", "merchant",
                                                                     "alchemist"))
    assert regent.ability.text == "round: 2 favor -> upgrade_any"
    golem = s.artifacts["arc_golem"]
    assert (golem.craft_cost, golem.upgrade_cost) == (3, 2)
    assert golem.upgraded.kind == "after_clash" and golem.upgraded.target == "council"
    assert s.label == f"under assumption set default [{s.hash}]"


def test_a_folder_loads_and_its_hash_follows_its_content(copy: Path):
    same = load_set(str(copy))
    assert same.hash == load_set().hash
    edit(copy, "set.toml", 'name = "default"', 'name = "mine"')
    changed = load_set(str(copy))
    assert changed.name == "mine" and changed.hash != same.hash


@pytest.mark.parametrize("name, old, new, message", [
    ("dice.toml", '"coin", "shard", "favor", "influence", "blank", "blank"',
     '"coin", "gold", "favor", "influence", "blank", "blank"',
     "dice.toml: die 1 (basic tier 0): face 'gold': unknown icon 'gold'"),
    ("dice.toml", '"coin", "shard", "favor", "influence", "blank", "blank"',
     '"coin", "shard", "favor", "influence", "blank"',
     "dice.toml: die 1 (basic tier 0): a die has 6 faces (got 5)"),
    ("factions.toml", 'ability = "round: 2 favor -> upgrade_any"',
     'ability = "round: 2 favor -> upgrade_everything"',
     "factions.toml: faction 4 (oceanic_regent): ability 'round: 2 favor -> "
     "upgrade_everything': unknown effect 'upgrade_everything'"),
    ("artifacts.toml", 'craft_cost = 6\n', 'craft_cost = -1\n',
     "artifacts.toml: artifact 3 (divining_rod): craft_cost must be a whole number"),
    ("objectives.toml", '"5 coin"', '"5 gems"',
     "objectives.toml: objective 1 (objective-01): unknown need 'gems'"),
    ("tracks.toml", 'position = 7\ncoins = 2', 'position = 7\ncoins = 9',
     "tracks.toml: artifact Benefactor prices must not rise"),
    ("factions.toml", 'blue dice."\nsource = "seed"', 'blue dice."\nsource = "guessed"',
     "factions.toml: faction 1 (ashen_druid): source must be one of seed, public, assumed"),
])
def test_a_bad_row_is_one_error_naming_file_and_row(copy, name, old, new, message):
    edit(copy, name, old, new)
    with pytest.raises(UserError) as caught:
        load_set(str(copy))
    text = str(caught.value)
    assert "\n" not in text
    assert message.replace("artifact Benefactor", "artisan Benefactor") in text


@pytest.mark.parametrize("name, old, new, message", [
    ("factions.toml", "priority = 45", "priority = 44",
     "faction 'ashen_druid' is marked source = \"seed\" but the rulebook prints "
     "('Ashen Druid', 45"),
    ("artifacts.toml", "upgrade_cost = 2\n", "upgrade_cost = 1\n",
     "artifact 'arc_golem' is marked source = \"seed\" but the rulebook prints ('Arc Golem', 3"),
    ("factions.toml", 'text = "Gain 1 Influence when resolving red dice."\nsource = "assumed"',
     'text = "Gain 1 Influence when resolving red dice."\nsource = "seed"',
     "faction 'ember_warden' is marked source = \"seed\" but the rulebook prints no such"),
    ("set.toml", "count = 20\nsource = \"seed\"", "count = 21\nsource = \"seed\"",
     "set.toml: count 2 (artifacts): marked source = 'seed' but the printed count is 20"),
])
def test_a_row_marked_seed_must_say_what_the_rulebook_prints(copy, name, old, new, message):
    edit(copy, name, old, new)
    with pytest.raises(UserError, match=re.escape(message)):
        load_set(str(copy))


def test_a_guild_deck_without_three_stage_3_cards_is_an_error(copy):
    text = (copy / "guild_cards.toml").read_text()
    for letter in "cdefgh":
        text = text.replace(f'id = "alchemist-3{letter}"\nguild = "alchemist"\nstage = 3',
                            f'id = "alchemist-3{letter}"\nguild = "alchemist"\nstage = 2')
    (copy / "guild_cards.toml").write_text(text)
    with pytest.raises(UserError, match=r"guild_cards.toml: the alchemist deck needs 3 "
                                        r"Stage 3 card\(s\) \(1\+3\+3\), the set has 2"):
        load_set(str(copy))


def test_an_unknown_set_names_the_shipped_ones():
    with pytest.raises(UserError, match=r"neither a shipped set \(cheap-benefactors, default, "
                                        r"strong-merchant\) nor a folder"):
        load_set("no-such-set")


def test_rewards_parse_to_paid_scaling_and_choice_parts():
    assert parse_reward("2 coin + favor") == (Part(((("coin", 2), ("favor", 1)),)),)
    assert parse_reward("favor -> 2 influence") == (
        Part(((("influence", 2),),), cost=(("favor", 1),)),)
    assert parse_reward("per not-magic: shard")[0].per == "not-magic"
    assert parse_reward("craft | 2 coin")[0].choices == ((("craft", 1),), (("coin", 2),))
    assert parse_reward("nothing") == ()
