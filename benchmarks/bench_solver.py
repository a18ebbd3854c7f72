"""Benchmark the solver: time per deal per preset, search effort, memory, estimate throughput.

Prints figures, asserts nothing::

    python benchmarks/bench_solver.py --deals 1000               # every preset, one core
    python benchmarks/bench_solver.py --presets NT --estimate 2000

Each deal is solved in full (winnable and the most pyramid cards removable), one after the
other in this process, so the times are single-core CPython times. Peak memory is measured with
``tracemalloc`` on the slowest deal of each preset, and so is the time of ``hint()`` there
(what the widget's Hint button costs at worst, within its node budget). ``--estimate N`` also times
:func:`pyramide_widget.analysis.estimation.estimate` over N deals with the default process pool.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pyramide_widget import Game
from pyramide_widget.analysis.estimation import deal_letters, estimate
from pyramide_widget.engine.rules import PRESETS
from pyramide_widget.solver import hint, solve


def percentile(sorted_values: list[float], share: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(share * len(sorted_values)))]


def bench_preset(letter: str, letters: list[str]) -> None:
    times: list[tuple[float, str, int, bool]] = []
    for text in letters:
        game = Game.from_code(f"PY1-{letter}-{text}")
        started = time.perf_counter()
        result = solve(game)
        times.append(
            (time.perf_counter() - started, game.code or "", result.nodes, result.winnable)
        )
    ms = sorted(t * 1000 for t, *_ in times)
    nodes = sorted(n for _, _, n, _ in times)
    slowest = max(times)
    tracemalloc.start()
    solve(Game.from_code(slowest[1]))
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    started = time.perf_counter()
    hint(Game.from_code(slowest[1]))  # the Hint button on the slowest deal, within its budget
    hint_ms = (time.perf_counter() - started) * 1000
    won = sum(w for *_, w in times)
    print(
        f"{letter} {PRESETS[letter].name:<16} deals {len(times):>6}  won {won:>5}  "
        f"ms median {statistics.median(ms):8.2f}  p90 {percentile(ms, 0.9):8.2f}  max {ms[-1]:9.1f}  "
        f"mean {statistics.fmean(ms):8.2f}  nodes median {statistics.median(nodes):>8.0f}  max {nodes[-1]:>9}  "
        f"slowest {slowest[1]} (peak {peak / 2**20:.1f} MiB, hint {hint_ms:.0f} ms)",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="deals per preset (default 200)")
    parser.add_argument("--presets", default="".join(PRESETS), help="preset letters (default: all)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals (default 1)")
    parser.add_argument(
        "--estimate", type=int, default=0, metavar="N", help="also time estimate() over N deals"
    )
    args = parser.parse_args()
    print(
        f"python {sys.version.split()[0]}, {os.cpu_count()} cores; the solver sees the stock order"
    )
    letters = deal_letters(args.seed, args.deals)
    for letter in args.presets.upper():
        bench_preset(letter, letters)
    if args.estimate:
        for letter in args.presets.upper():
            started = time.perf_counter()
            result = estimate(letter, deals=args.estimate, seed=args.seed)
            seconds = time.perf_counter() - started
            print(
                f"estimate {letter}: {args.estimate} deals in {seconds:.1f} s "
                f"({args.estimate / seconds:.0f} deals/s, {os.cpu_count()} workers): {result!r}",
                flush=True,
            )


if __name__ == "__main__":
    main()
