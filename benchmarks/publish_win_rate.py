"""Put one run of the estimate into ``benchmarks/results/win_rates.json``, and print the README rows.

The published rates have one source: that file. A run is the command line's JSON, as the
other presets' rows were made (``python -m pyramide_widget estimate --rules L --deals N
--seed 2024 [--max-nodes M] --json > run.json``); this script files it under its preset with
the command, the wall-clock seconds and the machine's conditions, and, when the run has fewer
than 10,000 deals, why (``--fewer-because``). ``--table`` prints the README's rows of the
whole file, which ``tests/test_published_data.py`` checks against it. It then rewrites the
package's copy of the published figures (``package_data.py``)::

    python benchmarks/publish_win_rate.py run.json --fewer-because "..." --conditions "..."
    python benchmarks/publish_win_rate.py --table

A run with a node budget (``--max-nodes``) counts the deals it did not settle as undecided;
its row gives the range from "every undecided deal lost" to "every one won" and the Wilson
bounds of both ends.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import package_data  # noqa: E402 (beside this script)

from pyramide_widget.engine.rules import PRESETS  # noqa: E402

WIN_RATES = ROOT / "benchmarks" / "results" / "win_rates.json"
FULL_RUN = 10_000


def command(run: dict) -> str:
    budget = f" --max-nodes {run['max_nodes']}" if run.get("max_nodes") is not None else ""
    return f"python -m pyramide_widget estimate --rules {run['rules']} --deals {run['deals']} --seed {run['seed']}{budget} --json"


def publish(run: dict, fewer_because: str | None, conditions: str) -> None:
    """File ``run`` under its preset in win_rates.json (replacing an earlier run of it)."""
    if run["deals"] < FULL_RUN and not fewer_because:
        raise SystemExit(
            f"{run['rules']}: {run['deals']} deals, fewer than {FULL_RUN:,}: say why with --fewer-because"
        )
    document = json.loads(WIN_RATES.read_text())
    entry = {key: value for key, value in run.items() if key != "note"}
    entry["conditions"] = conditions
    if fewer_because:
        entry["fewer_because"] = fewer_because
    letter = run["rules"]
    document["results"] = [item for item in document["results"] if item["rules"] != letter] + [
        entry
    ]
    document["results"].sort(key=lambda item: list(PRESETS).index(item["rules"]))
    document["commands"][letter] = command(run)
    document.get("unpublished", {}).pop(letter, None)
    if not document.get("unpublished", True):
        del document["unpublished"]
    WIN_RATES.write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n")
    package_data.write()


def row(item: dict) -> str:
    """The README's row of a published run: preset, deals, won, rate (a range with undecided
    deals), Wilson interval, wall-clock time."""
    low, high = item["ci95"]
    name = f"{item['rules']} {item['rules_name']}"
    seconds = item["seconds"]
    time = f"{seconds:.0f} s" if seconds < 120 else f"{seconds / 60:.0f} min"
    if item.get("undecided"):
        first, last = item["rate_range"]
        digits = (
            1 if f"{100 * first:.1f}" != f"{100 * last:.1f}" else 2
        )  # a range, not one figure twice
        return (
            f"| {name} | {item['deals']:,} | {item['won']:,} | {100 * first:.{digits}f}–{100 * last:.{digits}f}% | "
            f"{100 * low:.1f}–{100 * high:.1f}% ({item['lost']:,} lost, {item['undecided']:,} undecided "
            f"within {item['max_nodes']:,} nodes) | {time} ({item['conditions']}) |"
        )
    return (
        f"| {name} | {item['deals']:,} | {item['won']:,} | {100 * item['rate']:.1f}% | "
        f"{100 * low:.1f}–{100 * high:.1f}% | {time} ({item['conditions']}) |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run", nargs="?", help="the estimate's JSON output")
    parser.add_argument("--fewer-because", help="why the run has fewer than 10,000 deals")
    parser.add_argument("--conditions", default="", help="the machine's conditions during the run")
    parser.add_argument(
        "--table", action="store_true", help="print the README rows of the pile games and stop"
    )
    args = parser.parse_args()
    if args.table:
        for item in json.loads(WIN_RATES.read_text())["results"]:
            if "conditions" in item:  # the runs filed by this script
                print(row(item))
        return
    if not args.run:
        sys.exit("give the estimate's JSON output, or --table")
    publish(json.loads(Path(args.run).read_text()), args.fewer_because, args.conditions)


if __name__ == "__main__":
    main()
