"""Bazaar's rules, event by event: a die drawn and cast, each charm's effect, the purse, the
standings, setup checks, clones; random games keep their invariants; a golden playthrough."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analytics.engine import (
    Decider,
    ScriptedChance,
    ScriptedDecider,
    SeededChance,
    play_game,
)
from analytics.engine.decisions import DecisionError
from analytics.errors import UserError
from analytics.eventlog.render import render_events
from analytics.games.bazaar import GAME
from analytics.games.bazaar.components import CHARMS, STALLS
from analytics.games.bazaar.content import CharmSet, load_charm_set
from analytics.games.bazaar.labels import LABELLING
from analytics.games.bazaar.options import RuleOptions
from analytics.games.bazaar.state import Setup, new_game
from analytics.games.bazaar.turn import play, take_turn

GOLDEN = Path(__file__).parents[1] / "golden"
# The bag in draw order: copper 0-4, silver 5-7, amber 8-9.
COPPER, SILVER, AMBER = 0, 5, 8


def charm_set(*charms: str) -> CharmSet:
    """The first market with `charms` on their stalls."""
    on = {**load_charm_set("first-market").by_stall(), **{CHARMS[c].stall: c for c in charms}}
    return CharmSet("test", tuple(CHARMS[on[s]] for s in STALLS))


def game(*, charms: tuple[str, ...] = (), rolls=(), draws=(), answers=(), players=2, **rules):
    """A fresh game on scripted chance and answers, the opening events dropped."""
    chance = ScriptedChance(rolls, draws)
    setup = Setup(players, charm_set(*charms), RuleOptions(**rules))
    state = new_game(setup, chance, ScriptedDecider(LABELLING, answers))
    del state.log.rows[:]
    return state


def turn_events(state) -> list[tuple]:
    """The events of the next turn, without round and active seat."""
    start = len(state.log.rows)
    take_turn(state)
    return [row[2:] for row in state.log.rows[start:]]


def test_a_turn_draws_casts_gains_and_buys():
    state = game(draws=[[COPPER, SILVER, AMBER]], rolls=["coins2", "stars1", "coins1_stars1"],
                 answers=["satchel"])
    assert turn_events(state) == [
        (0, "die_drawn", "copper", None, None, None, None),
        (0, "die_drawn", "silver", None, None, None, None),
        (0, "die_drawn", "amber", None, None, None, None),
        (0, "die_cast", "copper", None, None, None, "coins2"),
        (0, "die_cast", "silver", None, None, None, "stars1"),
        (0, "die_cast", "amber", None, None, None, "coins1_stars1"),
        (0, "coins_won", None, "coins", 2, "copper", None),
        (0, "stars_won", None, "stars", 1, "silver", None),
        (0, "coins_won", None, "coins", 1, "amber", None),
        (0, "stars_won", None, "stars", 1, "amber", None),
        (0, "coins_paid", None, "coins", -5, "satchel", None),
        (0, "charm_bought", "satchel", None, None, None, None),
    ]
    seat = state.seats[0]
    assert (seat.coins, seat.stars, list(seat.charms), state.turn) == (0, 2, ["satchel"], 1)
    assert state.log.rows[0][:2] == (1, 0)  # round 1, seat 0 active


def test_the_buy_offers_what_the_seat_can_afford_and_does_not_own():
    state = game(draws=[[COPPER + 1, COPPER + 2, COPPER + 3]], rolls=["blank"] * 3,
                 answers=[(0, "buy", "orrery")])
    state.seats[0].coins = 7
    state.seats[0].charms.append("lantern")
    with pytest.raises(DecisionError, match=r"legal: pass, satchel, lodestone\): the script's "
                       r"answer 'orrery' is not legal"):
        take_turn(state)


@pytest.mark.parametrize("charm, resource, amount", [
    ("lantern", "coins", 1), ("almanac", "stars", 1), ("loom", "coins", 2),
    ("orrery", "stars", 2)])
def test_a_turn_start_charm_gives_before_the_draw(charm, resource, amount):
    state = game(charms=(charm,), draws=[[1, 2, 3]], rolls=["blank"] * 3, answers=["pass"])
    state.seats[0].charms.append(charm)
    before = (state.seats[0].coins, state.seats[0].stars)
    events = turn_events(state)
    assert events[:3] == [(0, "charm_used", charm, None, None, None, None),
                          (0, f"{resource}_won", None, resource, amount, charm, None),
                          (0, "die_drawn", "copper", None, None, None, None)]
    gained = (amount, 0) if resource == "coins" else (0, amount)
    assert (state.seats[0].coins, state.seats[0].stars) == (before[0] + gained[0],
                                                            before[1] + gained[1])


@pytest.mark.parametrize("charm, stars", [("pennant", 2), ("lodestone", 5), ("trophy", 8)])
def test_a_purchase_charm_gives_its_stars_once_bought(charm, stars):
    state = game(charms=(charm,), draws=[[1, 2, 3]], rolls=["blank"] * 3, answers=[charm])
    state.seats[0].coins = CHARMS[charm].cost + 1
    assert turn_events(state)[-4:] == [
        (0, "coins_paid", None, "coins", -CHARMS[charm].cost, charm, None),
        (0, "charm_bought", charm, None, None, None, None),
        (0, "charm_used", charm, None, None, None, None),
        (0, "stars_won", None, "stars", stars, charm, None)]
    assert (state.seats[0].coins, state.seats[0].stars) == (1, stars)


def test_the_satchel_draws_one_more_die():
    state = game(draws=[[9, 8, 7, 0]], rolls=["stars3", "coins4", "stars2", "coins1"],
                 answers=["pass"])
    state.seats[0].charms.append("satchel")
    events = turn_events(state)
    assert events[0] == (0, "charm_used", "satchel", None, None, None, None)
    assert [e[2] for e in events if e[1] == "die_drawn"] == ["amber", "amber", "silver", "copper"]
    assert (state.seats[0].coins, state.seats[0].stars) == (2 + 5, 5)


def test_the_whistle_casts_one_die_again_and_the_new_side_stands():
    state = game(charms=("whistle",), draws=[[COPPER, SILVER, AMBER]],
                 rolls=["blank", "coins1", "stars3", "stars1"],
                 answers=[(0, "recast", "0:copper:blank"), "pass"])
    state.seats[0].charms.append("whistle")
    events = turn_events(state)
    assert events[6:8] == [(0, "charm_used", "whistle", None, None, None, None),
                           (0, "die_cast", "copper", None, None, "whistle", "stars1")]
    assert [(e[5], e[3], e[4]) for e in events[8:]] == [
        ("copper", "stars", 1), ("silver", "coins", 1), ("amber", "stars", 3)]
    assert (state.seats[0].coins, state.seats[0].stars) == (2 + 1, 1 + 3)


def test_keeping_every_die_uses_no_whistle():
    state = game(charms=("whistle",), draws=[[COPPER, SILVER, AMBER]],
                 rolls=["coins2", "coins3", "stars3"], answers=["keep", "pass"])
    state.seats[0].charms.append("whistle")
    assert all(e[1] != "charm_used" for e in turn_events(state))
    assert LABELLING.labels("recast", (-1, 0, 1), (("copper", "blank"), ("amber", "stars2"))) \
        == ("keep", "0:copper:blank", "1:amber:stars2")


def test_a_forbidden_charm_is_never_offered():
    state = game(draws=[[1, 2, 3]], rolls=["blank"] * 3, answers=[], forbid="satchel")
    state.seats[0].coins = 5  # lantern alone left with pass: the script would be asked
    with pytest.raises(DecisionError, match=r"legal: pass, lantern\)"):
        take_turn(state)


@pytest.mark.parametrize("purse, coins", [("graded", [2, 3, 4, 5]), ("even", [2, 2, 2, 2])])
def test_the_opening_purse(purse, coins):
    setup = Setup(4, load_charm_set("night-market"), RuleOptions(purse=purse))
    state = new_game(setup, ScriptedChance(), ScriptedDecider(LABELLING))
    assert [s.coins for s in state.seats] == coins
    assert [(r[2], r[3], r[6], r[7]) for r in state.log.rows] == [
        (s, "coins_won", n, "opening_purse") for s, n in enumerate(coins)]


def test_standings_are_stars_then_coins_and_the_game_ends_after_its_rounds():
    state = game(rounds="4", draws=[[0, 1]] * 8, rolls=["blank"] * 16, purse="even", draw="2")
    play(state)  # blank dice and 2 coins each: no seat can buy, no decision is asked
    assert (state.turn, state.rounds, state.over, len(state.log.rows)) == (8, 4, True, 32)
    state.seats[0].stars = state.seats[1].stars = 3
    assert GAME.standings(state) == [(3, 2), (3, 2)]
    state.seats[1].coins = 3
    assert GAME.standings(state) == [(3, 2), (3, 3)]


@pytest.mark.parametrize("args, message", [
    (("nowhere", "none", {}, 2), r"charm set 'nowhere' is neither a preset"),
    (("first-market", "none", {"forbid": "trophy"}, 2), r"forbid=trophy: charm 'trophy'"),
    (("first-market", "none", {"rounds": "5"}, 2), r"rounds='5' is not allowed; choose one of 4"),
    (("first-market", "none", {"speed": "1"}, 2), r"unknown rule option 'speed'"),
    (("first-market", "none", {}, 5), r"--players must be 2, 3 or 4 \(got 5\)"),
])
def test_a_wrong_setup_is_one_user_error(args, message):
    with pytest.raises(UserError, match=message):
        GAME.setup(*args)


def test_a_charm_on_the_wrong_stall_is_refused(tmp_path):
    path = tmp_path / "odd.toml"
    path.write_text(GAME.set_file("odd", {"stall1": "trophy", "stall2": "satchel",
                                          "stall3": "loom", "stall4": "orrery"}))
    with pytest.raises(UserError, match=r"stall stall1: charm 'trophy' belongs on stall4"):
        GAME.setup(str(path), "none", {}, 2)


def test_slots_name_each_stall_and_its_alternatives_and_a_set_file_reads_back(tmp_path):
    name, slots = GAME.slots("first-market")
    assert name == "first-market" and slots == {
        "stall1": ("lantern", ("pennant", "whistle")), "stall2": ("satchel", ("almanac",)),
        "stall3": ("lodestone", ("loom",)), "stall4": ("orrery", ("trophy",))}
    path = tmp_path / "swap.toml"
    path.write_text(GAME.set_file("swap", {**{s: c for s, (c, _) in slots.items()},
                                           "stall1": "whistle"}))
    setup = GAME.setup(str(path), "none", {}, 3)
    assert (setup.card_set, setup.cards) == ("swap", ("whistle", "satchel", "lodestone",
                                                      "orrery"))
    assert GAME.card_sets() == {"first-market": ("lantern", "satchel", "lodestone", "orrery"),
                                "night-market": ("pennant", "almanac", "loom", "trophy")}


def test_a_clone_between_turns_plays_on_alone_and_alike():
    setup = GAME.setup("first-market", "none", {}, 3).game_setup
    bots = [GAME.make_bot(b) for b in ("spender", "reckoner", "spender")]  # no rng: alike
    state = new_game(setup, SeededChance(3), Decider(bots, 3))
    state.decider.bind(state, GAME)
    for _ in range(5):
        take_turn(state)
    twin = GAME.clone(state, state.chance.copy(), Decider(bots, 3))
    twin.decider.bind(twin, GAME)
    twin.seats[0].charms.append("trophy")
    assert "trophy" not in state.seats[0].charms and twin.log.rows is not state.log.rows
    twin.seats[0].charms.pop()
    play(state)
    play(twin)
    assert twin.log.rows == state.log.rows


def random_setup(data, players: int) -> Setup:
    """A random charm per stall and random rule options."""
    by_stall = {s: sorted(c for c in CHARMS if CHARMS[c].stall == s) for s in STALLS}
    charms = tuple(CHARMS[data.draw(st.sampled_from(by_stall[s]))] for s in STALLS)
    options = RuleOptions(rounds=data.draw(st.sampled_from(("4", "6", "8"))),
                          purse=data.draw(st.sampled_from(("graded", "even"))),
                          draw=data.draw(st.sampled_from(("2", "3"))))
    return Setup(players, CharmSet("random", charms), options)


@settings(max_examples=25)
@given(st.data(), st.sampled_from((2, 3, 4)), st.integers(0, 2**31))
def test_random_games_keep_their_invariants(data, players, seed):
    setup = random_setup(data, players)
    names = [data.draw(st.sampled_from(("random", "spender", "reckoner")))
             for _ in range(players)]
    result = play_game(GAME, setup, [GAME.make_bot(n) for n in names], seed)
    held = {(s, r): 0 for s in range(players) for r in ("coins", "stars")}
    for row in result.events:
        if row[6] is not None:
            held[row[2], row[5]] += row[6]
            assert held[row[2], row[5]] >= 0, row
    assert result.scores == [held[s, "stars"] for s in range(players)]
    assert result.rounds == int(setup.options.rounds)
    again = play_game(GAME, setup, [GAME.make_bot(n) for n in names], seed)
    assert again.events == result.events


@pytest.mark.parametrize("card_set, players, seed, bots", [
    ("first-market", 3, 7, ("random", "random", "random")),
    ("night-market", 2, 11, ("spender", "reckoner")),
])
def test_seeded_playthrough_matches_golden(card_set, players, seed, bots):
    setup = GAME.setup(card_set, "none", {}, players).game_setup
    result = play_game(GAME, setup, [GAME.make_bot(b) for b in bots], seed)
    text = f"scores {result.scores} ranks {result.ranks}\n" + render_events(result.events)
    path = GOLDEN / f"bazaar-{card_set}-{players}p-seed{seed}.txt"
    if os.environ.get("DICELAB_UPDATE_GOLDEN") == "1":
        path.write_text(text)
    assert path.read_text() == text
