"""The guide's recipe for any other static site gives a table that plays, offline.

As a reader of "Any other static site" in ``docs/guides/jupyterlite.md`` would: the guide's
command ``python -m pyramide_widget lite site/lite`` (in the environment with the lite extra,
``tests/docs_site.py``), a plain HTML page beside it holding exactly the guide's ``<iframe>``,
and the guide's own server (``python -m http.server -d site``, bound to 127.0.0.1). Chromium
refuses every other request and counts them on the browser context (service workers included):
none. The whole table shows inside the frame, and it plays a king and a pair that the browser's
Python sees.
"""

from __future__ import annotations

import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from docs_site import REQUIRED, docs_python
from jupyter_harness import requests_off_site
from playwright.sync_api import Frame, Locator, Page, expect
from sphinx_recipe import static_site_recipe
from test_docs_site_browser import ConsoleSession
from test_jupyterlite import LiteServer, _plan, play_a_king_and_a_pair

PAGE = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>A game</title></head>
<body>
<h1>A game</h1>
{iframe}</body>
</html>
"""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def static_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The guide's site, built and served by its commands; yields its address."""
    python = docs_python()
    if python is None:
        reason = "no environment with the lite extra's tools (see tests/docs_site.py)"
        if REQUIRED:
            pytest.fail(reason)
        pytest.skip(reason)
    steps = static_site_recipe()
    (build, server) = steps.commands
    assert build[:4] == ["python", "-m", "pyramide_widget", "lite"], build
    assert server[:3] == ["python", "-m", "http.server"], server
    folder = tmp_path_factory.mktemp("static")
    result = subprocess.run([python, *build[1:]], cwd=folder, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-4000:]
    site = folder / server[server.index("-d") + 1]
    assert (site / Path(build[-1]).name / "repl" / "index.html").is_file()
    (site / "index.html").write_text(PAGE.format(iframe=steps.iframe), encoding="utf-8")

    port = _free_port()
    command = [python, *server[1:], "--bind", "127.0.0.1", str(port)]
    process = subprocess.Popen(
        command, cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"{url}/index.html", timeout=2).close()
                break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise
                time.sleep(0.2)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)


def _wait_table_inside(frame_element: Locator, table: Locator, width: int) -> None:
    """The frame spans the page's width up to the guide's 800 px and holds the whole table
    (its layout may take a moment to follow a new width)."""
    deadline = time.monotonic() + 10
    while True:
        frame_box, table_box = frame_element.bounding_box(), table.bounding_box()
        assert frame_box is not None and table_box is not None
        inside = (
            frame_box["width"] >= min(width - 16, 800)
            and table_box["y"] >= frame_box["y"]
            and table_box["x"] >= frame_box["x"]
            and table_box["y"] + table_box["height"] <= frame_box["y"] + frame_box["height"]
            and table_box["x"] + table_box["width"] <= frame_box["x"] + frame_box["width"]
        )
        if inside:
            return
        assert time.monotonic() < deadline, (width, frame_box, table_box)
        time.sleep(0.2)


def test_the_guide_iframe_in_a_plain_page_shows_a_whole_table_that_plays_a_pair_offline(
    page: Page, static_site: str, tmp_path: Path
) -> None:
    outside = requests_off_site(page.context)
    page.goto(f"{static_site}/index.html", wait_until="domcontentloaded")
    frame_element = page.locator("iframe").first
    expect(frame_element).to_be_visible()
    frame = frame_element.element_handle().content_frame()
    assert isinstance(frame, Frame)
    table = frame.locator(".pyr-root").last
    expect(table.locator('.pyr-card[data-free="true"]').first).to_be_visible(timeout=180_000)

    # The whole table shows inside the frame, on a wide page, a column and a phone alike.
    for width in (1280, 800, 480):
        page.set_viewport_size({"width": width, "height": 900})
        _wait_table_inside(frame_element, table, width)

    console = ConsoleSession(frame, LiteServer(static_site), "console")  # type: ignore[arg-type]
    console.wait_kernel_ready(timeout=60)
    assert console.eval_python("w.game.code") == "PY1-N-AAAAAAS"
    plan = _plan(console, "w")
    assert plan is not None
    play_a_king_and_a_pair(console, table, "w", plan)
    page.screenshot(path=str(tmp_path / "iframe_recipe.png"))
    print(f"screenshot: {tmp_path / 'iframe_recipe.png'}")
    assert outside == [], f"the page tried to reach outside 127.0.0.1: {outside[:5]}"
