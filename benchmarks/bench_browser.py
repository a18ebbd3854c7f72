"""Benchmark the solver in the browser's Python: Pyodide under Node running the WebAssembly
engine, beside pure Python there and the native engine in this CPython, in one run; writes
``benchmarks/results/browser.json`` with the machine's load::

    python build_compiled.py && npm ci --prefix js
    python benchmarks/bench_browser.py --decks-file random-decks.txt --decks 12

Measured, each engine on the same work with the same answers (checked):

* the fewest moves (``solve(..., optimal=True)``) on the Java peer's decks under their rules
  (``benchmarks/bench_optimal.py``: their ``src/test/resources/random-decks.txt``, fetch their
  checkout yourself; without it, seeded decks in their format);
* ``estimate`` of 1,000 Standard and 1,000 Traditional deals (one process: Pyodide has no other);
* ``chance()`` at the start of a Traditional deal, as the widget's chance indicator measures
  it after each move: with its node budget (``CHANCE_NODES`` per layout on average), which may
  stop before its 200 layouts (the layouts tried and decided are recorded), and with every one
  of the 200 layouts decided (``max_nodes=None``). In Pyodide (no threads) the indicator
  measures in slices between the front end's messages; how long a click waits meanwhile in the
  offline site is ``benchmarks/bench_lite_click.py``'s.

Wall-clock seconds (``time.perf_counter``) on every side, so the load beside them matters. This
file is also what runs inside Pyodide (``--in-pyodide``), through ``tests/pyodide/run.mjs``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RESULT = ROOT / "benchmarks" / "results" / "browser.json"
ESTIMATE_DEALS = 1_000
CHANCE_DEAL = "PY1-T-AAAAAAS"


def fewest_moves(decks: list[str], engine: str) -> list[dict[str, Any]]:
    """Each deck's fewest moves on ``engine``: milliseconds, the answer and its node count."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_optimal import game_of

    from pyramide_widget.solver import solve

    rows = []
    for deck in decks:
        game = game_of(deck)
        started = time.perf_counter()
        result = solve(game, optimal=True, engine=engine)
        rows.append(
            {
                "ms": round((time.perf_counter() - started) * 1000, 2),
                "moves": None if result.solution is None else len(result.solution),
                "nodes": result.nodes,
                "engine": result.engine,
            }
        )
    return rows


def estimates(engine_note: str) -> dict[str, Any]:
    """``estimate`` of :data:`ESTIMATE_DEALS` deals on N and T, in this process."""
    from pyramide_widget import estimate

    found = {}
    for letter in "NT":
        started = time.perf_counter()
        result = estimate(letter, ESTIMATE_DEALS, executor="serial")
        found[letter] = {
            "seconds": round(time.perf_counter() - started, 3),
            "won": result.won,
            "deals": result.deals,
            "engine": engine_note,
        }
    return found


def chance_at_start(every_layout: bool = False) -> dict[str, Any]:
    """``chance()`` with its default 200 layouts at the start of a Traditional deal: with its
    node budget, or with every layout decided (``max_nodes=None``)."""
    from pyramide_widget import Game
    from pyramide_widget.analysis.chance import CHANCE_NODES, CHANCE_SAMPLES, chance

    started = time.perf_counter()
    result = chance(Game.from_code(CHANCE_DEAL), max_nodes=None if every_layout else CHANCE_NODES)
    return {
        "seconds": round(time.perf_counter() - started, 3),
        "deal": CHANCE_DEAL,
        "samples": CHANCE_SAMPLES,
        "max_nodes": None if every_layout else CHANCE_NODES,
        "layouts": result.layouts,
        "decided": result.decided,
        "won": result.won,
    }


def chance_along_a_game() -> dict[str, Any]:
    """``chance()`` (200 layouts) at every fifth position of a won Traditional game, as the
    widget's indicator measures it after a move: the median and the slowest measure."""
    from pyramide_widget import Game, solve
    from pyramide_widget.analysis.chance import chance

    game = Game.from_code(CHANCE_DEAL)
    line = solve(Game.from_code(CHANCE_DEAL)).solution or []
    times = []
    for n, move in enumerate([None, *line]):
        if move is not None:
            game.play(move)
        if n % 5 == 0 and not game.is_over:
            started = time.perf_counter()
            chance(game)
            times.append(time.perf_counter() - started)
    times.sort()
    return {
        "positions": len(times),
        "median_seconds": round(times[len(times) // 2], 3),
        "slowest_seconds": round(times[-1], 3),
    }


def in_pyodide(decks: list[str], python_decks: int) -> dict[str, Any]:
    """The Pyodide side: the WebAssembly engine, then pure Python on the first decks."""
    from pyramide_widget.solver import engines
    from pyramide_widget.solver.wasm import WasmCores

    assert engines.available_engines() == ["wasm", "python"], engines.available_engines()
    wasm_rows = fewest_moves(decks, "wasm")
    python_rows = fewest_moves(decks[:python_decks], "python")
    found = {
        "wasm": estimates("wasm"),
        "chance": chance_at_start(),
        "chance_every_layout": chance_at_start(every_layout=True),
    }
    along = chance_along_a_game()
    cores = engines.cores("wasm")
    assert isinstance(cores, WasmCores)
    before = cores.memory_bytes()
    from pyramide_widget.solver import solve

    codes = [f"PY1-N-{letters}" for letters in _letters(10_000)]
    started = time.perf_counter()
    for code in codes:
        solve(code, max_nodes=20_000)
    return {
        "fewest_moves": {"wasm": wasm_rows, "python": python_rows},
        "estimate": found["wasm"],
        "chance": found["chance"],
        "chance_every_layout": found["chance_every_layout"],
        "chance_along_a_game": along,
        "memory": {
            "solves": len(codes),
            "seconds": round(time.perf_counter() - started, 3),
            "bytes_before": before,
            "bytes_after": cores.memory_bytes(),
        },
    }


def _letters(count: int) -> list[str]:
    from pyramide_widget.analysis.estimation import deal_letters

    return list(deal_letters(2024, count))


def read_decks(path: Path | None, count: int) -> tuple[list[str], str]:
    """The Java peer's decks, or seeded decks in their format without their file."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_optimal import seeded_decks

    if path is None:
        return seeded_decks(count, 2024), f"seeded decks in their format (seed 2024), first {count}"
    lines = [line for line in path.read_text().splitlines() if line.strip()]
    return lines[:count], f"their src/test/resources/random-decks.txt, first {count}"


def seconds(value: float) -> str:
    return f"{value:.2f} s"


def rows(record: dict[str, Any]) -> list[str]:
    """The solver guide's rows of a run (the guide's table is drawn from the results file with
    them): each piece of work, native beside WebAssembly and pure Python, then the load."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from machine import load_text

    moves = record["fewest_moves"]
    python = moves["python"]
    decks = moves["native"]["decks"]
    found = [
        (
            f"fewest moves, {decks} Java decks",
            seconds(moves["native"]["total_s"]),
            f"{seconds(moves['wasm']['total_s'])}, {moves['wasm_slower_than_native']} × native",
            f"{seconds(python['total_s'])} ({python['decks']} decks), "
            f"{moves['wasm_faster_than_python']} × WebAssembly",
        )
    ]
    for letter, name in (("N", "Standard"), ("T", "Traditional")):
        found.append(
            (
                f"estimate({letter!r}, {ESTIMATE_DEALS:,}), {name}",
                seconds(record["estimate"]["native"][letter]["seconds"]),
                seconds(record["estimate"]["wasm"][letter]["seconds"]),
                "not run",
            )
        )
    chance = record["chance"]
    wasm = chance["wasm"]
    # A run from before the node budget says only how many layouts it tried.
    budget = (
        f" tried within its node budget, {wasm['decided']} decided" if "decided" in wasm else ""
    )
    found.append(
        (
            f"chance(), Traditional's start: {wasm['layouts']} layouts{budget}",
            seconds(chance["native"]["seconds"]),
            seconds(wasm["seconds"]),
            "not run",
        )
    )
    every = record.get("chance_every_layout")
    if every is not None:
        found.append(
            (
                f"chance(), Traditional's start: all {every['wasm']['layouts']} layouts decided",
                seconds(every["native"]["seconds"]),
                seconds(every["wasm"]["seconds"]),
                "not run",
            )
        )
    along = record["chance_along_a_game"]
    found.append(
        (
            f"chance() after a move, {along['wasm']['positions']} positions of a won "
            "Traditional game: median / slowest",
            f"{seconds(along['native']['median_seconds'])} / "
            f"{seconds(along['native']['slowest_seconds'])}",
            f"{seconds(along['wasm']['median_seconds'])} / "
            f"{seconds(along['wasm']['slowest_seconds'])}",
            "not run",
        )
    )
    load = load_text(record)
    return ["| " + " | ".join([*cells, load]) + " |" for cells in found]


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    return {"decks": len(rows), "total_s": round(sum(row["ms"] for row in rows) / 1000, 3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decks-file", type=Path, help="their random-decks.txt")
    parser.add_argument("--decks", type=int, default=12)
    parser.add_argument("--python-decks", type=int, default=12)
    parser.add_argument("--in-pyodide", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.in_pyodide is not None:  # inside Pyodide: the decks come in a file, JSON goes out
        decks = json.loads(args.in_pyodide.read_text())
        print(json.dumps(in_pyodide(decks, args.python_decks)))
        return

    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from machine import machine, measured

    from pyramide_widget.solver.engines import available_engines

    assert available_engines() == ["native", "python"], "build the extension: build_compiled.py"
    decks, source = read_decks(args.decks_file, args.decks)
    with measured() as run:
        native = {
            "fewest_moves": fewest_moves(decks, "native"),
            "estimate": estimates("native"),
            "chance": chance_at_start(),
            "chance_every_layout": chance_at_start(every_layout=True),
            "chance_along_a_game": chance_along_a_game(),
        }
        with tempfile.TemporaryDirectory() as folder:
            (Path(folder) / "decks.json").write_text(json.dumps(decks))
            done = subprocess.run(
                [
                    "node",
                    str(ROOT / "tests" / "pyodide" / "run.mjs"),
                    "--mount",
                    f"{folder}:/bench",
                    "benchmarks/bench_browser.py",
                    "--in-pyodide",
                    "/bench/decks.json",
                    "--python-decks",
                    str(args.python_decks),
                ],
                capture_output=True,
                text=True,
                check=False,
            )
        if done.returncode != 0:
            sys.exit(done.stdout[-2000:] + done.stderr[-4000:])
        browser = json.loads(done.stdout.strip().splitlines()[-1])
    wasm_rows = browser["fewest_moves"]["wasm"]
    python_rows = browser["fewest_moves"]["python"]
    native_rows = native["fewest_moves"]
    for engine_rows in (wasm_rows, python_rows):
        for row, reference in zip(engine_rows, native_rows, strict=False):
            assert (row["moves"], row["nodes"]) == (reference["moves"], reference["nodes"])
    same = len(python_rows)
    ratio_python = sum(r["ms"] for r in python_rows) / sum(r["ms"] for r in wasm_rows[:same])
    ratio_native = sum(r["ms"] for r in wasm_rows) / sum(r["ms"] for r in native_rows)
    for letter in "NT":
        assert browser["estimate"][letter]["won"] == native["estimate"][letter]["won"]
    for kind in ("chance", "chance_every_layout"):
        assert browser[kind] == {**native[kind], "seconds": browser[kind]["seconds"]}, kind
    record = {
        "date": date.today().isoformat(),
        "decks": source,
        "rules": "Rules(recycles=2, draw_against_waste=True)",
        "seconds": "wall-clock (time.perf_counter): a load above the 2 cores stretches every side",
        "pyodide": "npm pyodide (js/package-lock.json) under Node",
        "fewest_moves": {
            "native": {**summary(native_rows), "rows": native_rows},
            "wasm": {**summary(wasm_rows), "rows": wasm_rows},
            "python": {**summary(python_rows), "rows": python_rows},
            "wasm_faster_than_python": round(ratio_python, 1),
            "wasm_slower_than_native": round(ratio_native, 2),
        },
        "estimate": {"native": native["estimate"], "wasm": browser["estimate"]},
        "chance": {"native": native["chance"], "wasm": browser["chance"]},
        "chance_every_layout": {
            "native": native["chance_every_layout"],
            "wasm": browser["chance_every_layout"],
        },
        "chance_along_a_game": {
            "native": native["chance_along_a_game"],
            "wasm": browser["chance_along_a_game"],
        },
        "wasm_memory": browser["memory"],
        **machine(),
        **run,
    }
    RESULT.write_text(json.dumps(record, indent=1) + "\n")
    print("\n".join(rows(record)))
    print({k: v for k, v in record["fewest_moves"].items() if not isinstance(v, dict)})


if __name__ == "__main__":
    main()
