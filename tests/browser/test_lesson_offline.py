"""The probability lesson, as a class meets it in the offline JupyterLite site.

The site is built and served from 127.0.0.1 by ``test_jupyterlite.py``'s fixtures, and every
request to anywhere else is aborted (the ``page`` fixture) and counted on the browser context,
which also sees the requests of the site's service worker: none may leave. The lesson runs top
to bottom in the page's Python, its "more deals" button is clicked once, and the page must then
show what the lesson promises: the estimate's likely range, after the click, contains the
published figure the package ships; no cell tells the reader to run a script; every chart is
drawn, and legibly (``test_chart_legibility.py``'s measures).
"""

from __future__ import annotations

import re
import time
from urllib.parse import urlsplit

from jupyter_harness import LOCAL_HOSTS
from playwright.sync_api import Page, expect
from test_chart_legibility import chart_problems
from test_charts import chart_marks
from test_jupyterlite import (  # noqa: F401 (fixtures, shared with the site's other tests)
    LiteServer,
    lite_server,
    lite_site,
    open_lite_notebook,
)

LESSON = "probability_lesson.ipynb"
CHARTS = 6
"""The lesson's charts: 10 and 100 deals, the button's, the players under two rules, a game's chance."""
SCRIPT_ADVICE = re.compile(r"benchmarks|\bscript\b|\brun '|python -m|No published", re.IGNORECASE)
TITLE = re.compile(r"After ([\d,]+) deals: [\d.]+% won \(likely range ([\d.]+)% to ([\d.]+)%\)")

OUTPUT_TEXTS_JS = """
(path) => {
  const app = window.jupyterapp;
  const panel = [...app.shell.widgets('main')].find((w) => w.context && w.context.path === path);
  const texts = [];
  const cells = panel.content.model.cells;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells.get(i);
    if (cell.type !== 'code') continue;
    for (let j = 0; j < cell.outputs.length; j++) {
      const out = cell.outputs.get(j).toJSON();
      if (out.text) texts.push([].concat(out.text).join(''));
      if (out.data && out.data['text/plain']) texts.push([].concat(out.data['text/plain']).join(''));
    }
  }
  return texts;
}
"""


def test_the_lesson_runs_offline_and_its_estimate_settles_on_the_published_figure(
    page: Page,
    lite_server: LiteServer,  # noqa: F811 (the fixture imported above)
) -> None:
    outside: list[str] = []

    def count(request: object) -> None:
        url = getattr(request, "url", "")
        parts = urlsplit(url)
        if parts.scheme not in ("data", "blob") and parts.hostname not in LOCAL_HOSTS:
            outside.append(url)

    page.context.on("request", count)
    nb = open_lite_notebook(page, lite_server, LESSON)
    started = time.monotonic()
    nb.run_all(timeout=300)
    print(f"the lesson ran top to bottom in {time.monotonic() - started:.1f} s")
    assert nb.eval_python("__import__('sys').platform") == "emscripten"
    expect(page.locator(".pyr-root").first).to_be_visible(timeout=60_000)  # the game of step 1
    assert all(chart_marks(page, CHARTS, timeout=120)), "a chart drew no mark"

    # One click on the button: it deals more deals and draws the chart again.
    dealt = nb.eval_python("len(won)")
    more = nb.eval_python("MORE")
    button = page.get_by_role("button", name=re.compile(r"^Deal [\d,]+ more$"))
    expect(button).to_have_text(f"Deal {more:,} more")
    button.click()
    nb.wait_python("len(won)", dealt + more, timeout=180)
    title = page.locator(
        ".jp-RenderedVegaLite .role-title-text", has_text=f"After {dealt + more:,} deals"
    )
    expect(title).to_have_count(1, timeout=60_000)
    assert all(chart_marks(page, CHARTS, timeout=60)), "a chart drew no mark after the click"

    # The page's likely range contains the published figure, as the package ships it.
    match = TITLE.fullmatch(title.text_content() or "")
    assert match, title.text_content()
    low, high = float(match[2]), float(match[3])
    published = nb.eval_python("published.rate")
    assert low <= 100 * published <= high, (low, 100 * published, high)

    texts = page.evaluate(OUTPUT_TEXTS_JS, LESSON)
    assert texts, "the lesson printed nothing"
    advice = [text for text in texts if SCRIPT_ADVICE.search(text)]
    assert advice == [], advice

    assert chart_problems(page) == [[]] * CHARTS
    assert outside == [], f"the site tried to reach outside 127.0.0.1: {outside[:5]}"
