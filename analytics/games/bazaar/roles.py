"""Bazaar's roles: stars decide the game; charms (bought with coins) and the bag's dice (drawn,
then cast) are its two component kinds."""

from __future__ import annotations

from analytics.eventlog.roles import ComponentRoles, Roles

ROLES = Roles(
    game="bazaar",
    score="stars",
    gain=("coins_won", "stars_won"),
    loss=(),
    spend=("coins_paid",),
    components=(
        ComponentRoles("charm", "charm", "charms", ("charm_bought",), ("charm_used",),
                       ("coins",), score_source="charm"),
        ComponentRoles("die", "bag die", "bag dice", ("die_drawn",), ("die_cast",), (),
                       score_source="die"),
    ),
    seat="seat",
    turn="round",
    score_label="Stars",
    set_kind="charm",
    score_source_attribute="star_source",
)
