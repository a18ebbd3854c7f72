"""The card art in Chromium: every face of both decks draws (ink on the paper, no two cards
alike), the corner indices' real glyphs stay inside the boxes the static picture's checker
(tests/svg_marks.py) assumes, and a gallery of each deck goes to ``cards-french.png`` and
``cards-spanish.png`` in the artifacts folder. The pictures in docs/images are these, made
smaller with ``pngquant --quality 70-95``.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from playwright.sync_api import Page
from svg_marks import SVG, pieces, text_box  # tests/, on the path as the root conftest's folder

from pyramide_widget.engine.cards import FRENCH_DECK, SPANISH_DECK, Deck
from pyramide_widget.engine.view.card_art import (
    BACK_ID,
    CARD_HEIGHT,
    CARD_WIDTH,
    VIEWBOX,
    defs,
    face_id,
    sprite,
)
from pyramide_widget.engine.view.palette import TABLE

ET.register_namespace("", "http://www.w3.org/2000/svg")

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("PYRAMIDE_TEST_ARTIFACTS", REPO / "test-artifacts"))
DECKS = [FRENCH_DECK, SPANISH_DECK]

# Each standalone card SVG drawn on a canvas: how many of its pixels are inked (darker than the
# paper), and a hash of the picture.
RENDER_JS = """
async (svgs) => {
  const canvas = document.createElement('canvas');
  canvas.width = 100; canvas.height = 140;
  const context = canvas.getContext('2d', {willReadFrequently: true});
  const out = [];
  for (const svg of svgs) {
    const image = new Image();
    image.src = URL.createObjectURL(new Blob([svg], {type: 'image/svg+xml'}));
    await image.decode();
    context.clearRect(0, 0, 100, 140);
    context.drawImage(image, 0, 0, 100, 140);
    const data = context.getImageData(0, 0, 100, 140).data;
    let inked = 0, print = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i] + data[i + 1] + data[i + 2] < 600 && data[i + 3] > 128) inked++;
      for (let j = i; j < i + 4; j++) print = (Math.imul(print, 16777619) ^ data[j]) >>> 0;
    }
    out.push({inked, print});
  }
  return out;
}
"""


def standalone(deck: Deck, ident: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{VIEWBOX}" width="100" height="140">'
        f'{defs(deck, [ident])}<use href="#{ident}"/></svg>'
    )


@pytest.mark.parametrize("deck", DECKS, ids=lambda d: d.name)
def test_every_face_draws_and_no_two_cards_look_alike(page: Page, deck: Deck) -> None:
    ids = [face_id(card) for card in deck.cards()] + [BACK_ID]
    page.set_content("<!doctype html><html><body></body></html>")
    drawn = page.evaluate(RENDER_JS, [standalone(deck, ident) for ident in ids])
    blank = [ident for ident, found in zip(ids, drawn, strict=True) if found["inked"] < 150]
    assert blank == []
    prints = [found["print"] for found in drawn]
    assert len(set(prints)) == len(ids)


# Each index text of a deck, drawn alone on a card-sized SVG: its real glyphs' box.
GLYPHS_JS = """
(texts) => texts.map((markup) => {
  const holder = document.createElement('div');
  holder.innerHTML = markup;
  document.body.append(holder);
  const box = holder.querySelector('text').getBBox();
  holder.remove();
  return [box.x, box.y, box.x + box.width, box.y + box.height];
})
"""


@pytest.mark.parametrize("deck", DECKS, ids=lambda d: d.name)
def test_index_glyphs_stay_inside_the_boxes_the_checker_assumes(page: Page, deck: Deck) -> None:
    by_id = pieces(ET.fromstring(sprite(deck)))
    texts: dict[str, ET.Element] = {}
    for card, index_set in ((card, i) for card in deck.cards() for i in deck.indices):
        symbol = by_id[face_id(card, index_set) + "-top"]  # R D V too
        for text in symbol.iter(f"{SVG}text"):
            texts.setdefault(text.text or "", text)
            font = {name: symbol.get(name, "") for name in ("font-family", "font-weight")}
    markup = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{VIEWBOX}" width="{CARD_WIDTH}" '
        f'height="{CARD_HEIGHT}" font-family="{font["font-family"]}" '
        f'font-weight="{font["font-weight"]}">{ET.tostring(text, encoding="unicode")}</svg>'
        for text in texts.values()
    ]
    page.set_content("<!doctype html><html><body></body></html>")
    measured = page.evaluate(GLYPHS_JS, markup)
    for (rank, text), (left, top, right, bottom) in zip(texts.items(), measured, strict=True):
        bound = text_box(text)
        assert right - left > 0, rank
        assert bound.left - 0.5 <= left and right <= bound.right + 0.5, (rank, left, right, bound)
        assert bound.top - 0.5 <= top and bottom <= bound.bottom + 0.5, (rank, top, bottom, bound)


def gallery(deck: Deck) -> str:
    """Every card of ``deck`` and the back, at 60 and at 110 px wide, on the felt."""

    def card(ident: str, width: int) -> str:
        return (
            f'<svg viewBox="{VIEWBOX}" width="{width}" height="{width * CARD_HEIGHT // CARD_WIDTH}" '
            'style="margin:2px">'
            f'<use href="#{ident}"/></svg>'
        )

    rows = []
    for width, suits in ((60, 2), (110, 1)):  # a row: two suits small, one suit large
        for first in range(0, len(deck.suits), suits):
            chosen = deck.suits[first : first + suits]
            cards = [face_id(c) for c in deck.cards() if c.suit in chosen]
            back = [BACK_ID] if first == 0 else []
            rows.append(
                '<div style="white-space:nowrap">'
                + "".join(card(i, width) for i in cards + back)
                + "</div>"
            )
    return (
        f'<!doctype html><html><body style="margin:0"><div id="gallery" style="display:inline-block;'
        f'padding:8px;background:{TABLE["felt"]}">{sprite(deck)}{"".join(rows)}</div></body></html>'
    )


@pytest.mark.parametrize("deck", DECKS, ids=lambda d: d.name)
def test_a_gallery_of_each_deck(page: Page, deck: Deck) -> None:
    page.set_viewport_size({"width": 1700, "height": 1200})
    page.set_content(gallery(deck))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"cards-{deck.name.lower()}.png"
    page.locator("#gallery").screenshot(path=str(path))
    assert path.stat().st_size > 10_000
