"""Run the published win-rate estimates and file them in ``benchmarks/results/win_rates.json``;
print the probability guide's table from that file.

The published rates have one source: that file. Each preset's run is the command line's
``estimate`` (``python -m pyramide_widget estimate --rules L --deals 10000 --seed 2024 --json``,
the command filed with it), run here in-process on a pool of one worker per core so that its
CPU time can be counted, between two readings of the machine's load (``benchmarks/machine.py``)::

    python benchmarks/publish_win_rate.py --run U              # one preset, 10,000 deals
    python benchmarks/publish_win_rate.py --run NSTPREWVFBAYCGU # each in turn
    python benchmarks/publish_win_rate.py --table              # the guide's rows

Each entry keeps the run's figures (``Estimate.to_dict``), its wall-clock and CPU seconds, the
load before and after, the date, and whether it gave the same answers as the entry it replaces
(the deals won, their codes where kept, the distribution of ``max_removed``). It then rewrites
the package's copy of the published figures (``package_data.py``).
The guide's table is drawn from the file with :func:`row`.

A run with a node budget (``--max-nodes``) counts the deals it did not settle as undecided; a
run of fewer than 10,000 deals must say why (``--fewer-because``).
"""

from __future__ import annotations

import argparse
import datetime
import json
import multiprocessing
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import package_data  # noqa: E402
from machine import load_text, machine, measured  # noqa: E402

from pyramide_widget.analysis.estimation import estimate  # noqa: E402
from pyramide_widget.engine.rules import PRESETS  # noqa: E402

WIN_RATES = ROOT / "benchmarks" / "results" / "win_rates.json"
FULL_RUN = 10_000
SEED = 2024
# The presets whose entries keep the codes of the deals won (the rare wins, and the pile games
# the tests compare with Standard's deals); the others keep only the figures.
KEEPS_CODES = "STRAYCGU"
ANSWERS = ("won", "max_removed", "undecided", "won_codes")


def command(letter: str, deals: int, max_nodes: int | None) -> str:
    budget = f" --max-nodes {max_nodes}" if max_nodes is not None else ""
    return f"python -m pyramide_widget estimate --rules {letter} --deals {deals} --seed {SEED}{budget} --json"


def run(letter: str, deals: int, max_nodes: int | None) -> dict:
    """One preset's estimate, measured: its entry for win_rates.json."""
    # A forked pool, so that the workers' CPU time counts here once they have ended.
    context = multiprocessing.get_context("fork")
    with measured() as record, ProcessPoolExecutor(os.cpu_count(), mp_context=context) as pool:
        result = estimate(letter, deals=deals, seed=SEED, max_nodes=max_nodes, executor=pool)
    entry = result.to_dict()
    if letter not in KEEPS_CODES:
        del entry["won_codes"]
    entry["seconds"] = record["seconds"]
    entry["cpu_seconds"] = record["cpu_seconds"]
    entry["load"] = record["load"]
    entry["date"] = datetime.date.today().isoformat()
    return entry


def publish(entry: dict, fewer_because: str | None) -> str:
    """File ``entry`` under its preset (replacing the earlier run); how its answers compare."""
    letter, deals = entry["rules"], entry["deals"]
    if deals < FULL_RUN and not fewer_because:
        raise SystemExit(
            f"{letter}: {deals} deals, fewer than {FULL_RUN:,}: say why with --fewer-because"
        )
    document = json.loads(WIN_RATES.read_text())
    earlier = next((item for item in document["results"] if item["rules"] == letter), None)
    verdict = "first run"
    if earlier is not None and earlier["deals"] == deals and earlier["seed"] == entry["seed"]:
        differ = [
            key for key in ANSWERS if key in earlier and key in entry and earlier[key] != entry[key]
        ]
        verdict = (
            "the same answers as the run before" if not differ else f"answers differ: {differ}"
        )
    if fewer_because:
        entry["fewer_because"] = fewer_because
    document["results"] = [item for item in document["results"] if item["rules"] != letter]
    document["results"].append(entry)
    document["results"].sort(key=lambda item: list(PRESETS).index(item["rules"]))
    document["commands"][letter] = command(letter, deals, entry.get("max_nodes"))
    document["machine"] = {
        **machine(),
        "note": "seconds are wall-clock and cpu_seconds the CPU time of the estimate's process "
        "and its workers (one per core), each run between two readings of /proc/loadavg (load: "
        "before, after; the 1, 5 and 15-minute averages); the machine is shared, so a load "
        "above its cores means other work ran beside the estimate",
    }
    WIN_RATES.write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n")
    package_data.write()
    return verdict


def time_text(seconds: float) -> str:
    return f"{seconds:.0f} s" if seconds < 600 else f"{seconds / 60:.0f} min"


def row(item: dict) -> str:
    """The probability guide's row of a published run: preset, deals, won, rate (a range with undecided
    deals), Wilson interval, wall-clock / CPU time, and the load before and after."""
    low, high = item["ci95"]
    name = f"{item['rules']} {item['rules_name']}"
    rate = item["rate"]
    digits = 2 if rate < 0.01 else 1
    shown = f"{100 * rate:.{digits}f}%"
    interval = f"{100 * low:.{digits}f}–{100 * high:.{digits}f}%"
    if item.get("undecided"):
        first, last = item["rate_range"]
        shown = f"{100 * first:.1f}–{100 * last:.1f}%"
        interval += f" ({item['lost']:,} lost, {item['undecided']:,} undecided within {item['max_nodes']:,} nodes)"
    return (
        f"| {name} | {item['deals']:,} | {item['won']:,} | {shown} | {interval} | "
        f"{time_text(item['seconds'])} / {time_text(item['cpu_seconds'])} | {load_text(item)} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--run", metavar="LETTERS", help="the presets to run and file, in turn")
    parser.add_argument("--deals", type=int, default=FULL_RUN)
    parser.add_argument("--max-nodes", type=int, help="a node budget per deal (default: none)")
    parser.add_argument("--fewer-because", help="why the run has fewer than 10,000 deals")
    parser.add_argument("--table", action="store_true", help="print the probability guide's rows")
    args = parser.parse_args()
    if args.run:
        for letter in args.run.upper():
            entry = run(letter, args.deals, args.max_nodes)
            verdict = publish(entry, args.fewer_because)
            print(
                f"{letter} {entry['rules_name']:<16} {entry['deals']} deals: won {entry['won']}, "
                f"wall {entry['seconds']:.1f} s, CPU {entry['cpu_seconds']:.1f} s, load {load_text(entry)}, "
                f"slowest {entry['slowest']['code']} {entry['slowest']['seconds']:.2f} s; {verdict}",
                flush=True,
            )
    if args.table:
        for item in json.loads(WIN_RATES.read_text())["results"]:
            print(row(item))
    if not args.run and not args.table:
        parser.error("give --run LETTERS or --table")


if __name__ == "__main__":
    main()
