"""A card-set search's report: its progress, the winners on fresh seeds, and each winner's
paired comparison with the reference set, rendered as `dicelab report` renders (one HTML file
and its Markdown twin)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import polars as pl
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from analytics.experiments.compare import displayed, shown_rows
from analytics.experiments.search_space import candidate_key
from analytics.games import get_game
from analytics.reports.render import RenderedSection, write_report


def progress_chart(ax: Axes, history: pl.DataFrame) -> Axes:
    """Every set raced (loss by rung, with its interval) and the best of the deepest rung."""
    order = np.arange(history.height)
    # A percentile interval of a biased statistic (a maximum over seats) may leave out the
    # estimate itself: the bar then starts at the estimate.
    below = np.maximum(0.0, (history["loss"] - history["loss_low"]).to_numpy())
    above = np.maximum(0.0, (history["loss_high"] - history["loss"]).to_numpy())
    ax.errorbar(order, history["loss"], yerr=[below, above],
                fmt="o", ms=3, alpha=0.35, lw=0.8, label="a set at a rung (95% bootstrap)")
    best, deepest, line = np.inf, -1, []
    for games, loss in zip(history["games"], history["loss"], strict=True):
        if games > deepest or (games == deepest and loss < best):
            best = loss if games > deepest else min(best, loss)
            deepest = games
        line.append(best)
    ax.step(order, line, where="post", color="black", label="best on the most games so far")
    ax.set_xlabel("sets raced, in order")
    ax.set_ylabel("loss (lower is better)")
    ax.legend(loc="upper right", fontsize=8)
    return ax


def changes_table(result, kind: str) -> pl.DataFrame:
    """One row per winner and slot changed: the reference's component and the winner's."""
    rows = [{"winner": w.rank, "set": f"search-{candidate_key(w.candidate)}", "slot": slot,
             f"reference_{kind}": before, f"winner_{kind}": after}
            for w in result.winners for slot, before, after in w.changes]
    columns = ["winner", "set", "slot", f"reference_{kind}", f"winner_{kind}"]
    return pl.DataFrame(rows) if rows else pl.DataFrame({c: [] for c in columns})


def values_table(result, kind: str) -> pl.DataFrame:
    """One row per set and component: its paired value on the fresh seeds (value_band)."""
    sets = [(result.reference, result.reference_values)] + [
        (f"winner {w.rank}", w.values) for w in result.winners]
    return pl.DataFrame([{"set": name, kind: card, "value": value}
                         for name, values in sets for card, value in values.items()])


def modules_table(result) -> pl.DataFrame:
    """One row per set: module_parity's measure under each module on the fresh seeds, and the
    largest gap between modules (the objective's term)."""
    sets = [(result.reference, result.reference_by_module)] + [
        (f"winner {w.rank}", w.by_module) for w in result.winners]
    return pl.DataFrame([{"set": name, **found, "largest_gap": max(found.values())
                          - min(found.values())} for name, found in sets])


def summary_lines(result) -> list[str]:
    """What was searched, what it cost, and the first winner in plain words."""
    spec, space = result.spec, result.space
    objectives = " + ".join(o.text for o in spec.objectives)
    lines = [f"searched {space.size:,} legal sets ({len(space.free)} of {len(space.slots)} "
             f"slots free) of {spec.game} around {result.reference}, {spec.players} players, "
             f"bots {','.join(spec.bots)}, module {spec.module}, toward {objectives}",
             f"{result.spent:,} games in the search ({result.generations} generations, budget "
             f"{spec.budget:,}), seed {spec.seed}; every set on the same seeds",
             f"reference {result.reference} on {spec.holdout_games:,} fresh seeds: loss "
             f"{result.reference_holdout.text()}"]
    for w in result.winners:
        changed = ", ".join(f"{s} {a}->{b}" for s, a, b in w.changes) or "no slot changed"
        lines.append(f"winner {w.rank} (search-{candidate_key(w.candidate)}; {changed}): "
                     f"loss {w.search.text()} in the search, {w.holdout.text()} on fresh "
                     f"seeds; minus the reference's there {w.versus_reference.text()} (paired)")
    lines.append("the search's own estimate of its best is optimistic (the best of many noisy "
                 "estimates looks better than it is): read the fresh-seed figures")
    return lines


def write_search_report(result, out: Path) -> tuple[Path, Path]:
    """Write `out` (.html) and its .md twin for a finished search."""
    kind = get_game(result.spec.game).roles.set_kind
    figure = Figure(figsize=(9, 4.5), layout="constrained")
    progress_chart(figure.add_subplot(), result.history)
    sections = [
        RenderedSection("Winners on fresh seeds", "Each winner's loss in the search and on "
                        "fresh seeds, and its paired difference from the reference set there "
                        "(negative: better than the reference).", winners_table(result),
                        anchor="winners"),
        RenderedSection("How each winner differs from the reference", "Slot by slot: the "
                        f"reference's {kind} and the winner's.", changes_table(result, kind),
                        anchor="changes"),
        RenderedSection("The search's progress", f"{result.history.height} races of a set at a "
                        "rung; every rung doubles the games, on the same seeds for every set.",
                        result.history, figure=figure, sortable=True, anchor="progress")]
    if result.reference_values:
        sections.append(RenderedSection(
            f"Paired values of each {kind} on fresh seeds", f"Win rate of the seats that "
            f"bought the {kind} minus the same seats' win rate on the same seeds with it "
            "forbidden, in the reference and in each winner.", values_table(result, kind),
            sortable=True, anchor="values"))
    if result.reference_by_module:
        parity = next(o for o in result.spec.objectives if o.parity_sets)
        sections.append(RenderedSection(
            "The measure under each module on fresh seeds", f"{parity.text}: each set played "
            "under each module on the same fresh seeds (a module's own slots hold its cards).",
            modules_table(result), anchor="modules"))
    for w in result.winners:
        rows, hidden = shown_rows(w.comparison.comparison, False)
        sections.append(RenderedSection(
            f"Winner {w.rank} against {result.reference}",
            f"Paired compare on {w.holdout.games:,} fresh seeds: A = {result.reference}, "
            f"B = search-{candidate_key(w.candidate)}; difference B - A ({hidden} component "
            "rows that did not move hidden).", displayed(rows), anchor=f"winner{w.rank}"))
    manifest = pl.DataFrame({"setting": list(result.spec.as_json()),
                             "value": [str(v) for v in result.spec.as_json().values()]})
    return write_report(out, out.with_suffix(".md"), title="Card-set search",
                        subtitle=f"{result.spec.game}: {result.reference} and "
                                 f"{len(result.space.free)} free slots",
                        summary=summary_lines(result), sections=sections, manifest=manifest,
                        notes=("loss: the weighted sum of the objectives (lower is better); "
                               "intervals: 95% percentile bootstrap over whole games, the same "
                               "resamples for every set on the same seeds (paired)",
                               "compare rows: see `dicelab compare --help`"))


def winners_table(result) -> pl.DataFrame:
    """One row per winner: how it differs from the reference, its loss in the search and on
    fresh seeds, and its paired difference from the reference there."""
    rows = []
    for w in result.winners:
        row = {"rank": w.rank, "set": candidate_key(w.candidate),
               "slots_changed": len(w.changes),
               "changes": "; ".join(f"{s}: {a} -> {b}" for s, a, b in w.changes) or "none",
               "search_loss": w.search.loss, "search_loss_low": w.search.low,
               "search_loss_high": w.search.high, "search_games": w.search.games,
               "holdout_loss": w.holdout.loss, "holdout_loss_low": w.holdout.low,
               "holdout_loss_high": w.holdout.high,
               "vs_reference": w.versus_reference.loss,
               "vs_reference_low": w.versus_reference.low,
               "vs_reference_high": w.versus_reference.high, "holdout_games": w.holdout.games}
        for objective, term in zip(result.spec.objectives, w.holdout.terms, strict=True):
            row[f"holdout_{objective.name}"] = term
        rows.append(row)
    return pl.DataFrame(rows)


def write_set_files(result) -> list[Path]:
    """Each winner as a set file beside the search (`out`/winners/), for simulate and compare,
    and every race of the search as `out`/history.csv (set ids as in `out`/sets/)."""
    temp = result.out / ".history.csv.tmp"
    result.history.write_csv(temp)
    temp.replace(result.out / "history.csv")
    paths = []
    game = get_game(result.spec.game)
    for w in result.winners:
        path = result.out / "winners" / f"rank{w.rank}-{candidate_key(w.candidate)}.toml"
        path.parent.mkdir(parents=True, exist_ok=True)
        text = game.set_file(f"search-rank{w.rank}-{candidate_key(w.candidate)}",
                             dict(zip(result.space.slots, w.candidate, strict=True)))
        path.with_suffix(".tmp").write_text(text, encoding="utf-8")
        path.with_suffix(".tmp").replace(path)
        paths.append(path)
    return paths
