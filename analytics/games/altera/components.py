"""What an Altera run writes about itself: its catalogue (every Faction, Artifact, die type,
Guild card and Objective of its assumption set, and the rules that give Prestige, each row
with its source: seed or assumed) and every word its events may use."""

from __future__ import annotations

from analytics.games.altera.catalogue import AssumptionSet
from analytics.games.altera.rewards import reward_text
from analytics.games.altera.state import RESOURCES, SPACES, Setup
from analytics.games.altera.words import GUILDS, TRACKS

EVENT_KINDS = (
    "ability_used", "artifact_crafted", "artifact_trashed", "artifact_upgraded", "bag_refilled",
    "benefactor_bought", "clash_won", "die_discarded", "die_drawn", "die_recruited",
    "die_resolved", "die_rolled", "die_slotted", "die_trashed", "die_upgraded",
    "emissary_deployed", "emissary_unlocked", "faction_chosen", "influence_flipped",
    "influence_reset", "objective_completed", "objective_drawn", "passed",
    "reputation_gained", "reputation_overflowed", "reputation_reset", "resource_gained",
    "resource_overflowed", "resource_spent", "ghost_deployed", "rival_deployed",
    "rival_reputation", "rival_scored", "rival_objective", "marker_won_clash",
)
USE_KINDS = ("ability_used", "die_resolved", "emissary_deployed", "objective_completed")
# Causes that are rules, not components: each a catalogue row of kind 'rule'.
RULE_SOURCES = (
    *(f"clash:{t}" for t in TRACKS), *(f"track:{t}" for t in TRACKS), "recruitment",
    "basic1", "basic2", "basic3", "reveal", *(f"benefactor:{g}" for g in GUILDS),
)
OTHER_CAUSES = ("game_setup", "draw_phase", "deployment", "before_reveal", "once_per_round",
                "on_resolve",
                "on_reputation", "favor:turn_die", "favor:ignore_guild", "objective", "rival",
                "ghost")

ATTRIBUTES: dict[str, type] = {
    "guild": str, "tier": int, "stage": int, "priority": int, "cost": int, "text": str,
    "source": str, "assumption_set": str, "prestige_source": str,
}


def _row(component: str, kind: str, name: str, aset: AssumptionSet, source: str,
         **attrs) -> dict:
    row = {"component": component, "kind": kind, "name": name, "offered": True,
           "module": "none", "origin": "altera", "source": source,
           "assumption_set": f"{aset.name} [{aset.hash}]", "prestige_source": kind}
    for attribute in ATTRIBUTES:
        row.setdefault(attribute, attrs.get(attribute))
    return row


def catalogue(setup: Setup) -> tuple[dict[str, type], list[dict]]:
    aset = setup.aset
    rows = [_row(f.id, "faction", f.name, aset, f.source, priority=f.priority,
                 text=f.ability.text) for f in aset.factions.values()]
    rows += [_row(a.id, "artifact", a.name, aset, a.source, cost=a.craft_cost,
                  text=f"{a.ability.text} / {a.upgraded.text}") for a in aset.artifacts.values()]
    rows += [_row(d.id, "die", f"{d.guild} tier {d.tier}", aset, d.source, guild=d.guild,
                  tier=d.tier, text=" ".join(f.id for f in d.faces)) for d in aset.dice.values()]
    rows += [_row(c.id, "guild_card", c.id, aset, c.source, guild=c.guild, stage=c.stage,
                  text="clash: " + reward_text(c.clash)) for c in aset.cards.values()]
    rows += [_row(o.id, "objective", o.id, aset, o.source, text=o.text)
             for o in aset.objectives.values()]
    rows += [_row(r, "rule_source", r, aset, "seed") for r in RULE_SOURCES]
    return ATTRIBUTES, rows


def vocabulary(setup: Setup | None) -> dict[str, tuple[str, ...]]:
    from analytics.games.altera.assumptions import load_set

    aset = setup.aset if setup is not None else load_set()
    ids = (*aset.factions, *aset.artifacts, *aset.dice, *aset.cards, *aset.objectives)
    items = tuple(sorted({*ids, *SPACES, *TRACKS}))
    return {"kind": EVENT_KINDS, "item": items,
            "resource": tuple(sorted({*RESOURCES, *TRACKS})),
            "cause": tuple(sorted({*ids, *SPACES, *RULE_SOURCES, *OTHER_CAUSES})),
            "use_kinds": USE_KINDS}
