"""`dicelab balance --module none,goddess`: each module's table side by side, with the module's
own rows (goal space, module cards' take rates) read from the logs and their catalogue."""

from __future__ import annotations

import polars as pl
import pytest
from click.testing import CliRunner

from analytics.cli.app import main
from analytics.eventlog.reader import read_table
from analytics.experiments.balance_modules import module_balance, module_wide
from analytics.runs.simulate import RunConfig, run_simulation


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("modules")
    none = run_simulation(RunConfig(players=2, games=12, seed=3, bots=("economist", "hero"),
                                    card_set="rebellion-goddess-cards"),
                          root / "none", workers=1, progress=False)
    goddess = run_simulation(RunConfig(players=2, games=12, seed=3, bots=("economist", "hero"),
                                       card_set="goddess-discovery", module="goddess"),
                             root / "goddess", workers=1, progress=False)
    titans = run_simulation(RunConfig(players=2, games=12, seed=3, bots=("economist", "hero"),
                                      card_set="titans-discovery", module="titans"),
                            root / "titans", workers=1, progress=False)
    return {"none": [none], "goddess": [goddess], "titans": [titans]}


def test_each_module_gets_its_table_and_the_goddess_its_own_rows(runs):
    frame = module_balance(runs, (2,), n_boot=50).frame
    assert frame["module"].unique(maintain_order=True).to_list() == ["none", "goddess", "titans"]
    metrics = {m: set(frame.filter(pl.col("module") == m)["metric"]) for m in ("none", "goddess")}
    module_rows = {"goal space reached (share of games)", "great_golem take rate",
                   "moon_golem take rate", "sun_golem take rate", "time_golem take rate",
                   "Glory share: board"}
    assert module_rows <= metrics["goddess"] and not module_rows & metrics["none"]
    assert {"seat 0 WR", "Balance (Ludii)", "mean score"} <= metrics["none"] & metrics["goddess"]


def test_take_rates_and_mean_score_are_those_of_the_logs(runs):
    frame = module_balance(runs, (2,), n_boot=50).frame.filter(pl.col("module") == "goddess")
    folder = runs["goddess"][0]
    events = read_table(folder, "events").with_columns(pl.col("kind", "item").cast(pl.String))
    bought = events.filter((pl.col("kind") == "feat_performed")
                           & (pl.col("item") == "time_golem")).select("game_id", "seat").unique()
    rate = frame.filter(pl.col("metric") == "time_golem take rate")
    assert rate["estimate"].item() == pytest.approx(bought.height / 24) and rate["n"].item() == 24
    scores = read_table(folder, "players")["score"].cast(pl.Float64)
    mean = frame.filter(pl.col("metric") == "mean score")
    assert mean["estimate"].item() == pytest.approx(scores.mean())


def test_the_wide_table_has_one_column_per_module_and_player_count(runs):
    wide = module_wide(module_balance(runs, (2,), n_boot=50).frame)
    assert wide.columns == ["section", "metric", "none 2p", "goddess 2p", "titans 2p"]
    assert wide.row(0) == ("", "games", "12", "12", "12")


def test_the_titans_module_gets_its_allegiance_rows_and_glory_split(runs):
    frame = module_balance(runs, (2,), n_boot=50).frame
    titans = frame.filter(pl.col("module") == "titans")
    metrics = set(titans["metric"])
    assert {"Glory share: zones", "Glory share: allegiance", "memory take rate",
            "mirror_of_misfortune take rate", "oracle take rate"} <= metrics
    assert "goal space reached (share of games)" not in metrics  # no goal space on this board
    sides = titans.filter(pl.col("metric").str.ends_with("(share of seats)")
                          & pl.col("metric").str.starts_with("end value"))
    assert sides["estimate"].sum() == pytest.approx(1.0)
    zones = titans.filter(pl.col("metric").str.starts_with("final zone"))
    assert zones["estimate"].sum() == pytest.approx(1.0)
    assert not {m for m in set(frame.filter(pl.col("module") != "titans")["metric"])
                if m.startswith(("final ", "end value"))}


def test_the_command_simulates_each_module_with_its_set(tmp_path):
    result = CliRunner().invoke(main, [
        "balance", "--module", "none,goddess", "--set", "rebellion-goddess-cards,goddess-discovery",
        "--players", "2", "--games", "6", "--workers", "1", "--quiet", "--out",
        str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert "goddess 2p" in result.stdout and "time_golem take rate" in result.stdout
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        "goddess-discovery-goddess-2p-seed0", "rebellion-goddess-cards-2p-seed0"]


def test_sets_must_be_one_or_one_per_module(tmp_path):
    result = CliRunner().invoke(main, [
        "balance", "--module", "none,goddess", "--set", "a,b,c", "--players", "2",
        "--out", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert result.output == "Error: --set names 3 sets for 2 modules; give one set, or one " \
                            "per module\n"


def test_balance_refuses_an_out_holding_runs_of_other_code(tmp_path, monkeypatch):
    """Two balance commands into one --out with the code changed between them: refused with one
    line before any game is played, so one --out never pools two codes' games."""
    out = tmp_path / "balance"
    first = ["balance", "--module", "none,goddess", "--set",
             "rebellion-goddess-cards,goddess-discovery", "--games", "4", "--workers", "1",
             "--quiet", "--out", str(out), "--players", "2"]
    assert CliRunner().invoke(main, first).exit_code == 0
    before = sorted(p.name for p in out.iterdir())
    made_by = pl.read_parquet(out / before[0] / "runs.parquet")["engine_version"][0]
    import analytics.runs.simulate as simulate

    monkeypatch.setattr(simulate, "game_code_version", lambda game, bots: "0.1.0+code.0ther")
    result = CliRunner().invoke(main, [*first[:-1], "2,3"])
    assert result.exit_code == 1
    assert result.output == (f"Error: --out {out}: {before[0]} was made by dicelab code "
                             f"{made_by}, this is 0.1.0+code.0ther; one --out pools its runs, "
                             "so its code must be one: choose another --out\n")
    assert sorted(p.name for p in out.iterdir()) == before  # no 3-player run was started
