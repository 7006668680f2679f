"""The Goddess module's board, the Labyrinth (seed `000_…` "Labyrinth of the Goddess",
REFERENCE §6.7): 36 spaces read from one table (content/goddess-labyrinth.csv), each player's
Golem on it, the three Treasure tokens, the Goddess space.

A move resolves each space before the next. Where a space links on to more than one (a fork
forward; backward, a space several lead into), the player chooses (`golem_path`). Backward
moves follow the forward links reversed (the Time Golem may "choose a different path than you
chose originally"). A Golem on the Goddess space moves no more, forward or back (the seed:
effects that would move it "no longer apply"). Every event names the space's kind (its
`effect` word, below) or the treasure as its cause, so a query can sum what the board gave.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from analytics.engine.clone import copied, holds, shared
from analytics.games.diceforge.cards.celestial import roll_celestial
from analytics.games.diceforge.cards.rebellion_faces import goddess_blessing
from analytics.games.diceforge.rules.components import FACES, GLORY, MOON, SUN, Bundle
from analytics.games.diceforge.rules.content import board_rows
from analytics.games.diceforge.rules.forge import ship_purchase
from analytics.games.diceforge.rules.payment import CARD, PAYMENT
from analytics.games.diceforge.rules.resources import RESOURCES
from analytics.games.diceforge.rules.state import DARK_DIE, MODULE_SETUPS, Game, Player

MODULE: Final = "goddess"
START: Final = 1
GOLEM_MOVED: Final = "golem_moved"
PATH_CHOSEN: Final = "path_chosen"
TREASURE_TAKEN: Final = "treasure_taken"
FOREST = {"golem_moon": 4, "golem_sun": 4}  # REFERENCE §6.6: pools 19 and 17, 4 faces each


@dataclass(frozen=True, slots=True)
class Space:
    """One space: what its `effect` does with `gives` (alternatives), `pays` and `n`, and the
    spaces it links on to. `word` is its kind as the log says it (the cause of what it gives)."""

    number: int
    effect: str
    gives: tuple[Bundle, ...]
    pays: Bundle
    n: int
    forward: tuple[int, ...]

    @property
    def word(self) -> str:
        return WORDS_OF_EFFECT[self.effect]


def _bundle(text: str) -> Bundle:
    """'sun1+moon1+glory3' -> (('sun', 1), ('moon', 1), ('glory', 3))."""
    pairs = []
    for part in filter(None, text.split("+")):
        res = part.rstrip("0123456789")
        pairs.append((res, int(part[len(res):])))
    return tuple(pairs)


def _space(row: dict[str, str]) -> Space:
    return Space(int(row["space"]), row["effect"],
                 tuple(_bundle(b) for b in row["gives"].split("|") if b), _bundle(row["pays"]),
                 int(row["n"] or 0), tuple(int(s) for s in row["forward"].split()))


SPACES: dict[int, Space] = {s.number: s for s in map(_space, board_rows("goddess-labyrinth"))}
GODDESS_SPACE: Final = max(SPACES)
BACKWARD: dict[int, tuple[int, ...]] = {
    n: tuple(s.number for s in SPACES.values() if n in s.forward) for n in SPACES}
# The log's word for each kind of space (the cause of what it gives); the Goddess space's is
# its own, and each Treasure token's.
WORDS_OF_EFFECT = {effect: f"labyrinth_{effect}" for effect in {s.effect for s in SPACES.values()}}
WORDS_OF_EFFECT["goddess"] = "goddess_space"
# Treasure tokens (seed "Treasures and Treasure Halls"): front (first arrival), back.
TREASURES: dict[str, tuple[Bundle, Bundle]] = {
    "treasure_sun": (((SUN, 4),), ((SUN, 1),)),
    "treasure_moon": (((MOON, 4),), ((MOON, 1),)),
    "treasure_glory": (((GLORY, 10),), ((GLORY, 2),)),
}
WORDS = {"kind": (GOLEM_MOVED, PATH_CHOSEN, TREASURE_TAKEN),
         "cause": (*WORDS_OF_EFFECT.values(), *TREASURES, "forward", "backward")}


@dataclass(slots=True)
class Board:
    """The Labyrinth's state: each seat's Golem, the token on each Treasure Hall reached, the
    tokens still beside the board, the first seat on the Goddess space (-1: none yet)."""

    golems: list[int]
    halls: dict[int, str] = field(default_factory=dict)
    tokens: list[str] = field(default_factory=lambda: list(TREASURES))
    first_arrival: int = -1


holds(Board, golems=copied, halls=copied, tokens=copied, first_arrival=shared)


def setup_goddess(g: Game) -> None:
    """Seed setup steps 5-7: the dark die's Golem face (ruling R3), the Forest, Golems on the
    start, Treasure tokens beside the board."""
    if g.rules.goddess_dice == "golem":
        side = DARK_DIE.index("moon_1")
        for p in g.players:
            p.dice[1][side] = FACES["golem_moon"]
    for face, count in FOREST.items():
        g.gardens[face] = [FACES[face]] * count
    g.board = Board([START] * len(g.players))


MODULE_SETUPS[MODULE] = setup_goddess


def move_golem(g: Game, p: Player, steps: int, cause: str, backward: bool = False) -> None:
    """p's Golem goes `steps` spaces, resolving each space it enters before the next."""
    board = g.board
    for _ in range(steps):
        here = board.golems[p.seat]
        links = BACKWARD[here] if backward else SPACES[here].forward
        if here == GODDESS_SPACE:
            links = ()
        if not links:  # the Goddess space, or the start going back: it moves no more
            return
        to = links[0] if len(links) == 1 else choose_path(g, p, here, links, cause, backward)
        board.golems[p.seat] = to
        space = SPACES[to]
        g.log.emit(p.seat, GOLEM_MOVED, space.word, None, to, cause,
                   "backward" if backward else "forward")
        enter(g, p, space)


def choose_path(g: Game, p: Player, here: int, links: tuple[int, ...], cause: str,
                backward: bool) -> int:
    to = g.decide(p.seat, "golem_path", links, (here, backward))
    g.log.emit(p.seat, PATH_CHOSEN, SPACES[to].word, None, to, cause,
               f"{here}>" + "|".join(map(str, links)))
    return to


def enter(g: Game, p: Player, space: Space) -> None:
    EFFECTS[space.effect](g, p, space)


def _nothing(g: Game, p: Player, space: Space) -> None:
    """The start and the empty spaces (31, 32, 34, 35)."""


def _gain(g: Game, p: Player, space: Space) -> None:
    _gain_bundle(g, p, space.gives[0], space.word)


def _choose(g: Game, p: Player, space: Space) -> None:
    _gain_bundle(g, p, g.decide(p.seat, "labyrinth_choice", space.gives, space.number),
                 space.word)


def _gain_bundle(g: Game, p: Player, bundle: Bundle, word: str) -> None:
    for res, amount in bundle:
        RESOURCES.gain(g, p, res, amount, word, word)


def _glory_drain(g: Game, p: Player, space: Space) -> None:
    """Every other player loses 2 Glory, as much as they have (ruling R16; option
    `glory_drain=two_or_none`: a player under 2 loses nothing); p gains the total lost."""
    (_, amount), = space.gives[0]
    total = 0
    for q in g.opponents(p):
        lost = min(amount, q.res[GLORY])
        if lost < amount and g.rules.glory_drain == "two_or_none":
            lost = 0
        if lost:
            RESOURCES.lose(g, q, GLORY, lost, space.word, space.word)
            total += lost
    if total:
        RESOURCES.gain(g, p, GLORY, total, space.word, space.word)


def _celestial(g: Game, p: Player, space: Space) -> None:
    for _ in range(space.n):
        roll_celestial(g, p, space.word, via=space.word)


def _forge(g: Game, p: Player, space: Space) -> None:
    """May buy one Sanctuary face at its cost less `n` gold (the seed's "-2 Gold" space)."""
    ship_purchase(g, p, space.n, space.word, "labyrinth_forge")


def _trade(g: Game, p: Player, space: Space) -> None:
    """May pay the space's price once for what it gives (6 gold for 6 Glory...)."""
    if PAYMENT.can_pay(g, p, space.pays, CARD) and g.decide(
            p.seat, "labyrinth_trade", ("skip", "trade"), space.number) == "trade":
        PAYMENT.pay(g, p, space.pays, space.word, CARD)
        _gain_bundle(g, p, space.gives[0], space.word)


def _forged_glory(g: Game, p: Player, space: Space) -> None:
    """1 Glory per face p has forged (the faces p discarded)."""
    (_, per_face), = space.gives[0]
    if p.forged:
        RESOURCES.gain(g, p, GLORY, per_face * p.forged, space.word, space.word)


def _treasure(g: Game, p: Player, space: Space) -> None:
    """The first to reach a Treasure Hall picks a token and gains its front; the token stays
    there, back up: later arrivals gain its back."""
    board = g.board
    token = board.halls.get(space.number)
    first = token is None
    if token is None:
        token = g.decide(p.seat, "treasure_pick", tuple(board.tokens), space.number)
        board.tokens.remove(token)
        board.halls[space.number] = token
    g.log.emit(p.seat, TREASURE_TAKEN, token, None, space.number, space.word,
               "front" if first else "back")
    _gain_bundle(g, p, TREASURES[token][0 if first else 1], token)


def _goddess(g: Game, p: Player, space: Space) -> None:
    """15 Glory; the first to arrive also sets both dice and applies them as a divine
    blessing (the Goddess reward)."""
    _gain_bundle(g, p, space.gives[0], space.word)
    if g.board.first_arrival < 0:
        g.board.first_arrival = p.seat
        goddess_blessing(g, p, space.word, via=space.word)


EFFECTS = {
    "start": _nothing, "nothing": _nothing, "gain": _gain, "choose": _choose,
    "glory_drain": _glory_drain, "celestial": _celestial, "forge": _forge, "trade": _trade,
    "forged_glory": _forged_glory, "treasure": _treasure, "goddess": _goddess,
}
