"""Benchmark the search of the games with other piles (solver/piles.py) per game: CPU seconds per
deal (median, 90th percentile, slowest), nodes, and how many deals it decides within a budget.

    python benchmarks/bench_piles.py --deals 200 --json benchmarks/results/piles_solver.json
    python benchmarks/bench_piles.py --table      # the solver guide's rows of that file

Each deal of each pile preset (every one by default) is solved in this process, one after the
other, with ``solve(game, max_nodes=...)``: a deal that reaches the budget counts as
*undecided* (its CPU time is still counted, as a lower bound). Winning lines are replayed through
the engine, which must reach a win. The deals are the same as the estimate's
(``deal_letters(seed, deals)``), so the won share is a small-sample win rate with a Wilson 95%
interval over the *decided* deals, and an honest range over all of them (undecided counted as
lost, then as won). Times are CPU seconds (``time.process_time``), which contention on a shared
machine inflates less than wall time; each game's run records the machine's load before and
after it (``benchmarks/machine.py``), and the solver guide shows it with the times.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from machine import load_text, machine, measured

from pyramide_widget import Game
from pyramide_widget.analysis.estimation import deal_letters
from pyramide_widget.analysis.rate import wilson_interval
from pyramide_widget.engine.deal import DealCode
from pyramide_widget.engine.rules import PRESETS
from pyramide_widget.solver import SearchLimitReached, hint, solve
from pyramide_widget.solver.piles import needs_pile_search


def percentile(sorted_values: list[float], share: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(share * len(sorted_values)))]


def bench_preset(letter: str, letters: list[str], max_nodes: int | None) -> dict[str, object]:
    with measured() as record:
        result = _bench(letter, letters, max_nodes)
    return {**result, "load": record["load"]}


def _bench(letter: str, letters: list[str], max_nodes: int | None) -> dict[str, object]:
    times: list[float] = []
    nodes: list[int] = []
    won = lost = undecided = 0
    slowest = ("", -1.0)
    rules = PRESETS[letter].rules
    for text in letters:
        code = str(DealCode.for_rules(rules, text))
        game = Game.from_code(code)
        started = time.process_time()
        try:
            result = solve(game, max_nodes=max_nodes)
        except SearchLimitReached as stop:
            undecided += 1
            nodes.append(stop.nodes)
        else:
            nodes.append(result.nodes)
            if result.winnable:
                won += 1
                for move in result.solution or []:
                    game.play(move)
                assert str(game.status) == "won", code
            else:
                lost += 1
        seconds = time.process_time() - started
        times.append(seconds)
        if seconds > slowest[1]:
            slowest = (code, seconds)
    times.sort()
    hint_started = time.process_time()
    hint(Game.from_code(slowest[0]))
    decided = won + lost
    low, high = wilson_interval(won, decided) if decided else (0.0, 1.0)
    return {
        "rules": letter,
        "name": PRESETS[letter].name,
        "deals": len(letters),
        "max_nodes": max_nodes,
        "won": won,
        "lost": lost,
        "undecided": undecided,
        "won_share_of_decided": won / decided if decided else None,
        "ci95_of_decided": [low, high],
        "won_range_all": [won / len(letters), (won + undecided) / len(letters)],
        "cpu_median": percentile(times, 0.5),
        "cpu_p90": percentile(times, 0.9),
        "slowest": {"code": slowest[0], "cpu": slowest[1]},
        "nodes_median": sorted(nodes)[len(nodes) // 2],
        "hint_cpu_on_slowest": time.process_time() - hint_started,
    }


RESULTS = Path(__file__).resolve().parent / "results" / "piles_solver.json"


def seconds_text(seconds: float) -> str:
    return f"{1000 * seconds:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def row(item: dict) -> str:
    """The solver guide's row of one game's run (``--table``; the guide's table is drawn from
    the results file with it)."""
    return (
        f"| {item['rules']} {item['name']} | {item['won']} | {item['lost']} | {item['undecided']} | "
        f"{seconds_text(item['cpu_median'])} | {seconds_text(item['cpu_p90'])} | "
        f"{seconds_text(item['slowest']['cpu'])} | {seconds_text(item['hint_cpu_on_slowest'])} | "
        f"{load_text(item)} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    pile_games = "".join(
        letter for letter, preset in PRESETS.items() if needs_pile_search(preset.rules.table)
    )
    parser.add_argument(
        "--presets", default=pile_games, help="preset letters (default: the pile games)"
    )
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument(
        "--max-nodes", type=int, help="node budget per deal (default: none, every deal settled)"
    )
    parser.add_argument("--json", help="also write the results to this file")
    parser.add_argument(
        "--table",
        action="store_true",
        help=f"print the solver guide's rows of {RESULTS.name} and stop",
    )
    parser.add_argument(
        "--note",
        default="shared 2-core machine, loaded by other work; CPU seconds",
        help="the machine's conditions, written with the results",
    )
    args = parser.parse_args()
    if args.table:
        for item in json.loads(RESULTS.read_text())["results"]:
            print(row(item))
        return
    letters = list(deal_letters(args.seed, args.deals))
    results: list[dict[str, object]] = []
    for letter in args.presets:
        item = bench_preset(letter, letters, args.max_nodes)
        results.append(item)
        if args.json:  # after each game: a long run keeps what it has measured
            write(Path(args.json), args, results)
        print(
            f"{letter} {item['name']:<11} deals {item['deals']}  won {item['won']}  lost {item['lost']}  "
            f"undecided {item['undecided']}  cpu median {item['cpu_median']:.3f}s  p90 {item['cpu_p90']:.3f}s  "
            f"slowest {item['slowest']['cpu']:.2f}s ({item['slowest']['code']})  hint {item['hint_cpu_on_slowest']:.2f}s  "
            f"load {load_text(item)}",
            flush=True,
        )


def write(path: Path, args: argparse.Namespace, results: list[dict[str, object]]) -> None:
    data = {
        "date": time.strftime("%Y-%m-%d"),
        "machine": {**machine(), "note": args.note},
        "command": "python benchmarks/bench_piles.py " + " ".join(sys.argv[1:]),
        "seed": args.seed,
        "results": results,
    }
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
