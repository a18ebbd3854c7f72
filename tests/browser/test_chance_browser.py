"""The chance to win in real JupyterLab at 1280x720, in the light and the dark theme.

``PY1-R-BBAAAAB`` (Relaxed Pyramid: one pass) can be won, but its first move ``3♥+10♣`` loses
it (``tests/test_analysis_review.py``). The test turns the chance indicator on in the Options
panel (it is off at first), sees the kernel's number for the deal, clicks that pair and sees the
indicator measure again and show the number of the new position; plays the game out from
Python and sees "0% (lost)"; then opens the Analysis and finds the chance over the game drawn
under the verdict, its costliest move marked, with boxes checked as a player would look: the
graph inside the panel and the panel on the felt, every label of the graph inside it and none
over another.

Screenshots go to ``test-artifacts/chance-<theme>-*.png``, to be looked at.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jupyter_harness import JupyterServer, open_notebook, start_jupyter_server, stop_jupyter_server
from playwright.sync_api import Locator, Page, expect

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("PYRAMIDE_TEST_ARTIFACTS", REPO / "test-artifacts"))
THEME_SETTINGS = "lab/user-settings/@jupyterlab/apputils-extension/themes.jupyterlab-settings"
THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}
LAPTOP = {"width": 1280, "height": 720}

CELLS = [
    "from pyramide_widget import PyramideWidget\nw = PyramideWidget('PY1-R-BBAAAAB', stats=False)",
    "w",
]

PLAY_OUT = """
game = w.game
while not game.is_over:
    moves = game.legal_moves()
    game.play(next((m for m in moves if m.cards), moves[0]))
"""

# The indicator's text as the front end writes it (Math.round: halves up), from w.chance, with
# the layouts left undecided beside it when there are any.
SHOWN = (
    "(lambda c, p: None if c is None else '0% (lost)' if c['final'] and c['rate'] == 0 "
    "else (f\"{p(c['rate'])}%\" if c['exact'] else "
    "f\"{p(c['rate'])}% ({p(c['low'])}–{p(c['high'])}%)\") "
    "+ (f\", {c['undecided']} of {c['layouts']} layouts undecided\" if c['undecided'] else ''))"
    "(w.chance, lambda s: int(s * 100 + 0.5))"
)


def percent(share: float) -> int:
    """A share as the front end writes it (Math.round: halves up)."""
    return int(share * 100 + 0.5)


# Records every state the indicator passes through, with the moves shown at that time.
WATCH_JS = """
(root) => {
  const box = root.querySelector('[data-field="chance-box"]');
  const moves = root.querySelector('[data-field="moves"]');
  root.seenChance = [];
  new MutationObserver(() => root.seenChance.push({
    state: box.dataset.state || null, text: box.querySelector('[data-field="chance"]').textContent,
    moves: moves.textContent,
  })).observe(box, { attributes: true, subtree: true, characterData: true, childList: true });
}
"""

# The boxes of every text of the graph, and of the graph itself.
LABELS_JS = """
(svg) => [...svg.querySelectorAll('text')].map((t) => {
  const r = t.getBoundingClientRect();
  return {text: t.textContent, x: r.x, y: r.y, width: r.width, height: r.height};
})
"""


@pytest.fixture(scope="module", params=list(THEMES))
def themed_lab(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[str, JupyterServer]]:
    """A JupyterLab server whose user setting is the light or the dark theme."""
    theme = request.param
    base = tmp_path_factory.mktemp(f"chance-{theme}")
    settings = base / "config" / THEME_SETTINGS
    settings.parent.mkdir(parents=True)
    settings.write_text(json.dumps({"theme": THEMES[theme]}))
    server = start_jupyter_server("lab", base)
    try:
        yield theme, server
    finally:
        stop_jupyter_server(server)


def field(root: Locator, name: str) -> Locator:
    return root.locator(f'[data-field="{name}"]')


def card(root: Locator, name: str) -> Locator:
    return root.locator(f'.pyr-pyramid [data-card="{name}"]')


def inside(inner: dict[str, float], outer: dict[str, float], slack: float = 0.5) -> bool:
    return (
        outer["x"] - slack <= inner["x"]
        and outer["y"] - slack <= inner["y"]
        and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + slack
        and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + slack
    )


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


def shoot(page: Page, target: Locator, name: str) -> None:
    """Bring ``target`` into view and save a 1280x720 screenshot."""
    target.scroll_into_view_if_needed()
    page.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )
    page.screenshot(path=str(ARTIFACTS / f"chance-{name}-1280x720.png"), animations="disabled")


def test_the_chance_from_here_follows_the_game_and_the_analysis_draws_it_over_the_game(
    page: Page, themed_lab: tuple[str, JupyterServer], request: Any
) -> None:
    theme, server = themed_lab
    page.set_viewport_size(LAPTOP)
    nb = open_notebook(page, server, CELLS, name=request.node.name)
    expect(page.locator("body")).to_have_attribute(
        "data-jp-theme-light", "true" if theme == "light" else "false", timeout=30_000
    )
    root = page.locator(".pyr-root")
    expect(root.locator(".pyr-pyramid [data-card]")).to_have_count(28, timeout=30_000)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    box, value = field(root, "chance-box"), field(root, "chance")

    # Off at first: nothing tells the player how they stand. On from the Options panel.
    expect(box).to_be_hidden()
    root.locator('[data-action="more"]').click()
    root.locator('[data-action="options"]').click()
    option = root.locator('[data-option="show_chance"]')
    expect(option).not_to_be_checked()
    option.check()
    assert nb.wait_python("w.show_chance", True)
    expect(box).to_have_attribute("data-state", "measured", timeout=30_000)
    at_deal = nb.wait_python(SHOWN, lambda shown: shown is not None)
    expect(value).to_have_text(at_deal)
    root.locator('[data-action="more"]').click()
    root.locator('[data-action="options"]').click()  # again: the panel closes
    expect(option).to_be_hidden()
    shoot(page, root.locator(".pyr-status"), f"{theme}-indicator-deal")

    # A move: the indicator measures again and shows the new position's number.
    root.evaluate(WATCH_JS)
    card(root, "3♥").click()
    card(root, "10♣").click()
    expect(card(root, "3♥")).to_have_count(0)
    assert nb.wait_python("[str(m) for m in w.game.history]", ["3♥+10♣"])
    after = nb.wait_python(SHOWN, lambda shown: shown is not None, timeout=30)
    expect(value).to_have_text(after)
    seen = root.evaluate("(root) => root.seenChance")
    states = [s["state"] for s in seen if s["moves"] == "1"]
    assert "working" in states and states[-1] == "measured", seen
    assert all(s["text"] in (at_deal, "measuring…") for s in seen if s["moves"] == "0"), seen
    stale = [s for s in seen if s["moves"] == "1" and s["state"] == "measured"]
    assert all(s["text"] == after for s in stale), f"a stale number was shown: {seen}"
    shoot(page, root.locator(".pyr-status"), f"{theme}-indicator-after-move")

    # The end: the certain 0%, without a search.
    nb.execute(PLAY_OUT)
    expect(field(root, "banner")).to_have_attribute("data-status", "no_moves")
    expect(box).to_have_attribute("data-state", "final")
    expect(value).to_have_text("0% (lost)")

    # The Analysis: the losing move, then the chance over the game with its costliest move.
    root.locator('.pyr-toolbar [data-action="analysis"]').click()
    panel = field(root, "analysis-panel")
    expect(field(root, "analysis-verdict")).to_have_attribute("data-kind", "losing", timeout=60_000)
    figure = field(root, "analysis-chance")
    expect(figure).to_have_attribute("data-state", "done", timeout=120_000)
    review = nb.eval_python("w._state['chance_review']")
    mark = review["costliest"]
    assert mark is not None and mark["index"] == nb.eval_python("w.chance_review.costliest")
    graph = field(root, "chance-graph")
    expect(graph.locator(".pyr-chance-line")).to_be_visible()
    marked = graph.locator('[data-field="chance-costliest"]')
    expect(marked).to_have_attribute("data-index", str(mark["index"]))
    said = field(root, "analysis-costliest")
    expect(said).to_have_text(
        f"Costliest move: move {mark['index']}, {mark['action']}: chance "
        f"{percent(mark['before'])}% → {percent(mark['after'])}%. Better: {mark['better']}"
    )
    # As a player looks at it: the panel on the felt, the graph inside the panel, every label
    # of the graph inside it and none over another, the mark inside the plot.
    graph.scroll_into_view_if_needed()
    stage, frame = root.locator(".pyr-stage").bounding_box(), panel.bounding_box()
    drawn, circle = graph.bounding_box(), marked.locator("circle").bounding_box()
    assert inside(frame, stage), (frame, stage)
    assert inside(drawn, frame), (drawn, frame)
    assert drawn["width"] > 300 and drawn["height"] > 80, drawn
    assert inside(circle, drawn), (circle, drawn)
    labels = graph.evaluate(LABELS_JS)
    assert len(labels) >= 6, labels
    for i, label in enumerate(labels):
        assert label["height"] >= 9, f"too small to read: {label}"
        assert inside(label, drawn, slack=2), (label, drawn)
        for other in labels[i + 1 :]:
            assert not overlap(label, other), (label, other)
    shoot(page, panel, f"{theme}-analysis-graph")
