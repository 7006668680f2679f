"""The Eternal Fire (Rebellion, F7): a new full turn right after, where only its buyer rolls."""

from __future__ import annotations

from pathlib import Path

from harness import Bench, ev, reserves

from analytics.games.diceforge.rules import turn
from analytics.games.diceforge.rules.components import CARDS
from analytics.games.diceforge.rules.options import RuleOptions

SET = str(Path(__file__).parent / "sets" / "twins-eternal-fire.toml")


def bench(sun: int, chests: int = 0, rules: RuleOptions | None = None) -> Bench:
    b = Bench(players=2, cards=SET, rules=rules)
    for _ in range(chests):
        b.give_card(0, "blacksmiths_chest")
    b.set_reserves(0, sun=sun)
    b.set_reserves(1)
    return b


def blessing_rolls(b: Bench, *seats: int) -> None:
    """Two blessings (two players) of gold_1 on both dice for each of `seats`."""
    for _ in range(2):
        b.rolls(*[(seat, die, "gold_1") for seat in seats for die in ("light", "dark")])


def turns(events: list[dict]) -> list[list[dict]]:
    """Events split at each turn_started."""
    split: list[list[dict]] = []
    for e in events:
        if e["kind"] == "turn_started":
            split.append([])
        split[-1].append(e)
    return split


def test_the_eternal_fire_is_a_rebellion_card_on_f7():
    card = CARDS["eternal_fire"]
    assert (card.slot, card.sun, card.glory, card.origin) == ("F7", 6, 10, "rebellion")


def test_a_new_full_turn_follows_where_only_its_buyer_rolls():
    b = bench(sun=6)
    b.give_card(0, "elder")
    blessing_rolls(b, 0, 1)
    blessing_rolls(b, 0)
    b.decide(("reinforcement", "done"), ("action", "eternal_fire"),
             ("reinforcement", "elder"), ("action", "pass"))
    turn.take_turns(b.g, b.p(0))
    b.check_scripts_used()
    first, second = turns(b.events())
    assert first[0] == second[0] == ev("turn_started", 0)
    assert [e["seat"] for e in first if e["kind"] == "die_rolled"] == [0, 0, 1, 1] * 2
    assert [e["seat"] for e in second if e["kind"] == "die_rolled"] == [0, 0] * 2
    assert ev("feat_performed", 0, "eternal_fire", None, None, "action", "4") in first
    assert ev("reinforcement_used", 0, "elder", None, None, "elder") in second
    assert (b.reserves(0), b.reserves(1)) == (reserves(gold=5, glory=4), reserves(gold=4))
    assert (b.g.extra_turns, b.g.solo, b.g.active, b.g.log.round) == ([], False, 0, 0)


def test_bought_again_in_the_new_turn_it_gives_yet_another():
    b = bench(sun=12, chests=2)
    blessing_rolls(b, 0, 1)
    blessing_rolls(b, 0)
    blessing_rolls(b, 0)
    b.decide(("action", "eternal_fire"), ("extra_action", "pass"), ("action", "eternal_fire"),
             ("action", "pass"))
    turn.take_turns(b.g, b.p(0))
    b.check_scripts_used()
    assert [t[0]["seat"] for t in turns(b.events())] == [0, 0, 0]
    assert b.g.stacks["F7"] == 0 and b.reserves(0) == reserves(gold=12)


def test_the_next_player_plays_after_the_owed_turn():
    b = bench(sun=6)
    blessing_rolls(b, 0, 1)
    blessing_rolls(b, 0)
    blessing_rolls(b, 1, 0)
    b.decide(("action", "eternal_fire"), ("action", "pass"), ("action", "pass"))
    turn.take_turns(b.g, b.p(0))
    turn.take_turns(b.g, b.p(1))
    b.check_scripts_used()
    played = turns(b.events())
    assert [t[0]["seat"] for t in played] == [0, 0, 1]
    assert [e["seat"] for e in played[-1] if e["kind"] == "die_rolled"] == [1, 1, 0, 0] * 2


def test_with_the_rule_now_the_current_turn_ends_at_once():
    """Same as above (an extra action would be affordable), but no extra-action step."""
    b = bench(sun=12, chests=2, rules=RuleOptions(eternal_fire="now"))
    blessing_rolls(b, 0, 1)
    blessing_rolls(b, 0)
    b.decide(("action", "eternal_fire"), ("action", "pass"), ("extra_action", "pass"))
    turn.take_turns(b.g, b.p(0))
    b.check_scripts_used()
    assert b.decider.kinds() == ["action", "action", "extra_action"]
    assert [t[0]["seat"] for t in turns(b.events())] == [0, 0]
    assert b.g.turn_cut is False
