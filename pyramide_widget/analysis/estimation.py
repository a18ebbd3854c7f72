"""Win-rate estimation: solve (or play) many seeded deals and report the share won, with a
Wilson interval. Any ``concurrent.futures.Executor`` runs the work; by default a process pool
(a script calling :func:`estimate` needs ``if __name__ == "__main__":``), in this process where
there are no processes (Pyodide). The design: ``docs/design/estimation.md``."""

from __future__ import annotations

import os
import pickle
import signal
import sys
import threading
import time
from array import array
from collections import deque
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import BrokenExecutor, Executor, Future
from contextlib import closing
from dataclasses import dataclass, field
from itertools import islice

from ..engine.deal import DEAL_LETTERS, DealCode, SplitMix64
from ..engine.rules import PRESETS, Rules
from .rate import WinRate

__all__ = [
    "MAX_DEALS",
    "MAX_SEED",
    "DealOutcome",
    "Estimate",
    "deal_letters",
    "estimate",
    "iter_deal_letters",
    "solve_deals",
]

MAX_DEALS = 26**DEAL_LETTERS
"""How many distinct deals the 7 code letters can name."""

MAX_SEED = 2**64 - 1
"""The largest seed: the SplitMix64 state is 64 bits, so a larger seed would alias a smaller one."""

_BUCKET_BITS = 16
_BUCKET_BITMAP_BYTES = (1 << _BUCKET_BITS) // 8
_BUCKET_LIST_MAX = _BUCKET_BITMAP_BYTES // 2  # past this, a bitmap is smaller than the list
_KEEP = ("all", "won", "none")

ChunkResult = tuple[bool | None, int, int, float]


def _check_whole(name: str, value: object, low: int, high: int) -> int:
    """``value`` if it is an int (not a bool) in ``[low, high]``; TypeError/ValueError otherwise."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be a whole number from {low} to {high}, got {value!r}")
    if not low <= value <= high:
        raise ValueError(f"{name} must be a whole number from {low} to {high}, got {value!r}")
    return value


class _DrawnValues:
    """The set of values below 26**7 drawn so far, in about 2 bytes each past a million.

    A Python set of ints costs some 60 bytes an entry (6 GB for 100 million deals). Here the
    value's high 17 bits pick one of 122,556 buckets and the low 16 bits go into the bucket's
    ``array('H')`` (about 100 bytes a bucket when it is created); a bucket that fills up turns
    into a 65,536-bit bitmap of the same size, so the whole never exceeds the 26**7-bit bitmap
    (958 MiB), however many deals are drawn."""

    def __init__(self) -> None:
        self._buckets: dict[int, array[int] | bytearray] = {}

    def add(self, value: int) -> bool:
        """Record ``value``; ``False`` if it was drawn before."""
        high, low = value >> _BUCKET_BITS, value & ((1 << _BUCKET_BITS) - 1)
        bucket = self._buckets.get(high)
        if bucket is None:
            self._buckets[high] = array("H", (low,))
            return True
        if isinstance(bucket, bytearray):
            byte, bit = divmod(low, 8)
            if bucket[byte] >> bit & 1:
                return False
            bucket[byte] |= 1 << bit
            return True
        if low in bucket:
            return False
        if len(bucket) < _BUCKET_LIST_MAX:
            bucket.append(low)
            return True
        bitmap = bytearray(_BUCKET_BITMAP_BYTES)
        for old in (*bucket, low):
            bitmap[old >> 3] |= 1 << (old & 7)
        self._buckets[high] = bitmap
        return True


def iter_deal_letters(seed: int) -> Iterator[str]:
    """Distinct 7-letter deal codes drawn uniformly from ``seed``, lazily, in a fixed order.

    The order is the one :func:`deal_letters` has always given (a draw that repeats an earlier
    one is skipped), so ``islice(iter_deal_letters(s), n)`` is ``deal_letters(s, n)``. The
    stream ends after all 26**7 codes (the last ones would take very long to draw)."""
    _check_whole("seed", seed, 0, MAX_SEED)
    return _draw_letters(seed)


def _draw_letters(seed: int) -> Iterator[str]:
    rng = SplitMix64(seed)
    drawn = _DrawnValues()
    produced = 0
    while produced < MAX_DEALS:
        value = rng.below(MAX_DEALS)
        if drawn.add(value):
            produced += 1
            text = ""
            for _ in range(DEAL_LETTERS):
                value, digit = divmod(value, 26)
                text = chr(ord("A") + digit) + text
            yield text


def deal_letters(seed: int, deals: int) -> list[str]:
    """``deals`` distinct 7-letter deal codes drawn uniformly from ``seed`` (reproducible)."""
    _check_whole("deals", deals, 0, MAX_DEALS)
    return list(islice(iter_deal_letters(seed), deals))


@dataclass(frozen=True)
class DealOutcome:
    """What the solver found for one deal."""

    code: str
    winnable: bool | None
    """``None``: undecided, the search reached ``estimate(max_nodes=...)`` first (then
    ``max_removed`` is the most its best line removed, a lower bound)."""
    max_removed: int
    nodes: int
    seconds: float = field(compare=False)


@dataclass(frozen=True)
class Estimate:
    """A measured win rate. ``low``/``high`` bound the 95% Wilson interval; ``max_removed``
    maps each count of pyramid cards to the number of deals where that is the most any line
    removes; ``outcomes`` lists every deal, in order, with its code, and ``won_codes`` the codes
    of the deals won (each empty when :func:`estimate` was told not to keep them)."""

    rules: Rules
    seed: int
    deals: int
    won: int
    low: float
    high: float
    max_removed: dict[int, int]
    outcomes: tuple[DealOutcome, ...] = field(repr=False)
    seconds: float = field(compare=False, repr=False)
    won_codes: tuple[str, ...] = field(repr=False)
    slowest_deal: DealOutcome = field(compare=False, repr=False)
    keep: str = field(default="all", repr=False)
    player: str | None = None
    """``None`` for the solver; otherwise the name of the strategy that played the deals
    (``estimate(player=...)``), whose ``won`` counts the deals it won, ``max_removed`` the
    pyramid cards it removed and each outcome's ``nodes`` the moves it played."""
    undecided: int = 0
    """Deals the solver left undecided within ``max_nodes`` (never counted as won or lost):
    ``won`` and ``max_removed`` cover the decided deals only, ``rate`` is then a lower bound,
    :attr:`rate_range` the honest range and ``low``/``high`` the Wilson bounds of its ends."""
    max_nodes: int | None = None
    """The node budget per deal (``estimate(max_nodes=...)``), or ``None``: no budget."""

    @property
    def rate(self) -> float:
        return self.won / self.deals

    @property
    def lost(self) -> int:
        """Deals proven lost (by the solver) or lost (by the strategy)."""
        return self.deals - self.won - self.undecided

    @property
    def rate_range(self) -> tuple[float, float]:
        """The share won if every undecided deal is lost, and if every one is won."""
        return WinRate(self.won, self.deals, self.undecided).rate_range

    @property
    def codes(self) -> list[str]:
        """Every deal's code, in order (only when every outcome was kept)."""
        if self.keep != "all":
            raise ValueError(
                f"this estimate kept {self.keep!r} outcomes; estimate(keep='all') keeps every code"
            )
        return [outcome.code for outcome in self.outcomes]

    def slowest(self) -> DealOutcome:
        return self.slowest_deal

    def summary(self) -> str:
        """One line for a table: rules, who played (when a strategy did), rate, interval and deals."""
        who = "" if self.player is None else f" played by {self.player}"
        if self.undecided:
            low, high = self.rate_range
            return (
                f"{self.rules.letter} {self.rules.name}{who}: {self.won}/{self.deals} won, {self.lost} lost, "
                f"{self.undecided} undecided within {self.max_nodes} nodes = {100 * low:.2f}-{100 * high:.2f}% "
                f"(95% CI {100 * self.low:.2f}-{100 * self.high:.2f}%), seed {self.seed}"
            )
        return (
            f"{self.rules.letter} {self.rules.name}{who}: {self.won}/{self.deals} won = {100 * self.rate:.2f}% "
            f"(95% CI {100 * self.low:.2f}-{100 * self.high:.2f}%), seed {self.seed}"
        )

    def __repr__(self) -> str:
        who = "" if self.player is None else f", player={self.player!r}"
        return (
            f"Estimate({self.rules.letter} {self.rules.name}{who}, deals={self.deals}, won={self.won}, "
            f"rate={self.rate:.4f}, 95% CI [{self.low:.4f}, {self.high:.4f}], seed={self.seed})"
        )

    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON: the figures, the distribution and the codes of the deals won
        (``None`` when they were not kept)."""
        slowest = self.slowest()
        return {
            "rules": self.rules.letter,
            "rules_name": self.rules.name,
            "rules_knobs": self.rules.to_dict(),
            **({} if self.player is None else {"player": self.player}),
            "seed": self.seed,
            "deals": self.deals,
            "won": self.won,
            **(
                {}
                if self.max_nodes is None
                else {
                    "max_nodes": self.max_nodes,
                    "lost": self.lost,
                    "undecided": self.undecided,
                    "rate_range": list(self.rate_range),
                }
            ),
            "rate": self.rate,
            "ci95": [self.low, self.high],
            "max_removed": {str(k): v for k, v in sorted(self.max_removed.items())},
            "seconds": round(self.seconds, 3),
            "slowest": {"code": slowest.code, "seconds": round(slowest.seconds, 4)},
            "won_codes": None if self.keep == "none" else list(self.won_codes),
        }


def _solve_chunk(
    rules: Rules, codes: Sequence[str], max_nodes: int | None = None
) -> list[ChunkResult]:
    """Solve a chunk of deals (runs in a worker: module-level, so it pickles by name); a deal
    the search cannot settle within ``max_nodes`` is undecided (``None``). Each deal goes
    straight from its code to the solver's verdict: no game is built, no line turned into moves."""
    from ..engine.board import dealt
    from ..solver import verdict

    out: list[ChunkResult] = []
    for code in codes:
        started = time.perf_counter()
        position, status = dealt(DealCode.parse(code).deal(rules.table), rules)
        found = verdict(position, rules, status, max_nodes=max_nodes)
        out.append((found.winnable, found.max_removed, found.nodes, time.perf_counter() - started))
    return out


def _play_chunk(rules: Rules, codes: Sequence[str], player: object, seed: int) -> list[ChunkResult]:
    """Play a chunk of deals with a strategy (runs in a worker, like :func:`_solve_chunk`).

    The strategy's random source is seeded by the estimate's seed and the deal's letters, so
    a deal is played the same way whichever chunk, worker or executor plays it."""
    from ..engine.game import Game
    from .strategies import play_out

    out: list[ChunkResult] = []
    for code in codes:
        started = time.perf_counter()
        result = play_out(Game.from_code(code, rules=rules), player, _playout_seed(seed, code))  # type: ignore[arg-type]
        out.append((result.won, result.removed, result.moves, time.perf_counter() - started))
    return out


def _playout_seed(seed: int, code: str) -> str:
    """The seed of a strategy's random source on one deal of an estimate."""
    return f"{seed}:{code.rsplit('-', 1)[-1]}"


def _start_worker() -> None:
    """Worker initializer of the default pool. Ctrl-C reaches the whole process group, but only
    the parent should act on it (by ending the workers): a worker hit while idle would die with
    a traceback. And a worker ends itself once the parent is gone: killed outright (SIGKILL),
    the parent ends no worker, which would otherwise solve its chunks for nobody, then wait for
    more forever and keep the forkserver alive."""
    import multiprocessing

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(
            target=_end_with, args=(parent.sentinel,), name="pyramide-parent-watch", daemon=True
        ).start()


def _end_with(sentinel: int) -> None:
    """End this process at once when ``sentinel`` (the parent's) says the parent is gone."""
    from multiprocessing.connection import wait

    wait([sentinel])
    os._exit(1)


def _default_executor() -> Executor | None:
    """A process pool over the local cores, or ``None`` (serial) where processes cannot start.

    ``forkserver`` where the platform has it: forking a process that runs threads (a Jupyter
    kernel does) can deadlock, and it is Python's own default from 3.14 on."""
    try:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("forkserver" if "forkserver" in methods else None)
        return ProcessPoolExecutor(
            max_workers=os.cpu_count() or 1,
            mp_context=context,
            initializer=_start_worker,
        )
    except (ImportError, NotImplementedError, OSError, ValueError):
        return None


def _stop_at_once(pool: Executor) -> None:
    """End the default pool now: cancel the chunks not started and end the workers mid-chunk.

    ``shutdown(cancel_futures=True)`` alone waits for the running chunks, minutes on the
    one-pass rules, and a process killed meanwhile leaves the workers and the resource tracker
    behind. Python 3.14 has ``terminate_workers()``; before it, the pool's process table is
    the only way to the workers."""
    terminate = getattr(pool, "terminate_workers", None)
    if terminate is not None:
        terminate()
        return
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join()
    pool.shutdown(wait=True)


def _check_rules(rules: object) -> Rules:
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        return Rules.preset(rules.strip())
    raise TypeError(
        f"rules must be a Rules or a preset letter ({', '.join(PRESETS)}), got {type(rules).__name__} {rules!r}"
    )


def _check_executor(executor: object) -> Executor | str | None:
    if executor is None or executor == "serial" or isinstance(executor, Executor):
        return executor
    kind = ValueError if isinstance(executor, str) else TypeError
    raise kind(
        "executor must be a concurrent.futures.Executor, None (a process pool over the local "
        f"cores) or 'serial', got {executor!r}"
    )


_Task = Callable[..., list[ChunkResult]]
"""A chunk's work, run by an executor: ``task(rules, codes, *extra)``."""


def _work(
    player: object, seed: int, executor: Executor | str | None, max_nodes: int | None = None
) -> tuple[_Task, tuple[object, ...], Executor | str | None]:
    """What a chunk runs: the solver, or a strategy's playouts; and the executor to run it on.

    A built-in strategy travels to the workers by name. A user's function travels as itself,
    so it must pickle for a process pool: checked here for a ``ProcessPoolExecutor``, and the
    default pool plays it in this process when workers could not import it (a function
    defined in a notebook, whose ``__main__`` they cannot load, or a lambda)."""
    if player is None:
        return _solve_chunk, (max_nodes,), executor
    if max_nodes is not None:
        raise ValueError(
            "max_nodes is the solver's budget: a strategy (player=...) plays without one, pass max_nodes=None"
        )
    from .strategies import STRATEGIES, check_player, player_name

    check_player(player)
    name = player_name(player)
    spec: object = name if STRATEGIES.get(name) is player or isinstance(player, str) else player
    if isinstance(spec, str):
        return _play_chunk, (spec, seed), executor
    if executor is None and not _workers_can_load(spec):
        return _play_chunk, (spec, seed), "serial"
    process_pool = sys.modules.get("concurrent.futures.process")
    if process_pool is not None and isinstance(executor, process_pool.ProcessPoolExecutor):
        if not _pickles(spec):
            raise TypeError(
                f"player {name} cannot be sent to worker processes (it does not pickle): define it "
                "at the top level of a module, pass a built-in name "
                f"({', '.join(map(repr, STRATEGIES))}), or pass executor='serial'"
            )
    return _play_chunk, (spec, seed), executor


def _pickles(value: object) -> bool:
    try:
        pickle.dumps(value)
    except Exception:  # pickling raises PicklingError, AttributeError, TypeError... by object
        return False
    return True


def _workers_can_load(function: object) -> bool:
    """Whether a process pool's workers can unpickle ``function``: it pickles, and it is not
    defined in a ``__main__`` they cannot re-import (a notebook's, an interactive session's)."""
    if not _pickles(function):
        return False
    module = getattr(function, "__module__", None)
    return module != "__main__" or hasattr(sys.modules.get("__main__"), "__file__")


def solve_deals(
    rules: Rules | str = "N",
    deals: int = 10_000,
    seed: int = 0,
    *,
    executor: Executor | str | None = None,
    chunk_size: int = 50,
    in_flight: int | None = None,
    player: object = None,
    max_nodes: int | None = None,
) -> Generator[DealOutcome, None, None]:
    """Solve ``deals`` deals drawn from ``seed`` (or play them with the strategy ``player``)
    and yield each outcome, in deal order, as soon as it and every deal before it are done.

    The arguments are those of :func:`estimate` (checked here, at the call). At most
    ``in_flight`` chunks are submitted and not yet yielded (default: 4 per local core; raise it
    for a large cluster), so memory stays the same for any ``deals``. Close the iterator (or
    exhaust it) to stop: the default pool is then ended at once."""
    rules = _check_rules(rules)
    _check_whole("deals", deals, 1, MAX_DEALS)
    _check_whole("seed", seed, 0, MAX_SEED)
    executor = _check_executor(executor)
    _check_whole("chunk_size", chunk_size, 1, MAX_DEALS)
    window = (
        4 * (os.cpu_count() or 1)
        if in_flight is None
        else _check_whole("in_flight", in_flight, 1, MAX_DEALS)
    )
    from ..solver import check_node_budget

    check_node_budget("max_nodes", max_nodes)
    task, extra, executor = _work(player, seed, executor, max_nodes)
    return _stream(rules, deals, seed, executor, chunk_size, window, task, extra)


def _chunks(rules: Rules, deals: int, seed: int, chunk_size: int) -> Iterator[list[str]]:
    letters = islice(_draw_letters(seed), deals)
    while chunk := list(islice(letters, chunk_size)):
        yield [str(DealCode.for_rules(rules, text)) for text in chunk]


def _stream(
    rules: Rules,
    deals: int,
    seed: int,
    executor: Executor | str | None,
    chunk_size: int,
    window: int,
    task: _Task,
    extra: tuple[object, ...],
) -> Generator[DealOutcome, None, None]:
    chunks = _chunks(rules, deals, seed, chunk_size)
    pool = (
        _default_executor() if executor is None else None if isinstance(executor, str) else executor
    )
    if pool is None:
        solved: Generator[tuple[list[str], list[ChunkResult]], None, None] = (
            (c, task(rules, c, *extra)) for c in chunks
        )
    else:
        solved = _in_order(pool, rules, chunks, window, executor is None, task, extra)
    with closing(solved) as results:
        for chunk, chunk_results in results:
            _check_count(chunk, chunk_results)
            for code, (winnable, removed, nodes, seconds) in zip(chunk, chunk_results, strict=True):
                yield DealOutcome(code, winnable, removed, nodes, seconds)


def _check_count(chunk: list[str], results: object) -> None:
    """Raise ``ValueError`` unless ``results`` is a list of one result per deal of ``chunk``: an
    executor that lost or added results would otherwise give a rate over deals never solved."""
    if not isinstance(results, list) or len(results) != len(chunk):
        got = f"{len(results)} results" if isinstance(results, list) else repr(results)[:80]
        raise ValueError(
            f"the executor returned {got} for {len(chunk)} deals ({chunk[0]} to {chunk[-1]}); "
            "an executor must return each task's result as the task returned it"
        )


def _in_order(
    pool: Executor,
    rules: Rules,
    chunks: Iterator[list[str]],
    window: int,
    owned: bool,
    task: _Task,
    extra: tuple[object, ...],
) -> Generator[tuple[list[str], list[ChunkResult]], None, None]:
    """Submit chunks with at most ``window`` unfinished or unread, and yield them in order."""
    pending: deque[tuple[list[str], Future[list[ChunkResult]]]] = deque()
    finished = False
    try:
        for chunk in chunks:
            pending.append((chunk, pool.submit(task, rules, chunk, *extra)))
            if len(pending) >= window:
                head, future = pending.popleft()
                yield head, future.result()
        while pending:
            head, future = pending.popleft()
            yield head, future.result()
        finished = True
    except BrokenExecutor as error:  # BrokenProcessPool's module imports multiprocessing (Pyodide)
        if not owned:
            raise
        raise type(error)(
            "a worker of the default process pool stopped abruptly (killed, out of memory, or "
            'the script calling estimate() lacks the `if __name__ == "__main__":` guard the '
            "pool needs to start its workers)"
        ) from error
    finally:
        if owned and not finished:
            # The pool's own thread cancels what has not started: a future cancelled here
            # while the workers are ended can meet Python's manager thread setting its error
            # (an InvalidStateError printed from that thread before Python 3.12, gh-107219).
            _stop_at_once(pool)
        else:
            for _, future in pending:
                future.cancel()
            if owned:
                pool.shutdown()


def estimate(
    rules: Rules | str = "N",
    deals: int = 10_000,
    seed: int = 0,
    *,
    executor: Executor | str | None = None,
    chunk_size: int = 50,
    progress: Callable[[int, int], None] | None = None,
    keep: str = "all",
    in_flight: int | None = None,
    player: object = None,
    max_nodes: int | None = None,
) -> Estimate:
    """Solve ``deals`` deals drawn from ``seed`` under ``rules`` and measure the win rate, or,
    with ``player``, the win rate of a strategy that sees only what a player sees.

    ``rules`` is a :class:`~pyramide_widget.engine.rules.Rules` or a preset letter; ``deals`` is 1 to
    26**7 and ``seed`` 0 to 2**64 - 1 (a larger seed would alias a smaller one). ``executor`` is
    any :class:`concurrent.futures.Executor`, ``None`` for a process pool over the local cores
    (serial where processes are unavailable) or ``"serial"``. ``progress(done, total)`` is
    called as chunks finish, in deal order. ``keep`` says what is kept deal by deal: ``"all"``
    outcomes, only the codes of the deals ``"won"``, or ``"none"`` (the figures only: memory
    then does not grow with ``deals``). The result does not depend on the executor, the chunk
    size or ``in_flight`` (see :func:`solve_deals`). Bad arguments raise TypeError or
    ValueError here, before any deal is solved.

    ``player`` (see :mod:`~pyramide_widget.analysis.strategies`) is ``None`` for the solver,
    which sees the whole deal; a built-in strategy's name (``"random"``, ``"greedy"``,
    ``"careful"``, ``"expert"``); or any function ``(view, rng) -> move`` of the
    :class:`~pyramide_widget.engine.player_view.PlayerView`. The same ``seed`` deals the same
    deals to the solver and to every strategy, so their rates compare deal for deal, and a
    strategy's random choices are seeded from ``seed`` and each deal, so its result does not
    depend on the executor either. A function the default pool's workers could not import (one
    defined in a notebook) is played in this process.

    ``max_nodes`` (solver only) caps the search of each deal: a deal not settled by then is
    counted as *undecided*, never as won or lost (:attr:`Estimate.undecided`), for rule sets
    where a few deals would take the search too long.
    """
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a function (done, total) or None, got {progress!r}")
    if keep not in _KEEP:
        raise ValueError(f"keep must be one of {', '.join(map(repr, _KEEP))}, got {keep!r}")
    rules = _check_rules(rules)
    stream = solve_deals(
        rules,
        deals,
        seed,
        executor=executor,
        chunk_size=chunk_size,
        in_flight=in_flight,
        player=player,
        max_nodes=max_nodes,
    )
    started = time.perf_counter()
    outcomes: list[DealOutcome] = []
    won_codes: list[str] = []
    histogram: dict[int, int] = {}
    slowest: DealOutcome | None = None
    done = won = undecided = 0
    with closing(stream):
        for outcome in stream:
            done += 1
            if outcome.winnable is None:
                undecided += 1
            else:
                won += outcome.winnable
                histogram[outcome.max_removed] = histogram.get(outcome.max_removed, 0) + 1
            if slowest is None or outcome.seconds > slowest.seconds:
                slowest = outcome
            if keep == "all":
                outcomes.append(outcome)
            if outcome.winnable and keep != "none":
                won_codes.append(outcome.code)
            if progress is not None and (done % chunk_size == 0 or done == deals):
                progress(done, deals)
    assert slowest is not None  # deals >= 1
    low, high = WinRate(won, deals, undecided).interval()
    return Estimate(
        rules,
        seed,
        deals,
        won,
        low,
        high,
        dict(sorted(histogram.items())),
        tuple(outcomes),
        time.perf_counter() - started,
        tuple(won_codes),
        slowest,
        keep,
        None if player is None else _player_name(player),
        undecided,
        max_nodes,
    )


def _player_name(player: object) -> str:
    from .strategies import player_name

    return player_name(player)
