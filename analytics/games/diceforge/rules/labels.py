"""How every option of every Dice Forge decision reads: the game's decision kinds, declared in
the engine's registry (engine/labels.py), which parses a label back to its option."""

from __future__ import annotations

from typing import Any

from analytics.engine.labels import DecisionKinds, Label, LabelError
from analytics.games.diceforge.rules.state import DIE_NAMES

__all__ = ["LABELLING", "LabelError"]

def _as_is(option: Any, context: Any) -> str:
    """Options that are already words: 'pass', 'forge', card and face ids, resources."""
    return str(option)


def _count(option: Any, context: Any) -> str:
    """How many (gold on a track, shards converted...): the number."""
    return str(option)


def _bundle(option: Any, context: Any) -> str:
    """A bundle of a choice face: 'gold3', 'sun1+glory1' ('nothing' when empty)."""
    return "+".join(f"{res}{amount}" for res, amount in option) or "nothing"


def _face(option: Any, context: Any) -> str:
    """A face by id; a Boar face by its owner too, 'boar:2' (each player's Boar is distinct)."""
    return f"{option.id}:{option.colour}" if option.special == "boar" else str(option.id)


def _die(option: Any, context: Any) -> str:
    return DIE_NAMES[option]


def _place(option: Any, context: Any) -> str:
    """Where to forge: die and side, 'light:2'."""
    die, side = option
    return f"{DIE_NAMES[die]}:{side}"


def _seat(option: Any, context: Any) -> str:
    return f"seat{option}"


def _use(option: Any, context: Any) -> str:
    return "use" if option else "keep"


def _space(option: Any, context: Any) -> str:
    """A token by the space it stands on: 'at3' (copies on one space are alike)."""
    return f"at{option}"


def _face_pair(option: Any, context: Any) -> str:
    """A face for each die: 'gold_3+sun_2'."""
    return f"{_face(option[0], None)}+{_face(option[1], None)}"


def _pair(option: Any, context: Any) -> str:
    """Two of the rolled faces (context), by position and face: '0:gold_1+3:sun_2'."""
    i, j = option
    return f"{i}:{context[i].id}+{j}:{context[j].id}"


def _to_space(option: Any, context: Any) -> str:
    """A Golem's next space: 'space12'."""
    return f"space{option}"


LABELS: dict[str, Label] = {
    "action": _as_is, "extra_action": _as_is, "offering": _as_is, "ship_buy": _as_is,
    "garden_face": _as_is, "reinforcement": _as_is, "use_triton": _as_is,
    "owl_resource": _as_is, "boar_bonus": _as_is, "ship_order": _as_is,
    "twins_reroll": _as_is, "twins_bonus": _as_is, "scepter_shards": _as_is,
    "companion_cash": _as_is, "ancestor_face": _as_is, "nymph_buy": _as_is,
    "trident_face": _as_is, "companion_copy": _space,
    "first_titan_feat": _as_is, "right_hand_gold": _count,
    "convert": _count, "hammer_gold": _count, "scepter_gold": _count, "scepter_pay": _count,
    "face_choice": _bundle, "loss_choice": _bundle,
    "mirror_copy": _face, "mirror_loss": _face, "minor_die": _die, "forge_place": _place,
    "boar_target": _seat,
    "use_cerberus": _use, "satyrs_pick": _pair,
    # Rebellion faces and dice (rebellion_faces.py, celestial.py, upgrade.py)
    "merchant": _as_is, "wind_type": _as_is, "upgrade_to": _as_is,
    "apply_face_up": _face, "goddess_faces": _face_pair,
    "upgrade_face": _place, "celestial_choose": _place,
    # the Goddess module (labyrinth.py)
    "golem_path": _to_space, "treasure_pick": _as_is, "labyrinth_choice": _bundle,
    "labyrinth_forge": _as_is, "labyrinth_trade": _as_is,
    # the Titans module (cards/titans.py): a Memory token's side (0, 1) and island
    "memory_side": _count, "memory_island": _count, "guardian_gain": _as_is,
    "misfortune_reward": _as_is, "misfortune_bearer": _seat,
}


LABELLING = DecisionKinds("analytics/games/diceforge/rules/labels.py", LABELS)
