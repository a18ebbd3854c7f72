"""The table as a player sees it: it fits a laptop screen (JupyterLab with the file browser
open, Notebook 7), says its messages where they are seen, scales down in a narrow cell, keeps
its size in an output frame that grows with its content, draws covered cards under their
coverers, and its static picture has no stray symbols. Measured in Debian's Chromium with
bounding boxes. (Every game's size on two screens, and the README's picture:
tests/browser/test_gallery_browser.py.) Screenshots of every check go to ``test-artifacts/`` to
be looked at.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, Route, expect

from pyramide_widget.engine.i18n import LANGUAGES

TESTS = Path(__file__).resolve().parents[1]
if str(TESTS) not in sys.path:  # pytest's "importlib" import mode does not add it
    sys.path.insert(0, str(TESTS))

from layouts import r5_game  # noqa: E402

REPO = TESTS.parent
ARTIFACTS = Path(os.environ.get("PYRAMIDE_TEST_ARTIFACTS", REPO / "test-artifacts"))
LAPTOP = {"width": 1280, "height": 720}

# The app's R5 deal (docs/rules.md R5), whose cards the tests below name.
SETUP = f"""
import sys
sys.path.insert(0, {str(TESTS)!r})
from layouts import r5_game
from pyramide_widget.widget import PyramideWidget
w = PyramideWidget(game=r5_game(), stats=False)
"""
# A notebook as a player has it (examples/play.ipynb): the widget on its own in a cell, more
# below. Statistics on, as by default, so the toolbar has all its buttons.
CELLS = [
    "from pyramide_widget import PyramideWidget\nw = PyramideWidget('PY1-N-AAAAAAS')",
    "w",
    "w.game.score",
]

# Where an element lies, and whether it lies wholly inside the notebook's visible scroll area.
BOX_JS = """
(el) => {
  const r = el.getBoundingClientRect();
  let area = {top: 0, left: 0, bottom: innerHeight, right: innerWidth};
  for (let p = el.parentElement; p; p = p.parentElement) {
    const s = getComputedStyle(p);
    if (/(auto|scroll|hidden)/.test(s.overflowY) && p.scrollHeight > p.clientHeight) {
      const a = p.getBoundingClientRect();
      area = {top: Math.max(area.top, a.top), left: Math.max(area.left, a.left),
              bottom: Math.min(area.bottom, a.bottom), right: Math.min(area.right, a.right)};
    }
  }
  const inside = r.width > 0 && r.height > 0 && r.top >= area.top - 0.5 && r.left >= area.left - 0.5
    && r.bottom <= area.bottom + 0.5 && r.right <= area.right + 0.5;
  return {top: r.top, left: r.left, bottom: r.bottom, right: r.right, width: r.width,
          height: r.height, inside, area};
}
"""


def box(locator: Locator) -> dict[str, Any]:
    """The element's bounding box and whether it is inside the visible part of the notebook."""
    return dict(locator.evaluate(BOX_JS))


def assert_visible_whole(locator: Locator, what: str) -> dict[str, Any]:
    b = box(locator)
    assert b["inside"], f"{what} is not wholly visible: {b}"
    return b


def table(page: Page) -> Locator:
    return page.locator(".pyr-root").first


def bottom_row(root: Locator) -> Locator:
    """The 7 cards of the bottom row (the pyramid's cards are in row order, left to right)."""
    return root.locator(".pyr-pyramid .pyr-card:nth-child(n+22)")


def open_at_laptop_size(page: Page, open_nb: Any, app: str, cells: list[str] = CELLS) -> Locator:
    """The widget's notebook at 1280x720 (in JupyterLab with the file browser open), the
    widget's cell scrolled to the top of the notebook panel."""
    page.set_viewport_size(LAPTOP)
    open_nb(cells)
    if app == "lab":
        page.evaluate("() => window.jupyterapp.commands.execute('filebrowser:activate')")
        expect(page.locator("#filebrowser")).to_be_visible()
    root = table(page)
    expect(root.locator(".pyr-pyramid [data-card]")).to_have_count(28, timeout=30_000)
    # The deal's cards land first: a card still in flight over the one a test taps makes
    # Playwright scroll the page to reach it, which no player's tap does.
    page.evaluate(
        "() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => 0)))"
    )
    root.evaluate("(el) => el.closest('.jp-Cell').scrollIntoView({block: 'start'})")
    page.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )
    return root


# How far the notebook is scrolled (its scrolling panel in JupyterLab 4 and Notebook 7).
SCROLLED_JS = "() => document.querySelector('.jp-WindowedPanel-outer').scrollTop"


def test_the_whole_table_fits_a_laptop_screen(page: Page, open_nb: Any, jupyter_app: Any) -> None:
    app = jupyter_app.app
    root = open_at_laptop_size(page, open_nb, app)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"layout-{app}-1280x720.png"))

    assert_visible_whole(root.locator(".pyr-status"), "the status line")
    cards = bottom_row(root)
    expect(cards).to_have_count(7)
    for i in range(7):
        assert_visible_whole(cards.nth(i), f"bottom-row card {i + 1}")
    assert_visible_whole(root.locator('[data-pile="stock"]'), "the stock")
    assert_visible_whole(root.locator('[data-pile="waste"] .pyr-card').last, "the waste top")
    # The top card lies on its pile's place, over its count (the card beneath, when the rules
    # show one, beneath it a step to the left): the waste is drawn like every other pile. Read from the
    # layout, which a free card's lift does not change.
    at = root.locator('[data-pile="waste"]').evaluate(
        "(pile) => [pile.querySelector('.pyr-card:last-of-type'), pile.querySelector('.pyr-slot-place')]"
        ".map((el) => [el.offsetLeft, el.offsetTop])"
    )
    assert at[0] == at[1], at
    # The waste lies right beside the stock, as in every solitaire; the discard pile in the
    # other corner of the pyramid's narrow end.
    stock = box(root.locator('[data-pile="stock"]'))
    waste = box(root.locator('[data-pile="waste"] .pyr-slot-place'))
    assert 0 <= waste["left"] - stock["right"] < stock["width"] / 4, (stock, waste)
    assert abs(waste["top"] - stock["top"]) < 1, (stock, waste)
    apex = box(root.locator(".pyr-pyramid [data-card]").first)
    assert waste["right"] < apex["left"]
    assert box(root.locator('[data-pile="discard"] .pyr-slot-place'))["left"] > apex["right"]
    assert_visible_whole(root.locator(".pyr-toolbar"), "the toolbar")
    for button in root.locator(".pyr-toolbar .pyr-btn:visible").all():
        assert_visible_whole(button, f"the {button.get_attribute('data-action')} button")

    # Two free cards that do not make 13: the message shows in the status line, right above the
    # table, and the table does not move for it.
    board = box(root.locator(".pyr-board"))
    scrolled = page.evaluate(SCROLLED_JS)
    root.locator('[data-card="5♦"]').click()
    root.locator('[data-card="2♠"]').click()
    message = root.locator('[data-field="message"]')
    expect(message).to_have_text("The sum must be 13")
    assert page.evaluate(SCROLLED_JS) == scrolled, "a tap scrolled the notebook"
    shown = assert_visible_whole(message, "the message")
    assert shown["bottom"] <= board["top"] + 0.5, f"the message is not above the table: {shown}"
    assert box(root.locator(".pyr-board")) == board, "the message moved the table"
    centre = message.evaluate(
        "(el) => { const r = el.getBoundingClientRect();"
        " const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);"
        " return el.contains(at); }"
    )
    assert centre, "something is drawn over the message"
    page.screenshot(path=str(ARTIFACTS / f"layout-{app}-1280x720-message.png"))

    # A panel opens over the table, whole on screen, and the table keeps its place and size.
    root.locator('[data-action="more"]').click()
    root.locator('[data-action="options"]').click()
    expect(root.locator(".pyr-options")).to_be_visible()
    page.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )
    assert_visible_whole(root.locator(".pyr-options"), "the options panel")
    assert box(root.locator(".pyr-board")) == board, "the panel moved the table"
    page.screenshot(path=str(ARTIFACTS / f"layout-{app}-1280x720-options.png"))


# A deal played out until no move is left, cards left in every row (test_analysis_browser.py).
LOST_CELLS = [
    "from pyramide_widget import PyramideWidget\nw = PyramideWidget('PY1-R-BBAAAAB', stats=False)",
    "w",
]
PLAY_OUT = """
game = w.game
while not game.is_over:
    moves = game.legal_moves()
    game.play(next((m for m in moves if m.cards), moves[0]))
"""


def test_the_end_banner_covers_no_card(page: Page, open_nb: Any, jupyter_app: Any) -> None:
    """A lost game's cards all stay in sight: the banner lies over the status line, right above
    the table, which does not move for it."""
    app = jupyter_app.app
    sessions: list[Any] = []
    root = open_at_laptop_size(page, lambda cells: sessions.append(open_nb(cells)), app, LOST_CELLS)
    board = box(root.locator(".pyr-board"))
    sessions[0].execute(PLAY_OUT)
    banner = root.locator('[data-field="banner"]')
    expect(banner).to_have_attribute("data-status", "no_moves")
    page.evaluate(
        "() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => 0)))"
    )
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for theme in ("light", "dark") if app == "lab" else ("light",):
        if app == "lab":
            set_theme(page, theme)
        settled(page)
        page.screenshot(path=str(ARTIFACTS / f"layout-{app}-1280x720-lost-{theme}.png"))
        said = assert_visible_whole(banner, "the end banner")
        cards = [box(card) for card in root.locator("[data-card]:visible").all()]
        assert len(cards) > 7, "cards are left on the table"
        for card in cards:
            apart = card["bottom"] <= said["top"] or card["top"] >= said["bottom"]
            assert apart or card["right"] <= said["left"] or card["left"] >= said["right"], card
        assert box(root.locator(".pyr-board")) == board, "the end moved the table"
        centre = banner.evaluate(
            "(el) => { const r = el.getBoundingClientRect();"
            " return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)); }"
        )
        assert centre, "something is drawn over the banner"
    if app == "lab":
        set_theme(page, "light")


NARROW_CELLS = [
    SETUP,
    "import ipywidgets\nipywidgets.Box([w], layout=ipywidgets.Layout(width='320px'))",
]

# Every visible element of the table that sticks out of the table's box, or out of the board.
OVERFLOW_JS = """
(root) => {
  const outer = root.getBoundingClientRect();
  const board = root.querySelector('.pyr-board').getBoundingClientRect();
  const out = [];
  for (const el of root.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') continue;
    const frame = el.closest('.pyr-board') ? board : outer;
    if (r.left < frame.left - 0.5 || r.right > frame.right + 0.5 || r.bottom > frame.bottom + 0.5) {
      out.push(`${el.className || el.tagName} ${el.dataset.card || el.dataset.action || ''}`);
    }
  }
  if (root.scrollWidth > root.clientWidth) out.push('the table scrolls sideways');
  return out;
}
"""


@pytest.mark.parametrize("jupyter_app", ["lab"], indirect=True)
def test_a_narrow_cell_gets_a_smaller_table_with_nothing_sticking_out(
    page: Page, open_nb: Any
) -> None:
    page.set_viewport_size(LAPTOP)
    open_nb(NARROW_CELLS)
    root = table(page)
    expect(root.locator(".pyr-pyramid [data-card]")).to_have_count(28, timeout=30_000)
    root.scroll_into_view_if_needed()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    root.screenshot(path=str(ARTIFACTS / "layout-lab-narrow-320px.png"))
    outer = box(root)
    assert outer["width"] <= 320.5, f"the table is wider than its 320 px cell: {outer}"
    card = box(bottom_row(root).first)
    assert card["width"] < 45, f"the cards did not scale down: {card}"
    assert root.evaluate(OVERFLOW_JS) == []
    # Still playable: the cards take taps.
    root.locator('[data-card="7♣"]').click()
    root.locator('[data-card="3♥"]').click()
    expect(root.locator('[data-field="message"]')).to_have_text("The sum must be 13")
    assert root.evaluate(OVERFLOW_JS) == []


# The centre of the part of `covered` that `coverer` hides, and what the browser finds there.
TOP_AT_OVERLAP_JS = """
([covered, coverer]) => {
  const a = covered.getBoundingClientRect();
  const b = coverer.getBoundingClientRect();
  const x = (Math.max(a.left, b.left) + Math.min(a.right, b.right)) / 2;
  const y = (Math.max(a.top, b.top) + Math.min(a.bottom, b.bottom)) / 2;
  const hit = document.elementFromPoint(x, y);
  return hit && hit.closest('.pyr-card') ? hit.closest('.pyr-card').dataset.card : null;
}
"""

EASY_SETUP = SETUP.replace("r5_game()", "r5_game(rules=Rules.preset('E'))").replace(
    "from layouts import r5_game", "from layouts import r5_game\nfrom pyramide_widget import Rules"
)


def drawn_on_top(root: Locator, covered: str, coverer: str) -> str | None:
    return root.evaluate(
        "(root, [a, b]) => (" + TOP_AT_OVERLAP_JS + ')([root.querySelector(`[data-card="${a}"]`),'
        ' root.querySelector(`[data-card="${b}"]`)])',
        [covered, coverer],
    )


@pytest.mark.parametrize("jupyter_app", ["lab"], indirect=True)
def test_a_focused_or_selected_covered_card_stays_under_its_coverers(
    page: Page, open_nb: Any
) -> None:
    page.set_viewport_size(LAPTOP)
    open_nb([EASY_SETUP, "w"])  # Easy rules: a card may pair with its last coverer (selectable)
    root = table(page)
    expect(root.locator(".pyr-pyramid [data-card]")).to_have_count(28, timeout=30_000)
    root.scroll_into_view_if_needed()
    # The deal's cards land first: one still in flight may lie over the cards measured.
    page.evaluate(
        "() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => 0)))"
    )

    # Keyboard focus on 10♠ (row 6), covered by 3♠ and K♦.
    root.locator('.pyr-pyramid [tabindex="0"]').focus()
    page.keyboard.press("Home")
    for _ in range(5):
        page.keyboard.press("ArrowRight")  # to K♦, then up to the left one of the two above it
    page.keyboard.press("ArrowUp")
    expect(root.locator('[data-card="10♠"]')).to_be_focused()
    assert root.locator('[data-card="10♠"]').evaluate("(el) => el.matches(':focus-visible')")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    root.screenshot(path=str(ARTIFACTS / "layout-focused-covered-card.png"))
    assert drawn_on_top(root, "10♠", "3♠") == "3♠"
    assert drawn_on_top(root, "10♠", "K♦") == "K♦"

    # K♦ goes; 10♠ may now pair with 3♠, its last coverer, so it can be selected.
    root.locator('[data-card="K♦"]').click()
    expect(root.locator('[data-card="K♦"]')).to_have_count(0)
    root.locator('[data-card="10♠"]').click()
    expect(root.locator('[data-card="10♠"]')).to_have_attribute("data-selected", "true")
    root.screenshot(path=str(ARTIFACTS / "layout-selected-covered-card.png"))
    assert drawn_on_top(root, "10♠", "3♠") == "3♠"


# Each text of the picture: inside its own card, and under no card drawn after it (real glyphs).
STATIC_TEXT_JS = """
(svg) => {
  const cardRect = (el) => { const g = el.closest('g[data-card]'); return g ? g.querySelector('rect') : null; };
  const within = (a, b) => a.left >= b.left - 0.5 && a.top >= b.top - 0.5 && a.right <= b.right + 0.5 && a.bottom <= b.bottom + 0.5;
  const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const rects = [...svg.querySelectorAll('g[data-card] > rect, g[data-pile] > rect')];
  const problems = [];
  const texts = [...svg.querySelectorAll('text')];
  for (const text of texts) {
    const t = text.getBoundingClientRect();
    const own = cardRect(text);
    const name = `${text.textContent} of ${text.closest('g[data-card]')?.dataset.card || 'a pile'}`;
    if (own && !within(t, own.getBoundingClientRect())) problems.push(`${name} sticks out of its card`);
    for (const r of rects) {
      const later = text.compareDocumentPosition(r) & Node.DOCUMENT_POSITION_FOLLOWING;
      if (later && r !== own && meet(t, r.getBoundingClientRect())) problems.push(`${name} is partly under a card`);
    }
  }
  return {problems, texts: texts.length};
}
"""


def test_the_static_picture_shows_no_slivers_between_cards(page: Page) -> None:
    game = r5_game()
    game.play("K♦")
    game.play("10♣+3♠")  # Q♣, 10♦ and J♠ keep one coverer each
    game.tap("pyramid", 7, 1)
    page.set_content(f"<!doctype html><html><body>{game._repr_html_()}</body></html>")
    picture = page.locator(".pyramide-static")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    picture.screenshot(path=str(ARTIFACTS / "static-picture.png"))
    found = page.locator(".pyramide-static svg").evaluate(STATIC_TEXT_JS)
    assert found["texts"] > 25
    assert found["problems"] == []


# An output frame that grows with its content, as Colab's are: the page sets the frame's height
# to its document's height again and again, the way such hosts do.
SITE = "http://127.0.0.1:9"
FRAME_PAGE = """<!doctype html><html><head><link rel="stylesheet" href="widget.css"></head><body>
<div id="out"></div><script type="module">
import widget from "./widget.js";
const [state, text] = await Promise.all(["r5_start", "text_en"].map((n) => fetch(`fixtures/${n}.json`).then((r) => r.json())));
const {table, ...position} = state; // a fixture is what a view draws: the two traits joined
const data = {_state: position, _table: table, _text: text};
const model = {get: (k) => data[k], on() {}, off() {}, send() {}};
widget.render({model, el: document.getElementById("out")});
document.body.dataset.ready = "true";
</script></body></html>"""
HOST_PAGE = f"""<!doctype html><html><body style="margin:0">
<iframe id="frame" src="{SITE}/frame.html" style="width:900px;height:300px;border:0"></iframe>
</body></html>"""
GROW_WITH_CONTENT_JS = """
async (rounds) => {
  const frame = document.getElementById('frame');
  for (let i = 0; i < rounds; i++) {
    frame.style.height = frame.contentDocument.documentElement.scrollHeight + 'px';
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  }
  return frame.contentDocument.querySelector('.pyr-root').getBoundingClientRect().width;
}
"""


def test_an_output_frame_that_grows_with_its_content_keeps_the_table_full_size(page: Page) -> None:
    static = REPO / "pyramide_widget" / "widget" / "static"
    files = {
        "host.html": (HOST_PAGE.encode(), "text/html"),
        "frame.html": (FRAME_PAGE.encode(), "text/html"),
        "widget.js": ((static / "widget.js").read_bytes(), "text/javascript"),
        "widget.css": ((static / "widget.css").read_bytes(), "text/css"),
    }
    for name in ("r5_start", "text_en"):
        files[f"fixtures/{name}.json"] = (
            (REPO / "js" / "test" / "fixtures" / f"{name}.json").read_bytes(),
            "application/json",
        )

    def serve(route: Route) -> None:
        body, kind = files[route.request.url.removeprefix(f"{SITE}/")]
        route.fulfill(body=body, content_type=kind)

    page.route(f"{SITE}/**", serve)  # one origin, so the host page can read the frame's height
    page.goto(f"{SITE}/host.html")
    frame = page.frame_locator("#frame")
    expect(frame.locator("body")).to_have_attribute("data-ready", "true")
    expect(frame.locator(".pyr-pyramid [data-card]")).to_have_count(28)
    first = page.evaluate(GROW_WITH_CONTENT_JS, 1)
    width = page.evaluate(GROW_WITH_CONTENT_JS, 30)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "layout-growing-frame.png"), full_page=True)
    assert width == first >= 850, (
        f"the table went from {first} to {width} px in a frame that follows its height"
    )


def set_theme(page: Page, theme: str) -> None:
    """JupyterLab's light or dark theme (the shared server keeps the one a test chose last)."""
    name = "JupyterLab Dark" if theme == "dark" else "JupyterLab Light"
    page.evaluate(
        "(name) => window.jupyterapp.commands.execute('apputils:change-theme', {theme: name})", name
    )
    expect(page.locator("body")).to_have_attribute(
        "data-jp-theme-light", "false" if theme == "dark" else "true", timeout=20_000
    )
    expect(page.locator("#jupyterlab-splash")).to_have_count(0, timeout=20_000)


def tap(page: Page, locator: Locator) -> None:
    """A player's tap: the mouse pressed at the middle of what is seen, once it lies still.
    (Playwright's own click may scroll the notebook first, to a place of its choosing, even
    for a card wholly in view; a player's tap never does.)"""
    page.evaluate(
        "() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => 0)))"
    )
    at = box(locator)
    page.mouse.click(at["left"] + at["width"] / 2, at["top"] + at["height"] / 2)


def settled(page: Page) -> None:
    page.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )


@pytest.mark.parametrize("jupyter_app", ["lab"], indirect=True)
def test_turning_the_chance_on_never_moves_the_table(page: Page, open_nb: Any) -> None:
    """In every language and both themes, with a message up: the indicator shares the status
    line's one line, and the felt and the cards keep their place and size."""
    sessions: list[Any] = []
    root = open_at_laptop_size(page, lambda cells: sessions.append(open_nb(cells)), "lab")
    nb = sessions[0]
    chance = root.locator('[data-field="chance-box"]')
    message = root.locator('[data-field="message"]')
    apex = root.locator(".pyr-pyramid [data-card]").first
    scrolled = page.evaluate(SCROLLED_JS)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for theme in ("light", "dark"):
        set_theme(page, theme)
        for language in LANGUAGES:
            nb.execute(f"w.show_chance = False\nw.language = {language!r}")
            expect(chance).to_be_hidden()
            expect(root).to_have_attribute("lang", language)
            # Two free cards that do not make 13: the message is up beside the indicator.
            for name in ("5♦", "2♠"):
                tap(page, root.locator(f'[data-card="{name}"]'))
            assert page.evaluate(SCROLLED_JS) == scrolled, "a tap scrolled the notebook"
            expect(message).not_to_have_text("")
            settled(page)
            felt, card = box(root.locator(".pyr-stage")), box(apex)
            nb.execute("w.show_chance = True")
            expect(chance).to_have_attribute("data-state", "measured", timeout=60_000)
            settled(page)
            where = f"{language}, {theme}"
            page.screenshot(path=str(ARTIFACTS / f"layout-lab-chance-{language}-{theme}.png"))
            assert box(root.locator(".pyr-stage")) == felt, f"the chance moved the felt ({where})"
            assert box(apex) == card, f"the chance moved or shrank the cards ({where})"
            said, status = box(chance), box(root.locator(".pyr-status"))
            assert said["inside"] and said["right"] <= status["right"] + 0.5, (where, said)
            assert said["bottom"] <= felt["top"] + 0.5, (
                f"the indicator is not above the felt ({where})"
            )
            assert box(message)["width"] > 0, f"the indicator hid the message ({where})"
    set_theme(page, "light")


@pytest.mark.parametrize("jupyter_app", ["lab"], indirect=True)
def test_a_hint_cannot_be_missed(page: Page, open_nb: Any) -> None:
    """A hinted card: a broad solid ring of the hint's colour, lifted above its place."""
    root = open_at_laptop_size(page, open_nb, "lab")
    places = {
        name: box(root.locator(f'[data-card="{name}"]'))["top"] for name in ("5♦", "K♣", "2♠")
    }
    root.locator('[data-action="hint"]').click()
    hinted = root.locator('.pyr-pyramid [data-hint="true"]')
    expect(hinted.first).to_be_visible(timeout=30_000)
    page.evaluate(
        "() => Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations"
        " !== Infinity).map((a) => a.finished.catch(() => 0)))"
    )
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "layout-lab-1280x720-hint.png"), animations="disabled")
    for card in hinted.all():
        look = card.evaluate(
            "(el) => { const s = getComputedStyle(el); return {style: s.outlineStyle,"
            " width: parseFloat(s.outlineWidth), shadow: s.boxShadow}; }"
        )
        assert look["style"] == "solid" and look["width"] >= 3, look
        name = card.get_attribute("data-card")
        if name in places:  # a bottom-row card: lifted above the others of its row
            assert box(card)["top"] < places[name] - 2, (name, places[name], box(card))
