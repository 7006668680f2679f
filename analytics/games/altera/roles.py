"""Altera's roles: Prestige decides the game; Factions, Artifacts, dice, Guild cards,
Objectives and the rules' own sources (clashes, tracks, Recruitment) are its component kinds."""

from __future__ import annotations

from analytics.eventlog.roles import ComponentRoles, Roles

ROLES = Roles(
    game="altera",
    score="prestige",
    gain=("resource_gained",),
    loss=(),
    spend=("resource_spent",),
    components=(
        ComponentRoles("artifact", "Artifact", "Artifacts", ("artifact_crafted",),
                       ("ability_used",), ("shard", "coin"), score_source="artifact"),
        ComponentRoles("faction", "Faction", "Factions", ("faction_chosen",),
                       ("ability_used",), (), score_source="faction"),
        ComponentRoles("die", "die", "dice", ("die_recruited", "die_upgraded"),
                       ("die_resolved",), ("influence",), score_source="die"),
        ComponentRoles("guild_card", "Guild card", "Guild-cards", (),
                       ("emissary_deployed",), (), score_source="guild_card"),
        ComponentRoles("objective", "Objective", "Objectives", (),
                       ("objective_completed",), (), score_source="objective"),
        ComponentRoles("rule_source", "rule source", "rule sources", (), (), (),
                       score_source="rule_source"),
    ),
    seat="seat",
    turn="round",
    score_label="Prestige",
    set_kind="artifact",
    set_word="assumption set",
    score_source_attribute="prestige_source",
    score_sources=("guild_card", "rule_source", "objective", "artifact", "faction", "die"),
)
