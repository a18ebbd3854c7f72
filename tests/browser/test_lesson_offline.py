"""The probability lesson, as a class meets it in the offline JupyterLite site.

The site (the documentation site's JupyterLite) is served from 127.0.0.1 by
``test_jupyterlite.py``'s fixtures, and every request to anywhere else is aborted (the ``page`` fixture) and counted on the browser context,
which also sees the requests of the site's service worker: none may leave. The lesson opens
unmodified once its kernel has started, and its download is what the teacher's notes say. It
runs top to bottom in the page's Python, its "more deals" button is clicked once, and the page
must then show what the lesson promises: the estimate's likely range, after the click, contains
the published figure the package ships; the chance is a sentence, not an object's repr; a
student's deal chosen by its button and played on the student's table shows in the result
code their button shows, and the class is drawn beside the computer's players; no cell tells the reader to run a
script; every chart is drawn, and legibly (``test_chart_legibility.py``'s measures).
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from urllib.parse import unquote, urlsplit

from docs_site import docs_site  # noqa: F401 (the fixture lite_site is built from)
from jupyter_harness import requests_off_site
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
TEACHER = Path(__file__).resolve().parents[2] / "docs" / "teaching" / "teacher.md"
FIRST_VISIT = re.compile(r"about (\d+) MB")
"""How the teacher's notes state the first visit's download."""
CHARTS = 6
"""The lesson's charts after Run All: 10 and 100 deals, the players under two rules, a game's
chance, the class beside the players; the button's is drawn by its first click."""
SCRIPT_ADVICE = re.compile(r"benchmarks|\bscript\b|\brun '|python -m|No published", re.IGNORECASE)
CHANCE = re.compile(r"^The chance from here is \d+%\.$", re.MULTILINE)
RESULT_CODE = re.compile(r"^Your result code: [0-9A-Z]{3}-[0-9A-Z]{2} \(deal 1 ")
TITLE = re.compile(r"After ([\d,]+) deals: [\d.]+% won \(likely range ([\d.]+)% to ([\d.]+)%\)")

# Once the kernel has said which language it speaks (the model's language_info has a version),
# whether the notebook is marked modified.
REQUEST = re.compile(r'"GET (\S+) HTTP')

DIRTY_JS = """
(path) => {
  const model = [...window.jupyterapp.shell.widgets('main')]
    .find((w) => w.context && w.context.path === path).context.model;
  const language = model.getMetadata('language_info');
  return language && language.version ? {dirty: model.dirty} : null;
}
"""

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


def served_bytes(site: Path, requests: list[str]) -> int:
    """The bytes of the distinct files the server sent for ``requests`` (its log lines)."""
    paths = {unquote(urlsplit(m[1]).path) for m in map(REQUEST.search, requests) if m}
    files = [site / path.lstrip("/") for path in paths]
    return sum(f.stat().st_size for f in files if f.is_file())


def test_the_lesson_runs_offline_and_its_estimate_settles_on_the_published_figure(
    page: Page,
    lite_site: Path,  # noqa: F811 (the fixture imported above)
    lite_server: LiteServer,  # noqa: F811
) -> None:
    outside = requests_off_site(page.context)
    before = len(lite_server.requests)
    nb = open_lite_notebook(page, lite_server, LESSON)
    opened = page.wait_for_function(DIRTY_JS, arg=LESSON, timeout=60_000).json_value()
    assert opened == {"dirty": False}, "the lesson opened as modified"
    started = time.monotonic()
    nb.run_all(timeout=300)
    print(f"the lesson ran top to bottom in {time.monotonic() - started:.1f} s")
    assert nb.eval_python("__import__('sys').platform") == "emscripten"
    expect(page.locator(".pyr-root").first).to_be_visible(timeout=60_000)  # the game of step 1
    assert all(chart_marks(page, CHARTS, timeout=120)), "a chart drew no mark"

    # The first visit's download, as the teacher's notes state it (within a quarter).
    served = served_bytes(lite_site, lite_server.requests[before:]) / 1e6
    print(f"the first visit downloaded {served:.1f} MB")
    stated = FIRST_VISIT.search(TEACHER.read_text(encoding="utf-8"))
    assert stated and 0.75 <= served / int(stated[1]) <= 1.25, (served, stated)

    # One click on the button: it deals more deals and draws the chart under it.
    dealt = nb.eval_python("len(won)")
    more = nb.eval_python("MORE_DEALS")
    button = page.get_by_role("button", name=re.compile(r"^Deal [\d,]+ more$"))
    expect(button).to_have_text(f"Deal {more:,} more")
    button.click()
    nb.wait_python("len(won)", dealt + more, timeout=180)
    title = page.locator(
        ".jp-RenderedVegaLite .role-title-text", has_text=f"After {dealt + more:,} deals"
    )
    expect(title).to_have_count(1, timeout=60_000)
    assert all(chart_marks(page, CHARTS + 1, timeout=60)), "a chart drew no mark after the click"

    # The page's likely range contains the published figure, as the package ships it.
    match = TITLE.fullmatch(title.text_content() or "")
    assert match, title.text_content()
    low, high = float(match[2]), float(match[3])
    published = nb.eval_python("published.rate")
    assert low <= 100 * published <= high, (low, 100 * published, high)

    # A student's deals: "Deal 2" puts the second on the student's table, and a card drawn there
    # makes it a deal played, which the student's result code says.
    choice = page.get_by_role("button", name="Deal 2", exact=True)
    student = page.locator(".widget-vbox", has=choice).locator(".pyr-root")
    choice.click()
    expect(student.locator('[data-field="code"]')).to_contain_text(
        nb.eval_python("mine.play.games[1].code"), timeout=30_000
    )
    student.locator('[data-pile="stock"]').click()
    nb.wait_python("mine.play.games[1].moves", 1, timeout=30)
    result = nb.eval_python("[r.name for r in mine.activity.read_code(mine.play.code()).results]")
    assert result == ["NOT_PLAYED", "LOST", "NOT_PLAYED", "NOT_PLAYED", "NOT_PLAYED"]
    page.get_by_role("button", name="Show my result code").click()
    expect(page.get_by_text(RESULT_CODE)).to_have_text(nb.eval_python("mine.play.summary()"))

    texts = page.evaluate(OUTPUT_TEXTS_JS, LESSON)
    assert texts, "the lesson printed nothing"
    advice = [text for text in texts if SCRIPT_ADVICE.search(text)]
    assert advice == [], advice
    assert any(CHANCE.search(text) for text in texts), texts
    assert not [text for text in texts if "Chance(" in text]

    assert chart_problems(page) == [[]] * (CHARTS + 1)
    assert outside == [], f"the site tried to reach outside 127.0.0.1: {outside[:5]}"
