"""Option labels: every option of every decision has a label unique among its options that
parses back; a game recorded as labels replays exactly through the scripted decider."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from analytics.engine import play
from analytics.engine.chance import SeededChance
from analytics.engine.decisions import DecisionError
from analytics.engine.loop import Decider
from analytics.engine.scripted import ScriptedDecider
from analytics.games.diceforge import GAME
from analytics.games.diceforge.rules import labels
from analytics.games.diceforge.rules.components import FACES
from analytics.games.diceforge.rules.content import load_card_set
from analytics.games.diceforge.rules.state import Setup
from analytics.games.diceforge.tools.pairing import with_card
from analytics.policies import RandomPolicy, make_bot

BASE = load_card_set("base")
CARD_SETS = {
    "base": BASE,
    "base-alternates": load_card_set("base-alternates"),
    "rebellion": with_card(with_card(BASE, "M1", "twins"), "F7", "eternal_fire"),
    "scepter": with_card(BASE, "M1", "blacksmiths_scepter"),
    "faces": with_card(with_card(with_card(with_card(
        BASE, "M4", "celestial_die"), "M8", "goddess"), "F1", "merchant"), "F4", "light"),
    "wind": with_card(BASE, "M4", "wind"),
    "rebellion-forge": load_card_set(str(Path(__file__).parents[1] / "diceforge" / "sets"
                                         / "rebellion-forge-goldsmith.toml")),
    "players": load_card_set(str(Path(__file__).parents[1] / "diceforge" / "sets"
                                 / "rebellion-players.toml")),
    "goddess": load_card_set("goddess-discovery"),  # its module, read from its cards
    "titans": load_card_set("titans-discovery"),
}
# The sources, found from here: compiled, a module's __file__ is its built extension.
GAME_DIR = Path(__file__).resolve().parents[2] / "analytics" / "games" / "diceforge"
KINDS = labels.LABELLING


class Recorder:
    """The engine's Decider, checking every decision's labels and recording each answer's."""

    def __init__(self, policies: list, seed: int) -> None:
        self.decider = Decider(policies, seed)
        self.answers: list[tuple[int, str, str]] = []
        self.kinds: set[str] = set()
        self.count = 0

    def bind(self, state, game) -> None:
        self.decider.bind(state, game)

    def decide(self, seat, kind, options, context=None):
        names = KINDS.labels(kind, options, context)
        assert len(set(names)) == len(names), (kind, names)
        for name, option in zip(names, options, strict=True):
            assert KINDS.parse(kind, name, options, context) == option
            assert KINDS.label(kind, option, context) == name
        answer = self.decider.decide(seat, kind, options, context)
        if len(options) > 1:
            self.kinds.add(kind)
            self.answers.append((seat, kind, names[options.index(answer)]))
        self.count = self.decider.count
        return answer


def record(card_set: str, players: int, seed: int, bots: str) -> tuple:
    setup = Setup(players, CARD_SETS[card_set])
    policies = [RandomPolicy() if bots == "random" else make_bot("diceforge", bots)
                for _ in range(players)]
    recorder = Recorder(policies, seed)
    result = play(GAME, setup, SeededChance(seed), recorder)
    return setup, recorder, result


games = st.fixed_dictionaries({
    "seed": st.integers(min_value=0, max_value=2**63 - 1),
    "players": st.sampled_from((2, 3, 4)),
    "card_set": st.sampled_from(sorted(CARD_SETS)),
    "bots": st.sampled_from(("random", "economist", "hero")),
})


@settings(max_examples=25, deadline=None)
@given(games)
@example({"seed": 280, "players": 4, "card_set": "base", "bots": "economist"})  # mirror_loss
def test_labels_are_unique_parse_back_and_replay_the_game(game):
    setup, recorder, result = record(**game)
    replayer = ScriptedDecider(GAME.labelling, recorder.answers)
    again = play(GAME, setup, SeededChance(game["seed"]), replayer)
    assert again.events == result.events
    assert not replayer.script and replayer.count == len(recorder.answers) == result.n_decisions


def test_random_games_meet_every_declared_kind():
    """The property test above reaches every kind (so none goes untested)."""
    seen = record("base", 4, 280, "economist")[1].kinds  # a Mirror copied under the Minotaur
    for seed in range(40):
        for card_set in CARD_SETS:
            seen |= record(card_set, 2 + seed % 3, seed, "random")[1].kinds
    assert seen == KINDS.kinds


def test_every_kind_the_game_asks_has_a_label_declaration():
    asked = set()
    for path in GAME_DIR.rglob("*.py"):
        asked |= set(re.findall(r'decide\([^,]+, "(\w+)"', path.read_text()))
    asked |= {"face_choice", "loss_choice", "mirror_copy",  # kinds chosen by an expression
              "ship_buy", "nymph_buy", "labyrinth_forge"}  # a one-face purchase names its
    # kind (forge.py)
    assert asked == KINDS.kinds


def test_labels_read_as_words():
    face = FACES["gold_3"]
    assert KINDS.label("face_choice", (("gold", 1), ("sun", 1))) == "gold1+sun1"
    assert KINDS.label("forge_place", (1, 4), face) == "dark:4"
    assert KINDS.label("mirror_copy", face) == "gold_3"
    assert KINDS.label("satyrs_pick", (0, 2), [face, face, FACES["sun_1"]]) == "0:gold_3+2:sun_1"
    assert KINDS.label("use_cerberus", True) == "use" and KINDS.label("boar_target", 2) == "seat2"
    assert KINDS.parse("minor_die", "dark", (0, 1)) == 1


def test_an_undeclared_kind_and_a_wrong_label_are_errors():
    with pytest.raises(labels.LabelError, match="decision kind 'bribe' has no label declaration"):
        KINDS.label("bribe", "x")
    with pytest.raises(labels.LabelError, match=r"minor_die: 'blue' is not a legal answer; "
                                                r"legal: light, dark"):
        KINDS.parse("minor_die", "blue", (0, 1))


def test_the_scripted_decider_names_the_decision_the_legal_labels_and_the_text():
    decider = ScriptedDecider(GAME.labelling, ["sun", (1, "action", "forge"), "moon"])
    assert decider.decide(0, "owl_resource", ("gold", "sun", "moon")) == "sun"
    with pytest.raises(DecisionError, match=r"seat 0 action \(legal: pass, forge\): the "
                                            r"script's next answer 'forge' is for seat 1 action"):
        decider.decide(0, "action", ("pass", "forge"))
    with pytest.raises(DecisionError, match=r"seat 2 minor_die \(legal: light, dark\): the "
                                            r"script's answer 'moon' is not legal"):
        decider.decide(2, "minor_die", (0, 1))
    assert decider.decide(2, "minor_die", (1,)) == 1  # forced: the script is not used
    with pytest.raises(DecisionError, match=r"the script has no answer left"):
        decider.decide(2, "minor_die", (0, 1))
