"""Copy the published figures of ``benchmarks/results/`` into the package, as data it ships.

    python benchmarks/package_data.py            # rewrite pyramide_widget/analysis/published_rates.json
    python benchmarks/package_data.py --check    # exit 1 if that file is not what the results give

The package reads the file with ``pyramide_widget.published_rates(rules)``, wherever it is
installed (the offline JupyterLite site included), so nothing outside the package is read at
run time. Per rule set it holds the solver's published run (``win_rates.json``: deals, won,
lost, undecided, the 95% interval, seed, node budget, and why it has fewer than 10,000 deals
or none), each strategy's rate with the solver's on the same deals (``strategy_rates.json``; the
expert's too once it is published there) and the outside study's figure where one exists
(``outside_figures.json``, whose rows under rules no preset has are entries of their own).
``publish_win_rate.py`` and ``strategy_rates.py`` call :func:`write` after each run, and
``tests/test_published_data.py`` checks the file against :func:`build`.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
PACKAGE_DATA = ROOT / "pyramide_widget" / "analysis" / "published_rates.json"
FORMAT, VERSION = "pyramide-published-rates", 1

PLAYERS = {
    "solver": "sees every card, the order of the stock included",
    "expert": "plans each move over the ways the cards it has not seen could lie",
    "careful": "looks one move ahead and avoids stranding a card whose partners are gone",
    "greedy": "removes a king if it can, else the first pair it sees, else draws",
    "random": "plays any legal move, at random",
}
"""Who plays, in plain words, strongest first: the order of each entry's players."""


def _solver(item: dict[str, Any], seed: int) -> dict[str, Any]:
    """The solver's figures of a run (an ``estimate --json`` record, or a strategy entry's
    ``solver``), in the package's form."""
    undecided = item.get("undecided", 0)
    figures = {
        "seed": item.get("seed", seed),
        "deals": item["deals"],
        "won": item["won"],
        "lost": item.get("lost", item["deals"] - item["won"] - undecided),
        "undecided": undecided,
        "max_nodes": item.get("max_nodes"),
        "ci95": item["ci95"],
    }
    if "max_removed" in item:
        figures["max_removed"] = item["max_removed"]
    if item.get("fewer_because"):
        figures["fewer_because"] = item["fewer_because"]
    return figures


def _players(entry: dict[str, Any]) -> dict[str, Any]:
    """A strategy entry's players, strongest first, each with the solver on the same deals (a
    player that ran other deals than the entry's gives its own ``deals`` and ``solver``)."""
    strategies = entry["strategies"]
    order = [name for name in PLAYERS if name in strategies]
    order += sorted(set(strategies) - set(order))
    players = {}
    for name in order:
        item = strategies[name]
        deals = item.get("deals", entry["deals"])
        players[name] = {
            "seed": entry["seed"],
            "deals": deals,
            "won": item["won"],
            "ci95": item["ci95"],
            "max_removed": item["max_removed"],
            "solver": _solver(item.get("solver", entry["solver"]), entry["seed"]),
        }
        if item.get("fewer_because"):
            players[name]["fewer_because"] = item["fewer_because"]
    return players


def _outside(row: dict[str, Any], source: dict[str, Any]) -> dict[str, Any]:
    return {
        "source": source["title"],
        "url": source["url"],
        "what": source["what"],
        "won": row["published_won"],
        "deals": row["published_deals"],
    }


def build() -> dict[str, Any]:
    """The package data as the results in ``benchmarks/results/`` give it."""
    win_rates = json.loads((RESULTS / "win_rates.json").read_text())
    strategies = json.loads((RESULTS / "strategy_rates.json").read_text())
    outside = json.loads((RESULTS / "outside_figures.json").read_text())
    entries: dict[str, dict[str, Any]] = {}
    for item in win_rates["results"]:
        entries[item["rules"]] = {"rules": item["rules"], "solver": _solver(item, item["seed"])}
    for letter, why in win_rates.get("unpublished", {}).items():
        entries[letter] = {"rules": letter, "solver": None, "unpublished": why}
    for entry in strategies["results"]:
        entries[entry["rules"]]["players"] = _players(entry)
    others = []
    for row in outside["rows"]:
        figure = _outside(row, outside["source"])
        if "preset" in row:
            entries[row["preset"]]["outside"] = figure
        else:
            run = row["result"]
            others.append(
                {
                    "rules": run["rules_knobs"],
                    "solver": _solver(run, run["seed"]),
                    "outside": figure,
                }
            )
    return {
        "format": FORMAT,
        "version": VERSION,
        "made_by": "python benchmarks/package_data.py, from benchmarks/results/win_rates.json, "
        "strategy_rates.json and outside_figures.json",
        "players": PLAYERS,
        "entries": [_ordered(entry) for entry in [*entries.values(), *others]],
    }


def _ordered(entry: dict[str, Any]) -> dict[str, Any]:
    """An entry's keys in one order, with no players where no strategy was published."""
    keys = ("rules", "solver", "unpublished", "players", "outside")
    return {key: entry.get(key, {}) for key in keys if key in entry or key == "players"}


def text() -> str:
    return json.dumps(build(), indent=1, ensure_ascii=False) + "\n"


def write() -> None:
    """Rewrite the package data from the results (after a run has changed them)."""
    PACKAGE_DATA.write_text(text(), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check", action="store_true", help="exit 1 if the package data is not current"
    )
    args = parser.parse_args()
    if args.check:
        current = PACKAGE_DATA.exists() and PACKAGE_DATA.read_text(encoding="utf-8") == text()
        if not current:
            sys.exit(f"{PACKAGE_DATA} is not current: run 'python benchmarks/package_data.py'")
        return
    write()
    print(f"wrote {PACKAGE_DATA.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
