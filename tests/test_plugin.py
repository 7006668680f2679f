"""The runner, the catalogue and the command line know games only through their plugin."""

import json
from copy import deepcopy
from dataclasses import dataclass, field, replace
from pathlib import Path

import pytest
from click.testing import CliRunner

import analytics
from analytics.cli.app import main
from analytics.engine import EventLog
from analytics.errors import UserError
from analytics.eventlog.reader import read_table
from analytics.eventlog.roles import Roles
from analytics.games import GAMES, get_game
from analytics.games.plugin import RunSetup, check_players_and_module
from analytics.native.build import module_imports
from analytics.policies import available_bots, make_bot
from analytics.runs.simulate import RunConfig, run_simulation

PACKAGE = Path(analytics.__file__).parent


def test_nothing_outside_the_games_folder_imports_a_game():
    games = {p.name for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").exists()}
    assert "diceforge" in games
    root = PACKAGE.parent
    found = {}
    for path in PACKAGE.rglob("*.py"):
        source = path.relative_to(root).as_posix()
        if source.startswith("analytics/games/"):
            continue
        for name in module_imports(source, root):
            parts = name.split(".")
            if parts[:2] == ["analytics", "games"] and len(parts) > 2 and parts[2] in games:
                found.setdefault(source, []).append(name)
    assert found == {}


def test_dice_forge_setup_from_card_set_module_rules_and_players():
    setup = get_game("diceforge").setup("base-alternates", "none", {"ties": "tiebreak"}, 3)
    assert (setup.players, setup.card_set, setup.module) == (3, "base-alternates", "none")
    assert setup.rules["ties"] == "tiebreak" and setup.rules["card_glory"] == "end"
    assert len(setup.cards) == 15 and setup.cards == setup.game_setup.card_set.card_ids


@pytest.mark.parametrize("players, module, message", [
    (5, "none", r"^--players must be 2, 3 or 4 \(got 5\)$"),
    (4, "atlantis",
     r"^--module 'atlantis' is not a module of diceforge; valid: none, goddess, titans$"),
])
def test_a_setup_the_game_does_not_have_is_one_line(players, module, message):
    with pytest.raises(UserError, match=message):
        get_game("diceforge").setup("base", module, {}, players)


@dataclass
class ToyState:
    players: int
    bonus: int
    decider: object
    glory: list = field(default_factory=list)
    log: EventLog = field(default_factory=EventLog)
    rounds: int = 1


class Toy:
    """A game of one choice: each seat takes 1, 2 or 3 Glory (plus the `bonus` rule)."""

    name = "toy"
    immutable = ()  # no components: views and clones copy everything
    player_counts = (2, 3)
    modules = {"none": "the toy alone"}
    roles = Roles("toy", "glory", ("resource_gained",), (), (), ())  # no components

    def bots(self):
        return available_bots(self.name)

    def make_bot(self, name):
        return make_bot(self.name, name)

    def rule_options(self):
        return {"bonus": ("0", ("0", "1"), "Glory added to every take")}

    def card_sets(self):
        return {"plain": ()}

    def tables(self):
        return {"takes": lambda: [{"take": n} for n in (1, 2, 3)]}

    def setup(self, card_set, module, rules, players):
        check_players_and_module(self, players, module)
        if card_set != "plain":
            raise UserError(f"toy has one card set, plain (got {card_set!r})")
        rules = {"bonus": "0", **rules}
        return RunSetup(players, card_set, (), module, rules, int(rules["bonus"]))

    def new_game(self, bonus, chance, decider):
        return ToyState(len(decider.policies), bonus, decider)

    def play(self, state):
        for seat in range(state.players):
            take = state.decider.decide(seat, "take", (1, 2, 3)) + state.bonus
            state.glory.append(take)
            state.log.emit(seat, "resource_gained", resource="glory", amount=take)

    def standings(self, state):
        return [(glory,) for glory in state.glory]

    def clone(self, state, chance, decider):
        return replace(state, decider=decider, glory=list(state.glory), log=deepcopy(state.log))

    def catalogue(self, setup):
        return {}, []  # no components: a take is a number, not a thing

    def vocabulary(self, setup):
        return {"kind": ("resource_gained",), "item": (), "resource": ("glory",), "cause": (),
                "use_kinds": ()}


@pytest.fixture
def toy(monkeypatch):
    monkeypatch.setitem(GAMES, "toy", Toy())


def test_another_game_is_simulated_listed_and_checked_through_its_plugin(toy, tmp_path):
    config = RunConfig(game="toy", players=3, games=5, seed=1, bots=("random",),
                       card_set="plain", rules={"bonus": "1"})
    out = run_simulation(config, tmp_path / "run", workers=1, progress=False)
    run = read_table(out, "runs").row(0, named=True)
    assert (run["game"], run["modules"], run["card_set"], run["cards"]) == (
        "toy", "none", "plain", "")
    assert json.loads(run["rules"]) == {"bonus": "1"}
    players = read_table(out, "players")
    assert players.height == 15 and set(players["score"]) <= {2, 3, 4}
    events = read_table(out, "events")
    assert (events.sort("game_id", "seat")["amount"].to_list()
            == players.sort("game_id", "seat")["score"].to_list())

    def invoke(*args):
        return CliRunner().invoke(main, [*args, "--game", "toy", "--format", "json"])

    assert json.loads(invoke("list", "takes").output) == [{"take": 1}, {"take": 2}, {"take": 3}]
    assert json.loads(invoke("list", "modules").output) == [
        {"module": "none", "about": "the toy alone"}]
    with pytest.raises(UserError, match=r"--players must be 2 or 3 \(got 4\)"):
        run_simulation(RunConfig(game="toy", players=4, card_set="plain"), tmp_path / "x")
