"""An Altera game: setup, then 7 rounds of six phases (Draw, Deploy Emissaries, Reveal &
Resolve, Recruitment, Guild Clashes, Reset), then the Objectives.

The position is data (`Altera.round`, `Altera.phase`): `play` resumes any state between two
phases, a clone's included.
"""

from __future__ import annotations

from analytics.engine.events import EventLog
from analytics.engine.simultaneous import ask_together
from analytics.games.altera import dice, variants
from analytics.games.altera.artifacts import trash_artifact
from analytics.games.altera.catalogue import die_id
from analytics.games.altera.deploy import deploy_phase
from analytics.games.altera.free_actions import free_actions
from analytics.games.altera.gains import abilities, grant, reset_reputation, resolve_die
from analytics.games.altera.objectives import best_completed
from analytics.games.altera.resources import gain, gain_influence, spend
from analytics.games.altera.state import (
    DRAW,
    EMISSARIES,
    ROUNDS,
    SPACES,
    START_AVAILABLE,
    Altera,
    Player,
    Setup,
)
from analytics.games.altera.words import BASIC, COUNCIL, GUILDS

ARTIFACTS_SHOWN = 6
DONE = "done"
RECRUIT_COST = {1: 2, 2: 4, 3: 8}
UPGRADE_COST = 10  # Influence: upgrade one of your dice and gain 1 Prestige


# ---- setup ----

def supply_counts(setup: Setup) -> dict[str, int]:
    counts = setup.aset.counts
    extra = setup.players >= 5
    supply = {die_id(BASIC, 0): counts.get("dice_tier0", 20)
              + (counts.get("extra_5_6_dice_tier0", 0) if extra else 0)}
    for tier in (1, 2, 3):
        for guild in GUILDS:
            supply[die_id(guild, tier)] = (counts.get(f"dice_tier{tier}_per_guild", 7)
                                           + (counts.get("extra_5_6_dice_per_guild_and_tier", 0)
                                              if extra else 0))
    return supply


def shuffled(state: Altera, deck: str, items: list[str]) -> list[str]:
    return [items[i] for i in state.chance.shuffle(deck, len(items))]


def guild_deck(state: Altera, guild: str) -> list[str]:
    """1 Stage 1 card on top, then 3 Stage 2, then 3 Stage 3 (each stage shuffled)."""
    deck = []
    for stage, count in ((1, 1), (2, 3), (3, 3)):
        cards = sorted(c.id for c in state.setup.aset.cards.values()
                       if c.guild == guild and c.stage == stage)
        deck.extend(shuffled(state, f"{guild}-stage{stage}", cards)[:count])
    return deck


def new_game(setup: Setup, chance, decider) -> Altera:
    aset = setup.aset
    state = Altera(setup, chance, decider, [Player(s) for s in range(setup.players)],
                   EventLog(), {}, {s: [] for s in SPACES}, supply_counts(setup), {}, [],
                   dict.fromkeys(GUILDS, setup.players))
    state.decks = {g: guild_deck(state, g) for g in GUILDS}
    shown = shuffled(state, "artifacts", sorted(aset.artifacts))[:ARTIFACTS_SHOWN]
    state.display = dict.fromkeys(shown, setup.players)
    state.objective_deck = shuffled(state, "objectives", sorted(aset.objectives))
    variants.setup_markers(state)
    if variants.has_overflow(state):
        state.overflow = {g: [] for g in GUILDS}
    return state


def setup_phase(state: Altera) -> None:
    """The seats' setup choices (asked once the game is bound to its deciders): Factions,
    then the first Objective, each kept unseen by the others."""
    choose_factions(state)
    players = state.setup.players
    hands = [state.objective_deck[2 * s: 2 * s + 2] for s in range(players)]
    del state.objective_deck[:2 * players]
    kept = ask_together(state.decider, [(s, "objective", tuple(h), "game_setup")
                                        for s, h in enumerate(hands)])
    for p, hand, keep in zip(state.players, hands, kept, strict=True):
        p.objectives.append(keep)
        state.objective_deck.extend(o for o in hand if o != keep)


def choose_factions(state: Altera) -> None:
    """Deal 2 Factions to each seat; each keeps one (unseen by the others), then takes its
    starting dice and resources."""
    aset = state.setup.aset
    deck = shuffled(state, "factions", sorted(aset.factions))
    hands = [deck[2 * s: 2 * s + 2] for s in range(state.setup.players)]
    kept = ask_together(state.decider, [(s, "faction", tuple(h), "game_setup")
                                        for s, h in enumerate(hands)])
    for p, faction_id in zip(state.players, kept, strict=True):
        faction = aset.factions[faction_id]
        p.faction, p.priority = faction.id, faction.priority
        state.log.emit(p.seat, "faction_chosen", item=faction.id)
        start = [die_id(BASIC, 0)] * faction.tier0 + [die_id(g, 1) for g in faction.tier1]
        for die in start:
            state.supply[die] -= 1
            p.bag.append(die)
            state.log.emit(p.seat, "die_recruited", item=die, cause="game_setup")
        grant(state, p, faction.resources, faction.id)


# ---- the phases ----

def draw_phase(state: Altera) -> None:
    for p in state.by_priority():
        if "artisan" in p.benefactors:
            gain_influence(state, p, 2, "benefactor:artisan")
        extra = 1 if "alchemist" in p.benefactors else 0
        for _ in range(DRAW + extra):
            dice.draw(state, p, "draw_phase")


def resolve_phase(state: Altera) -> None:
    """Reveal & Resolve: Favors turn pool dice before the reveal, then each pool die
    resolves; pool and Villa Board dice go to the discard area."""
    for p in state.by_priority():
        free_actions(state, p, "before_reveal")
        rotate(state, p)
    for p in state.by_priority():
        for die, face_index in list(p.pool):
            resolve_die(state, p, die, dice.face(state, die, face_index), "reveal")
        p.discard.extend(d[0] for d in p.pool)
        p.discard.extend(d[0] for d in p.slotted)
        p.pool.clear()
        p.slotted.clear()
    if variants.is_solo(state):
        variants.rivals_reveal(state)


def rotate(state: Altera, p: Player) -> None:
    while p.res["favor"] > 0:
        options = [f"{i}={f.id}" for i, (die, current) in enumerate(p.pool)
                   for f in dict.fromkeys(state.setup.aset.dice[die].faces)
                   if f.id != dice.face(state, die, current).id]
        options = list(dict.fromkeys(options))
        if not options:
            return
        pick = state.decider.decide(p.seat, "rotate", (DONE, *options), "before_reveal")
        if pick == DONE:
            return
        index, face_id = pick.split("=")
        die = p.pool[int(index)][0]
        faces = state.setup.aset.dice[die].faces
        p.pool[int(index)][1] = next(i for i, f in enumerate(faces) if f.id == face_id)
        spend(state, p, "favor", 1, "favor:turn_die")


def upgrade_cost(state: Altera, p: Player) -> int:
    discount = sum(a.amount for _, a, _ in abilities(state, p) if a.kind == "discount")
    return UPGRADE_COST - discount


def recruit_options(state: Altera, p: Player) -> list[str]:
    influence = p.res["influence"]
    options = [f"tier{t}:{die_id(g, t)}" for t, cost in RECRUIT_COST.items()
               if influence >= cost for g in GUILDS if state.supply[die_id(g, t)] > 0]
    if influence >= upgrade_cost(state, p) and dice.upgrade_options(state, p, "upgrade_any"):
        options.append("upgrade")
    return options


def recruitment_phase(state: Altera) -> None:
    """In order of Influence (most first; priority breaks ties) each seat recruits and
    upgrades as much as it can afford; then every Influence resets to 0."""
    order = sorted(state.players, key=lambda p: (-p.res["influence"], p.priority))
    for p in order:
        while True:
            options = recruit_options(state, p)
            if not options:
                break
            pick = state.decider.decide(p.seat, "recruit", (DONE, *options), state.round)
            if pick == DONE:
                break
            if pick == "upgrade":
                spend(state, p, "influence", upgrade_cost(state, p), "recruitment")
                dice.upgrade(state, p, "upgrade_any", "recruitment", optional=False)
                gain(state, p, "prestige", 1, "recruitment")
            else:
                tier, die = pick.split(":")
                spend(state, p, "influence", RECRUIT_COST[int(tier[-1])], "recruitment")
                dice.recruit(state, p, die, "recruitment")
    for p in state.players:
        if p.res["influence"]:
            state.log.emit(p.seat, "influence_reset", resource="influence",
                           amount=-p.res["influence"], cause="recruitment")
            p.res["influence"] = 0


def clash_winners(players: list[Player], track: str) -> list[Player]:
    top = max((p.rep[track] for p in players), default=0)
    return [p for p in players if p.rep[track] == top] if top > 0 else []


def clash_phase(state: Altera) -> None:
    """Artisan, Merchant, Alchemist, then High Council: the highest (ties friendly) gain the
    clash reward in priority order and reset that Reputation to 0. The ghost wins without a
    reward; a Rival takes only Prestige and Objectives, and keeps its Reputation when the
    reward has neither."""
    for track in (*GUILDS, COUNCIL):
        winners = clash_winners(state.clashers(), track)
        for w in sorted(winners, key=lambda p: (p.seat < 0, p.priority, -p.seat)):
            if w.seat >= 0:
                win_clash(state, w, track)
                continue
            state.log.emit(w.seat, "marker_won_clash", item=track, cause=f"clash:{track}")
            if not variants.is_solo(state):
                w.rep[track] = 0
            elif variants.rival_reward(state, w, clash_reward(state, w, track),
                                       f"clash:{track}"):
                w.rep[track] = variants.rival_start(state)


def clash_reward(state: Altera, p: Player, track: str):
    if track == COUNCIL:
        return state.setup.aset.tracks.council_clash(p.rep[track])
    return state.card(track).clash


def win_clash(state: Altera, p: Player, track: str) -> None:
    cause = f"clash:{track}"
    state.log.emit(p.seat, "clash_won", item=track, cause=cause,
                   detail=None if track == COUNCIL else state.card(track).id)
    if p.faction:
        grant(state, p, clash_reward(state, p, track), cause)
    reset_reputation(state, p, track, cause)
    for owner, ability, _ in abilities(state, p) if p.faction else []:
        if ability.kind == "after_clash" and ability.target == track:
            trash_artifact(state, p, owner, cause)
            grant(state, p, ability.reward, owner)


def reset_phase(state: Altera) -> None:
    for p in state.players:
        p.available = START_AVAILABLE + (1 if "merchant" in p.benefactors else 0)
        p.reserve = EMISSARIES - p.available
        p.used.clear()
        p.passed = False
    for seats in (*state.spaces.values(), *state.overflow.values()):
        seats.clear()
    for guild in GUILDS:
        state.past_cards.append(state.decks[guild].pop(0))


def end_game(state: Altera) -> None:
    if variants.is_solo(state):
        variants.rival_objectives(state)
    for p in state.players:
        for objective in best_completed(state, p):
            state.log.emit(p.seat, "objective_completed", item=objective, cause="objective")
            gain(state, p, "prestige", 1, objective)


PHASES = {"setup": (setup_phase, "draw"), "draw": (draw_phase, "deploy"),
          "deploy": (deploy_phase, "resolve"),
          "resolve": (resolve_phase, "recruit"), "recruit": (recruitment_phase, "clash"),
          "clash": (clash_phase, "reset"), "reset": (reset_phase, "draw")}


def play(state: Altera) -> None:
    """Run phases from the state's position to the end of the game."""
    while state.phase != "over":
        state.log.round = 0 if state.phase == "setup" else state.round
        if state.phase == "end":
            end_game(state)
            state.phase = "over"
            continue
        run, after = PHASES[state.phase]
        run(state)
        if state.phase == "reset" and state.round == ROUNDS:
            state.phase = "end"
        else:
            if state.phase == "reset":
                state.round += 1
            state.phase = after


def standings(state: Altera) -> list[tuple]:
    """Most Prestige wins; tied players share the victory (solo: the player wins a tie with a
    Rival, so its key carries a 1 where theirs carry a 0)."""
    return [(p.res["prestige"], 1) for p in state.players]


def rival_standings(state: Altera) -> list[tuple]:
    """The Rivals' keys beside the seats' (solo), for who wins."""
    return [(r.res["prestige"], 0) for r in state.markers] if variants.is_solo(state) else []
