"""Great Battles (Rise of Titans), step 8c: send the lowest-value qualifying die of the
completed plan to an open Troop space of a face-up Great Battle card, take the space's reward
(Ongoing Champions trigger), put a Participation Marker on the card; a full card resolves at
once (VP per marker from the Resolution tile by total Strength), and both resolve at the end
of the game. Solo: one card, resolved only when complete."""

from __future__ import annotations

from analytics.games.valeria import board, gains
from analytics.games.valeria.board import label
from analytics.games.valeria.gains import gain
from analytics.games.valeria.state import Player, Valeria
from analytics.games.valeria.words import WRAITH

NONE = "none"


def deal(state: Valeria) -> None:
    order = state.chance.shuffle("great_battles", len(state.setup.aset.battles))
    ids = list(state.setup.aset.battles)
    state.battle_deck = [ids[i] for i in order]
    state.unseen["great_battles"] = len(state.battle_deck)
    shown = 1 if state.setup.players == 1 else state.setup.aset.board.numbers[
        "great_battle_display"]
    for _ in range(shown):
        show(state)


def show(state: Valeria) -> None:
    card = state.dealt("great_battles")
    state.battles.append(card)
    state.battle_dice[card] = [None] * 5
    state.markers_on[card] = []


def qualifies(state: Valeria, card: str, die: list) -> bool:
    """A Wraith is Wild here too; a die a Gem made Wild for the battle is not any more."""
    return die[0] == WRAITH or die[0] in state.setup.aset.battles[card].troops


def options(state: Valeria, p: Player) -> list[str]:
    """'CARD:SPACE' for each card some die qualifies for; 'CARD:SPACE:gem' when a Gem makes
    the lowest die Wild for it; 'none' only when no die qualifies without a Gem."""
    dice = state.in_battle
    if not dice or not p.participation:
        return []
    found, natural = [], False
    low = min(d[1] for d in dice)
    for card in state.battles:
        spaces = [i for i, d in enumerate(state.battle_dice[card]) if d is None]
        fits = any(qualifies(state, card, d) for d in dice)
        natural = natural or (fits and bool(spaces))
        found += [f"{card}:{i}" for i in spaces if fits]
        gem_helps = (p.res["gem"] and not any(qualifies(state, card, d)
                                              for d in dice if d[1] == low))
        found += [f"{card}:{i}:gem" for i in spaces if gem_helps]
    return found if natural else ([NONE, *found] if found else [])


def after_battle(state: Valeria, p: Player, fight) -> None:
    offered = options(state, p)
    if not offered:
        return
    chosen = state.decider.decide(p.seat, "great_battle", tuple(offered))
    if chosen == NONE:
        return
    card, space, *gem = chosen.split(":")
    if gem:
        gains.spend(state, p, "gem", 1, "wild")
        pool = state.in_battle
    else:
        pool = [d for d in state.in_battle if qualifies(state, card, d)]
    low = min(d[1] for d in pool)
    ties = tuple(dict.fromkeys(label(d) for d in pool if d[1] == low))
    text = state.decider.decide(p.seat, "great_battle_die", ties, card)
    die = state.in_battle.pop(next(i for i, d in enumerate(state.in_battle)
                                   if label(d) == text and d[1] == low))
    join(state, p, card, int(space), die)


def join(state: Valeria, p: Player, card: str, space: int, die: list) -> None:
    state.battle_dice[card][space] = die
    state.log.emit(p.seat, "great_battle_joined", item=card, amount=die[1],
                   detail=f"space {space}", cause="8c")
    gain(state, p, state.setup.aset.battles[card].spaces[space], card)
    p.participation -= 1
    state.markers_on[card].append(p.seat)
    if all(d is not None for d in state.battle_dice[card]):
        resolve(state, card)
        state.battles.remove(card)
        state.battle_deck.append(card)  # to the bottom of the deck
        show(state)


def vp_per_marker(state: Valeria, total: int) -> int:
    chart = state.setup.aset.board.battle_chart[state.setup.rule("battle_side")]
    return max(vp for low, vp in chart if low <= total)


def resolve(state: Valeria, card: str) -> None:
    """Each marker is worth the chart's VP for the card's total Strength; the dice go back
    to the bag and the markers to their owners."""
    dice = [d for d in state.battle_dice[card] if d is not None]
    total = sum(board.strength(state, d) for d in dice)
    each = vp_per_marker(state, total)
    state.log.emit(-1, "great_battle_resolved", item=card, amount=total, cause="great_battle")
    for p in state.players:
        markers = state.markers_on[card].count(p.seat)
        if markers:
            gains.add(state, p, "vp", markers * each, card)
            p.participation += markers
    for die in dice:
        board.to_bag(state, die, card)
    state.battle_dice[card] = [None] * 5
    state.markers_on[card] = []


def end_of_game(state: Valeria) -> None:
    """Both cards resolve even if incomplete; solo, an incomplete card scores nothing (its
    dice and markers simply stay)."""
    for card in list(state.battles):
        if state.setup.players == 1:
            continue  # complete cards resolved when filled; an incomplete one is not
        if any(d is not None for d in state.battle_dice[card]):
            resolve(state, card)
