"""The short `make fuzz` (issue 37): 300 seeded invocations of every command with bad inputs,
in this process; nothing may break the promise (analytics/devtools/fuzz.py)."""

from collections import Counter

from analytics.devtools.fuzz import Outcome, draw, findings, fuzz, make_fixtures


def test_300_bad_invocations_find_nothing():
    lines: list[str] = []
    found = fuzz(300, seed=7, processes=0.0, echo=lambda *a, **k: lines.append(a[0]))
    assert found == Counter(invocations=300), "\n".join(lines)


def test_each_broken_promise_is_found():
    assert findings(Outcome(1, "Error: x\n"), []) == []
    assert findings(Outcome(2, "Usage: dicelab x\n\nError: y\n"), []) == []
    assert findings(Outcome(1, "", "KeyError('x')"), []) == ["traceback"]
    assert findings(Outcome(None, "", signal=6), []) == ["signal SIGABRT"]
    assert findings(Outcome(None, "", hung=True), []) == ["hang"]
    assert findings(Outcome(3, "Error: x\n"), []) == ["exit 3"]
    assert findings(Outcome(2, "Error: y\n"), []) == ["exit 2 without usage"]
    assert findings(Outcome(1, "Error: x\n"), ["out"]) == ["left output behind"]
    assert findings(Outcome(0, ""), ["out"]) == []  # a command that worked writes its output


def test_an_invocation_is_drawn_again_from_its_seed_and_number(tmp_path):
    fixtures = make_fixtures(tmp_path / "fixtures")
    runs = []
    for side in ("a", "b"):
        drawn = []
        for number in range(40):
            folder = tmp_path / side / str(number)
            folder.mkdir(parents=True)
            drawn.append([a.replace(str(folder), "") for a in draw(3, number, folder, fixtures)])
        runs.append(drawn)
    assert runs[0] == runs[1]
