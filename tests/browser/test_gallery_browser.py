"""Every game at one size, on a laptop and on a desktop screen, in JupyterLab and Notebook 7
(the offline site: tests/browser/test_jupyterlite.py), light and dark.

One notebook per app shows one widget in a cell of its own; the test deals each of the 15 presets
in turn from Python (no new server, no new notebook) and measures, from bounding boxes, what a
player sees once the widget's cell is scrolled to the top of the notebook:

* the table uses at least 75% of the output area's width or of the visible notebook's height
  (the union of every visible card: faces, ``[data-card]``, and backs, face-down cards and the
  stock);
* every card is at least 56 px wide, and card width varies at most 1.35 times across the games;
* the toolbar keeps one row (its visible buttons' ``top`` agree);
* the whole table is on screen.

At 1280x720 in JupyterLab with the file browser open it also opens every panel (New game,
Options, Statistics, Analysis) and a replay, and checks that the table keeps its size and place;
and it writes the gallery, one small screenshot per game, and the README's picture of a game in
progress to the test artifacts (``PYRAMIDE_WRITE_GALLERY=1``: to ``docs/images/gallery/`` and
``docs/images/table.png``). Motion is off
(``prefers-reduced-motion``), so that no card is measured in flight.
"""

from __future__ import annotations

import io
import os
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from pyramide_widget.engine.deal import DealCode
from pyramide_widget.engine.rules import PRESETS

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("PYRAMIDE_TEST_ARTIFACTS", REPO / "test-artifacts"))
# The pictures go to the test artifacts; with PYRAMIDE_WRITE_GALLERY=1 they replace the ones in
# docs/images/ (the README's and the docs' pictures), so a test run leaves the tree as it was.
IMAGES = REPO / "docs" / "images" if os.environ.get("PYRAMIDE_WRITE_GALLERY") else ARTIFACTS
GALLERY = IMAGES / "gallery"
README_IMAGE = IMAGES / "table.png"
SIZES = {"1280x720": {"width": 1280, "height": 720}, "1920x1080": {"width": 1920, "height": 1080}}
MIN_CARD_PX = 56
MAX_CARD_RATIO = 1.35
MIN_SHARE = 0.75
TESTS = REPO / "tests"

CELLS = [
    f"import sys\nsys.path.insert(0, {str(TESTS)!r})\n"
    "from layouts import dead_end_game, play_dead_end\n"
    "from pyramide_widget import PyramideWidget\n"
    "w = PyramideWidget('PY1-N-AAAAAAS', stats=True)",
    "w",
]

# What a player sees of the table: the output area, the visible notebook, every visible card's
# box (face up, or a back: a face-down card, the stock), the toolbar's buttons and the table.
MEASURE_JS = """
(root) => {
  const box = (el) => { const r = el.getBoundingClientRect(); return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height}; };
  const output = root.closest('.jp-OutputArea-output');
  const visible = root.closest('.jp-WindowedPanel-outer') || root.closest('.jp-Notebook');
  const cards = [...root.querySelectorAll('[data-card], [data-face-down="true"], [data-pile="stock"]:not([data-count="0"])')].filter((c) => c.checkVisibility() && c.getClientRects().length).map(box);
  const union = {left: Math.min(...cards.map((c) => c.left)), top: Math.min(...cards.map((c) => c.top)),
                 right: Math.max(...cards.map((c) => c.right)), bottom: Math.max(...cards.map((c) => c.bottom))};
  const buttons = [...root.querySelectorAll('[role=toolbar] > button, [role=toolbar] > * > button[data-action="more"]')]
    .filter((b) => b.checkVisibility()).map((b) => [b.dataset.action, Math.round(b.getBoundingClientRect().top)]);
  return {output: box(output), visible: box(visible), root: box(root), board: box(root.querySelector('.pyr-board')),
          cards: {count: cards.length, width: union.right - union.left, height: union.bottom - union.top,
                  narrowest: Math.min(...cards.map((c) => c.width)), widest: Math.max(...cards.map((c) => c.width))},
          buttons};
}
"""


SETTLE_JS = """
async (root) => {
  root.closest('.jp-Cell').scrollIntoView({block: 'start'});
  const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  let last = '';
  for (let i = 0; i < 60; i++) {
    await frame();
    const b = root.querySelector('.pyr-board').getBoundingClientRect();
    const now = [b.left, b.top, b.width, b.height].join();
    if (now === last) return true;
    last = now;
  }
  return false;
}
"""


def settle(root: Locator) -> None:
    """Scroll the widget's cell to the top of the notebook and wait until the table has fitted
    itself to the screen (two equal reads of the board's box, a frame apart)."""
    assert root.evaluate(SETTLE_JS), "the table kept resizing"


def deal(page: Page, nb: Any, root: Locator, letter: str) -> str:
    """Deal preset ``letter``'s ``AAAAAAS`` from Python and wait for the table to show it."""
    code = str(DealCode.for_rules(PRESETS[letter].rules, "AAAAAAS"))  # as a new deal is coded
    nb.execute(f"w.new_game({code!r})")
    expect(root.locator('[data-field="code"]')).to_have_text(code, timeout=20_000)
    settle(root)
    return code


def problems_of(m: dict[str, Any], where: str) -> list[str]:
    """What is wrong with one game's measurement (empty: nothing)."""
    out = []
    cards, output, visible, table = m["cards"], m["output"], m["visible"], m["root"]
    if cards["narrowest"] < MIN_CARD_PX:
        out.append(f"{where}: cards {cards['narrowest']:.1f} px wide, under {MIN_CARD_PX}")
    share = max(cards["width"] / output["width"], cards["height"] / visible["height"])
    if share < MIN_SHARE:
        out.append(
            f"{where}: the cards span {cards['width']:.0f} of {output['width']:.0f} px and "
            f"{cards['height']:.0f} of {visible['height']:.0f} px: {share:.0%} at most"
        )
    if len({top for _, top in m["buttons"]}) != 1 or len(m["buttons"]) < 4:
        out.append(f"{where}: the toolbar is not one row: {m['buttons']}")
    if table["top"] < visible["top"] - 0.5 or table["bottom"] > visible["bottom"] + 0.5:
        out.append(f"{where}: the table is not wholly on screen: {table} in {visible}")
    return out


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def small_png(png: bytes, path: Path, colors: int = 64) -> None:
    """A screenshot as a small palette PNG."""
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    image.quantize(colors=colors, method=Image.Quantize.MEDIANCUT).save(path, optimize=True)


def every_game(page: Page, nb: Any, root: Locator, where: str, gallery: bool = False) -> list[str]:
    """Deal every preset, measure it, and return what is wrong (and the card widths' spread)."""
    problems: list[str] = []
    widths: dict[str, float] = {}
    for letter, preset in PRESETS.items():
        deal(page, nb, root, letter)
        m = root.evaluate(MEASURE_JS)
        assert m["cards"]["count"] > 0, f"{where} {letter}: no card drawn"
        problems += problems_of(m, f"{where} {letter} {preset.name}")
        widths[letter] = m["cards"]["narrowest"]
        if gallery:
            GALLERY.mkdir(parents=True, exist_ok=True)
            small_png(page.screenshot(), GALLERY / f"{letter}-{slug(preset.name)}.png")
    spread = max(widths.values()) / min(widths.values())
    if spread > MAX_CARD_RATIO:
        problems.append(f"{where}: card widths vary {spread:.2f} times across games: {widths}")
    print(
        f"{where}: card widths {min(widths.values()):.1f}-{max(widths.values()):.1f} px ({spread:.2f}x)"
    )
    return problems


def open_table(page: Page, open_nb: Any, app: str, size: str) -> tuple[Any, Locator]:
    page.emulate_media(reduced_motion="reduce")
    page.set_viewport_size(SIZES[size])
    nb = open_nb(CELLS, name=f"gallery-{app}-{size}")
    if app == "lab":
        page.evaluate("() => window.jupyterapp.commands.execute('filebrowser:activate')")
        expect(page.locator("#filebrowser")).to_be_visible()
    root = page.locator(".pyr-root").first
    expect(root.locator(".pyr-pyramid [data-card]")).to_have_count(28, timeout=30_000)
    return nb, root


def set_theme(page: Page, theme: str) -> None:
    name = "JupyterLab Dark" if theme == "dark" else "JupyterLab Light"
    page.evaluate(
        "(name) => window.jupyterapp.commands.execute('apputils:change-theme', {theme: name})", name
    )
    expect(page.locator("body")).to_have_attribute(
        "data-jp-theme-light", "false" if theme == "dark" else "true", timeout=20_000
    )


@pytest.mark.parametrize("size", list(SIZES))
def test_every_game_keeps_one_size_on_the_screen(
    page: Page, open_nb: Any, jupyter_app: Any, size: str
) -> None:
    app = jupyter_app.app
    nb, root = open_table(page, open_nb, app, size)
    set_theme(page, "light")  # the server keeps the theme another test chose
    gallery = app == "lab" and size == "1280x720"
    problems = every_game(page, nb, root, f"{app} {size} light", gallery=gallery)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    if gallery:
        problems += panels_keep_the_table(page, nb, root, f"{app} {size}")
        save_game_in_progress(page, nb, root)
        set_theme(page, "dark")
        problems += every_game(page, nb, root, f"{app} {size} dark")
        page.screenshot(path=str(ARTIFACTS / f"gallery-{app}-{size}-dark.png"))
    assert problems == [], "\n".join(problems)


def panels_keep_the_table(page: Page, nb: Any, root: Locator, where: str) -> list[str]:
    """Open each panel, a menu and a replay: the board keeps its box, on screen."""
    deal(page, nb, root, "N")
    problems = []

    def check(what: str) -> None:
        page.evaluate(
            "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
        )
        m = root.evaluate(MEASURE_JS)
        if m["board"] != before["board"]:
            problems.append(
                f"{where}: {what} moved or resized the table: {before['board']} -> {m['board']}"
            )
        if m["root"]["bottom"] > m["visible"]["bottom"] + 0.5:
            problems.append(f"{where}: {what} pushed the table out of view")
        page.screenshot(path=str(ARTIFACTS / f"gallery-{where.replace(' ', '-')}-{slug(what)}.png"))

    before = root.evaluate(MEASURE_JS)
    root.locator('[data-action="new"]').click()
    expect(root.locator(".pyr-newgame")).to_be_visible()
    check("New game")
    page.keyboard.press("Escape")
    for action, panel in (("options", ".pyr-options"), ("stats", '[data-field="stats-panel"]')):
        root.locator('[data-action="more"]').click()
        root.locator(f'[data-action="{action}"]').click()
        expect(root.locator(panel)).to_be_visible()
        check(action)
    root.locator('[data-action="stats-close"]').click()
    nb.execute("w.replay(); w.replay_to(0)")
    expect(root.locator(".pyr-replaybar")).to_be_visible()
    check("replay")
    nb.execute("w.stop_replay()\ng = dead_end_game(); play_dead_end(g); w.game = g")
    expect(root.locator('[data-field="banner"]')).to_be_visible()
    settle(root)
    before = root.evaluate(MEASURE_JS)
    root.locator('.pyr-toolbar [data-action="analysis"]').click()
    expect(root.locator('[data-field="analysis-panel"]')).to_be_visible()
    check("Analysis")
    root.locator('[data-action="analysis-close"]').click()
    return problems


def save_game_in_progress(page: Page, nb: Any, root: Locator) -> None:
    """The README's picture: a standard game a few moves in, a card selected and the last pair
    on the discard pile, cropped to the widget."""
    deal(page, nb, root, "N")
    nb.execute("for move in ['K♣', '2♠+J♥', 'draw', 'draw']: w.game.play(move)")
    expect(root.locator('[data-field="moves"]')).to_have_text("4")
    free = root.locator('.pyr-pyramid [data-free="true"]').first
    free.click()
    expect(free).to_have_attribute("data-selected", "true")
    settle(root)
    README_IMAGE.parent.mkdir(parents=True, exist_ok=True)
    small_png(root.screenshot(), README_IMAGE, colors=256)  # the court cards keep their colours
    assert README_IMAGE.stat().st_size < 250_000
