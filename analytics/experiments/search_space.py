"""The legal card sets a search may propose: per slot, the components it may hold.

Generic over any game whose components fill slots: the domains come from the plugin's
`slots(reference)` (each slot's component and the others it can hold; a game's own limits,
such as Dice Forge's module cards, which swap with none, are already in them), narrowed by
the user's constraints (a slot fixed to one component, components excluded). Every set this
module proposes holds one allowed component per slot and no component twice.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from analytics.errors import UserError

Candidate = tuple[str, ...]  # one component id per slot, in the space's slot order


@dataclass(frozen=True)
class Space:
    """Slots in the game's order, what each may hold, and the reference set."""

    slots: tuple[str, ...]
    domains: tuple[tuple[str, ...], ...]
    reference: Candidate

    @property
    def size(self) -> int:
        """How many one-per-slot choices the domains allow (an upper bound when a component
        could sit on two slots; in Dice Forge and Bazaar every component has one slot)."""
        return int(np.prod([len(d) for d in self.domains], dtype=object))

    @property
    def free(self) -> tuple[int, ...]:
        """The slots with more than one choice."""
        return tuple(i for i, d in enumerate(self.domains) if len(d) > 1)

    def allows(self, candidate: Candidate) -> bool:
        """Whether `candidate` holds an allowed component on every slot, none twice."""
        return (len(candidate) == len(self.slots) and len(set(candidate)) == len(candidate)
                and all(c in d for c, d in zip(candidate, self.domains, strict=True)))

    def random(self, rng: np.random.Generator) -> Candidate:
        """A uniformly drawn legal set (slot by slot, skipping components already taken)."""
        chosen: list[str] = []
        for domain in self.domains:
            left = [c for c in domain if c not in chosen]
            chosen.append(left[int(rng.integers(len(left)))])
        return tuple(chosen)

    def mutate(self, candidate: Candidate, rng: np.random.Generator, changes: int = 1
               ) -> Candidate:
        """`candidate` with up to `changes` free slots given another allowed component."""
        cards = list(candidate)
        free = list(self.free)
        for i in rng.permutation(free)[:changes] if free else []:
            left = [c for c in self.domains[i] if c not in cards]
            if left:
                cards[i] = left[int(rng.integers(len(left)))]
        return tuple(cards)

    def crossover(self, a: Candidate, b: Candidate, rng: np.random.Generator) -> Candidate:
        """Each slot from `a` or `b` at random; a component taken twice keeps `a`'s slot."""
        cards = [x if rng.random() < 0.5 else y for x, y in zip(a, b, strict=True)]
        for i, card in enumerate(cards):
            if card in cards[:i] or card in cards[i + 1:]:
                cards[i] = a[i]
        out = tuple(cards)
        return out if self.allows(out) else a

    def changes(self, candidate: Candidate) -> list[tuple[str, str, str]]:
        """(slot, reference's component, candidate's) for every slot where they differ."""
        return [(s, r, c) for s, r, c in zip(self.slots, self.reference, candidate, strict=True)
                if r != c]

    def distance(self, candidate: Candidate) -> int:
        """Slots changed from the reference."""
        return len(self.changes(candidate))


def candidate_key(candidate: Candidate) -> str:
    """A short stable name for a set: the first 10 hex digits of the md5 of its ids."""
    return hashlib.md5(",".join(candidate).encode()).hexdigest()[:10]


def build_space(plugin, reference: str, fix: Mapping[str, str] | None = None,
                exclude: tuple[str, ...] = ()) -> Space:
    """The space around preset or file `reference` of `plugin`'s game: each slot's domain is
    its component and the others it can hold, less `exclude`, or the one `fix` names. A slot
    or component that does not exist, a fixed component the slot cannot hold, or a slot left
    with nothing is a UserError naming it."""
    kind = plugin.roles.set_kind
    _, slots = plugin.slots(reference)
    names = tuple(slots)
    domains = {s: (current, *others) for s, (current, others) in slots.items()}
    known = {c for d in domains.values() for c in d}
    for card in exclude:
        if card not in known:
            raise UserError(f"--exclude {card}: no {kind} of that name can be on any slot "
                            f"(see 'dicelab list {kind}s')")
    fixed = dict(fix or {})
    for slot, card in fixed.items():
        if slot not in domains:
            raise UserError(f"--fix {slot}={card}: no slot {slot!r}; slots are "
                            f"{', '.join(names)}")
        if card not in domains[slot]:
            raise UserError(f"--fix {slot}={card}: slot {slot} can hold "
                            f"{', '.join(sorted(domains[slot]))}")
        if card in exclude:
            raise UserError(f"--fix {slot}={card} and --exclude {card} contradict each other")
    allowed = []
    for slot in names:
        domain = (fixed[slot],) if slot in fixed else tuple(
            sorted(c for c in domains[slot] if c not in exclude))
        if not domain:
            raise UserError(f"slot {slot}: every {kind} it can hold is excluded "
                            f"({', '.join(sorted(domains[slot]))})")
        allowed.append(domain)
    return Space(names, tuple(allowed), tuple(current for current, _ in slots.values()))


def module_overlay(plugin, reference: str, module_set: str) -> dict[str, str]:
    """What a set of the search keeps from `module_set` when it is played under that set's
    module (module_parity): the component of every slot where `module_set` or `reference`
    holds one that swaps with none (a module's card: the slots a module reserves, and those
    `reference`'s own module reserves); every other slot keeps the searched set's."""
    _, theirs = plugin.slots(module_set)
    _, ours = plugin.slots(reference)
    if set(theirs) != set(ours):
        raise UserError(f"module_parity: set {module_set} has other slots than {reference}")
    return {slot: card for slot, (card, others) in theirs.items()
            if not others or not ours[slot][1]}


def overlaid(space: Space, candidate: Candidate, overlay: dict[str, str]) -> Candidate:
    """`candidate` with the slots of `overlay` taken from it (module_overlay)."""
    return tuple(overlay.get(slot, card) for slot, card in zip(space.slots, candidate,
                                                                 strict=True))
