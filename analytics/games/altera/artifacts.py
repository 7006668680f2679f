"""Artifacts: craft (once per game each), upgrade (readies the ability), trash. Crafting pays
and takes the card; the reward it gives is granted by the caller (gains.craft_action), so
that this module needs nothing of the rewards that can craft."""

from __future__ import annotations

from analytics.games.altera.resources import spend
from analytics.games.altera.rewards import Reward
from analytics.games.altera.state import Altera, Player

SKIP = "skip"


def craft_options(state: Altera, p: Player, any_currency: bool) -> list[str]:
    aset = state.setup.aset
    options = []
    for artifact, left in state.display.items():
        cost = aset.artifacts[artifact].craft_cost
        if left > 0 and artifact not in p.crafted and artifact != state.setup.options.forbid:
            if p.res["shard"] >= cost:
                options.append(f"craft:{artifact}:shard")
            if any_currency and p.res["coin"] >= cost:
                options.append(f"craft:{artifact}:coin")
    for artifact, side in p.artifacts.items():
        if side == "basic":
            cost = aset.artifacts[artifact].upgrade_cost
            if p.res["shard"] >= cost:
                options.append(f"upgrade:{artifact}:shard")
            if any_currency and p.res["coin"] >= cost:
                options.append(f"upgrade:{artifact}:coin")
    return options


def craft_or_upgrade(state: Altera, p: Player, cause: str, any_currency: bool
                     ) -> tuple[str, Reward] | None:
    """The Craft Artifact action up to its reward: the seat crafts an available Artifact or
    upgrades an owned one (or neither), and pays; the Artifact and the reward to grant, or
    None. `any_currency` lets Coins pay instead of Shards."""
    options = craft_options(state, p, any_currency)
    if not options:
        return None
    pick = state.decider.decide(p.seat, "craft", (SKIP, *options), cause)
    if pick == SKIP:
        return None
    what, artifact, currency = pick.split(":")
    card = state.setup.aset.artifacts[artifact]
    if what == "craft":
        spend(state, p, currency, card.craft_cost, artifact)
        state.display[artifact] -= 1
        p.artifacts[artifact] = "basic"
        p.crafted.append(artifact)
        state.log.emit(p.seat, "artifact_crafted", item=artifact, cause=cause)
        return artifact, card.craft_reward
    spend(state, p, currency, card.upgrade_cost, artifact)
    p.artifacts[artifact] = "upgraded"
    if artifact in p.used:  # upgrading readies it again this round
        p.used.remove(artifact)
    state.log.emit(p.seat, "artifact_upgraded", item=artifact, cause=cause)
    return artifact, card.upgrade_reward


def trash_artifact(state: Altera, p: Player, artifact: str, cause: str) -> None:
    p.artifacts[artifact] = "trashed"
    state.log.emit(p.seat, "artifact_trashed", item=artifact, cause=cause)
