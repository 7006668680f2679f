"""What a Valeria run writes about itself: its catalogue (every Champion, Battle Plan, Award,
Campaign space, Great Battle card, spell power and die type of its assumption set, and the
rules that give VP, each row with its source and module) and every word its events use."""

from __future__ import annotations

from analytics.games.valeria.state import Setup
from analytics.games.valeria.words import (
    CAMP,
    CAPPED,
    RESOURCES,
    SHRINES,
    TITANS,
    TRIGGERS,
    TROOPS,
    WRAITH,
)

EVENT_KINDS = (
    "game_started", "game_ended", "shrines_refilled", "warden_moved", "die_taken",
    "die_returned", "die_assigned", "resource_gained", "resource_spent", "resource_overflowed",
    "champion_bought", "champion_used", "champion_returned", "plan_reserved",
    "plan_completed", "battle_fought", "area_conquered", "chain_completed", "slot_unlocked",
    "award_claimed", "titan_placed", "great_battle_joined", "great_battle_resolved",
    "spell_cast", "adversary_moved", "adversary_scored",
)
USE_KINDS = ("champion_used", "plan_completed", "area_conquered", "chain_completed",
             "great_battle_joined", "spell_cast", "die_assigned")
RULE_SOURCES = ("dice_left", "wraith_left")
OTHER_CAUSES = ("game_setup", "game_end", "refill", "move", "camp", "magic", "flip", "wild",
                "no_space", "conquer", "instant", "8b", "8c", "great_battle", "adversary",
                "adversary_meet", *TRIGGERS)
UNLOCK_WORDS = ("troop_space", *(f"cap_{t}" for t in CAPPED))
# Which modules' components: none for the base game's.
MODULE_OF_KIND = {"great_battle": "great_battles", "spell": "spells"}

ATTRIBUTES: dict[str, type] = {
    "champion_kind": str, "cost": int, "text": str, "troops": str, "deck": int,
    "source": str, "assumption_set": str, "vp_source": str,
}


def _row(component: str, kind: str, name: str, setup: Setup, source: str, **attrs) -> dict:
    module = MODULE_OF_KIND.get(kind, "wraith" if component == WRAITH else "none")
    row = {"component": component, "kind": kind, "name": name,
           "offered": module == "none" or setup.has(module), "module": module,
           "origin": "valeria", "source": source, "assumption_set": setup.aset.label,
           "vp_source": kind}
    for attribute in ATTRIBUTES:
        row.setdefault(attribute, attrs.get(attribute))
    return row


def catalogue(setup: Setup) -> tuple[dict[str, type], list[dict]]:
    aset = setup.aset
    rows = [_row(c.id, "champion", c.name, setup, c.source, champion_kind=c.kind, cost=c.cost,
                 text=c.text) for c in aset.champions.values()]
    rows += [_row(p.id, "plan", p.id, setup, p.source, cost=p.cost, troops="+".join(p.troops),
                  text=f"{p.vp} VP, {p.extra} extra") for p in aset.plans.values()]
    rows += [_row(a.id, "award", a.id, setup, a.source, deck=a.deck,
                  text=f"{a.count} {a.needs}") for a in aset.awards.values()]
    rows += [_row(k, "campaign", k, setup, a.source, text="area")
             for k, a in aset.areas.items()]
    rows += [_row(k, "campaign", k, setup, c.source, text="chain " + "+".join(c.between))
             for k, c in aset.chains.items()]
    rows += [_row(g.id, "great_battle", g.name, setup, g.source, troops="+".join(g.troops))
             for g in aset.battles.values()]
    rows += [_row(p.id, "spell", p.name, setup, p.source, text=f"{p.effect} {p.amount}")
             for p in aset.powers.values()]
    rows += [_row(t, "die", t, setup, "public") for t in TROOPS]
    rows += [_row(WRAITH, "die", WRAITH, setup, "seed")]
    rows += [_row(r, "rule_source", r, setup, "seed") for r in RULE_SOURCES]
    return ATTRIBUTES, rows


def vocabulary(setup: Setup | None) -> dict[str, tuple[str, ...]]:
    from analytics.games.valeria.assumptions import load_set

    aset = setup.aset if setup is not None else load_set()
    ids = (*aset.champions, *aset.plans, *aset.awards, *aset.areas, *aset.chains,
           *aset.battles, *aset.powers, *aset.spells)
    places = (*SHRINES, TITANS, CAMP)
    return {"kind": EVENT_KINDS,
            "item": tuple(sorted({*ids, *TROOPS, WRAITH, *places})),
            "resource": tuple(sorted({*RESOURCES, *UNLOCK_WORDS})),
            "cause": tuple(sorted({*ids, *places, *RULE_SOURCES, *OTHER_CAUSES})),
            "use_kinds": USE_KINDS}
