"""The harness itself works: a tiny inline anywidget, clicked in a real browser,
updates the Python object in the kernel (JupyterLab and Notebook 7)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # playwright is imported lazily so a missing one skips, not errors
    from jupyter_harness import OpenNotebook
    from playwright.sync_api import Page

SMOKE_WIDGET = '''
import anywidget
import traitlets


class Smoke(anywidget.AnyWidget):
    _esm = """
    function render({ model, el }) {
      const button = document.createElement("button");
      button.dataset.testid = "smoke";
      const show = () => { button.textContent = String(model.get("count")); };
      button.addEventListener("click", () => {
        model.set("count", model.get("count") + 1);
        model.save_changes();
      });
      model.on("change:count", show);
      show();
      el.appendChild(button);
    }
    export default { render };
    """
    count = traitlets.Int(0).tag(sync=True)


w = Smoke()
w
'''


def test_click_reaches_kernel(page: Page, open_nb: OpenNotebook) -> None:
    from playwright.sync_api import expect

    nb = open_nb([SMOKE_WIDGET])
    button = page.get_by_test_id("smoke")
    expect(button).to_have_text("0", timeout=30_000)
    button.click()
    expect(button).to_have_text("1")
    button.click()
    expect(button).to_have_text("2")
    assert nb.wait_python("w.count", 2) == 2
    # The kernel runs in the interpreter that runs the tests.
    assert nb.eval_python("__import__('sys').prefix") == sys.prefix
