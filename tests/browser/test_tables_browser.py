"""The new tables played in the widget in real JupyterLab: Six Rows (W), Triangle
(V), Face-down (F), Spanish (B) and the face-up stock (``Rules(stock_face_up=True)``).

For each one a fixed deal is drawn, a legal pair is played by clicking its two cards (the DOM
and ``w.game`` both change), and a blocked card is tapped (its message shows). The deals were
picked with the engine (``Game.from_code(code).legal_moves()``):

* ``PY1-W-AAAAAAS``: 6 rows, 21 cards; ``9♥+4♦`` on the bottom row, ``A♦`` at the top blocked.
* ``PY1-V-UOGKTBB``: the inverted pyramid, 7 cards on top; only its bottom card ``6♣`` is free,
  and the first draw brings ``7♣`` to pair with it; ``7♠`` on the top row is blocked.
* ``PY1-F-AAAAAAS``: all but the bottom row face down; ``2♠+J♥`` (places 3 and 4 of row 7)
  uncovers row 6, place 3, which turns face up.
* ``PY1-B-AAAAAAS``: the 48-card Spanish deck, pairs to 12: ``9E+3B``; ``6O`` with ``9E`` is
  a wrong pair; ``9C`` at the top is blocked.
* ``PY1-X-YZUDUFN`` under ``Rules(stock_face_up=True)``: the stock's order is shown;
  ``10♠+3♣`` on the bottom row; ``7♥`` at the top is blocked.

One notebook holds the five widgets (one server, one kernel, one page). A screenshot of each
table at 1280x720 goes to ``test-artifacts/tables-<letter>-1280x720.png``, to be looked at.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("PYRAMIDE_TEST_ARTIFACTS", REPO / "test-artifacts"))
LAPTOP = {"width": 1280, "height": 720}
BLOCKED = "This card is blocked by another card"

CELLS = [
    "from pyramide_widget import PyramideWidget, Rules\n"
    "W = PyramideWidget('PY1-W-AAAAAAS', stats=False)\n"
    "V = PyramideWidget('PY1-V-UOGKTBB', stats=False)\n"
    "F = PyramideWidget('PY1-F-AAAAAAS', stats=False)\n"
    "B = PyramideWidget('PY1-B-AAAAAAS', stats=False)\n"
    "X = PyramideWidget('PY1-X-YZUDUFN', rules=Rules(stock_face_up=True), stats=False)",
    "W",
    "V",
    "F",
    "B",
    "X",
]
# The widgets' order in the notebook, so the n-th .pyr-root is that widget's view.
ORDER = ["W", "V", "F", "B", "X"]

# Each place of the tableau with what a reader of the DOM could learn from it: its text, its
# attributes, and its top offset (one per row).
PLACES_JS = """
(root) => [...root.querySelectorAll('.pyr-pyramid .pyr-card')].map((el) => ({
  hidden: el.hidden,
  faceDown: el.dataset.faceDown === 'true',
  card: el.dataset.card || null,
  free: el.dataset.free || null,
  top: el.style.top,
  text: el.textContent,
  attrs: Object.fromEntries([...el.attributes].map((a) => [a.name, a.value])),
}))
"""


def places(root: Locator) -> list[dict[str, Any]]:
    """The tableau's places in row-major order, as :data:`PLACES_JS` reads them."""
    return list(root.evaluate(PLACES_JS))


def rows_drawn(root: Locator) -> list[int]:
    """How many cards each drawn row holds, top to bottom (rows told apart by their offset)."""
    tops: dict[float, int] = {}
    for place in places(root):
        if not place["hidden"]:
            key = float(place["top"].rstrip("%"))
            tops[key] = tops.get(key, 0) + 1
    return [tops[key] for key in sorted(tops)]


def field(root: Locator, name: str) -> Locator:
    return root.locator(f'[data-field="{name}"]')


def card(root: Locator, name: str) -> Locator:
    return root.locator(f'.pyr-pyramid [data-card="{name}"]')


def waste_top(root: Locator) -> Locator:
    return root.locator('[data-pile="waste"] .pyr-card').last


def shoot(page: Page, root: Locator, letter: str) -> None:
    """Scroll the widget's cell to the top of the notebook and save a 1280x720 screenshot."""
    root.evaluate("(el) => el.closest('.jp-Cell').scrollIntoView({block: 'start'})")
    page.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )
    page.screenshot(path=str(ARTIFACTS / f"tables-{letter}-1280x720.png"), animations="disabled")


def tap_blocked(nb: Any, root: Locator, name: str, letter: str) -> None:
    """Tap a covered card: the message says it is blocked, where it can be seen."""
    card(root, name).click()
    message = field(root, "message")
    expect(message).to_have_text(BLOCKED)
    expect(message).to_be_visible()
    assert nb.wait_python(f"{letter}.game.message.key", "blocked")


def play_pair(
    nb: Any, root: Locator, letter: str, first: Locator, second: Locator, move: str, gone: list[str]
) -> None:
    """Click two cards that make a pair: both leave the DOM and the game's history has the move."""
    first.click()
    expect(first).to_have_attribute("data-selected", "true")
    second.click()
    for name in gone:
        expect(root.locator(f'[data-card="{name}"]')).to_have_count(0)
    assert nb.wait_python(f"[str(m) for m in {letter}.game.history][-1:]", [move])
    expect(field(root, "moves")).to_have_text(str(nb.eval_python(f"{letter}.game.moves")))


@pytest.mark.parametrize("jupyter_app", ["lab"], indirect=True)
def test_each_new_table_deals_plays_a_pair_and_refuses_a_blocked_card(
    page: Page, open_nb: Any, jupyter_app: Any
) -> None:
    page.set_viewport_size(LAPTOP)
    nb = open_nb(CELLS)
    roots = {letter: page.locator(".pyr-root").nth(i) for i, letter in enumerate(ORDER)}
    for letter, count in zip(ORDER, (21, 28, 7, 28, 28), strict=True):
        expect(roots[letter].locator(".pyr-pyramid [data-card]")).to_have_count(
            count, timeout=30_000
        )
    ARTIFACTS.mkdir(parents=True, exist_ok=True)

    six_rows(page, nb, roots["W"])
    triangle(page, nb, roots["V"])
    face_down(page, nb, roots["F"])
    spanish(page, nb, roots["B"])
    stock_face_up(page, nb, roots["X"])


def six_rows(page: Page, nb: Any, root: Locator) -> None:
    assert rows_drawn(root) == [1, 2, 3, 4, 5, 6]
    shoot(page, root, "W")
    play_pair(nb, root, "W", card(root, "9♥"), card(root, "4♦"), "9♥+4♦", ["9♥", "4♦"])
    assert nb.eval_python("W.game.pyramid_left") == 19
    tap_blocked(nb, root, "A♦", "W")


def triangle(page: Page, nb: Any, root: Locator) -> None:
    assert rows_drawn(root) == [7, 6, 5, 4, 3, 2, 1]
    free = root.locator('.pyr-pyramid [data-free="true"]')
    expect(free).to_have_count(1)
    expect(free).to_have_attribute("data-card", "6♣")
    assert places(root)[-1]["card"] == "6♣"  # the last place in row order: the bottom one
    shoot(page, root, "V")
    tap_blocked(nb, root, "7♠", "V")
    root.locator('[data-pile="stock"]').click()
    expect(waste_top(root)).to_have_attribute("data-card", "7♣")
    play_pair(nb, root, "V", card(root, "6♣"), waste_top(root), "6♣+7♣", ["6♣", "7♣"])
    # The bottom card gone, the two above it are free (R8 on the inverted shape).
    expect(root.locator('.pyr-pyramid [data-free="true"]')).to_have_count(2)
    assert nb.eval_python("V.game.pyramid_left") == 27


def assert_no_identity(nb: Any, root: Locator) -> None:
    """Face-down places show a back and nothing of the card: no text, no card attribute,
    no name for a reader, no colour; and no face-down card is named anywhere in the widget."""
    hidden_cards = nb.eval_python(
        "[str(F.game.card_at(r, c)) for r in range(1, 8) for c in range(1, r + 1)"
        " if F.game.card_at(r, c) is not None and not F.game.is_face_up(r, c)]"
    )
    face_down = [p for p in places(root) if p["faceDown"]]
    assert len(face_down) == len(hidden_cards) > 0
    for place in face_down:
        assert place["text"] == "", place
        leaks = {
            k: v
            for k, v in place["attrs"].items()
            if k in ("data-card", "data-free", "data-colour", "aria-label", "title")
            or (k == "class" and "pyr-red" in v)
        }
        assert not leaks, place
    html = root.evaluate("(el) => el.outerHTML")
    for name in hidden_cards:
        assert f'"{name}"' not in html and f">{name}<" not in html, name


def face_down(page: Page, nb: Any, root: Locator) -> None:
    assert rows_drawn(root) == [1, 2, 3, 4, 5, 6, 7]
    expect(root.locator('.pyr-pyramid [data-face-down="true"]')).to_have_count(21)
    assert_no_identity(nb, root)
    shoot(page, root, "F")
    above = root.locator(".pyr-pyramid .pyr-card").nth(15 + 2)  # row 6, place 3 (row-major)
    expect(above).to_have_attribute("data-face-down", "true")
    play_pair(nb, root, "F", card(root, "2♠"), card(root, "J♥"), "2♠+J♥", ["2♠", "J♥"])
    # Its coverers gone, the card above turns face up, named the way the game names it.
    turned = nb.eval_python("str(F.game.card_at(6, 3))")
    expect(above).not_to_have_attribute("data-face-down", "true")
    expect(above).to_have_attribute("data-card", turned)
    expect(above).to_have_attribute("data-free", "true")
    assert nb.eval_python("F.game.is_face_up(6, 3)") is True
    assert_no_identity(nb, root)
    # A tap on a face-down card: the game says it is blocked.
    root.locator(".pyr-pyramid .pyr-card").nth(0).click()
    expect(field(root, "message")).to_have_text(BLOCKED)
    expect(field(root, "message")).to_be_visible()
    assert nb.wait_python("F.game.message.key", "blocked")
    # Undone, the card is face down again and shows nothing of itself.
    root.locator('[data-action="undo"]').click()
    expect(above).to_have_attribute("data-face-down", "true")
    assert nb.wait_python("not F.game.is_face_up(6, 3)", True)
    assert_no_identity(nb, root)


def spanish(page: Page, nb: Any, root: Locator) -> None:
    assert rows_drawn(root) == [1, 2, 3, 4, 5, 6, 7]
    shoot(page, root, "B")
    colours = set(
        root.locator(".pyr-pyramid [data-colour]").evaluate_all(
            "(els) => els.map((el) => el.dataset.colour)"
        )
    )
    assert len(colours) == 4, colours  # four suits, four colours
    card(root, "6O").click()
    card(root, "9E").click()
    expect(field(root, "message")).to_have_text("The sum must be 12")
    expect(field(root, "message")).to_be_visible()
    assert nb.wait_python("B.game.message.key", "sum")
    # The second card of a wrong pair stays selected (R10); a tap on it lets it go.
    expect(card(root, "9E")).to_have_attribute("data-selected", "true")
    card(root, "9E").click()
    expect(card(root, "9E")).to_have_attribute("data-selected", "false")
    play_pair(nb, root, "B", card(root, "9E"), card(root, "3B"), "9E+3B", ["9E", "3B"])
    tap_blocked(nb, root, "9C", "B")


def stock_face_up(page: Page, nb: Any, root: Locator) -> None:
    assert rows_drawn(root) == [1, 2, 3, 4, 5, 6, 7]
    order = field(root, "stock-order")
    expect(order).to_be_visible()
    stock = nb.eval_python("[str(c) for c in X.game.stock]")
    assert len(stock) == 23
    assert order.locator("li").evaluate_all("(els) => els.map((el) => el.dataset.card)") == stock
    shoot(page, root, "X")
    play_pair(nb, root, "X", card(root, "10♠"), card(root, "3♣"), "10♠+3♣", ["10♠", "3♣"])
    tap_blocked(nb, root, "7♥", "X")
    # A draw takes the first card shown, and the order shown follows.
    root.locator('[data-pile="stock"]').click()
    expect(waste_top(root)).to_have_attribute("data-card", stock[0])
    expect(order.locator("li")).to_have_count(22)
    assert (
        order.locator("li").evaluate_all("(els) => els.map((el) => el.dataset.card)") == stock[1:]
    )
