"""The sample records import; broken records fail with FILE:LINE, what the rules expected and
what the record says; a fuzzed record never gives a traceback and always names a line."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analytics.cli.app import main
from analytics.eventlog.reader import read_table
from analytics.records.runs import import_records

SAMPLES = Path(__file__).resolve().parents[2] / "logs" / "samples"
TWO = SAMPLES / "2p-base.dfr"
LINES = TWO.read_text().splitlines()


def test_the_samples_import_with_their_players_names(tmp_path):
    assert sorted(p.name for p in SAMPLES.glob("*.dfr")) == [
        "2p-base.dfr", "2p-titans.dfr", "3p-base-alternates.dfr", "3p-goddess.dfr",
        "4p-base.dfr"]
    paths = sorted(SAMPLES.glob("*base*.dfr"))
    done = import_records(paths, tmp_path / "out")
    assert done.failed == [] and done.games == 3
    names = {read_table(f, "games")["players"][0]: read_table(f, "players")["bot"].to_list()
             for f in done.folders}
    assert names == {2: ["Alice", "Bob"], 3: ["Alice", "Bob", "Chloe"],
                     4: ["Alice", "Bob", "Chloe", "Dan"]}
    scores = {n: read_table(f, "players").sort("seat")["score"].to_list()
              for n, f in zip((2, 3, 4), sorted(done.folders), strict=True)}
    assert scores == {2: [122, 123], 3: [102, 98, 65], 4: [137, 138, 120, 50]}


def test_the_titans_sample_imports_with_its_module_and_allegiance(tmp_path):
    done = import_records([SAMPLES / "2p-titans.dfr"], tmp_path / "out")
    assert done.failed == [] and done.games == 1
    (folder,) = done.folders
    assert read_table(folder, "games")["module"].to_list() == ["titans"]
    assert read_table(folder, "players").sort("seat")["bot"].to_list() == ["Alice", "Bob"]
    events = read_table(folder, "events").with_columns(pl.col("kind").cast(pl.String))
    assert events.filter(pl.col("kind") == "allegiance_scored").height == 2
    assert events.filter(pl.col("kind") == "memory_placed").height == 4  # both bought it


def test_the_goddess_sample_imports_with_its_module(tmp_path):
    done = import_records([SAMPLES / "3p-goddess.dfr"], tmp_path / "out")
    assert done.failed == [] and done.games == 1
    (folder,) = done.folders
    assert read_table(folder, "games")["module"].to_list() == ["goddess"]
    players = read_table(folder, "players").sort("seat")
    assert players["bot"].to_list() == ["Alice", "Bob", "Chloe"]
    assert players["score"].to_list() == [125, 158, 99]
    events = read_table(folder, "events")
    kinds = set(events["kind"].cast(str).to_list())
    assert {"golem_moved", "path_chosen", "treasure_taken"} <= kinds


def broken(tmp_path: Path, number: int, new: str | None) -> Path:
    """The 2-player sample with line `number` (1-based) replaced (None: dropped)."""
    lines = list(LINES)
    if new is None:
        del lines[number - 1]
    else:
        lines[number - 1] = new
    path = tmp_path / "broken.dfr"
    path.write_text("\n".join(lines) + "\n")
    return path


def line_of(text: str) -> int:
    return LINES.index(text) + 1


def error_of(path: Path, tmp_path: Path) -> str:
    done = import_records([path], tmp_path / "out")
    assert done.games == 0 and not (tmp_path / "out").exists()
    (message,) = done.failed
    return message


def test_a_face_typo_names_the_line_the_faces_and_a_close_id(tmp_path):
    number = line_of("roll 0 dark moon_1")
    message = error_of(broken(tmp_path, number, "roll 0 dark mon_1"), tmp_path)
    assert message == (f"{tmp_path}/broken.dfr:{number}: the rules expect 'roll 0 dark FACE' "
                       "(faces: gold_1, moon_1, glory_2); the record says 'roll 0 dark mon_1'; "
                       "did you mean 'moon_1'?")


def test_an_illegal_choice_names_the_legal_labels(tmp_path):
    number = line_of("1 action elder")
    message = error_of(broken(tmp_path, number, "1 action eldr"), tmp_path)
    assert message.startswith(f"{tmp_path}/broken.dfr:{number}: the rules expect '1 action "
                              "LABEL' (legal: ")
    assert message.endswith("the record says '1 action eldr'; did you mean 'elder'?")


def test_a_record_that_ends_early_says_what_comes_next(tmp_path):
    path = tmp_path / "short.dfr"
    path.write_text("\n".join(LINES[:30]) + "\n")
    assert error_of(path, tmp_path) == (
        f"{path}:31: the record ends here, but the rules expect 'roll 1 light FACE' "
        "(faces: gold_1, sun_1)")


def test_a_record_that_goes_on_after_the_end(tmp_path):
    path = tmp_path / "long.dfr"
    path.write_text("\n".join(LINES + ["roll 0 light gold_1"]) + "\n")
    assert error_of(path, tmp_path) == (
        f"{path}:{len(LINES) + 1}: the game is over (after round 9) but the record goes on: "
        "'roll 0 light gold_1'")


@pytest.mark.parametrize(("line", "wrong", "says"), [
    ("card_set base", "card_set bsae", "header: card set 'bsae' is neither"),
    ("module none", "module goddes", "header: --module 'goddes' is not a module of diceforge"),
    ("players 2", "players 5", "header: --players must be 2, 3 or 4 (got 5)"),
])
def test_a_bad_header_names_its_line(tmp_path, line, wrong, says):
    number = line_of(line)
    message = error_of(broken(tmp_path, number, wrong), tmp_path)
    assert message.startswith(f"{tmp_path}/broken.dfr:{number}: {says}")


def test_a_bad_rule_line_is_named(tmp_path):
    number = line_of("card_set base")  # a rule line put in place of a header line it needs not
    path = broken(tmp_path, number, "card_set base\nrule ties maybe")
    message = error_of(path, tmp_path)
    assert message.startswith(f"{path}:{number + 1}: header: rule option ties='maybe'")


def test_a_misspelt_header_key_is_named_where_the_header_ends(tmp_path):
    number = line_of("card_set base")
    message = error_of(broken(tmp_path, number, "card_zet base"), tmp_path)
    assert message == (f"{tmp_path}/broken.dfr:{number}: the header has no card_set, module "
                       "line (it needs game, players, card_set, module); it ends here, at "
                       "'card_zet base',"
                       " which is not a header line (header keys: game, date, players, card_set,"
                       " card, module, rule, seat, note)")


def test_a_header_alone_without_a_required_line_names_its_last_line(tmp_path):
    path = tmp_path / "header.dfr"
    path.write_text("dicelab-record 1\ngame diceforge\nplayers 2\nmodule none\n")
    assert error_of(path, tmp_path) == (f"{path}:4: the header has no card_set line (it needs "
                                        "game, players, card_set, module)")


def test_good_records_are_imported_bad_ones_listed_exit_1(tmp_path):
    bad = broken(tmp_path, line_of("1 action elder"), "1 action eldr")
    out = tmp_path / "imported"
    done = CliRunner().invoke(main, ["import", str(TWO), str(bad), "--out", str(out), "--quiet"])
    assert done.exit_code == 1
    assert "imported 1 of 2 records" in done.output
    assert f"{bad}:{line_of('1 action elder')}: the rules expect" in done.output
    assert "Traceback" not in done.output
    (folder,) = out.iterdir()
    assert read_table(folder, "players")["bot"].to_list() == ["Alice", "Bob"]


@pytest.mark.parametrize("junk", [b"\xff\xfe\x00binary", b"dicelab-record 1\n\x00\x01\x02"])
def test_binary_junk_names_a_line(tmp_path, junk):
    path = tmp_path / "junk.dfr"
    path.write_bytes(junk)
    assert re.fullmatch(rf"{re.escape(str(path))}:\d+: .+", error_of(path, tmp_path))


BODY = [i for i, line in enumerate(LINES) if line and not line.startswith("#")]
mutations = st.one_of(
    st.tuples(st.just("drop"), st.sampled_from(BODY)),
    st.tuples(st.just("swap"), st.sampled_from(BODY), st.sampled_from(BODY)),
    st.tuples(st.just("truncate"), st.integers(0, len(LINES))),
    st.tuples(st.just("word"), st.sampled_from(BODY), st.integers(0, 3),
              st.text(min_size=0, max_size=12)),
    st.tuples(st.just("junk"), st.sampled_from(BODY), st.binary(min_size=1, max_size=20)),
)


def mutate(mutation: tuple) -> bytes:
    lines = [line.encode() for line in LINES]
    what, *args = mutation
    if what == "drop":
        del lines[args[0]]
    elif what == "swap":
        lines[args[0]], lines[args[1]] = lines[args[1]], lines[args[0]]
    elif what == "truncate":
        lines = lines[:args[0]]
    elif what == "word":
        words = lines[args[0]].split()
        words[min(args[1], len(words) - 1)] = args[2].encode("utf-8", "surrogatepass")
        lines[args[0]] = b" ".join(words)
    else:
        lines[args[0]] = args[1]
    return b"\n".join(lines) + b"\n"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutations)
def test_a_fuzzed_record_fails_on_a_named_line_or_imports(mutation):
    data = mutate(mutation)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzzed.dfr"
        path.write_bytes(data)
        done = import_records([path], Path(folder) / "out")
        if done.failed:
            (message,) = done.failed
            assert re.match(rf"{re.escape(str(path))}:\d+: \S", message), message
            assert not (Path(folder) / "out").exists()
        else:
            assert done.games == 1 and len(done.folders) == 1


def test_the_documented_example_is_the_two_player_sample():
    doc = (SAMPLES.parents[1] / "docs" / "records.md").read_text()
    example = doc.split("## A full example game", 1)[1].split("```\n")[1]
    assert example == TWO.read_text()
