"""Cross-check the solver against the plain exhaustive search under every combination of knobs.

The long run of ``tests/test_solver_knobs.py``: for each of the 32 rule sets (strict win x
recycles unlimited/0/1/2 x draw against waste x pair with coverer), ``--deals`` random deals are
played to a position small enough for the exhaustive search through the engine (and 16
positions near and just off the end of winning lines are added, since random play under the
one-pass rules seldom keeps a deal winnable), and there
``solve`` (winnable, ``max_removed``, its lines replayed) and ``hint`` are compared with it.
Prints one line per rule set and every disagreement; exits 1 if there was any::

    python benchmarks/crosscheck_knobs.py --deals 300 [--workers 2]

The last full run is in ``benchmarks/results/crosscheck_knobs.txt``.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import itertools  # noqa: E402

from solver_reference import ALL_KNOBS, crosscheck, knobs_id, near_wins, small_positions  # noqa: E402

BUDGET = 4000


def run_rules(index: int, deals: int) -> tuple[str, int, int, int, list[str], float]:
    """(rule set, positions, checked, winnable, disagreements, seconds) for one rule set."""
    started = time.perf_counter()
    rules = ALL_KNOBS[index]
    positions = checked = won = 0
    problems: list[str] = []
    for game in itertools.chain(small_positions(rules, deals, seed=5000 + index), near_wins(rules)):
        positions += 1
        winnable, found = crosscheck(game, BUDGET)
        if winnable is not None:
            checked += 1
            won += winnable
        problems += found
    return knobs_id(rules), positions, checked, won, problems, time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300, help="random deals per rule set")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: the cores)")
    args = parser.parse_args()
    print(
        f"{'rule set':<28} {'positions':>9} {'checked':>8} {'winnable':>9} {'disagree':>9} {'time':>7}"
    )
    failures = 0
    with ProcessPoolExecutor(args.workers) as pool:
        jobs = [pool.submit(run_rules, i, args.deals) for i in range(len(ALL_KNOBS))]
        for job in jobs:
            name, positions, checked, won, problems, seconds = job.result()
            failures += len(problems)
            print(
                f"{name:<28} {positions:>9} {checked:>8} {won:>9} {len(problems):>9} {seconds:>6.0f}s",
                flush=True,
            )
            for problem in problems:
                print(f"    {problem}", flush=True)
    print(f"{'all agree' if not failures else f'{failures} disagreements'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
