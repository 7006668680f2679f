"""A bot's spec, the plain text that names a bot (`economist`, `mcts:400:c=1.0`,
`pkg.mod:Factory:depth=2`, `file.py:Factory`), parsed into where its factory is and the
parameters it is given. Its own module: the registry (analytics/policies/registry.py) and
the bots that take another bot's spec as a parameter (the search bot's `rollout=`) both
read specs, and neither imports the other for it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from analytics.errors import UserError


@dataclass(frozen=True)
class BotSpec:
    """A parsed `--bots` entry: where the factory is and the parameters it is given."""

    text: str
    target: str  # a registered or entry-point name, or 'module:Factory', or 'file.py:Factory'
    params: tuple[tuple[str, Any], ...]

    @property
    def outside(self) -> bool:
        """From outside the package (not a name the game registers): checked by default."""
        return ":" in self.target

    @property
    def module(self) -> str | None:
        """Where an outside factory lives, for the run's code version: its module's name, or
        its file's absolute path (read without importing it)."""
        if not self.outside:
            return None
        where = self.target.rpartition(":")[0]
        return str(Path(where).resolve()) if where.endswith(".py") else where


def parse_spec(text: str) -> BotSpec:
    parts = text.strip().split(":")
    if len(parts) > 1 and parts[0].isidentifier() and parts[1] and "=" not in parts[1] \
            and not parts[1].isidentifier():  # NAME:BUDGET, a registered bot's budget (mcts:400)
        budget = ("budget", parts[1])
        rest = parse_spec(":".join([parts[0], *parts[2:]]))
        return BotSpec(text.strip(), rest.target, (budget, *rest.params))
    names = [p for p in parts if "=" not in p]
    if not names or not all(names) or len(names) > 2 or parts[:len(names)] != names:
        raise UserError(f"--bots {text!r}: a bot is NAME, module:Factory or file.py:Factory, "
                        "then optional :key=value parameters")
    params = tuple(_param(text, p) for p in parts[len(names):])
    return BotSpec(text.strip(), ":".join(names), params)


def _param(text: str, item: str) -> tuple[str, Any]:
    key, _, raw = item.partition("=")
    if not key.isidentifier():
        raise UserError(f"--bots {text!r}: {key!r} is not a parameter name")
    for convert in (int, float):
        try:
            return key, convert(raw)
        except ValueError:
            pass
    return key, {"true": True, "false": False}.get(raw.lower(), raw)
