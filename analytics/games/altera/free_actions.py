"""Benefactor tokens and the free actions a seat may take between deployments:
once-per-round abilities and Benefactor purchases ("at any time", outside the printed
exceptions)."""

from __future__ import annotations

from analytics.games.altera import dice
from analytics.games.altera.gains import abilities, affordable, grant
from analytics.games.altera.resources import gain_influence, spend
from analytics.games.altera.state import Altera, Player
from analytics.games.altera.words import GUILDS

DONE = "done"


# ---- Benefactors ----

def benefactor_options(state: Altera, p: Player) -> list[str]:
    tracks = state.setup.aset.tracks
    options = []
    for guild in GUILDS:
        price = tracks.benefactor_price(guild, p.rep[guild])
        if (price is not None and price <= p.res["coin"] and guild not in p.benefactors
                and state.benefactor_stacks[guild] > 0):
            options.append(f"benefactor:{guild}")
    return options


def buy_benefactor(state: Altera, p: Player, guild: str) -> None:
    """Pay the price at the seat's position; the token acts now and every later round."""
    price = state.setup.aset.tracks.benefactor_price(guild, p.rep[guild])
    cause = f"benefactor:{guild}"
    spend(state, p, "coin", price or 0, cause)
    state.benefactor_stacks[guild] -= 1
    p.benefactors.append(guild)
    state.log.emit(p.seat, "benefactor_bought", item=guild, amount=price, cause=cause)
    if guild == "artisan":
        gain_influence(state, p, 2, cause)
    elif guild == "alchemist":
        dice.draw(state, p, cause)
    elif p.reserve > 0:  # merchant: the 3rd Emissary, for good
        p.reserve -= 1
        p.available += 1
        state.log.emit(p.seat, "emissary_unlocked", amount=1, cause=cause)


# ---- once-per-round abilities ----

def round_abilities(state: Altera, p: Player) -> list[str]:
    """The once-per-round abilities the seat may use now (ready, and affordable)."""
    found = []
    for owner, ability, _ in abilities(state, p):
        if ability.kind == "round" and owner not in p.used:
            costs = [part.cost for part in ability.reward if part.cost]
            if all(affordable(state, p, c) for c in costs):
                found.append(f"ability:{owner}")
    return found


def use_ability(state: Altera, p: Player, owner: str) -> None:
    ability = next(a for o, a, _ in abilities(state, p) if o == owner)
    p.used.append(owner)
    state.log.emit(p.seat, "ability_used", item=owner, cause="once_per_round")
    grant(state, p, ability.reward, owner, chosen=True)


def free_actions(state: Altera, p: Player, window: str) -> None:
    """Abilities and Benefactor purchases, any number, until the seat is done."""
    while True:
        options = (*round_abilities(state, p), *benefactor_options(state, p))
        if not options:
            return
        pick = state.decider.decide(p.seat, "free", (DONE, *options), window)
        if pick == DONE:
            return
        what, name = pick.split(":")
        if what == "ability":
            use_ability(state, p, name)
        else:
            buy_benefactor(state, p, name)
