"""Dice Forge components as data: faces, Temple pools, feat cards, islands (REFERENCE §1-5)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from analytics.engine.payment import Cost

# Final (here and for the rules' other word and number constants): the compiled build inlines
# them where they are read instead of looking them up in the module's globals at each use.
GOLD: Final = "gold"
SUN: Final = "sun"
MOON: Final = "moon"
GLORY: Final = "glory"
# The Titans module's two (REFERENCE §6.8): Ancient Shards are stored (own reserve, cap 6:
# ruling R10) and move the Allegiance token left; Loyalty is never stored, it moves it right.
ANCIENT: Final = "ancient"
LOYALTY: Final = "loyalty"

# A bundle is what a face gives: a tuple of (resource, amount) pairs, all gained together.
Bundle = tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class Face:
    """One die face. `bundles` are alternatives (choose one); each bundle is gained whole.

    `special` names a face whose effect is not a plain bundle (x3, mirror, ship, shield, boar);
    `colour` is the shield's matched resource or, for a Boar face, the owner's seat.
    """

    id: str
    bundles: tuple[Bundle, ...] = ()
    special: str = ""
    cost: int = 0
    level: int = 0
    colour: str | int | None = None

    def __hash__(self) -> int:
        # Equal faces have equal ids; the generated hash would walk every nested bundle, and
        # faces are hashed each time a player forges (one place per distinct face).
        return hash(self.id)

    # Every resource any bundle of this face can give (the bots ask it often: set once).
    resources: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "resources", frozenset(r for b in self.bundles for r, _ in b))


def _plain(face_id: str, *pairs: tuple[str, int], cost: int = 0, level: int = 0) -> Face:
    return Face(face_id, (tuple(pairs),), cost=cost, level=level)


def _choice(face_id: str, *pairs: tuple[str, int], cost: int = 0, level: int = 0) -> Face:
    return Face(face_id, tuple((p,) for p in pairs), cost=cost, level=level)


# The Celestial Die (Rebellion, REFERENCE §6.5): rolled by cards, never forged. The last three
# have their own rules (celestial.py); the third is 3 Glory with one of 3 gold, 1 moon, 1 sun.
CELESTIAL_FACES = (
    _plain("celestial_gold_12", (GOLD, 12)),
    _plain("celestial_glory_5", (GLORY, 5)),
    Face("celestial_glory_3_plus",
         tuple(((GLORY, 3), pair) for pair in ((GOLD, 3), (MOON, 1), (SUN, 1)))),
    Face("celestial_mirror", special="celestial_mirror"),
    Face("celestial_choose", special="choose_face"),
    Face("celestial_upgrade", special="double_upgrade"),
)

FACES: dict[str, Face] = {
    f.id: f
    for f in (
        # starting faces (no Sanctuary pool, level 0)
        _plain("gold_1", (GOLD, 1)),
        _plain("glory_2", (GLORY, 2)),
        # Sanctuary (cost in gold, Merchant level = pool level)
        _plain("gold_3", (GOLD, 3), cost=2, level=1),
        _plain("moon_1", (MOON, 1), cost=2, level=1),
        _plain("gold_4", (GOLD, 4), cost=3, level=2),
        _plain("sun_1", (SUN, 1), cost=3, level=2),
        _plain("gold_6", (GOLD, 6), cost=4, level=3),
        _choice("gold1_or_sun1_or_moon1", (GOLD, 1), (SUN, 1), (MOON, 1), cost=4, level=3),
        _plain("sun1_glory1", (SUN, 1), (GLORY, 1), cost=4, level=3),
        _plain("gold2_moon1", (GOLD, 2), (MOON, 1), cost=4, level=3),
        _choice("gold3_or_glory2", (GOLD, 3), (GLORY, 2), cost=5, level=4),
        _plain("moon_2", (MOON, 2), cost=6, level=5),
        _plain("sun_2", (SUN, 2), cost=8, level=6),
        _plain("glory_3", (GLORY, 3), cost=8, level=6),
        _plain("glory_4", (GLORY, 4), cost=12, level=7),
        _plain("moon2_glory2", (MOON, 2), (GLORY, 2), cost=12, level=7),
        _choice("gold2_or_sun2_or_moon2", (GOLD, 2), (SUN, 2), (MOON, 2), cost=12, level=7),
        _plain("gold1_sun1_moon1_glory1", (GOLD, 1), (SUN, 1), (MOON, 1), (GLORY, 1), cost=12,
               level=7),
        # Gardens: obtained only through feat cards
        Face("x3", special="x3"),
        Face("mirror", special="mirror"),
        Face("ship", special="ship"),
        Face("shield_red", (((SUN, 2),),), special="shield", colour=SUN),
        Face("shield_blue", (((MOON, 2),),), special="shield", colour=MOON),
        Face("shield_yellow", (((GOLD, 3),),), special="shield", colour=GOLD),
        Face("shield_green", (((GLORY, 3),),), special="shield", colour=GLORY),
        *CELESTIAL_FACES,
        # The Goddess module's Forest (REFERENCE §6.6): Golem faces show no resource; each
        # moves its owner's Golem one space forward (cards/goddess.py).
        Face("golem_moon", special="golem"),
        Face("golem_sun", special="golem"),
        # The Titans module (seed `000_…` "Titans Module Die Faces"): the starting faces, the
        # Dogged faces (Forest pool 18) and the Chaos faces (pool 20; seed rewards: A on the
        # colour match, else B). Glory before Loyalty in a bundle: the seed applies a face's
        # Loyalty zone bonus in the zone where the token stood when the face applied.
        _plain("titan_ancient_1", (ANCIENT, 1)),
        _plain("titan_glory1_loyalty1", (GLORY, 1), (LOYALTY, 1)),
        _plain("dogged_gold3_ancient1", (GOLD, 3), (ANCIENT, 1)),
        _plain("dogged_gold2_glory1_loyalty1", (GOLD, 2), (GLORY, 1), (LOYALTY, 1)),
        *(Face(f"chaos_{name}", (((res, 2), (GLORY, 3)), ((res, 2),)), special="chaos",
               colour=colour)
          for name, res, colour in (("blue", MOON, MOON), ("red", MOON, SUN),
                                    ("yellow", GOLD, GOLD), ("green", GOLD, GLORY))),
        # The same four under ruling R13 (`chaos_rewards=ancient_loyalty`): Ancient Shards and
        # Loyalty for the seed's Moon and Gold; Glory first, as on the Dogged faces.
        *(Face(f"chaos_{name}_{res}", (((GLORY, 3), (res, 2)), ((res, 2),)), special="chaos",
               colour=colour)
          for name, res, colour in (("blue", ANCIENT, MOON), ("red", ANCIENT, SUN),
                                    ("yellow", LOYALTY, GOLD), ("green", LOYALTY, GLORY))),
    )
}

SHIELD_BONUS = 5  # Glory when the other die gives the shield's colour


def boar_face(owner: int) -> Face:
    """The Tenacious Boar face of `owner`'s colour: the bearer gains 1 Sun or 1 Moon."""
    return _BOAR_FACES[owner]


_BOAR_FACES = tuple(
    Face("boar", (((SUN, 1),), ((MOON, 1),)), special="boar", colour=seat) for seat in range(4)
)

def misfortune_face(owner: int) -> Face:
    """The Mirror of Misfortune face of `owner`'s card: its bearer gains 1 Loyalty or 1
    Ancient Shard, and the owner applies the bearer's dice (cards/titans.py)."""
    return _MISFORTUNE_FACES[owner]


_MISFORTUNE_FACES = tuple(
    Face("misfortune", (((LOYALTY, 1),), ((ANCIENT, 1),)), special="misfortune", colour=seat)
    for seat in range(4))

LIGHT_DIE = ("gold_1",) * 5 + ("sun_1",)
DARK_DIE = ("gold_1",) * 4 + ("moon_1", "glory_2")

# The ten Sanctuary pools in cost order (3-4 players: 4 faces each).
SANCTUARY: tuple[tuple[str, ...], ...] = (
    ("gold_3",) * 4,
    ("moon_1",) * 4,
    ("gold_4",) * 4,
    ("sun_1",) * 4,
    ("gold_6", "gold1_or_sun1_or_moon1", "sun1_glory1", "gold2_moon1"),
    ("gold3_or_glory2",) * 4,
    ("moon_2",) * 4,
    ("sun_2",) * 4,
    ("glory_3",) * 4,
    ("glory_4", "moon2_glory2", "gold2_or_sun2_or_moon2", "gold1_sun1_moon1_glory1"),
)

GARDENS: dict[str, tuple[str, ...]] = {
    "x3": ("x3",) * 4,
    "mirror": ("mirror",) * 4,
    "ship": ("ship",) * 4,
    "shield": ("shield_red", "shield_blue", "shield_yellow", "shield_green"),
}




@dataclass(frozen=True, slots=True)
class Use:
    """What a reinforcement declares for whoever uses it: what one use costs, what it gives
    when that is fixed (empty: a blessing or a choice, worth having), and where it comes in
    the reinforcement step (lower first: what free uses give may pay for costly ones)."""

    cost: Cost = ()
    gives: Cost = ()
    order: int = 0


@dataclass(frozen=True, slots=True)
class Card:
    """A Heroic Feat card as data: slot, cost, printed Glory, timing, and what it declares.

    `effect` names its on-purchase function (cards.EFFECTS); `hooks` are the (hook, handler)
    pairs it registers on its owner when bought (hooks.py); `use` is set on reinforcements;
    `value` names its worth function for bots (feat_values.EFFECT_VALUES, '' = Glory only);
    `origin` says which box it comes from.
    """

    id: str
    name: str
    slot: str
    moon: int
    sun: int
    glory: int
    timing: str  # immediate | reinforcement | automatic | permanent | none
    effect: str = ""
    hooks: tuple[tuple[str, str], ...] = ()
    use: Use | None = None
    value: str = ""
    origin: str = "base"  # base | base-alternate | rebellion | goddess (its module's card)
    cost: Cost = ()

    @property
    def island(self) -> int:
        return ISLANDS[self.slot]


ISLANDS = {
    "M1": 1, "M2": 1, "M3": 2, "M4": 2, "M5": 3, "M6": 3, "M7": 4, "M8": 4,
    "F1": 7, "F2": 7, "F3": 6, "F4": 6, "F5": 5, "F6": 5, "F7": 4,
}

SLOT_COST = {
    "M1": (1, 0), "M2": (1, 0), "M3": (2, 0), "M4": (3, 0), "M5": (4, 0), "M6": (5, 0),
    "M7": (6, 0), "M8": (5, 5), "F1": (0, 1), "F2": (0, 1), "F3": (0, 2), "F4": (0, 3),
    "F5": (0, 4), "F6": (0, 5), "F7": (0, 6),
}

# Hook names (see hooks.py for when each fires and what its handlers receive). Gaining a
# resource has one hook per resource, so a gain calls only the handlers that want it.
ROLLED: Final = "rolled"
BLESSED: Final = "blessed"
PAY: Final = "pay"
TURN_START: Final = "turn_start"
TURN_END: Final = "turn_end"
OWN_TURN: Final = "own_turn"
GAIN_OF = {res: f"gain_{res}" for res in (GOLD, SUN, MOON, GLORY, ANCIENT, LOYALTY)}
AFTER_FEAT: Final = "after_feat"
OUST: Final = "oust"
REINFORCEMENT: Final = "reinforcement"
GAME_END: Final = "game_end"
# The Celestial Die's roll, before its face applies, and after (`rolled` and `blessed` of a
# roll that is no blessing: Cerberus, which follows blessings only, does not hear them).
CELESTIAL_ROLLED, CELESTIAL_APPLIED = "celestial_rolled", "celestial_applied"


def _card(cid: str, name: str, slot: str, glory: int, timing: str, *,
          hooks: tuple[tuple[str, str], ...] = (), use: Use | None = None,
          value: str | None = None, origin: str = "base") -> Card:
    moon, sun = SLOT_COST[slot]
    if use is not None:
        hooks = ((REINFORCEMENT, cid),) + hooks
    return Card(cid, name, slot, moon, sun, glory, timing, cid, hooks, use,
                cid if value is None else value, origin, ((MOON, moon), (SUN, sun)))


ALT, REB, GODDESS, TITANS = "base-alternate", "rebellion", "goddess", "titans"

CARDS: dict[str, Card] = {
    c.id: c
    for c in (
        # standard set (15)
        _card("blacksmiths_hammer", "The Blacksmith's Hammer", "M1", 0, "permanent",
              hooks=((GAIN_OF[GOLD], "hammer_track"),)),
        _card("blacksmiths_chest", "The Blacksmith's Chest", "M2", 2, "permanent"),
        _card("silver_hind", "The Silver Hind", "M3", 2, "reinforcement", use=Use(order=0)),
        _card("satyrs", "Satyrs", "M4", 6, "immediate"),
        _card("ferryman", "Ferryman", "M5", 12, "none", value=""),
        _card("helmet_of_invisibility", "Helmet of Invisibility", "M6", 4, "immediate"),
        _card("cancer", "Cancer", "M7", 8, "immediate"),
        _card("hydra", "Hydra", "M8", 26, "none", value=""),
        _card("elder", "The Elder", "F1", 0, "reinforcement",
              use=Use(cost=((GOLD, 3),), gives=((GLORY, 4),), order=2)),
        _card("wild_spirits", "Wild Spirits", "F2", 2, "immediate"),
        _card("guardians_owl", "The Guardian's Owl", "F3", 4, "reinforcement", use=Use(order=1)),
        _card("minotaur", "Minotaur", "F4", 8, "immediate"),
        _card("gorgon", "Gorgon", "F5", 14, "none", value=""),
        _card("mirror_of_the_abyss", "Mirror of the Abyss", "F6", 10, "immediate"),
        _card("sphinx", "Sphinx", "F7", 10, "immediate"),
        # alternates (9)
        _card("great_bear", "The Great Bear", "M3", 2, "automatic",
              hooks=((OUST, "great_bear"),), origin=ALT),
        _card("tenacious_boar", "Tenacious Boar", "M4", 4, "immediate", origin=ALT),
        _card("cerberus", "Cerberus", "M5", 6, "immediate",
              hooks=((BLESSED, "cerberus"),), origin=ALT),
        _card("sentinel", "Sentinel", "M7", 6, "immediate", origin=ALT),
        _card("typhon", "Typhon", "M8", 16, "immediate", origin=ALT),
        _card("celestial_ship", "Celestial Ship", "F3", 4, "immediate", origin=ALT),
        _card("guardians_shield", "The Guardian's Shield", "F4", 6, "immediate", origin=ALT),
        _card("triton", "Triton", "F5", 8, "immediate",
              hooks=((OWN_TURN, "triton"),), origin=ALT),
        _card("cyclops", "Cyclops", "F7", 8, "immediate", origin=ALT),
        # Rebellion (REFERENCE.md §6.1, slots M1 and F7)
        _card("twins", "The Twins", "M1", 2, "automatic",
              hooks=((ROLLED, "twins_reroll"), (BLESSED, "twins_bonus"),
                     (CELESTIAL_ROLLED, "twins_reroll"), (CELESTIAL_APPLIED, "twins_bonus")),
              origin=REB),
        _card("blacksmiths_scepter", "The Blacksmith's Scepter", "M1", 2, "permanent",
              hooks=((GAIN_OF[GOLD], "scepter_track"), (PAY, "scepter"),
                     (TURN_END, "scepter_shards")), origin=REB),
        _card("eternal_fire", "The Eternal Fire", "F7", 10, "immediate", origin=REB),
        # Rebellion, faces and dice (rebellion_faces.py)
        _card("wind", "The Wind", "M4", 6, "immediate", origin=REB),
        _card("celestial_die", "The Celestial Die", "M4", 6, "immediate", origin=REB),
        _card("goddess", "The Goddess", "M8", 18, "immediate", origin=REB),
        _card("merchant", "The Merchant", "F1", 2, "reinforcement", use=Use(order=1),
              hooks=((TURN_START, "merchant_turn"),), origin=REB),
        _card("light", "The Light", "F4", 8, "reinforcement",
              use=Use(cost=((GOLD, 3),), order=2), origin=REB),
        # Rebellion: forging and counting cards (rebellion_forge.py)
        _card("companion", "The Companion", "M2", 2, "reinforcement", use=Use(order=0),
              hooks=((OWN_TURN, "companion_cash"), (TURN_START, "companion_turn")),
              origin=REB),
        _card("ancestor", "The Ancestor", "M5", 6, "immediate", origin=REB),
        _card("tree", "The Tree", "F1", 2, "reinforcement", use=Use(order=0), origin=REB),
        _card("wood_nymph", "The Wood Nymph", "F2", 2, "immediate", origin=REB),
        _card("goldsmith", "The Goldsmith", "F5", 4, "immediate", origin=REB),
        _card("omniscient", "The Omniscient", "F5", 8, "immediate", origin=REB),
        _card("abyssal_trident", "The Abyssal Trident", "F6", 12, "immediate", origin=REB),
        # Rebellion, cards acting on the players (rebellion_players.py)
        _card("mists", "The Mists", "M5", 6, "immediate", origin=REB),
        _card("right_hand", "The Right Hand", "M7", 10, "immediate", origin=REB),
        _card("eternal_night", "The Eternal Night", "M7", 8, "immediate", origin=REB),
        _card("left_hand", "The Left Hand", "F7", 8, "immediate", origin=REB),
        _card("first_titan", "The First Titan", "M8", 20, "immediate", origin=REB),
        # The Goddess module (REFERENCE §6.2; Glory per ruling R2), only with its module
        _card("moon_golem", "The Moon Golem", "M3", 2, "immediate", origin=GODDESS),
        _card("great_golem", "The Great Golem", "M6", 8, "immediate", origin=GODDESS),
        _card("sun_golem", "The Sun Golem", "F3", 4, "immediate", origin=GODDESS),
        _card("time_golem", "The Time Golem", "F4", 4, "immediate", origin=GODDESS),
        # The Titans module (REFERENCE §6.3; Glory per ruling R2), only with its module
        _card("memory", "The Memory", "M2", 2, "immediate", hooks=((AFTER_FEAT, "memory"),),
              origin=TITANS),
        _card("oracle", "The Oracle", "M3", 0, "reinforcement", use=Use(order=0),
              origin=TITANS),
        _card("chaos", "The Chaos", "M6", 8, "immediate", origin=TITANS),
        _card("dogged", "The Dogged", "F2", 2, "immediate", origin=TITANS),
        _card("guardian", "The Guardian", "F3", 4, "reinforcement", use=Use(order=0),
              origin=TITANS),
        _card("mirror_of_misfortune", "The Mirror of Misfortune", "F6", 10, "immediate",
              origin=TITANS),
    )
}

SLOTS = tuple(SLOT_COST)

# The cards each module puts on its slots (REFERENCE §6.2); modules.py checks sets against it.
MODULE_CARDS: dict[str, dict[str, str]] = {
    "goddess": {"M3": "moon_golem", "M6": "great_golem", "F3": "sun_golem", "F4": "time_golem"},
    "titans": {"M2": "memory", "M3": "oracle", "M6": "chaos", "F2": "dogged", "F3": "guardian",
               "F6": "mirror_of_misfortune"},
}
MODULE_OF_CARD = {card: module for module, slots in MODULE_CARDS.items() for card in slots.values()}


@dataclass(frozen=True, slots=True)
class PlayerCountSetup:
    """What the player count changes (REFERENCE.md §1.1)."""

    copies: int
    rounds: int
    faces_per_pool: int
    blessings_per_turn: int
    starting_gold: tuple[int, ...]


PLAYER_COUNTS = {
    2: PlayerCountSetup(2, 9, 2, 2, (3, 2)),
    3: PlayerCountSetup(3, 10, 4, 1, (3, 2, 1)),
    4: PlayerCountSetup(4, 9, 4, 1, (3, 2, 1, 0)),
}

BASE_CAPS = {GOLD: 12, SUN: 6, MOON: 6}  # a resource with no cap (Glory, tokens) is absent
RESERVES = (GOLD, SUN, MOON, GLORY)  # every player's map starts with these at 0
CHEST_BONUS = {GOLD: 4, SUN: 3, MOON: 3}
HAMMER_PHASE = 15
HAMMER_REWARDS = (10, 15)
