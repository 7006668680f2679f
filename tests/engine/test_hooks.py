"""The engine's hooks on a made-up game: registrations as data, fired in order."""

from __future__ import annotations

import pytest

from analytics.engine.hooks import Hooks
from tests.engine.toy import Table, plain_only

pytestmark = plain_only

HOOKS = Hooks(per_copy=("each_copy",))


@HOOKS.handler("note")
def _note(t: Table, p, owner: str, *args) -> None:
    t.calls.append((p.seat, owner, *args))


@HOOKS.handler("once")
def _once(t: Table, p, owner: str, *args) -> None:
    """Unregisters itself while its hook fires: the registrations read at the start run."""
    t.calls.append((p.seat, owner, "once"))
    HOOKS.unregister(p, "start", owner, "once")


def test_handlers_run_in_registration_order_with_their_arguments():
    t = Table()
    p = t.players[1]
    HOOKS.register(p, "start", "b", "note")
    HOOKS.register(p, "start", "a", "note", first=True)
    HOOKS.register(p, "start", "b", "note")  # once per holder: no second registration
    HOOKS.fire(t, p, "start", 7)
    HOOKS.fire(t, p, "other")  # nothing registered there
    HOOKS.fire(t, t.players[0], "start")
    assert t.calls == [(1, "a", 7), (1, "b", 7)]
    assert p.hooks == {"start": (("a", "note"), ("b", "note"))}


def test_a_per_copy_hook_keeps_one_registration_per_copy_and_empty_hooks_go():
    t = Table()
    p = t.players[0]
    HOOKS.register(p, "each_copy", "c", "note")
    HOOKS.register(p, "each_copy", "c", "note")
    HOOKS.fire(t, p, "each_copy")
    assert t.calls == [(0, "c"), (0, "c")]
    HOOKS.unregister(p, "each_copy", "c", "note")
    assert p.hooks == {"each_copy": (("c", "note"),)}
    HOOKS.unregister(p, "each_copy", "c", "note")
    assert p.hooks == {}
    with pytest.raises(KeyError):
        HOOKS.unregister(p, "each_copy", "c", "note")


def test_a_handler_may_unregister_itself_while_its_hook_fires():
    t = Table()
    p = t.players[0]
    HOOKS.register(p, "start", "x", "once")
    HOOKS.register(p, "start", "y", "note")
    HOOKS.fire(t, p, "start")
    HOOKS.fire(t, p, "start")
    assert t.calls == [(0, "x", "once"), (0, "y"), (0, "y")]
