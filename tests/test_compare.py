"""`compare` and `value`: calibration (A/A flags about alpha), power (a stronger arm is found),
recovery of a planted card value, and the command line's output and bad input."""

from __future__ import annotations

import dataclasses
import json
import warnings

import numpy as np
import polars as pl
import pytest
from click.testing import CliRunner
from scipy import stats as sps

from analytics.cli.compare import COMMANDS
from analytics.experiments import compare as compare_module
from analytics.experiments.compare import buyers_difference, compare_games, compare_logs
from analytics.experiments.paired import PairedGames, pair, read_arm, read_arms, small_pages
from analytics.games.diceforge.roles import ROLES
from analytics.runs.simulate import RunConfig, run_simulation
from tests.analytics_fixtures import LogBuilder

ALPHA = 0.05


def binomial_range(trials: int, p: float, confidence: float = 0.999) -> tuple[int, int]:
    """Counts of flags a correct test gives in `trials` with probability `confidence`."""
    tail = (1 - confidence) / 2
    return int(sps.binom.ppf(tail, trials, p)), int(sps.binom.isf(tail, trials, p))


def synthetic(rng, n, players=4, skill=1.0, components=(), owned=None) -> PairedGames:
    """Two arms of `n` games with the same law: each seat's latent skill, shared by both arms
    of a game, plus each arm's own noise decides the winner (the arms correlate)."""
    skills = rng.normal(0, skill, (n, players))
    arms = {}
    for arm in ("A", "B"):
        strength = skills + rng.normal(0, 1, (n, players))
        win = (strength == strength.max(axis=1, keepdims=True)).astype(float)
        arms[arm] = (win, np.round(100 + 10 * strength))
    empty = {arm: np.zeros((n, players, len(components)), dtype=np.float32) for arm in "AB"}
    return PairedGames(
        players, np.arange(n),
        {arm: arms[arm][0] for arm in "AB"}, {arm: arms[arm][1] for arm in "AB"},
        {arm: np.full((n, players), "bot", dtype=object) for arm in "AB"},
        {arm: np.full(n, 9.0) for arm in "AB"},
        {arm: rng.poisson(120, n).astype(float) for arm in "AB"},
        {arm: np.zeros(n) for arm in "AB"},
        {"card": list(components), "face": []},
        {"card": {arm: np.ones(len(components), bool) for arm in "AB"},
         "face": {arm: np.zeros(0, bool) for arm in "AB"}},
        {"card": owned or empty, "face": {arm: np.zeros((n, players, 0)) for arm in "AB"}},
        ROLES)


@pytest.mark.slow  # statistical, over many runs: `make test-slow`
def test_a_a_flags_about_alpha_on_synthetic_games():
    rng = np.random.default_rng(10)
    trials = 400
    flags = {"first_seat": 0, "score": 0}
    for _ in range(trials):
        rows = compare_games(synthetic(rng, 60)).rows
        for key, label in (("first_seat", "first seat advantage"), ("score", "mean score")):
            p = rows.filter(rows["item"].str.starts_with(label))["p"].item()
            flags[key] += p < ALPHA
    low, high = binomial_range(trials, ALPHA)
    assert low <= flags["first_seat"] <= high, flags
    assert low <= flags["score"] <= high, flags


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    """800 two-player games of random bots, paired with themselves (arrays to draw from)."""
    out = tmp_path_factory.mktemp("pool") / "run"
    run_simulation(RunConfig(players=2, games=800, seed=5, bots=("random",)), out, workers=1,
                   progress=False)
    arm = read_arm("A", [out])
    return pair(arm, dataclasses.replace(arm, label="B"))


def _draw(games: PairedGames, rows_a: np.ndarray, rows_b: np.ndarray) -> PairedGames:
    """Arm A from games `rows_a` and arm B from other games `rows_b` of one pool: an A/A
    comparison on other seed streams, paired position by position."""
    def pick(values: dict) -> dict:
        return {"A": values["A"][rows_a], "B": values["B"][rows_b]}

    return dataclasses.replace(
        games, seeds=games.seeds[rows_a], win=pick(games.win), score=pick(games.score),
        bots=pick(games.bots), rounds=pick(games.rounds), decisions=pick(games.decisions),
        tied=pick(games.tied), owned={k: pick(v) for k, v in games.owned.items()},
        by_source=pick(games.by_source) if games.by_source else {})


@pytest.mark.slow  # statistical, over many runs: `make test-slow`
def test_a_a_flags_about_alpha_on_real_games(pool):
    rng = np.random.default_rng(3)
    trials, n = 200, 40
    flags = {"first seat advantage": 0, "mean score": 0}
    for _ in range(trials):
        order = rng.permutation(pool.n_games)
        rows = compare_games(_draw(pool, order[:n], order[n:2 * n])).rows
        for label in flags:
            p = rows.filter(rows["item"].str.starts_with(label))["p"].item()
            flags[label] += p < ALPHA
    low, high = binomial_range(trials, ALPHA)
    assert low <= flags["first seat advantage"] <= high, flags
    assert low <= flags["mean score"] <= high, flags


@pytest.mark.slow  # statistical, over many runs: `make test-slow`
def test_stronger_arm_is_detected(tmp_path, monkeypatch):
    """Arm B's first seat starts with 9 more Gold (12 instead of 3): a test hook, not a rule:
    the player-count setup the engine reads is patched for arm B's run only."""
    from analytics.games.diceforge.rules import state

    config = RunConfig(players=2, games=400, seed=3, bots=("economist",))
    run_simulation(config, tmp_path / "a", workers=1, progress=False)
    richer = dataclasses.replace(state.PLAYER_COUNTS[2], starting_gold=(12, 2))
    monkeypatch.setitem(state.PLAYER_COUNTS, 2, richer)
    run_simulation(config, tmp_path / "b", workers=1, progress=False)
    monkeypatch.undo()
    result = compare_logs([tmp_path / "a"], [tmp_path / "b"]).comparison.primary
    assert result.difference > 0.05 and result.low > 0 and result.p_value < ALPHA


def test_headline_says_p_below_1e_300_without_an_equals_sign():
    from analytics.experiments.compare import headline

    comparison = compare_games(synthetic(np.random.default_rng(1), 40))
    tiny = dataclasses.replace(comparison, primary=dataclasses.replace(
        comparison.primary, p_value=0.0))
    assert "95% paired, p < 1e-300)" in headline(tiny, "a", "b")
    assert "95% paired, p = " in headline(comparison, "a", "b")


def _planted(rng, n, q, players=4, take=0.5):
    """Games where a card's buyers (in arm B) take the win with probability q more."""
    games = synthetic(rng, n, players, skill=0.5, components=("x",))
    buyers = (rng.random((n, players)) < take).astype(np.float32)
    win_b = games.win["A"].copy()  # without the card, B would play like A
    for g in np.flatnonzero((rng.random(n) < q) & (buyers.sum(axis=1) > 0)):
        win_b[g] = 0.0
        win_b[g, rng.choice(np.flatnonzero(buyers[g]))] = 1.0
    owned = {"A": np.zeros_like(buyers)[:, :, None], "B": buyers[:, :, None]}
    return dataclasses.replace(games, win={"A": games.win["A"], "B": win_b},
                               owned={**games.owned, "card": owned})


def test_ownership_masks_of_more_than_63_components_unpack_into_both_arms_columns():
    """Component 64 of an arm is bit 1 of mask word 1; the pair's columns are both arms'."""
    from analytics.experiments.paired import ArmLogs, _owned

    names = tuple(f"c{i:02d}" for i in range(70))
    masks = (np.array([0, 0, 1]), np.array([1, 1, 0]), np.array([0, 1, 0]),
             np.array([1 << 62 | 1, 1 << 1, 1 << 5]))
    arm = ArmLogs("A", pl.DataFrame(), {"card": masks}, {"card": names}, (), ROLES)
    components = sorted({*names, "b_only"})
    owned = _owned(arm, "card", components, games=2, players=2)
    assert owned.shape == (2, 2, 71)
    assert [(g, s, components[c]) for g, s, c in zip(*np.nonzero(owned), strict=True)] == [
        (0, 1, "c00"), (0, 1, "c62"), (0, 1, "c64"), (1, 0, "c05")]


def test_both_arms_read_at_once_are_the_arms_read_one_after_the_other(tmp_path):
    """compare overlaps the arms (each arm's queries in a background thread): what it reads,
    and what it says about unfinished runs and in which order, is what reading them in turn
    gives."""
    for name, card_set in (("a", "base"), ("b", "base-alternates")):
        config = RunConfig(players=2, games=24, seed=4, bots=("random",), card_set=card_set)
        run_simulation(config, tmp_path / name, workers=1, progress=False, chunk_size=8)
        (tmp_path / name / "parts" / "00001" / "_committed.json").unlink()  # unfinished
    logs = ([tmp_path / "a"], [tmp_path / "b"])
    said = {}
    for way, read in (("at once", lambda: read_arms(*logs)),
                      ("in turn", lambda: (read_arm("A", logs[0]), read_arm("B", logs[1])))):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            said[way] = (read(), [str(w.message) for w in caught])
    (together, notices), (apart, expected_notices) = said["at once"], said["in turn"]
    assert notices == expected_notices and len(notices) == 2
    assert str(tmp_path / "a") in notices[0] and str(tmp_path / "b") in notices[1]
    for got, expected in zip(together, apart, strict=True):
        assert got.label == expected.label and got.read == expected.read
        assert got.seats.equals(expected.seats) and got.seats.height == 16 * 2
        assert got.available == expected.available
        for kind in ("card", "face"):  # mask rows come in no order
            assert sorted(zip(*got.masks[kind], strict=True)) == sorted(
                zip(*expected.masks[kind], strict=True))
            assert len(got.masks[kind][0]) > 0


def test_small_pages_puts_numpy_back_as_it_was():
    switch = np._core.multiarray._set_madvise_hugepage
    for before in (True, False):
        switch(before)
        with small_pages():
            inside = switch(False)  # says what it was: off while inside
        assert (inside, switch(before)) == (False, before)


def test_value_recovers_a_planted_effect():
    # With k of 4 seats buying, the buyers' summed win share rises by q (1 - k/4): the value
    # per buyer is q E[1 - k/4] / E[k] over k ~ Binomial(4, 1/2).
    q, players = 0.3, 4
    k = np.arange(players + 1)
    weight = sps.binom.pmf(k, players, 0.5)
    planted = q * float(weight @ ((1 - k / players) * (k > 0))) / float(weight @ k)
    rng = np.random.default_rng(21)
    trials, covered, estimates = 200, 0, []
    for _ in range(trials):
        result = buyers_difference(_planted(rng, 150, q), "card", "x")
        covered += result.low <= planted <= result.high
        estimates.append(result.difference)
    low, high = binomial_range(trials, 0.95)
    assert low <= covered <= high
    assert np.mean(estimates) == pytest.approx(planted, abs=0.01)


# --- the command line --------------------------------------------------------------------


@pytest.fixture()
def invoke():
    import click

    @click.group()
    def cli():
        """Stands in for the main group."""

    for command in COMMANDS:
        cli.add_command(command)
    return lambda *args: CliRunner().invoke(cli, [str(a) for a in args])


def test_compare_fresh_runs_until_decisive_json(invoke, tmp_path):
    result = invoke("compare", "--a", "base", "--b", "base-alternates", "--players", "2",
                    "--bots", "random", "--games", "16", "--until-decisive", "--looks", "2",
                    "--workers", "1", "--quiet", "--out", tmp_path / "arms", "--format", "json")
    assert result.exit_code == 0, result.output
    body = json.loads(result.stdout)
    assert body["headline"].startswith("B (base-alternates)'s first seat wins")
    assert any("O'Brien-Fleming" in note and "2.80, 1.98" in note for note in body["notes"])
    assert any(r["item"] == "typhon" and r["in"] == "B only" for r in body["rows"])
    assert "read --logs-a" in result.stderr


@pytest.mark.parametrize("module, card", [("goddess", "great_golem"), ("titans", "oracle")])
def test_compare_plays_a_module_against_its_cards_without_it(invoke, tmp_path, module, card):
    """Arm B plays the module (its preset), arm A the same Rebellion cards without it: the
    module's cards are in B only."""
    result = invoke("compare", "--a", f"rebellion-{module}-cards", "--b",
                    f"{module}-discovery", "--module-b", module, "--players", "2",
                    "--bots", "economist,hero", "--games", "6", "--workers", "1", "--quiet",
                    "--out", tmp_path / "arms", "--format", "json", "--all-rows")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["rows"]
    assert any(r["item"] == card and r["in"] == "B only" for r in rows)
    modules = [json.loads((tmp_path / "arms" / arm / "look-1" / "config.json").read_text())[
        "config"]["module"] for arm in ("a", "b")]
    assert modules == ["none", module]


def test_compare_logs_of_one_run_gives_zero_differences(invoke, tmp_path):
    run_simulation(RunConfig(players=2, games=12, seed=1, bots=("random",)), tmp_path / "r",
                   workers=1, progress=False)
    result = invoke("compare", "--logs-a", tmp_path / "r", "--logs-b", tmp_path / "r",
                    "--format", "csv", "--all-rows")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("section,item,measure,in,a,b,difference")
    assert "+0.0 points (0.0 to 0.0, 95% paired, p = 1)" in result.stderr
    assert "no spread in the paired differences" in result.stderr


def test_value_of_a_card_csv(invoke, tmp_path):
    result = invoke("value", "hydra", "--players", "2", "--bots", "random", "--games", "12",
                    "--workers", "1", "--quiet", "--format", "csv")
    assert result.exit_code == 0, result.output
    header, *rows = result.stdout.splitlines()
    assert header.startswith("card,slot,ablation,replaced_by,take_rate,buyers_wr_with")
    # a row per other card M8 can hold (Rebellion cards included)
    assert [row for row in rows if row.startswith("hydra,M8,swap,typhon,")]
    assert "ablation: swap (the card replaced by each other card" in result.stderr
    assert "not ablatable" not in result.stderr  # one card asked for: no list of the others
    assert "hydra (M8, against typhon)" in result.stderr or "hydra: no seat bought" in result.stderr


def test_value_forbid_ablates_a_card_no_swap_can(invoke, tmp_path):
    """The Helmet's slot holds no other card, so only forbidding it can ablate it; the forbid
    arm is the same set (the card still listed) with no seat ever buying it."""
    out = tmp_path / "runs"
    result = invoke("value", "helmet_of_invisibility", "--ablate", "forbid", "--players", "2",
                    "--bots", "random", "--games", "12", "--workers", "1", "--quiet",
                    "--out", out, "--format", "json")
    assert result.exit_code == 0, result.output
    body = json.loads(result.stdout)
    assert body["ablation"] == "forbid"
    assert [(v["card"], v["ablation"], v["replaced_by"]) for v in body["values"]] == [
        ("helmet_of_invisibility", "forbid", None)]
    assert "ablation: forbid (the card left on its slot but forbidden" in result.stderr
    without = read_arm("A", [out / "without-helmet_of_invisibility-forbidden"])
    assert "helmet_of_invisibility" in without.available["card"]
    assert (without.masks["card"][3] & 1 << without.available["card"].index(
        "helmet_of_invisibility")).sum() == 0


def test_value_forbid_recovers_a_planted_effect(monkeypatch, tmp_path):
    """The Elder made worth 500 Glory by the rules while the bots value it as printed (so
    they buy it as often as ever): whoever buys it wins (buyers of one game share the win),
    so with it the buyers' win rate is exactly the games with a buyer over the buyer seats;
    forbidden, nobody buys it, and the value is that rate minus the same seats' win rate in
    the forbid arm's own logs, found above zero."""
    from analytics.experiments.value import card_value
    from analytics.games.diceforge.bots import heuristic, rebellion_players, titans, valuation
    from analytics.games.diceforge.rules.components import CARDS
    from analytics.runs.simulate import _setup

    # The bots read the printed cards (a copy); their per-plan tables, cached, are made from
    # it whatever ran before this test (alone, the tables were made from the patched card,
    # every seat bought the Elder and no effect was left to find).
    for module in (heuristic, rebellion_players, titans, valuation):
        monkeypatch.setattr(module, "CARDS", dict(CARDS))
    monkeypatch.setitem(CARDS, "elder", dataclasses.replace(CARDS["elder"], glory=500))
    _setup.cache_clear()  # setups are cached by name: load the set with the patched card
    heuristic._plan_tables.cache_clear()
    try:
        report = card_value("base", "elder", players=2, games=40, seed=2, bots=("economist",),
                            out=tmp_path, workers=1, progress=False, ablate="forbid")
    finally:
        _setup.cache_clear()  # and leave no patched setup to later tests
        heuristic._plan_tables.cache_clear()
    row = report.table.row(0, named=True)
    assert (row["card"], row["ablation"], row["replaced_by"]) == ("elder", "forbid", None)
    owned = {arm: _owners(tmp_path / folder, "elder")
             for arm, folder in (("with", "with"), ("without", "without-elder-forbidden"))}
    assert owned["without"].sum() == 0
    buyers, with_buyer = owned["with"].sum(), (owned["with"].sum(axis=1) > 0).sum()
    assert row["buyer_seats"] == buyers > 10
    assert row["buyers_wr_with"] == pytest.approx(with_buyer / buyers, abs=1e-12)
    # the same seats of the same seeds with the Elder forbidden: their own win shares
    players = pl.read_parquet(tmp_path / "without-elder-forbidden" / "parts" / "*" /
                              "players.parquet")
    seeds = pl.read_parquet(tmp_path / "without-elder-forbidden" / "parts" / "*" /
                            "games.parquet").select("game_id", "seed")
    shares = players.join(seeds, on="game_id").sort("seed", "seat")["win_share"].to_numpy()
    without = float((shares.reshape(-1, 2) * owned["with"]).sum()) / buyers
    assert row["buyers_wr_without"] == pytest.approx(without, abs=1e-6)
    assert row["value"] == pytest.approx(with_buyer / buyers - without, abs=1e-6)
    assert row["low"] > 0  # the planted effect is found


def _owners(run, card):
    """(games, seats) 0/1: who acquired `card`, read from the run's events with polars."""
    events = pl.read_parquet(run / "parts" / "*" / "events.parquet")
    games = pl.read_parquet(run / "parts" / "*" / "games.parquet").sort("seed")
    bought = events.filter((pl.col("kind") == "feat_performed") & (pl.col("item") == card))
    grid = np.zeros((games.height, int(events["seat"].max()) + 1))
    row = {gid: i for i, gid in enumerate(games["game_id"].to_list())}
    for gid, seat in bought.select("game_id", "seat").iter_rows():
        grid[row[gid], seat] = 1
    return grid


def _logs(folder, seeds, players=4):
    builder = LogBuilder(run_id=folder.name, players=players)
    for seed in seeds:
        builder.game(seed, tuple(range(players)))
    return builder.write(folder)


@pytest.mark.parametrize(("args", "message"), [
    (("compare", "--a", "nope", "--b", "base"), "card set 'nope' is neither a preset"),
    (("compare", "--a", "base", "--b", "base", "--rule-b", "ties=maybe"), "ties='maybe'"),
    (("compare", "--a", "base", "--b", "base", "--bots", "nobody"), "nobody"),
    (("compare", "--a", "base", "--b", "base", "--endpoint", "seat:7"), "--endpoint 'seat:7'"),
    (("value", "nope_card"), "unknown card 'nope_card'"),
    (("value", "helmet_of_invisibility"), "cannot ablate 'helmet_of_invisibility': slot M6"),
    (("value", "typhon", "--set", "base"), "card 'typhon' is not in set 'base'"),
    (("value", "hydra", "--all"), "name one CARD or pass --all"),
    (("value", "hydra", "--ablate", "forbid", "--rule", "forbid=hydra"),
     "--rule forbid=... is what --ablate forbid sets"),
    (("compare", "--a", "base", "--b", "base", "--rule-b", "forbid=typhon"),
     "forbid=typhon: card 'typhon' is not in set 'base'"),
])
def test_bad_input_is_one_line_exit_1_and_writes_nothing(invoke, tmp_path, args, message):
    out = tmp_path / "out"
    result = invoke(*args, "--games", "8", "--out", out)
    assert result.exit_code == 1, result.output
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert not out.exists()


@pytest.mark.parametrize(("seeds_b", "players_b", "message"), [
    ((1, 2, 4), 4, "arms cannot be paired: 1 games of --logs-a and 1 of --logs-b"),
    ((1, 2, 3), 2, "arms cannot be paired: --logs-a has 4-player games, --logs-b 2-player"),
])
def test_logs_that_cannot_be_paired(invoke, tmp_path, seeds_b, players_b, message):
    a = _logs(tmp_path / "a", (1, 2, 3))
    b = _logs(tmp_path / "b", seeds_b, players_b)
    result = invoke("compare", "--logs-a", a, "--logs-b", b)
    assert result.exit_code == 1 and message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_until_decisive_stops_at_the_first_look_that_crosses(tmp_path):
    from analytics.experiments.arms import ArmSpec, play_arms

    seen = []

    def analyse(a, b):  # a stand-in endpoint: decisive from the second look on
        seen.append(sorted(p.name for p in a.iterdir()))
        return len(seen), 10.0 if len(seen) == 2 else 0.5

    result, rule = play_arms(ArmSpec(bots=("random",)), ArmSpec(bots=("random",)), 2, 24, 0,
                             tmp_path, analyse, looks=3, workers=1, progress=False)
    assert result == 2 and seen == [["look-1"], ["look-1", "look-2"]]
    assert rule.z == (0.5, 10.0) and rule.stopped_early and rule.games_per_look == 8
    assert "crossed at look 2 (16 games per arm)" in rule.text
    assert not (tmp_path / "a" / "look-3").exists()


# --- issue 28: identical arms, --seed-b, one test per hypothesis ----------------------------

def test_a_setup_compared_with_itself_says_the_arms_are_identical(invoke, tmp_path):
    args = ("compare", "--a", "base", "--b", "base", "--players", "2", "--bots", "random",
            "--games", "8", "--workers", "1", "--quiet", "--format", "json")
    same = json.loads(invoke(*args).stdout)
    assert same["identical_arms"] is True
    assert "the arms are identical" in same["notes"][0] and "--seed-b" in same["notes"][0]
    other = invoke(*args, "--seed-b", "1", "--all-rows", "--out", tmp_path / "arms")
    assert other.exit_code == 0, other.output
    body = json.loads(other.stdout)
    assert body["identical_arms"] is False and not any("identical" in n for n in body["notes"])
    assert not any("different bots" in n for n in body["notes"])  # paired by position
    assert any(r["difference"] not in (0, None) for r in body["rows"])
    seeds = [read_arm(arm, [tmp_path / "arms" / arm.lower()]).seats["seed"] for arm in "AB"]
    assert not set(seeds[0]) & set(seeds[1])  # B played other seeds


def test_pairing_by_position_lines_up_game_indices_not_seeds(tmp_path):
    arms = []
    for label, offset in (("A", 0), ("B", 500)):
        builder = LogBuilder(run_id=f"run-{label}")
        for g in range(6):  # seeds of B in the reverse order of A's: position is the index
            seed = offset + (g if label == "A" else 10 - g)
            builder.game(seed, tuple(9 if s == g % 4 else 0 for s in range(4)),
                         bots=("economist", "hero") * 2)
        arms.append(read_arm(label, [builder.write(tmp_path / label)]))
    games = pair(*arms, by_position=True)
    assert np.array_equal(games.win["A"], games.win["B"])  # game g of each: seat g % 4 won
    with pytest.raises(Exception, match="no game with the same seed"):
        pair(*arms)


def test_one_hypothesis_is_one_row_in_its_family():
    rng = np.random.default_rng(4)
    n = 200
    owned = {arm: (rng.random((n, 4, 2)) < 0.3).astype(np.float32) for arm in "AB"}
    games = synthetic(rng, n, components=("card_x", "card_y"), owned=owned)
    # a face forged only by card_x: the very same owners
    faces = {arm: owned[arm][:, :, :1].copy() for arm in "AB"}
    bots = {arm: np.tile(np.array(["economist", "hero"] * 2), (n, 1)) for arm in "AB"}
    games = dataclasses.replace(
        games, bots=bots, components={"card": ["card_x", "card_y"], "face": ["face_x"]},
        offered={"card": games.offered["card"],
                 "face": {arm: np.ones(1, bool) for arm in "AB"}},
        owned={"card": owned, "face": faces})
    comparison = compare_games(games)
    rows = {(r["section"], r["item"], r["measure"]): r for r in comparison.rows.to_dicts()}
    repeats = {key: r["same_as"] for key, r in rows.items() if r["same_as"]}
    assert repeats == {
        ("game", "first seat advantage (seat 0 - 1/N)", "win_rate"): "game seat 0 win_rate",
        ("game", "bot hero", "win_rate"): "game bot economist win_rate",
        ("face", "face_x", "take_rate"): "card card_x take_rate",
        ("face", "face_x", "owned_wr"): "card card_x owned_wr",
    }
    for key, repeated in repeats.items():  # the same test: the same p and adjusted p
        original = next(r for k, r in rows.items() if " ".join(k) == repeated)
        assert (rows[key]["p"], rows[key]["p_adj"]) == pytest.approx(
            (original["p"], original["p_adj"]))
    # BH counts each hypothesis once: the game family holds the other tested rows
    game = comparison.rows.filter(pl.col("section") == "game")
    tested = game.filter(pl.col("p").is_not_nan() & pl.col("same_as").is_null())
    expected = stats_bh(tested["p"].to_numpy())
    assert tested["p_adj"].to_list() == pytest.approx(expected.tolist())
    assert f"the game as a whole ({tested.height} tests; 2 rows repeat" in \
        compare_module.family_note(comparison)


def stats_bh(p):
    from statsmodels.stats.multitest import multipletests

    return multipletests(p, method="fdr_bh")[1]
