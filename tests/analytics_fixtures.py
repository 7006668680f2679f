"""Hand-built event logs for analytics tests: write tiny run folders with the exact schema."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from analytics.eventlog.schema import SCHEMA_VERSION, TABLES, WORD_COLUMNS, uses_frame
from analytics.eventlog.seat_components import (
    SEAT_COMPONENTS,
    component_kinds,
    seat_components_frame,
)
from analytics.eventlog.writer import commit_part, frame, write_runs
from analytics.games.diceforge.catalogue import ATTRIBUTES, USE_KINDS, catalogue_of_cards
from analytics.games.diceforge.roles import ROLES
from analytics.games.diceforge.rules.components import CARDS
from analytics.runs.folder import write_config

BASE_CARDS = (
    "blacksmiths_hammer,blacksmiths_chest,silver_hind,satyrs,ferryman,helmet_of_invisibility,"
    "cancer,hydra,elder,wild_spirits,guardians_owl,minotaur,gorgon,mirror_of_the_abyss,sphinx"
)


@dataclass
class GameSpec:
    """One game's outcome: scores by seat (rank, win and win share are derived from them)."""

    game_id: int
    scores: tuple[int, ...]
    bots: tuple[str, ...]
    rounds: int
    module: str
    card_set: str
    n_decisions: int
    events: list[dict] = field(default_factory=list)


class LogBuilder:
    """Collects games and events of one run, then writes `runs.parquet` and `parts/00000/`."""

    def __init__(self, run_id: str = "run-a", players: int = 4, cards: str = BASE_CARDS,
                 card_set: str = "base", module: str = "", schema_version: int = SCHEMA_VERSION,
                 components: list[dict] | None = None):
        """`components`: the run's catalogue rows (default: Dice Forge's for `cards`)."""
        self.run_id, self.players, self.cards = run_id, players, cards
        self.card_set, self.module, self.schema_version = card_set, module, schema_version
        self.components = components if components is not None else dice_forge_components(cards)
        self.games: list[GameSpec] = []

    def game(self, game_id: int, scores: tuple[int, ...], bots: tuple[str, ...] | None = None,
             rounds: int = 9, n_decisions: int = 0) -> GameSpec:
        """Add a game whose seat i scored scores[i]; returns it so events can be added."""
        spec = GameSpec(game_id, tuple(scores), tuple(bots or ("random",) * len(scores)), rounds,
                        self.module, self.card_set, n_decisions)
        self.games.append(spec)
        return spec

    def event(self, game: GameSpec, round_: int, seat: int, kind: str, item: str | None = None,
              resource: str | None = None, amount: int = 0, cause: str | None = None,
              detail: str | None = None, active_seat: int | None = None) -> None:
        """Append an event to `game`; seq is assigned in insertion order at write time."""
        game.events.append({
            "round": round_, "active_seat": seat if active_seat is None else active_seat,
            "seat": seat, "kind": kind, "item": item, "resource": resource, "amount": amount,
            "cause": cause, "detail": detail,
        })

    def write(self, folder: Path, end_events: bool = True, seat_components: bool = True
              ) -> Path:
        """Write the run folder (with one `game_ended` event per seat unless told not to); its
        vocabulary is the words its events use, as a game declares its own. Without
        `seat_components`, its part is one logged before parts held that table."""
        games, players, events = [], [], []
        for spec in self.games:
            seat_rows = _seat_rows(spec)
            players.extend(seat_rows)
            if end_events:
                for row in seat_rows:
                    self.event(spec, spec.rounds + 1, row["seat"], "game_ended",
                               amount=row["score"], detail=str(row["rank"]), active_seat=-1)
            for seq, ev in enumerate(spec.events):
                events.append({"game_id": spec.game_id, "seq": seq, **ev})
            games.append(_game_row(self.run_id, spec, len(games), len(spec.events)))
        part = folder / "parts" / "00000"
        part.mkdir(parents=True, exist_ok=True)
        for name, rows in (("games", games), ("players", players)):
            pl.DataFrame(rows, schema=TABLES[name]).write_parquet(part / f"{name}.parquet")
        columns = {name: [row[name] for row in events] for name in TABLES["events"]}
        vocabulary = {name: tuple({w for w in columns[name] if w is not None})
                      for name in WORD_COLUMNS}
        vocabulary["use_kinds"] = tuple(k for k in USE_KINDS if k in vocabulary["kind"])
        events_frame = frame("events", columns, vocabulary)
        events_frame.write_parquet(part / "events.parquet")
        # Derived from the hand-built events as the writer derives it from the engine's.
        uses = uses_frame(events_frame, vocabulary["use_kinds"])
        uses.write_parquet(part / "uses.parquet")
        if seat_components:
            kinds = component_kinds((ATTRIBUTES, self.components))
            seat_components_frame(events_frame, uses, ROLES, kinds).write_parquet(
                part / f"{SEAT_COMPONENTS}.parquet")
        commit_part(part, len(games))
        write_runs(folder, self._manifest(), (ATTRIBUTES, self.components), ROLES)
        write_config(folder, {}, max(1, len(games)), "test")  # one part holds every game
        return folder

    def _manifest(self) -> dict:
        bots = sorted({b for g in self.games for b in g.bots})
        return {"run_id": self.run_id, "game": "diceforge", "modules": self.module,
                "card_set": self.card_set, "cards": self.cards, "players": self.players,
                "bots": ",".join(bots), "bot_params": "{}", "seed": 1,
                "n_games": len(self.games), "rules": "", "engine_version": "test",
                "schema_version": self.schema_version, "created_at": "2024-01-01T00:00:00",
                "source": "simulated"}


def dice_forge_components(cards: str) -> list[dict]:
    """The catalogue Dice Forge writes for a run whose islands hold `cards` (comma-separated,
    any number of them, each on its own slot)."""
    ids = [card for card in cards.split(",") if card]
    return catalogue_of_cards([(CARDS[card].slot, CARDS[card]) for card in ids])


def _seat_rows(spec: GameSpec) -> list[dict]:
    best = max(spec.scores)
    winners = sum(1 for s in spec.scores if s == best)
    rows = []
    for seat, (score, bot) in enumerate(zip(spec.scores, spec.bots, strict=True)):
        rank = 1 + sum(1 for other in spec.scores if other > score)
        ties = sum(1 for other in spec.scores if other == score) > 1
        won = score == best
        rows.append({"game_id": spec.game_id, "seat": seat, "bot": bot, "score": score,
                     "rank": rank, "won": won, "tied": ties,
                     "win_share": 1.0 / winners if won else 0.0})
    return rows


def _game_row(run_id: str, spec: GameSpec, index: int, n_events: int) -> dict:
    return {"run_id": run_id, "game_id": spec.game_id, "game_index": index, "seed": spec.game_id,
            "players": len(spec.scores), "module": spec.module, "card_set": spec.card_set,
            "rounds": spec.rounds, "n_events": n_events, "n_decisions": spec.n_decisions,
            "tied": sum(1 for s in spec.scores if s == max(spec.scores)) > 1}


def glory(builder: LogBuilder, game: GameSpec, round_: int, seat: int, amount: int,
          cause: str, item: str | None = None) -> None:
    """Shorthand for a Glory gain caused by `cause`."""
    builder.event(game, round_, seat, "resource_gained", item or cause, "glory", amount, cause)


def feat(builder: LogBuilder, game: GameSpec, round_: int, seat: int, card: str,
         moon: int = 0, sun: int = 0, island: int = 1) -> None:
    """A feat card bought: the spend events, then `feat_performed`."""
    for resource, amount in (("moon", moon), ("sun", sun)):
        if amount:
            builder.event(game, round_, seat, "resource_spent", card, resource, -amount, card)
    builder.event(game, round_, seat, "feat_performed", card, cause="action", detail=str(island))


def forge(builder: LogBuilder, game: GameSpec, round_: int, seat: int, face: str, gold: int,
          replaced: str = "gold_1", die: str = "light") -> None:
    """A face bought at the Sanctuary: the gold spend, then `face_forged`."""
    if gold:
        builder.event(game, round_, seat, "resource_spent", face, "gold", -gold, face)
    builder.event(game, round_, seat, "face_forged", face, cause="offering",
                  detail=f"{die}:{replaced}")


def gain(builder: LogBuilder, game: GameSpec, seat: int, resource: str, amount: int,
         cause: str = "starting_gold", round_: int = 0) -> None:
    """A resource gain (at setup unless told), so later spending stays covered."""
    builder.event(game, round_, seat, "resource_gained", cause, resource, amount, cause,
                  active_seat=-1 if round_ == 0 else seat)


def rewrite(folder: Path, table: str, change) -> None:
    """Apply `change` (frame -> frame) to one table of a written run, keeping its schema."""
    path = folder / "parts" / "00000" / f"{table}.parquet"
    original = pl.read_parquet(path)
    change(original).cast(dict(original.schema)).write_parquet(path)
    if table in ("events", "uses"):  # what is derived from them no longer agrees: gone
        (path.parent / f"{SEAT_COMPONENTS}.parquet").unlink(missing_ok=True)


def sample_logs(folder: Path) -> Path:
    """The shared fixture: one 4-player base run of three games (see tests/queries/README)."""
    b = LogBuilder()
    g1 = b.game(1, (10, 4, 4, 0), bots=("economist", "random", "random", "random"),
                n_decisions=100)
    gain(b, g1, 0, "moon", 4)
    gain(b, g1, 1, "sun", 1)
    gain(b, g1, 2, "gold", 2)
    feat(b, g1, 2, 0, "silver_hind", moon=2, island=2)
    feat(b, g1, 5, 0, "silver_hind", moon=2, island=2)
    feat(b, g1, 3, 1, "elder", sun=1, island=7)
    forge(b, g1, 1, 2, "gold_3", 2)
    b.event(g1, 4, 0, "reinforcement_used", "silver_hind", cause="silver_hind")
    b.event(g1, 4, 0, "die_rolled", "glory_2", cause="silver_hind", detail="dark")
    glory(b, g1, 4, 0, 2, "glory_2")
    glory(b, g1, 10, 0, 4, "silver_hind")
    glory(b, g1, 10, 0, 4, "silver_hind")
    glory(b, g1, 6, 1, 4, "glory_2")
    glory(b, g1, 7, 2, 4, "glory_2")
    g2 = b.game(2, (6, 6, 2, 1), bots=("economist", "random", "random", "random"),
                n_decisions=120)
    gain(b, g2, 0, "gold", 3)
    gain(b, g2, 1, "gold", 2)
    gain(b, g2, 1, "moon", 2)
    feat(b, g2, 1, 1, "silver_hind", moon=2, island=2)
    forge(b, g2, 2, 0, "gold_3", 2)
    forge(b, g2, 3, 1, "gold_3", 2)
    b.event(g2, 3, 0, "die_rolled", "gold_3", cause="divine_blessing", detail="light")
    b.event(g2, 3, 0, "die_rolled", "gold_3", cause="divine_blessing", detail="light")
    glory(b, g2, 2, 0, 6, "glory_2")
    glory(b, g2, 2, 1, 4, "glory_2")
    glory(b, g2, 10, 1, 2, "silver_hind")
    glory(b, g2, 3, 2, 2, "glory_2")
    glory(b, g2, 3, 3, 1, "blacksmiths_hammer")
    g3 = b.game(3, (3, 5, 1, 0), bots=("economist", "random", "random", "random"),
                n_decisions=80)
    gain(b, g3, 2, "sun", 1)
    feat(b, g3, 6, 2, "elder", sun=1, island=7)
    glory(b, g3, 1, 0, 3, "glory_2")
    glory(b, g3, 1, 1, 5, "glory_2")
    glory(b, g3, 1, 2, 1, "glory_2")
    return b.write(folder)


def broken_logs(folder: Path) -> Path:
    """A 2-player run whose games 10-15 each break one invariant (see test_audits)."""
    b = LogBuilder(run_id="broken", players=2)
    g10 = b.game(10, (5, 3))
    glory(b, g10, 1, 0, 4, "glory_2")  # score 5 but only 4 Glory logged
    glory(b, g10, 1, 1, 3, "glory_2")
    g11 = b.game(11, (2, 1))
    glory(b, g11, 1, 0, 2, "glory_2")
    glory(b, g11, 1, 1, 1, "glory_2")
    g12 = b.game(12, (1, 0))
    glory(b, g12, 1, 0, 1, "glory_2")
    g13 = b.game(13, (0, 0))
    gain(b, g13, 1, "gold", 1)
    b.event(g13, 1, 1, "resource_spent", "gold_3", "gold", -3, "gold_3")
    g14 = b.game(14, (4, 1))
    glory(b, g14, 1, 0, 4, "glory_2")
    glory(b, g14, 1, 1, 1, "glory_2")
    g15 = b.game(15, (3, 2))
    glory(b, g15, 1, 0, 3, "glory_2")
    glory(b, g15, 1, 1, 2, "glory_2")
    b.event(g15, 1, 1, "die_rolled", "glory_2", cause="divine_blessing", detail="light")
    b.write(folder)
    game, seat, seq = pl.col("game_id"), pl.col("seat"), pl.col("seq")
    rewrite(folder, "players", lambda f: f.filter(~((game == 11) & (seat == 1))).with_columns(
        won=pl.when((game == 14) & (seat == 0)).then(False).otherwise("won"),
        win_share=pl.when((game == 15) & (seat == 0)).then(0.5).otherwise("win_share")))
    rewrite(folder, "events", lambda f: f.with_columns(
        seq=pl.when((game == 12) & (seq == 2)).then(7).otherwise(seq)))
    rewrite(folder, "uses", lambda f: f.with_columns(n=pl.when(game == 15).then(2).otherwise("n")))
    return folder
