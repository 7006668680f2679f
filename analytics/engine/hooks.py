"""Hooks: lasting effects as handlers registered, as data, at named points of a game's rules.

A registration is `(owner id, handler key)` on a holder's `hooks` map (hook name -> tuple of
registrations), so a state copies them with its maps; the handler itself is a module-level
function found by its key in the game's `Hooks.handlers`. The rules fire a hook at its point
and call each registered handler, in registration order, as `handler(state, holder, owner,
*args)`. Which hooks exist and what they pass is each game's (see its rules/hooks.py).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

Handler = Callable[..., Any]
Registration = tuple[str, str]  # (owner id, handler key): plain data, copied with its holder
HookMap = dict[str, tuple[Registration, ...]]


class HookHolder:
    """What registrations are made on (a player): its map of hook name -> registrations, a
    tuple replaced on each change (a handler may unregister itself while its hook fires).

    A base class, not a Protocol: compiled, the engine then reads the attribute natively."""

    __slots__ = ()
    hooks: HookMap


class Hooks:
    """One game's hook handlers by key, and registering and firing them on holders."""

    __slots__ = ("handlers", "per_copy")

    def __init__(self, per_copy: Collection[str] = ()) -> None:
        self.handlers: dict[str, Handler] = {}
        # Hooks registered once per copy of its owner (elsewhere, once per holder: a handler
        # serving every copy reads how many the holder owns).
        self.per_copy = frozenset(per_copy)

    def handler(self, key: str) -> Callable[[Handler], Handler]:
        """Register a function as the hook handler `key`."""
        def register(fn: Handler) -> Handler:
            self.handlers[key] = fn
            return fn
        return register

    def register(self, holder: HookHolder, hook: str, owner: str, key: str,
                 first: bool = False) -> None:
        """Add (owner, key) to holder's `hook` (first or last); once per holder unless the hook
        counts copies."""
        entry = (owner, key)
        hooks = holder.hooks.get(hook, ())
        if hook in self.per_copy or entry not in hooks:
            holder.hooks[hook] = (entry, *hooks) if first else (*hooks, entry)

    def unregister(self, holder: HookHolder, hook: str, owner: str, key: str) -> None:
        """Remove one (owner, key) registration from holder's `hook` (the hook goes when
        empty)."""
        hooks = list(holder.hooks[hook])
        hooks.remove((owner, key))
        if hooks:
            holder.hooks[hook] = tuple(hooks)
        else:
            del holder.hooks[hook]

    def fire(self, state: Any, holder: HookHolder, hook: str, *args: Any) -> None:
        """Call holder's handlers on `hook` (the tuple read now: a handler may unregister
        itself)."""
        hooks = holder.hooks.get(hook)
        if hooks:
            handlers = self.handlers
            for owner, key in hooks:
                handlers[key](state, holder, owner, *args)
