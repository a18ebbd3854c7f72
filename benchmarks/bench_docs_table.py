"""Benchmark the guide's recipe for a live table in your own Sphinx docs: from opening the page
to a playable table, on a cold cache, with every request off 127.0.0.1 refused and counted.

    docs/_build/venv/bin/python -m pip install -r docs/requirements-site.txt -e .   # the sphinx extra
    python benchmarks/bench_docs_table.py --runs 5
    python benchmarks/bench_docs_table.py --write-guide   # the guide's paragraph from the results

Builds a fresh Sphinx project of exactly the guide's lines (``tests/browser/sphinx_recipe.py``)
with the documentation site's environment (``PYRAMIDE_DOCS_PYTHON``, else ``docs/_build/venv``),
serves it with Python's own static server on 127.0.0.1, and opens the page in Debian's Chromium
``--runs`` times, each in a new browser context (an empty cache, no service worker yet). A run's
time ends when the table's first free card shows. Each run is split into phases, from the
browser's own clocks: the page until it asks for the table's frame; the JupyterLite app's
JavaScript until the app has started; until the kernel's worker is asked for; until Pyodide and
every wheel have arrived (network timings); until the kernel runs the table's code (Pyodide
started, packages unpacked and the kernel imported: the kernel's console says it); until the
widget shows; until its first card is drawn. Prints each run and writes them with the built
sizes and the machine's load to ``benchmarks/results/docs_table.json``; asserts nothing. The
machine is shared: the times grow with the load saved beside them.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import statistics
import sys
import tempfile
import textwrap
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
GUIDE = ROOT / "docs" / "guides" / "jupyterlite.md"
GUIDE_MARKERS = ("<!-- recipe-measurements -->\n", "<!-- /recipe-measurements -->")
LOCAL = {"127.0.0.1", "localhost"}
# In the table's frame: the wall-clock time (ms) at which each milestone is first seen.
MILESTONES_SCRIPT = """
(() => {
  if (window === window.top) return;
  const mark = (name) => { (window.top.__pyramideMarks ||= {})[name] ??= Date.now(); };
  let app;
  Object.defineProperty(window, "jupyterapp", {
    configurable: true,
    get: () => app,
    set: (value) => { app = value; value.started.then(() => mark("app_started")); },
  });
  new MutationObserver(() => {
    if (document.querySelector(".pyr-root")) mark("widget_shown");
    if (document.querySelector('.pyr-card[data-free="true"]')) mark("card_drawn");
  }).observe(document, { subtree: true, childList: true, attributes: true });
})();
"""
# What the kernel prints when it starts running the table's code (it looks for the imports to
# load, and finds pyramide-widget loaded; micropip's installs at start print the like for others).
CODE_STARTS = re.compile(r"pyramide-widget already loaded")
# (name, the milestone that ends it): the phases of a run, in order.
PHASES = (
    ("page", "frame_requested"),
    ("jupyterlite_app", "app_started"),
    ("kernel_worker", "worker_requested"),
    ("pyodide_and_wheels_fetched", "pyodide_fetched"),
    ("python_start_and_kernel_import", "code_started"),
    ("widget_import_and_display", "widget_shown"),
    ("first_card", "card_drawn"),
)


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
    finished: list[Any] = []
    context.on("requestfinished", lambda request: finished.append(request))
    context.add_init_script(MILESTONES_SCRIPT)
    code_started: list[float] = []

    def console(message: Any) -> None:
        if CODE_STARTS.search(message.text):
            code_started.append(time.time())

    page = context.new_page()
    page.on("console", console)
    page.on("worker", lambda worker: worker.on("console", console))
    started_at = time.time()
    started = time.monotonic()
    page.goto(f"{url}/index.html")
    frame = page.frame_locator(".pyramide-frame").first
    frame.locator('.pyr-card[data-free="true"]').first.wait_for(timeout=300_000)
    seconds = time.monotonic() - started
    seen = page.evaluate("window.__pyramideMarks || {}")
    marks = {name: ms / 1000 for name, ms in seen.items()}
    marks.setdefault("card_drawn", started_at + seconds)  # the frame's observer may miss it
    marks.update(network_milestones(finished))
    if code_started:
        marks["code_started"] = min(code_started)
    fetched = sum(max(request.sizes()["responseBodySize"], 0) for request in finished)
    context.close()
    return {
        "seconds_to_playable": round(seconds, 2),
        "requests_off_site": len(outside),
        "phases": phases(marks, started_at),
        "requests": len(finished),
        "bytes_fetched": fetched,
    }


def network_milestones(requests: list[Any]) -> dict[str, float]:
    """When the frame's page and the kernel's worker were asked for, and when the last file of
    Pyodide's folder (its runtime and the wheels) arrived (wall-clock seconds)."""
    marks: dict[str, float] = {}
    for request in requests:
        timing, path = request.timing, urlsplit(request.url).path
        start = timing["startTime"] / 1000
        if path.endswith("/repl/index.html"):
            marks["frame_requested"] = min(marks.get("frame_requested", start), start)
        elif re.search(r"/[a-z]+\.worker\.[0-9a-f]+\.js$", path):
            marks["worker_requested"] = min(marks.get("worker_requested", start), start)
        elif "/static/pyodide/" in path:
            end = start + timing["responseEnd"] / 1000
            marks["pyodide_fetched"] = max(marks.get("pyodide_fetched", end), end)
    return marks


def phases(marks: dict[str, float], started_at: float) -> dict[str, float | None]:
    """Seconds each phase took (``None`` if its milestone was not seen)."""
    out: dict[str, float | None] = {}
    previous = started_at
    for name, milestone in PHASES:
        at = marks.get(milestone)
        out[name] = None if at is None else round(at - previous, 2)
        previous = at if at is not None else previous
    return out


PHASE_WORDS = {
    "page": "the page",
    "jupyterlite_app": "the JupyterLite app",
    "kernel_worker": "its kernel's worker",
    "pyodide_and_wheels_fetched": "Pyodide and the wheels arriving",
    "python_start_and_kernel_import": "Python starting and importing the kernel",
    "widget_import_and_display": "the widget's import and display",
    "first_card": "the first card",
}


def guide_paragraph(result: dict[str, Any]) -> str:
    """The guide's paragraph of measurements, from a result of this benchmark."""
    runs = result["runs"]
    loads = [run["load_before"][0] for run in runs] + [run["load_after"][0] for run in runs]
    text = (
        "Measured with `python benchmarks/bench_docs_table.py` "
        "(`benchmarks/results/docs_table.json`): the recipe's site weighs "
        f"{result['site_bytes'] / 1e6:.0f} MB, nearly all of it the JupyterLite "
        f"({result['lite_bytes'] / 1e6:.0f} MB); a page makes "
        f"{result['requests_off_site']} requests off the site; and from opening the page to a "
        f"playable table on a cold cache took {result['median_seconds_to_playable']:.0f} s "
        f"(median of {len(runs)} runs, fastest {result['fastest_seconds_to_playable']:.0f} s), "
        "served by Python's own static server on this project's shared 2-core machine "
        f"(one-minute load {min(loads):.1f} to {max(loads):.1f})."
    )
    phases = result.get("median_phases_seconds")
    if phases:
        parts = [f"{PHASE_WORDS[name]} {seconds:.1f} s" for name, seconds in phases.items()]
        text += " Where the time went (medians): " + ", ".join(parts) + "."
    return text


def write_guide(result: dict[str, Any]) -> None:
    """Replace the guide's paragraph between its markers."""
    start, end = GUIDE_MARKERS
    text = GUIDE.read_text(encoding="utf-8")
    before, rest = text.split(start, 1)
    _, after = rest.split(end, 1)
    paragraph = textwrap.fill(guide_paragraph(result), width=96, break_on_hyphens=False)
    GUIDE.write_text(f"{before}{start}{paragraph}\n{end}{after}", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--write-guide",
        action="store_true",
        help="measure nothing: write the guide's paragraph from the saved results",
    )
    args = parser.parse_args()
    if args.write_guide:
        write_guide(json.loads(RESULTS.read_text(encoding="utf-8")))
        print(f"wrote the measurements paragraph of {GUIDE}")
        return
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
    median_phases = {
        name: round(statistics.median(values), 2)
        for name, _ in PHASES
        if (values := [run["phases"][name] for run in runs if run["phases"][name] is not None])
    }
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
        "median_phases_seconds": median_phases,
        "runs": runs,
    }
    RESULTS.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print("median phases (s): " + ", ".join(f"{k} {v}" for k, v in median_phases.items()))
    print(f"median {result['median_seconds_to_playable']} s, fastest {min(times)} s -> {RESULTS}")


if __name__ == "__main__":
    main()
