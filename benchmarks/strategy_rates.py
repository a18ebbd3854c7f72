"""The win rates of the built-in strategies, per preset, beside the solver's.

Writes ``benchmarks/results/strategy_rates.json``, which the README's table shows and
``tests/test_published_strategy_rates.py`` checks, then the package's copy of the published
figures (``package_data.py``)::

    python benchmarks/strategy_rates.py                       # every preset, 10,000 deals each
    python benchmarks/strategy_rates.py --presets ST --deals 2000
    python benchmarks/strategy_rates.py --presets T --deals 2000 --players expert
    python benchmarks/strategy_rates.py --table               # the README's table of the file

Each strategy plays the deals the solver's published run solved (seed 2024, the first
``--deals`` of them: ``benchmarks/results/win_rates.json``), seeing only what a player sees
(``estimate(player=...)``). A run updates the entries of the presets it plays and keeps the
others, so presets can be run at different times; each entry says how many deals it played,
its command, the machine and when, and the solver's figures on the same deals (from the
published run, or solved here for a shorter run of a preset whose winning codes were not
kept). ``--players`` plays only those strategies and puts them into the preset's entry; one
that played other deals than the entry's keeps its own ``deals``, ``solver`` and ``command``. The script stops if a strategy won a deal the solver calls lost; for the rare-win
presets (S, T, R) it keeps the strategies' winning codes, which the tests check likewise.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import package_data  # noqa: E402 (beside this script)
from machine import measured  # noqa: E402 (beside this script)

from pyramide_widget import PRESETS, estimate  # noqa: E402
from pyramide_widget.analysis.estimation import deal_letters  # noqa: E402
from pyramide_widget.analysis.rate import wilson_interval  # noqa: E402
from pyramide_widget.analysis.strategies import STRATEGIES  # noqa: E402
from pyramide_widget.engine.deal import DealCode  # noqa: E402
from pyramide_widget.solver import SearchLimitReached, solve  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results"
OUT = RESULTS / "strategy_rates.json"
SEED = 2024
UNDECIDED_KEYS = ("lost", "undecided", "max_nodes", "rate_range")
"""What a solver run with a node budget adds to its figures."""


def solver_figures(letter: str, deals: int) -> tuple[dict, set[str] | None]:
    """The solver's figures on the same deals, and the codes it won when they are known.

    From the published run when it played exactly these deals, or when it kept the codes it
    won (a prefix of its deals is then counted from them); otherwise solved here."""
    published = json.loads((RESULTS / "win_rates.json").read_text())
    item = next((item for item in published["results"] if item["rules"] == letter), None)
    if item is None:
        raise SystemExit(
            f"{letter}: no solver run in win_rates.json to compare with; publish one first"
        )
    if deals > item["deals"]:
        raise SystemExit(f"{letter}: the solver's published run has only {item['deals']} deals")
    if item.get("undecided") and deals == item["deals"]:  # a run with a node budget: its range
        figures = {key: item[key] for key in ("deals", "won", "rate", "ci95", *UNDECIDED_KEYS)}
        return {**figures, "source": "win_rates.json"}, set(item["won_codes"])
    if item.get(
        "undecided"
    ):  # which of the first deals were undecided is not kept: solve them again
        result = estimate(letter, deals=deals, seed=SEED, keep="won", max_nodes=item["max_nodes"])
        figures = {
            key: value
            for key, value in result.to_dict().items()
            if key in (*UNDECIDED_KEYS, "rate", "ci95")
        }
        return {"deals": deals, "won": result.won, **figures, "source": "solved by this run"}, set(
            result.won_codes
        )
    if item.get("won_codes") is not None:
        codes = set(estimate_codes(letter, deals))
        won = set(item["won_codes"]) & codes
        source = "win_rates.json"
    elif deals == item["deals"]:
        won, source = None, "win_rates.json"
        return {
            "deals": deals,
            "won": item["won"],
            "rate": item["rate"],
            "ci95": item["ci95"],
            "source": source,
        }, won
    else:
        result = estimate(letter, deals=deals, seed=SEED, keep="won")
        won, source = set(result.won_codes), "solved by this run"
    low, high = wilson_interval(len(won), deals)
    figures = {
        "deals": deals,
        "won": len(won),
        "rate": len(won) / deals,
        "ci95": [low, high],
        "source": source,
    }
    return figures, won


def proven_lost(code: str, max_nodes: int) -> bool:
    """Whether the solver, with the published run's node budget, proves ``code`` lost (rather
    than leaving it undecided)."""
    try:
        return not solve(code, max_nodes=max_nodes).winnable
    except SearchLimitReached:
        return False


def estimate_codes(letter: str, deals: int) -> list[str]:
    rules = PRESETS[letter].rules
    return [str(DealCode.for_rules(rules, letters)) for letters in deal_letters(SEED, deals)]


def run(letter: str, deals: int, note: str, players: list[str], fewer_because: str = "") -> dict:
    solver, solver_won = solver_figures(letter, deals)
    chosen = "" if players == list(STRATEGIES) else f" --players {','.join(players)}"
    entry: dict = {
        "rules": letter,
        "rules_name": PRESETS[letter].name,
        "seed": SEED,
        "deals": deals,
        "command": f"python benchmarks/strategy_rates.py --presets {letter} --deals {deals}{chosen}",
        "date": datetime.date.today().isoformat(),
        "machine": {"nproc": os.cpu_count(), "python": platform.python_version(), "note": note},
        "solver": solver,
        "strategies": {},
    }
    for name in players:
        with measured() as conditions:
            result = estimate(
                letter, deals=deals, seed=SEED, player=name, keep="won", chunk_size=100
            )
        seconds = conditions["seconds"]
        figures = result.to_dict()
        item = {key: figures[key] for key in ("won", "rate", "ci95", "max_removed")}
        item["seconds"] = round(seconds, 1)
        item["cpu_seconds"] = conditions["cpu_seconds"]
        item["load"] = conditions["load"]
        if fewer_because:
            item["fewer_because"] = fewer_because
        if solver_won is not None:
            outside = set(result.won_codes) - solver_won
            if solver.get(
                "undecided"
            ):  # a deal the solver did not win may be one it left undecided
                outside = {code for code in outside if proven_lost(code, solver["max_nodes"])}
            if outside:
                raise SystemExit(
                    f"{letter}: {name} won {sorted(outside)}, which the solver calls lost"
                )
            if solver["source"] == "win_rates.json":  # the rare-win presets, whose codes it kept
                item["won_codes"] = list(result.won_codes)
        entry["strategies"][name] = item
        print(f"{letter} {name:<8} {result.summary()}  {seconds:.0f} s", flush=True)
    return entry


def join(old: dict, new: dict) -> dict:
    """``old`` with the players of ``new`` (a ``--players`` run) in it; a player that played
    other deals than ``old``'s keeps its own deals, solver figures and command."""
    entry = {**old, "strategies": dict(old["strategies"])}
    for name, item in new["strategies"].items():
        if new["deals"] != old["deals"]:
            item = {**item, "deals": new["deals"], "solver": new["solver"]}
        entry["strategies"][name] = {**item, "command": new["command"], "date": new["date"]}
    return entry


def percent(item: dict) -> str:
    """A rate and its interval as the README's table writes them: more digits below 1%; with
    undecided deals (a solver run with a node budget), the range from none of them won to all."""
    digits = 2 if item["rate"] < 0.01 else 1
    low, high = item["ci95"]
    if item.get("undecided"):
        first, last = item["rate_range"]
        return f"{100 * first:.{digits}f}–{100 * last:.{digits}f}% ({100 * low:.{digits}f}–{100 * high:.{digits}f}%)"
    return f"{100 * item['rate']:.{digits}f}% ({100 * low:.{digits}f}–{100 * high:.{digits}f}%)"


def cell(entry: dict, name: str) -> str:
    """A player's cell of the README's table: its rate, on its own deals where they differ from
    the entry's, or a dash where it has not played this preset."""
    item = entry["strategies"].get(name)
    if item is None:
        return "—"
    deals = item.get("deals", entry["deals"])
    return percent(item) + ("" if deals == entry["deals"] else f" on {deals:,} deals")


def readme_table() -> str:
    """The README's table of the published rates (``--table``)."""
    results = json.loads(OUT.read_text())["results"]
    played = {name for entry in results for name in entry["strategies"]}
    names = [name for name in package_data.PLAYERS if name in played]  # the strongest first
    lines = [
        f"| preset | deals | solver (sees the stock) | {' | '.join(names)} |",
        "|---" * (3 + len(names)) + "|",
    ]
    for entry in results:
        cells = [percent(entry["solver"])] + [cell(entry, name) for name in names]
        lines.append(
            f"| {entry['rules']} {entry['rules_name']} | {entry['deals']:,} | {' | '.join(cells)} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    solved = "".join(
        item["rules"] for item in json.loads((RESULTS / "win_rates.json").read_text())["results"]
    )
    parser.add_argument(
        "--presets",
        default=solved,
        help="preset letters, e.g. ST (default: every preset the solver's published run measured)",
    )
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument(
        "--players",
        default=",".join(STRATEGIES),
        help=f"the strategies to play, separated by commas (default: {','.join(STRATEGIES)})",
    )
    parser.add_argument(
        "--note", default="2 cores shared with other work during the run; seconds are wall-clock"
    )
    parser.add_argument(
        "--fewer-because",
        default="",
        help="why a player plays fewer deals than the others here (kept beside its figures)",
    )
    parser.add_argument(
        "--table", action="store_true", help="print the README's table of the file and stop"
    )
    args = parser.parse_args()
    if args.table:
        print(readme_table())
        return
    data = json.loads(OUT.read_text()) if OUT.exists() else {"results": []}
    data["note"] = (
        "each strategy sees only what a player sees (never the stock's order nor a face-down card) "
        "and plays the first deals of the solver's published run (win_rates.json, seed 2024)"
    )
    players = args.players.split(",")
    unknown = set(players) - set(STRATEGIES)
    if unknown:
        parser.error(f"unknown players {sorted(unknown)}: expected some of {list(STRATEGIES)}")
    for letter in args.presets.upper():
        entry = run(letter, args.deals, args.note, players, args.fewer_because)
        old = next((item for item in data["results"] if item["rules"] == letter), None)
        if old is not None and set(players) != set(STRATEGIES):
            entry = join(old, entry)
        data["results"] = [item for item in data["results"] if item["rules"] != letter] + [entry]
        data["results"].sort(key=lambda item: list(PRESETS).index(item["rules"]))
        OUT.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
        package_data.write()


if __name__ == "__main__":
    main()
