"""How long the lesson and its deals take in the offline JupyterLite site, against pure Python here.

    python docs/build_site.py                                # the site, in its own environment
    python benchmarks/bench_site_deals.py                    # Standard, Easy and the other tables
    python benchmarks/bench_site_deals.py --presets NST --deals 100 --slow-deals 10

Serves the documentation site's JupyterLite (``docs/_build/site/lite``) on 127.0.0.1, opens ``probability_lesson.ipynb`` in Debian's Chromium
and times, in the page's Python (Pyodide, whose solver is pure Python): the kernel's start, the
lesson run top to bottom, one click on its "more deals" button, then ``solve`` over the first
deals of the published runs' seed per preset. The same deals are then solved here with
``engine="python"``, one after the other, for comparison. Why the lesson deals Standard deals,
and how many a click adds in the site: docs/README.md.
"""

from __future__ import annotations

import argparse
import functools
import json
import re
import sys
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from jupyter_harness import CHROMIUM_ARGS, CHROMIUM_PATH  # noqa: E402
from test_jupyterlite import MIME_TYPES, LiteServer, open_lite_notebook  # noqa: E402

SITE = ROOT / "docs" / "_build" / "site" / "lite"
LESSON = "probability_lesson.ipynb"
SLOW = "STRP"
"""The one-pass presets and Par Pyramid, whose deals take far longer: fewer of them are timed."""

TIMING = """
def _time_deals(letter, deals):
    import json, time
    from itertools import islice
    from pyramide_widget import solve
    from pyramide_widget.analysis.estimation import iter_deal_letters
    started = time.perf_counter()
    for letters in islice(iter_deal_letters(2024), deals):
        solve(f"PY1-{letter}-{letters}", engine="python")
    return json.dumps([letter, deals, time.perf_counter() - started])
"""


def serve() -> tuple[ThreadingHTTPServer, LiteServer]:
    class Handler(SimpleHTTPRequestHandler):
        extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}  # noqa: RUF012

        def log_message(self, format: str, *args: object) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(SITE)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, LiteServer(f"http://127.0.0.1:{httpd.server_address[1]}")


def row(where: str, letter: str, deals: int, seconds: float) -> str:
    return f"{where:<8} {letter}  {deals:>4} deals  {seconds:7.2f} s  {1000 * seconds / deals:8.1f} ms a deal"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presets", default="NEWVFB", help="preset letters (default NEWVFB)")
    parser.add_argument("--deals", type=int, default=100, help="deals per preset (default 100)")
    parser.add_argument(
        "--slow-deals", type=int, default=10, help=f"deals per preset of {SLOW} (default 10)"
    )
    args = parser.parse_args()
    if not (SITE / "jupyter-lite.json").exists():
        sys.exit(f"no site in {SITE}: build it with 'python docs/build_site.py'")
    from playwright.sync_api import sync_playwright

    plan = [(letter, args.slow_deals if letter in SLOW else args.deals) for letter in args.presets]
    print(
        f"CPython {sys.version.split()[0]} here; the site's Pyodide in Debian's Chromium, headless"
    )
    httpd, server = serve()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM_PATH, args=list(CHROMIUM_ARGS)
            )
            page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
            started = time.monotonic()
            nb = open_lite_notebook(page, server, LESSON, timeout=300)
            print(f"site     kernel ready in {time.monotonic() - started:.1f} s", flush=True)
            started = time.monotonic()
            nb.run_all(timeout=600)
            print(f"site     lesson run top to bottom in {time.monotonic() - started:.1f} s")
            dealt = nb.eval_python("len(won)")
            button = page.get_by_role("button", name=re.compile(r"^Deal [\d,]+ more$"))
            started = time.monotonic()
            button.click()
            nb.wait_python("len(won) > " + str(dealt), True, timeout=600, interval=0.1)
            added = nb.eval_python("len(won)") - dealt
            print(f"site     one click: {added} deals in {time.monotonic() - started:.1f} s")
            nb.execute(TIMING)
            for letter, deals in plan:
                _, _, seconds = json.loads(
                    nb.eval_python(f"_time_deals({letter!r}, {deals})", timeout=1800)
                )
                print(row("site", letter, deals, seconds), flush=True)
            browser.close()
    finally:
        httpd.shutdown()
    scope: dict[str, object] = {}
    exec(TIMING, scope)
    for letter, deals in plan:
        _, _, seconds = json.loads(scope["_time_deals"](letter, deals))  # type: ignore[operator]
        print(row("CPython", letter, deals, seconds), flush=True)


if __name__ == "__main__":
    main()
