"""What a seat gains: Reputation one step at a time with the rewards printed on the spaces it
lands on, rewards of the reward grammar (paid, scaling, choices) and every effect they name
(the Craft Artifact action among them), and the abilities that trigger on a gain
(on_reputation, on_resolve). Resources are resources.py's, crafting artifacts.py's: neither
grants a reward, so neither imports this module."""

from __future__ import annotations

from analytics.games.altera import artifacts, dice, objectives
from analytics.games.altera.catalogue import Ability, Face
from analytics.games.altera.resources import gain, gain_influence, spend
from analytics.games.altera.rewards import Items, Part, Reward, items_text
from analytics.games.altera.state import Altera, Player
from analytics.games.altera.words import COUNCIL, COUNCIL_ICONS, GUILDS, TRACKS, WILD_CHOICES

PAY, DECLINE = "pay", "decline"


# ---- Reputation ----

def gain_reputation(state: Altera, p: Player, track: str, amount: int, cause: str) -> None:
    """One step at a time: each space landed on gives its printed reward; a step past the
    track's last space is lost (the marker stays there)."""
    tracks = state.setup.aset.tracks
    for _ in range(amount):
        if p.rep[track] >= tracks.length[track]:
            state.log.emit(p.seat, "reputation_overflowed", resource=track, amount=1,
                           cause=cause)
            continue
        p.rep[track] += 1
        state.log.emit(p.seat, "reputation_gained", resource=track, amount=1, cause=cause)
        printed = tracks.rewards.get((track, p.rep[track]))
        if printed:
            grant(state, p, printed, f"track:{track}")
        trigger(state, p, "on_reputation", track)


def reset_reputation(state: Altera, p: Player, track: str, cause: str, to: int = 0) -> None:
    if p.rep[track] != to:
        state.log.emit(p.seat, "reputation_reset", resource=track, amount=to - p.rep[track],
                       cause=cause)
        p.rep[track] = to


def choose_track(state: Altera, p: Player, cause: str) -> str:
    return state.decider.decide(p.seat, "reputation", TRACKS, cause)


# ---- resolving a die ----

def resolve_die(state: Altera, p: Player, die: str, face: Face, cause: str) -> None:
    """As in Reveal & Resolve: 1 Influence for a Guild die, then each icon's reward."""
    state.log.emit(p.seat, "die_resolved", item=die, cause=cause, detail=face.id)
    if dice.tier_of(die) > 0:
        gain_influence(state, p, 1, cause)
    for icon in face.icons:
        if icon == "wild":
            icon = state.decider.decide(p.seat, "wild", WILD_CHOICES, cause)
        if icon in COUNCIL_ICONS or icon == "rep_council":
            gain_reputation(state, p, COUNCIL, 1, cause)
        else:
            gain(state, p, icon, 1, cause)
    guild = dice.guild_of(die)
    if guild in GUILDS:
        trigger(state, p, "on_resolve", guild)
    trigger(state, p, "on_resolve", f"tier{dice.tier_of(die)}")


# ---- abilities that trigger ----

def abilities(state: Altera, p: Player) -> list[tuple[str, Ability, bool]]:
    """(owner id, ability, once per round) of the seat's Faction and untrashed Artifacts."""
    aset = state.setup.aset
    found = [(p.faction, aset.factions[p.faction].ability, True)] if p.faction else []
    for artifact, side in p.artifacts.items():
        if side != "trashed":
            card = aset.artifacts[artifact]
            found.append((artifact, card.upgraded if side == "upgraded" else card.ability,
                          False))
    return found


def trigger(state: Altera, p: Player, kind: str, target: str) -> None:
    """Fire the seat's abilities of `kind` on `target` (a Faction's once per round)."""
    if not p.faction:  # the ghost and the Rivals own no cards
        return
    for owner, ability, once in abilities(state, p):
        if ability.kind == kind and ability.target == target:
            if once:
                if owner in p.used:
                    continue
                p.used.append(owner)
            state.log.emit(p.seat, "ability_used", item=owner, cause=kind)
            grant(state, p, ability.reward, owner)


# ---- rewards ----

def affordable(state: Altera, p: Player, cost: Items) -> bool:
    for what, n in cost:
        if what == "discard" and len(p.pool) < n:
            return False
        if what == "trash" and len(p.pool) + len(p.slotted) + len(p.discard) < n:
            return False
        if what in p.res and p.res[what] < n:
            return False
    return True


def pay(state: Altera, p: Player, cost: Items, cause: str) -> None:
    for what, n in cost:
        for _ in range(n if what in ("discard", "trash") else 0):
            if what == "discard":
                dice.discard_from_pool(state, p, cause, optional=False)
            else:
                dice.trash(state, p, cause, optional=False)
        if what in p.res:
            spend(state, p, what, n, cause)


def grant(state: Altera, p: Player, reward: Reward, cause: str, face: Face | None = None,
          chosen: bool = False) -> None:
    """Every part of `reward`, in the order the seat picks when a part is paid (a paid part may
    use what another gives); the others in printed order. `chosen`: the seat already chose to
    pay (it used an ability whose cost this is), so it is not asked again."""
    parts = list(reward)
    while parts:
        index = 0
        if len(parts) > 1 and any(part.cost for part in parts):
            labels = tuple(f"{i}:{part.text()}" for i, part in enumerate(parts))
            index = int(state.decider.decide(p.seat, "reward_order", labels, cause)
                        .split(":")[0])
        grant_part(state, p, parts.pop(index), cause, face, chosen)


def scale(part: Part, face: Face | None) -> int:
    if not part.per:
        return 1
    icons = face.icons if face is not None else ()
    if part.per == "icon":
        return len(icons)
    if part.per.startswith("not-"):
        return sum(1 for i in icons if i != part.per[4:])
    return sum(1 for i in icons if i == part.per)


def grant_part(state: Altera, p: Player, part: Part, cause: str, face: Face | None,
               chosen: bool = False) -> None:
    times = scale(part, face)
    if times == 0:
        return
    if part.cost:
        if not affordable(state, p, part.cost):
            return
        if not chosen and state.decider.decide(p.seat, "pay", (PAY, DECLINE),
                                               part.text()) == DECLINE:
            return
        pay(state, p, part.cost, cause)
    items = part.choices[0]
    if len(part.choices) > 1:
        labels = tuple(items_text(c) for c in part.choices)
        items = part.choices[labels.index(state.decider.decide(p.seat, "choose", labels,
                                                               cause))]
    for _ in range(times):
        for effect, n in items:
            for _ in range(n):
                apply_effect(state, p, effect, cause)


def apply_effect(state: Altera, p: Player, effect: str, cause: str) -> None:
    if effect in p.res:
        gain(state, p, effect, 1, cause)
    elif effect == "rep_wild":
        gain_reputation(state, p, choose_track(state, p, cause), 1, cause)
    elif effect.startswith("rep_"):
        gain_reputation(state, p, effect[4:], 1, cause)
    elif effect.startswith("upgrade_"):
        dice.upgrade(state, p, effect, cause)
    elif effect == "draw":
        dice.draw(state, p, cause)
    elif effect == "discard":
        dice.discard_from_pool(state, p, cause, optional=True)
    elif effect == "trash":
        dice.trash(state, p, cause)
    elif effect == "reroll":
        dice.reroll(state, p, cause)
    elif effect in ("craft", "craft_any_currency"):
        craft_action(state, p, cause, effect == "craft_any_currency")
    elif effect == "objective":
        objectives.draw_objective(state, p, cause)
    elif effect.startswith("recruit_tier"):
        recruit_free(state, p, int(effect[-1]), cause)
    else:
        raise ValueError(f"effect {effect!r} has no rule")


def recruit_free(state: Altera, p: Player, tier: int, cause: str) -> None:
    """Gain any die of `tier` the supply holds (an Artifact's craft reward)."""
    options = dice.recruitable(state, tier)
    if options:
        dice.recruit(state, p, state.decider.decide(p.seat, "gain_die", tuple(options), cause),
                     cause)


def craft_action(state: Altera, p: Player, cause: str, any_currency: bool = False) -> None:
    """The Craft Artifact action: craft or upgrade (artifacts.py), then its reward."""
    done = artifacts.craft_or_upgrade(state, p, cause, any_currency)
    if done is not None:
        grant(state, p, done[1], done[0])
