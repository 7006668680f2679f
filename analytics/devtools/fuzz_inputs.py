"""The hostile user of `make fuzz`: for each command, an invocation with bad inputs of every kind
of issue 37 (wrong types, unknown names, malformed set files, specs, queries and records,
damaged and duplicated run folders, odd paths, conflicting options), drawn from a seeded
`random.Random` so that one invocation is made again from its number."""

from __future__ import annotations

import json
import random
import shutil
from collections.abc import Callable
from pathlib import Path

# Values by kind: a few valid ones (a bad input often needs good neighbours to be reached) and
# many bad ones. The commands that play games get few games, so that a valid draw stays quick.
GOOD = {
    "int": ["1", "2", "3"], "games": ["2", "4", "8"], "cgames": ["16"], "players": ["2", "3", "4"],
    "seed": ["0", "7"], "workers": ["1"], "float": ["0.02", "0.5"], "bots": ["economist", "random",
                                                                              "economist,hero"],
    "set": ["base", "base-alternates"], "module": ["none"], "rule": ["ties=tiebreak"],
    "game": ["diceforge"], "format": ["table", "csv", "json"], "sort": ["delta", "n", "seat"],
    "columns": ["n", "seat,n"], "query": ["win_rate_by_seat", "score_by_source"],
    "kind": ["card", "face"], "chart": ["seats", "scores", "cards", "rounds", "glory"],
    "card": ["hydra", "satyrs"], "endpoint": ["first_seat", "score"], "list": ["bots", "sets"],
    "ablate": ["swap", "forbid"], "source": ["simulated", "recorded"], "text": ["x"],
}
BAD = {
    "int": ["x", "", "٣", "1_0", "+5", "-1", "0", "1e3", "99999999999999999999", " 3", "2.5"],
    "float": ["x", "", "nan", "inf", "-1", "2", "1e999", "0", "٠.٥"],
    "name": ["nosuch", "", " ", "Économiste", "a,b", "../x", "x" * 300, "\x1b[31m"],
}
BAD_KIND = {"games": "int", "cgames": "int", "players": "int", "seed": "int", "workers": "int",
            "int": "int", "float": "float"}

# Each command: its positional arguments and options, each with the kind of value it takes;
# "logs" is a run folder (good, damaged or duplicated), "out:SUFFIX" an output path.
LOG_FILTERS = {"--players": "players", "--module": "module", "--set": "set", "--bot": "bots",
               "--game": "game"}
TABLE = {"--columns": "columns", "--wide": None, "--format": "format"}
COMMANDS: dict[str, tuple[list[str], dict[str, str | None]]] = {
    "simulate": ([], {"--out": "out:", "--games": "games", "--players": "players",
                      "--seed": "seed", "--bots": "bots", "--set": "set", "--module": "module",
                      "--rule": "rule", "--workers": "workers", "--resume": None,
                      "--no-rotate": None, "--game": "game", "--cluster": "name"}),
    "repair": (["run"], {"--workers": "workers", "--game": "game"}),
    "export-records": (["run"], {"--out": "out:", "--game": "game"}),
    "import": (["record"], {"--out": "out:", "--game": "game"}),
    "record": (["out:.dfr"], {"--players": "players", "--set": "set", "--name": "text",
                              "--resume": None, "--module": "module", "--rule": "rule"}),
    "list": (["list"], {"--game": "game", "--format": "format"}),
    "summary": ([], {"--logs": "logs", "--top": "int", "--min-n": "int", **LOG_FILTERS,
                     "--format": "format"}),
    "query": (["query"], {"--logs": "logs", "-p": "param", "--queries-dir": "queries",
                          **LOG_FILTERS, **TABLE}),
    "components": (["kind"], {"--logs": "logs", "--sort": "sort", "--min-n": "int",
                              **LOG_FILTERS, **TABLE}),
    "cards": ([], {"--logs": "logs", "--sort": "sort", "--min-n": "int", **TABLE}),
    "faces": ([], {"--logs": "logs", "--sort": "sort", "--min-n": "int", **TABLE}),
    "seats": ([], {"--logs": "logs", "--sort": "sort", **LOG_FILTERS, **TABLE}),
    "power": ([], {"--effect": "float", "--base": "float", "--paired": None,
                   "--correlation": "float", "--logs-a": "logs", "--logs-b": "logs",
                   "--alpha": "float", "--power": "float", "--format": "format"}),
    "chart": (["chart"], {"--logs": "logs", "--out": "out:.png", "--min-n": "int",
                          **LOG_FILTERS}),
    "balance": ([], {"--logs": "logs", "--report": "out:.html", "--set": "set",
                     "--players": "players", "--games": "games", "--bots": "bots",
                     "--out": "out:", "--workers": "workers", **TABLE}),
    "report": ([], {"--logs": "logs", "--out": "out:.html", "--min-n": "int",
                    "--title": "text", **LOG_FILTERS}),
    "compare": ([], {"--a": "set", "--b": "set", "--games": "cgames", "--players": "players",
                     "--bots": "bots", "--logs-a": "logs", "--logs-b": "logs",
                     "--endpoint": "endpoint", "--out": "out:", "--workers": "workers",
                     "--looks": "int", "--alpha": "float", "--format": "format"}),
    "value": (["card"], {"--set": "set", "--games": "games", "--players": "players",
                         "--bots": "bots", "--ablate": "ablate", "--all": None, "--out": "out:",
                         "--workers": "workers", "--format": "format"}),
    "sweep": (["spec"], {"--out": "out:", "--report": "out:.html", "--workers": "workers",
                         "--game": "game", "--format": "format"}),
}
# What a command needs to do anything (drawn most of the time; left out, a usage error).
REQUIRED = {"simulate": ["--out", "--games", "--workers"], "power": ["--effect"],
            "chart": ["--out", "--logs"], "report": ["--out", "--logs"],
            "export-records": ["--out"], "import": ["--out"], "record": ["--players"],
            "compare": ["--games", "--workers"], "value": ["--games", "--workers", "--set"],
            "balance": ["--players", "--games", "--workers"], "sweep": ["--out", "--workers"]}
QUIET = {"simulate", "export-records", "import", "balance", "report", "compare", "value",
         "sweep", "repair"}


class Workspace:
    """One invocation's folder, holding copies of what it reads (it may damage or repair them):
    `run` makes a run folder, good or damaged, `file` a user file, good or malformed."""

    def __init__(self, folder: Path, fixtures: Path, rng: random.Random):
        self.folder, self.fixtures, self.rng = folder, fixtures, rng
        self.count = 0

    def name(self, stem: str) -> Path:
        self.count += 1
        return self.folder / f"{stem}{self.count}"

    def run(self) -> list[str]:
        """A run folder, damaged (two in three) in one or two ways; or two copies of one."""
        rng = self.rng
        path = self.name("run")
        shutil.copytree(self.fixtures / "run", path)
        if rng.random() < 0.15:  # the same run twice
            twin = self.name("copy")
            shutil.copytree(path, twin)
            return [str(path), str(twin)]
        for _ in range(rng.choice([0, 1, 1, 2])):
            rng.choice(DAMAGE)(path, rng)
        return [str(path)]

    def file(self, kind: str) -> str:
        """A set file, sweep spec, record or query folder: valid or malformed."""
        rng = self.rng
        good = (self.fixtures / f"good.{kind}").read_bytes()
        path = self.name("input").with_suffix(f".{kind}")
        path.write_bytes(mutate(good, rng) if rng.random() < 0.7 else good)
        return str(path)

    def out(self, suffix: str) -> str:
        """An output path, as often odd (empty, under a file, a URL, an existing folder or
        file, deep) as plain."""
        rng = self.rng
        afile = self.folder / "afile"
        afile.write_text("x", encoding="utf-8")
        plain = f"out{self.count}{suffix}"
        return rng.choice([
            plain, plain, f"a/b/c/{plain}", "", " ", str(afile), f"{afile}/{plain}",
            f"memory://x/{plain}", ".", "..", str(self.folder), "/proc/x" + suffix,
            f"{plain}/", "x" * 300 + suffix, f"ü ñ/{plain}", "out\n" + suffix,
            f"out{suffix}.d", "-" + plain])


def _config(edit: Callable[[dict], object]) -> Callable[[Path, random.Random], None]:
    def damage(run: Path, rng: random.Random) -> None:
        path = run / "config.json"
        try:
            edited = edit(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError, LookupError, TypeError, AttributeError):
            return  # damaged already (two damages drawn): left as it is
        path.write_text(json.dumps(edited), encoding="utf-8")
    return damage


def _swap(run: Path, rng: random.Random) -> None:
    """A Parquet file replaced by another table's file."""
    files = sorted(run.rglob("*.parquet"))
    if len(files) > 1:  # not after the parts were deleted
        source, target = rng.sample(files, 2)
        shutil.copy(source, target)


def _file_damage(run: Path, rng: random.Random) -> None:
    """A file of the run truncated, filled with garbage, emptied or deleted."""
    files = sorted(p for p in run.rglob("*") if p.is_file())
    if not files:
        return
    path = rng.choice(files)
    data = path.read_bytes()
    how = rng.choice(["truncate", "garbage", "empty", "delete", "flip", "utf8"])
    if how == "delete":
        path.unlink()
    else:
        path.write_bytes({"truncate": data[: len(data) // 2], "empty": b"",
                          "garbage": bytes(rng.randrange(256) for _ in range(64)),
                          "flip": mutate(data, rng), "utf8": b"\xff\xfe" + data}[how])


def _set(changes: dict) -> Callable[[dict], dict]:
    def edit(stored: dict) -> dict:
        stored["config"].update(changes)
        return stored
    return edit


DAMAGE = [
    _config(_set({"rules": []})), _config(lambda s: {"config": {}}), _config(lambda s: {}),
    _config(lambda s: {**s, "part_size": "x"}), _config(_set({"seed": None})),
    _config(_set({"games": "x"})), _config(lambda s: []), _config(_set({"players": 9})),
    _config(_set({"bots": ["nosuch"]})), _config(_set({"games": 10**12})),
    _config(lambda s: {**s, "part_size": 0}), _swap, _swap, _file_damage, _file_damage,
    lambda run, rng: shutil.rmtree(run / "parts", ignore_errors=True),
]


def mutate(data: bytes, rng: random.Random) -> bytes:
    """`data` damaged one way: a line dropped, doubled or garbled, cut short, emptied, bytes
    that are not UTF-8, a NUL."""
    lines = data.split(b"\n")
    at = rng.randrange(len(lines))
    how = rng.choice(["drop", "double", "garble", "cut", "empty", "latin1", "nul", "word"])
    if how == "drop":
        del lines[at]
    elif how == "double":
        lines.insert(at, lines[at])
    elif how == "garble":
        lines[at] = bytes(rng.randrange(32, 127) for _ in range(rng.randrange(1, 20)))
    elif how == "word":
        words = lines[at].split(b" ")
        words[rng.randrange(len(words))] = rng.choice([b"", b"-1", b"nosuch", b"[", b"=", b'"'])
        lines[at] = b" ".join(words)
    elif how == "latin1":
        lines[at] += b" \xe9\xff"
    elif how == "nul":
        lines[at] += b"\x00"
    joined = b"\n".join(lines)
    return {"cut": joined[: len(joined) // 2], "empty": b""}.get(how, joined)


def invocation(command: str, ws: Workspace) -> list[str]:
    """One invocation of `command`: its arguments, each valid or (often) not."""
    rng = ws.rng
    positional, options = COMMANDS[command]
    chosen = [o for o in options if rng.random() < 0.35 or (
        o in REQUIRED.get(command, ()) and rng.random() < 0.95)]
    args = [command]
    for kind in positional:
        if rng.random() < 0.95:
            args += value(kind, ws)
    for option in rng.sample(chosen, len(chosen)):
        kind = options[option]
        args += [option] if kind is None else [
            part for v in value(kind, ws) for part in (option, v)] if kind == "logs" else [
            option, *value(kind, ws)]
    if "--queries-dir" in args and rng.random() < 0.8:  # the query of that folder, by name
        folder = Path(args[args.index("--queries-dir") + 1])
        args[1] = next(folder.glob("*.sql")).stem
    if command in QUIET and rng.random() < 0.9:
        args.append("--quiet")
    if rng.random() < 0.05:  # an option given without its value, at the end
        args.append(rng.choice(list(options)))
    return args


def value(kind: str, ws: Workspace) -> list[str]:
    """A value of `kind` (one or more arguments), bad about half the time."""
    rng = ws.rng
    bad = rng.random() < 0.5
    if kind == "logs" or kind == "run":
        return ws.run() if kind == "logs" else ws.run()[:1]
    if kind.startswith("out:"):
        return [ws.out(kind[4:])]
    if kind in ("record", "spec", "queries"):
        path = ws.file({"record": "dfr", "spec": "toml", "queries": "sql"}[kind])
        if kind == "queries":  # a folder of its own holding the one .sql file
            folder = ws.name("queries")
            folder.mkdir()
            shutil.move(path, folder)
            return [str(folder)]
        return [path]
    if kind == "param":
        return [rng.choice(["players", "x", "", "component"]),
                rng.choice(["4", "x", "", "card", "٣"])]
    if kind == "set" and rng.random() < 0.3:
        return [ws.file("set.toml")]
    if not bad and kind in GOOD:
        return [rng.choice(GOOD[kind])]
    return [rng.choice(BAD[BAD_KIND.get(kind, "name")])]
