"""Dice Forge's roles: which of its words the analytics read as score, gains, costs, and its
two component kinds (Heroic Feat cards, die faces) with the events that acquire and use them."""

from __future__ import annotations

from analytics.eventlog.roles import ComponentRoles, Roles

ROLES = Roles(
    game="diceforge",
    score="glory",
    gain=("resource_gained",),
    loss=("resource_lost",),
    spend=("resource_spent",),
    components=(
        ComponentRoles("card", "Heroic Feat card", "Heroic Feat cards", ("feat_performed",),
                       ("reinforcement_used", "token_used"), ("moon", "sun"),
                       score_source="card", end_score=True),
        ComponentRoles("face", "die face", "die faces", ("face_forged",), ("die_rolled",),
                       ("gold",), score_source="die_face"),
    ),
    seat="seat",
    turn="round",
    score_label="Glory",
    set_kind="card",
    score_source_attribute="glory_source",
    # Balance and report order (Glory no component causes, 'other', comes last): the Hammer's
    # Glory comes from its gold track (its catalogue row says so), apart from the other cards'
    # effects.
    score_sources=("die_face", "card_printed", "card_effect", "hammer"),
)
