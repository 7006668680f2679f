"""`dicelab compare` and `dicelab value`: paired experiments on the same seeds."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from analytics.cache import Output
from analytics.cli.common import (
    GAME_COUNT,
    INT,
    Command,
    FloatRange,
    assumptions_option,
    bots_of,
    bots_option,
    cached_output,
    cluster_option,
    echo_note,
    format_option,
    game_option,
    parse_rules,
    report_option,
    runs_for_report,
    set_or_assumptions,
    show,
    swap_option,
    swapped_set,
    table_options,
)
from analytics.errors import UserError
from analytics.output import prepare_out

if TYPE_CHECKING:  # heavy modules are imported where used: `dicelab --version` needs none
    pass


def _echo(out: str, notes: tuple[str, ...]) -> None:
    click.echo(out, nl=not out.endswith("\n"))  # CSV ends its last row: no blank line after
    for note in notes:
        echo_note(note)


@click.command("compare", cls=Command)
@click.option("--a", "set_a", default=None, metavar="SET|FILE", help="Arm A's card set.")
@click.option("--b", "set_b", default=None, metavar="SET|FILE", help="Arm B's card set.")
@assumptions_option
@click.option("--module-a", default="", help="Arm A's module (none: the base game).")
@click.option("--module-b", default="", help="Arm B's module.")
@click.option("--swap-a", multiple=True, metavar="SLOT=CARD",
              help="Put CARD on SLOT of arm A's set (repeatable).")
@click.option("--swap", "swap_b", multiple=True, metavar="SLOT=CARD",
              help="Put CARD on SLOT of arm B's set (repeatable); without --b, arm B is arm A's "
                   "set with these changes: one swap, no set file.")
@click.option("--rule-a", multiple=True, metavar="NAME=VALUE", help="Arm A's rule option.")
@click.option("--rule-b", multiple=True, metavar="NAME=VALUE", help="Arm B's rule option.")
@bots_option("Bots of both arms: one for all seats, or one per seat (rotated).")
@click.option("--bots-a", default=None, help="Arm A's bots (default --bots).")
@click.option("--bots-b", default=None, help="Arm B's bots (default --bots).")
@click.option("--players", type=INT, default=4, show_default=True, help="2, 3 or 4.")
@click.option("--games", type=GAME_COUNT, default=2000, show_default=True,
              help="Games per arm (the most, with --until-decisive), rounded up to whole "
                   "rotations of the bots (a multiple of --players per look).")
@click.option("--seed", type=INT, default=0, show_default=True, help="Run seed of both arms.")
@click.option("--seed-b", type=INT, default=None,
              help="A/A check: arm B plays this run seed instead (other games, paired with "
                   "A's by position: the same bots in the same seats).")
@click.option("--logs-a", multiple=True, metavar="PATH", help="Arm A from existing runs.")
@click.option("--logs-b", multiple=True, metavar="PATH", help="Arm B from existing runs.")
@click.option("--endpoint", default="first_seat", show_default=True,
              help="Measure of the first line and of the stopping rule: first_seat, score, "
                   "spread, margin, rounds, decisions, tie_rate, bot:NAME.")
@click.option("--until-decisive", is_flag=True,
              help="Play in --looks looks; stop at an O'Brien-Fleming boundary.")
@click.option("--looks", type=INT, default=5, show_default=True,
              help="With --until-decisive: equally spaced looks.")
@click.option("--alpha", type=FloatRange(0, 1, min_open=True, max_open=True),
              default=0.05, show_default=True, help="Two-sided level of the stopping rule.")
@click.option("--all-rows", is_flag=True, help="Also show component rows that did not move.")
@click.option("--out", type=click.Path(), default=None,
              help="Keep the arms' runs here (a/ and b/); default: a temporary folder.")
@report_option
@click.option("--workers", type=INT, default=None, help="Processes (default: all cores).")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@cluster_option
@game_option
@format_option
def compare_command(**options):
    """Compare two setups on the same seeds: paired differences of every measure.

    Both arms play the same seeds with the same bots, rotated through every seat; each game
    of B is compared with the same game of A.

    \b
    Examples:
      dicelab compare --a base --b base-alternates --bots economist,hero,economist,hero
      dicelab compare --a base --swap M8=goddess --bots economist,hero,economist,hero
      dicelab compare --a base --b base --rule-b ties=tiebreak --endpoint tie_rate
      dicelab compare --a base --b base --seed-b 1 --all-rows   # A/A: other seeds for B
      dicelab compare --a base --b my-set.toml --until-decisive --games 20000 --looks 4
      dicelab compare --logs-a logs/base --logs-b logs/alt --format json
      dicelab compare --a base --swap M8=goddess --report reports/out/goddess.html
      dicelab compare --game altera --assumptions default --rule-b ghost=off --players 2 \\
          --bots steward --games 2000   # both arms under one assumption set
    """
    fmt, all_rows, report_path = (options.pop(k) for k in ("fmt", "all_rows", "report_path"))
    out = options.pop("out")
    out = out if out is None else prepare_out(out, folder=True)
    if report_path is None and (options["logs_a"] or options["logs_b"]):
        show(_compare_logs_cached(options, fmt, all_rows))
        return
    from analytics.experiments.compare import report_output

    with runs_for_report(out, report_path) as runs:
        report, arms = _compare(out=runs, **options)
        if report_path is not None:
            from analytics.reports.paired import write_compare_report

            _wrote(write_compare_report(report, arms, Path(report_path)))
    _echo(*report_output(report, fmt, all_rows))


def _compare_logs_cached(options: dict, fmt: str, all_rows: bool) -> Output:
    """The comparison of runs already made (--logs-a/--logs-b), from the results cache when
    the same runs were compared so before by the same code."""
    _check_logs_arms(**options)
    logs_a, logs_b = options["logs_a"], options["logs_b"]

    def compute() -> Output:
        from analytics.experiments.compare import report_output

        report, _ = _compare(out=None, **options)
        text, notes = report_output(report, fmt, all_rows)
        return Output(text, not text.endswith("\n"), notes)

    # Only these options reach a comparison of logs (the others play new games).
    params = {"command": "compare", "logs_a": logs_a, "logs_b": logs_b,
              "endpoint": options["endpoint"], "game": options["game"], "format": fmt,
              "all_rows": all_rows}
    return cached_output((*logs_a, *logs_b), params, compute)


def _check_logs_arms(*, logs_a, logs_b, set_a, set_b, assumptions, swap_a, swap_b,
                     until_decisive, seed_b, **_) -> None:
    """--logs-a/--logs-b: both, and none of the options that make new arms."""
    if not (logs_a and logs_b):
        raise UserError("--logs-a and --logs-b go together (one arm each)")
    if set_a or set_b or assumptions or swap_a or swap_b or until_decisive \
            or seed_b is not None:
        raise UserError("--logs-a/-b compare runs already made: drop --a/--b, --swap, "
                        "--seed-b and --until-decisive")


def _wrote(paths) -> None:
    click.echo(f"wrote {paths[0]} and {paths[1]}", err=True)


def _compare(*, set_a, set_b, assumptions, module_a, module_b, swap_a, swap_b, rule_a, rule_b,
             bots, bots_a,
             bots_b, players, games, seed, seed_b, logs_a, logs_b, endpoint, until_decisive,
             looks, alpha, out, workers, quiet, cluster, game):
    """The comparison and the folders of its arms' runs (those read, or those played)."""
    from analytics.experiments.compare import compare_logs

    if logs_a or logs_b:
        _check_logs_arms(logs_a=logs_a, logs_b=logs_b, set_a=set_a, set_b=set_b,
                         assumptions=assumptions, swap_a=swap_a, swap_b=swap_b,
                         until_decisive=until_decisive, seed_b=seed_b)
        return compare_logs(logs_a, logs_b, endpoint, game=game), [*map(Path, logs_a),
                                                                     *map(Path, logs_b)]
    from analytics.experiments.arms import ArmSpec, compare_setups

    if assumptions and (set_a or set_b):
        raise click.UsageError("--assumptions is both arms' set: give it, or --a/--b")
    from analytics.games import DEFAULT_GAME, get_game

    own = get_game(game or DEFAULT_GAME).default_set  # the game's own set (Dice Forge: base)
    set_a = set_a or assumptions or own
    set_b = set_b or (set_a if swap_b or assumptions else own)
    specs = [ArmSpec(swapped_set(card_set, swaps), bots_of(arm_bots or bots, game),
                     parse_rules(rules),
                     module, game or "")
             for card_set, swaps, arm_bots, rules, module in (
                 (set_a, swap_a, bots_a, rule_a, module_a),
                 (set_b, swap_b, bots_b, rule_b, module_b))]
    report = compare_setups(*specs, players=players, games=games, seed=seed, out=out,
                            endpoint=endpoint, looks=looks if until_decisive else 1,
                            alpha=alpha, workers=workers, progress=not quiet,
                            cluster=cluster, seed_b=seed_b)
    return report, [] if out is None else [Path(out) / "a", Path(out) / "b"]



@click.command("value", cls=Command)
@click.argument("component_id", metavar="[ID]", required=False)
@click.option("--all", "all_cards", is_flag=True, help="Rank every card of the set.")
@click.option("--set", "card_set", default=None, metavar="SET|FILE",
              help="Card set: a preset name or a TOML file (default: the game's own; Dice "
                   "Forge: base).")
@assumptions_option
@swap_option
@click.option("--against", default=None, metavar="CARD",
              help="Only the swap for this card: is ID better than CARD for its buyers?")
@click.option("--module", default="", help="Module played (default none: the base game).")
@click.option("--ablate", type=click.Choice(["swap", "forbid", "both"]), default="swap",
              show_default=True,
              help="Without the card: swap = replaced by each other card of its slot's cost; "
                   "forbid = left on its slot but no player may perform its feat (rule "
                   "forbid=CARD); both = one arm of each.")
@table_options
@click.option("--games", type=GAME_COUNT, default=2000, show_default=True,
              help="Games per arm (the set, and each ablation).")
@click.option("--seed", type=INT, default=0, show_default=True, help="Run seed of every arm.")
@click.option("--out", type=click.Path(), default=None,
              help="Keep the runs here; default: a temporary folder.")
@report_option
@click.option("--skill", default=None, metavar="BOT,BOT,...",
              help="Skill levels, weakest first: each bot plays every seat (a rung of "
                   "'dicelab ladder'); the values side by side, and whether each holds for "
                   "stronger players. Replaces --bots.")
@click.option("--workers", type=INT, default=None, help="Processes (default: all cores).")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@cluster_option
@game_option
@format_option
def value_command(component_id, all_cards, card_set, assumptions, swaps, against, module, ablate,
                  bots, rules, players, games, seed, out, report_path, skill, workers, quiet,
                  cluster, game, fmt):
    """How strong a card is: its buyers' win rate with it minus without it, on paired seeds.

    The set is played as it is and again without the card, on the same seeds and bots:
    replaced by each other card of its slot's cost (--ablate swap, the default: what the card
    is worth against its alternatives), or kept out of every player's reach (--ablate forbid:
    against buying something else; works for every card). Each seat's and bot's change is
    shown too.

    \b
    Examples:
      dicelab value hydra --set base --bots economist,hero,economist,hero --games 10000
      dicelab value hydra --ablate forbid --bots economist,hero,economist,hero
      dicelab value --all --set base --games 5000 --format csv
      dicelab value great_golem --set goddess-discovery --module goddess --ablate forbid
      dicelab value hydra --against goddess --bots economist,hero,economist,hero
      dicelab value goddess --set base --swap M8=goddess --against hydra --report goddess.html
      dicelab value hydra --ablate forbid --skill economist,lookahead,mcts:100 --games 2000
      dicelab value arc_golem --game altera --assumptions default --ablate forbid \\
          --bots steward --players 3
    """
    from analytics.experiments.compare import displayed
    from analytics.experiments.value import card_value, headline, note
    from analytics.output import render_table

    if bool(component_id) == all_cards:
        raise UserError("name one CARD or pass --all")
    from analytics.games import DEFAULT_GAME, get_game

    card_set = (set_or_assumptions(card_set, assumptions)
                or get_game(game or DEFAULT_GAME).default_set)
    out = out if out is None else prepare_out(out, folder=True)
    if skill is not None:
        if against or report_path is not None:
            raise UserError("--skill plays one value per level: give it without --against "
                            "and --report")
        _skill_value(swapped_set(card_set, swaps), component_id, players, games, seed,
                     bots_of(skill, game), parse_rules(rules), out, workers, not quiet, cluster,
                     ablate, game or "", module, fmt)
        return
    with runs_for_report(out, report_path) as runs:
        report = card_value(swapped_set(card_set, swaps), component_id, players, games, seed,
                            bots_of(bots, game), parse_rules(rules), runs, workers, not quiet,
                            cluster, ablate, game or "", module, against)
        if report_path is not None:
            from analytics.reports.paired import write_value_report

            _wrote(write_value_report(report, Path(runs), Path(report_path)))
    table, detail = displayed(report.table), displayed(report.detail)
    if fmt == "json":
        from analytics.output import json_text

        body = {"headline": headline(report), "ablation": report.ablate,
                "values": table.to_dicts(),
                "seats_and_bots": detail.to_dicts()}
        _echo(json_text(body), (*report.read, note(report.kind)))
    elif fmt == "csv":
        _echo(render_table(table, "csv"), (*report.read, headline(report), note(report.kind)))
    else:
        text = "\n".join([headline(report), "", render_table(table), "",
                          f"Each seat and bot, with the {report.kind} minus without",
                          render_table(detail)])
        _echo(text, (*report.read, note(report.kind)))


def _skill_value(card_set, card, players, games, seed, levels, rules, out, workers, progress,
                 cluster, ablate, game, module, fmt) -> None:
    """`value --skill a,b,c`: the value at each level (every seat that bot), side by side."""
    from pathlib import Path

    from analytics.experiments.ladder import plain_name
    from analytics.experiments.skill import LEVEL_NOTE, value_by_skill
    from analytics.experiments.value import card_value, note
    from analytics.output import render_table

    reports = {level: card_value(card_set, card, players, games, seed, (level,), rules,
                                 None if out is None else Path(out) / plain_name(level),
                                 workers, progress, cluster, ablate, game, module)
               for level in levels}
    kind = next(iter(reports.values())).kind
    table = value_by_skill({level: r.table for level, r in reports.items()}, kind)
    read = tuple(f"{level}: {line}" for level, r in reports.items() for line in r.read)
    if fmt != "table":
        _echo(render_table(table.long, fmt), (*read, note(kind), LEVEL_NOTE))
        return
    text = "\n".join([render_table(table.wide), "", *table.lines])
    _echo(text, (*read, note(kind), LEVEL_NOTE))


COMMANDS = [compare_command, value_command]
