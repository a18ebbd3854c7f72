"""The table as static SVG/HTML, without JavaScript.

A notebook saved with a :class:`~pyramide_widget.game.Game` or a widget in it still shows the
position where no kernel runs (GitHub, nbconvert, nbviewer): ``Game._repr_svg_`` and
``Game._repr_html_`` call these functions, and the widget adds the HTML to its display as the
fallback of the live view. Free cards have the green border of the app (its rules page), the
selected card a blue one. Standard library only; inline attributes only, because renderers of
static notebooks strip ``<style>`` elements.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .cards import Card
    from .game import Game

CARD_W, CARD_H = 50, 70
STEP_X, STEP_Y = 55, 35  # neighbours in a row; rows overlap by half a card
MARGIN = 10
FREE_COLOUR = "#1e9e3e"
SELECTED_COLOUR = "#1565c0"
RED, BLACK = "#c62828", "#1a1a1a"


def _card_svg(card: "Card", x: float, y: float, *, free: bool, selected: bool, covered: bool = False) -> str:
    """One card. A ``covered`` card (a card of the next row lies over its lower half) has no
    centre pip: that pip would show as a sliver of a suit beside or between its coverers."""
    colour = RED if card.is_red else BLACK
    stroke, width = (SELECTED_COLOUR, 3.5) if selected else (FREE_COLOUR, 3) if free else ("#666", 1)
    fill = "#fff8d6" if selected else "#ffffff"
    label = escape(str(card))
    rank, suit = label[:-1], label[-1]
    pip = "" if covered else (
        f'<text x="{x + CARD_W / 2}" y="{y + CARD_H - 12}" font-size="24" text-anchor="middle" '
        f'fill="{colour}" font-family="DejaVu Sans, Arial, sans-serif">{suit}</text>')
    return (
        f'<g data-card="{label}" data-free="{str(free).lower()}">'
        f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="5" fill="{fill}" '
        f'stroke="{stroke}" stroke-width="{width}"/>'
        f'<text x="{x + 5}" y="{y + 17}" font-size="15" font-weight="bold" fill="{colour}" '
        f'font-family="DejaVu Sans, Arial, sans-serif">{rank}{suit}</text>{pip}</g>'
    )


def game_svg(game: "Game") -> str:
    """The table of ``game`` as one SVG element: pyramid, stock (count) and waste (top card)."""
    rows = game.shape.rows
    width = MARGIN * 2 + (rows - 1) * STEP_X + CARD_W
    height = MARGIN * 2 + (rows - 1) * STEP_Y + CARD_H
    free = set(game.free_places())
    selected = game.selected
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
        f'height="{height}" role="img" aria-label="{escape(_summary(game))}">',
        f'<rect width="{width}" height="{height}" rx="8" fill="#e8ece9"/>',
    ]
    pyramid = game.pyramid
    for r, row in enumerate(pyramid, 1):
        left = MARGIN + (rows - r) * STEP_X / 2
        below = pyramid[r] if r < rows else []  # the row that covers this one
        for c, card in enumerate(row, 1):
            if card is None:
                continue
            place = (r, c)
            parts.append(_card_svg(
                card, left + (c - 1) * STEP_X, MARGIN + (r - 1) * STEP_Y,
                free=("pyramid", *place) in free,
                selected=selected is not None and (selected.row, selected.col) == place and selected.pile == "pyramid",
                covered=any(under is not None for under in below[c - 1:c + 1]),
            ))
    # Stock top left, waste top right: the corners the narrow top of the pyramid leaves free.
    stock = len(game.stock)
    parts.append(f'<g data-pile="stock"><rect x="{MARGIN}" y="{MARGIN}" width="{CARD_W}" height="{CARD_H}" rx="5" '
                 + ('fill="#3b5b92" stroke="#233a63"' if stock else 'fill="none" stroke="#888" stroke-dasharray="4 3"')
                 + f'/><text x="{MARGIN + CARD_W / 2}" y="{MARGIN + CARD_H + 16}" font-size="13" text-anchor="middle" '
                 f'fill="#333" font-family="DejaVu Sans, Arial, sans-serif">{stock}</text></g>')
    waste = game.waste
    wx = width - MARGIN - CARD_W
    parts.append('<g data-pile="waste">')
    if waste:
        parts.append(_card_svg(waste[-1], wx, MARGIN, free=True,
                               selected=selected is not None and selected.pile == "waste"))
    else:
        parts.append(f'<rect x="{wx}" y="{MARGIN}" width="{CARD_W}" height="{CARD_H}" rx="5" fill="none" '
                     'stroke="#888" stroke-dasharray="4 3"/>')
    parts.append(f'<text x="{wx + CARD_W / 2}" y="{MARGIN + CARD_H + 16}" font-size="13" text-anchor="middle" '
                 f'fill="#333" font-family="DejaVu Sans, Arial, sans-serif">{len(waste)}</text></g>')
    parts.append("</svg>")
    return "".join(parts)


def _summary(game: "Game") -> str:
    return (f"Pyramide {game.code or 'custom layout'}: score {game.score}, moves {game.moves}, "
            f"{game.status.value}")


def game_html(game: "Game") -> str:
    """The SVG table with a caption: code, rules, score, moves, status and the last message."""
    message = game.message
    caption = escape(_summary(game) + f" ({game.rules.name} rules)")
    if message is not None:
        caption += f" — <strong>{escape(message.text)}</strong>"
    return (f'<div class="pyramide-static"><div style="font-family: sans-serif; font-size: 13px; '
            f'margin-bottom: 4px">{caption}</div>{game_svg(game)}</div>')
