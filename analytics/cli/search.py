"""`dicelab search`: the card sets of a game searched toward an objective
(analytics.experiments.search)."""

from __future__ import annotations

from pathlib import Path

import click

from analytics.cli.common import (
    GAME_COUNT,
    INT,
    Command,
    assumptions_option,
    cluster_option,
    format_option,
    parse_rules,
    set_or_assumptions,
)
from analytics.errors import UserError
from analytics.output import prepare_out, render_table


def _pairs(given: tuple[str, ...], option: str) -> tuple[tuple[str, str], ...]:
    pairs = []
    for text in given:
        slot, sep, card = text.partition("=")
        if not sep or not slot.strip() or not card.strip():
            raise UserError(f"{option} {text!r}: expected SLOT=ID")
        pairs.append((slot.strip(), card.strip()))
    return tuple(sorted(pairs))


@click.command("search", cls=Command)
@click.option("--objective", "objectives", multiple=True, required=True,
              metavar="NAME[:key=value,...]",
              help="What to minimise (repeatable, summed with weight=W): seat_gap, "
                   "take_band[:low=,high=], value_band[:low=,high=,slots=free], spread[:target=], "
                   "length:target=N[,measure=rounds], distance, module_parity:[of=MEASURE,]"
                   "MODULE=SET,... ; or FILE.sql (one row per game: "
                   "seed, value) or FILE.py:FUNCTION (called with the games). See "
                   "docs/search.md.")
@click.option("--game", default="diceforge", show_default=True, help="Game to search.")
@click.option("--reference", default=None, metavar="SET|FILE",
              help="The set to compare with and whose slots' options are searched (default: "
                   "the game's own; Dice Forge: base).")
@assumptions_option
@click.option("--module", default="none", show_default=True,
              help="Module played (its cards stay on the slots it reserves).")
@click.option("--rule", "rules", multiple=True, metavar="NAME=VALUE", help="Rule option.")
@click.option("--players", type=INT, default=4, show_default=True, help="Player count.")
@click.option("--bots", default=None,
              help="One bot for all seats (a rung of the skill ladder, e.g. mcts:100), or one "
                   "per seat (rotated); default: the game's.")
@click.option("--budget", type=GAME_COUNT, default=30_000, show_default=True,
              help="Games the search may play (the held-out games come on top).")
@click.option("--seed", type=INT, default=0, show_default=True, help="Search seed.")
@click.option("--fix", multiple=True, metavar="SLOT=ID", help="Keep this component on this "
              "slot (repeatable).")
@click.option("--exclude", multiple=True, metavar="ID", help="Never use this component "
              "(repeatable).")
@click.option("--population", type=INT, default=16, show_default=True,
              help="Sets raced per generation.")
@click.option("--first-games", type=INT, default=0,
              help="Games of the first rung (default: 16 rotations of the seats).")
@click.option("--top", type=INT, default=3, show_default=True,
              help="Winners re-evaluated on fresh seeds.")
@click.option("--holdout-games", type=INT, default=2000, show_default=True,
              help="Games of each winner (and the reference) on fresh seeds.")
@click.option("--out", required=True, help="Search folder: its runs, winners, report.")
@click.option("--resume", is_flag=True, help="Finish a stopped search in --out.")
@click.option("--workers", type=INT, default=None, help="Processes (default: all cores).")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@cluster_option
@format_option
def search_command(objectives, game, reference, assumptions, module, rules, players, bots, budget,
                   seed, fix, exclude, population, first_games, top, holdout_games, out, resume,
                   workers, quiet, cluster, fmt) -> None:
    """Search the legal card sets for the ones that best meet an objective.

    Successive halving in generations on common seeds: every set plays the same games, the
    better half plays more. The winners are played again on fresh seeds beside the reference
    set (paired compare); the table, the winners' set files and a report (HTML and Markdown)
    go to --out.

    \b
    Examples:
      dicelab search --objective seat_gap --players 4 --budget 30000 --out searches/fair
      dicelab search --objective value_band:low=-0.05,high=0.15 --population 8 \\
          --first-games 32 --budget 30000 --out searches/band
      dicelab search --objective seat_gap --objective distance:weight=0.05 --fix F7=sphinx \\
          --exclude hydra --out searches/near-base
      dicelab search --objective my_goal.py:loss --objective queries/my_goal.sql:weight=2 \\
          --out searches/mine
      dicelab search --objective seat_gap --out searches/fair --resume
      dicelab search --objective module_parity:goddess=goddess-discovery,titans=titans-discovery \\
          --players 4 --budget 30000 --out searches/parity
      dicelab search --objective seat_gap --bots mcts:100 --budget 2000 --out searches/strong
      dicelab search --game bazaar --objective seat_gap --players 3 --out searches/bazaar
    """
    from analytics.experiments.search import search
    from analytics.experiments.search_eval import SearchSpec
    from analytics.experiments.search_objectives import parse_objective
    from analytics.games import get_game
    from analytics.reports.search import (
        summary_lines,
        winners_table,
        write_search_report,
        write_set_files,
    )

    plugin = get_game(game)
    spec = SearchSpec(tuple(parse_objective(o) for o in objectives), game,
                      set_or_assumptions(reference, assumptions) or plugin.default_set, module,
                      tuple(sorted(parse_rules(rules).items())), players,
                      tuple(b.strip() for b in (bots or plugin.default_bots).split(",")),
                      budget, seed, _pairs(fix, "--fix"), tuple(sorted(exclude)), population,
                      first_games, top, holdout_games)
    folder = Path(prepare_out(out, folder=True))
    result = search(spec, folder, resume=resume, workers=workers, cluster=cluster,
                    progress=not quiet)
    click.echo(render_table(winners_table(result), fmt))
    for line in summary_lines(result):
        click.echo(line, err=True)
    for path in write_set_files(result):
        click.echo(f"winner set file: {path}", err=True)
    html, md = write_search_report(result, folder / "report.html")
    click.echo(f"wrote {html} and {md}", err=True)
