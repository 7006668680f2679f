"""The search bot (engine/mcts.py, policies/mcts.py): it finds the move that wins outright,
more iterations never play worse there, it reads nothing its seat cannot know, it is
reproducible, it never writes to the game, and it plays every game and module dicelab has."""

from __future__ import annotations

import random
import time

import pytest

from analytics.engine.chance import SeededChance
from analytics.engine.loop import play_game
from analytics.engine.mcts import (
    Knobs,
    Search,
    parse_budget,
    rank_rewards,
    resumes_at,
    search,
    win_rewards,
)
from analytics.engine.plugins import plugin_of
from analytics.errors import UserError
from analytics.games import PACKAGES, game_of, get_game
from analytics.policies import make_bot, parse_spec
from tests.engine.mcts_positions import Idle, last_position, one_winner

BUDGETS = (1, 4, 16, 64, 256)
RNG_SEEDS = range(6)

# (game, card set, players, game seed, decision kind): the deciding seat is the last one.
POSITIONS = {
    # The last action of a game: only one feat wins when the rollout policy plays on (the
    # economist would take another): the Ferryman, the Guardian's Owl, the Abyssal Trident.
    "last-round feat, base": ("diceforge", "base", 2, 9, "action"),
    "last-round feat, base, another": ("diceforge", "base", 2, 26, "action"),
    "last-round feat, Rebellion": ("diceforge", "rebellion-goddess-cards", 2, 10, "action"),
    # The last purchase of a Bazaar game: only the Trophy wins; passing loses.
    "forced buy, 2 players": ("bazaar", "night-market", 2, 1, "buy"),
    "forced buy, 4 players": ("bazaar", "night-market", 4, 0, "buy"),
}


def position(name: str):
    game_name, card_set, players, seed, kind = POSITIONS[name]
    game = get_game(game_name)
    setup = game.setup(card_set, "none", {}, players).game_setup
    state, decision = last_position(game, setup, seed, kind, players - 1)
    winner = one_winner(game, state, decision, range(40))
    bots = [game.make_bot(game.default_bots) for _ in range(players)]
    return game, state, decision, winner, bots


@pytest.fixture(scope="module", params=sorted(POSITIONS))
def constructed(request):
    return position(request.param)


def picks(constructed, budget: int) -> list:
    game, state, decision, _, bots = constructed
    return [search(game, state, decision, Knobs(iterations=budget), bots, random.Random(r))
            for r in RNG_SEEDS]


def test_the_position_has_exactly_one_winning_option(constructed):
    _, _, decision, winner, _ = constructed
    assert winner in decision.options and len(decision.options) > 1


def test_the_search_finds_the_winning_option(constructed):
    assert picks(constructed, 256) == [constructed[3]] * len(RNG_SEEDS)


def test_more_iterations_never_play_worse(constructed):
    found = [picks(constructed, b).count(constructed[3]) for b in BUDGETS]
    assert found == sorted(found) and found[-1] == len(RNG_SEEDS)


@pytest.mark.parametrize("name,planned,winner", [
    ("last-round feat, base", "satyrs", "ferryman"),
    ("last-round feat, base, another", "minotaur", "guardians_owl"),
    ("last-round feat, Rebellion", "eternal_night", "abyssal_trident")])
def test_the_search_overrides_its_rollout_policy(name, planned, winner):
    """One iteration plays the rollout policy's own pick; the search finds the winner."""
    game, state, decision, found, bots = position(name)
    assert found == winner
    assert bots[decision.seat].choose(state, decision, random.Random(0)) == planned
    assert picks((game, state, decision, winner, bots), 1) == [planned] * len(RNG_SEEDS)


def test_states_that_differ_only_in_the_future_dice_get_the_same_decisions():
    """The real game's chance (what no player may know) is never read: two copies of a
    position with other future dice give the same root statistics, hence the same picks."""
    game, state, decision, _, bots = position("last-round feat, base")
    twins = [game.clone(state, SeededChance(seed), Idle()) for seed in (1, 2)]
    twins[1].chance.roll(0, "light", ("a", "b"))  # and one stream further on
    for r in RNG_SEEDS:
        roots = []
        for twin in twins:
            found = Search(game, Knobs(iterations=32), bots, decision.seat, random.Random(r))
            found.run(twin, decision)
            roots.append(found.root.stats)
        assert roots[0] == roots[1]


EVERY_SETUP = [
    ("diceforge", "base", "none"), ("diceforge", "rebellion-goddess-cards", "none"),
    ("diceforge", "rebellion-titans-cards", "none"), ("diceforge", "goddess-discovery", "goddess"),
    ("diceforge", "titans-discovery", "titans"), ("bazaar", "first-market", "none"),
    ("bazaar", "night-market", "none"), ("altera", "default", "none"),
    ("valeria", "default", "none"), ("valeria", "default", "shrine+great_battles+spells+wraith")]


def test_every_registered_game_is_searched():
    """A game added to the registry must join EVERY_SETUP: the bot plays every game."""
    assert {name for name, _, _ in EVERY_SETUP} == set(PACKAGES)


@pytest.mark.parametrize("game_name,card_set,module", EVERY_SETUP)
def test_it_plays_every_game_and_module_without_writing_to_it(game_name, card_set, module):
    game = get_game(game_name)
    setup = game.setup(card_set, module, {}, 3).game_setup
    bots = [game.make_bot("mcts:4"), game.make_bot(game.default_bots),
            game.make_bot("mcts:3:opponents=tree:horizon=20")]
    result = play_game(game, setup, bots, 5, checked=(True, False, True))
    assert bots[0].searches > 0 and bots[2].searches > 0  # every seat searches
    assert sorted(result.ranks)[0] == 1


@pytest.mark.parametrize("game_name", sorted(PACKAGES))
def test_a_seed_gives_the_same_game(game_name):
    game = get_game(game_name)
    setup = game.setup(game.default_set, "none", {}, 2).game_setup
    results = [play_game(game, setup, [game.make_bot("mcts:8"), game.make_bot("random")], 3)
               for _ in range(2)]
    assert results[0].events == results[1].events


def test_a_time_budget_searches_until_it_is_spent():
    game, state, decision, _, bots = position("last-round feat, base")
    bot = make_bot("diceforge", "mcts:30ms")
    assert bot.params["cpu_ms"] == 30.0 and bot.params["iterations"] is None
    found = Search(game, bot.knobs, bots, decision.seat, random.Random(0))
    start = time.process_time()
    assert found.run(state, decision) in decision.options
    assert time.process_time() - start >= 0.030
    assert sum(n for n, _ in found.root.stats.values()) == found.root.visits > 1


def test_budgets_and_knobs_are_read_and_logged():
    assert parse_budget(400) == (400, None) and parse_budget("50ms") == (None, 50.0)
    spec = parse_spec("mcts:400:c=1.5:rollout=random")
    assert spec.target == "mcts" and dict(spec.params) == {"budget": "400", "c": 1.5,
                                                           "rollout": "random"}
    bot = make_bot("bazaar", "mcts:400:c=1.5:rollout=random")
    assert (bot.params["iterations"], bot.params["c"], bot.params["rollout"]) == (400, 1.5,
                                                                                  "random")
    for bad in ("mcts:0", "mcts:fast", "mcts:-5ms", "mcts:10:reward=score",
                "mcts:10:opponents=all", "mcts:10:c=-1", "mcts:10:rollout=mcts"):
        with pytest.raises(UserError):
            make_bot("bazaar", bad)


def test_rewards():
    keys = [(10,), (7,), (10,), (3,)]
    assert rank_rewards(keys) == [2.5 / 3, 1 / 3, 2.5 / 3, 0.0]
    assert win_rewards(keys) == [0.5, 0.0, 0.5, 0.0]


class Recorder:
    """Plays the game's default bot and records, per decision kind, whether a search could
    start there (`resumes_at`)."""

    def __init__(self, game, bot) -> None:
        self.game, self.bot, self.name, self.params = game, bot, bot.name, {}
        self.found: dict[str, set[bool]] = {}

    def choose(self, view, decision, rng):
        self.found.setdefault(decision.kind, set()).add(
            resumes_at(self.game, view, decision))
        return self.bot.choose(view, decision, rng)


@pytest.mark.parametrize("game_name,always,never", [
    ("diceforge", {"action"}, {"offering", "forge_place"}),
    ("bazaar", {"buy", "recast"}, set()),
    ("altera", {"deploy"}, {"faction", "reputation", "pay", "craft"}),
    ("valeria", {"move"}, {"take_die", "plan", "adjust", "champion", "reserve", "magic"})])
def test_a_search_starts_only_where_a_clone_resumes(game_name, always, never, tmp_path):
    """Dice Forge resumes at its action choices, not inside an effect (a forge's faces and
    where they go); Bazaar at every decision of its turn (with the Whistle: recasts too);
    Altera at every seat's slotting of a deployment (a simultaneous step: the seats asked
    before are sampled), not inside a reward or at the setup's shuffles; Valeria at every
    seat's move, not inside the action it leads to."""
    game = get_game(game_name)
    card_set = game.default_set
    if game_name == "bazaar":
        card_set = str(tmp_path / "whistle.toml")
        (tmp_path / "whistle.toml").write_text(game.set_file("whistle", {
            "stall1": "whistle", "stall2": "almanac", "stall3": "loom", "stall4": "trophy"}))
    setup = game.setup(card_set, "none", {}, 3).game_setup
    recorders = [Recorder(game, game.make_bot(game.default_bots)) for _ in range(3)]
    for seed in range(3):
        play_game(game, setup, recorders, seed)
    found: dict[str, set[bool]] = {}
    for recorder in recorders:
        for kind, seen in recorder.found.items():
            found.setdefault(kind, set()).update(seen)
    assert all(found[kind] == {True} for kind in always)
    assert all(found[kind] == {False} for kind in never)


def test_the_bot_finds_the_game_it_plays_from_its_view():
    for game in (get_game("diceforge"), get_game("bazaar")):
        setup = game.setup(game.default_set, "none", {}, 2).game_setup
        state = game.new_game(setup, SeededChance(0), Idle())
        assert game_of(state) is game
        assert plugin_of(state) is game  # the engine's way, which the search bot takes
    for find in (game_of, plugin_of):
        with pytest.raises(UserError, match="no game plays a dict state"):
            find({})
