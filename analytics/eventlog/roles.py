"""A game's roles: which of its words play each part the analytics read, declared once by the
game (`analytics/games/<game>/roles.py`) and stored in every run folder beside its catalogue
(`roles.json`), so queries, tables, experiments and reports name no game's words.

Games and readers both import this module; it imports nothing of either.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

from analytics.errors import UserError

ROLES_FILE = "roles.json"


@dataclass(frozen=True)
class ComponentRoles:
    """One kind of component (as in `components.parquet`'s `kind` column) and its events."""

    kind: str  # its catalogue kind (Dice Forge: card, face)
    singular: str  # display label (Dice Forge: Heroic Feat card)
    plural: str  # (Dice Forge: Heroic Feat cards)
    acquire: tuple[str, ...]  # event kinds whose item is a component acquired
    use: tuple[str, ...]  # event kinds whose item is a component used (counted in `uses`)
    pay: tuple[str, ...]  # resources spent on it (spend events whose cause is the component)
    score_source: str = ""  # what its score counts as (Dice Forge: card, die_face)
    end_score: bool = False  # score after the last turn is printed score, the rest its effect

    @property
    def word(self) -> str:
        """The plural's last word: the kind's command, chart and report part (cards, dice)."""
        return self.plural.split()[-1].lower()


@dataclass(frozen=True)
class Roles:
    """Every role a game's words play for the analytics."""

    game: str  # the plugin's name, as in runs.game
    score: str  # the resource that decides the game (Dice Forge: glory)
    gain: tuple[str, ...]  # event kinds adding `amount` of `resource` to a seat
    loss: tuple[str, ...]  # event kinds taking it away (amount negative)
    spend: tuple[str, ...]  # event kinds paying it for something (amount negative, cause: what)
    components: tuple[ComponentRoles, ...]
    seat: str = "seat"  # display words for a player's place and a turn of the table
    turn: str = "round"
    score_label: str = ""  # display label of the score (Dice Forge: Glory); default: `score`
    set_kind: str = ""  # the component kind a card set's slots hold (ablations swap it)
    score_source_attribute: str = ""  # catalogue attribute naming a component's score source
    score_sources: tuple[str, ...] = ()  # score sources in display order (others after them)
    # What a run's set is (Altera: an assumption set, its name carrying its content hash).
    # Not part of a run's identity: runs logged before it was declared pool with later ones.
    set_word: str = field(default="card set", compare=False)

    @property
    def kinds(self) -> tuple[str, ...]:
        """The component kinds, in declared order."""
        return tuple(c.kind for c in self.components)

    @property
    def main_kind(self) -> str:
        """The kind a card set holds (what is bought), else the first kind."""
        return self.set_kind or self.kinds[0]

    @property
    def score_changes(self) -> tuple[str, ...]:
        """Event kinds that change a seat's score: gains and losses."""
        return (*self.gain, *self.loss)

    @property
    def paid(self) -> tuple[str, ...]:
        """Every resource some component is paid with, in declared order."""
        return tuple(dict.fromkeys(r for c in self.components for r in c.pay))

    @property
    def score_title(self) -> str:
        return self.score_label or self.score

    def set_phrase(self, names: str) -> str:
        """How an output names the set(s) its numbers are under: 'set base', or 'under
        assumption set default [hash]'."""
        return f"set {names}" if self.set_word == "card set" else f"under {self.set_word} {names}"

    def component(self, kind: str) -> ComponentRoles:
        """The roles of component kind `kind`; another is a UserError listing the kinds."""
        for declared in self.components:
            if declared.kind == kind:
                return declared
        raise UserError(f"{self.game} has no component kind {kind!r}; its kinds: "
                        f"{', '.join(self.kinds)}")

    def words(self) -> set[str]:
        """Every game word these roles name (event kinds, resources, kinds, labels)."""
        words = {self.score, *self.gain, *self.loss, *self.spend, self.score_label,
                 *self.score_sources}
        for c in self.components:
            words |= {c.kind, c.singular, c.plural, *c.acquire, *c.use, *c.pay, c.score_source}
        return {w for w in words if w}

    def rows(self) -> list[dict[str, str]]:
        """Long rows (role, kind, value) for a SQL table: kind '' for the game's own roles."""
        rows = [{"role": "game", "kind": "", "value": self.game},
                {"role": "score", "kind": "", "value": self.score}]
        rows += [{"role": role, "kind": "", "value": v} for role in ("gain", "loss", "spend")
                 for v in getattr(self, role)]
        for c in self.components:
            rows += [{"role": "component", "kind": c.kind, "value": c.kind},
                     {"role": "score_source", "kind": c.kind, "value": c.score_source or c.kind}]
            rows += [{"role": "end_score", "kind": c.kind, "value": c.kind}] * c.end_score
            rows += [{"role": role, "kind": c.kind, "value": v}
                     for role in ("acquire", "use", "pay") for v in getattr(c, role)]
        return rows

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=1, sort_keys=True) + "\n"

    @classmethod
    def from_json(cls, text: str, where: str = "roles") -> Roles:
        """Roles stored by `to_json`; anything else is a UserError naming `where`."""
        try:
            data = json.loads(text)
            parts = tuple(ComponentRoles(**_tuples(c)) for c in data.pop("components"))
            return cls(**{**_tuples(data), "components": parts})
        except (ValueError, TypeError, KeyError, AttributeError) as err:
            raise UserError(f"{where}: not a dicelab roles file ({err})") from None


def _tuples(fields: dict[str, Any]) -> dict[str, Any]:
    """JSON's lists back as the tuples the dataclasses hold."""
    return {k: tuple(v) if isinstance(v, list) else v for k, v in fields.items()}
