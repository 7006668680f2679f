"""Valeria's assumption sets: the shipped ones load whole with their seed rows, and each kind
of mistake is one error naming the file and the row."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from analytics.errors import UserError
from analytics.games.valeria.assumptions import SETS_DIR, load_set, set_names


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    folder = tmp_path / "mine"
    shutil.copytree(SETS_DIR / "default", folder)
    return folder


def edit(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / name
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_the_shipped_sets_load_whole():
    assert set_names() == ["cheap-champions", "default", "steep-chart"]
    s = load_set()
    assert (len(s.plans), len(s.champions), len(s.awards), len(s.battles), len(s.spells),
            len(s.powers)) == (48, 61, 15, 15, 28, 56)
    assert s.board.titan_prices == {"standard": (1, 3, 6), "difficult": (2, 4, 8)}
    assert s.board.battle_chart["standard"] == ((0, 1), (11, 2), (16, 3), (21, 4))
    assert s.board.battle_chart["difficult"][-1] == (26, 4)
    assert {p.id for p in s.powers.values() if p.source == "seed"} == {
        "alazar", "bosco", "cabella", "dendiddion", "estavan", "falci", "gemmatrude",
        "hespera"}
    assert s.seeded > 0 and s.public > 0 and s.assumed > 300


def test_every_row_names_its_source():
    for folder in SETS_DIR.iterdir():
        for path in folder.glob("*.toml"):
            text = path.read_text()
            assert text.count("[[") == text.count("source = "), path


def test_a_folder_loads_and_its_hash_follows_its_content(copy: Path):
    assert load_set(str(copy)).hash == load_set().hash
    edit(copy, "set.toml", 'name = "default"', 'name = "mine"')
    changed = load_set(str(copy))
    assert changed.name == "mine" and changed.hash != load_set().hash


@pytest.mark.parametrize("name, old, new, message", [
    ("plans.toml", 'troops = "goblin+orc"', 'troops = "goblin+elf"',
     "plans.toml: plan 1 (plan01): troops 'goblin+elf': 1 to 6 of goblin, orc, skeleton, "
     "gargoyle, gnoll joined by '+'"),
    ("champions.toml", 'trigger = "gain:gold"', 'trigger = "gain:gems"',
     "champions.toml: champion 22 (ongoing01): trigger 'gain:gems' is not one of"),
    ("champions.toml", 'effect = "3 magic"', 'effect = "3 mana"',
     "champions.toml: champion 1 (instant01): '3 mana' is not 'N thing'"),
    ("spells.toml", 'gains = "2 gold + 1 magic"', 'gains = "3 gold + 1 magic"',
     "spells.toml: power 2 (bosco): marked source = \"seed\" but the rulebook explains"),
    ("board.toml", 'side = "standard"\ndice = 2\ngold = 3', 'side = "standard"\ndice = 2\ngold = 4',
     "board.toml: titan_price 2: marked source = \"seed\" but the rulebook prints 3 Gold"),
    ("board.toml", 'side = "standard"\nstrength = 11\nvp = 2',
     'side = "standard"\nstrength = 12\nvp = 2',
     "board.toml: battle_chart 2: marked source = \"seed\" but the rulebook prints no such row"),
    ("board.toml", 'die = "wraith"\nside = 1\npip = 1\nstrength = 1\ndiscount = 5\nopposite = 3',
     'die = "wraith"\nside = 1\npip = 1\nstrength = 1\ndiscount = 5\nopposite = 2',
     "board.toml: the Wraith die is printed 1, 1, 2, 2, 3, 3 with opposite sides adding up to 4"),
    ("set.toml", 'component = "battle_plans"\ncount = 48', 'component = "battle_plans"\ncount = 47',
     "set.toml: count 1 (battle_plans): marked source = 'public' but the printed count is 48"),
    ("awards.toml", 'source = "assumed"', 'source = "guessed"',
     "awards.toml: award 1 (award01): source must be one of seed, public, assumed (got "
     "'guessed')"),
    ("campaign.toml", 'between = "r0c0+r0c1"', 'between = "r0c0+r9c9"',
     "campaign.toml: chain A:chain1 lies beside 'r9c9', not a Skirmish Area of map A"),
    ("great_battles.toml", 'spaces = ["1 magic", "1 gold", "1 influence", "2 magic", "1 gem"]',
     'spaces = ["1 magic", "1 gold"]',
     "great_battles.toml: card 1 (gb01): a Great Battle card has five Troop spaces"),
])
def test_each_mistake_is_one_error_naming_file_and_row(copy, name, old, new, message):
    edit(copy, name, old, new)
    with pytest.raises(UserError) as err:
        load_set(str(copy))
    assert f"{copy / message.split(':')[0]}:{message.split(':', 1)[1]}" in str(err.value)


def test_an_unknown_set_is_one_error():
    with pytest.raises(UserError, match="neither a shipped set"):
        load_set("no-such-set")
