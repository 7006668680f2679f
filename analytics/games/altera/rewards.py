"""The reward grammar of the catalogues, parsed once into frozen rows.

    reward := part (';' part)*
    part   := choice | COST '->' choice | 'per' SCOPE ':' choice
    choice := gains ('|' gains)*        one of them, the player's pick
    gains  := item ('+' item)*
    item   := [N] EFFECT                '2 coin', 'rep_wild', 'craft'
    SCOPE  := 'icon' | ICON | 'not-' ICON   (scaling: per icon on the die used)

Examples: '2 coin + favor', '1 favor -> 2 influence', 'per magic: shard', 'craft | 2 coin'.
"""

from __future__ import annotations

from dataclasses import dataclass

from analytics.games.altera.words import COSTS, EFFECTS, ICONS

Items = tuple[tuple[str, int], ...]  # (effect, count) in written order


class RewardError(ValueError):
    """A reward text that does not parse: the message names the bad word."""


@dataclass(frozen=True, slots=True)
class Part:
    """One part of a reward: paid (`cost` not empty, optional, once), scaling (`per` not empty:
    'icon', an icon, or 'not-ICON'), or plain; `choices` holds one or more alternatives."""

    choices: tuple[Items, ...]
    cost: Items = ()
    per: str = ""

    def text(self) -> str:
        body = " | ".join(items_text(c) for c in self.choices)
        if self.cost:
            return f"{items_text(self.cost)} -> {body}"
        return f"per {self.per}: {body}" if self.per else body


Reward = tuple[Part, ...]


def items_text(items: Items) -> str:
    return " + ".join(effect if n == 1 else f"{n} {effect}" for effect, n in items)


def reward_text(reward: Reward) -> str:
    return "; ".join(p.text() for p in reward) or "nothing"


def parse_items(text: str, allowed: tuple[str, ...], what: str) -> Items:
    items = []
    for raw in text.split("+"):
        words = raw.split()
        if len(words) == 2 and words[0].isdigit() and int(words[0]) > 0:
            count, effect = int(words[0]), words[1]
        elif len(words) == 1:
            count, effect = 1, words[0]
        else:
            raise RewardError(f"{what} {raw.strip()!r} is not '[N] word'")
        if effect not in allowed:
            raise RewardError(f"unknown {what} {effect!r}")
        items.append((effect, count))
    return tuple(items)


def parse_part(text: str) -> Part:
    text = text.strip()
    if text.startswith("per "):
        scope, sep, body = text[4:].partition(":")
        scope = scope.strip()
        icon = scope.removeprefix("not-")
        if not sep or (scope != "icon" and icon not in ICONS):
            raise RewardError(f"scaling scope {scope!r} is not icon, an icon or not-ICON")
        return Part(parse_choices(body), per=scope)
    cost, arrow, body = text.partition("->")
    if arrow:
        return Part(parse_choices(body), cost=parse_items(cost, COSTS, "cost"))
    return Part(parse_choices(text))


def parse_choices(text: str) -> tuple[Items, ...]:
    return tuple(parse_items(c, EFFECTS, "effect") for c in text.split("|"))


def parse_reward(text: str) -> Reward:
    """A reward from its text; '' or 'nothing' is no reward. RewardError names the problem."""
    if text.strip() in ("", "nothing"):
        return ()
    return tuple(parse_part(p) for p in text.split(";"))
