"""A bot may read the game, never change it: with checks on, every way of writing is caught
and named; with checks off, nothing is paid; every built-in bot of every game passes."""

from __future__ import annotations

import random
import re
from types import MappingProxyType

import pytest

from analytics.engine import Decider, play_game
from analytics.engine import loop as loop_module
from analytics.engine.chance import SeededChance
from analytics.engine.fingerprint import fingerprint
from analytics.engine.readonly import ReadOnlyError
from analytics.games import GAMES
from analytics.games.diceforge import GAME
from analytics.games.diceforge.rules.blessings import roll_die
from analytics.games.diceforge.rules.components import FACES
from analytics.games.diceforge.rules.content import load_card_set
from analytics.games.diceforge.rules.resources import gain, lose, spend
from analytics.games.diceforge.rules.state import Game, Setup
from analytics.policies import available_bots, make_bot

SETUP = Setup(3, load_card_set("base"))

# Every way a bot could write that the old read-only guard refused, less two the check need
# not see: asking the game a decision (it changes no state) and the shared card set, which is
# read-only by construction (below).
WRITES = {
    "attribute": lambda g, p: setattr(g, "round", 99),
    "property": lambda g, p: setattr(p, "glory", 500),
    "map replaced": lambda g, p: setattr(p, "caps", {}),
    "attribute deleted": lambda g, p: delattr(g, "blessed"),
    "card list": lambda g, p: p.cards.append(None),
    "die face": lambda g, p: p.dice[0].__setitem__(0, FACES["sun_2"]),
    "cap": lambda g, p: p.caps.__setitem__("gold", 99),
    "island": lambda g, p: g.islands.__setitem__(1, p.seat),
    "garden": lambda g, p: g.gardens["x3"].pop(),
    "stack": lambda g, p: g.stacks.pop("M1"),
    "sanctuary": lambda g, p: g.sanctuary[0].clear(),
    "event emitted": lambda g, p: g.log.emit(0, "cheated"),
    "opponent": lambda g, p: g.opponents(p)[0].__setattr__("gold", 0),
    "log rows": lambda g, p: g.log.rows.append(None),
    "log round": lambda g, p: setattr(g.log, "round", 77),
    "hooks": lambda g, p: p.hooks.setdefault("cheat", ()),
    "face up": lambda g, p: p.up.__setitem__(0, FACES["sun_2"]),
    "a roll of the game's dice": lambda g, p: g.chance.roll(p.seat, "light", p.dice[0]),
    "a new chance stream": lambda g, p: g.chance.roll(p.seat, "cheat", p.dice[0]),
    "gain": lambda g, p: gain(g, p, "gold", 3, "cheat"),
    "lose": lambda g, p: lose(g, p, "gold", 1, "cheat"),
    "spend": lambda g, p: spend(g, p, "gold", 1, "cheat"),
    "roll_die": lambda g, p: roll_die(g, p, 0, "cheat"),
}


class Writer:
    """Plays as `honest` would, but makes one write at its third decision."""

    def __init__(self, write) -> None:
        self.write, self.honest = write, make_bot("diceforge", "economist")
        self.name, self.params, self.seen = "writer", {}, 0

    def choose(self, view, decision, rng: random.Random):
        self.seen += 1
        if self.seen == 3:
            self.write(view, view.players[decision.seat])
        return self.honest.choose(view, decision, rng)


# A compiled class refuses to delete an attribute itself (AttributeError): the game is not
# changed either way.
REFUSED_BY_THE_CLASS = {"attribute deleted": AttributeError}


@pytest.mark.parametrize("what", list(WRITES))
def test_a_checked_bot_that_writes_is_stopped_naming_it_and_the_decision(what):
    bots = [make_bot("diceforge", "economist"), Writer(WRITES[what]),
            make_bot("diceforge", "economist")]
    with pytest.raises((ReadOnlyError, REFUSED_BY_THE_CLASS.get(what, ReadOnlyError))) as caught:
        play_game(GAME, SETUP, bots, 5, checked=(False, True, False))
    if caught.type is ReadOnlyError:
        assert re.fullmatch(r"bot 'writer' \(seat 1\) changed the game while deciding '\w+': "
                            r"a bot may read the game, never change it", str(caught.value))


def test_an_unchecked_seat_is_not_watched():
    """Only the checked seats pay: the same writer unchecked plays on (its write stands)."""
    bots = [make_bot("diceforge", "economist"), Writer(WRITES["cap"]),
            make_bot("diceforge", "economist")]
    result = play_game(GAME, SETUP, bots, 5, checked=(True, False, True))
    assert result.scores


def test_checks_off_take_no_fingerprint(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("a fingerprint was taken with checks off")

    monkeypatch.setattr(loop_module, "fingerprint", refuse)
    bots = [make_bot("diceforge", "economist") for _ in range(3)]
    assert play_game(GAME, SETUP, bots, 2).scores


def test_the_shared_card_set_is_read_only():
    """Games share their setup: no bot (or game) may change another game's cards."""
    cards = load_card_set("base").cards
    assert isinstance(cards, MappingProxyType)
    with pytest.raises(TypeError):
        cards["M1"] = cards["M2"]  # type: ignore[index]


def test_the_fingerprint_sees_every_part_of_the_state():
    """A write anywhere the state reaches changes it; reading twice does not."""
    state = GAME.new_game(SETUP, SeededChance(1), Decider([], 1))
    before = fingerprint(state, GAME.immutable, state.decider)
    assert fingerprint(state, GAME.immutable, state.decider) == before
    for what, write in WRITES.items():
        copy = GAME.clone(state, state.chance.copy(), Decider([], 1))
        copy_before = fingerprint(copy, GAME.immutable, copy.decider)
        try:
            write(copy, copy.players[0])
        except REFUSED_BY_THE_CLASS.get(what, ()):
            continue  # compiled: the class itself refused the write
        assert fingerprint(copy, GAME.immutable, copy.decider) != copy_before, what


def test_a_policy_reads_the_game_itself():
    class Reader:
        name, params = "reader", {}

        def __init__(self) -> None:
            self.seen: list = []

        def choose(self, g, decision, rng):
            self.seen.append(g)
            return decision.options[0]

    reader = Reader()
    play_game(GAME, SETUP, [reader] * 3, 1)
    assert reader.seen and all(type(g) is Game for g in reader.seen)
    assert len({id(g) for g in reader.seen}) == 1


def every_builtin_bot():
    """Every registered bot of every game; the search bot on a small budget (it is checked
    like the others, and its budget changes only how long it thinks)."""
    for name in GAMES:
        for bot in available_bots(name):
            yield name, "mcts:4" if bot == "mcts" else bot


# Over 10 s each on a loaded 2-core machine (Altera's games are the longest, a search the slowest
# bot): in `make test-slow`, which CI runs; the rest of every game's bots in `make test`.
SLOW_CHECKS = {("diceforge", "lookahead"), ("diceforge", "hero"), ("valeria", "random"),
               ("valeria", "warlord")}


def marked(game_name: str, bot: str):
    slow = game_name == "altera" or (game_name, bot) in SLOW_CHECKS
    return pytest.param(game_name, bot, marks=pytest.mark.slow) if slow else (game_name, bot)


@pytest.mark.parametrize(("game_name", "bot"), [marked(*pair) for pair in every_builtin_bot()])
def test_every_builtin_bot_only_reads_and_plays_the_same_games_checked(game_name, bot):
    """Checks on for every seat: no built-in bot writes, and the games are those played
    unchecked (the check itself changes nothing)."""
    game = GAMES[game_name]
    slow = bot in ("lookahead", "mcts:4")  # the searches
    players = 2 if slow else max(game.player_counts)
    setup = game.setup(game.default_set, "none", {}, players).game_setup
    for seed in range(1 if slow else 3):
        plain = play_game(game, setup, [make_bot(game_name, bot) for _ in range(players)], seed)
        checked = play_game(game, setup, [make_bot(game_name, bot) for _ in range(players)],
                            seed, checked=(True,) * players)
        assert checked.events == plain.events
