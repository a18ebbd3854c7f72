"""The games with other piles played in the widget in real JupyterLab: Apophis (three
waste piles), Reserve, Cell, Giza and Tut's Tomb.

For each one a fixed deal is drawn; a legal removal is played from each kind of pile the game
adds, by clicking its cards (the DOM and ``w.game`` both change); a refused tap shows its
message; the table fits a 1280x720 screen (board and toolbar wholly visible once the cell is
scrolled to the top) and the arrow keys reach the piles. The deals (``PY1-?-AAAAAAS`` with each
preset's letter: A, Y, C, G, U; picked with
``Game.legal_moves()``) have on the pyramid's bottom row 5♦ K♣ 2♠ J♥ 3♦ 10♥ A♠, above it 9♥ 3♥
4♦ 10♠ Q♣ K♥, and:

* Apophis: the first draw deals 10♣, 3♠, 4♠ onto waste piles 1 to 3: ``10♣+3♠`` pairs two
  waste piles' tops (A1), then ``3♦+10♥``; Q♣ is blocked (R8).
* Reserve: reserve 10♣ 3♠ 4♠ 9♦ Q♥ 9♣ 7♠: ``4♠+9♦`` pairs two reserve cards, ``10♥+3♠`` a
  reserve card with the pyramid (A2); Q♣ is blocked.
* Cell: 3♦ goes into the empty cell (A3), 5♦ with it is a wrong sum (R10), then ``10♣+3♦``
  pairs the waste top (after one draw) with the cell's card.
* Giza: columns topped 4♠ 9♣ 9♠ 5♥ J♦ J♠ 6♦ Q♠: ``4♠+9♣`` pairs two columns' exposed cards
  (A4), which uncovers 3♠; a covered column card (10♦ under 9♠, 7♠ under both) is blocked.
* Tut's Tomb: after one draw the waste top is 4♠; 5♦, 3♦ and A♠ are selected together and 4♠
  completes 13 (A5): the four go at once; Q♣ is blocked.

One notebook holds the five widgets. A screenshot of each game at 1280x720 (and of Tut's Tomb
with three cards selected, Giza after its pair and in JupyterLab Dark) goes to
``test-artifacts/piles-<game>-1280x720.png``, to be looked at.
"""

from __future__ import annotations

import os
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect
from test_layout import assert_visible_whole, box

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("PYRAMIDE_TEST_ARTIFACTS", REPO / "test-artifacts"))
LAPTOP = {"width": 1280, "height": 720}
BLOCKED = "This card is blocked by another card"
SUM = "The sum must be 13"

# Each game: the variable that holds its widget, and its preset's code letter.
GAMES = {"A": "A", "R": "Y", "C": "C", "G": "G", "T": "U"}
CELLS = [
    "from pyramide_widget import PyramideWidget\n"
    + "".join(
        f"{name} = PyramideWidget('PY1-{letter}-AAAAAAS', stats=False)\n"
        for name, letter in GAMES.items()
    ),
    *GAMES,
]


def field(root: Locator, name: str) -> Locator:
    return root.locator(f'[data-field="{name}"]')


def card(root: Locator, name: str) -> Locator:
    """A face-up card anywhere on the table (pyramid, waste, piles): names are unique."""
    return root.locator(f'.pyr-card[data-card="{name}"]')


def shoot(page: Page, root: Locator, name: str) -> None:
    """Scroll the widget's cell to the top of the notebook and save a 1280x720 screenshot."""
    root.evaluate("(el) => el.closest('.jp-Cell').scrollIntoView({block: 'start'})")
    page.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )
    page.screenshot(path=str(ARTIFACTS / f"piles-{name}-1280x720.png"), animations="disabled")


def fits(page: Page, root: Locator, name: str) -> None:
    """Like the standard game (tests/browser/test_layout.py): scrolled to the top of its cell,
    the whole board and the toolbar are on screen."""
    shoot(page, root, name)
    assert_visible_whole(root.locator(".pyr-board"), f"{name}'s board")
    assert_visible_whole(root.locator(".pyr-toolbar"), f"{name}'s toolbar")


def refused(nb: Any, root: Locator, var: str, text: str, key: str) -> None:
    message = field(root, "message")
    expect(message).to_have_text(text)
    expect(message).to_be_visible()
    assert nb.wait_python(f"{var}.game.message.key", key)


def removed(nb: Any, root: Locator, var: str, clicks: list[str], move: str, shot: str = "") -> None:
    """Click the cards in turn: they leave the DOM and the game's last move is ``move``. With
    ``shot``, a screenshot of the cards selected before the last click."""
    for name in clicks[:-1]:
        card(root, name).click()
        expect(card(root, name)).to_have_attribute("data-selected", "true")
    if shot:
        shoot(root.page, root, shot)
    card(root, clicks[-1]).click()
    for name in clicks:
        expect(card(root, name)).to_have_count(0)
    assert nb.wait_python(f"[str(m) for m in {var}.game.history][-1:]", [move])
    expect(field(root, "moves")).to_have_text(str(nb.eval_python(f"{var}.game.moves")))


@pytest.mark.parametrize("jupyter_app", ["lab"], indirect=True)
def test_each_pile_game_deals_removes_from_its_piles_and_refuses_a_tap(
    page: Page, open_nb: Any, jupyter_app: Any
) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_viewport_size(LAPTOP)
    nb = open_nb(CELLS)
    roots = {var: page.locator(".pyr-root").nth(i) for i, var in enumerate(GAMES)}
    for root in roots.values():
        expect(root.locator(".pyr-pyramid [data-card]")).to_have_count(28, timeout=30_000)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)

    apophis(page, nb, roots["A"])
    reserve(page, nb, roots["R"])
    cell(page, nb, roots["C"])
    giza(page, nb, roots["G"])
    tuts_tomb(page, nb, roots["T"])
    # The dark theme: the same table in JupyterLab Dark, to be looked at.
    page.evaluate(
        "() => window.jupyterapp.commands.execute('apputils:change-theme', {theme: 'JupyterLab Dark'})"
    )
    expect(page.locator('body[data-jp-theme-light="false"]')).to_have_count(1, timeout=15_000)
    shoot(page, roots["G"], "giza-dark")
    assert not errors, errors


def apophis(page: Page, nb: Any, root: Locator) -> None:
    expect(root.locator('[data-pile="waste"]')).to_have_count(0)  # three waste piles of their own
    root.locator('[data-pile="stock"]').click()
    for pile, name in (("waste-1", "10♣"), ("waste-2", "3♠"), ("waste-3", "4♠")):
        expect(card(root, name)).to_have_attribute("data-free", "true")
        assert nb.wait_python(f"[str(c) for c in A.game.piles[{pile!r}]]", [name])
    fits(page, root, "apophis")
    removed(nb, root, "A", ["10♣", "3♠"], "10♣+3♠")
    expect(root.locator('.pyr-slot[data-pile="waste-1"] .pyr-empty')).to_be_visible()
    card(root, "Q♣").click()
    refused(nb, root, "A", BLOCKED, "blocked")
    removed(nb, root, "A", ["3♦", "10♥"], "3♦+10♥")


def reserve(page: Page, nb: Any, root: Locator) -> None:
    expect(root.locator('.pyr-piles .pyr-card[data-free="true"]')).to_have_count(7)
    fits(page, root, "reserve")
    removed(nb, root, "R", ["4♠", "9♦"], "4♠+9♦")
    removed(nb, root, "R", ["10♥", "3♠"], "10♥+3♠")
    card(root, "Q♣").click()
    refused(nb, root, "R", BLOCKED, "blocked")
    # The keyboard: across from the pyramid's bottom row into the reserve beside it.
    card(root, "A♠").focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("() => document.activeElement.closest('.pyr-piles') !== null")


def cell(page: Page, nb: Any, root: Locator) -> None:
    root.locator('[data-pile="stock"]').click()
    expect(root.locator('[data-pile="waste"] .pyr-card').last).to_have_attribute("data-card", "10♣")
    empty = root.locator('.pyr-slot[data-pile="cell"] .pyr-empty')
    expect(empty).to_have_text("Free cell")
    fits(page, root, "cell")
    card(root, "3♦").click()
    empty.click()
    expect(root.locator('.pyr-piles [data-card="3♦"]')).to_have_attribute("data-free", "true")
    assert nb.wait_python("[str(c) for c in C.game.piles['cell']]", ["3♦"])
    card(root, "5♦").click()
    card(root, "3♦").click()
    refused(nb, root, "C", SUM, "sum")
    card(root, "3♦").click()  # let it go (R13)
    removed(nb, root, "C", ["3♦", "10♣"], "3♦+10♣")
    expect(empty).to_be_visible()


def giza(page: Page, nb: Any, root: Locator) -> None:
    expect(root.locator('[data-pile="stock"]')).to_be_hidden()
    expect(root.locator(".pyr-piles .pyr-card[data-card]")).to_have_count(24)
    fits(page, root, "giza")
    card(root, "10♦").click(position={"x": 8, "y": 4})  # its visible strip, above 9♠ in column 3
    refused(nb, root, "G", BLOCKED, "blocked")
    card(root, "4♠").click()
    expect(card(root, "4♠")).to_have_attribute("data-selected", "true")
    expect(field(root, "message")).to_have_text("")  # a tap clears the last message
    card(root, "7♠").click(position={"x": 8, "y": 4})  # column 3's first card, under two others
    refused(nb, root, "G", BLOCKED, "blocked")
    expect(card(root, "4♠")).to_have_attribute("data-selected", "true")  # nothing else happens
    card(root, "4♠").click()
    expect(card(root, "3♠")).to_have_attribute("data-free", "false")
    removed(nb, root, "G", ["4♠", "9♣"], "4♠+9♣")
    expect(card(root, "3♠")).to_have_attribute("data-free", "true")  # uncovered
    shoot(page, root, "giza-played")
    # The keyboard: across the columns' exposed cards.
    card(root, "9♠").focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("() => document.activeElement.dataset.card") == "5♥"


def tuts_tomb(page: Page, nb: Any, root: Locator) -> None:
    root.locator('[data-pile="stock"]').click()
    waste = root.locator('[data-pile="waste"] .pyr-card')
    expect(waste).to_have_count(3)
    expect(waste.last).to_have_attribute("data-card", "4♠")
    fits(page, root, "tuts-tomb")
    three_dealt_fanned(nb, root, waste)
    card(root, "Q♣").click()
    refused(nb, root, "T", BLOCKED, "blocked")
    removed(nb, root, "T", ["5♦", "3♦", "A♠", "4♠"], "5♦+3♦+A♠+4♠", shot="tuts-tomb-selected")


def three_dealt_fanned(nb: Any, root: Locator, waste: Locator) -> None:
    """The three cards a draw dealt show, as in the game, fanned beside the stock: a pyramid
    card's size, each a step right of the one beneath, the top one alone playable, none over the
    pyramid."""
    dealt = nb.wait_python("[str(c) for c in T.game.piles['waste']]", lambda cards: len(cards) == 3)
    assert [waste.nth(i).get_attribute("data-card") for i in range(3)] == dealt
    assert [waste.nth(i).get_attribute("data-free") for i in range(3)] == ["false", "false", "true"]
    root.page.evaluate(
        "() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => 0)))"
    )
    cards = [box(waste.nth(i)) for i in range(3)]
    pyramid = [box(c) for c in root.locator(".pyr-pyramid [data-card]").all()]
    stock = box(root.locator('[data-pile="stock"]'))
    width = pyramid[0]["width"]
    assert all(abs(c["width"] - width) < 0.5 for c in cards), (cards, width)
    assert 0 <= cards[0]["left"] - stock["right"] < width / 4, (cards[0], stock)
    for under, over in pairwise(cards):
        assert width / 5 < over["left"] - under["left"] < width / 2, (under, over)
        assert abs(over["top"] - under["top"]) < width / 4, (under, over)
    for c in pyramid:
        assert cards[-1]["right"] <= c["left"] or cards[0]["bottom"] <= c["top"], (cards, c)


@pytest.mark.parametrize("jupyter_app", ["notebook"], indirect=True)
def test_the_tallest_pile_tables_fit_a_laptop_screen_in_notebook_7(
    page: Page, open_nb: Any, jupyter_app: Any
) -> None:
    """Giza's columns and the reserve row deepen the board the most: in Notebook 7 too, scrolled
    to the top of its cell, each table is on screen whole, toolbar included."""
    page.set_viewport_size(LAPTOP)
    open_nb([CELLS[0], "G", "R"])
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for i, name in enumerate(("giza", "reserve")):
        root = page.locator(".pyr-root").nth(i)
        expect(root.locator(".pyr-piles .pyr-card[data-card]")).not_to_have_count(0, timeout=30_000)
        fits(page, root, f"{name}-notebook7")
