"""A pile game that no preset has, defined in the notebook, plays in the widget: adding a
pile game is one definition plus its tests.

The table below exists only in this test: two waste piles the stock deals two cards onto, a free
cell, one reserve card and two Giza-like columns of two cards, a combination of pile kinds no
preset uses. The front end draws it from the snapshot alone (``widget.js`` has no case for it;
the standard game's waste goes through the same code): every pile is drawn where the table
entry puts it, and a removal is played from each kind of pile by clicking, checked in the DOM
and in ``w.game``:

deal ``PY1-X-AAAAAAS`` on that table: reserve 10♣, column 1 3♠ under 4♠, column 2 9♦ under Q♥,
the pyramid's bottom row 5♦ K♣ 2♠ J♥ 3♦ 10♥ A♠. The covered 3♠ is refused (R8); ``3♦+10♣`` pairs
the reserve card (A2), ``A♠+Q♥`` a column's exposed card (A4), which frees 9♦; 5♦ goes into the
cell (A3); a draw deals 9♣ and 7♠ onto the two waste piles (A1); ``9♣+4♠`` pairs a waste pile's
top with a column's, which frees 3♠; the arrow keys go from one column to the other, across the
pyramid between them.

A screenshot of the table at 1280x720 goes to ``test-artifacts/piles-new-game-1280x720.png``.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect
from test_piles_browser import ARTIFACTS, BLOCKED, LAPTOP, card, field, refused, removed, shoot

DEFINITION = """\
from pyramide_widget import Game, PyramideWidget, Rules
from pyramide_widget.engine.cards import FRENCH_DECK
from pyramide_widget.engine.geometry import STANDARD_SHAPE
from pyramide_widget.engine.piles import Pile
from pyramide_widget.engine.table import Table

NEW = Table("Test piles", STANDARD_SHAPE, FRENCH_DECK, draw=2, piles=(
    Pile("waste"), Pile("waste"), Pile("cell"), Pile("reserve", 1), Pile("column", 2), Pile("column", 2)))
N = PyramideWidget(game=Game.from_code("PY1-X-AAAAAAS", rules=Rules(table=NEW)), stats=False)
"""
PILES = ["waste-1", "waste-2", "cell", "reserve", "column-1", "column-2"]


@pytest.mark.parametrize("jupyter_app", ["lab"], indirect=True)
def test_a_pile_game_defined_in_the_notebook_draws_and_plays_with_no_front_end_change(
    page: Page, open_nb: Any, jupyter_app: Any
) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_viewport_size(LAPTOP)
    nb = open_nb([DEFINITION, "N"])
    root = page.locator(".pyr-root")
    expect(root.locator(".pyr-pyramid [data-card]")).to_have_count(28, timeout=30_000)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)

    # Every pile drawn, each with the cards the deal put on it, where the table entry says.
    expect(root.locator(".pyr-slot")).to_have_count(len(PILES))
    assert (
        root.locator(".pyr-slot").evaluate_all("(slots) => slots.map((s) => s.dataset.pile)")
        == PILES
    )
    for pile, cards in {
        "reserve": ["10♣"],
        "column-1": ["3♠", "4♠"],
        "column-2": ["9♦", "Q♥"],
    }.items():
        drawn = root.locator(f'[data-pile="{pile}"] .pyr-card')
        expect(drawn).to_have_count(len(cards))
        assert drawn.evaluate_all("(cards) => cards.map((c) => c.dataset.card)") == cards
    places = nb.eval_python("{p['id']: (p['x'], p['y']) for p in N._table['piles']['places']}")
    board = root.locator(".pyr-board").bounding_box()
    size = nb.eval_python("(N._table['width'], N._table['height'])")
    for pile in ("reserve", "column-1"):
        # Where the layout puts the card (a free card's lift is no move of its place).
        left, top = root.locator(f'[data-pile="{pile}"] .pyr-card').first.evaluate(
            "(el) => [el.offsetLeft, el.offsetTop]"
        )
        x, y = places[pile]
        assert abs(left - x * board["width"] / size[0]) < 2, pile
        assert abs(top - y * board["height"] / size[1]) < 2, pile
    expect(card(root, "3♠")).to_have_attribute("data-free", "false")
    expect(card(root, "4♠")).to_have_attribute("data-free", "true")
    expect(root.locator('.pyr-slot[data-pile="cell"] .pyr-empty')).to_have_text("Free cell")
    # The only reserve pile is named alone; a pile one of several, with its number.
    expect(root.locator('.pyr-slot[data-pile="reserve"]')).to_have_attribute(
        "aria-label", "Reserve"
    )
    expect(root.locator('.pyr-slot[data-pile="column-2"]')).to_have_attribute(
        "aria-label", "Column 2"
    )
    shoot(page, root, "new-game")

    card(root, "3♠").click(position={"x": 8, "y": 4})  # its visible strip, under 4♠
    refused(nb, root, "N", BLOCKED, "blocked")
    removed(nb, root, "N", ["3♦", "10♣"], "3♦+10♣")  # the reserve
    removed(nb, root, "N", ["A♠", "Q♥"], "A♠+Q♥")  # a column
    expect(card(root, "9♦")).to_have_attribute("data-free", "true")
    card(root, "5♦").click()
    root.locator('.pyr-slot[data-pile="cell"] .pyr-empty').click()  # the cell
    expect(root.locator('[data-pile="cell"] [data-card="5♦"]')).to_have_attribute(
        "data-free", "true"
    )
    assert nb.wait_python("[str(c) for c in N.game.piles['cell']]", ["5♦"])
    root.locator('[data-pile="stock"]').click()  # two cards, one onto each waste pile
    for pile, name in (("waste-1", "9♣"), ("waste-2", "7♠")):
        expect(root.locator(f'[data-pile="{pile}"] .pyr-card').last).to_have_attribute(
            "data-card", name
        )
        expect(root.locator(f'[data-pile="{pile}"]')).to_have_attribute("data-count", "1")
    removed(nb, root, "N", ["9♣", "4♠"], "9♣+4♠")  # a waste pile and a column
    expect(card(root, "3♠")).to_have_attribute("data-free", "true")
    expect(field(root, "moves")).to_have_text(str(nb.eval_python("N.game.moves")))
    shoot(page, root, "new-game-played")

    # The columns stand on either side of the pyramid: the arrow keys go across it to the other.
    card(root, "3♠").focus()
    seen = []
    for _ in range(10):
        page.keyboard.press("ArrowRight")
        seen.append(page.evaluate("() => document.activeElement.dataset.card"))
        if seen[-1] == "9♦":
            break
    assert seen[-1] == "9♦", seen
    assert not errors, errors
