"""The documentation site's JupyterLite (``lite/``, built by ``pyramide_widget.sphinx`` with the
example notebooks) plays a game in a real browser.

The built site is served from 127.0.0.1 by a stdlib HTTP server and every request to anywhere
else is aborted (the ``page`` fixture), so this proves the site is fully offline: Pyodide, its
wheels, pyramide-widget and the widget front end all come from the site. The test opens
``play.ipynb``, runs it, clicks a king and then a pair on the table, and checks that both the
table and the Python object changed. It also runs the two analysis notebooks top to bottom and
checks that each of their charts is drawn by the site's Vega-Lite renderer, with a mark per row
of the chart's data (there is no matplotlib in the site: the charts are Vega-Lite specs).

The site is the documentation site's (the ``docs_site`` fixture, ``tests/docs_site.py``).
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from docs_site import docs_site
from jupyter_harness import NotebookSession
from playwright.sync_api import Locator, Page, expect
from test_chart_legibility import chart_problems
from test_charts import chart_marks

__all__ = ["docs_site"]  # the fixture, imported for the tests below

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = "play.ipynb"
# Every example notebook and the number of charts it draws (play.ipynb: the game, no chart; the
# lesson is run, clicked and measured by test_lesson_offline.py).
CHARTS: dict[str, int | None] = {
    "play.ipynb": 0,
    "replay_and_score_curves.ipynb": 1,
    "probability_for_programmers.ipynb": 3,
    "probability_lesson.ipynb": None,
}
FALLBACK_CODE = "PY1-N-AAAAAAS"  # a free king (K♣) and, after it, a pyramid pair (2♠+J♥)

# The MIME types a browser insists on: WebAssembly streaming compilation needs
# application/wasm, module workers need a JavaScript type for .mjs.
MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".whl": "application/octet-stream",
    ".zip": "application/zip",
    ".ipynb": "application/json",
}


@pytest.fixture(scope="session")
def lite_site(docs_site: Path) -> Path:
    """The documentation site's JupyterLite, with the example notebooks."""
    return docs_site / "lite"


@dataclass
class LiteServer:
    """The static site on a free 127.0.0.1 port; ``log_tail`` for the harness's messages."""

    url: str
    requests: list[str] = field(default_factory=list)

    def log_tail(self, chars: int = 4000) -> str:
        return "\n".join(self.requests)[-chars:]


@pytest.fixture(scope="session")
def lite_server(lite_site: Path) -> Iterator[LiteServer]:
    log: list[str] = []

    class Handler(SimpleHTTPRequestHandler):
        extensions_map = {  # noqa: RUF012 (the handler class's own table, never mutated)
            **SimpleHTTPRequestHandler.extensions_map,
            **MIME_TYPES,
        }

        def log_message(self, format: str, *args: Any) -> None:
            log.append(format % args)

    httpd = ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Handler, directory=str(lite_site))
    )
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield LiteServer(f"http://127.0.0.1:{httpd.server_address[1]}", log)
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=10)


def open_lite_notebook(
    page: Page, server: LiteServer, path: str, timeout: float = 120.0
) -> NotebookSession:
    page.goto(f"{server.url}/lab/index.html?path={path}", wait_until="domcontentloaded")
    page.wait_for_function(
        "() => !!(window.jupyterapp && window.jupyterapp.shell)", timeout=timeout * 1000
    )
    session = NotebookSession(page, server, path)  # type: ignore[arg-type]  # duck-typed server
    session.wait_kernel_ready(timeout=timeout)
    return session


FIND_WIDGET = (
    "[n for n, v in globals().items() if not n.startswith('_') "
    "and type(v).__name__ == 'PyramideWidget'][-1]"
)


def test_play_notebook_runs_offline_and_clicks_reach_python(
    page: Page, lite_server: LiteServer
) -> None:
    outside: list[str] = []
    page.on(
        "request",
        lambda r: (
            outside.append(r.url)
            if not r.url.startswith(lite_server.url) and not r.url.startswith(("data:", "blob:"))
            else None
        ),
    )

    nb = open_lite_notebook(page, lite_server, NOTEBOOK)
    nb.run_all(timeout=180)
    name = nb.eval_python(FIND_WIDGET)
    assert (
        nb.eval_python("__import__('sys').platform") == "emscripten"
    )  # really the browser's Python
    table = page.locator(".pyr-root").last
    expect(table).to_be_visible(timeout=60_000)

    # A free pyramid king and, once it is gone, a pyramid pair: from the notebook's own deal if
    # it has them, else from a known deal dealt from Python (which the table must then show).
    plan = _plan(nb, name)
    if plan is None:
        nb.execute(f"{name}.new_game({FALLBACK_CODE!r})")
        expect(table.locator('[data-field="code"]')).to_contain_text(FALLBACK_CODE)
        plan = _plan(nb, name)
    assert plan is not None, "no free king followed by a pyramid pair in the fallback deal"
    play_a_king_and_a_pair(nb, table, name, plan)

    # Statistics work in the browser's Python too (sqlite3 on Pyodide's in-memory file system).
    played = nb.eval_python(
        f"(lambda s: [s.record_game({name}.game, abandoned=True) is not None, s.totals().played])"
        "(__import__('pyramide_widget.analysis.statistics', fromlist=['StatsStore']).StatsStore('/tmp/lite-stats.sqlite3'))"
    )
    assert played == [True, 1]

    assert outside == [], f"the site tried to reach outside 127.0.0.1: {outside[:5]}"


def test_every_example_notebook_is_in_the_site_and_in_this_test(lite_site: Path) -> None:
    assert sorted(p.name for p in (ROOT / "examples").glob("*.ipynb")) == sorted(CHARTS)
    assert sorted(p.name for p in (lite_site / "files").glob("*.ipynb")) == sorted(CHARTS)


@pytest.mark.parametrize("notebook", [name for name, charts in CHARTS.items() if charts])
def test_analysis_notebook_runs_offline_and_draws_its_charts(
    page: Page, lite_server: LiteServer, notebook: str
) -> None:
    outside: list[str] = []
    page.on(
        "request",
        lambda r: (
            outside.append(r.url)
            if not r.url.startswith(lite_server.url) and not r.url.startswith(("data:", "blob:"))
            else None
        ),
    )

    nb = open_lite_notebook(page, lite_server, notebook)
    nb.run_all(timeout=300)  # raises with the traceback if a cell fails
    assert nb.eval_python("__import__('sys').platform") == "emscripten"
    assert nb.eval_python("'matplotlib' in __import__('sys').modules") is False  # drawn without it

    # The charts are the values of their cells, kept in IPython's Out in cell order.
    rows = nb.eval_python("[v.data for _, v in sorted(Out.items()) if type(v).__name__ == 'Chart']")
    assert len(rows) == CHARTS[notebook]
    for data, marks in zip(rows, chart_marks(page, CHARTS[notebook], timeout=120), strict=True):
        assert data, f"a chart of {notebook} has no data"
        # The most numerous mark has one item per row: a point per step or rate, a bar per count.
        assert max(marks.values()) == len(data), (notebook, marks, len(data))
    assert chart_problems(page) == [[]] * len(rows)  # legible: test_chart_legibility.py
    assert outside == [], f"the site tried to reach outside 127.0.0.1: {outside[:5]}"


def _plan(nb: NotebookSession, name: str) -> tuple[str, tuple[str, str]] | None:
    """The king and pair to click in the widget's current game, or ``None``."""
    code = """
def _pyramide_plan(game):
    from pyramide_widget import Game
    probe = Game.replay(game.record(), clock=lambda: 0.0)
    for king in probe.legal_moves():
        if king.kind.value != 'king' or probe.place_of(king.cards[0]).pile != 'pyramid':
            continue
        probe.play(king)
        for pair in probe.legal_moves():
            if pair.kind.value == 'pair' and all(probe.place_of(c).pile == 'pyramid' for c in pair.cards):
                return [str(king.cards[0]), [str(c) for c in pair.cards]]
        probe.undo()
    return None
"""
    nb.execute(code)
    plan = nb.eval_python(f"_pyramide_plan({name}.game)")
    return None if plan is None else (plan[0], (plan[1][0], plan[1][1]))


def play_a_king_and_a_pair(
    session: NotebookSession, table: Locator, name: str, plan: tuple[str, tuple[str, str]]
) -> None:
    """Tap ``plan``'s free king, then its pair, on ``table``; the cards go, and the kernel's game
    ``name`` and the score on the table follow (10 points, then 20)."""
    king, (first, second) = plan
    before = session.eval_python(f"[{name}.game.moves, {name}.game.score]")
    king_card = table.locator(f'.pyr-card[data-card="{king}"]')
    expect(king_card).to_have_attribute("data-free", "true")
    king_card.click()
    expect(table.locator(f'.pyr-card[data-card="{king}"]')).to_have_count(0)
    session.wait_python(f"[{name}.game.moves, {name}.game.score]", [before[0] + 1, before[1] + 10])
    table.locator(f'.pyr-card[data-card="{first}"]').click()
    expect(table.locator(f'.pyr-card[data-card="{first}"]')).to_have_attribute(
        "data-selected", "true"
    )
    table.locator(f'.pyr-card[data-card="{second}"]').click()
    expect(table.locator(f'.pyr-card[data-card="{first}"]')).to_have_count(0)
    expect(table.locator(f'.pyr-card[data-card="{second}"]')).to_have_count(0)
    session.wait_python(f"[{name}.game.moves, {name}.game.score]", [before[0] + 2, before[1] + 30])
    history = session.eval_python(f"[str(m) for m in {name}.game.history][-2:]")
    assert history[0] == king and set(history[1].split("+")) == {first, second}
    expect(table.locator('[data-field="score"]')).to_contain_text(str(before[1] + 30))


# A cell of its own for the play notebook's widget, at the end, run: the widget shown as a player
# shows it, under one line of code.
SHOW_AGAIN_JS = """
async () => {
  const app = window.jupyterapp;
  const panel = app.shell.currentWidget;
  const notebook = panel.content;
  notebook.activeCellIndex = notebook.widgets.length - 1;
  await app.commands.execute('notebook:insert-cell-below');
  notebook.activeCell.model.sharedModel.setSource('w');
  await app.commands.execute('notebook:run-cell');
}
"""


@pytest.mark.parametrize("size", ["1280x720", "1920x1080"])
def test_every_game_keeps_one_size_in_the_offline_site(
    page: Page, lite_server: LiteServer, size: str
) -> None:
    """The gallery's measurements (tests/browser/test_gallery_browser.py) in the offline site:
    every preset dealt in turn from the browser's Python, with the file browser open."""
    from test_gallery_browser import SIZES, every_game

    page.emulate_media(reduced_motion="reduce")
    page.set_viewport_size(SIZES[size])
    nb = open_lite_notebook(page, lite_server, NOTEBOOK)
    nb.run_all(timeout=180)
    assert nb.eval_python(FIND_WIDGET) == "w"
    page.evaluate("() => window.jupyterapp.commands.execute('filebrowser:activate')")
    page.evaluate(SHOW_AGAIN_JS)
    root = page.locator(".pyr-root").last
    expect(page.locator(".pyr-root")).to_have_count(2, timeout=60_000)
    expect(root.locator(".pyr-pyramid [data-card]").first).to_be_visible(timeout=60_000)
    problems = every_game(page, nb, root, f"lite {size}")
    assert problems == [], "\n".join(problems)
