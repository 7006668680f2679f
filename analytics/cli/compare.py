"""`dicelab compare` and `dicelab value`: paired experiments on the same seeds."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from analytics.cli.common import (
    GAME_COUNT,
    INT,
    Command,
    FloatRange,
    assumptions_option,
    cluster_option,
    format_option,
    game_option,
    parse_rules,
    set_or_assumptions,
)
from analytics.errors import UserError
from analytics.output import prepare_out

if TYPE_CHECKING:  # heavy modules are imported where used: `dicelab --version` needs none
    pass


def _bots(text: str) -> tuple[str, ...]:
    return tuple(b.strip() for b in text.split(","))


def _echo(out: str, notes: tuple[str, ...]) -> None:
    click.echo(out)
    for note in notes:
        click.echo(note, err=True)


@click.command("compare", cls=Command)
@click.option("--a", "set_a", default=None, metavar="SET|FILE", help="Arm A's card set.")
@click.option("--b", "set_b", default=None, metavar="SET|FILE", help="Arm B's card set.")
@click.option("--module-a", default="", help="Arm A's module (none: the base game).")
@click.option("--module-b", default="", help="Arm B's module.")
@click.option("--rule-a", multiple=True, metavar="NAME=VALUE", help="Arm A's rule option.")
@click.option("--rule-b", multiple=True, metavar="NAME=VALUE", help="Arm B's rule option.")
@click.option("--bots", default="economist", show_default=True,
              help="Bots of both arms: one for all seats, or one per seat (rotated).")
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
@click.option("--workers", type=INT, default=None, help="Processes (default: all cores).")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@cluster_option
@game_option
@format_option
def compare_command(set_a, set_b, module_a, module_b, rule_a, rule_b, bots, bots_a, bots_b,
                    players, games, seed, seed_b, logs_a, logs_b, endpoint, until_decisive, looks,
                    alpha, all_rows, out, workers, quiet, cluster, game, fmt):
    """Compare two setups on the same seeds: paired differences of every measure.

    Both arms play the same seeds with the same bots, rotated through every seat; each game
    of B is compared with the same game of A.

    \b
    Examples:
      dicelab compare --a base --b base-alternates --bots economist,hero,economist,hero
      dicelab compare --a base --b base --rule-b ties=tiebreak --endpoint tie_rate
      dicelab compare --a base --b base --seed-b 1 --all-rows   # A/A: other seeds for B
      dicelab compare --a base --b my-set.toml --until-decisive --games 20000 --looks 4
      dicelab compare --logs-a logs/base --logs-b logs/alt --format json
    """
    from analytics.experiments.compare import compare_logs, report_output

    out = out if out is None else prepare_out(out, folder=True)
    if logs_a or logs_b:
        if not (logs_a and logs_b):
            raise UserError("--logs-a and --logs-b go together (one arm each)")
        if set_a or set_b or until_decisive or seed_b is not None:
            raise UserError("--logs-a/-b compare runs already made: drop --a/--b, "
                            "--seed-b and --until-decisive")
        report = compare_logs(logs_a, logs_b, endpoint, game=game)
    else:
        from analytics.experiments.arms import ArmSpec, compare_setups

        specs = [ArmSpec(card_set or "base", _bots(arm_bots or bots), parse_rules(rules), module,
                         game or "")
                 for card_set, arm_bots, rules, module in (
                     (set_a, bots_a, rule_a, module_a), (set_b, bots_b, rule_b, module_b))]
        report = compare_setups(*specs, players=players, games=games, seed=seed, out=out,
                                endpoint=endpoint, looks=looks if until_decisive else 1,
                                alpha=alpha, workers=workers, progress=not quiet,
                                cluster=cluster, seed_b=seed_b)
    _echo(*report_output(report, fmt, all_rows))



@click.command("value", cls=Command)
@click.argument("component_id", metavar="[ID]", required=False)
@click.option("--all", "all_cards", is_flag=True, help="Rank every card of the set.")
@click.option("--set", "card_set", default=None, metavar="SET|FILE",
              help="Card set: a preset name or a TOML file (default: the game's own; Dice "
                   "Forge: base).")
@assumptions_option
@click.option("--module", default="", help="Module played (default none: the base game).")
@click.option("--ablate", type=click.Choice(["swap", "forbid", "both"]), default="swap",
              show_default=True,
              help="Without the card: swap = replaced by each other card of its slot's cost; "
                   "forbid = left on its slot but no player may perform its feat (rule "
                   "forbid=CARD); both = one arm of each.")
@click.option("--bots", default="economist", show_default=True,
              help="One bot for all seats, or one per seat (rotated).")
@click.option("--rule", "rules", multiple=True, metavar="NAME=VALUE", help="Rule option.")
@click.option("--players", type=INT, default=4, show_default=True, help="2, 3 or 4.")
@click.option("--games", type=GAME_COUNT, default=2000, show_default=True,
              help="Games per arm (the set, and each ablation).")
@click.option("--seed", type=INT, default=0, show_default=True, help="Run seed of every arm.")
@click.option("--out", type=click.Path(), default=None,
              help="Keep the runs here; default: a temporary folder.")
@click.option("--workers", type=INT, default=None, help="Processes (default: all cores).")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@cluster_option
@game_option
@format_option
def value_command(component_id, all_cards, card_set, assumptions, module, ablate, bots, rules,
                  players, games, seed, out, workers, quiet, cluster, game, fmt):
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
      dicelab value arc_golem --game altera --assumptions default --ablate forbid \
          --bots steward --players 3
    """
    import polars as pl

    from analytics.experiments.value import card_value, headline, note
    from analytics.output import render_table
    from analytics.stats import format_p

    if bool(component_id) == all_cards:
        raise UserError("name one CARD or pass --all")
    from analytics.games import DEFAULT_GAME, get_game

    card_set = (set_or_assumptions(card_set, assumptions)
                or get_game(game or DEFAULT_GAME).default_set)
    out = out if out is None else prepare_out(out, folder=True)
    report = card_value(card_set, component_id, players, games, seed, _bots(bots),
                        parse_rules(rules), out, workers, not quiet, cluster, ablate, game or "",
                        module)
    table, detail = (t.with_columns(pl.col("p", *(["p_adj"] if "p_adj" in t.columns else []))
                                    .map_elements(format_p, return_dtype=pl.String))
                     for t in (report.table, report.detail))
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


COMMANDS = [compare_command, value_command]
