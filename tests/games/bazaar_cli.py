"""Helpers for Bazaar's pipeline tests: the CLI in-process, and the check that no Dice Forge
word reaches what a user of another game reads."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner, Result

from analytics.cli.app import main

SMALL = ("--workers", "1", "--quiet")  # one process: the machine is shared

# Dice Forge's words a Bazaar user must never read (case-insensitive, inside longer words too:
# 'faces', 'feat_performed', 'glory_source').
DICE_FORGE = re.compile(r"glory|heroic|feat|face|card|sanctuary|forge", re.IGNORECASE)
# `card_set` is the run schema's column for every game's preset (runs.parquet, provenance
# tables), as generic as `--set`: a column name, not a word Dice Forge's rules gave the output.
SCHEMA_COLUMNS = re.compile(r"\bcard_set\b")


def dice_forge_words(text: str) -> list[str]:
    """Each Dice Forge word in `text` (schema column names aside), with some context."""
    text = SCHEMA_COLUMNS.sub("", text)
    return [text[max(0, m.start() - 40):m.end() + 40] for m in DICE_FORGE.finditer(text)]


def dicelab(*args: str | Path) -> Result:
    """Run `dicelab ARGS` in-process; a failure shows its output."""
    result = CliRunner().invoke(main, [str(a) for a in args], env={"DICELAB_SCHEDULER": None})
    assert result.exit_code == 0, (f"dicelab {' '.join(map(str, args))}: {result.output}"
                                   f"{result.exception!r}")
    words = dice_forge_words(result.output)
    assert words == [], f"dicelab {args[0]} prints Dice Forge words: {words}"
    return result
