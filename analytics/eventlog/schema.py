"""The event log schema, declared once: table -> column -> polars type, plus its version.

The columns holding a game's own words (event kinds, items, resources, causes) have no fixed
list of words here: the game declares its vocabulary, the writer refuses any other word, and
each log carries its own dictionaries (`table_schema`), so a new face, resource or kind needs
no change in the writer or readers.
"""

from __future__ import annotations

from collections.abc import Mapping

import polars as pl

# 2: the `uses` table. 3: the game's words, checked against the vocabulary it declares (were
# enums fixed here); `components.parquet`, the run's catalogue.
SCHEMA_VERSION = 3
OLDEST_READABLE = 2  # schema 2 logs read through a migration (analytics/eventlog/legacy.py)

# The placeholder type of a word column; `table_schema` puts the run's type in its place.
WORD = pl.String
WORD_COLUMNS = ("kind", "item", "resource", "cause")
WORD_TABLES = ("events", "uses")  # tables whose columns of those names hold words
# `kind` and `resource` (a few words; the writer sorts events by them) are stored as Enums of
# the vocabulary. `item` and `cause` (every component id) are checked against it the same way
# but stored as Categoricals: Parquet then keeps, per row group, a dictionary of the words it
# uses; the Enum's whole dictionary widens every index (30% more bytes in those columns).
ENUM_WORDS = ("kind", "resource")
# What a vocabulary names besides the word columns: the event kinds that use a component (a
# face rolled, a card's reinforcement used), counted per game, seat and component in `uses`.
USE_KINDS = "use_kinds"

Vocabulary = Mapping[str, tuple[str, ...]]

# The types a game may declare for its catalogue's own attributes, and how they are stored.
ATTRIBUTE_TYPES: dict[type, pl.DataType] = {str: pl.String, int: pl.Int64, bool: pl.Boolean,
                                           float: pl.Float64}

TABLES: dict[str, dict[str, pl.DataType]] = {
    "runs": {
        "run_id": pl.String,
        "game": pl.String,
        "modules": pl.String,
        "card_set": pl.String,
        "cards": pl.String,
        "players": pl.Int8,
        "bots": pl.String,
        "bot_params": pl.String,
        "seed": pl.Int64,
        "n_games": pl.Int32,
        "rules": pl.String,
        "engine_version": pl.String,
        "schema_version": pl.Int16,
        "created_at": pl.String,
        # 'simulated' or 'recorded' (analytics/records). Logs from before records have no such
        # column: readers give them 'simulated' (reader.read_runs, query's runs view).
        "source": pl.String,
    },
    "games": {
        "run_id": pl.String,
        "game_id": pl.Int64,
        "game_index": pl.Int32,
        "seed": pl.Int64,
        "players": pl.Int8,
        "module": pl.String,
        "card_set": pl.String,
        "rounds": pl.Int8,
        "n_events": pl.Int32,
        "n_decisions": pl.Int32,
        "tied": pl.Boolean,
    },
    "players": {
        "game_id": pl.Int64,
        "seat": pl.Int8,
        "bot": pl.String,
        "score": pl.Int16,
        "rank": pl.Int8,
        "won": pl.Boolean,
        "tied": pl.Boolean,
        "win_share": pl.Float32,
    },
    "events": {
        "game_id": pl.Int64,
        "seq": pl.Int32,
        "round": pl.Int8,
        "active_seat": pl.Int8,
        "seat": pl.Int8,
        "kind": WORD,
        "item": WORD,
        "resource": WORD,
        "amount": pl.Int16,
        "cause": WORD,
        "detail": pl.String,
    },
    "uses": {
        "game_id": pl.Int64,
        "seat": pl.Int8,
        "kind": WORD,
        "item": WORD,
        "n": pl.Int32,
    },
    # Per game, seat and component of each kind of the game's roles: what the events say about
    # it (eventlog/seat_components.py), read by the component tables instead of the events.
    # A part table since seat_components existed; older parts lack it (readers then derive it).
    "seat_components": {
        "game_id": pl.Int64,
        "seat": pl.Int8,
        "kind": pl.Categorical,  # the component's kind (Dice Forge: card, face)
        "component": pl.Categorical,
        "copies": pl.Int32,  # acquired (0: only used, scored for or paid for)
        "first_seq": pl.Int32,  # the first acquisition's event (null: never acquired)
        "first_round": pl.Int8,
        "uses": pl.Int32,
        "score": pl.Int32,  # score caused (gains and losses of the score whose cause it is)
        "cost": pl.Int32,  # paid for it (the resources its roles say pay for it)
    },
    # Per part: each game's score changes summed by cause and by whether they came after the
    # last round (eventlog/score_causes.py), read by paired comparisons instead of the events.
    # A part table since score_causes existed; older parts lack it (readers then derive it).
    "score_causes": {
        "game_id": pl.Int64,
        "cause": pl.Categorical,  # what made the change (null: the event names none)
        "after_end": pl.Boolean,  # its round is past the game's last (end-of-game scoring)
        "score": pl.Int32,
    },
    # The run's catalogue (components.parquet, one file per run): every component its games
    # could hold. These are the columns of every game; each game adds its own attributes
    # (cost, slot, ...) with the types it declares (`ATTRIBUTE_TYPES`), and queries join on
    # them instead of listing ids.
    "components": {
        "run_id": pl.String,
        "component": pl.String,  # the id its events name (item, cause)
        "kind": pl.String,  # the game's word for it: card, face, ...
        "name": pl.String,
        "offered": pl.Boolean,  # can be acquired during play (a starting face cannot)
        "module": pl.String,  # 'none': the base game
        "origin": pl.String,  # the box it comes from: base, base-alternate, rebellion, ...
    },
}

# Column order of an engine event tuple (everything but game_id and seq, which the writer adds).
EVENT_TUPLE = (
    "round", "active_seat", "seat", "kind", "item", "resource", "amount", "cause", "detail",
)


def table_schema(table: str, vocabulary: Vocabulary | None = None) -> dict[str, pl.DataType]:
    """The columns of `table` as written with `vocabulary` (see ENUM_WORDS); without one, word
    columns stay plain strings."""
    schema = TABLES[table]
    if vocabulary is None or table not in WORD_TABLES:
        return dict(schema)
    return {name: word_type(name, vocabulary) if name in WORD_COLUMNS else dtype
            for name, dtype in schema.items()}


def word_type(column: str, vocabulary: Vocabulary) -> pl.DataType:
    """How word `column` is stored: an Enum of the vocabulary's words in alphabetical order
    (writer._sorted_events relies on it), or a Categorical."""
    return pl.Enum(sorted(vocabulary[column])) if column in ENUM_WORDS else pl.Categorical()


def checked_words(column: str, words: list, vocabulary: Vocabulary) -> pl.Series:
    """`words` as word `column` is stored; a word the vocabulary lacks is a ValueError naming
    it (for Categoricals the words used are checked: a few dozen, where an Enum to check them
    all would cost a cast of every value)."""
    declared = vocabulary[column]
    if column in ENUM_WORDS:
        try:
            return pl.Series(column, words, dtype=pl.Enum(sorted(declared)))
        except pl.exceptions.InvalidOperationError:
            used = set(words)
    else:
        series = pl.Series(column, words, dtype=pl.Categorical())
        used = set(series.unique().drop_nulls().to_list())
        if used <= set(declared):
            return series
    unknown = ", ".join(map(repr, sorted(used - set(declared) - {None})))
    raise ValueError(f"{column}: {unknown} not in the game's vocabulary (declare every word "
                     "its events use)")


def components_schema(attributes: Mapping[str, type]) -> dict[str, pl.DataType]:
    """The columns of a run's catalogue: the core ones, then the game's `attributes`."""
    clash = sorted(set(attributes) & set(TABLES["components"]))
    unknown = sorted(n for n, t in attributes.items() if t not in ATTRIBUTE_TYPES)
    if clash or unknown:
        raise ValueError(f"catalogue attributes {clash or unknown} are core columns or of "
                         f"types other than {[t.__name__ for t in ATTRIBUTE_TYPES]}")
    return {**TABLES["components"], **{n: ATTRIBUTE_TYPES[t] for n, t in attributes.items()}}


def check_vocabulary(vocabulary: Vocabulary) -> None:
    """A vocabulary names the words of every word column, and its use kinds are kinds."""
    missing = [name for name in (*WORD_COLUMNS, USE_KINDS) if name not in vocabulary]
    if missing:
        raise ValueError(f"vocabulary names no words for {', '.join(missing)}")
    stray = sorted(set(vocabulary[USE_KINDS]) - set(vocabulary["kind"]))
    if stray:
        raise ValueError(f"vocabulary: use kinds {stray} are not event kinds")


def empty_frame(table: str) -> pl.DataFrame:
    """An empty frame with the declared columns of `table`."""
    return pl.DataFrame(schema=TABLES[table])


def uses_frame(events: pl.DataFrame, use_kinds: tuple[str, ...]) -> pl.DataFrame:
    """The `uses` rows of some `events`: how many times each seat used each component, by kind.

    A question about the users of X then joins a few million counts to the seats instead of
    tens of millions of events (39 M die rolls in 100,000 four-player games).
    """
    columns = ("game_id", "seat", "kind", "item")  # selected first: the filter copies less
    used = events.select(columns).filter(pl.col("kind").is_in(use_kinds))
    # In order of first use, so the same events always give the same file.
    return used.group_by("game_id", "seat", "kind", "item", maintain_order=True).agg(
        pl.len().cast(pl.Int32).alias("n"))
