"""Benchmark the post-game analysis: how long :func:`pyramide_widget.analyze` takes on a whole
game with its default node budgets, per preset, and how often those budgets settle every
position.

Prints a Markdown table (the solver guide's) and writes the figures to
``benchmarks/results/analysis_times.json``; asserts nothing::

    python benchmarks/bench_analysis.py --deals 30 --seed 2024                 # compiled search if built
    PYRAMIDE_SOLVER=python python benchmarks/bench_analysis.py --deals 30      # pure Python (as in Pyodide)

The games are played by a simple player (a removal when there is one, else a draw or a
recycle) until the game ends, or until a whole pass of the stock brings no removal (under
unlimited recycles a lost game never ends, R18), or 300 actions. Analyses run one after the
other in this process, and the times are this process's CPU time (one core): on a shared
machine the wall time is longer, by as much as the machine is busy.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pyramide_widget import Game, analyze, solve
from pyramide_widget.analysis.estimation import deal_letters
from pyramide_widget.engine.rules import PRESETS

RESULTS = Path(__file__).resolve().parent / "results" / "analysis_times.json"
MAX_ACTIONS = 300


def play_simply(game: Game) -> Game:
    """A removal if any, else a draw or a recycle, until the end, a fruitless pass, or 300 actions."""
    idle = 0
    while (
        not game.is_over
        and game.action_count < MAX_ACTIONS
        and idle <= len(game.stock) + len(game.waste)
    ):
        moves = game.legal_moves()
        removal = next((move for move in moves if move.cards), None)
        game.play(removal or moves[-1])
        idle = 0 if removal else idle + 1
    return game


def bench_preset(letter: str, letters: list[str]) -> dict[str, object]:
    seconds: list[float] = []
    complete = losing = actions = 0
    for text in letters:
        game = play_simply(Game.from_code(f"PY1-{letter}-{text}"))
        started = time.process_time()  # CPU time: the machine is shared, wall time says little
        result = analyze(game.record())
        seconds.append(time.process_time() - started)
        complete += result.complete
        losing += result.losing_move is not None
        actions += len(result.moves)
    seconds.sort()
    return {
        "preset": letter,
        "games": len(letters),
        "mean_actions": round(actions / len(letters), 1),
        "median_s": round(statistics.median(seconds), 3),
        "p90_s": round(seconds[min(len(seconds) - 1, int(0.9 * len(seconds)))], 3),
        "max_s": round(seconds[-1], 3),
        "complete": complete,
        "with_losing_move": losing,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--presets", default="".join(PRESETS))
    parser.add_argument("--no-save", action="store_true", help="print only")
    args = parser.parse_args()
    letters = deal_letters(args.seed, args.deals)
    engine = solve(Game.from_code(f"PY1-N-{letters[0]}")).engine
    rows = [bench_preset(letter, letters) for letter in args.presets]
    print(
        f"analyze() with its default budgets, CPU seconds, {args.deals} games per preset (seed {args.seed}), "
        f"solver engine {engine}, {platform.python_implementation()} {platform.python_version()}, "
        f"{os.cpu_count()} cores"
    )
    print(
        "| preset | games | actions (mean) | median | 90th pct | slowest | all positions settled | losing move found |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for row in rows:
        name = PRESETS[str(row["preset"])].name
        print(
            f"| {row['preset']} {name} | {row['games']} | {row['mean_actions']} | {row['median_s']} s | "
            f"{row['p90_s']} s | {row['max_s']} s | {row['complete']} | {row['with_losing_move']} |"
        )
    if not args.no_save:
        RESULTS.parent.mkdir(exist_ok=True)
        runs = json.loads(RESULTS.read_text(encoding="utf-8")) if RESULTS.exists() else {}
        runs[engine] = {
            "command": f"python benchmarks/bench_analysis.py --deals {args.deals} --seed {args.seed} --presets {args.presets}"
            + (
                " (PYRAMIDE_SOLVER=python)" if os.environ.get("PYRAMIDE_SOLVER") == "python" else ""
            ),
            "machine": f"{platform.machine()}, {os.cpu_count()} cores shared with other work, "
            f"{platform.python_implementation()} {platform.python_version()}",
            "times": "CPU seconds of the analysing process (time.process_time)",
            "rows": rows,
        }
        RESULTS.write_text(json.dumps(runs, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
