"""The table plays in marimo (``examples/play_marimo.py``), served by marimo's own server.

``marimo run`` from the environment that has marimo (the documentation site's,
``tests/docs_site.py``) serves the example on 127.0.0.1; Chromium, with every other request
refused, waits for the table, clicks a king and then a pair, and presses the notebook's "Ask
Python" button: the cell that reads ``w.game`` in marimo's kernel shows both moves. marimo draws
a widget inside a shadow root, so this also proves the table's card art reaches it there.
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
from playwright.sync_api import Page, expect

from pyramide_widget import Game

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "examples" / "play_marimo.py"
DEAL = "PY1-N-AAAAAAS"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def marimo_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    python = docs_python()
    has_marimo = python is not None and (
        subprocess.run([python, "-c", "import marimo"], capture_output=True).returncode == 0
    )
    if not has_marimo:
        reason = "no environment with marimo (docs/requirements-site.txt, tests/docs_site.py)"
        if REQUIRED:
            pytest.fail(reason)
        pytest.skip(reason)
    port = _free_port()
    log = tmp_path_factory.mktemp("marimo") / "server.log"
    with log.open("w") as out:
        server = subprocess.Popen(
            [
                str(python),
                "-m",
                "marimo",
                "run",
                str(NOTEBOOK),
                "--headless",
                "--no-token",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
            cwd=log.parent,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(url, timeout=2) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                pass
            if server.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"marimo did not start:\n{log.read_text()[-3000:]}")
            time.sleep(0.3)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=20)


def _king_then_pair(code: str) -> tuple[str, tuple[str, str]]:
    """A free pyramid king and, once it is gone, a pyramid pair of the deal."""
    game = Game.from_code(code)
    for king in game.legal_moves():
        if king.kind.value != "king" or game.place_of(king.cards[0]).pile != "pyramid":
            continue
        game.play(king)
        for pair in game.legal_moves():
            if pair.kind.value == "pair" and all(
                game.place_of(c).pile == "pyramid" for c in pair.cards
            ):
                return str(king.cards[0]), (str(pair.cards[0]), str(pair.cards[1]))
        game.undo()
    raise AssertionError(f"{code} has no free king followed by a pair")


def test_the_table_plays_a_king_and_a_pair_in_marimo_and_python_sees_them(
    page: Page, marimo_url: str
) -> None:
    king, (first, second) = _king_then_pair(DEAL)
    page.goto(marimo_url)
    table = page.locator(".pyr-root").first
    expect(table.locator('[data-field="code"]')).to_contain_text(DEAL, timeout=60_000)
    # The card art is in the widget's own tree: the felt and the cards are drawn.
    felt = table.evaluate("root => getComputedStyle(root).getPropertyValue('--pw-felt')")
    assert felt.strip(), "the table's palette does not reach marimo's shadow root"

    king_card = table.locator(f'.pyr-card[data-card="{king}"]')
    expect(king_card).to_have_attribute("data-free", "true")
    king_card.click()
    expect(table.locator(f'.pyr-card[data-card="{king}"]')).to_have_count(0)
    table.locator(f'.pyr-card[data-card="{first}"]').click()
    expect(table.locator(f'.pyr-card[data-card="{first}"]')).to_have_attribute(
        "data-selected", "true"
    )
    table.locator(f'.pyr-card[data-card="{second}"]').click()
    expect(table.locator(f'.pyr-card[data-card="{second}"]')).to_have_count(0)
    expect(table.locator('[data-field="score"]')).to_contain_text("30")

    page.get_by_role("button", name="Ask Python").click()
    expect(page.get_by_text("Python sees")).to_have_text(
        "Python sees 2 moves and a score of 30.", timeout=30_000
    )
