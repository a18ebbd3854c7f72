"""The static picture (``Game._repr_html_``/``_repr_svg_``, pyramide_widget/engine/html.py): every
symbol lies on its own card and none is half hidden under a card drawn later, so no sliver of a
suit shows between neighbouring cards.

Text sizes are bounded from the font size (each glyph at most one em wide, ascent at most one
em, descent at most 0.3 em), which holds for the fonts the SVG names; the browser test
``tests/browser/test_layout.py`` measures the same in Chromium with the real font.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import NamedTuple

import pytest
from layouts import r5_game

from pyramide_widget import Game
from pyramide_widget.engine.html import INK, SCALE, game_svg
from pyramide_widget.engine.rules import PRESETS
from pyramide_widget.engine.view_state import snapshot

SVG = "{http://www.w3.org/2000/svg}"


class Box(NamedTuple):
    left: float
    top: float
    right: float
    bottom: float

    def inside(self, other: Box) -> bool:
        return (
            self.left >= other.left
            and self.top >= other.top
            and self.right <= other.right
            and self.bottom <= other.bottom
        )

    def overlaps(self, other: Box) -> bool:
        return (
            self.left < other.right
            and other.left < self.right
            and self.top < other.bottom
            and other.top < self.bottom
        )


def rect_box(rect: ET.Element) -> Box:
    x, y = float(rect.get("x", 0)), float(rect.get("y", 0))
    return Box(x, y, x + float(rect.get("width", 0)), y + float(rect.get("height", 0)))


def text_box(text: ET.Element) -> Box:
    """A box that surely holds the drawn text (see the module docstring)."""
    size = float(text.get("font-size", 16))
    width = size * len(text.text or "")
    x, baseline = float(text.get("x", 0)), float(text.get("y", 0))
    left = {"middle": x - width / 2, "end": x - width}.get(text.get("text-anchor", "start"), x)
    return Box(left, baseline - size, left + width, baseline + 0.3 * size)


def stray_symbols(svg: str) -> list[str]:
    """Texts outside their card, or partly under a card drawn after them, described."""
    drawn: list[tuple[str, Box | None, ET.Element]] = []  # (card, its rectangle, element) in order

    def walk(parent: ET.Element, card: str) -> None:
        card_rect = None  # a card's group starts with its rectangle
        for el in parent:
            if el.tag == f"{SVG}g":
                walk(el, el.get("data-card", card))
            elif el.tag == f"{SVG}rect":
                card_rect = card_rect or (rect_box(el) if card else None)
                drawn.append((card, rect_box(el), el))
            elif el.tag == f"{SVG}text":
                drawn.append((card, card_rect, el))

    walk(ET.fromstring(svg), "")
    problems = []
    for i, (card, rect, el) in enumerate(drawn):
        if el.tag != f"{SVG}text":
            continue
        box = text_box(el)
        if card and rect is not None and not box.inside(rect):
            problems.append(f"{el.text!r} of {card} sticks out of its card")
        for other, later, later_el in drawn[i + 1 :]:
            if later_el.tag == f"{SVG}rect" and later is not None and box.overlaps(later):
                problems.append(
                    f"{el.text!r} of {card or 'a pile'} is partly under {other or 'a pile'}"
                )
    return problems


def random_positions(letter: str, seed: int, count: int) -> list[Game]:
    """Positions along a random legal game: cards gone here and there, half-covered cards."""
    rng = random.Random(seed)
    game = Game.from_code(
        f"PY1-{letter}-{''.join(rng.choice('ABCDEFGHIJKLMNOPQRSTUVWXYZ') for _ in range(7))}"
    )
    positions = []
    while len(positions) < count and game.legal_moves():
        moves = game.legal_moves()
        removals = [m for m in moves if str(m) not in ("draw", "recycle")]
        game.play(rng.choice(removals or moves))
        positions.append(Game.replay(game.record()))
    return positions


def test_the_deal_has_no_stray_symbols() -> None:
    assert stray_symbols(game_svg(r5_game())) == []


def test_half_covered_cards_have_no_sliver_beside_their_coverer() -> None:
    game = r5_game()
    game.play("K♦")
    game.play("10♣+3♠")  # Q♣, 10♦ and J♠ keep one coverer; 10♠ is free
    game.tap("pyramid", 7, 1)  # a selected card, thicker border
    assert stray_symbols(game_svg(game)) == []
    assert 'data-card="10♠"' in game_svg(game)


@pytest.mark.parametrize("letter", ["N", "E", "T"])
def test_positions_along_random_games_have_no_stray_symbols(letter: str) -> None:
    positions = random_positions(letter, seed=ord(letter), count=30)
    assert len(positions) >= 10
    for game in positions:
        assert stray_symbols(game_svg(game)) == [], game.record().to_text()


def test_the_checker_sees_a_pip_between_two_coverers() -> None:
    # The picture before the fix: a covered card's centre pip drawn between its coverers.
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg">'
        '<g data-card="A♠"><rect x="37.5" y="10" width="50" height="70"/>'
        '<text x="62.5" y="68" font-size="24" text-anchor="middle">♠</text></g>'
        '<g data-card="2♠"><rect x="10" y="45" width="50" height="70"/></g>'
        '<g data-card="3♠"><rect x="65" y="45" width="50" height="70"/></g></svg>'
    )
    assert stray_symbols(svg) == ["'♠' of A♠ is partly under 2♠", "'♠' of A♠ is partly under 3♠"]


# ---------------------------------------------------------------- other tables, from the snapshot


def corners_drawn(svg: str) -> dict[tuple[float, float], str]:
    """The top left corner of each card drawn, face up (its card) or face down ("back")."""
    found = {}
    for group in ET.fromstring(svg).iter(f"{SVG}g"):
        rect = group.find(f"{SVG}rect")
        if group.get("data-card") or group.get("data-face-down"):
            found[rect_box(rect)[:2]] = group.get("data-card", "back")
    return found


@pytest.mark.parametrize(
    "letter", [p.letter for p in PRESETS.values() if p.rules.table.name != "Standard"]
)
def test_each_table_is_drawn_where_its_snapshot_places_it(letter: str) -> None:
    game = Game.from_code(f"PY1-{letter}-AAAAAAS")
    table = snapshot(game)["table"]
    svg = game_svg(game)
    root = ET.fromstring(svg)
    assert (root.get("width"), root.get("height")) == (
        str(table["width"] * SCALE),
        str(table["height"] * SCALE),
    )
    drawn = corners_drawn(svg)
    places = table["places"]
    for index, (row, col) in enumerate(game.shape.places()):
        assert (places["row"][index], places["col"][index]) == (row, col)
        shown = str(game.pyramid[row - 1][col - 1]) if game.is_face_up(row, col) else "back"
        assert drawn.get((places["x"][index] * SCALE, places["y"][index] * SCALE)) == shown, (
            row,
            col,
        )
    assert stray_symbols(svg) == []


def test_face_down_cards_are_backs_that_name_no_card() -> None:
    game = Game.from_code("PY1-F-AAAAAAS")
    svg = game_svg(game)
    backs = [
        group
        for group in ET.fromstring(svg).iter(f"{SVG}g")
        if group.get("data-face-down") == "true"
    ]
    assert len(backs) == 21  # all but the bottom row
    hidden = [str(card) for row in game.pyramid[:6] for card in row]
    assert not any(f'data-card="{card}"' in svg for card in hidden)


def test_the_triangle_puts_its_piles_and_their_counts_in_the_bottom_corners() -> None:
    game = Game.from_code("PY1-V-AAAAAAS")
    groups = {
        g.get("data-pile"): g
        for g in ET.fromstring(game_svg(game)).iter(f"{SVG}g")
        if g.get("data-pile")
    }
    height = snapshot(game)["table"]["height"] * SCALE
    for pile in ("stock", "waste"):
        box = rect_box(groups[pile].find(f"{SVG}rect"))
        count = text_box(groups[pile].find(f"{SVG}text"))
        assert box.bottom > height * 0.9, pile
        assert count.bottom <= box.top and count.top >= 0, pile


def test_spanish_suits_keep_their_colours() -> None:
    svg = game_svg(Game.from_code("PY1-B-AAAAAAS"))
    fills = {
        text.text[-1]: text.get("fill")
        for text in ET.fromstring(svg).iter(f"{SVG}text")
        if text.text and text.text[-1] in "OCEB"
    }
    assert fills == {"O": INK["gold"], "C": INK["red"], "E": INK["blue"], "B": INK["green"]}
