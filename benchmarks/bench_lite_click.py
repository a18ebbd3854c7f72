"""Benchmark how long a click waits in the offline JupyterLite site while the chance indicator
measures a slow position (the page's Python has no threads: the measure runs in slices on the
kernel's event loop)::

    docs/_build/venv/bin/python docs/build_site.py      # the documentation site, its lite/
    python benchmarks/bench_lite_click.py --runs 3

Serves the built site's ``lite/`` on 127.0.0.1, opens ``play.ipynb`` in Debian's Chromium (every
request off 127.0.0.1 refused) and runs ``tests/browser/lite_click.py``'s scenario ``--runs``
times, each in a fresh page: the stock tapped while the indicator measures a Traditional deal,
the page-clock milliseconds from the tap to the draw on screen and from the measure's start to
it, the same measure run in one go in the same kernel, and the same tap with the indicator off
(nothing measured). Writes them with the machine's load
to ``benchmarks/results/lite_click.json``; asserts nothing (``tests/browser/test_lite_click_latency.py``
checks the order of events).
"""

from __future__ import annotations

import argparse
import datetime
import json
import statistics
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "browser"), str(ROOT / "tests"), str(ROOT / "benchmarks")]

from jupyter_harness import CHROMIUM_ARGS, CHROMIUM_PATH  # noqa: E402 (tests/browser/, as above)
from lite_click import click_during_measure  # noqa: E402
from machine import load, machine  # noqa: E402 (benchmarks/, put on the path above)
from playwright.sync_api import sync_playwright  # noqa: E402
from sphinx_recipe import serve  # noqa: E402
from test_jupyterlite import FIND_WIDGET, NOTEBOOK, LiteServer, open_lite_notebook  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "lite_click.json"
SITE = ROOT / "docs" / "_build" / "site" / "lite"
LOCAL = {"127.0.0.1", "localhost"}


def one_run(browser: Any, url: str) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.route(
        "**/*",
        lambda route: (
            route.continue_()
            if urlsplit(route.request.url).hostname in LOCAL
            or route.request.url.startswith(("data:", "blob:"))
            else route.abort()
        ),
    )
    page = context.new_page()
    nb = open_lite_notebook(page, LiteServer(url), NOTEBOOK)
    nb.run_all(timeout=300)
    found = click_during_measure(page, nb, nb.eval_python(FIND_WIDGET))
    context.close()
    same = found.pop("indicator_after_the_move") == found.pop("one_shot_after_the_move")
    found["layouts_measured_before_the_tap"] = found.pop("measures")[0]["layouts"]
    return {**found, "same_number_as_the_one_shot_measure": same}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if not (SITE / "index.html").is_file():
        sys.exit(f"no built site at {SITE}: run docs/build_site.py first")
    runs = []
    with serve(SITE) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM_PATH, args=list(CHROMIUM_ARGS)
        )
        for _ in range(args.runs):
            before = load()
            run = one_run(browser, url)
            run["load_before"], run["load_after"] = before, load()
            runs.append(run)
            print(json.dumps(run), flush=True)
        browser.close()
    result = {
        "command": f"python benchmarks/bench_lite_click.py --runs {args.runs}",
        "date": datetime.date.today().isoformat(),
        "machine": machine(),
        "milliseconds": "the page's clock (performance.now); a load above the 2 cores stretches them",
        "median_click_to_screen_ms": statistics.median(r["click_to_screen_ms"] for r in runs),
        "slowest_click_to_screen_ms": max(r["click_to_screen_ms"] for r in runs),
        "median_idle_click_to_screen_ms": statistics.median(
            r["idle_click_to_screen_ms"] for r in runs
        ),
        "median_one_shot_measure_ms": statistics.median(r["one_shot_measure_ms"] for r in runs),
        "runs": runs,
    }
    RESULTS.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(
        f"click to screen: median {result['median_click_to_screen_ms']} ms, slowest "
        f"{result['slowest_click_to_screen_ms']} ms (indicator off: median "
        f"{result['median_idle_click_to_screen_ms']} ms); the measure in one go: median "
        f"{result['median_one_shot_measure_ms']} ms -> {RESULTS}"
    )


if __name__ == "__main__":
    main()
