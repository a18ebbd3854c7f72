"""The table in JupyterLab's dark theme ("JupyterLab Dark"), standard and every table preset.

A server of its own starts with the dark theme as the user's setting (the shared session
server stays light). One notebook shows a deal of every table a preset uses (the standard
table, Six Rows, Triangle, Face-down, Spanish and the pile games) and the stock face up with
the French and the Spanish deck (its four suit colours). Every piece of
text the widget writes (status, counts on the felt, message, buttons, the menu, the panels, the
end banner, the stock's order, card indices) must stand out from what is behind it by 4.5:1
(WCAG AA for normal text), measured from the computed colours; the disabled Undo button is
exempt, as WCAG exempts inactive controls. A screenshot of each table at 1280x720 goes to
``test-artifacts/dark-<name>-1280x720.png``.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jupyter_harness import JupyterServer, open_notebook, start_jupyter_server, stop_jupyter_server
from playwright.sync_api import Locator, Page, expect

from pyramide_widget.engine.deal import DealCode
from pyramide_widget.engine.rules import PRESETS

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("PYRAMIDE_TEST_ARTIFACTS", REPO / "test-artifacts"))
THEME_SETTINGS = "lab/user-settings/@jupyterlab/apputils-extension/themes.jupyterlab-settings"
MIN_CONTRAST = 4.5


def _one_preset_per_table() -> dict[str, str]:
    """The first preset of each table (Standard for the standard table), by a file-safe name."""
    letters: dict[str, str] = {}
    for letter, preset in PRESETS.items():
        letters.setdefault(preset.rules.table.name, letter)
    return {
        re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-"): letter
        for name, letter in letters.items()
    }


DEALS = {
    name: f"PyramideWidget('{DealCode.for_rules(PRESETS[letter].rules, 'AAAAAAS')}', stats=False)"
    for name, letter in _one_preset_per_table().items()
}
DEALS["stock-face-up"] = (
    "PyramideWidget('PY1-X-YZUDUFN', rules=Rules(stock_face_up=True), stats=False)"
)
DEALS["spanish-stock-face-up"] = "PyramideWidget('PY1-X-AAAAAAS', rules=face_up, stats=False)"
NAMES = list(DEALS)  # the standard table first: PRESETS starts with N
TESTS = REPO / "tests"
CELLS = [
    "import dataclasses, sys\n"
    f"sys.path.insert(0, {str(TESTS)!r})\n"
    "from layouts import winnable_game, win_by_taps\n"
    "from pyramide_widget import PyramideWidget, Rules\n"
    "face_up = dataclasses.replace(Rules.preset('B'), stock_face_up=True)",
    # Statistics on for the standard table, so that its panel can be opened.
    "standard = PyramideWidget('PY1-N-AAAAAAS')\nstandard",
    *list(DEALS.values())[1:],
]

# Each visible element of the widget with text of its own: its colour, the first opaque
# background behind it (its own or an ancestor's) and the WCAG contrast ratio of the two.
CONTRASTS_JS = """
(root) => {
  const rgb = (css) => (css.match(/[\\d.]+/g) || []).map(Number);
  const luminance = ([r, g, b]) => {
    const lin = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const background = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length === 3 || c[3] === 1) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const out = [];
  for (const el of root.querySelectorAll('*')) {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || !el.checkVisibility() || el.closest('[disabled]')) continue;
    const fg = rgb(getComputedStyle(el).color).slice(0, 3);
    const bg = background(el);
    const [a, b] = [luminance(fg), luminance(bg)].sort((x, y) => y - x);
    out.push({text: el.textContent.trim().slice(0, 30), cls: el.className, fg, bg,
              ratio: Math.round(((a + 0.05) / (b + 0.05)) * 100) / 100});
  }
  return out;
}
"""


@pytest.fixture(scope="module")
def dark_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterServer]:
    """A JupyterLab server whose user setting is the dark theme."""
    base = tmp_path_factory.mktemp("dark-lab")
    settings = base / "config" / THEME_SETTINGS
    settings.parent.mkdir(parents=True)
    settings.write_text(json.dumps({"theme": "JupyterLab Dark"}))
    server = start_jupyter_server("lab", base)
    try:
        yield server
    finally:
        stop_jupyter_server(server)


def test_every_table_is_legible_in_the_dark_theme(page: Page, dark_lab: JupyterServer) -> None:
    page.set_viewport_size({"width": 1280, "height": 720})
    nb = open_notebook(page, dark_lab, CELLS, name="dark")
    expect(page.locator("body")).to_have_attribute("data-jp-theme-light", "false", timeout=30_000)
    roots = page.locator(".pyr-root")
    expect(roots).to_have_count(len(NAMES), timeout=60_000)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    poor: list[dict[str, Any]] = []
    for index, name in enumerate(NAMES):
        root = roots.nth(index)
        expect(root.locator(".pyr-board [data-card]").first).to_be_visible(timeout=30_000)
        if "stock-face-up" in name:
            expect(root.locator('[data-field="stock-order"] li').first).to_be_visible()
        root.evaluate("(el) => el.closest('.jp-Cell').scrollIntoView({block: 'start'})")
        page.evaluate(
            "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
        )
        page.screenshot(path=str(ARTIFACTS / f"dark-{name}-1280x720.png"), animations="disabled")
        poor += low_contrast(root, name)
    poor += standard_table_in_use(page, roots.nth(0))
    poor += standard_table_won(page, nb, roots.nth(0))
    assert poor == [], "text below 4.5:1 in the dark theme:\n" + "\n".join(map(str, poor))


def low_contrast(root: Locator, where: str) -> list[dict[str, Any]]:
    """The texts of ``root`` below :data:`MIN_CONTRAST`, each tagged with ``where``."""
    return [
        {"where": where, **item}
        for item in root.evaluate(CONTRASTS_JS)
        if item["ratio"] < MIN_CONTRAST
    ]


def standard_table_in_use(page: Page, root: Locator) -> list[dict[str, Any]]:
    """The standard table with a selection, a blocked tap's message, a hint, then the Options
    panel and the New game dialog open: each state's texts, and a screenshot of each."""
    root.evaluate("(el) => el.closest('.jp-Cell').scrollIntoView({block: 'start'})")
    root.locator('[data-card="5♦"]').click()
    expect(root.locator('[data-card="5♦"]')).to_have_attribute("data-selected", "true")
    root.locator('[data-card="A♦"]').click()
    expect(root.locator('[data-field="message"]')).to_have_text(
        "This card is blocked by another card"
    )
    root.locator('[data-action="hint"]').click()
    expect(root.locator('[data-hint="true"]').first).to_be_visible(timeout=30_000)
    poor = low_contrast(root, "standard: selection, message, hint")
    page.screenshot(
        path=str(ARTIFACTS / "dark-standard-in-play-1280x720.png"), animations="disabled"
    )
    root.locator('[data-action="more"]').click()
    expect(root.locator(".pyr-menu")).to_be_visible()
    poor += low_contrast(root, "standard: the More menu")
    for action, state in (("options", "Options panel"), ("new", "New game dialog")):
        if action == "new":
            root.locator('.pyr-toolbar [data-action="new"]').click()
        else:
            root.locator(f'.pyr-menu [data-action="{action}"]').click()
        page.wait_for_timeout(300)
        poor += low_contrast(root, f"standard: {state}")
        page.screenshot(
            path=str(ARTIFACTS / f"dark-standard-{action}-1280x720.png"), animations="disabled"
        )
    return poor


def standard_table_won(page: Page, nb: Any, root: Locator) -> list[dict[str, Any]]:
    """A won game: the banner on the felt, the discard pile full, and the Statistics panel."""
    page.keyboard.press("Escape")
    nb.execute("g = winnable_game(); win_by_taps(g); standard.game = g")
    expect(root.locator('[data-field="banner"]')).to_be_visible()
    poor = low_contrast(root, "standard: won")
    page.screenshot(path=str(ARTIFACTS / "dark-standard-won-1280x720.png"), animations="disabled")
    root.locator('[data-action="more"]').click()
    root.locator('.pyr-menu [data-action="stats"]').click()
    expect(root.locator('[data-field="stats-panel"]')).to_be_visible()
    page.wait_for_timeout(300)
    poor += low_contrast(root, "standard: Statistics panel")
    return poor
