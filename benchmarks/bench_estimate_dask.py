"""Benchmark ``estimate`` through a Dask cluster against the local process pool, same deals.

Prints figures, asserts nothing::

    python benchmarks/bench_estimate_dask.py                      # 100,000 Standard deals
    python benchmarks/bench_estimate_dask.py --rules E --deals 20000 --workers 2

The cluster is a ``distributed.LocalCluster`` (scheduler and worker processes on 127.0.0.1,
one thread each), reached through ``client.get_executor()`` exactly as the probability guide shows for a
real cluster; then the same estimate runs on the default local process pool. Both must give
the same figures (printed), and the times show what the cluster's scheduling costs.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from distributed import Client, LocalCluster

from pyramide_widget import estimate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="N")
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--chunk-size", type=int, default=200)
    args = parser.parse_args()
    print(
        f"{args.deals:,} deals of {args.rules}, seed {args.seed}, {args.workers} workers, chunks of {args.chunk_size}"
    )
    with (
        LocalCluster(
            n_workers=args.workers,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster,
        Client(cluster) as client,
    ):
        started = time.perf_counter()
        remote = estimate(
            args.rules,
            deals=args.deals,
            seed=args.seed,
            executor=client.get_executor(),
            chunk_size=args.chunk_size,
            keep="none",
        )
        dask_seconds = time.perf_counter() - started
    started = time.perf_counter()
    local = estimate(
        args.rules, deals=args.deals, seed=args.seed, chunk_size=args.chunk_size, keep="none"
    )
    local_seconds = time.perf_counter() - started
    for name, result, seconds in (
        ("dask LocalCluster", remote, dask_seconds),
        ("local process pool", local, local_seconds),
    ):
        print(
            f"{name:<20} won {result.won:,} of {result.deals:,} ({100 * result.rate:.2f}%, "
            f"95% {100 * result.low:.2f}-{100 * result.high:.2f}%)  {seconds:7.1f} s  "
            f"{result.deals / seconds:8.0f} deals/s"
        )
    print(
        "same figures"
        if (remote.won, remote.max_removed) == (local.won, local.max_removed)
        else "FIGURES DIFFER"
    )


if __name__ == "__main__":
    main()
