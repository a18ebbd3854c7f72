"""PyramideWidget end to end in JupyterLab 4 and Notebook 7 with Debian Chromium.

The notebook shows the app's R5 layout (the deal the rules' examples use). Clicks go through
the real front end and the real kernel; the DOM is checked through the widget's stable hooks
(data-card, data-free, data-field, data-action) and the Python object is checked to agree.
Screenshots of failures go to test-artifacts/ (the ``page`` fixture).
"""

from __future__ import annotations

import statistics
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

TESTS = Path(__file__).resolve().parents[1]

SETUP = f"""
import sys
sys.path.insert(0, {str(TESTS)!r})
from layouts import r5_game
from pyramide_widget.widget import PyramideWidget
w = PyramideWidget(game=r5_game())
"""

# Click an element and time, in the browser, until a MutationObserver sees the DOM answer.
CLICK_TIMED_JS = """
async ([selector, root, done, timeoutMs]) => {
  const scope = document.querySelectorAll('.pyr-root')[root];
  const target = scope.querySelector(selector);
  if (!target) throw new Error('nothing matches ' + selector);
  const check = new Function('scope', 'return (' + done + ')(scope)');
  return await new Promise((resolve, reject) => {
    let t0 = 0;
    const observer = new MutationObserver(() => {
      if (check(scope)) {
        observer.disconnect();
        resolve(performance.now() - t0);
      }
    });
    observer.observe(scope, {subtree: true, childList: true, attributes: true, characterData: true});
    setTimeout(() => { observer.disconnect(); reject(new Error('no DOM update after ' + selector)); }, timeoutMs);
    t0 = performance.now();
    target.click();
  });
}
"""


def click_timed(
    page: Page, selector: str, done: str, root: int = 0, timeout_ms: int = 15_000
) -> float:
    """Click ``selector`` in view ``root``; return ms until the JS predicate ``done(scope)`` holds."""
    return float(page.evaluate(CLICK_TIMED_JS, [selector, root, done, timeout_ms]))


def gone(card: str) -> str:
    return f"(s) => !s.querySelector('[data-card=\"{card}\"]')"


def view(page: Page, index: int = 0) -> Locator:
    return page.locator(".pyr-root").nth(index)


def field(root: Locator, name: str) -> Locator:
    return root.locator(f'[data-field="{name}"]')


def test_play_the_rules_examples_in_the_browser(page: Page, open_nb: Any, jupyter_app: Any) -> None:
    nb = open_nb([SETUP, "w"])
    table = view(page)
    expect(table.locator('[data-card="K♦"]')).to_have_attribute("data-free", "true", timeout=30_000)
    expect(table.locator('[data-card="10♠"]')).to_have_attribute("data-free", "false")
    expect(table.locator(".pyr-pyramid [data-card]")).to_have_count(28)
    expect(table.locator('[data-card="Q♣"]')).to_have_attribute(
        "aria-label", "queen of clubs, blocked"
    )

    times = [click_timed(page, '[data-card="K♦"]', gone("K♦"))]  # R11: a king in one tap
    times.append(
        click_timed(
            page,
            '[data-card="10♣"]',
            "(s) => s.querySelector('[data-card=\"10♣\"]').dataset.selected === 'true'",
        )
    )
    times.append(click_timed(page, '[data-card="3♠"]', gone("3♠")))  # R9: 10 + 3
    for card in ("K♦", "10♣", "3♠"):
        expect(table.locator(f'[data-card="{card}"]')).to_have_count(0)
    expect(table.locator('[data-card="10♠"]')).to_have_attribute("data-free", "true")
    expect(field(table, "score")).to_have_text("30")
    expect(field(table, "moves")).to_have_text("2")
    assert nb.wait_python(
        "[w.game.score, w.game.moves, [str(m) for m in w.game.history]]", [30, 2, ["K♦", "10♣+3♠"]]
    )

    # R8: a covered card says why nothing happens.
    table.locator('[data-card="Q♣"]').click()
    expect(field(table, "message")).to_have_text("This card is blocked by another card")
    assert nb.wait_python("w.game.message.key", "blocked")

    # R21: undo puts the pair back, the score goes down, the move counter does not.
    table.locator('[data-action="undo"]').click()
    expect(table.locator('[data-card="10♣"]')).to_have_count(1)
    expect(table.locator('[data-card="3♠"]')).to_have_count(1)
    expect(field(table, "score")).to_have_text("10")
    expect(field(table, "moves")).to_have_text("2")
    assert nb.wait_python("[w.game.score, w.game.moves]", [10, 2])

    # A bad code shows the engine's error in the widget and changes nothing.
    table.locator('[data-action="new"]').click()
    table.locator('[data-field="new-code"]').fill("PY1-N-NOPE")
    table.locator('[data-action="deal"]').click()
    expect(field(table, "error")).to_contain_text("is not a deal code")
    expect(field(table, "error")).to_contain_text("PY1-N-AAAAAAS")
    assert nb.wait_python("[w.game.code, w.game.moves, w.game.score]", [None, 2, 10])
    expect(table.locator('[data-card="K♦"]')).to_have_count(0)

    # A good one deals it.
    table.locator('[data-field="new-code"]').fill("py1-n-bcdefgh")
    table.locator('[data-action="deal"]').click()
    expect(field(table, "code")).to_have_text("PY1-N-BCDEFGH")
    expect(table.locator(".pyr-pyramid [data-card]")).to_have_count(28)
    expect(table.locator(".pyr-newgame")).to_be_hidden()
    assert nb.wait_python("w.game.code", "PY1-N-BCDEFGH")

    # Click-to-DOM in the browser: stock taps, each answered by a new waste count.
    for n in range(1, 16):
        times.append(
            click_timed(
                page,
                '[data-pile="stock"]',
                f"(s) => s.querySelector('[data-pile=\"waste\"]').dataset.count === '{n + 1}'",
            )
        )
    print(
        f"\n[{jupyter_app.app}] click-to-DOM median {statistics.median(times):.1f} ms "
        f"(min {min(times):.1f}, max {max(times):.1f}, n={len(times)})"
    )


def test_two_views_stay_in_sync_and_python_drives_them(page: Page, open_nb: Any) -> None:
    nb = open_nb([SETUP, "w", "w"])
    first, second = view(page, 0), view(page, 1)
    for table in (first, second):
        expect(table.locator('[data-card="K♦"]')).to_have_count(1, timeout=30_000)
    second.locator('[data-card="K♦"]').click()  # a tap in the second view...
    expect(first.locator('[data-card="K♦"]')).to_have_count(0)  # ...shows in the first
    first.locator('[data-card="10♣"]').click()
    expect(second.locator('[data-card="10♣"]')).to_have_attribute("data-selected", "true")
    second.locator('[data-card="3♠"]').click()
    for table in (first, second):
        expect(field(table, "score")).to_have_text("30")
    # Python drives both views: a move on the game object, then undo through the widget.
    nb.execute('w.game.play("draw")')
    for table in (first, second):
        expect(table.locator('[data-pile="waste"]')).to_have_attribute("data-count", "2")
        expect(field(table, "moves")).to_have_text("3")
    nb.execute("w.undo()")
    for table in (first, second):
        expect(table.locator('[data-pile="waste"]')).to_have_attribute("data-count", "1")
    # Replay from the widget's menu: it opens at the deal, Next steps forward; then return.
    first.locator('[data-action="more"]').click()
    first.locator('[data-action="replay"]').click()
    expect(field(second, "replay-step")).to_have_text("0 / 4")
    expect(first.locator('[data-card="K♦"]')).to_have_count(1)
    expect(field(first, "score")).to_have_text("0")
    expect(second.locator('[data-action="replay-next"]')).to_be_enabled()
    second.locator('[data-action="replay-next"]').click()
    expect(field(first, "replay-step")).to_have_text("1 / 4")
    expect(first.locator('[data-card="K♦"]')).to_have_count(0)
    first.locator('[data-action="replay-exit"]').click()
    expect(field(second, "score")).to_have_text("30")
    assert nb.wait_python("[w.replaying, w.game.score]", [False, 30])


def test_keyboard_play_without_notebook_shortcuts(page: Page, open_nb: Any) -> None:
    nb = open_nb([SETUP, "w"])
    table = view(page)
    expect(table.locator('[data-card="K♦"]')).to_have_count(1, timeout=30_000)
    # Enter on the focused stock draws; JupyterLab's Enter (edit the cell) must not fire.
    table.locator('[data-pile="stock"]').focus()
    page.keyboard.press("Enter")
    expect(table.locator('[data-pile="waste"]')).to_have_attribute("data-count", "2")
    # Arrow keys move through the pyramid, Space taps: bottom row, from its free stop.
    stop = table.locator('.pyr-pyramid [tabindex="0"]')
    expect(stop).to_have_count(1)
    stop.focus()
    page.keyboard.press("Home")
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    expect(table.locator('[data-card="K♦"]')).to_be_focused()
    page.keyboard.press("Space")
    expect(table.locator('[data-card="K♦"]')).to_have_count(0)
    # Focus stayed in the pyramid on a card that is still there.
    focused = page.evaluate("() => document.activeElement && document.activeElement.dataset.card")
    assert focused, "focus left the pyramid when the card was removed"
    assert nb.wait_python("[w.game.moves, w.game.score]", [2, 10])
    assert page.evaluate("() => document.querySelector('.jp-mod-editMode') === null")


@pytest.mark.parametrize("jupyter_app", ["lab"], indirect=True)
def test_new_game_dialog_letters_rules_menu_and_a_conflict(page: Page, open_nb: Any) -> None:
    nb = open_nb([SETUP, "w"])
    table = view(page)
    expect(table.locator('[data-card="K♦"]')).to_have_count(1, timeout=30_000)
    dialog, code, menu = (
        table.locator(".pyr-newgame"),
        field(table, "new-code"),
        field(table, "new-rules"),
    )

    # The 7 letters alone, with Easy picked in the menu: that deal under the Easy rules.
    table.locator('[data-action="new"]').click()
    expect(menu).to_have_value("N")  # the current game's rules
    menu.select_option("E")
    code.fill("aaaaaas")
    table.locator('[data-action="deal"]').click()
    expect(field(table, "code")).to_have_text("PY1-E-AAAAAAS")
    expect(dialog).to_be_hidden()
    assert nb.wait_python("[w.game.code, w.game.rules.letter]", ["PY1-E-AAAAAAS", "E"])

    # A code with the menu untouched: the code's own rules.
    table.locator('[data-action="new"]').click()
    expect(menu).to_have_value("E")
    code.fill("PY1-N-AAAAAAB")
    table.locator('[data-action="deal"]').click()
    expect(field(table, "code")).to_have_text("PY1-N-AAAAAAB")

    # A code whose rules differ from rules picked in the menu: said, nothing dealt.
    table.locator('[data-action="new"]').click()
    menu.select_option("E")
    code.fill("PY1-N-AAAAAAS")
    table.locator('[data-action="deal"]').click()
    expect(field(table, "error")).to_have_text(
        "PY1-N-AAAAAAS is a code of the Standard rules, but Easy is chosen: choose Standard, "
        "or type only the letters AAAAAAS to play this deal under Easy."
    )
    expect(dialog).to_be_visible()
    assert nb.wait_python("w.game.code", "PY1-N-AAAAAAB")


STATS_SETUP = f"""
import pathlib, sys, tempfile
sys.path.insert(0, {str(TESTS)!r})
from layouts import win_by_taps, winnable_game
from pyramide_widget.widget import PyramideWidget
stats_path = pathlib.Path(tempfile.mkdtemp()) / "stats.sqlite3"
w = PyramideWidget(game=winnable_game(), stats=stats_path)
"""


@pytest.mark.parametrize("jupyter_app", ["lab"], indirect=True)
def test_statistics_panel_shows_a_game_won_in_the_kernel(page: Page, open_nb: Any) -> None:
    nb = open_nb([STATS_SETUP, "w"])
    table = view(page)
    more = table.locator('[data-action="more"]')
    expect(more).to_be_visible(timeout=30_000)
    more.click()
    button = table.locator('[data-action="stats"]')
    button.click()
    panel = table.locator('[data-field="stats-panel"]')
    expect(panel).to_be_visible()
    expect(button).to_have_attribute("aria-expanded", "true")
    expect(field(table, "stats-note")).to_have_text("No finished game under these rules yet.")
    expect(field(table, "stats-played")).to_have_text("0")

    # The kernel wins the game; the open panel is told and asks again.
    nb.execute("win_by_taps(w.game)")
    expect(field(table, "banner")).to_have_attribute("data-status", "won")
    expect(field(table, "stats-played")).to_have_text("1")
    expect(field(table, "stats-won")).to_have_text("1")
    expect(field(table, "stats-win-rate")).to_have_text("100%")
    expect(table.locator("[data-stats-row]")).to_have_count(1)
    moves = nb.eval_python("w.game.moves")
    expect(field(table, "stats-fewest-moves")).to_have_text(str(moves))
    expect(table.locator('[data-stats-row="1"] .pyr-col-moves')).to_have_text(str(moves))
    assert nb.eval_python("w.stats.totals('N').won") == 1

    # Escape from inside the panel closes it and gives the focus back to the menu it came from.
    field(table, "stats-rules").focus()
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    expect(more).to_be_focused()
