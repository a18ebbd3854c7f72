"""The documentation site's live widget plays in a real browser, offline.

The built site (``docs/build_site.py``) is served from 127.0.0.1 and every other request is
aborted (the ``page`` fixture); requests made by JupyterLite's service worker, which the page's
routes do not see, are counted on the browser context, and none may leave 127.0.0.1. The test
opens the front page, presses its button, and in the JupyterLite console that opens inside the
page (``pyramide_widget.sphinx``'s live table) it clicks a king and then a pair on the table, and checks that the table and the Python
object in the browser's kernel both changed. The harness is the offline JupyterLite site's
(``test_jupyterlite.py``): its server's MIME types, the plan of a king and a pair, and
:class:`NotebookSession`'s Python evaluation, here over the console's kernel.
"""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from docs_site import docs_site
from jupyter_harness import NotebookSession, requests_off_site
from playwright.sync_api import Frame, Page, expect
from test_jupyterlite import MIME_TYPES, LiteServer, _plan, play_a_king_and_a_pair

__all__ = ["docs_site"]  # the fixture, imported for the tests below

# The console's kernel, found in the JupyterLite application inside the page's frame.
_CONSOLE_KERNEL_JS = """
const consoleKernel = () => {
  const app = window.jupyterapp;
  const widget = app && app.shell ? app.shell.currentWidget : null;
  const context = widget ? widget.sessionContext : null;
  return context && context.session ? context.session.kernel : null;
};
"""


class ConsoleSession(NotebookSession):
    """:class:`NotebookSession`'s waits and Python evaluation over a JupyterLite console's kernel
    (``page`` is the console's frame)."""

    def kernel_state(self) -> dict[str, Any]:
        return dict(
            self.page.evaluate(
                "() => {"
                + _CONSOLE_KERNEL_JS
                + """
  const kernel = consoleKernel();
  return {status: kernel ? kernel.status : null,
          connection: kernel ? kernel.connectionStatus : null};
}"""
            )
        )

    def execute(self, code: str, timeout: float = 30.0) -> str:
        result = self.page.evaluate(
            "async ([code, ms]) => {"
            + _CONSOLE_KERNEL_JS
            + """
  const future = consoleKernel().requestExecute(
    {code, silent: false, store_history: false, allow_stdin: false, stop_on_error: false});
  let stdout = '';
  let error = null;
  future.onIOPub = (msg) => {
    if (msg.header.msg_type === 'stream' && msg.content.name === 'stdout') stdout += msg.content.text;
    if (msg.header.msg_type === 'error') error = msg.content.ename + ': ' + msg.content.evalue;
  };
  const reply = await Promise.race([future.done, new Promise((_, reject) =>
    setTimeout(() => reject(new Error('no answer within ' + ms + ' ms')), ms))]);
  return {status: reply.content.status, stdout, error};
}""",
            [code, int(timeout * 1000)],
        )
        assert result["status"] == "ok" and not result["error"], f"{result['error']}\n{code}"
        return str(result["stdout"])


@pytest.fixture(scope="module")
def docs_server(docs_site: Path) -> Iterator[LiteServer]:
    log: list[str] = []

    class Handler(SimpleHTTPRequestHandler):
        extensions_map = {  # noqa: RUF012 (the handler class's own table, never mutated)
            **SimpleHTTPRequestHandler.extensions_map,
            **MIME_TYPES,
        }

        def log_message(self, format: str, *args: Any) -> None:
            log.append(format % args)

    httpd = ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Handler, directory=str(docs_site))
    )
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield LiteServer(f"http://127.0.0.1:{httpd.server_address[1]}", log)
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=10)


def test_the_front_page_widget_plays_a_king_and_a_pair_offline(
    page: Page, docs_server: LiteServer
) -> None:
    outside = requests_off_site(page.context)
    page.goto(f"{docs_server.url}/index.html", wait_until="domcontentloaded")
    page.get_by_text("Deal a game", exact=True).click()
    frame_element = page.locator("iframe").first
    expect(frame_element).to_be_visible()
    frame = frame_element.element_handle().content_frame()
    assert isinstance(frame, Frame)
    table = frame.locator(".pyr-root").last
    expect(table).to_be_visible(timeout=180_000)  # Pyodide starts, the console runs its code

    console = ConsoleSession(frame, docs_server, "console")  # type: ignore[arg-type]  # a frame
    console.wait_kernel_ready(timeout=60)
    assert console.eval_python("__import__('sys').platform") == "emscripten"
    assert console.eval_python("w.game.code") == "PY1-N-AAAAAAS"

    plan = _plan(console, "w")
    assert plan is not None, "the front page's deal has no free king followed by a pair"
    play_a_king_and_a_pair(console, table, "w", plan)

    assert outside == [], f"the site tried to reach outside 127.0.0.1: {outside[:5]}"


def test_a_games_page_button_starts_only_its_own_table_sized_to_it(
    page: Page, docs_server: LiteServer
) -> None:
    """The games page starts no table until asked; a button starts its own, in a frame that
    fits the table (Six Rows is shorter than the standard table)."""
    page.goto(f"{docs_server.url}/guides/games.html", wait_until="domcontentloaded")
    frames = page.locator(".pyramide-frame")
    assert frames.count() >= 15
    assert page.locator(".pyramide-frame[src]").count() == 0
    container = page.locator('.pyramide-table[data-deal="PY1-W-AAAAAAS"]')
    poster = container.locator(".pyramide-poster svg")
    expect(poster).to_be_visible()
    container.get_by_role("button", name="Play Six Rows").click()
    expect(poster).to_be_hidden()
    assert page.locator(".pyramide-frame[src]").count() == 1
    frame_element = container.locator(".pyramide-frame")
    frame = frame_element.element_handle().content_frame()
    assert isinstance(frame, Frame)
    table = frame.locator(".pyr-root").last
    expect(table.locator('[data-field="code"]')).to_contain_text("PY1-W-AAAAAAS", timeout=180_000)
    expect(container).to_have_class(re.compile(r"\bpyramide-ready\b"))
    frame_box, table_box = frame_element.bounding_box(), table.bounding_box()
    assert frame_box is not None and table_box is not None
    bottom_gap = frame_box["y"] + frame_box["height"] - (table_box["y"] + table_box["height"])
    assert 0 <= bottom_gap <= 40, (frame_box, table_box)
