"""Escape and the felt in a real JupyterLab and Notebook 7, with the keyboard focus on the widget: Escape clears
a selection, then closes the open panel (Options too), and the notebook does not take it as its
own (JupyterLab's Escape leaves a cell's editor for command mode); with nothing of the table's
to clear, Escape changes nothing. A click on the bare felt closes Options. Measured in Debian's Chromium; screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Locator, Page, expect
from test_layout import ARTIFACTS, open_at_laptop_size, tap

# Where the keyboard focus is: in the widget, on which element, and the notebook's mode.
FOCUS_JS = """
(root) => ({
  inWidget: root.contains(document.activeElement),
  on: document.activeElement.dataset.card || document.activeElement.dataset.action
    || document.activeElement.dataset.option || document.activeElement.className,
  mode: window.jupyterapp.shell.currentWidget.content.mode,
})
"""


def focus(root: Locator) -> dict[str, Any]:
    return dict(root.evaluate(FOCUS_JS))


def open_options(root: Locator) -> Locator:
    root.locator('[data-action="more"]').click()
    root.locator('[data-action="options"]').click()
    options = root.locator(".pyr-options")
    expect(options).to_be_visible()
    return options


def test_escape_clears_then_closes_and_stays_the_widget_s(
    page: Page, open_nb: Any, jupyter_app: Any
) -> None:
    app = jupyter_app.app
    sessions: list[Any] = []
    root = open_at_laptop_size(page, lambda cells: sessions.append(open_nb(cells)), app)
    nb = sessions[0]
    five = root.locator('[data-card="5♦"]')

    # A selected card, the focus on it: Escape deselects it, in Python too, and the focus stays.
    tap(page, five)
    expect(five).to_have_attribute("data-selected", "true")
    assert focus(root)["on"] == "5♦"
    mode = focus(root)["mode"]
    page.keyboard.press("Escape")
    expect(five).to_have_attribute("data-selected", "false")
    assert nb.wait_python("w.game.selected is None", True)
    assert focus(root) == {"inWidget": True, "on": "5♦", "mode": mode}, "the notebook took it"
    page.keyboard.press("ArrowRight")
    expect(root.locator('[data-card="K♣"]')).to_be_focused()  # the arrow keys still play

    # A selection and Options open: the selection first, then Options; the focus comes back.
    tap(page, five)
    expect(five).to_have_attribute("data-selected", "true")
    options = open_options(root)
    page.keyboard.press("Escape")
    expect(five).to_have_attribute("data-selected", "false")
    expect(options).to_be_visible()
    page.screenshot(path=str(ARTIFACTS / f"keys-{app}-escape-options.png"))
    page.keyboard.press("Escape")
    expect(options).to_be_hidden()
    assert focus(root) == {"inWidget": True, "on": "more", "mode": mode}, "the notebook took it"

    # A click on the bare felt closes Options (the felt left of the pyramid's bottom row).
    open_options(root)
    felt = root.locator(".pyr-stage").bounding_box()
    assert felt is not None
    page.mouse.click(felt["x"] + 20, felt["y"] + felt["height"] - 20)
    expect(options).to_be_hidden()

    # Nothing of the table's to clear or close: Escape changes nothing (the notebook, in command
    # mode while the focus is in an output, has nothing to do with it either).
    tap(page, root.locator('[data-card="K♣"]'))
    assert nb.wait_python("[str(m) for m in w.game.history]", ["K♣"])
    before = focus(root)
    page.keyboard.press("Escape")
    page.keyboard.press("Escape")
    assert focus(root) == before and before["inWidget"] and before["mode"] == "command", before
    assert nb.eval_python("[str(m) for m in w.game.history]") == ["K♣"]
    expect(root.locator(".pyr-panel:visible")).to_have_count(0)
