"""The engine's resource maps and payments on a made-up game: caps clamp, gain hooks take their
part first, sources pay before the reserve, every change logged."""

from __future__ import annotations

from analytics.engine.hooks import Hooks
from analytics.engine.payment import Payment, Source, add_costs, shortfall
from analytics.engine.resources import Resources
from tests.engine.toy import Table, Toy, plain_only

pytestmark = plain_only

HOOKS = Hooks()
RESOURCES = Resources(HOOKS, {"coin": "gain_coin"})
PAYMENT = Payment("pay", RESOURCES)


@HOOKS.handler("tithe")
def _tithe(t: Table, p: Toy, owner: str, res: str, amount: int, cause: str, item) -> int:
    """Takes one of every coin gain into the owner's jar."""
    p.res["jar"] = p.res.get("jar", 0) + 1
    return amount - 1


def _jar_available(t, p, owner, res, purpose):
    return p.res.get("jar", 0) if res == "coin" and purpose == "shop" else 0


def _jar_covers(t, p, owner, short, purpose):
    rest = dict(short)
    if purpose == "shop" and "coin" in rest:
        rest["coin"] -= min(rest["coin"], p.res.get("jar", 0))
    return {res: n for res, n in rest.items() if n}


def _jar_pays(t, p, owner, cost, cause, purpose, keep):
    """Pays coins from the jar first (the whole part it can), the reserve the rest."""
    t.calls.append(("jar", owner, cost, keep))
    rest = []
    for res, amount in cost:
        if res == "coin" and purpose == "shop":
            used = min(amount, p.res.get("jar", 0))
            p.res["jar"] -= used
            amount -= used
        rest.append((res, amount))
    return tuple(rest)


PAYMENT.sources["jar"] = Source(_jar_available, _jar_covers, _jar_pays)


def test_a_gain_clamps_to_its_cap_and_logs_what_overflowed():
    t = Table()
    p = t.players[0]
    assert RESOURCES.gain(t, p, "coin", 3, "trade", "stall") == 3
    assert RESOURCES.gain(t, p, "coin", 4, "trade") == 2
    assert RESOURCES.gain(t, p, "coin", 1, "trade") == 0
    assert RESOURCES.gain(t, p, "gem", 9, "mine") == 9  # no cap
    assert RESOURCES.gain(t, p, "gem", 0, "mine") == 0
    assert p.res == {"coin": 5, "gem": 9}
    assert t.events() == [
        (0, "resource_gained", "stall", "coin", 3, "trade"),
        (0, "resource_gained", None, "coin", 2, "trade"),
        (0, "resource_overflowed", None, "coin", 2, "trade"),
        (0, "resource_overflowed", None, "coin", 1, "trade"),
        (0, "resource_gained", None, "gem", 9, "mine")]


def test_lose_stops_at_zero_and_spend_takes_what_was_checked():
    t = Table()
    p = t.players[1]
    p.res.update(coin=2, gem=4)
    assert RESOURCES.lose(t, p, "coin", 5, "theft") == 2
    assert RESOURCES.lose(t, p, "coin", 1, "theft") == 0
    RESOURCES.spend(t, p, "gem", 3, "shop")
    assert p.res == {"coin": 0, "gem": 1}
    assert t.events() == [(1, "resource_lost", None, "coin", -2, "theft"),
                          (1, "resource_spent", "shop", "gem", -3, "shop")]


def test_a_gain_hook_takes_its_part_before_the_map_and_the_cap():
    t = Table()
    p = t.players[0]
    HOOKS.register(p, "gain_coin", "tithe_card", "tithe")
    RESOURCES.gain(t, p, "coin", 3, "trade")
    RESOURCES.gain(t, p, "coin", 1, "trade")  # all taken: nothing gained, nothing logged
    RESOURCES.gain(t, p, "gem", 2, "mine")  # another resource: no hook
    assert p.res == {"coin": 2, "gem": 2, "jar": 2}
    assert [e[1:5] for e in t.events()] == [("resource_gained", None, "coin", 2),
                                            ("resource_gained", None, "gem", 2)]


def test_a_payment_asks_each_declared_source_then_the_reserve_pays_the_rest():
    t = Table()
    p = t.players[0]
    p.res.update(coin=2, gem=1, jar=3)
    cost = (("coin", 4), ("gem", 1))
    assert shortfall(p, cost) == {"coin": 2}
    assert not PAYMENT.can_pay(t, p, cost, "shop")  # no source registered yet
    assert PAYMENT.funds(t, p, "coin", "shop") == 2
    HOOKS.register(p, "pay", "jar_card", "jar")
    assert PAYMENT.can_pay(t, p, cost, "shop") and not PAYMENT.can_pay(t, p, cost, "temple")
    assert PAYMENT.funds(t, p, "coin", "shop") == 5
    PAYMENT.pay(t, p, cost, "stall", "shop", keep=(("gem", 0),))
    assert t.calls == [("jar", "jar_card", cost, (("gem", 0),))]
    assert p.res == {"coin": 1, "gem": 0, "jar": 0}
    assert t.events() == [(0, "resource_spent", "stall", "coin", -1, "stall"),
                          (0, "resource_spent", "stall", "gem", -1, "stall")]
    assert add_costs((("coin", 1),), (("gem", 2), ("coin", 3))) == (("coin", 4), ("gem", 2))


def test_a_payment_made_here_pays_through_its_own_hook_sources_and_resources():
    """Issue 36: a Payment built in the test (the module's is built at import), and a resource
    the reserve never held: it lacks all of it and funds none."""
    payment = Payment("pay_here", RESOURCES)
    payment.sources["jar"] = PAYMENT.sources["jar"]
    t = Table()
    p = t.players[0]
    p.res.update(coin=1, jar=2)
    assert shortfall(p, (("pearl", 2), ("coin", 1))) == {"pearl": 2}
    assert payment.funds(t, p, "pearl", "shop") == 0
    assert not payment.can_pay(t, p, (("coin", 3),), "shop")  # no source on pay_here yet
    HOOKS.register(p, "pay_here", "jar_card", "jar")
    HOOKS.register(p, "pay", "other_card", "jar")  # another hook: not this payment's
    assert payment.funds(t, p, "coin", "shop") == 3
    assert payment.can_pay(t, p, (("coin", 3),), "shop")
    payment.pay(t, p, (("coin", 3),), "stall", "shop")
    assert p.res == {"coin": 0, "gem": 0, "jar": 0}
    assert t.events() == [(0, "resource_spent", "stall", "coin", -1, "stall")]
