"""The static picture (``Game._repr_html_``/``_repr_svg_``, pyramide_widget/engine/view/html.py): every
mark (index, pip, figure) lies on its own card and none is half hidden under a card drawn later,
so no sliver of a suit shows between neighbouring cards.

Cards are ``<use>`` elements of the card art's symbols; :mod:`svg_marks` follows them to each
mark's box (texts bounded from their font size). The browser test
``tests/browser/test_card_art_browser.py`` checks those bounds against Chromium's real glyphs.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from layouts import r5_game
from svg_marks import SVG, Box, href, marks, pieces, placed, rect_box, text_box

from pyramide_widget import Game
from pyramide_widget.engine.cards import SPANISH_DECK
from pyramide_widget.engine.rules import PRESETS
from pyramide_widget.engine.view.card_art import defs, face_id, top_id
from pyramide_widget.engine.view.html import SCALE, game_svg
from pyramide_widget.engine.view.palette import TABLE
from pyramide_widget.engine.view.snapshot import snapshot


def card_use(group: ET.Element) -> ET.Element | None:
    """The ``<use>`` that draws a card group's card (its face, top or back)."""
    return group.find(f"{SVG}use")


def stray_symbols(svg: str) -> list[str]:
    """Marks outside their card, or partly under a card drawn after them, described."""
    root = ET.fromstring(svg)
    by_id = pieces(root)
    drawn: list[tuple[str, Box, str | None, Box | None]] = []  # (card, box, mark, its box)

    def walk(parent: ET.Element, card: str) -> None:
        for el in parent:
            if el.tag == f"{SVG}g":
                walk(el, el.get("data-card", card))
            elif el.tag == f"{SVG}use":
                box = rect_box(el)
                drawn.append((card, box, None, None))  # a card hides what lies under it
                for what, mark in marks(by_id, href(el), placed(by_id[href(el)], el)):
                    drawn.append((card, box, what, mark))
            elif el.tag == f"{SVG}rect" and not card:
                drawn.append(("", rect_box(el), None, None))  # an empty place's outline
            elif el.tag == f"{SVG}text":
                drawn.append((card, rect_box(el), el.text or "", text_box(el)))

    walk(root, "")
    problems = []
    for i, (card, box, what, mark) in enumerate(drawn):
        if mark is None:
            continue
        if card and not mark.inside(box, slack=0.01):
            problems.append(f"{what!r} of {card} sticks out of its card")
        for other, later, later_mark, _ in drawn[i + 1 :]:
            if later_mark is None and later != box and mark.overlaps(later):
                problems.append(
                    f"{what!r} of {card or 'a pile'} is partly under {other or 'a pile'}"
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
    # A covered card drawn with its whole face: the centre pip of its lower half shows between
    # its coverers, and the checker says so.
    game = r5_game()
    svg = game_svg(game)
    covered = game.pyramid[5][2]  # 8♦, a pip low in the middle, under 3♥ and 4♥
    assert str(covered) == "8♦"
    assert stray_symbols(svg) == []
    whole = defs(covered.deck, [face_id(covered)]).removeprefix("<defs>").removesuffix("</defs>")
    sprite, drawing = svg.split("</defs>")
    drawn_whole = (
        sprite.replace("<defs>", "<defs>" + whole)
        + "</defs>"
        + drawing.replace(f'href="#{top_id(covered)}"', f'href="#{face_id(covered)}"')
    )
    problems = stray_symbols(drawn_whole)
    assert problems and all(f"of {covered} is partly under" in p for p in problems), problems


# ---------------------------------------------------------------- other tables, from the snapshot


def corners_drawn(svg: str) -> dict[tuple[float, float], str]:
    """The top left corner of each card drawn, face up (its card) or face down ("back")."""
    found = {}
    for group in ET.fromstring(svg).iter(f"{SVG}g"):
        use = card_use(group)
        if group.get("data-card") or group.get("data-face-down"):
            assert use is not None
            found[rect_box(use)[:2]] = group.get("data-card", "back")
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
        box = rect_box(
            next(el for el in groups[pile].iter() if el.tag in (f"{SVG}use", f"{SVG}rect"))
        )
        count = text_box(groups[pile].find(f"{SVG}text"))
        assert box.bottom > height * 0.9, pile
        assert count.bottom <= box.top and count.top >= 0, pile


def test_spanish_suits_keep_their_colours() -> None:
    game = Game.from_code("PY1-B-AAAAAAS")
    by_id = pieces(ET.fromstring(game_svg(game)))
    fills = {}
    for card in SPANISH_DECK.cards():
        if top_id(card) in by_id:
            (index,) = by_id[top_id(card)].iter(f"{SVG}text")
            fills[card.suit.letter] = index.get("fill")
    assert fills == {
        "O": TABLE["ink-gold"],
        "C": TABLE["ink-red"],
        "E": TABLE["ink-blue"],
        "B": TABLE["ink-green"],
    }
