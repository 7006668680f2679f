"""Issue 36: the numbers and words of `dicelab value`, pinned on hand-made games.

The games are not simulated: `run_simulation` is replaced by a stand-in that writes the
hand-made logs of each arm (whatever the config asks for, it records it), so every value,
interval and p below is computed by hand or by scipy/statsmodels from those few games, and
each test runs the code under test itself (mutation testing runs only the tests that reach a
mutated function).
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from click.testing import CliRunner
from scipy import stats as sps
from statsmodels.stats.multitest import multipletests

from analytics.cli.app import main
from analytics.errors import UserError
from analytics.experiments import value
from analytics.experiments.arms import ArmSpec
from analytics.experiments.compare import displayed
from analytics.experiments.value import (
    Ablation,
    SetSlots,
    ValueReport,
    ablation_folder,
    ablation_text,
    ablations,
    card_value,
    headline,
    note,
    value_against,
)
from tests.analytics_fixtures import BASE_CARDS, LogBuilder, feat, gain

# Two players, games of seeds 1-4. Scores by game in each arm, and who bought a card.
WITH = [(5, 1), (2, 6), (3, 3), (1, 4)]  # seat 0, seat 1, a tie (half each), seat 1
WITHOUT = {"typhon": [(1, 5), (2, 6), (4, 3), (4, 1)], "goddess": WITH, "forbidden": WITH}
HYDRA_BUYERS = [(0,), (1,), (0, 1), ()]  # by game: the seats that bought the Hydra (arm B)
SPHINX_BUYERS = [(), (), (), ()]  # nobody buys the Sphinx: no value can be measured


def write_arm(folder: Path, scores, buyers: dict[str, list[tuple[int, ...]]], cards: str,
              card_set: str) -> Path:
    """A run of the four games: `scores` by game, `buyers[card]` by game."""
    builder = LogBuilder(run_id=folder.name, players=2, cards=cards, card_set=card_set)
    for index, score in enumerate(scores):
        game = builder.game(index + 1, score, bots=("economist", "random"))
        for card, seats in buyers.items():
            for seat in seats[index]:
                gain(builder, game, seat, "moon", 6)
                feat(builder, game, 2, seat, card, moon=6)
    return builder.write(folder)


class FakeSimulation:
    """Stands in for run_simulation: records each call and writes the arm it names by its
    card set (base+M8=typhon: the Hydra swapped for the Typhon) or its forbid rule."""

    def __init__(self):
        self.calls: list[tuple] = []

    def __call__(self, config, out, **options):
        self.calls.append((config, Path(out), options))
        if config.rules.get("forbid") or "+" in config.card_set:
            arm = "forbidden" if config.rules.get("forbid") else config.card_set.split("=")[1]
            cards = BASE_CARDS if arm == "forbidden" else BASE_CARDS.replace("hydra", arm)
            write_arm(Path(out), WITHOUT[arm], {}, cards, config.card_set)
        else:
            write_arm(Path(out), WITH, {"hydra": HYDRA_BUYERS, "sphinx": SPHINX_BUYERS},
                      BASE_CARDS, config.card_set)
        return out


@pytest.fixture()
def simulation(monkeypatch) -> FakeSimulation:
    fake = FakeSimulation()
    monkeypatch.setattr(value, "run_simulation", fake)
    return fake


SPEC = ArmSpec("base", ("economist", "random"), {})
FOUND = [Ablation("sphinx", "F7", None), Ablation("hydra", "M8", "typhon"),
         Ablation("hydra", "M8", "goddess")]


def measured(simulation, tmp_path, found=FOUND, **options) -> ValueReport:
    """value_against the hand-made arm B ('with'), each ablated arm written on demand."""
    with_run = simulation(value.run_config(SPEC, 2, 4, 7), tmp_path / "with")
    simulation.calls.clear()
    return value_against(with_run, SPEC, (2, 4, 7), found, tmp_path, **options)


def ratio_interval(d: np.ndarray, k: np.ndarray) -> tuple[float, float, float, float]:
    """sum(d) / sum(k) over games (the buyers' win-rate difference, the same seats in both
    arms) with its 95% Student t interval over games of the linearised contributions
    (d - R k) / mean(k), and the two-sided p: the textbook ratio estimator, written out."""
    estimate = d.sum() / k.sum()
    z = (d - estimate * k) / k.mean()
    se = z.std(ddof=1) / math.sqrt(len(d))
    half = sps.t.ppf(0.975, len(d) - 1) * se
    return estimate, estimate - half, estimate + half, 2 * sps.t.sf(abs(estimate) / se, len(d) - 1)


# --- ablations: which arms a card's value is measured against ------------------------------

def test_ablations_of_one_card_swap_forbid_and_both():
    cards = {"M1": "blacksmiths_hammer", "M2": "blacksmiths_chest", "M3": "silver_hind",
             "M4": "satyrs", "M5": "ferryman", "M6": "helmet_of_invisibility", "M7": "cancer",
             "M8": "hydra", "F1": "elder", "F2": "wild_spirits", "F3": "guardians_owl",
             "F4": "minotaur", "F5": "gorgon", "F6": "mirror_of_the_abyss", "F7": "sphinx"}
    swaps = [Ablation("hydra", "M8", other) for other in ("first_titan", "goddess", "typhon")]
    assert ablations("base", "hydra") == (SetSlots("base", cards), swaps)
    assert ablations("base", "hydra", "forbid")[1] == [Ablation("hydra", "M8", None)]
    assert ablations("base", "hydra", "both")[1] == [*swaps, Ablation("hydra", "M8", None)]
    # a card whose slot holds nothing else can only be forbidden
    assert ablations("base", "helmet_of_invisibility", "forbid")[1] == [
        Ablation("helmet_of_invisibility", "M6", None)]


def test_ablations_of_every_card_leave_out_only_what_no_swap_can_ablate():
    _, found = ablations("base", None)
    assert len(found) == 29 and found[:3] == [
        Ablation("blacksmiths_hammer", "M1", "blacksmiths_scepter"),
        Ablation("blacksmiths_hammer", "M1", "twins"),
        Ablation("blacksmiths_chest", "M2", "companion")]
    assert {a.card for a in found} == set(ablations("base", None)[0].cards.values()) - {
        "helmet_of_invisibility"}
    forbidden = ablations("base", None, "forbid")[1]
    assert [a.card for a in forbidden] == list(ablations("base", None)[0].cards.values())
    assert ablations("base", None, "both")[1] == [
        a for card in ablations("base", None)[0].cards.values()
        for a in [*(s for s in found if s.card == card), Ablation(card, _slot(card), None)]]


def _slot(card: str) -> str:
    return next(slot for slot, c in ablations("base", None)[0].cards.items() if c == card)


def test_against_keeps_the_one_swap_named():
    assert ablations("base", "hydra", against="goddess")[1] == [Ablation("hydra", "M8", "goddess")]


@pytest.mark.parametrize(("args", "message"), [
    (("hydra", "swapped"), "--ablate 'swapped': choose one of swap, forbid, both"),
    (("nope",), "unknown card 'nope'; see 'dicelab list cards'"),
    (("typhon",), "card 'typhon' is not in set 'base' (blacksmiths_hammer, blacksmiths_chest, "
                  "silver_hind, satyrs, ferryman, helmet_of_invisibility, cancer, hydra, elder, "
                  "wild_spirits, guardians_owl, minotaur, gorgon, mirror_of_the_abyss, sphinx)"),
    (("helmet_of_invisibility",), "cannot ablate 'helmet_of_invisibility': slot M6 has no other "
                                  "option in the catalogue (every card of its cost is in the "
                                  "set); --ablate forbid keeps it out of reach instead"),
])
def test_ablations_refuse_what_cannot_be_ablated(args, message):
    with pytest.raises(UserError) as error:
        ablations("base", *args)
    assert str(error.value) == message


@pytest.mark.parametrize(("card", "ablate", "against", "message"), [
    ("hydra", "swap", "minotaur", "--against minotaur: 'minotaur' cannot take hydra's slot in set "
                                  "'base' (it can hold: first_titan, goddess, typhon)"),
    ("hydra", "forbid", "typhon", "--against names one alternative of one card: name the card "
                                  "and keep --ablate swap"),
    ("hydra", "both", "typhon", "--against names one alternative of one card: name the card "
                                "and keep --ablate swap"),
    (None, "swap", "typhon", "--against names one alternative of one card: name the card and "
                             "keep --ablate swap"),
])
def test_against_refuses_what_is_not_one_swap_of_one_card(card, ablate, against, message):
    with pytest.raises(UserError) as error:
        ablations("base", card, ablate, against=against)
    assert str(error.value) == message


def test_ablation_words_and_folders():
    swap, forbid = Ablation("hydra", "M8", "typhon"), Ablation("hydra", "M8", None)
    assert (swap.kind, swap.label) == ("swap", "replaced by typhon")
    assert (forbid.kind, forbid.label) == ("forbid", "forbidden")
    assert ablation_folder(Path("runs"), swap) == Path("runs/without-hydra-typhon")
    assert ablation_folder(Path("runs"), forbid) == Path("runs/without-hydra-forbidden")
    assert ablation_text("swap", "card") == (
        "the card replaced by each other card of its slot's cost")
    assert ablation_text("forbid", "tile") == ("the tile left on its slot but forbidden to every "
                                               "player (rule forbid=TILE)")
    assert ablation_text("both", "card") == ("the card replaced by each other card of its slot's "
                                             "cost, and forbidden")



# --- value_against: each ablated arm played and paired with the set as it is ----------------

def test_value_is_the_buyers_win_rate_with_minus_without_the_card(simulation, tmp_path):
    report = measured(simulation, tmp_path)
    typhon = report.table.row(0, named=True)
    # Hydra buyers (arm B): game 1 seat 0 (won), game 2 seat 1 (won), game 3 both (a tie: half
    # each), game 4 none: 3 wins over 4 buyer seats. The same seats with the Typhon instead:
    # game 1 seat 0 lost, game 2 seat 1 won, game 3 seat 0 won: 2 of 4.
    d, k = np.array([1.0, 0, 0, 0]), np.array([1.0, 1, 2, 0])
    estimate, low, high, p = ratio_interval(d, k)
    assert {key: typhon[key] for key in ("card", "slot", "ablation", "replaced_by", "take_rate",
                                        "buyers_wr_with", "buyers_wr_without", "value",
                                        "n_games", "buyer_seats")} == {
        "card": "hydra", "slot": "M8", "ablation": "swap", "replaced_by": "typhon",
        "take_rate": 4 / 8, "buyers_wr_with": 3 / 4, "buyers_wr_without": 2 / 4,
        "value": estimate, "n_games": 4, "buyer_seats": 4}
    assert (typhon["low"], typhon["high"], typhon["p"]) == pytest.approx((low, high, p),
                                                                         rel=1e-12)
    assert simulation.calls[0][2] == {"workers": None, "resume": True, "progress": True,
                                      "cluster": None, "on_games": None}
    # the arms' linearised contributions (-.5, .5, 0, 0) and (.25, .25, -.5, 0): uncorrelated
    assert typhon["corr"] == pytest.approx(0.0, abs=1e-15)
    # the Goddess arm plays every game as the set as it is: no change, exactly
    goddess = report.table.row(1, named=True)
    assert (goddess["replaced_by"], goddess["value"], goddess["low"], goddess["high"],
            goddess["p"]) == ("goddess", 0.0, 0.0, 0.0, 1.0)
    assert math.isnan(goddess["corr"])


def test_a_card_nobody_bought_ranks_last_with_no_value(simulation, tmp_path):
    """Defect found by issue 36: polars sorts NaN above every number, so the Sphinx, bought by
    no seat, headed the ranking and the headline said no value was measured."""
    report = measured(simulation, tmp_path)
    assert report.table.select("card", "replaced_by").rows() == [
        ("hydra", "typhon"), ("hydra", "goddess"), ("sphinx", None)]
    sphinx = report.table.row(2, named=True)
    assert (sphinx["ablation"], sphinx["slot"], sphinx["take_rate"], sphinx["buyer_seats"],
            sphinx["n_games"]) == ("forbid", "F7", 0.0, 0, 4)
    assert all(math.isnan(sphinx[key]) for key in ("buyers_wr_with", "buyers_wr_without",
                                                   "value", "low", "high", "p", "p_adj"))
    assert headline(report).startswith("hydra (M8, against typhon): the seats that buy it win")


def test_p_adj_is_benjamini_hochberg_over_the_rows_measured(simulation, tmp_path):
    report = measured(simulation, tmp_path)
    p = report.table["p"].to_list()[:2]
    assert report.table["p_adj"].to_list()[:2] == pytest.approx(
        list(multipletests(p, method="fdr_bh")[1]), rel=1e-12)


def test_detail_is_each_seat_and_bot_with_minus_without(simulation, tmp_path):
    detail = measured(simulation, tmp_path).detail
    typhon = detail.filter(pl.col("replaced_by") == "typhon")
    assert typhon["item"].to_list() == ["seat 0", "seat 1", "bot economist", "bot random"]
    # seat 0 (always the economist) wins 1, 0, 1/2, 0 with the Hydra; 0, 0, 1, 1 without
    seat0 = typhon.row(0, named=True)
    assert (seat0["card"], seat0["ablation"], seat0["without"], seat0["with"],
            seat0["difference"], seat0["n_games"]) == ("hydra", "swap", 0.5, 0.375, -0.125, 4)
    paired = sps.ttest_rel([1, 0, 0.5, 0], [0, 0, 1, 1])
    interval = paired.confidence_interval(0.95)
    assert (seat0["low"], seat0["high"], seat0["p"]) == pytest.approx(
        (interval.low, interval.high, paired.pvalue), rel=1e-12)
    economist = typhon.row(2, named=True)
    assert (economist["without"], economist["with"]) == (0.5, 0.375)
    sphinx = detail.filter(pl.col("card") == "sphinx")
    assert sphinx["ablation"].to_list() == ["forbid"] * 4
    assert sphinx["replaced_by"].to_list() == [None] * 4
    assert sphinx["difference"].to_list() == [0.0] * 4


def test_each_ablated_arm_is_played_on_the_same_seeds_and_resumed(simulation, tmp_path):
    seen = []
    report = measured(simulation, tmp_path, ablate="forbid", workers=3, progress=False,
                      cluster="tcp://x:1", on_games=seen.append)
    played = [(c.card_set, c.rules, c.players, c.games, c.seed, c.bots, out)
              for c, out, _ in simulation.calls]
    assert played == [
        ("base", {"forbid": "sphinx"}, 2, 4, 7, ("economist", "random"),
         tmp_path / "without-sphinx-forbidden"),
        ("base+M8=typhon", {}, 2, 4, 7, ("economist", "random"), tmp_path / "without-hydra-typhon"),
        ("base+M8=goddess", {}, 2, 4, 7, ("economist", "random"),
         tmp_path / "without-hydra-goddess")]
    assert [options for _, _, options in simulation.calls] == [
        {"workers": 3, "resume": True, "progress": False, "cluster": "tcp://x:1",
         "on_games": seen.append}] * 3
    assert (report.ablate, report.kind) == ("forbid", "card")


def test_what_was_read_names_each_arm(simulation, tmp_path):
    read = measured(simulation, tmp_path).read
    assert read[0].startswith(f"read the set as it is: 1 run(s) kept from {tmp_path / 'with'}: "
                              "4 games (all games); sets: base [")
    assert read[1] == "ablation: swap (the card replaced by each other card of its slot's cost)"
    assert read[2].startswith("read the set with sphinx forbidden: 1 run(s) kept from "
                              f"{tmp_path / 'without-sphinx-forbidden'}: 4 games")
    assert read[3].startswith("read the set with hydra replaced by typhon: 1 run(s) kept from "
                              f"{tmp_path / 'without-hydra-typhon'}: 4 games")
    assert len(read) == 5 and "goddess" in read[4]
    assert measured(simulation, tmp_path, ablate="both").read[1] == (
        "ablation: both (the card replaced by each other card of its slot's cost, and "
        "forbidden)")


# --- card_value: the set as it is played, then each ablation --------------------------------

WITHOUT["first_titan"] = [(1, 5), (6, 2), (3, 1), (1, 4)]  # the Hydra's buyers win 1 of 4


def test_card_value_plays_the_set_then_ranks_its_ablations(simulation, tmp_path):
    report = card_value("base", "hydra", players=2, games=4, seed=7,
                        bots=("economist", "random"), out=tmp_path, workers=1, progress=False)
    # values: first_titan 3/4 - 1/4, typhon 3/4 - 2/4, goddess 0: ranked by value
    assert report.table.select("replaced_by", "value").rows() == [
        ("first_titan", 0.5), ("typhon", 0.25), ("goddess", 0.0)]
    config, out, options = simulation.calls[0]
    assert (config.card_set, config.players, config.games, config.seed, config.bots,
            config.rules, out) == ("base", 2, 4, 7, ("economist", "random"), {}, tmp_path / "with")
    assert options == {"workers": 1, "progress": False, "cluster": None}
    assert [c.card_set for c, _, _ in simulation.calls[1:]] == [
        "base+M8=first_titan", "base+M8=goddess", "base+M8=typhon"]
    assert {o["resume"] for _, _, o in simulation.calls[1:]} == {True}
    assert len(report.read) == 5  # one card named: no list of the cards left out


def test_card_value_defaults_four_economists_2000_games_seed_0_by_swap(simulation, tmp_path):
    report = card_value("base", "hydra", out=tmp_path, workers=1)
    config, _, options = simulation.calls[0]
    assert (config.players, config.games, config.seed, config.bots, config.rules,
            config.module) == (4, 2000, 0, ("economist",), {}, "none")
    assert options == {"workers": 1, "progress": True, "cluster": None}
    assert report.ablate == "swap" and len(simulation.calls) == 4  # the set, three swaps


def test_card_value_of_every_card_says_which_no_swap_can_ablate(monkeypatch, simulation,
                                                                tmp_path):
    asked = []

    def measured_all(with_run, spec, run, found, folder, ablate, **options):
        asked.append((with_run, spec, run, found, folder, ablate, options))
        return ValueReport(pl.DataFrame(), pl.DataFrame(), ("read",), ablate, "card")

    monkeypatch.setattr(value, "value_against", measured_all)
    report = card_value("base", None, players=2, games=4, seed=7, bots=("economist",),
                        rules={"ties": "shared"}, out=tmp_path, workers=2, progress=False,
                        cluster="tcp://c:1")
    assert report.read == ("read", "not ablatable by swap (no other card of their slot's cost "
                                   "outside the set): helmet_of_invisibility; --ablate forbid or "
                                   "both takes them")
    with_run, spec, run, found, folder, ablate, options = asked[0]
    assert (with_run, spec, run, found, folder, ablate) == (
        tmp_path / "with", ArmSpec("base", ("economist",), {"ties": "shared"}), (2, 4, 7),
        ablations("base", None)[1], tmp_path, "swap")
    assert options == {"workers": 2, "progress": False, "cluster": "tcp://c:1"}
    assert simulation.calls[0][2] == options  # the set as it is, played on the same cluster
    # forbid ablates every card: none is left out
    report = card_value("base", None, players=2, games=4, seed=7, bots=("economist",),
                        out=tmp_path / "f", progress=False, ablate="forbid")
    assert report.read == ("read",) and asked[1][5] == "forbid"


def test_card_value_against_one_card_plays_that_swap_alone(simulation, tmp_path):
    report = card_value("base", "hydra", players=2, games=4, seed=7, bots=("economist",),
                        out=tmp_path, progress=False, against="typhon")
    assert [c.card_set for c, _, _ in simulation.calls] == ["base", "base+M8=typhon"]
    assert report.table.select("replaced_by", "value").rows() == [("typhon", 0.25)]


def test_card_value_plays_the_module_and_the_game_named(monkeypatch, simulation, tmp_path):
    specs = []
    monkeypatch.setattr(value, "value_against", lambda with_run, spec, *args, **options: (
        specs.append(spec) or ValueReport(pl.DataFrame(), pl.DataFrame(), (), "swap", "card")))
    card_value("goddess-discovery", None, players=2, games=4, bots=("economist",),
               out=tmp_path / "m", progress=False, module="goddess")
    assert specs[0] == ArmSpec("goddess-discovery", ("economist",), {}, module="goddess")
    assert simulation.calls[0][0].module == "goddess"
    card_value("default", "arc_golem", players=2, games=4, bots=("random",), out=tmp_path / "g",
               progress=False, ablate="forbid", game="altera")
    assert specs[1] == ArmSpec("default", ("random",), {}, game="altera")
    assert simulation.calls[1][0].game == "altera"


def test_card_value_lists_every_card_no_swap_can_ablate(monkeypatch, simulation, tmp_path):
    whole = value.ablations

    def without_the_hydras_swaps(*args):
        card_set, found = whole(*args)
        return card_set, [a for a in found if a.card != "hydra"]

    monkeypatch.setattr(value, "ablations", without_the_hydras_swaps)
    monkeypatch.setattr(value, "value_against", lambda *args, **options: ValueReport(
        pl.DataFrame(), pl.DataFrame(), (), "swap", "card"))
    report = card_value("base", None, players=2, games=4, out=tmp_path, progress=False)
    assert report.read == ("not ablatable by swap (no other card of their slot's cost outside "
                           "the set): helmet_of_invisibility, hydra; --ablate forbid or both "
                           "takes them",)


def test_card_value_refuses_before_anything_is_played(simulation):
    with pytest.raises(UserError) as error:
        card_value("base", "hydra", rules={"forbid": "hydra"})
    assert str(error.value) == ("--rule forbid=... is what --ablate forbid sets for each card; "
                                "drop it")
    with pytest.raises(UserError) as error:
        card_value("default", None, game="altera")
    assert str(error.value).endswith("' has no artifact whose slot has another option; "
                                     "--ablate forbid ablates every artifact")
    with pytest.raises(UserError, match="players"):
        card_value("base", "hydra", players=9)
    assert simulation.calls == []


# --- what a user reads -----------------------------------------------------------------------

def report_of(**row) -> ValueReport:
    top = {"card": "hydra", "slot": "M8", "ablation": "swap", "replaced_by": "typhon",
           "buyers_wr_with": 0.75, "buyers_wr_without": 0.5, "value": 0.25, "low": -0.609,
           "high": 1.1094, "n_games": 12345, "p": 0.0, "p_adj": 0.04}
    return ValueReport(pl.DataFrame([{**top, **row}]), pl.DataFrame(), (), "swap", "card")


def test_headline_of_a_swap_a_forbid_and_a_card_nobody_bought():
    assert headline(report_of()) == (
        "hydra (M8, against typhon): the seats that buy it win 75.0% with it vs 50.0% without: "
        "+25.0 points (-60.9 to 110.9, 95% paired) over 12,345 games")
    assert headline(report_of(ablation="forbid", replaced_by=None, value=-0.0004, low=-0.01,
                              high=0.002, n_games=40)) == (
        "hydra (M8, against it forbidden): the seats that buy it win 75.0% with it vs 50.0% "
        "without: -0.0 points (-1.0 to 0.2, 95% paired) over 40 games")
    assert "+0.0 points" in headline(report_of(value=0.0))
    assert headline(report_of(value=math.nan)) == "hydra: no seat bought it, no value measured"
    assert headline(report_of(value=None)) == "hydra: no seat bought it, no value measured"


def test_displayed_p_values_are_text_never_zero():
    shown = displayed(report_of().table)
    assert shown.select("p", "p_adj").row(0) == ("< 1e-300", "0.04")
    assert shown["value"].to_list() == [0.25]  # the numbers stay numbers
    detail = displayed(pl.DataFrame({"item": ["seat 0"], "p": [0.00012]}))
    assert detail.row(0) == ("seat 0", "1.2e-04")


def test_note_says_how_to_read_the_table():
    assert note("artifact") == (
        "value = win rate of the seats that bought the artifact (in the set as it is) minus the "
        "win rate of the same seats on the same seeds and bots with the artifact ablated: "
        "replaced by replaced_by (ablation swap) or forbidden to every player (ablation "
        "forbid); low/high: 95% Student t over games (each game one cluster); p_adj: "
        "Benjamini-Hochberg over the rows; detail rows: each seat's and bot's win rate with "
        "minus without")


def test_the_value_command_prints_the_ranking_a_user_reads(simulation, tmp_path):
    result = CliRunner().invoke(main, [
        "value", "hydra", "--players", "2", "--games", "4", "--seed", "7", "--bots",
        "economist,random", "--out", str(tmp_path / "runs"), "--quiet", "--workers", "1"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    # d = (1, 1, 0, 0) over k = (1, 1, 2, 0) buyers: 0.5, and (d - 0.5 k) = (.5, .5, -1, 0)
    # has SD 1/sqrt(2): half-width t(0.975, 3) * 0.7071 / 2 = 1.125
    assert lines[0] == ("hydra (M8, against first_titan): the seats that buy it win 75.0% with "
                        "it vs 25.0% without: +50.0 points (-62.5 to 162.5, 95% paired) over 4 "
                        "games")
    assert lines[4:7] == [
        "| hydra | M8   | swap     | first_titan |     0.500 |          0.750 |             0.250 "
        "| 0.500 |",
        "| hydra | M8   | swap     | typhon      |     0.500 |          0.750 |             0.500 "
        "| 0.250 |",
        "| hydra | M8   | swap     | goddess     |     0.500 |          0.750 |             0.750 "
        "| 0.000 |"]
    # p as text: 0.25 (first_titan), 0.42 (typhon), 1 (no change at all)
    assert [line.split("|")[6].strip() for line in lines[10:13]] == ["0.25", "0.42", "1"]
    assert "Each seat and bot, with the card minus without" in lines
    assert note("card") in result.stderr
