"""Benchmark how the post-game analysis grows with the length of the record: the time and the
memory :func:`pyramide_widget.analyze` takes, with its default budgets, on records of 1,000,
2,000 and 4,000 actions.

Prints a table and, unless ``--no-save``, writes it to
``benchmarks/results/analysis_length.txt`` with the machine's load (``/proc/loadavg``) before
and after; asserts nothing::

    python benchmarks/bench_analysis_length.py
    python benchmarks/bench_analysis_length.py --actions 500 1000 --no-save

The records are standard games (PY1-N-PYRAMID) played by a simple player: a removal when there
is one, else a draw or a recycle; once no removal is left, draws and recycles go on (unlimited
recycles, so the game never ends) until the record has its length. Each analysis runs twice
in this process: once for its time (CPU seconds, ``time.process_time``, since the machine is
shared) and once under ``tracemalloc`` for the most memory it held at a time.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pyramide_widget import Game, Record, analyze

RESULTS = Path(__file__).resolve().parent / "results" / "analysis_length.txt"
CODE = "PY1-N-PYRAMID"


def long_record(actions: int) -> Record:
    """A record of ``actions`` actions of the simple player (see the module docstring)."""
    game = Game.from_code(CODE)
    while game.action_count < actions:
        moves = game.legal_moves()
        removal = next((move for move in moves if move.cards), None)
        game.play(removal or ("draw" if game.stock else "recycle"))
    return game.record()


def load_average() -> str:
    try:
        return Path("/proc/loadavg").read_text(encoding="ascii").strip()
    except OSError:
        return " ".join(f"{value:.2f}" for value in os.getloadavg())


def measure(record: Record) -> tuple[float, float, int]:
    """The CPU seconds, the peak of traced memory (MiB) and the search nodes of one analysis."""
    started = time.process_time()
    result = analyze(record)
    seconds = time.process_time() - started
    tracemalloc.start()
    analyze(record)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return seconds, peak / 2**20, result.nodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, nargs="+", default=[1_000, 2_000, 4_000])
    parser.add_argument("--no-save", action="store_true", help="print only")
    args = parser.parse_args()
    lines = [
        f"analyze() with its default budgets on {CODE} played long; "
        f"{platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} cores; "
        f"solver {os.environ.get('PYRAMIDE_SOLVER', 'auto')}",
        f"load average before (/proc/loadavg): {load_average()}",
        "| actions | CPU seconds | seconds per 1,000 actions | peak memory (MiB) | search nodes |",
        "|---|---|---|---|---|",
    ]
    print("\n".join(lines), flush=True)
    for actions in args.actions:
        seconds, mebibytes, nodes = measure(long_record(actions))
        row = (
            f"| {actions:,} | {seconds:.2f} | {1000 * seconds / actions:.2f} | "
            f"{mebibytes:.1f} | {nodes:,} |"
        )
        print(row, flush=True)
        lines.append(row)
    lines.append(f"load average after (/proc/loadavg): {load_average()}")
    print(lines[-1])
    if not args.no_save:
        RESULTS.parent.mkdir(exist_ok=True)
        command = "python benchmarks/bench_analysis_length.py --actions " + " ".join(
            map(str, args.actions)
        )
        RESULTS.write_text("\n".join([command, *lines]) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
