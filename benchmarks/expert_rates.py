"""The expert strategy beside the best heuristic and the solver, on the same deals: how much of
the gap between them it closes, with intervals, and how long it takes a deal.

Writes ``benchmarks/results/expert_rates.json`` (one entry per preset, a run replacing the
preset's entry) and prints a table::

    python benchmarks/expert_rates.py --presets PN --deals 400
    python benchmarks/expert_rates.py --presets T --deals 100

The deals are the first ``--deals`` of the published runs' (seed 2024); the solver, the careful
heuristic and the expert play them all (``estimate``, a process pool over the local cores).
The share of the gap closed is ``(expert - careful) / (solver - careful)``, its interval a
percentile bootstrap over the deals (2,000 resamples, seeded, so a run prints the same). The
seconds a deal are each deal's wall time in its worker; the load averages before and after are
saved beside them, since the machine is shared. The full publication runs, on the deals of
``strategy_rates.json``, are ``strategy_rates.py --players expert``.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pyramide_widget import PRESETS, estimate
from pyramide_widget.analysis.estimation import Estimate
from pyramide_widget.analysis.expert import COMPILED_EFFORT, PYTHON_EFFORT
from pyramide_widget.analysis.rate import wilson_interval

OUT = Path(__file__).resolve().parent / "results" / "expert_rates.json"
SEED = 2024
RESAMPLES = 2_000


def figures(result: Estimate) -> dict[str, object]:
    low, high = wilson_interval(result.won, result.deals)
    return {"won": result.won, "rate": result.rate, "ci95": [low, high]}


def gap_closed(solver: list[bool], careful: list[bool], expert: list[bool]) -> dict[str, object]:
    """The share of the gap the expert closes, and its bootstrap interval over the deals."""

    def share(indices: list[int]) -> float | None:
        s = sum(solver[i] for i in indices)
        c = sum(careful[i] for i in indices)
        e = sum(expert[i] for i in indices)
        return None if s == c else (e - c) / (s - c)

    deals = list(range(len(solver)))
    rng = random.Random(SEED)
    resampled = [share([rng.choice(deals) for _ in deals]) for _ in range(RESAMPLES)]
    values = sorted(value for value in resampled if value is not None)
    point = share(deals)
    if point is None or not values:
        return {"share": None, "ci95": None}
    return {
        "share": point,
        "ci95": [values[int(0.025 * len(values))], values[int(0.975 * len(values)) - 1]],
    }


def run(letter: str, deals: int) -> dict[str, object]:
    load = os.getloadavg()
    solver = estimate(letter, deals=deals, seed=SEED)
    careful = estimate(letter, deals=deals, seed=SEED, player="careful")
    started = time.perf_counter()
    expert = estimate(letter, deals=deals, seed=SEED, player="expert", chunk_size=5)
    wall = time.perf_counter() - started
    won = {
        name: [bool(outcome.winnable) for outcome in result.outcomes]
        for name, result in (("solver", solver), ("careful", careful), ("expert", expert))
    }
    outside = [
        code
        for code, e, s in zip(solver.codes, won["expert"], won["solver"], strict=True)
        if e and not s
    ]
    if outside or solver.undecided:
        raise SystemExit(f"{letter}: the expert won {outside}, which the solver calls lost")
    seconds = [outcome.seconds for outcome in expert.outcomes]
    return {
        "rules": letter,
        "rules_name": PRESETS[letter].name,
        "seed": SEED,
        "deals": deals,
        "command": f"python benchmarks/expert_rates.py --presets {letter} --deals {deals}",
        "date": datetime.date.today().isoformat(),
        "machine": {
            "nproc": os.cpu_count(),
            "python": platform.python_version(),
            "load_average_before": [round(x, 2) for x in load],
            "load_average_after": [round(x, 2) for x in os.getloadavg()],
        },
        "solver": figures(solver),
        "careful": figures(careful),
        "expert": {
            **figures(expert),
            "seconds_a_deal": {
                "mean": round(statistics.mean(seconds), 2),
                "median": round(statistics.median(seconds), 2),
                "max": round(max(seconds), 2),
            },
            "wall_seconds": round(wall, 1),
        },
        "gap_closed": gap_closed(won["solver"], won["careful"], won["expert"]),
    }


def row(entry: dict) -> str:
    def cell(item: dict) -> str:
        low, high = item["ci95"]
        return f"{100 * item['rate']:.1f}% ({100 * low:.1f}–{100 * high:.1f}%)"

    gap = entry["gap_closed"]
    closed = (
        "—"
        if gap["share"] is None
        else f"{100 * gap['share']:.0f}% ({100 * gap['ci95'][0]:.0f}–{100 * gap['ci95'][1]:.0f}%)"
    )
    return (
        f"| {entry['rules']} {entry['rules_name']} | {entry['deals']:,} | {cell(entry['solver'])} | "
        f"{cell(entry['expert'])} | {cell(entry['careful'])} | {closed} | "
        f"{entry['expert']['seconds_a_deal']['mean']} s |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presets", default="PN")
    parser.add_argument("--deals", type=int, default=400)
    args = parser.parse_args()
    data = json.loads(OUT.read_text()) if OUT.exists() else {"results": []}
    data["note"] = (
        "the expert and the careful heuristic see only what a player sees; the solver sees every "
        "card. Effort per decision: "
        f"{COMPILED_EFFORT} on the tables the compiled search models, {PYTHON_EFFORT} elsewhere"
    )
    print(
        "| preset | deals | solver | expert | careful | gap closed | expert, a deal |\n"
        "|---|---|---|---|---|---|---|"
    )
    for letter in args.presets.upper():
        entry = run(letter, args.deals)
        print(row(entry), flush=True)
        data["results"] = [item for item in data["results"] if item["rules"] != letter] + [entry]
        data["results"].sort(key=lambda item: list(PRESETS).index(item["rules"]))
        OUT.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
