"""The table as static SVG/HTML, without JavaScript.

A notebook saved with a :class:`~pyramide_widget.engine.game.Game` or a widget in it still shows the
position where no kernel runs (GitHub, nbconvert, nbviewer): ``Game._repr_svg_`` and
``Game._repr_html_`` call these functions, and the widget adds the HTML to its display as the
fallback of the live view. The picture draws the same snapshot as the live front end
(:func:`~pyramide_widget.engine.view_state.snapshot`): places, positions, card size, piles, faces and
suit colours all come from its ``table`` entry, none is written here. Free cards have the green
border of the app (its rules page), the selected card a blue one. Standard library only; inline
attributes only, because renderers of static notebooks strip ``<style>`` elements.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from .view_state import snapshot

if TYPE_CHECKING:
    from .game import Game

SCALE = 5
"""Pixels per drawing unit of the snapshot's table (a standard board is 400 x 300 px)."""
FREE_COLOUR = "#1e9e3e"
SELECTED_COLOUR = "#1565c0"
BACK, BACK_EDGE = "#3b5b92", "#233a63"
INK = {
    "red": "#c62828",
    "black": "#1a1a1a",
    "gold": "#a86b00",
    "blue": "#1f4fa8",
    "green": "#2e7d32",
}
"""The printed colour of each suit colour a deck names (the palette of widget.css)."""
FONT = 'font-family="DejaVu Sans, Arial, sans-serif"'


class _Board:
    """The snapshot's table in pixels: where each place and pile is drawn, and a card's size."""

    def __init__(self, table: dict[str, Any]) -> None:
        self.table = table
        self.card_w = table["card"]["width"] * SCALE
        self.card_h = table["card"]["height"] * SCALE
        self.width = table["width"] * SCALE
        self.height = table["height"] * SCALE

    def at(self, position: dict[str, Any]) -> tuple[float, float]:
        return position["x"] * SCALE, position["y"] * SCALE


def _card_svg(
    board: _Board,
    card: str,
    x: float,
    y: float,
    *,
    free: bool,
    selected: bool,
    covered: bool = False,
    shown: float | None = None,
) -> str:
    """One face-up card. A ``covered`` card (a card lies over its lower half) has no centre pip:
    that pip would show as a sliver of a suit beside or between its coverers. ``shown``: the
    height of the strip left visible by the card on it (a column's overlapping cards), which
    its index must fit."""
    w, h = board.card_w, board.card_h
    size, baseline = 0.3 * w, 0.34 * w
    if shown is not None and baseline + 0.3 * size > shown:
        # Room for the glyphs' height and descent (1.3 em), half a pixel clear of the next card.
        size = min(size, (shown - 1) / 1.3)
        baseline = shown - 0.3 * size - 0.5
    rank, suit = card[:-1], card[-1]
    colour = INK[board.table["deck"]["suits"][suit]["colour"]]
    stroke, width = (
        (SELECTED_COLOUR, 3.5) if selected else (FREE_COLOUR, 3) if free else ("#666", 1)
    )
    fill = "#fff8d6" if selected else "#ffffff"
    label = escape(card)
    pip = (
        ""
        if covered
        else (
            f'<text x="{x + w / 2}" y="{y + h - 0.24 * w}" font-size="{0.48 * w}" text-anchor="middle" '
            f'fill="{colour}" {FONT}>{escape(suit)}</text>'
        )
    )
    return (
        f'<g data-card="{label}" data-free="{str(free).lower()}">'
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="5" fill="{fill}" '
        f'stroke="{stroke}" stroke-width="{width}"/>'
        f'<text x="{x + 0.1 * w}" y="{y + baseline}" font-size="{size}" font-weight="bold" fill="{colour}" '
        f"{FONT}>{escape(rank)}{escape(suit)}</text>{pip}</g>"
    )


def _back_svg(board: _Board, x: float, y: float) -> str:
    """A face-down card: its back, as the stock shows it."""
    return (
        f'<g data-face-down="true"><rect x="{x}" y="{y}" width="{board.card_w}" height="{board.card_h}" '
        f'rx="5" fill="{BACK}" stroke="{BACK_EDGE}"/></g>'
    )


def _empty_svg(board: _Board, x: float, y: float) -> str:
    return (
        f'<rect x="{x}" y="{y}" width="{board.card_w}" height="{board.card_h}" rx="5" fill="none" '
        'stroke="#888" stroke-dasharray="4 3"/>'
    )


def _count_svg(board: _Board, x: float, y: float, count: int) -> str:
    """A pile's count: under the pile in the top corners, above it in the bottom ones."""
    baseline = y + board.card_h + 16 if board.table["piles"]["end"] == "top" else y - 6
    return (
        f'<text x="{x + board.card_w / 2}" y="{baseline}" font-size="13" text-anchor="middle" '
        f'fill="#333" {FONT}>{count}</text>'
    )


def game_svg(game: Game) -> str:
    """The table of ``game`` as one SVG element: tableau, stock (count) and the other piles (the
    waste's top card and count, and whatever piles the table has)."""
    return _svg(snapshot(game))


def _svg(st: dict[str, Any]) -> str:
    board = _Board(st["table"])
    width, height = board.width, board.height
    selected = st["selected"]
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
        f'height="{height}" role="img" aria-label="{escape(_summary(st))}">',
        f'<rect width="{width}" height="{height}" rx="8" fill="#e8ece9"/>',
    ]
    pyramid = st["pyramid"]
    places = board.table["places"]
    for index, entry in enumerate(pyramid):
        if entry is None:
            continue
        x, y = places["x"][index] * SCALE, places["y"][index] * SCALE
        if entry.get("face_down"):
            parts.append(_back_svg(board, x, y))
            continue
        parts.append(
            _card_svg(
                board,
                entry["card"],
                x,
                y,
                free=entry["free"],
                selected=selected
                == {"pile": "pyramid", "row": places["row"][index], "col": places["col"][index]},
                covered=any(pyramid[j] is not None for j in places["covered_by"][index]),
            )
        )
    parts.extend(_stock_svg(board, st))
    parts.extend(_piles_svg(board, st))
    parts.append("</svg>")
    return "".join(parts)


def _stock_svg(board: _Board, st: dict[str, Any]) -> list[str]:
    """The stock, where the table has one (Giza has none): a back, or an outline when empty,
    and its count."""
    piles = board.table["piles"]
    if piles.get("stock") is None:
        return []
    sx, sy = board.at(piles["stock"])
    stock = st["stock"]["count"]
    return [
        '<g data-pile="stock">'
        + (
            f'<rect x="{sx}" y="{sy}" width="{board.card_w}" height="{board.card_h}" rx="5" '
            f'fill="{BACK}" stroke="{BACK_EDGE}"/>'
            if stock
            else _empty_svg(board, sx, sy)
        )
        + _count_svg(board, sx, sy, stock)
        + "</g>"
    ]


def _piles_svg(board: _Board, st: dict[str, Any]) -> list[str]:
    """Every pile besides the pyramid and the stock (the standard game's waste, waste piles, a
    reserve, a cell, columns), where the table entry places them and as it says to draw them,
    like the widget: a fanned pile (a column) every card, each lower one over the one before; a
    squared one its top card, or its outline when empty, and its count as its place says
    (``count``: always, or when it holds more than it shows)."""
    places = {place["id"]: place for place in board.table["piles"]["places"]}
    chosen = st.get("selection") or ([st["selected"]] if st["selected"] else [])
    parts = []
    for pile in st["piles"]:
        place = places[pile["id"]]
        x, y = board.at(place)
        fan = place["fan"] * SCALE
        cards = pile["cards"] if fan else pile["cards"][-1:]
        first = len(pile["cards"]) - len(cards)
        parts.append(f'<g data-pile="{escape(pile["id"])}">')
        if not cards:
            parts.append(_empty_svg(board, x, y))
        for offset, card in enumerate(cards):
            index = first + offset
            top = y + offset * fan
            if card is None:
                parts.append(_back_svg(board, x, top))
                continue
            parts.append(
                _card_svg(
                    board,
                    card,
                    x,
                    top,
                    free=index in pile["free"],
                    selected={"pile": pile["id"], "row": len(pile["cards"]) - index} in chosen,
                    covered=offset < len(cards) - 1,
                    shown=fan if offset < len(cards) - 1 else None,
                )
            )
        if not fan and (place["count"] == "always" or pile["count"] > len(cards)):
            parts.append(_count_svg(board, x, y, pile["count"]))
        parts.append("</g>")
    return parts


def _summary(st: dict[str, Any]) -> str:
    return f"Pyramide {st['code'] or 'custom layout'}: score {st['score']}, moves {st['moves']}, {st['status']}"


def game_html(game: Game) -> str:
    """The SVG table with a caption: code, rules, score, moves, status and the last message."""
    st = snapshot(game)
    caption = escape(_summary(st) + f" ({game.rules.name} rules)")
    if st["message"] is not None:
        caption += f" — <strong>{escape(st['message']['text'])}</strong>"
    return (
        f'<div class="pyramide-static"><div style="font-family: sans-serif; font-size: 13px; '
        f'margin-bottom: 4px">{caption}</div>{_svg(st)}</div>'
    )
