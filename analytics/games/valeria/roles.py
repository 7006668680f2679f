"""Valeria's roles: VP decides the game; Battle Plans, Champions, Awards, Campaign spaces,
dice, and the modules' Great Battle cards and Ancient Spells are its component kinds."""

from __future__ import annotations

from analytics.eventlog.roles import ComponentRoles, Roles

ROLES = Roles(
    game="valeria",
    score="vp",
    gain=("resource_gained",),
    loss=(),
    spend=("resource_spent",),
    components=(
        ComponentRoles("champion", "Champion", "Champions", ("champion_bought",),
                       ("champion_used",), ("gold",), score_source="champion"),
        ComponentRoles("plan", "Battle Plan", "Battle-Plans", ("plan_reserved",),
                       ("plan_completed",), ("gold",), score_source="plan"),
        ComponentRoles("award", "Award", "Awards", ("award_claimed",), (), (),
                       score_source="award"),
        ComponentRoles("campaign", "Campaign space", "Campaign-spaces", (),
                       ("area_conquered", "chain_completed"), (), score_source="campaign"),
        ComponentRoles("great_battle", "Great Battle", "Great-Battles", (),
                       ("great_battle_joined",), (), score_source="great_battle"),
        ComponentRoles("spell", "Ancient Spells power", "Spell-powers", (), ("spell_cast",),
                       (), score_source="spell"),
        ComponentRoles("die", "die type", "dice", ("die_taken",), ("die_assigned",), (),
                       score_source="die"),
        ComponentRoles("rule_source", "rule source", "rule sources", (), (), (),
                       score_source="rule_source"),
    ),
    seat="seat",
    turn="round",
    score_label="VP",
    set_kind="champion",
    score_source_attribute="vp_source",
    score_sources=("plan", "champion", "award", "campaign", "great_battle", "spell",
                   "rule_source", "die"),
)
