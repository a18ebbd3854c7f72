"""Cards that move, in JupyterLab with Debian Chromium: dragging a card onto its partner plays
the pair through the kernel, removed cards leave with a short animation, and under
``prefers-reduced-motion: reduce`` nothing animates at all.

Whether an animation runs is read in the browser, not timed: a MutationObserver sees the
widget's answer (the removed card's place loses its ``data-card``) and, in the same callback,
right after that render, counts the animations running in the table
(``document.getAnimations()``: Web Animations and CSS transitions alike).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

TESTS = Path(__file__).resolve().parents[1]

SETUP = f"""
import sys
sys.path.insert(0, {str(TESTS)!r})
from layouts import r5_game
from pyramide_widget.widget import PyramideWidget
w = PyramideWidget(game=r5_game())
w
"""

# Resolves, once `card` has left the table, with the animations then running in the table.
WATCH_JS = """
(card) => {
  const root = document.querySelector('.pyr-root');
  window.__pyrSeen = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (root.querySelector(`[data-card="${card}"]`)) return;
      observer.disconnect();
      resolve(document.getAnimations().filter((a) => root.contains(a.effect && a.effect.target)).length);
    });
    observer.observe(root, {subtree: true, attributes: true, childList: true});
  });
}
"""


def settled_box(page: Page, selector: str) -> dict[str, float]:
    """Where ``selector`` is once it has stopped moving.

    JupyterLab may still scroll the notebook, or the output area grow, just after the widget
    first draws; a hand aims at the card where it is, so the drag waits for two equal reads.
    """
    locator = page.locator(selector)
    box = locator.bounding_box()
    for _ in range(50):
        page.wait_for_timeout(100)
        again = locator.bounding_box()
        if box and again == box:
            return box
        box = again
    raise AssertionError(f"{selector} kept moving for 5 s: last box {box}")


def drag(page: Page, source: str, target: str) -> None:
    """Press on ``source``, move in steps onto ``target`` and release there, as a hand would:
    both brought into view first (a pointer event outside the window reaches nothing) and
    aimed at once they have stopped moving."""
    for selector in (source, target):
        page.locator(selector).scroll_into_view_if_needed()
    start = settled_box(page, source)
    end = settled_box(page, target)
    height = page.viewport_size["height"] if page.viewport_size else 720
    for selector, box in ((source, start), (target, end)):
        assert 0 <= box["y"] + box["height"] / 2 <= height, (
            f"{selector} is out of the window: {box}"
        )
    x0, y0 = start["x"] + start["width"] / 2, start["y"] + start["height"] / 4
    x1, y1 = end["x"] + end["width"] / 2, end["y"] + end["height"] / 2
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x1, y1, steps=12)
    page.mouse.up()


def animations_when_gone(page: Page) -> int:
    """The count WATCH_JS took when its card left the table."""
    return int(page.evaluate("() => window.__pyrSeen"))


@pytest.mark.parametrize("jupyter_app", ["lab"], indirect=True)
def test_dragging_a_free_card_onto_its_partner_removes_the_pair_with_an_animation(
    page: Page, open_nb: Any
) -> None:
    nb = open_nb([SETUP])
    root = page.locator(".pyr-root")
    expect(root.locator('[data-card="10♣"]')).to_have_attribute("data-free", "true", timeout=30_000)
    page.evaluate(WATCH_JS, "10♣")
    drag(page, '[data-card="10♣"]', '[data-card="3♠"]')
    # The kernel answers; on a loaded two-core machine that can take seconds.
    try:
        expect(root.locator('[data-card="3♠"]')).to_have_count(0, timeout=20_000)
    except AssertionError as error:  # say what the widget and the kernel saw
        seen = {
            "message": root.locator('[data-field="message"]').inner_text(),
            "selected": root.locator('[data-selected="true"]').evaluate_all(
                "(cs) => cs.map((c) => c.dataset.card)"
            ),
            "kernel": nb.eval_python(
                "[w.game.moves, str(w.game.pyramid[6][1]), str(w.game.pyramid[6][4])]"
            ),
            "boxes": [page.locator(f'[data-card="{c}"]').bounding_box() for c in ("10♣", "3♠")],
        }
        raise AssertionError(f"the drag removed nothing: {seen}") from error
    expect(root.locator('[data-card="10♣"]')).to_have_count(0)
    assert animations_when_gone(page) >= 2, "both cards leave with an animation"
    # The kernel played the pair: the game's own state, not only the picture.
    assert nb.wait_python(
        "[w.game.moves, w.game.pyramid[6][1], w.game.pyramid[6][4]]", [1, None, None]
    )
    expect(root.locator('[data-field="score"]')).not_to_have_text("0")
    # A drag that ends on no card, or on a card that does not make 13, changes nothing.
    drag(page, '[data-card="K♦"]', '[data-field="score"]')
    drag(page, '[data-card="3♥"]', '[data-card="4♥"]')
    expect(root.locator('[data-field="message"]')).to_have_text("The sum must be 13")
    assert nb.wait_python("w.game.moves", 1)


@pytest.mark.parametrize("jupyter_app", ["lab"], indirect=True)
def test_with_reduced_motion_nothing_animates(page: Page, open_nb: Any) -> None:
    page.emulate_media(reduced_motion="reduce")
    nb = open_nb([SETUP])
    root = page.locator(".pyr-root")
    expect(root.locator('[data-card="K♦"]')).to_be_visible(timeout=30_000)
    page.evaluate(WATCH_JS, "K♦")
    root.locator('[data-card="K♦"]').click()
    assert animations_when_gone(page) == 0
    root.locator('[data-card="10♣"]').click()  # selected: no lift transition either
    page.evaluate(WATCH_JS, "10♣")
    drag(page, '[data-card="3♠"]', '[data-card="10♣"]')  # 10♣ selected: 3♠ dropped on it pairs them
    assert animations_when_gone(page) == 0
    assert nb.wait_python("w.game.moves", 2)
    assert page.locator(".pyr-ghost").count() == 0
