"""Benchmark the memory of ``estimate`` as ``--deals`` grows: it must stay flat.

Prints figures, asserts nothing::

    python benchmarks/bench_estimate_memory.py
    python benchmarks/bench_estimate_memory.py --draws 10000 1000000 --deals 2000 20000

Two measurements, each the peak of ``tracemalloc`` in this (the parent) process:

* drawing deal codes lazily with :func:`~pyramide_widget.analysis.estimation.iter_deal_letters`: the
  only thing that grows is the record of the codes already drawn (they must be distinct);
* ``estimate(keep="none")`` over the default process pool (Easy rules, cheap to solve): the
  window of chunks in flight, the same for any number of deals.
"""

from __future__ import annotations

import argparse
import sys
import time
import tracemalloc
from collections import deque
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pyramide_widget.analysis.estimation import estimate, iter_deal_letters


def peak(function) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """Peak traced memory (MiB) and seconds of ``function()``."""
    tracemalloc.start()
    started = time.perf_counter()
    function()
    seconds = time.perf_counter() - started
    _, top = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return top / 2**20, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--draws", type=int, nargs="*", default=[10_000, 100_000, 1_000_000])
    parser.add_argument("--deals", type=int, nargs="*", default=[1_000, 10_000])
    parser.add_argument("--rules", default="E")
    args = parser.parse_args()
    for draws in args.draws:
        mib, seconds = peak(
            lambda draws=draws: deque(
                zip(range(draws), iter_deal_letters(2024), strict=False), maxlen=0
            )
        )
        print(
            f"draw {draws:>10,} deal codes: peak {mib:8.2f} MiB ({mib * 2**20 / draws:5.1f} bytes/deal), {seconds:6.1f} s"
        )
    for deals in args.deals:
        mib, seconds = peak(
            lambda deals=deals: estimate(args.rules, deals=deals, seed=2024, keep="none")
        )
        print(
            f"estimate {args.rules} over {deals:>8,} deals, keep='none': peak {mib:8.2f} MiB, {seconds:6.1f} s"
        )


if __name__ == "__main__":
    main()
