"""Benchmark the chance to win (:func:`pyramide_widget.analysis.chance.chance`): how long it
takes with its default 200 layouts at every position of whole games, per preset, and how long
the chance over a whole game takes (:func:`~pyramide_widget.analysis.chance_review.chance_review`,
the Analysis graph's function).

Prints a Markdown table and writes the figures, with the machine's load, to
``benchmarks/results/chance_times.json``; asserts nothing::

    python benchmarks/bench_chance.py --deals 4 --seed 2024                  # compiled search if built
    python benchmarks/bench_chance.py --presets PN --deals 10

The games are played by the careful heuristic (what a player sees, never the stock) until they
end, a pass through the stock removes nothing, or 300 actions. The times are this process's
CPU time (one core): on a shared machine the wall time is longer, by as much as the machine is
busy, so the load averages before and after are saved beside them.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pyramide_widget import Game
from pyramide_widget.analysis.chance import CHANCE_NODES, CHANCE_SAMPLES, chance
from pyramide_widget.analysis.chance_review import REVIEW_SAMPLES, chance_review
from pyramide_widget.analysis.estimation import deal_letters
from pyramide_widget.analysis.strategies import careful_player
from pyramide_widget.engine.rules import PRESETS
from pyramide_widget.solver import compiled

T = TypeVar("T")
RESULTS = Path(__file__).resolve().parent / "results" / "chance_times.json"
MAX_ACTIONS = 300
ONE_WASTE = "".join(
    letter for letter, preset in PRESETS.items() if compiled.models(preset.rules.table)
)


def played(code: str) -> Game:
    """The careful heuristic's game, to its end, a fruitless pass, or 300 actions."""
    game = Game.from_code(code)
    rng = random.Random(0)
    idle = 0
    while not game.is_over and game.action_count < MAX_ACTIONS:
        move = careful_player(game.player_view(), rng)
        idle = 0 if move.cards else idle + 1
        if idle > len(game.stock) + len(game.waste) + 1:
            break
        game.play(move)
    return game


def cpu(function: Callable[..., T], *args: object) -> tuple[T, float]:
    """``function(*args)`` and the CPU seconds it took."""
    started = time.process_time()
    result = function(*args)
    return result, time.process_time() - started


def bench_preset(letter: str, letters: list[str]) -> dict[str, object]:
    seconds: list[float] = []
    at_deal: list[float] = []
    undecided = exact = tried = 0
    reviews: list[float] = []
    for text in letters:
        game = played(f"PY1-{letter}-{text}")
        record = game.record()
        for step, position in Game.replay_steps(record):
            result, spent = cpu(chance, position.player_view())
            seconds.append(spent)
            if step.index == 0:
                at_deal.append(spent)
            undecided += result.undecided
            tried += result.layouts
            exact += result.exact
        reviews.append(cpu(chance_review, record)[1])
    seconds.sort()
    return {
        "preset": letter,
        "games": len(letters),
        "positions": len(seconds),
        "median_s": round(statistics.median(seconds), 3),
        "p90_s": round(seconds[int(0.9 * len(seconds))], 3),
        "max_s": round(seconds[-1], 3),
        "within_1s": round(sum(s <= 1 for s in seconds) / len(seconds), 3),
        "at_deal_median_s": round(statistics.median(at_deal), 3),
        "exact_positions": exact,
        "undecided_per_position": round(undecided / len(seconds), 2),
        "undecided_share": round(undecided / tried, 4),
        "layouts_per_position": round(tried / len(seconds), 1),
        "review_median_s": round(statistics.median(reviews), 2),
        "review_max_s": round(max(reviews), 2),
    }


def table(rows: list[dict[str, object]]) -> str:
    lines = [
        "| preset | positions | median | p90 | max | ≤ 1 s | at the deal | layouts / position | undecided | game review (median, max) |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        lines.append(
            f"| {row['preset']} | {row['positions']} | {row['median_s']} s | {row['p90_s']} s | "
            f"{row['max_s']} s | {100 * float(str(row['within_1s'])):.0f}% | {row['at_deal_median_s']} s | "
            f"{row['layouts_per_position']} | {100 * float(str(row['undecided_share'])):.2f}% | "
            f"{row['review_median_s']} s, {row['review_max_s']} s |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presets", default=ONE_WASTE)
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    load_before = os.getloadavg()
    started = time.perf_counter()
    rows = []
    for letter in args.presets.upper():
        rows.append(bench_preset(letter, deal_letters(args.seed, args.deals)))
        print(table(rows[-1:]).splitlines()[-1], flush=True)
    print(table(rows))
    RESULTS.write_text(
        json.dumps(
            {
                "command": f"python benchmarks/bench_chance.py --presets {args.presets} "
                f"--deals {args.deals} --seed {args.seed}",
                "date": datetime.date.today().isoformat(),
                "machine": {
                    "nproc": os.cpu_count(),
                    "python": platform.python_version(),
                    "compiled_search": compiled.available(),
                    "load_average_before": [round(x, 2) for x in load_before],
                    "load_average_after": [round(x, 2) for x in os.getloadavg()],
                    "wall_seconds": round(time.perf_counter() - started, 1),
                },
                "times": "CPU seconds of this process (time.process_time), one chance() or "
                "chance_review() call each",
                "settings": {
                    "chance_samples": CHANCE_SAMPLES,
                    "chance_nodes": CHANCE_NODES,
                    "review_samples": REVIEW_SAMPLES,
                },
                "rows": rows,
            },
            indent=1,
            ensure_ascii=False,
        )
        + "\n"
    )


if __name__ == "__main__":
    main()
