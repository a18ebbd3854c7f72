"""The probability lesson's students' page, as a student meets it in the offline site.

The page is the address that the teacher's notes, the worksheet and the lesson link to: the
site's JupyterLite REPL running the lesson behind the scenes
(``pyramide_widget.widget.notebook_page``). The site is served from 127.0.0.1 by
``test_jupyterlite.py``'s fixtures and every request to anywhere else is refused and counted on
the browser context (which also sees the service worker's). The page opens with the lesson's
start in view and no code anywhere, after a download the size the teacher's notes state; every figure its text quotes is shown by its outputs; the
teacher's cells are left out; and a student who types a class number and their own number and
presses the buttons gets their own deals on the table and a result code that says how they went.
Screenshots at 1280x720 go to ``test-artifacts/``.
"""

from __future__ import annotations

import html
import os
import re
import time
from pathlib import Path

from docs_site import docs_site  # noqa: F401 (the fixture lite_site is built from)
from jupyter_harness import requests_off_site
from playwright.sync_api import Page, expect
from test_jupyterlite import (  # noqa: F401 (fixtures, shared with the site's other tests)
    LiteServer,
    lite_server,
    lite_site,
)
from test_lesson_offline import FIRST_VISIT, served_bytes
from test_probability_notebooks import student_markdown, text_figures

from pyramide_widget.analysis.classroom import ClassActivity, DealResult

ROOT = Path(__file__).resolve().parents[2]
TEACHER = ROOT / "docs" / "teaching" / "teacher.md"
ARTIFACTS = Path(os.environ.get("PYRAMIDE_TEST_ARTIFACTS", ROOT / "test-artifacts"))
STUDENTS_PAGE = re.compile(
    r"<a href=\"\.\./lite/(repl/index\.html\?[^\"]+)\">the students' page</a>"
)
"""The teacher's notes' link to the students' page, relative to the site's JupyterLite."""
RESULT_CODE = re.compile(r"^Your result code: ([0-9A-Z]{3}-[0-9A-Z]{2}) \(deal 1 ")
CLASS, STUDENT = 7, 3

VISIBLE_CODE_JS = """
() => [...document.querySelectorAll('.jp-InputArea, .cm-editor, .jp-CodeConsole-promptCell')]
  .filter((node) => node.getClientRects().length > 0)
  .map((node) => node.className)
"""
OUTPUT_TEXT_JS = """
() => [...document.querySelectorAll('.jp-OutputArea-output')]
  .filter((node) => !node.classList.contains('jp-RenderedMarkdown'))
  .map((node) => node.textContent)
  .join('\\n')
"""
SCROLL_TO_JS = """
(text) => {
  const content = document.querySelector('.jp-CodeConsole-content');
  const target = [...content.querySelectorAll('.jp-RenderedMarkdown')]
    .find((node) => node.textContent.includes(text));
  content.scrollTop += target.getBoundingClientRect().top - content.getBoundingClientRect().top;
}
"""


def students_page_address() -> str:
    found = STUDENTS_PAGE.search(TEACHER.read_text(encoding="utf-8"))
    assert found, "the teacher's notes link to no students' page"
    return html.unescape(found[1])


def test_the_students_page_shows_the_lesson_without_code_and_its_buttons_deal_a_students_deals(
    page: Page,
    lite_site: Path,  # noqa: F811 (the fixture imported above)
    lite_server: LiteServer,  # noqa: F811
) -> None:
    outside = requests_off_site(page.context)
    page.set_viewport_size({"width": 1280, "height": 720})
    before = len(lite_server.requests)
    started = time.monotonic()
    page.goto(f"{lite_server.url}/{students_page_address()}", wait_until="domcontentloaded")
    show = page.get_by_role("button", name="Show my deals")
    expect(show).to_be_visible(timeout=300_000)
    print(f"the students' page was whole after {time.monotonic() - started:.1f} s")

    # The first visit's download, as the teacher's notes state it (within a quarter).
    served = served_bytes(lite_site, lite_server.requests[before:]) / 1e6
    print(f"the first visit downloaded {served:.1f} MB")
    stated = FIRST_VISIT.search(TEACHER.read_text(encoding="utf-8"))
    assert stated and 0.75 <= served / int(stated[1]) <= 1.25, (served, stated)

    # It opens at the lesson's start, with no code, no input and none of the teacher's cells.
    title = page.get_by_role("heading", name="How often can a deal be won?", level=1)
    expect(title).to_be_in_viewport(timeout=10_000)
    assert page.evaluate(VISIBLE_CODE_JS) == []
    height = page.locator(".jp-CodeConsole-content").bounding_box()
    assert height and abs(height["height"] - 720) <= 2, height  # the page, over the whole window
    expect(page.get_by_text("For the teacher.", exact=False)).to_have_count(0)
    expect(page.get_by_text("types the codes into the next cell")).to_have_count(0)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "students-page-start.png"))

    # Every figure its text quotes is on the page, printed or drawn by an output.
    shown = page.evaluate(OUTPUT_TEXT_JS)
    missing = [figure for figure in text_figures(student_markdown()) if figure not in shown]
    assert missing == [], missing

    # The solver asked again, by a button.
    page.get_by_role("button", name="Ask again").click()
    expect(page.get_by_text(re.compile(r"^(Yes|No): from here")).nth(1)).to_be_visible()

    # A student's numbers, their deals, a deal played and the result code that says so.
    page.evaluate(SCROLL_TO_JS, "Each student types the two numbers")
    page.get_by_label("Class number:").fill(str(CLASS))
    page.get_by_label("My number:").fill(str(STUDENT))
    page.get_by_label("My number:").press("Enter")  # the box sends its value on Enter or blur
    show.click()
    activity = ClassActivity(CLASS)
    deals = activity.deal_codes(STUDENT)
    student = page.locator(".widget-vbox", has=show)
    code_field = student.locator('[data-field="code"]')
    expect(code_field).to_contain_text(deals[0], timeout=30_000)
    student.get_by_role("button", name="Deal 2", exact=True).click()
    expect(code_field).to_contain_text(deals[1], timeout=30_000)
    student.locator('[data-pile="stock"]').click()
    expect(student.locator('[data-field="moves"]')).to_have_text("1", timeout=30_000)
    student.get_by_role("button", name="Show my result code").click()
    said = student.get_by_text(RESULT_CODE)
    expect(said).to_be_visible(timeout=30_000)
    page.screenshot(path=str(ARTIFACTS / "students-page-class-activity.png"))
    # Each table is one a student can play: its cards legible, the whole table within the window
    # (far down the page's one long output, a table once shrank to its least size).
    for table in (page.locator(".pyr-root").first, student.locator(".pyr-root")):
        table.scroll_into_view_if_needed()
        card = table.locator('[data-pile="stock"]').bounding_box()
        whole = table.bounding_box()
        assert card and card["width"] >= 60, card
        assert whole and whole["height"] <= 720, whole
    code = RESULT_CODE.match(said.text_content() or "")
    assert code, said.text_content()
    result = activity.read_code(code[1])
    assert result.student == STUDENT
    assert [r.name for r in result.results] == ["NOT_PLAYED", "LOST", *["NOT_PLAYED"] * 3]
    assert DealResult.LOST in result.results

    assert outside == [], f"the page tried to reach outside 127.0.0.1: {outside[:5]}"
