"""Benchmark the widget's kernel side in a long game: what a tap costs at the start and after
20,000 actions, and what a replay of a 20,000-action record costs (to open, in memory, per step
and for a language change). Through the widget's public methods only, so the same script
measures another checkout (``PYTHONPATH=/path/to/checkout``).

Prints the figures and, with ``--save NAME``, files them under NAME in
``benchmarks/results/long_game.json`` with the machine's load; asserts nothing::

    python benchmarks/bench_long_game.py --save after
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.append(str(HERE))  # machine.py; the package comes first from PYTHONPATH or the install

from machine import measured  # noqa: E402

from pyramide_widget import Game, Record  # noqa: E402
from pyramide_widget.widget import PyramideWidget  # noqa: E402

RESULTS = HERE / "results" / "long_game.json"


def long_game(actions: int) -> Game:
    """A Standard game of ``actions`` actions: a king, then draws and recycles, an undo now
    and then."""
    game = Game.from_code("PY1-N-AAAAAAS")
    game.play("K♣")
    while len(game.actions) < actions:
        game.play("draw" if game.stock else "recycle")
        if len(game.actions) % 7 == 0 and len(game.actions) < actions:
            game.undo()
    return game


def tap_microseconds(widget: PyramideWidget, taps: int) -> float:
    """The median kernel time of a tap on the stock (the message handled, the snapshot sent)."""
    times = []
    for _ in range(taps):
        started = time.perf_counter()
        widget._on_message(widget, {"type": "tap", "pile": "stock"}, [])
        times.append(time.perf_counter() - started)
    return round(1e6 * statistics.median(times), 1)


def replay_figures(record: Record, steps: int) -> dict[str, Any]:
    widget = PyramideWidget(stats=False)
    tracemalloc.start()  # a first opening for its memory (tracemalloc slows it down)
    before = tracemalloc.take_snapshot()
    widget.replay(record)
    kept = sum(
        stat.size_diff for stat in tracemalloc.take_snapshot().compare_to(before, "filename")
    )
    tracemalloc.stop()
    widget.stop_replay()
    started = time.perf_counter()
    widget.replay(record)
    opened = time.perf_counter() - started
    rng = random.Random(0)
    jumps = []
    for _ in range(steps):
        index = rng.randrange(len(record) + 1)
        started = time.perf_counter()
        widget.replay_to(index)
        jumps.append(time.perf_counter() - started)
    backs = []
    for index in range(len(record), len(record) - steps, -1):
        started = time.perf_counter()
        widget.replay_to(index)
        backs.append(time.perf_counter() - started)
    started = time.perf_counter()
    widget.language = "fr"
    language = time.perf_counter() - started
    return {
        "open_s": round(opened, 3),
        "kept_mib": round(kept / 2**20, 1),
        "jump_median_ms": round(1e3 * statistics.median(jumps), 2),
        "jump_max_ms": round(1e3 * max(jumps), 2),
        "step_back_median_ms": round(1e3 * statistics.median(backs), 2),
        "language_change_s": round(language, 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=20_000)
    parser.add_argument("--taps", type=int, default=300)
    parser.add_argument("--steps", type=int, default=50)
    parser.add_argument("--save", help="file the figures under this name")
    args = parser.parse_args()
    with measured() as run:
        fresh = PyramideWidget("PY1-N-AAAAAAS", stats=False)
        at_start = tap_microseconds(fresh, args.taps)
        game = long_game(args.actions)
        record = game.record()
        widget = PyramideWidget(game=game, stats=False)
        after = tap_microseconds(widget, args.taps)
        replay = replay_figures(record, args.steps)
    figures = {
        "actions": args.actions,
        "tap_us_at_start": at_start,
        f"tap_us_after_{args.actions}": after,
        "replay": replay,
        "run": run,
    }
    print(json.dumps(figures, indent=1))
    if args.save:
        saved = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
        saved[args.save] = figures
        RESULTS.write_text(json.dumps(saved, indent=1) + "\n")


if __name__ == "__main__":
    main()
