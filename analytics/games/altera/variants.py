"""The player-count variants: 2 players with the ghost Faction, 5-6 players with the overflow
spaces, and solo against two Rivals at four difficulties. The ghost and the Rivals are
markers (seats -1, -2): Player rows with no Faction, outside `players`, whose events carry
their own kinds so no seat's figures include them."""

from __future__ import annotations

from analytics.engine.simultaneous import ask_together
from analytics.games.altera import dice
from analytics.games.altera.catalogue import die_id
from analytics.games.altera.rewards import Reward
from analytics.games.altera.state import Altera, Player
from analytics.games.altera.words import BASIC, COUNCIL, GUILDS, TRACKS

GHOST = -1
RIVAL_BAG = "rival_bag"
RIVAL_DICE = (die_id(BASIC, 0), die_id(BASIC, 0),
              *(die_id(g, t) for t in (1, 2, 3) for g in GUILDS))  # the Rival bag's 11 dice


def is_solo(state: Altera) -> bool:
    return state.setup.players == 1


def has_ghost(state: Altera) -> bool:
    """2 players, the ghost Faction on (the rulebook's; `ghost=off` for experiments)."""
    return state.setup.players == 2 and state.setup.options.ghost == "on"


def has_overflow(state: Altera) -> bool:
    """5-6 players, the overflow spaces on (the rulebook's; `overflow=off` for experiments)."""
    return state.setup.players >= 5 and state.setup.options.overflow == "on"


def difficulty_at_least(state: Altera, level: str) -> bool:
    order = ("easy", "normal", "hard", "extra_hard")
    return order.index(state.setup.options.difficulty) >= order.index(level)


def rival_start(state: Altera) -> int:
    """Hard and above: Rivals start and reset one space above the start."""
    return 1 if difficulty_at_least(state, "hard") else 0


def setup_markers(state: Altera) -> None:
    """2 players: the ghost's marker on each Guild track. Solo: two Rivals (2 Emissaries, one
    Objective each) and the Rival bag."""
    if has_ghost(state):
        state.markers = [Player(GHOST, available=0, reserve=0)]
    elif is_solo(state):
        state.markers = [Player(GHOST - r, available=2, reserve=2) for r in range(2)]
        for rival in state.markers:
            rival.rep = dict.fromkeys(TRACKS, rival_start(state))
            rival.objectives.append("rival")
        for die in RIVAL_DICE:
            state.supply[die] -= 1
            state.rival_bag.append(die)


def stage_now(state: Altera) -> int:
    """The current Stage number on the Guild cards (every deck advances together)."""
    return state.stage(GUILDS[0])


# ---- 2 players: the ghost ----

def ghost_choices(state: Altera, active: list[Player], answers: list[str]) -> list[str]:
    """Each seat secretly puts its ghost Track Marker on a space where it did not slot."""
    asks = []
    for p, answer in zip(active, answers, strict=True):
        own = answer.split("@")[1].split("=")[0].split(" ")[0] if "@" in answer else ""
        options = tuple(s for s, seats in state.spaces.items() if not seats and s != own)
        asks.append((p.seat, "ghost", options, state.round))
    return ask_together(state.decider, asks)


def deploy_ghosts(state: Altera, spaces: list[str]) -> None:
    """Ghost Emissaries go out with the revealed dice: Reputation = the card's Stage."""
    for space in spaces:
        ghost = state.markers[0]
        state.spaces[space].append(GHOST)
        track = space[:-1]
        amount = state.stage(track) if track in GUILDS else 0
        if amount:
            ghost.rep[track] = min(ghost.rep[track] + amount,
                                   state.setup.aset.tracks.length[track])
        state.log.emit(GHOST, "ghost_deployed", item=space, resource=track if amount else None,
                       amount=amount, cause="ghost")


# ---- 5-6 players: the overflow spaces ----

def overflow(state: Altera) -> None:
    """At the end of each deployment: an empty overflow space above a Guild card takes every
    Emissary on that card's top space, which opens again."""
    for guild in GUILDS:
        top = f"{guild}1"
        if not state.overflow[guild] and state.spaces[top]:
            state.overflow[guild] = state.spaces[top]
            state.spaces[top] = []


# ---- solo: the Rivals ----

def rival_reputation(state: Altera, rival: Player, track: str, amount: int) -> None:
    """Step by step; of the track rewards a Rival takes only Prestige and Objectives."""
    tracks = state.setup.aset.tracks
    for _ in range(amount):
        if rival.rep[track] >= tracks.length[track]:
            continue
        rival.rep[track] += 1
        state.log.emit(rival.seat, "rival_reputation", resource=track, amount=1, cause="rival")
        rival_reward(state, rival, tracks.rewards.get((track, rival.rep[track]), ()),
                     f"track:{track}")


def rival_reward(state: Altera, rival: Player, reward: Reward, cause: str) -> bool:
    """The Prestige and Objectives of a reward (the best alternative of a choice, unpaid
    parts); True when it had any."""
    prestige = objectives = 0
    for part in reward:
        if part.cost or part.per:
            continue
        best = max(part.choices, key=lambda c: sum(n for e, n in c if e in ("prestige",
                                                                             "objective")))
        prestige += sum(n for e, n in best if e == "prestige")
        objectives += sum(n for e, n in best if e == "objective")
    if prestige:
        rival.res["prestige"] += prestige
        state.log.emit(rival.seat, "rival_scored", resource="prestige", amount=prestige,
                       cause=cause)
    for _ in range(objectives):
        rival.objectives.append("rival")
        state.log.emit(rival.seat, "rival_objective", amount=1, cause=cause)
    return bool(prestige or objectives)


def draw_rival_die(state: Altera) -> str:
    return state.rival_bag.pop(state.chance.draw(RIVAL_BAG, len(state.rival_bag), 1)[0])


def rival_space(state: Altera) -> tuple[str, list[str]]:
    """Draw for one Rival Emissary: a Guild die sends it to its Guild's space of its tier; a
    tier 0 die draws on until a Guild die, and the Basic space of that tier (those dice go
    back at once). Returns the space and the dice kept out until the Rival is done."""
    first = draw_rival_die(state)
    if dice.tier_of(first) > 0:
        return f"{dice.guild_of(first)}{dice.tier_of(first)}", [first]
    drawn = [first]
    while dice.tier_of(drawn[-1]) == 0 and state.rival_bag:
        drawn.append(draw_rival_die(state))
    state.rival_bag.extend(drawn)
    return f"basic{max(1, dice.tier_of(drawn[-1]))}", []


def deploy_rivals(state: Altera) -> None:
    """After the player's first deployment: each Rival draws a die per unlocked Emissary and
    deploys where it says (ignoring blocking), gaining the Stage number in Reputation."""
    gain = stage_now(state) + (1 if difficulty_at_least(state, "extra_hard") else 0)
    for rival in state.markers:
        emissaries = 3 if (state.round >= 5 and difficulty_at_least(state, "normal")) else 2
        kept: list[str] = []
        for _ in range(emissaries):
            space, out = rival_space(state)
            kept.extend(out)
            state.spaces[space].append(rival.seat)
            track = space[:-1] if not space.startswith("basic") else COUNCIL
            state.log.emit(rival.seat, "rival_deployed", item=space, resource=track,
                           amount=gain, cause="rival")
            rival_reputation(state, rival, track, gain)
        state.rival_bag.extend(kept)


def rivals_reveal(state: Altera) -> None:
    """Each Rival draws as many dice as the Stage number, rolls them: 1 High Council
    Reputation per icon."""
    for rival in state.markers:
        drawn = [draw_rival_die(state) for _ in range(min(stage_now(state),
                                                         len(state.rival_bag)))]
        icons = 0
        for die in drawn:
            faces = state.setup.aset.dice[die].faces
            icons += len(faces[state.chance.roll(rival.seat, die, faces)].icons)
        state.rival_bag.extend(drawn)
        rival_reputation(state, rival, COUNCIL, icons)


def rival_objectives(state: Altera) -> None:
    """Per Objective a Rival holds, two tier 0 dice: both showing an icon, 1 Prestige."""
    faces = state.setup.aset.dice[die_id(BASIC, 0)].faces
    for rival in state.markers:
        for _ in rival.objectives:
            shown = [faces[state.chance.roll(rival.seat, "objective_roll", faces)]
                     for _ in range(2)]
            if all(f.icons for f in shown):
                rival.res["prestige"] += 1
                state.log.emit(rival.seat, "rival_scored", resource="prestige", amount=1,
                               cause="objective")
