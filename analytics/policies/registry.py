"""Bots by name, per game, and bots from outside the package.

A bot is named by a spec, one of:

- `economist`: a bot the game registers (`register_bot`), or that an installed package offers
  through the `dicelab.bots` entry-point group;
- `package.module:Factory`: any importable factory (a class or a function);
- `path/to/file.py:Factory`: a factory in a Python file;

each optionally followed by `:key=value` parameters given to the factory (`:margin=1.5`;
numbers, `true`/`false`, or text; parsed in analytics/policies/spec.py). A spec is plain
text, so worker processes and cluster workers build the same bot from it. A bot from outside
may answer only some decisions: `Fallback` (protocol.py) routes the rest to a built-in bot.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.metadata
import importlib.util
import sys
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from analytics.errors import UserError
from analytics.policies.protocol import Fallback, Policy, RandomPolicy
from analytics.policies.spec import BotSpec, parse_spec

ENTRY_POINTS = "dicelab.bots"  # group under which installed packages offer bots by name

# (game, name) -> (factory, one-line description); "*" means any game.
_BOTS: dict[tuple[str, str], tuple[Callable[[], Policy], str]] = {
    ("*", "random"): (RandomPolicy, "uniform over the legal options"),
}


def _mcts(**params: Any) -> Policy:
    from analytics.policies.mcts import MctsBot  # the search: only when a run asks for it

    return MctsBot(**params)


def register_bot(game: str, name: str, factory: Callable[[], Policy], about: str) -> None:
    _BOTS[(game, name)] = (factory, about)


register_bot("*", "mcts", _mcts,
             "Monte Carlo tree search, any game: mcts:400 (iterations) or mcts:50ms (CPU per "
             "decision); knobs c, widen, alpha, opponents, reward, horizon, rollout, kinds")


def available_bots(game: str) -> dict[str, str]:
    """Bot name -> description for `game`: registered (game-agnostic ones included), then
    those installed packages offer."""
    found = {name: about for (g, name), (_, about) in sorted(_BOTS.items()) if g in (game, "*")}
    for entry in _entry_points():
        found.setdefault(entry.name, f"from {entry.value} (an installed package)")
    return found


def make_bot(game: str, spec: str) -> Policy:
    """The bot `spec` names, built with its parameters."""
    parsed = parse_spec(spec)
    factory = _factory(game, parsed)
    try:
        bot = factory(**dict(parsed.params))
    except TypeError as err:
        if not parsed.params:
            raise
        raise UserError(f"--bots {spec!r}: {err}") from None
    if not callable(getattr(bot, "choose", None)):
        raise UserError(f"--bots {spec!r}: what it makes has no choose(view, decision, rng)")
    for field, default in (("name", parsed.target), ("params", dict(parsed.params))):
        if not hasattr(bot, field):
            setattr(bot, field, default)
    fallback = getattr(bot, "fallback", None)
    if fallback is None:
        return bot
    if is_outside(fallback):
        raise UserError(f"--bots {spec!r}: its fallback {fallback!r} is not a built-in bot")
    return Fallback(bot, make_bot(game, fallback))


def is_outside(spec: str) -> bool:
    """Whether a bot comes from outside dicelab (checked for writes by default)."""
    parsed = parse_spec(spec)
    return parsed.outside or not any(n == parsed.target for (_, n) in _BOTS)


def bot_modules(specs: tuple[str, ...]) -> tuple[str, ...]:
    """The modules of the bots from outside: their code is part of a run's code version."""
    found = []
    for spec in specs:
        parsed = parse_spec(spec)
        module = parsed.module or _entry_module(parsed.target)
        if module is not None:
            found.append(module)
    return tuple(sorted(set(found)))


def _factory(game: str, spec: BotSpec) -> Callable[..., Policy]:
    if not spec.outside:
        for key in ((game, spec.target), ("*", spec.target)):
            if key in _BOTS:
                return _BOTS[key][0]
        for entry in _entry_points():
            if entry.name == spec.target:
                return entry.load()
        raise UserError(f"unknown bot {spec.target!r} for {game}; known: "
                        f"{', '.join(available_bots(game))}")
    where, _, name = spec.target.rpartition(":")
    if (game, where) in _BOTS or ("*", where) in _BOTS:  # mcts:x reads as module mcts, Factory x
        raise UserError(f"--bots {spec.text!r}: {where} is a built-in bot, not a module: after "
                        f"it come key=value parameters (or a search's budget: mcts:400, "
                        f"mcts:50ms), not {name!r}")
    module = _load_file(where) if where.endswith(".py") else _import(spec.text, where)
    factory = getattr(module, name, None)
    if not callable(factory):
        raise UserError(f"--bots {spec.text!r}: {where} has no bot factory {name!r}")
    return factory


def _import(text: str, module: str):
    try:
        return importlib.import_module(module)
    except ImportError as err:
        raise UserError(f"--bots {text!r}: cannot import {module} ({err}); is it installed, "
                        "or on PYTHONPATH?") from None


def _file_module_name(path: str) -> str:
    resolved = Path(path).resolve()
    return f"dicelab_bot_{resolved.stem}_{hashlib.md5(str(resolved).encode()).hexdigest()[:8]}"


def _load_file(path: str):
    """A bot's Python file, loaded once per process under a name made from its path."""
    name = _file_module_name(path)
    if name in sys.modules:
        return sys.modules[name]
    file = Path(path).resolve()
    if not file.is_file():
        raise UserError(f"--bots: no bot file {path}")
    spec = importlib.util.spec_from_file_location(name, file)
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)  # type: ignore[union-attr]
    except BaseException:
        del sys.modules[name]
        raise
    return module


def _entry_module(name: str) -> str | None:
    if any(n == name for (_, n) in _BOTS):
        return None
    for entry in _entry_points():
        if entry.name == name:
            return entry.module
    return None


@lru_cache(maxsize=1)
def _entry_points() -> tuple[importlib.metadata.EntryPoint, ...]:
    return tuple(importlib.metadata.entry_points(group=ENTRY_POINTS))
