"""Cross-check the compiled search against the pure-Python one, deal by deal, on every preset.

The long run of ``tests/test_solver_compiled.py`` and ``tests/test_solver_compiled_piles.py``
(the games with other piles, ``piles_core.c``): for each preset, ``--deals`` deals (the first
of the published win-rate run, seed 2024) are solved by both engines, which must give equal
results (``winnable``, ``max_removed``, the winning line and the best line move for move, the
node count); both lines are replayed through the engine (the solution must win, the best line
must remove ``max_removed`` pyramid cards). Prints one line per preset with the CPU time of each
engine, and every disagreement; exits 1 if there was any::

    python benchmarks/crosscheck_accelerator.py --deals 2000 [--presets NST] [--workers 2]
    python benchmarks/crosscheck_accelerator.py --deals 2000 --presets GU --max-nodes 50000

The last runs are in ``benchmarks/results/crosscheck_accelerator.txt``.

``--optimal`` checks ``solve(..., optimal=True)`` the same way (the compiled A* against
shortest.py: the same fewest moves, line and node count); a won deal can take pure Python long
there, so runs are shorter and
``--max-nodes`` caps each solve (a stop must then come at the same state, with the same line):
the last run is in ``benchmarks/results/crosscheck_optimal.txt``.
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pyramide_widget import Game
from pyramide_widget.analysis.estimation import deal_letters
from pyramide_widget.engine.deal import DealCode
from pyramide_widget.engine.rules import PRESETS
from pyramide_widget.solver import SearchLimitReached, SolveResult, solve
from pyramide_widget.solver.compiled import available

SEED = 2024


def _replays(game: Game, result: SolveResult) -> str | None:
    """What is wrong with the result's lines when the engine plays them, or ``None``."""
    if result.solution is not None:
        won = Game(game.deal, game.rules)
        for move in result.solution:
            won.play(move)
        if str(won.status) != "won":
            return "the solution does not win"
    best = Game(game.deal, game.rules)
    for move in result.best_line:
        best.play(move)
    if game.table.shape.size - best.pyramid_left != result.max_removed:
        return "the best line does not remove max_removed pyramid cards"
    return None


def _solve_or_stop(
    game: Game, engine: str, optimal: bool, max_nodes: int | None
) -> SolveResult | tuple:
    """The result, or where the node budget stopped the search (nodes, best line, removed)."""
    try:
        return solve(game, engine=engine, optimal=optimal, max_nodes=max_nodes)
    except SearchLimitReached as stop:
        return stop.nodes, stop.best_line, stop.removed


def check_deal(
    code: str, optimal: bool = False, max_nodes: int | None = None
) -> tuple[str, bool | None, str | None, float, float]:
    """(code, winnable (None: stopped by ``max_nodes``), the disagreement or None, Python CPU
    seconds, compiled CPU seconds)."""
    game = Game.from_code(code)
    started = time.process_time()
    python = _solve_or_stop(game, "python", optimal, max_nodes)
    middle = time.process_time()
    fast = _solve_or_stop(game, "compiled", optimal, max_nodes)
    ended = time.process_time()
    problem = None
    if isinstance(python, tuple) or isinstance(fast, tuple):  # both must stop at the same state
        if python != fast:
            problem = (
                f"engines differ at the budget: python {python!r:.200}, compiled {fast!r:.200}"
            )
        return code, None, problem, middle - started, ended - middle
    if fast != python or fast.solution != python.solution or fast.best_line != python.best_line:
        problem = f"engines differ: python {python!r}, compiled {fast!r}"
    else:
        problem = _replays(game, fast)
    return code, python.winnable, problem, middle - started, ended - middle


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals per preset (default 2000)")
    parser.add_argument(
        "--presets",
        default="".join(PRESETS),
        help="preset letters (default: every preset, those with other piles too)",
    )
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--optimal", action="store_true", help="check solve(..., optimal=True), the fewest moves"
    )
    parser.add_argument(
        "--max-nodes",
        type=int,
        help="node budget per solve: both engines must stop at the same state",
    )
    args = parser.parse_args()
    if not available():
        print(
            "the compiled search is not built here: run `python build_compiled.py` (or pip install -e .)"
        )
        return 1
    mode = ("optimal=True; " if args.optimal else "") + (
        f"max_nodes={args.max_nodes}; " if args.max_nodes else ""
    )
    print(
        f"python {sys.version.split()[0]}, {os.cpu_count()} cores, {args.workers} workers; "
        f"{mode}the first {args.deals} deals of seed {SEED} per preset; CPU seconds per engine, summed over the deals "
        "(the machine was shared with other work: CPU time, not wall-clock)",
        flush=True,
    )
    failures = 0
    letters = deal_letters(SEED, args.deals)
    check = functools.partial(check_deal, optimal=args.optimal, max_nodes=args.max_nodes)
    with ProcessPoolExecutor(args.workers) as pool:
        for letter in args.presets.upper():
            started = time.perf_counter()
            rules = PRESETS[letter].rules
            codes = [str(DealCode.for_rules(rules, text)) for text in letters]
            won = agree = stopped = 0
            python_cpu = compiled_cpu = 0.0
            for done, (code, winnable, problem, python_s, compiled_s) in enumerate(
                pool.map(check, codes, chunksize=4), 1
            ):
                won += bool(winnable)
                stopped += winnable is None
                python_cpu += python_s
                compiled_cpu += compiled_s
                if problem is None:
                    agree += 1
                else:
                    failures += 1
                    print(f"  DISAGREE {code}: {problem}", flush=True)
                if done % 250 == 0 and done < len(codes):  # a long run shows how far it got
                    print(f"  {letter}: {done} deals, {agree} agree", flush=True)
            print(
                f"{letter} {PRESETS[letter].name:<16} deals {len(codes):>5}  agree {agree:>5}  won {won:>5}  "
                f"{f'stopped at the budget {stopped:>4}  ' if args.max_nodes else ''}"
                f"CPU python {python_cpu:8.1f} s  compiled {compiled_cpu:7.2f} s  "
                f"(x{python_cpu / max(compiled_cpu, 1e-9):.0f})  wall {time.perf_counter() - started:6.0f} s",
                flush=True,
            )
    print("all agree" if not failures else f"{failures} disagreements")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
