"""Benchmark the compiled search against pure Python, and the 10,000-deal estimate with it.

Prints figures, asserts nothing; the last run is in ``benchmarks/results/bench_accelerator.txt``::

    python benchmarks/bench_accelerator.py                      # every preset: 200 deals side by side, 10,000 estimated
    python benchmarks/bench_accelerator.py --presets STR --deals 500 --estimate 0

1. **Side by side**: ``--deals`` deals per preset (seed 2024, the published run's first deals),
   each solved by both engines in this process, one after the other; CPU time per deal
   (``time.process_time``, so other work on a shared machine counts less), its median, 90th
   percentile, slowest and sum, per engine, and the ratio of the medians.
2. **Estimate**: :func:`~pyramide_widget.analysis.estimation.estimate` over ``--estimate`` deals
   (seed 2024) on a process pool of one worker per core, which runs the compiled search: wall-clock
   seconds, the CPU seconds of this process and its workers, the slowest deal (wall-clock, in a
   worker), and the machine's load before and after it. With 10,000 deals its answers are
   compared with ``benchmarks/results/win_rates.json`` (deals won, their codes, the most pyramid
   cards removed per deal): they must be the same. The published times are
   ``benchmarks/publish_win_rate.py``'s.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from machine import load, load_text, measured  # noqa: E402

from pyramide_widget import Game  # noqa: E402
from pyramide_widget.analysis.estimation import deal_letters, estimate  # noqa: E402
from pyramide_widget.engine.rules import PRESETS  # noqa: E402
from pyramide_widget.solver import solve  # noqa: E402
from pyramide_widget.solver.compiled import available, models  # noqa: E402

SEED = 2024
WIN_RATES = ROOT / "benchmarks" / "results" / "win_rates.json"
ANSWERS = ("rules", "seed", "deals", "won", "rate", "ci95", "max_removed", "won_codes")


def percentile(sorted_values: list[float], share: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(share * len(sorted_values)))]


def side_by_side(letter: str, letters: list[str]) -> None:
    times: dict[str, list[float]] = {"python": [], "compiled": []}
    for text in letters:
        game = Game.from_code(f"PY1-{letter}-{text}")
        for engine, spent in times.items():
            started = time.process_time()
            solve(game, engine=engine)
            spent.append(time.process_time() - started)
    parts = []
    for engine, spent in times.items():
        ms = sorted(t * 1000 for t in spent)
        parts.append(
            f"{engine} median {statistics.median(ms):8.2f} p90 {percentile(ms, 0.9):8.2f} "
            f"max {ms[-1]:8.1f} ms, CPU {sum(ms) / 1000:7.2f} s"
        )
    ratio = statistics.median(times["python"]) / max(statistics.median(times["compiled"]), 1e-9)
    print(
        f"{letter} {PRESETS[letter].name:<16} {len(letters)} deals | "
        + " | ".join(parts)
        + f" | median x{ratio:.0f}",
        flush=True,
    )


def timed_estimate(letter: str, deals: int, published: dict[str, dict]) -> None:
    """Run and print one estimate, with the machine's load before and after it."""
    # estimate()'s own pool, but forked from this process, so that its workers' CPU time counts
    # here once they have ended (the default pool's come from a fork server).
    context = multiprocessing.get_context("fork")
    with measured() as record, ProcessPoolExecutor(os.cpu_count() or 1, mp_context=context) as pool:
        result = estimate(letter, deals=deals, seed=SEED, executor=pool)
    data = result.to_dict()
    slowest = result.slowest()
    verdict = ""
    if letter in published and deals == published[letter]["deals"]:
        old = published[letter]
        differ = [
            key for key in ANSWERS if old.get(key) != data.get(key) and old.get(key) is not None
        ]
        verdict = (
            "  same answers as win_rates.json"
            if not differ
            else f"  DIFFERENT from win_rates.json: {differ}"
        )
    print(
        f"estimate {letter} {PRESETS[letter].name:<16} {deals} deals: wall {record['seconds']:6.1f} s, "
        f"CPU {record['cpu_seconds']:6.1f} s ({os.cpu_count()} workers), load {load_text(record)}, "
        f"won {result.won}, slowest {slowest.code} {slowest.seconds:.2f} s{verdict}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--deals",
        type=int,
        default=200,
        help="deals per preset side by side (default 200; 0: skip)",
    )
    parser.add_argument(
        "--estimate",
        type=int,
        default=10_000,
        metavar="N",
        help="deals per estimate (default 10,000; 0: skip)",
    )
    modelled = "".join(letter for letter, preset in PRESETS.items() if models(preset.rules.table))
    parser.add_argument(
        "--presets",
        default=modelled,
        help=f"preset letters (default: {modelled}, the tables it models)",
    )
    args = parser.parse_args()
    if not available():
        sys.exit(
            "the compiled search is not built here: run `python build_compiled.py` (or pip install -e .)"
        )
    presets = args.presets.upper()
    print(
        f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load average {load()[0]:.1f} at the start; "
        "the solver sees the stock order; CPU times, since the machine may be shared",
        flush=True,
    )
    if args.deals:
        letters = deal_letters(SEED, args.deals)
        for letter in presets:
            side_by_side(letter, letters)
        print(f"load average {load()[0]:.1f} at the end of the side-by-side runs", flush=True)
    if not args.estimate:
        return
    published = {entry["rules"]: entry for entry in json.loads(WIN_RATES.read_text())["results"]}
    for letter in presets:
        timed_estimate(letter, args.estimate, published)


if __name__ == "__main__":
    main()
