"""Build a Dice Forge game in any state, script its dice and decisions, read what a step did."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from analytics.engine.chance import ScriptedChance
from analytics.engine.decisions import DecisionError
from analytics.games.diceforge.cards import goddess  # noqa: F401  (its module's setup)
from analytics.games.diceforge.cards.base import EFFECTS
from analytics.games.diceforge.rules.components import CARDS, FACES, SANCTUARY, Face, boar_face
from analytics.games.diceforge.rules.content import load_card_set
from analytics.games.diceforge.rules.hooks import register_card
from analytics.games.diceforge.rules.options import RuleOptions
from analytics.games.diceforge.rules.state import DIE_NAMES, Game, Player, Setup, new_game

EVENT_FIELDS = ("kind", "seat", "item", "resource", "amount", "cause", "detail")
DIE_INDEX = {name: i for i, name in enumerate(DIE_NAMES)}


class UnexpectedDecision(AssertionError):
    """The game asked for a decision the test did not script."""


class ScriptedDecider:
    """Answers decisions from a queue of (kind, answer) or (seat, kind, answer) entries.

    Like the engine's Decider, a decision with a single legal option is answered without
    consulting the script. Otherwise the next entry must name the decision's kind (and seat,
    if given) and a legal answer; when the script has nothing for it, `default(decision)` answers
    if given, else UnexpectedDecision is raised. Every decision asked is kept in `asked`.
    """

    def __init__(self, script=(), default: Callable[[Decided], Any] | None = None) -> None:
        self.script: deque = deque(script)
        self.default = default
        self.asked: list[Decided] = []
        self.state = None

    def add(self, *entries) -> None:
        self.script.extend(entries)

    def decide(self, seat: int, kind: str, options: tuple, context: Any = None):
        asked = Decided(seat, kind, options, context)
        if len(options) == 1:
            asked.answer = options[0]
        elif self.script and self._matches(self.script[0], asked):
            asked.answer = self.script.popleft()[-1]
            if asked.answer not in options:
                raise DecisionError(f"scripted answer {asked.answer!r} to {kind} (seat {seat}) "
                                    f"is not legal; legal: {options}")
        elif self.default is not None:
            asked.answer = self.default(asked)
            if asked.answer not in options:
                raise DecisionError(f"default answer {asked.answer!r} to {kind} is not legal")
        else:
            head = self.script[0] if self.script else "nothing"
            raise UnexpectedDecision(f"seat {seat} asked {kind} with options {options}; "
                                     f"the script's next entry is {head!r}")
        self.asked.append(asked)
        return asked.answer

    @staticmethod
    def _matches(entry: tuple, asked: Decided) -> bool:
        if len(entry) == 3:
            return (entry[0], entry[1]) == (asked.seat, asked.kind)
        return entry[0] == asked.kind

    def kinds(self) -> list[str]:
        """Kinds of the decisions that had a choice (forced ones left out)."""
        return [d.kind for d in self.asked if len(d.options) > 1]


class Decided:
    """One decision the game asked, with the answer it got."""

    __slots__ = ("seat", "kind", "options", "context", "answer")

    def __init__(self, seat: int, kind: str, options: tuple, context: Any) -> None:
        self.seat, self.kind, self.options, self.context = seat, kind, options, context
        self.answer = None

    def __repr__(self) -> str:
        return f"Decided({self.seat}, {self.kind!r}, {self.options!r}, answer={self.answer!r})"


def ev(kind: str, seat: int, item=None, resource=None, amount=None, cause=None,
       detail=None) -> dict:
    """An expected event, as `Bench.events()` returns them."""
    return dict(zip(EVENT_FIELDS, (kind, seat, item, resource, amount, cause, detail),
                    strict=True))


def gained(seat: int, resource: str, amount: int, cause: str, item=None) -> dict:
    return ev("resource_gained", seat, item, resource, amount, cause)


def rolled(seat: int, face: str, die: str, cause: str = "divine_blessing") -> dict:
    return ev("die_rolled", seat, face, None, None, cause, die)


def pick(resource: str, amount: int) -> tuple:
    """The answer to a choice face: the bundle giving `amount` of `resource`."""
    return ((resource, amount),)


def reserves(gold: int = 0, sun: int = 0, moon: int = 0, glory: int = 0) -> dict:
    """Expected reserves, as `Bench.reserves()` returns them."""
    return {"gold": gold, "sun": sun, "moon": moon, "glory": glory}


class Bench:
    """One game under test: its state, scripted chance and decider, and an event cursor.

    Two-player games keep the first two faces of every Sanctuary pool unless `samples` says
    otherwise. Setup events (starting gold) are already read when the bench is built.
    """

    def __init__(self, players: int = 2, cards: str = "base", rules: RuleOptions | None = None,
                 samples=None, default: Callable[[Decided], Any] | None = None,
                 module: str = "") -> None:
        if samples is None:
            samples = [[0, 1]] * len(SANCTUARY) if players == 2 else []
        self.chance = ScriptedChance(draws=samples)
        self.decider = ScriptedDecider(default=default)
        setup = Setup(players, load_card_set(cards), rules or RuleOptions(), module)
        self.g: Game = new_game(setup, self.chance, self.decider)
        self.decider.state = self.g
        self._mark = 0
        self.start_events = self.events()

    def p(self, seat: int) -> Player:
        return self.g.players[seat]

    # --- state -------------------------------------------------------------------------
    def set_reserves(self, seat: int, gold: int = 0, sun: int = 0, moon: int = 0,
                     glory: int = 0) -> Player:
        """Put exact amounts in a player's reserves (no events)."""
        p = self.p(seat)
        p.gold, p.sun, p.moon, p.glory = gold, sun, moon, glory
        return p

    def set_die(self, seat: int, die: str, *face_ids: str) -> None:
        """Forge (silently) `face_ids` onto the first sides of a die; 'boar:N' is seat N's Boar."""
        faces = self.p(seat).dice[DIE_INDEX[die]]
        for i, face_id in enumerate(face_ids):
            faces[i] = face_of(face_id)

    def show(self, seat: int, light: str | None = None, dark: str | None = None) -> None:
        """Turn faces up without rolling (what a Mirror sees on an opponent's dice)."""
        p = self.p(seat)
        for die, face_id in ((0, light), (1, dark)):
            if face_id is not None:
                p.up[die] = face_of(face_id)

    def give_card(self, seat: int, card_id: str, *decisions) -> None:
        """The player owns `card_id`, set up by its real effect function (events are dropped)."""
        card = CARDS[card_id]
        self.decide(*decisions)
        p = self.p(seat)
        p.cards.append(card)
        register_card(p, card)
        EFFECTS[card.effect](self.g, p, card)
        self.events()

    # --- scripts -----------------------------------------------------------------------
    def rolls(self, *spec: tuple[int, str, str | int]) -> None:
        """Script rolls as (seat, die, face id or side index); face ids use the die as it is now."""
        for seat, die, side in spec:
            if isinstance(side, str):
                side = self.p(seat).dice[DIE_INDEX[die]].index(face_of(side))
            self.chance.add_rolls((seat, die, side))

    def decide(self, *entries) -> None:
        self.decider.add(*entries)

    def check_scripts_used(self) -> None:
        assert not self.chance.rolls, f"unused rolls: {list(self.chance.rolls)}"
        assert not self.decider.script, f"unused decisions: {list(self.decider.script)}"

    # --- reading -----------------------------------------------------------------------
    def events(self, *kinds: str) -> list[dict]:
        """Events since the last call (only `kinds` if given), as dicts of EVENT_FIELDS."""
        rows = self.g.log.rows[self._mark:]
        self._mark = len(self.g.log.rows)
        out = [dict(zip(EVENT_FIELDS, row[3:4] + row[2:3] + row[4:], strict=True))
               for row in rows]
        return [e for e in out if not kinds or e["kind"] in kinds]

    def reserves(self, seat: int) -> dict[str, int]:
        p = self.p(seat)
        return {"gold": p.gold, "sun": p.sun, "moon": p.moon, "glory": p.glory}

    def die(self, seat: int, die: str) -> list[str]:
        return [f.id for f in self.p(seat).dice[DIE_INDEX[die]]]


def face_of(face_id: str) -> Face:
    if face_id.startswith("boar:"):
        return boar_face(int(face_id.split(":")[1]))
    return FACES[face_id]
