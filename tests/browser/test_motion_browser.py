"""Cards that move, in JupyterLab with Debian Chromium: dragging a card onto its partner plays
the pair through the kernel; removed cards travel to the discard pile, a draw turns over on its
way from the stock, an undo brings cards back, a new game is dealt from the stock and a win is
celebrated; under ``prefers-reduced-motion: reduce`` nothing animates at all.

Whether an animation runs is read in the browser, not timed: a MutationObserver sees the
widget's answer and, in the same callback, right after that render, records what the DOM shows
and the animations running in the table (``document.getAnimations()``: Web Animations and CSS
transitions alike). So the tests also show that animation never delays the state: the DOM
already shows the new position while the cards are still on their way.
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


ALL_ANIMATIONS_DONE_JS = (
    "() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => 0)))"
)


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


# Resolves, once `done(root)` holds, with what the DOM showed then and the animations running in
# the table: each one's element (its card, or the card on the discard pile) and its first frame.
WATCH_STATE_JS = """
(done) => {
  const root = document.querySelector('.pyr-root');
  const check = new Function('root', 'return (' + done + ')(root)');
  window.__pyrState = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!check(root)) return;
      observer.disconnect();
      const running = document.getAnimations().filter((a) => root.contains(a.effect && a.effect.target));
      resolve({
        discarded: [...root.querySelectorAll('.pyr-discard [data-discarded]')].map((el) => el.dataset.discarded),
        animations: running.map((a) => {
          const el = a.effect.target;
          const frames = a.effect.getKeyframes ? a.effect.getKeyframes() : [];
          return {card: el.dataset.card || el.dataset.discarded || null,
                  where: el.closest('[data-pile]') ? el.closest('[data-pile]').dataset.pile : 'pyramid',
                  from: frames.length ? String(frames[0].transform || '') : ''};
        }),
      });
    });
    observer.observe(root, {subtree: true, attributes: true, childList: true});
  });
}
"""


def watch(page: Page, done: str) -> None:
    """Start watching for the DOM state ``done`` (a JS function of the table's root)."""
    page.evaluate(WATCH_STATE_JS, done)


def seen(page: Page) -> dict[str, Any]:
    """What WATCH_STATE_JS saw when its state came."""
    return dict(page.evaluate("() => window.__pyrState"))


@pytest.mark.parametrize("jupyter_app", ["lab"], indirect=True)
def test_dragging_a_free_card_onto_its_partner_removes_the_pair_with_an_animation(
    page: Page, open_nb: Any
) -> None:
    nb = open_nb([SETUP])
    root = page.locator(".pyr-root")
    expect(root.locator('[data-card="10♣"]')).to_have_attribute("data-free", "true", timeout=30_000)
    page.evaluate(ALL_ANIMATIONS_DONE_JS)  # as a player waits for the deal to land
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


@pytest.mark.parametrize("jupyter_app", ["lab"], indirect=True)
def test_cards_travel_removed_drawn_undone_dealt_and_the_state_never_waits(
    page: Page, open_nb: Any
) -> None:
    nb = open_nb([SETUP])
    root = page.locator(".pyr-root")
    expect(root.locator('[data-card="K♦"]')).to_have_attribute("data-free", "true", timeout=30_000)
    page.evaluate(ALL_ANIMATIONS_DONE_JS)

    # A pair: the DOM shows both cards on the discard pile at once, and there they fly from
    # where they lay (their first frame is a translation), still on their way.
    watch(page, "(root) => !root.querySelector('.pyr-pyramid [data-card=\"3♠\"]')")
    root.locator('[data-card="10♣"]').click()
    root.locator('[data-card="3♠"]').click()
    state = seen(page)
    assert state["discarded"] == ["10♣", "3♠"], state
    flying = {a["card"]: a for a in state["animations"] if a["where"] == "discard"}
    assert set(flying) == {"10♣", "3♠"}, state
    assert all(a["from"].startswith("translate(") for a in flying.values()), flying

    # A draw: the new waste top turns over on its way from the stock (edge on at first).
    watch(page, "(root) => root.querySelector('[data-pile=\"waste\"]').dataset.count === '2'")
    root.locator('[data-pile="stock"]').click()
    state = seen(page)
    drawn = [a for a in state["animations"] if a["where"] == "waste"]
    assert drawn and "scaleX(0.05)" in drawn[0]["from"], state

    # Undo, twice: the draw goes back, then the pair comes back from the discard pile.
    root.locator('[data-action="undo"]').click()
    expect(root.locator('[data-pile="waste"]')).to_have_attribute("data-count", "1")
    watch(page, "(root) => !!root.querySelector('.pyr-pyramid [data-card=\"3♠\"]')")
    root.locator('[data-action="undo"]').click()
    state = seen(page)
    back = {a["card"] for a in state["animations"] if a["where"] == "pyramid"}
    assert {"10♣", "3♠"} <= back, state
    assert nb.wait_python("w.game.pyramid_left", 28)

    # A new game is dealt: every card comes from the stock, one after the other.
    watch(
        page,
        "(root) => root.querySelector('[data-field=\"code\"]').textContent === 'PY1-N-BBBBBBS'",
    )
    nb.execute("w.new_game('PY1-N-BBBBBBS')")
    state = seen(page)
    dealt = [a for a in state["animations"] if a["where"] in ("pyramid", "waste")]
    assert len(dealt) >= 29, f"28 pyramid cards and the waste's: {len(dealt)}"


@pytest.mark.parametrize("jupyter_app", ["lab"], indirect=True)
def test_a_win_is_celebrated_and_nothing_moves_under_reduced_motion(
    page: Page, open_nb: Any
) -> None:
    nb = open_nb([SETUP.replace("r5_game", "winnable_game")])
    root = page.locator(".pyr-root")
    expect(root.locator(".pyr-pyramid [data-card]")).to_have_count(28, timeout=30_000)
    watch(page, "(root) => root.querySelector('.pyr-board').dataset.won === 'true'")
    nb.execute("from layouts import win_by_taps\nwin_by_taps(w.game)")
    state = seen(page)
    jump = [a for a in state["animations"] if a["where"] == "discard" and a["card"] is None]
    assert jump, f"the discard pile jumps: {state}"
    expect(root.locator('[data-field="banner"]')).to_have_attribute("data-status", "won")
    page.evaluate(ALL_ANIMATIONS_DONE_JS)

    # The same under reduced motion: a draw, an undo and a new deal, and nothing moves.
    page.emulate_media(reduced_motion="reduce")
    nb.execute("w.new_game('PY1-N-AAAAAAS')")
    expect(root.locator('[data-field="code"]')).to_have_text("PY1-N-AAAAAAS")
    watch(page, "(root) => root.querySelector('[data-pile=\"waste\"]').dataset.count === '2'")
    root.locator('[data-pile="stock"]').click()
    assert seen(page)["animations"] == []
    watch(page, "(root) => root.querySelector('[data-pile=\"waste\"]').dataset.count === '1'")
    root.locator('[data-action="undo"]').click()
    assert seen(page)["animations"] == []
    watch(
        page,
        "(root) => root.querySelector('[data-field=\"code\"]').textContent === 'PY1-N-BBBBBBS'",
    )
    nb.execute("w.new_game('PY1-N-BBBBBBS')")
    assert seen(page)["animations"] == []
