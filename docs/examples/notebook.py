"""The example of docs/python.md: dicelab's answers as polars frames, as in a notebook.

    python docs/examples/notebook.py [FOLDER]      # default: logs/python-example

Small runs, so it takes a minute; real answers want thousands of games. As a script it
keeps its work under `if __name__ == "__main__"`: worker processes import the script that
started them (in a notebook, cells need no such guard).
"""

import sys
from pathlib import Path

from analytics import api


def main(out: Path) -> None:

    # Play 300 four-player games of the base set with the default bots.
    run = api.simulate(out / "base", players=4, games=300, seed=7)

    # Which cards do winners own? An association: who buys a card is chosen by the game.
    cards = api.components("card", run, min_n=100)
    print(cards.table.select("card", "take_rate", "delta", "delta_low", "delta_high")
          .sort("delta", descending=True).head(5))

    # Does the first seat win too often? One verdict line per player count.
    print(api.balance(run).headline)

    # What does the Hydra do for its buyers? An effect: the set with and without it, same seeds.
    hydra = api.value("hydra", "base", games=150, seed=7, out=out / "value-hydra")
    print(hydra.headline)

    # Two card sets on the same seeds: every measure as a paired difference (B - A).
    versus = api.compare("base", "base-alternates", games=150, seed=7, out=out / "compare")
    print(versus.headline)
    print(versus.table.filter(versus.table["item"] == "mean score")
          .select("a", "b", "difference", "low", "high"))

    # Any query of queries/, and the HTML report.
    print(api.query("win_rate_by_seat", run))
    html, markdown = api.report(run, out / "report.html", title="From Python")
    print(f"report: {html}")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "logs/python-example"))
