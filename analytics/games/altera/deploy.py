"""Phase 2, Deploy Emissaries: deployments until every seat has deployed all its available
Emissaries or passed. In each deployment every seat still in slots a die (or passes) without
seeing the others' choices; then all reveal, every Emissary goes to its space (several seats
may share a space in one deployment; it is blocked after), and each seat, in priority order,
gains the Guild's Reputation first, then the space's rewards."""

from __future__ import annotations

from analytics.engine.simultaneous import ask_together
from analytics.games.altera import dice, variants
from analytics.games.altera.catalogue import Face
from analytics.games.altera.free_actions import free_actions
from analytics.games.altera.gains import choose_track, gain_reputation, grant, resolve_die
from analytics.games.altera.resources import spend
from analytics.games.altera.state import BASIC_SPACES, SPACES, Altera, Player

PASS = "pass"
IGNORE = " ignoring guild"  # the label's suffix when a Favor ignores the Guild requirement


def space_rule(state: Altera, space: str):
    """The Guild action space `space` ('artisan2') on its Guild's current card."""
    return state.card(space[:-1]).spaces[int(space[-1]) - 1]


def slot_options(state: Altera, p: Player) -> list[str]:
    """Every way to slot a die: 'I@SPACE', '=FACE' when a Favor turns it, ' ignoring guild'
    when a Favor ignores the Guild requirement. One option per distinct (die, face) in the pool."""
    open_spaces = [s for s in SPACES if not state.spaces[s]]
    options, seen = [], set()
    for index, (die, face_index) in enumerate(p.pool):
        if (die, face_index) in seen:
            continue
        seen.add((die, face_index))
        for space in open_spaces:
            options.extend(ways(state, p, index, die, face_index, space))
    return options


def ways(state: Altera, p: Player, index: int, die: str, face_index: int, space: str
         ) -> list[str]:
    if space in BASIC_SPACES:
        return [f"{index}@{space}"]
    rule = space_rule(state, space)
    guild_cost = 0 if not rule.guild or dice.guild_of(die) == rule.guild else 1
    faces = state.setup.aset.dice[die].faces
    current = faces[face_index]
    found = []
    if not rule.icon or rule.icon in current.icons:
        found.append((f"{index}@{space}", 0))
    scaling = any(part.per for part in rule.reward)
    if (rule.icon and rule.icon not in current.icons) or scaling:
        for other in dict.fromkeys(f.id for f in faces):
            face = next(f for f in faces if f.id == other)
            if other != current.id and (not rule.icon or rule.icon in face.icons):
                found.append((f"{index}@{space}={other}", 1))
    favors = p.res["favor"]
    return [label + (IGNORE if guild_cost else "") for label, cost in found
            if cost + guild_cost <= favors]


def deploy_phase(state: Altera) -> None:
    """Deployments from the state's position (`deployment`, `slotting`): a clone taken while
    the seats slot resumes at that very ask."""
    while True:
        first = state.deployment == 0
        if first and not state.slotting:
            for p in state.players:
                p.passed = False
        active = [p for p in state.by_priority() if p.available > 0 and not p.passed]
        if not active:
            state.deployment = 0
            return
        if not state.slotting:
            for p in active:
                free_actions(state, p, "deployment")
            state.slotting = True
        asks = [(p.seat, "deploy", (PASS, *slot_options(state, p)), state.round)
                for p in active]
        answers = ask_together(state.decider, asks)
        state.slotting = False
        ghosts = (variants.ghost_choices(state, active, answers)
                  if first and variants.has_ghost(state) else [])
        placed = [(p, answer) for p, answer in zip(active, answers, strict=True)
                  if not passed(state, p, answer)]
        for p, answer in placed:
            slot(state, p, answer)
        variants.deploy_ghosts(state, ghosts)
        for p, _ in placed:
            resolve_space(state, p, p.slotted[-1][2])
        after_deployment(state, first)
        state.deployment += 1


def after_deployment(state: Altera, first: bool) -> None:
    """What a variant does at the end of a deployment: 5-6 players, the overflow; solo, the
    Rivals after the player's first."""
    if variants.has_overflow(state):
        variants.overflow(state)
    if first and variants.is_solo(state):
        variants.deploy_rivals(state)


def passed(state: Altera, p: Player, answer: str) -> bool:
    if answer != PASS:
        return False
    p.passed = True
    state.log.emit(p.seat, "passed", amount=p.available, cause="deployment")
    return True


def slot(state: Altera, p: Player, answer: str) -> None:
    """Reveal: pay the Favors, slot the die, send the Emissary (its space is now taken)."""
    ignoring = answer.endswith(IGNORE)
    where, _, turned = answer.removesuffix(IGNORE).partition("=")
    index, space = where.split("@")
    die, face_index = p.pool.pop(int(index))
    if turned:
        faces = state.setup.aset.dice[die].faces
        face_index = next(i for i, f in enumerate(faces) if f.id == turned)
        spend(state, p, "favor", 1, "favor:turn_die")
    if ignoring:
        spend(state, p, "favor", 1, "favor:ignore_guild")
    p.slotted.append([die, face_index, space])
    p.available -= 1
    state.spaces[space].append(p.seat)
    state.log.emit(p.seat, "die_slotted", item=die, cause=space,
                   detail=dice.face(state, die, face_index).id)
    state.log.emit(p.seat, "emissary_deployed", item=space_cause(state, space), cause=space,
                   detail=space)


def space_cause(state: Altera, space: str) -> str:
    """What a space's rewards are logged as caused by: its Guild card, or the Basic space."""
    return space if space in BASIC_SPACES else state.card(space[:-1]).id


def resolve_space(state: Altera, p: Player, space: str) -> None:
    die, face_index, _ = p.slotted[-1]
    face: Face = dice.face(state, die, face_index)
    cause = space_cause(state, space)
    if space == "basic1":
        if p.reserve > 0:
            p.reserve -= 1
            p.available += 1
            state.log.emit(p.seat, "emissary_unlocked", amount=1, cause=cause)
        dice.draw(state, p, cause)
        dice.reroll(state, p, cause)
    elif space == "basic2":
        gain_reputation(state, p, choose_track(state, p, cause), 1, cause)
        resolve_die(state, p, die, face, cause)
    elif space == "basic3":
        for _ in range(2):
            gain_reputation(state, p, choose_track(state, p, cause), 1, cause)
    else:
        gain_reputation(state, p, space[:-1], 1, cause)
        grant(state, p, space_rule(state, space).reward, cause, face)
