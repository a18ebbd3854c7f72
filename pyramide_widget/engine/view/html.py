"""The table as static SVG/HTML, without JavaScript.

A notebook saved with a :class:`~pyramide_widget.engine.game.Game` or a widget in it still shows the
position where no kernel runs (GitHub, nbconvert, nbviewer): ``Game._repr_svg_`` and
``Game._repr_html_`` call these functions, and the widget adds the HTML to its display as the
fallback of the live view. The picture draws the same snapshot as the live front end
(:func:`~pyramide_widget.engine.view_state.snapshot`): places, positions, card size, piles and
faces all come from its ``table`` entry, none is written here. Cards are the card art's symbols
(:mod:`.card_art`, only those the picture uses, in its own ``<defs>``) on the felt of the
palette (:mod:`.palette`): free cards glow, the selected card has a ring, and a card with a card
on its lower half shows its top (:func:`~.card_art.top_id`). Standard library only; inline
attributes only, because renderers of static notebooks strip ``<style>`` elements.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from ..cards import FRENCH_DECK, SPANISH_DECK, Deck
from .card_art import BACK_ID, defs, face_id, top_id
from .palette import TABLE
from .snapshot import snapshot

if TYPE_CHECKING:
    from ..game import Game

SCALE = 5
"""Pixels per drawing unit of the snapshot's table (a standard board is 400 x 300 px)."""
FONT = 'font-family="Liberation Sans, Arial, Helvetica, DejaVu Sans, sans-serif"'
_EFFECTS = (
    '<filter id="pw-lift" x="-20%" y="-20%" width="140%" height="140%">'
    f'<feDropShadow dx="0" dy="1.2" stdDeviation="1.2" flood-color="{TABLE["shadow"]}" '
    'flood-opacity="0.55"/></filter>'
    '<filter id="pw-glow" x="-30%" y="-30%" width="160%" height="160%">'
    '<feGaussianBlur stdDeviation="2.2"/></filter>'
    '<radialGradient id="pw-felt" cx="50%" cy="42%" r="75%">'
    f'<stop offset="0" stop-color="{TABLE["felt"]}"/>'
    f'<stop offset="1" stop-color="{TABLE["felt-shadow"]}"/></radialGradient>'
)
"""The picture's own definitions: a card's cast shadow, a free card's glow, the felt's light."""


class _Board:
    """The snapshot's table in pixels: where each place and pile is drawn, and a card's size;
    the card art's ids it uses, collected as it draws."""

    def __init__(self, table: dict[str, Any]) -> None:
        self.table = table
        self.card_w = table["card"]["width"] * SCALE
        self.card_h = table["card"]["height"] * SCALE
        self.width = table["width"] * SCALE
        self.height = table["height"] * SCALE
        self.deck: Deck = (
            SPANISH_DECK if table["deck"]["name"] == SPANISH_DECK.name else FRENCH_DECK
        )
        self.used: set[str] = set()

    def at(self, position: dict[str, Any]) -> tuple[float, float]:
        return position["x"] * SCALE, position["y"] * SCALE

    def use(self, ident: str, x: float, y: float) -> str:
        """A card drawn from the sprite's symbol ``ident`` at (x, y), with its shadow."""
        self.used.add(ident)
        return (
            f'<use href="#{ident}" x="{x}" y="{y}" width="{self.card_w}" height="{self.card_h}" '
            'filter="url(#pw-lift)"/>'
        )


def _card_svg(
    board: _Board,
    card: str,
    x: float,
    y: float,
    *,
    free: bool,
    selected: bool,
    covered: bool = False,
) -> str:
    """One face-up card. A ``covered`` card (a card lies over its lower half) shows its top:
    the marks of its lower half would show as slivers beside or between its coverers."""
    w, h = board.card_w, board.card_h
    parsed = board.deck.parse(card)
    glow = (
        f'<rect x="{x - 2}" y="{y - 2}" width="{w + 4}" height="{h + 4}" rx="5" '
        f'fill="{TABLE["free-glow"]}" filter="url(#pw-glow)"/>'
        if free and not selected
        else ""
    )
    ring = (
        f'<rect x="{x - 1}" y="{y - 1}" width="{w + 2}" height="{h + 2}" rx="4" fill="none" '
        f'stroke="{TABLE["selected"]}" stroke-width="3"/>'
        if selected
        else ""
    )
    return (
        f'<g data-card="{escape(card)}" data-free="{str(free).lower()}">{glow}'
        + board.use(top_id(parsed) if covered else face_id(parsed), x, y)
        + f"{ring}</g>"
    )


def _back_svg(board: _Board, x: float, y: float) -> str:
    """A face-down card: its back, as the stock shows it."""
    return f'<g data-face-down="true">{board.use(BACK_ID, x, y)}</g>'


def _empty_svg(board: _Board, x: float, y: float) -> str:
    return (
        f'<rect x="{x}" y="{y}" width="{board.card_w}" height="{board.card_h}" rx="3" fill="none" '
        f'stroke="{TABLE["outline"]}" stroke-width="1.5" stroke-dasharray="4 3"/>'
    )


def _count_svg(board: _Board, x: float, y: float, count: int) -> str:
    """A pile's count: under the pile in the top corners, above it in the bottom ones."""
    baseline = y + board.card_h + 16 if board.table["piles"]["end"] == "top" else y - 6
    return (
        f'<text x="{x + board.card_w / 2}" y="{baseline}" font-size="13" font-weight="bold" '
        f'text-anchor="middle" fill="{TABLE["felt-text"]}" {FONT}>{count}</text>'
    )


def game_svg(game: Game) -> str:
    """The table of ``game`` as one SVG element: tableau, stock (count) and the other piles (the
    waste's top card and count, and whatever piles the table has)."""
    return _svg(snapshot(game))


def _svg(st: dict[str, Any]) -> str:
    board = _Board(st["table"])
    width, height = board.width, board.height
    selected = st["selected"]
    parts = [f'<rect width="{width}" height="{height}" rx="8" fill="url(#pw-felt)"/>']
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
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
        f'height="{height}" role="img" aria-label="{escape(_summary(st))}">'
        + defs(board.deck, sorted(board.used)).replace("</defs>", _EFFECTS + "</defs>")
        + "".join(parts)
        + "</svg>"
    )


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
        + (board.use(BACK_ID, sx, sy) if stock else _empty_svg(board, sx, sy))
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
