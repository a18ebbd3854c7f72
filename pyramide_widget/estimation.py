"""Win-rate estimation: solve many deals and report the share won, with a confidence interval.

The solver sees the whole deal, the order of the stock included (as published solver studies
do), so a rate measured here is the share of deals that *can* be won with perfect knowledge.
A player, who does not see the stock, wins fewer.

Reproducible by construction: the deals are a pure function of ``seed`` (a SplitMix64 stream,
the same generator the deal codes use, see :mod:`pyramide_widget.deal`), each deal is solved on
its own, and results are put back in deal order, so the numbers do not depend on the executor
or on the number of workers. Deals are sent to workers in chunks to amortise the overhead.

Any :class:`concurrent.futures.Executor` runs the work: by default a process pool over the
local cores; on a cluster, an existing engine's executor such as Dask's::

    from dask.distributed import Client
    client = Client("scheduler-address:8786")
    result = estimate("T", deals=100_000, seed=1, executor=client.get_executor())

(the workers need ``pyramide_widget`` installed). Where processes are not available (Pyodide)
the default falls back to solving in this process; ``executor="serial"`` asks for that.
"""

from __future__ import annotations

import math
import os
import time
from concurrent.futures import Executor, as_completed
from dataclasses import dataclass, field
from typing import Callable, Sequence

from .deal import DEAL_LETTERS, DealCode, SplitMix64
from .rules import Rules

__all__ = ["DealOutcome", "Estimate", "deal_letters", "estimate", "wilson_interval"]

Z_95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""

_LETTER_SPACE = 26 ** DEAL_LETTERS


def wilson_interval(won: int, total: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for ``won`` successes out of ``total`` (95% by default).

    Chosen over the textbook ``p ± z·sqrt(p(1-p)/n)`` because it stays inside [0, 1] and keeps
    its coverage when the rate is near 0, as it is for the strict rules."""
    if total <= 0:
        raise ValueError("the interval needs at least one deal")
    if not 0 <= won <= total:
        raise ValueError(f"won must be between 0 and {total}, got {won}")
    p = won / total
    z2 = z * z
    denominator = 1 + z2 / total
    centre = (p + z2 / (2 * total)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / total + z2 / (4 * total * total))
    return max(0.0, centre - half), min(1.0, centre + half)


def deal_letters(seed: int, deals: int) -> list[str]:
    """``deals`` distinct 7-letter deal codes drawn uniformly from ``seed`` (reproducible)."""
    rng = SplitMix64(seed)
    seen: set[str] = set()
    letters: list[str] = []
    while len(letters) < deals:
        value = rng.below(_LETTER_SPACE)
        text = ""
        for _ in range(DEAL_LETTERS):
            value, digit = divmod(value, 26)
            text = chr(ord("A") + digit) + text
        if text not in seen:
            seen.add(text)
            letters.append(text)
    return letters


@dataclass(frozen=True)
class DealOutcome:
    """What the solver found for one deal."""

    code: str
    winnable: bool
    max_removed: int
    nodes: int
    seconds: float = field(compare=False)


@dataclass(frozen=True)
class Estimate:
    """A measured win rate. ``low``/``high`` bound the 95% Wilson interval; ``max_removed``
    maps each count of pyramid cards to the number of deals where that is the most any line
    removes; ``outcomes`` lists every deal, in order, with its code."""

    rules: Rules
    seed: int
    deals: int
    won: int
    low: float
    high: float
    max_removed: dict[int, int]
    outcomes: tuple[DealOutcome, ...] = field(repr=False)
    seconds: float = field(compare=False, repr=False)

    @property
    def rate(self) -> float:
        return self.won / self.deals

    @property
    def codes(self) -> list[str]:
        return [outcome.code for outcome in self.outcomes]

    def slowest(self) -> DealOutcome:
        return max(self.outcomes, key=lambda outcome: outcome.seconds)

    def summary(self) -> str:
        """One line for a table: rules, rate, interval and deals."""
        return (
            f"{self.rules.letter} {self.rules.name}: {self.won}/{self.deals} won = {100 * self.rate:.2f}% "
            f"(95% CI {100 * self.low:.2f}-{100 * self.high:.2f}%), seed {self.seed}"
        )

    def __repr__(self) -> str:
        return (
            f"Estimate({self.rules.letter} {self.rules.name}, deals={self.deals}, won={self.won}, "
            f"rate={self.rate:.4f}, 95% CI [{self.low:.4f}, {self.high:.4f}], seed={self.seed})"
        )

    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON: the figures, the distribution and every deal's outcome."""
        return {
            "rules": self.rules.letter,
            "rules_name": self.rules.name,
            "rules_knobs": self.rules.to_dict(),
            "seed": self.seed,
            "deals": self.deals,
            "won": self.won,
            "rate": self.rate,
            "ci95": [self.low, self.high],
            "max_removed": {str(k): v for k, v in sorted(self.max_removed.items())},
            "seconds": round(self.seconds, 3),
            "slowest": {"code": self.slowest().code, "seconds": round(self.slowest().seconds, 4)},
            "won_codes": [o.code for o in self.outcomes if o.winnable],
        }


def _solve_chunk(rules: Rules, codes: Sequence[str]) -> list[tuple[bool, int, int, float]]:
    """Solve a chunk of deals (runs in a worker: module-level, so it pickles by name)."""
    from .game import Game
    from .solver import solve

    out = []
    for code in codes:
        result = solve(Game.from_code(code, rules=rules))
        out.append((result.winnable, result.max_removed, result.nodes, result.seconds))
    return out


def _default_executor() -> Executor | None:
    """A process pool over the local cores, or ``None`` (serial) where processes cannot start.

    ``forkserver`` where the platform has it: forking a process that runs threads (a Jupyter
    kernel does) can deadlock, and it is Python's own default from 3.14 on."""
    try:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("forkserver" if "forkserver" in methods else None)
        return ProcessPoolExecutor(max_workers=os.cpu_count() or 1, mp_context=context)
    except (ImportError, NotImplementedError, OSError, ValueError):
        return None


def estimate(
    rules: Rules | str = "N",
    deals: int = 10_000,
    seed: int = 0,
    *,
    executor: Executor | str | None = None,
    chunk_size: int = 50,
    progress: Callable[[int, int], None] | None = None,
) -> Estimate:
    """Solve ``deals`` deals drawn from ``seed`` under ``rules`` and measure the win rate.

    ``rules`` is a :class:`~pyramide_widget.rules.Rules` or a preset letter. ``executor`` is
    any :class:`concurrent.futures.Executor`, ``None`` for a process pool over the local cores
    (serial where processes are unavailable) or ``"serial"``. ``progress(done, total)`` is
    called as chunks finish. The result does not depend on the executor or the chunk size.
    """
    if isinstance(rules, str):
        rules = Rules.preset(rules)
    if not isinstance(deals, int) or isinstance(deals, bool) or deals < 1:
        raise ValueError(f"deals must be a whole number >= 1, got {deals!r}")
    if chunk_size < 1:
        raise ValueError(f"chunk_size must be >= 1, got {chunk_size!r}")
    codes = [str(DealCode(rules.letter, letters)) for letters in deal_letters(seed, deals)]
    chunks = [codes[i:i + chunk_size] for i in range(0, len(codes), chunk_size)]
    started = time.perf_counter()
    if isinstance(executor, str) and executor != "serial":
        raise ValueError(f"executor must be an Executor, None or 'serial', got {executor!r}")
    pool = _default_executor() if executor is None else None if executor == "serial" else executor
    results: list[list[tuple[bool, int, int, float]]] = [[] for _ in chunks]
    done = 0
    if pool is None:
        for index, chunk in enumerate(chunks):
            results[index] = _solve_chunk(rules, chunk)
            done += len(chunk)
            if progress is not None:
                progress(done, deals)
    else:
        try:
            futures = {pool.submit(_solve_chunk, rules, chunk): i for i, chunk in enumerate(chunks)}
            for future in as_completed(futures):
                index = futures[future]
                results[index] = future.result()
                done += len(chunks[index])
                if progress is not None:
                    progress(done, deals)
        finally:
            if executor is None:
                pool.shutdown(cancel_futures=True)
    outcomes = tuple(
        DealOutcome(code, winnable, removed, nodes, seconds)
        for chunk, chunk_results in zip(chunks, results)
        for code, (winnable, removed, nodes, seconds) in zip(chunk, chunk_results)
    )
    won = sum(outcome.winnable for outcome in outcomes)
    low, high = wilson_interval(won, deals)
    histogram: dict[int, int] = {}
    for outcome in outcomes:
        histogram[outcome.max_removed] = histogram.get(outcome.max_removed, 0) + 1
    return Estimate(
        rules, seed, deals, won, low, high, dict(sorted(histogram.items())), outcomes,
        time.perf_counter() - started,
    )
