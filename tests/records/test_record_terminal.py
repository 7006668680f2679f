"""`dicelab record` driven through a pseudo-terminal the way a person types: a whole game,
with a wrong word, an undo, a stop and a resume, ends as the same game as the sample."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
from pathlib import Path

from analytics.records.format import parse

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "logs" / "samples" / "2p-base.dfr"
PROMPT = b" > "


def answers(sample: Path = SAMPLE) -> list[str]:
    """What a person types for each step of the sample: the words after the prompt's prefix."""
    steps = parse(sample.read_text(), "sample").steps
    return [s.words[3] if s.words[0] == "roll" else " ".join(s.words[2:]) for s in steps]


def session(args: list[str], typed: list[str], cwd: Path) -> str:
    """Run `dicelab record ARGS` on a pty, typing each entry of `typed` at a prompt."""
    master, slave = pty.openpty()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "analytics.cli.app", "record", *args],
                            stdin=slave, stdout=slave, stderr=slave, cwd=cwd, env=env)
    os.close(slave)
    out = b""
    try:
        for sent, entry in enumerate(typed):
            while out.count(PROMPT) <= sent:
                out += _read(master)
            os.write(master, entry.encode() + b"\n")
        while chunk := _read(master, eof_ok=True):
            out += chunk
    finally:
        proc.wait(timeout=60)
        os.close(master)
    return out.decode(errors="replace")


def _read(fd: int, eof_ok: bool = False) -> bytes:
    ready, _, _ = select.select([fd], [], [], 60)
    assert ready, "the recorder stopped answering"
    try:
        return os.read(fd, 65536)
    except OSError:  # EIO: the child closed the terminal
        assert eof_ok
        return b""


def test_a_game_recorded_with_a_stop_an_undo_and_a_resume(tmp_path):
    typed = answers()
    assert typed[10] == "gold_1"  # the first roll: the light die's options are gold_1, sun_1
    typed[10] = "1"  # ... chosen by its number
    first = session(["game.dfr", "--players", "2", "--name", "Alice", "--name", "Bob"],
                    typed[:40] + ["quit"], tmp_path)
    assert "stopped; resume with: dicelab record --resume game.dfr" in first
    assert len(parse((tmp_path / "game.dfr").read_text(), "game").steps) == 40
    # Resumed: a word the rules refuse is asked again, a right one undone and typed again.
    rest = typed[40:]
    second = session(["--resume", "game.dfr"], ["nonsense", rest[0], "undo", *rest],
                     tmp_path)
    assert "not a legal answer" in second
    assert "undone: " in second
    assert "game over after round 9: scores [122, 123]" in second
    recorded = parse((tmp_path / "game.dfr").read_text(), "game")
    assert [s.words for s in recorded.steps] == \
        [s.words for s in parse(SAMPLE.read_text(), "sample").steps]
    assert recorded.names == {0: "Alice", 1: "Bob"}


def test_a_goddess_game_is_recorded_with_its_forks_and_treasures(tmp_path):
    """The Goddess sample typed at the recorder: the module's decisions (golem_path, treasure
    picks) are prompts like any other and the record is the sample's."""
    sample = ROOT / "logs" / "samples" / "3p-goddess.dfr"
    out = session(["game.dfr", "--players", "3", "--set", "goddess-discovery", "--module",
                   "goddess", "--name", "Alice", "--name", "Bob", "--name", "Chloe"],
                  answers(sample), tmp_path)
    assert "game over after round 10: scores [125, 158, 99]" in out
    recorded = parse((tmp_path / "game.dfr").read_text(), "game")
    assert recorded.module == "goddess"
    assert [s.words for s in recorded.steps] == [s.words for s in parse(
        sample.read_text(), "sample").steps]


def test_a_titans_game_is_recorded_with_its_memory_tokens_and_allegiance_choices(tmp_path):
    """The Titans sample typed at the recorder: the module's decisions are prompts like any
    other and the record is the sample's."""
    sample = ROOT / "logs" / "samples" / "2p-titans.dfr"
    out = session(["game.dfr", "--players", "2", "--set", "titans-discovery", "--module",
                   "titans", "--name", "Alice", "--name", "Bob"], answers(sample), tmp_path)
    assert "game over after round 9" in out
    recorded = parse((tmp_path / "game.dfr").read_text(), "game")
    assert recorded.module == "titans"
    assert [s.words for s in recorded.steps] == [s.words for s in parse(
        sample.read_text(), "sample").steps]
