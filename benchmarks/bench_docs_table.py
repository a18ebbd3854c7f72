"""Benchmark the guide's recipe for a live table in your own Sphinx docs: from opening the page
to a playable table, on a cold cache, with every request off 127.0.0.1 refused and counted.

    docs/_build/venv/bin/python -m pip install -r docs/requirements-site.txt -e .   # the sphinx extra
    python benchmarks/bench_docs_table.py --runs 5

Builds a fresh Sphinx project of exactly the guide's lines (``tests/browser/sphinx_recipe.py``)
with the documentation site's environment (``PYRAMIDE_DOCS_PYTHON``, else ``docs/_build/venv``),
serves it with Python's own static server on 127.0.0.1, and opens the page in Debian's Chromium
``--runs`` times, each in a new browser context (an empty cache, no service worker yet). A run's
time ends when the table's first free card shows. Prints each run and writes them with the
built sizes and the machine's load to ``benchmarks/results/docs_table.json``; asserts nothing.
The machine is shared: the times grow with the load saved beside them.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "browser"), str(ROOT / "benchmarks")]

from jupyter_harness import CHROMIUM_ARGS, CHROMIUM_PATH  # noqa: E402 (tests/browser/, as above)
from machine import load, machine  # noqa: E402 (benchmarks/, put on the path above)
from playwright.sync_api import sync_playwright  # noqa: E402
from sphinx_recipe import build_project, recipe, serve  # noqa: E402 (tests/browser/)

RESULTS = ROOT / "benchmarks" / "results" / "docs_table.json"
LOCAL = {"127.0.0.1", "localhost"}


def size(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


def one_run(browser: Any, url: str) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    outside: list[str] = []

    def refuse(route: Any) -> None:
        if urlsplit(route.request.url).hostname in LOCAL or route.request.url.startswith(
            ("data:", "blob:")
        ):
            route.continue_()
        else:
            route.abort()

    context.route("**/*", refuse)
    context.on(
        "request",
        lambda r: (
            outside.append(r.url)
            if urlsplit(r.url).scheme not in ("data", "blob")
            and urlsplit(r.url).hostname not in LOCAL
            else None
        ),
    )
    page = context.new_page()
    started = time.monotonic()
    page.goto(f"{url}/index.html")
    frame = page.frame_locator(".pyramide-frame").first
    frame.locator('.pyr-card[data-free="true"]').first.wait_for(timeout=300_000)
    seconds = time.monotonic() - started
    context.close()
    return {"seconds_to_playable": round(seconds, 2), "requests_off_site": len(outside)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    python = os.environ.get("PYRAMIDE_DOCS_PYTHON") or str(ROOT / "docs/_build/venv/bin/python")
    steps = recipe()
    with tempfile.TemporaryDirectory() as tmp:
        site = build_project(steps, Path(tmp) / "docs", Path(python).parent / "sphinx-build")
        sizes = {"site_bytes": size(site), "lite_bytes": size(site / "lite")}
        print(
            f"built: {sizes['site_bytes'] / 1e6:.0f} MB ({sizes['lite_bytes'] / 1e6:.0f} MB lite/)"
        )
        runs = []
        with serve(site) as url, sync_playwright() as playwright:
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
    times = [run["seconds_to_playable"] for run in runs]
    result = {
        "command": f"python benchmarks/bench_docs_table.py --runs {args.runs}",
        "date": datetime.date.today().isoformat(),
        "machine": machine(),
        "recipe": {
            "configuration": steps.configuration.strip(),
            "directive": steps.directive.strip(),
        },
        **sizes,
        "median_seconds_to_playable": round(statistics.median(times), 2),
        "fastest_seconds_to_playable": min(times),
        "requests_off_site": sum(run["requests_off_site"] for run in runs),
        "runs": runs,
    }
    RESULTS.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(f"median {result['median_seconds_to_playable']} s, fastest {min(times)} s -> {RESULTS}")


if __name__ == "__main__":
    main()
