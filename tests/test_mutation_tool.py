"""`make mutation`'s scores: what counts as killed, what is left out, and a stale list of
equivalent mutants, from a hand-made mutmut verdict file (no mutant is run)."""

from __future__ import annotations

import json

import pytest

from analytics.devtools import mutation


@pytest.fixture()
def verdicts(tmp_path, monkeypatch):
    """Write `module`'s verdicts (mutant -> mutmut's exit code) where the report reads them."""
    monkeypatch.setattr(mutation, "ROOT", tmp_path)

    def write(module: str, codes: dict[str, int | None]) -> None:
        path = mutation.folder(module) / "mutants" / "analytics" / f"{module}.py.meta"
        path.parent.mkdir(parents=True)
        path.write_text(json.dumps({"exit_code_by_key": codes}))
    return write


def named(number: int, function: str = "wilson_bounds") -> str:
    return f"analytics.stats.estimates.x_{function}__mutmut_{number}"


EQUIVALENT = named(4)  # dtype=float dropped: listed in EQUIVALENT
assert EQUIVALENT in mutation.EQUIVALENT and named(1) not in mutation.EQUIVALENT


def test_killed_by_a_failing_test_or_a_timeout_the_listed_equivalent_left_out(verdicts):
    verdicts("stats/estimates", {named(1): 1, named(2): 0, named(3): 36, EQUIVALENT: 0,
                                 named(5): None, named(7): 33})
    assert mutation.score("stats/estimates") == mutation.Score(
        killed=2, total=4, survivors=[named(2), named(7)], unchecked=1, stale=[])


def test_an_equivalent_a_test_kills_is_named_and_fails_the_report(verdicts, capsys):
    verdicts("stats/estimates", {named(1): 1, EQUIVALENT: 1})
    assert mutation.score("stats/estimates").stale == [EQUIVALENT]
    assert mutation.report(("stats/estimates",)) is False
    assert "1 listed as equivalent but killed: recheck the list" in capsys.readouterr().out
    assert (mutation.ROOT / "survivors.txt").read_text() == (
        f"{EQUIVALENT} (listed as equivalent, killed)\n")


def test_the_report_fails_under_85_percent_and_for_a_module_not_run(verdicts, capsys):
    newcombe = [named(n, "newcombe_difference") for n in range(1, 20)]  # none is listed
    assert not set(newcombe) & mutation.EQUIVALENT
    verdicts("stats/estimates", dict.fromkeys(newcombe[:17], 1) | dict.fromkeys(newcombe[17:], 0))
    verdicts("engine/payment", {})
    assert mutation.report(("stats/estimates", "engine/payment")) is True  # 17/19: 89.5%
    assert capsys.readouterr().out.splitlines()[:2] == [
        "stats/estimates                    17/19   killed   89.5%",
        "engine/payment                   no mutants (no function to mutate)"]
    verdicts("stats/rates", {"analytics.stats.rates.x_holm__mutmut_1": 1,
                             "analytics.stats.rates.x_holm__mutmut_2": 0})
    assert mutation.report(("stats/rates",)) is False
    assert "50.0%  UNDER 85%" in capsys.readouterr().out
    assert mutation.report(("stats/paired",)) is False
    assert capsys.readouterr().out.startswith("stats/paired                     not run")


def test_a_methods_mutants_are_named_as_mutmut_names_them():
    assert mutation._named("stats.regression", "_Groups.of", 1, 2) == {
        "analytics.stats.regression.xǁ_Groupsǁof__mutmut_1",
        "analytics.stats.regression.xǁ_Groupsǁof__mutmut_2"}
    assert mutation._named("stats.rates", "_wilson", 3) == {
        "analytics.stats.rates.x__wilson__mutmut_3"}
