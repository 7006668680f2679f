"""The moves a lookahead search tries at an action choice.

A move is the answers one seat gives from the action choice on, as (decision kind, answer)
steps: ("action", "pass"), or ("action", "forge"), ("offering", "sun_2") for an offering whose
first face is chosen too (the heuristic plan picks what follows). Splitting "forge" by face
lets the search compare purchases, which the plan otherwise settles on its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from analytics.engine.decisions import Decision
from analytics.games.diceforge.bots.heuristic import purchase_net
from analytics.games.diceforge.bots.valuation import Outlook
from analytics.games.diceforge.rules.components import FACES, GOLD
from analytics.games.diceforge.rules.forge import buyable
from analytics.games.diceforge.rules.payment import FORGE, funds

Move = tuple[tuple[str, Any], ...]


def moves(o: Outlook, decision: Decision, planned: Any, width: int | None,
          forges: int, score: Callable[[Any], float]) -> tuple[Move, ...]:
    """The plan's own move first, then the others worth a rollout in option order: the plan's
    `width` best-scored options (every one when None) and 'pass'; with `forges` > 0, 'forge'
    becomes one move per face among the plan's `forges` best first purchases."""
    kept = kept_options(decision.options, planned, width, score)
    faces = best_faces(o, forges) if forges and "forge" in kept else ()
    kind = decision.kind
    found: list[Move] = []
    for option in kept:
        if option == "forge" and faces:
            found += [((kind, option), ("offering", face)) for face in faces]
        else:
            found.append(((kind, option),))
    mine = ((kind, planned), ("offering", faces[0])) if planned == "forge" and faces \
        else ((kind, planned),)
    return (mine, *(move for move in found if move != mine))


def kept_options(options: tuple, planned: Any, width: int | None,
                 score: Callable[[Any], float]) -> tuple:
    """The `width` best-scored options, 'pass' and `planned`, in option order."""
    if width is None or len(options) <= width:
        return options
    ranked = sorted(options, key=lambda option: -score(option))
    kept = set(ranked[:width]) | {"pass", planned}
    return tuple(option for option in options if option in kept)


def best_faces(o: Outlook, count: int) -> tuple[str, ...]:
    """The `count` faces the plan rates best as a first purchase now (its own pick first:
    the net gain over my weakest face, as its offering handler scores them)."""
    floor = o.slot_worths()[0]
    offer = buyable(o.g, funds(o.g, o.p, GOLD, FORGE))
    ranked = sorted(offer, key=lambda face: -purchase_net(o, FACES[face], floor, 0))
    return tuple(ranked[:count])
