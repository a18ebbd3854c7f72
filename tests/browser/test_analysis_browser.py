"""Post-game analysis and background solver work in real JupyterLab.

* ``PY1-R-BBAAAAB`` (Relaxed Pyramid: one pass, only the pyramid to clear) can be won, but its
  first move ``3♥+10♣`` loses it (``tests/test_analysis_review.py`` proves both with the
  solver). The test clicks that pair, plays the game out from Python, opens the Analysis from
  the end banner, sees its progress and then the losing move marked with the solver's better
  one, opens the replay at that step (the better move's cards highlighted, the step bar's mark)
  and steps onto the losing move.
* ``PY1-T-AAAAAAS`` (Traditional): its Hint searches the whole hint budget (seconds with the
  pure-Python search, which the notebook asks for: the compiled one answers at once). While it
  searches, the progress line says so and the Hint button is disabled, and a click on the stock
  draws at once: the kernel is not frozen. The hint, asked for the position before the draw,
  is then dropped.

Screenshots at 1280x720 go to ``test-artifacts/analysis-*.png``, to be looked at.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("PYRAMIDE_TEST_ARTIFACTS", REPO / "test-artifacts"))
LAPTOP = {"width": 1280, "height": 720}

CELLS = [
    "import os\n"
    "os.environ['PYRAMIDE_SOLVER'] = 'python'  # the slow case: the compiled search would answer at once\n"
    "from pyramide_widget import PyramideWidget\n"
    "lost = PyramideWidget('PY1-R-BBAAAAB', stats=False)\n"
    # A deal whose pure-Python hint takes seconds, so a draw is answered while it searches.
    "slow = PyramideWidget('PY1-T-HVBZQXZ', stats=False)",
    "lost",
    "slow",
]

PLAY_OUT = """
game = lost.game
while not game.is_over:
    moves = game.legal_moves()
    game.play(next((m for m in moves if m.cards), moves[0]))
"""

# Records every change of the progress line's attributes, with the moves shown at that time.
WATCH_PROGRESS_JS = """
(root) => {
  const progress = root.querySelector('[data-field="progress"]');
  const moves = root.querySelector('[data-field="moves"]');
  root.seenProgress = [];
  new MutationObserver(() => root.seenProgress.push({
    hidden: progress.hidden, task: progress.dataset.task || null, moves: moves.textContent,
  })).observe(progress, { attributes: true });
}
"""


def field(root: Locator, name: str) -> Locator:
    return root.locator(f'[data-field="{name}"]')


def card(root: Locator, name: str) -> Locator:
    return root.locator(f'.pyr-pyramid [data-card="{name}"]')


def board_in_root(root: Locator) -> list[float]:
    """The board's box in the table's own frame (the notebook may scroll meanwhile)."""
    return list(
        root.evaluate(
            "(root) => { const a = root.getBoundingClientRect(), b = root.querySelector('.pyr-board').getBoundingClientRect();"
            " return [b.left - a.left, b.top - a.top, b.width, b.height]; }"
        )
    )


def assert_panel_over_the_felt(root: Locator, board: list[float]) -> None:
    """The Analysis panel lies on the felt, the table keeps its box, and the end is said once:
    by the banner above the table, not by the status line's message as well."""
    stage = root.locator(".pyr-stage").bounding_box()
    box = field(root, "analysis-panel").bounding_box()
    assert stage["y"] <= box["y"] and box["y"] + box["height"] <= stage["y"] + stage["height"] + 0.5
    assert board_in_root(root) == board, "the panel moved the table"
    expect(field(root, "banner")).to_be_visible()
    expect(field(root, "message")).to_have_text("")


def assert_one_row(bar: Locator) -> None:
    """Every visible element of ``bar`` (its controls, a banner's title and buttons) on one row:
    their vertical middles within a few pixels of each other."""
    middles = bar.evaluate(
        """(bar) => [...bar.querySelectorAll(':scope > *, :scope > .pyr-banner-buttons > *')]
             .filter((e) => e.getClientRects().length && !e.classList.contains('pyr-banner-buttons'))
             .map((e) => { const r = e.getBoundingClientRect(); return [e.dataset.action || e.className, r.top + r.height / 2]; })"""
    )
    assert len(middles) >= 2, middles
    spread = max(m for _, m in middles) - min(m for _, m in middles)
    assert spread < 6, f"not on one row: {middles}"


def shoot(page: Page, target: Locator, name: str) -> None:
    """Bring ``target`` into view and save a 1280x720 screenshot."""
    target.scroll_into_view_if_needed()
    page.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )
    page.screenshot(path=str(ARTIFACTS / f"analysis-{name}-1280x720.png"), animations="disabled")


@pytest.mark.parametrize("jupyter_app", ["lab"], indirect=True)
def test_a_lost_game_shows_its_losing_move_and_the_replay_marks_it(
    page: Page, open_nb: Any, jupyter_app: Any
) -> None:
    page.set_viewport_size(LAPTOP)
    nb = open_nb(CELLS)
    root = page.locator(".pyr-root").nth(0)
    expect(root.locator(".pyr-pyramid [data-card]")).to_have_count(28, timeout=30_000)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    expect(
        root.locator('.pyr-toolbar [data-action="analysis"]')
    ).to_be_hidden()  # not while playing

    # The losing move, clicked; then the game played out from Python to its end (R18).
    card(root, "3♥").click()
    expect(card(root, "3♥")).to_have_attribute("data-selected", "true")
    card(root, "10♣").click()
    expect(card(root, "3♥")).to_have_count(0)
    assert nb.wait_python("[str(m) for m in lost.game.history]", ["3♥+10♣"])
    nb.execute(PLAY_OUT)
    banner = field(root, "banner")
    expect(banner).to_have_attribute("data-status", "no_moves")
    # Draw against the waste (these rules): the card beneath the top may be played; it lies on
    # the pile's place, beside the stock, and the top a step to its right, away from the stock.
    waste = root.locator('[data-pile="waste"] .pyr-card')
    expect(waste).to_have_count(2)
    page.evaluate(
        "() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)))"
    )
    under, top = waste.nth(0).bounding_box(), waste.nth(1).bounding_box()
    place = root.locator('[data-pile="waste"] .pyr-slot-place').bounding_box()
    assert abs(under["x"] - place["x"]) < 1 and top["x"] > under["x"] + 10, (under, top, place)
    waste.nth(1).scroll_into_view_if_needed()
    hit = waste.nth(1).evaluate(
        "(el) => { const r = el.getBoundingClientRect();"
        " const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);"
        " return at && (el.contains(at) ? 'top' : at.outerHTML.slice(0, 120)); }"
    )
    assert hit == "top", f"the top card is drawn over the card beneath it; found {hit}"

    # The Analysis, from the toolbar: its progress, then what the kernel found.
    root.evaluate(WATCH_PROGRESS_JS)
    board = board_in_root(root)
    root.locator('.pyr-toolbar [data-action="analysis"]').click()
    panel = field(root, "analysis-panel")
    expect(panel).to_be_visible()
    verdict = field(root, "analysis-verdict")
    expect(verdict).to_have_attribute("data-kind", "losing", timeout=60_000)
    better = nb.eval_python("str(lost.analysis.better_move)")
    assert nb.eval_python("lost.analysis.losing_move") == 1
    expect(verdict).to_have_text(f"First losing move: move 1, 3♥+10♣. Better: {better}")
    expect(field(root, "analysis-best")).to_have_text("Best possible: this deal can be won")
    removed = nb.eval_python("28 - lost.game.pyramid_left")
    expect(field(root, "analysis-yours")).to_have_text(
        f"Your result: {removed} of 28 pyramid cards removed"
    )
    expect(field(root, "analysis-note")).to_contain_text("perfect information")
    seen = root.evaluate("(root) => root.seenProgress")
    assert {"hidden": False, "task": "analysis"} in [
        {"hidden": s["hidden"], "task": s["task"]} for s in seen
    ], seen
    expect(field(root, "progress")).to_be_hidden()
    assert_panel_over_the_felt(root, board)
    shoot(page, panel, "panel")
    root.locator('[data-action="analysis-close"]').click()
    expect(panel).to_be_hidden()
    box, on = banner.bounding_box(), root.locator(".pyr-board").bounding_box()
    assert box["y"] + box["height"] <= on["y"] + 0.5, "the end said right above the table"
    root.locator('.pyr-toolbar [data-action="analysis"]').click()
    expect(panel).to_be_visible()
    assert_panel_over_the_felt(root, board)
    shoot(page, panel, "panel-again")

    # In the replay: the better move highlighted at the step before the losing one.
    root.locator('[data-action="analysis-show"]').click()
    note = field(root, "replay-losing")
    expect(note).to_have_text(f"Better: {better} (played: 3♥+10♣)")
    expect(field(root, "replay-mark")).to_be_visible()
    for name in better.split("+"):
        expect(card(root, name)).to_have_attribute("data-hint", "true")
    expect(card(root, "3♥")).not_to_have_attribute("data-hint", "true")
    assert nb.eval_python("lost.replay_index") == 0
    shoot(page, root.locator(".pyr-replaybar"), "replay-better")
    assert_one_row(root.locator(".pyr-replaybar"))
    root.locator('[data-action="replay-next"]').click()
    expect(note).to_have_text("1: losing move")
    expect(card(root, "3♥")).to_have_count(0)
    shoot(page, root.locator(".pyr-replaybar"), "replay-losing")

    # The slow hint: progress while it searches, and the kernel answers a draw meanwhile.
    slow = page.locator(".pyr-root").nth(1)
    slow.evaluate(WATCH_PROGRESS_JS)
    slow.locator('[data-action="hint"]').click()
    expect(field(slow, "progress")).to_have_attribute("data-task", "hint")
    expect(slow.locator('[data-action="hint"]')).to_be_disabled()
    expect(field(slow, "progress-text")).to_have_text("Thinking…")
    slow.locator('[data-pile="stock"]').click()
    expect(field(slow, "moves")).to_have_text("1")
    shoot(page, slow.locator(".pyr-toolbar"), "hint-thinking")
    expect(field(slow, "progress")).to_be_hidden(timeout=60_000)
    seen = slow.evaluate("(root) => root.seenProgress")
    searching = [s["moves"] for s in seen if not s["hidden"]]
    assert searching and searching[0] == "0", seen
    ended = [s["moves"] for s in seen if s["hidden"]]
    assert ended and ended[-1] == "1", f"the draw was drawn before the hint ended: {seen}"
    assert nb.eval_python("slow.game.assisted") is True
    expect(field(slow, "message")).not_to_contain_text("Hint")  # the stale hint was dropped


REPLAYED = [
    "from pyramide_widget import PyramideWidget\n"
    "lost = PyramideWidget('PY1-R-BBAAAAB', stats=False)\n"
    "lost.game.play('3♥+10♣')\n" + PLAY_OUT,
    "lost",
]


@pytest.mark.parametrize("jupyter_app", ["lab", "notebook"], indirect=True)
def test_the_replay_bar_with_the_better_move_keeps_one_row_at_1280(
    page: Page, open_nb: Any, jupyter_app: Any
) -> None:
    """The replay of an analysed game at the step before its losing move shows the "Better move"
    button: at 1280x720 the bar's controls still share one row, in JupyterLab and Notebook 7;
    in a narrower window they wrap, each still whole and inside the table's width."""
    page.set_viewport_size(LAPTOP)
    open_nb(REPLAYED)
    root = page.locator(".pyr-root")
    bar = root.locator(".pyr-replaybar")
    root.locator('.pyr-toolbar [data-action="analysis"]').click(timeout=30_000)
    root.locator('[data-action="analysis-show"]').click(timeout=60_000)
    expect(bar.locator('[data-action="replay-better"]')).to_be_visible()
    expect(field(root, "replay-losing")).to_have_text(re.compile(r"^Better: "))
    assert_one_row(bar)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shoot(page, bar, f"replay-bar-{jupyter_app.app}")
    page.set_viewport_size({"width": 760, "height": 720})
    page.wait_for_timeout(300)
    width = root.bounding_box()
    for control in bar.locator(":scope > *:visible").all():
        box = control.bounding_box()
        assert box["width"] > 20 and box["x"] >= width["x"] - 0.5, control
        assert box["x"] + box["width"] <= width["x"] + width["width"] + 0.5, control
    shoot(page, bar, f"replay-bar-{jupyter_app.app}-760px")
