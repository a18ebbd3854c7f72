""" "Card indices: R D V" in a real JupyterLab: the option, chosen in the Options panel, turns the
court cards' corners from K Q J to R D V (and back), on the cards as drawn: each card's art is
the face whose corner text reads the chosen letter, and its pixels change. Screenshots go to
``test-artifacts/``.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect
from test_layout import ARTIFACTS, open_at_laptop_size

# The letters in the corners of a card as drawn: the text of the art's symbol (and of the
# symbol it shows the top of), as the page holds them.
CORNERS_JS = """
(card) => {
  const texts = (id) => {
    const symbol = document.getElementById(id);
    const top = symbol.querySelector(':scope > use');
    const upper = top && document.getElementById(top.getAttribute('href').slice(1));
    return [...symbol.querySelectorAll(':scope > text'),
            ...(upper ? upper.querySelectorAll(':scope > text') : [])].map((t) => t.textContent);
  };
  return [...new Set(texts(card.querySelector('.pyr-art use').getAttribute('href').slice(1)))];
}
"""
# Cards of the deal PY1-N-AAAAAAS: the bottom row's king and jack, a queen under the row below.
COURTS = {"K♣": ("K", "R"), "J♥": ("J", "V"), "Q♦": ("Q", "D"), "5♦": ("5", "5")}


def corners(root: Locator, card: str) -> list[str]:
    return list(root.locator(f'[data-card="{card}"]').evaluate(CORNERS_JS))


def choose(root: Locator, french: bool) -> None:
    root.locator('[data-action="more"]').click()
    root.locator('[data-action="options"]').click()
    root.locator('[data-option="french_indices"]').select_option("1" if french else "0")
    root.locator('[data-action="options-close"]').click()


@pytest.mark.parametrize("jupyter_app", ["lab"], indirect=True)
def test_french_indices_change_what_the_corners_show(page: Page, open_nb: Any) -> None:
    root = open_at_laptop_size(page, open_nb, "lab")
    king = root.locator('[data-card="K♣"]')
    plain = king.screenshot(animations="disabled")
    for card, (english, _) in COURTS.items():
        assert corners(root, card) == [english], card
    choose(root, french=True)
    expect(king.locator(".pyr-art use")).to_have_attribute("href", "#pw-fr-KC-fr")
    for card, (_, french) in COURTS.items():
        assert corners(root, card) == [french], card
    assert king.screenshot(animations="disabled") != plain, "the king's corners look the same"
    page.screenshot(path=str(ARTIFACTS / "indices-lab-french.png"))
    choose(root, french=False)
    expect(king.locator(".pyr-art use")).to_have_attribute("href", "#pw-fr-KC")
    assert corners(root, "K♣") == ["K"]
