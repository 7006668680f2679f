"""REFERENCE rulings R4 and R13 as rule options (`memory_token_sides`, `chaos_rewards`): the seed's
reading stays the default (ruling R12, the seed stands); each reading is played here with its
exact resources, allegiance moves and events."""

from __future__ import annotations

import polars as pl
import pytest
from click.testing import CliRunner
from harness import Bench, ev, gained

from analytics.cli.app import main
from analytics.eventlog.reader import read_table
from analytics.games.diceforge.cards import titans  # noqa: F401  (its module's setup)
from analytics.games.diceforge.catalogue import catalogue
from analytics.games.diceforge.rules import turn
from analytics.games.diceforge.rules.blessings import divine_blessing
from analytics.games.diceforge.rules.content import load_card_set
from analytics.games.diceforge.rules.options import RuleOptions, parse_rule_options
from analytics.games.diceforge.rules.state import Setup

SET = "titans-discovery"


def bench(**rules: str) -> Bench:
    b = Bench(players=2, cards=SET, module="titans", rules=RuleOptions(**rules))
    for seat in range(2):
        b.set_reserves(seat)
    return b


def test_the_seeds_readings_are_the_defaults():
    assert (RuleOptions().memory_token_sides, RuleOptions().chaos_rewards) == (
        "gold_sun", "moon_gold")
    with pytest.raises(Exception, match="memory_token_sides"):
        parse_rule_options({"memory_token_sides": "gold"})


# --- R4: the Memory token's second face --------------------------------------------------------

@pytest.mark.parametrize("reading, word, gold, token", [
    ("gold_sun", "gold2+sun1", 2, 16),      # the seed: 2 Gold + 1 Sun Shard
    ("loyalty_sun", "loyalty2+sun1", 0, 18),  # R4: 2 Loyalty (two steps right) + 1 Sun Shard
])
def test_a_memory_tokens_second_face_under_each_reading(reading, word, gold, token):
    b = bench(memory_token_sides=reading)
    b.decide(("memory_side", 1), ("memory_island", 6), ("memory_side", 0), ("memory_island", 1))
    b.set_reserves(0, moon=1)
    turn.perform_feat(b.g, b.p(0), "memory", "action")
    placed = [e for e in b.events() if e["kind"] == "memory_placed"]
    assert placed == [ev("memory_placed", 0, word, None, 6, "memory"),
                      ev("memory_placed", 0, "ancient2+moon1", None, 1, "memory")]
    b.set_reserves(0, sun=2)
    turn.perform_feat(b.g, b.p(0), "guardian", "action")  # island 6: the token is claimed
    b.check_scripts_used()
    claim = [e for e in b.events() if e["kind"] in ("memory_claimed", "resource_gained",
                                                     "allegiance_moved")
             and e["cause"] == "memory"]
    moves = [ev("allegiance_moved", 0, "main", None, space, "memory", f"{space - 1}>{space}")
             for space in (17, 18)] if reading == "loyalty_sun" else []
    gains = [gained(0, "gold", 2, "memory", "memory")] if gold else []
    assert claim == [ev("memory_claimed", 0, word, None, 6, "memory"), *gains, *moves,
                     gained(0, "sun", 1, "memory", "memory")]
    assert (b.p(0).gold, b.p(0).sun, b.g.board.tokens[0]) == (gold, 1, token)


# --- R13: the Chaos faces' rewards -------------------------------------------------------------

@pytest.mark.parametrize("reading, pool", [
    ("moon_gold", ["chaos_blue", "chaos_red", "chaos_yellow", "chaos_green"]),
    ("ancient_loyalty", ["chaos_blue_ancient", "chaos_red_ancient", "chaos_yellow_loyalty",
                         "chaos_green_loyalty"]),
])
def test_the_forest_and_the_catalogue_hold_the_chaos_faces_of_the_reading(reading, pool):
    b = bench(chaos_rewards=reading)
    assert [f.id for f in b.g.gardens["chaos"]] == pool
    setup = Setup(4, load_card_set(SET), RuleOptions(chaos_rewards=reading), "titans")
    rows = [r for r in catalogue(setup)[1] if r["from_card"] == "chaos"]
    assert [r["component"] for r in rows] == pool


@pytest.mark.parametrize("chaos, other, res, token", [
    # Reward A (the other die gives the face's colour): 3 Glory, then 2 Ancient Shards / Loyalty
    ("chaos_blue_ancient", "moon_1", {"moon": 1, "glory": 3, "ancient": 2}, 14),
    ("chaos_red_ancient", "sun_1", {"sun": 1, "glory": 3, "ancient": 2}, 14),
    ("chaos_yellow_loyalty", "gold_1", {"gold": 1, "glory": 3}, 18),
    ("chaos_green_loyalty", "glory_2", {"glory": 5}, 18),
    # Reward B: 2 Ancient Shards / 2 Loyalty only
    ("chaos_blue_ancient", "sun_1", {"sun": 1, "ancient": 2}, 14),
    ("chaos_green_loyalty", "gold_1", {"gold": 1}, 18),
    # two Chaos faces: each sees the other's B, which never shows a colour here
    ("chaos_blue_ancient", "chaos_yellow_loyalty", {"ancient": 2}, 16),
])
def test_a_chaos_face_under_r13_gives_ancient_shards_or_loyalty(chaos, other, res, token):
    b = bench(chaos_rewards="ancient_loyalty")
    b.set_die(0, "light", chaos)
    b.set_die(0, "dark", other)
    b.rolls((0, "light", chaos), (0, "dark", other))
    divine_blessing(b.g, b.p(0), "divine_blessing")
    b.check_scripts_used()
    p = b.p(0)
    held = {r: n for r, n in (("gold", p.gold), ("sun", p.sun), ("moon", p.moon),
                              ("glory", p.glory), ("ancient", p.res["ancient"])) if n}
    assert (held, b.g.board.tokens[0]) == (res, token)


@pytest.mark.parametrize("rules, absent, present", [
    ((), {"loyalty2+sun1", "chaos_blue_ancient"}, set()),
    (("memory_token_sides=loyalty_sun", "chaos_rewards=ancient_loyalty"),
     {"gold2+sun1", "chaos_blue", "chaos_red", "chaos_yellow", "chaos_green"},
     {"loyalty2+sun1"}),
])
def test_whole_games_play_each_reading_and_record_it(tmp_path, rules, absent, present):
    out = tmp_path / "run"
    args = ["simulate", "--set", SET, "--module", "titans", "--players", "4", "--games", "8",
            "--bots", "economist,hero,economist,hero", "--workers", "1", "--quiet",
            "--out", str(out)]
    for rule in rules:
        args += ["--rule", rule]
    assert CliRunner().invoke(main, args).exit_code == 0
    events = read_table(out, "events").with_columns(pl.col("item", "cause").cast(pl.String))
    words = set(events["item"].drop_nulls()) | set(events["cause"].drop_nulls())
    assert not words & absent and present <= words
    recorded = read_table(out, "runs")["rules"].item()
    for rule in rules:
        name, value = rule.split("=")
        assert f'"{name}": "{value}"' in recorded
