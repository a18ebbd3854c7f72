"""The card art (pyramide_widget/engine/view/card_art.py) and the palette (engine/view/palette.py): every
card of both decks has a face and a top in its deck's sprite, number cards carry as many pips as
their rank, nothing refers outside the sprite, and every colour comes from the palette."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from svg_marks import SVG, Box, href, marks, pieces

from pyramide_widget.engine.cards import FRENCH_DECK, SPANISH_DECK, Card, Deck
from pyramide_widget.engine.view import card_art, palette
from pyramide_widget.engine.view.card_art import (
    BACK_ID,
    CARD_HEIGHT,
    CARD_WIDTH,
    MIDDLE,
    defs,
    face_id,
    sprite,
    top_id,
)
from pyramide_widget.engine.view.palette import TABLE, ink

DECKS = [FRENCH_DECK, SPANISH_DECK]
CARD = Box(0, 0, CARD_WIDTH, CARD_HEIGHT)
VIEW = Path(card_art.__file__).parent
HEX = re.compile(r"#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b")


def by_id(deck: Deck) -> dict[str, ET.Element]:
    return pieces(ET.fromstring(sprite(deck)))


def pip_id(card: Card) -> str:
    return f"{face_id(card).split('-')[0]}-{face_id(card).split('-')[1]}-pip-{card.suit.letter}"


def in_a_corner(box: Box) -> bool:
    """Inside the corner index's column, top left or bottom right."""
    return box.inside(Box(0, 0, 70, 130)) or box.inside(
        Box(CARD_WIDTH - 70, CARD_HEIGHT - 130, CARD_WIDTH, CARD_HEIGHT)
    )


@pytest.mark.parametrize("deck", DECKS, ids=lambda d: d.name)
def test_every_card_has_a_face_and_a_top_and_every_id_is_unique(deck: Deck) -> None:
    svg = sprite(deck)
    ids = re.findall(r'\bid="([^"]+)"', svg)
    assert len(ids) == len(set(ids))
    faces = {face_id(card) for card in deck.cards()} | {top_id(card) for card in deck.cards()}
    assert len(faces) == 2 * deck.size
    assert faces <= set(ids) and BACK_ID in ids
    namespace = "pw-fr-" if deck is FRENCH_DECK else "pw-es-"
    assert all(face.startswith(namespace) for face in faces)
    for ident in faces | {BACK_ID}:
        symbol = by_id(deck)[ident]
        assert symbol.tag == f"{SVG}symbol"
        assert symbol.get("viewBox") == f"0 0 {CARD_WIDTH} {CARD_HEIGHT}"


def test_ids_both_sprites_use_name_the_same_piece() -> None:
    """Two widgets with different decks can share a page: an id in both sprites (the back, the
    paper) names the same drawing in each."""
    french, spanish = by_id(FRENCH_DECK), by_id(SPANISH_DECK)
    shared = set(french) & set(spanish)
    assert BACK_ID in shared
    for ident in shared:
        assert ET.tostring(french[ident]) == ET.tostring(spanish[ident]), ident


@pytest.mark.parametrize("deck", DECKS, ids=lambda d: d.name)
def test_number_cards_carry_as_many_pips_as_their_rank(deck: Deck) -> None:
    pieces_ = by_id(deck)
    courts = 10 if deck is SPANISH_DECK else 11
    for card in deck.cards():
        found = [box for what, box in marks(pieces_, face_id(card)) if what == pip_id(card)]
        corners = [box for box in found if in_a_corner(box)]
        assert len(corners) == 2, card  # the small pip under each corner index
        field = len(found) - len(corners)
        assert field == (card.rank if card.rank < courts else 0), card


@pytest.mark.parametrize("deck", DECKS, ids=lambda d: d.name)
def test_court_cards_have_figures_of_their_own(deck: Deck) -> None:
    """Each court card shows a figure, and no two court cards show the same one."""
    pieces_ = by_id(deck)
    courts = [card for card in deck.cards() if card.rank >= (10 if deck is SPANISH_DECK else 11)]
    assert len(courts) == 12
    drawings = set()
    for card in courts:
        figures = [
            what
            for what, _ in marks(pieces_, face_id(card))
            if "figure" in what or what.endswith(("-upper", "-lower"))
        ]
        assert figures, card
        drawing = "".join(
            re.sub(r'id="[^"]+"', "", ET.tostring(el, encoding="unicode"))
            for el in pieces_.values()
            if el.get("id", "").startswith(face_id(card) + "-figure")
        )
        drawings.add(drawing)
    assert len(drawings) == 12


@pytest.mark.parametrize("deck", DECKS, ids=lambda d: d.name)
def test_every_mark_lies_on_its_card_and_a_top_holds_the_upper_half(deck: Deck) -> None:
    pieces_ = by_id(deck)
    for card in deck.cards():
        face = marks(pieces_, face_id(card))
        top = marks(pieces_, top_id(card))
        assert all(box.inside(CARD, slack=0.01) for _, box in face), card
        assert top and all(box.bottom <= MIDDLE + 0.01 for _, box in top), card
        assert set(top) <= set(face)
        # The index is in the top: a covered card still says what it is.
        assert any(what in (str(card.rank), "A", "J", "Q", "K") for what, _ in top), card


@pytest.mark.parametrize("deck", DECKS, ids=lambda d: d.name)
def test_the_sprite_refers_to_nothing_outside_itself(deck: Deck) -> None:
    svg = sprite(deck)
    root = ET.fromstring(svg)
    assert "<image" not in svg and "xlink:" not in svg
    assert re.findall(r"https?://[^\"]*", svg) == ["http://www.w3.org/2000/svg"]
    ids = pieces(root)
    refs = [el.get("href") for el in root.iter() if el.get("href") is not None]
    refs += re.findall(r"url\((#[^)]*)\)", svg)
    assert refs and all(ref and ref.startswith("#") and ref[1:] in ids for ref in refs)


@pytest.mark.parametrize("deck", DECKS, ids=lambda d: d.name)
def test_a_card_s_defs_hold_everything_it_needs_and_no_other_card(deck: Deck) -> None:
    for card in deck.cards()[:: deck.ranks - 1]:
        svg = f'<svg xmlns="http://www.w3.org/2000/svg">{defs(deck, [face_id(card)])}</svg>'
        ids = pieces(ET.fromstring(svg))
        assert {face_id(card), top_id(card)} <= set(ids)
        assert all(href(el) in ids for el in ET.fromstring(svg).iter(f"{SVG}use"))
        assert not {face_id(other) for other in deck.cards() if other is not card} & set(ids)


@pytest.mark.parametrize("deck", DECKS, ids=lambda d: d.name)
def test_the_sprite_stays_small(deck: Deck) -> None:
    assert len(sprite(deck).encode()) < 150_000


@pytest.mark.parametrize("deck", DECKS, ids=lambda d: d.name)
def test_indices_are_printed_in_the_suit_s_ink(deck: Deck) -> None:
    pieces_ = by_id(deck)
    for card in deck.cards():
        fills = {text.get("fill") for text in pieces_[top_id(card)].iter(f"{SVG}text")}
        assert fills == {ink(card.suit.colour)}, card


def contrast(one: str, other: str) -> float:
    """The WCAG contrast ratio of two colours."""

    def luminance(colour: str) -> float:
        channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_every_suit_ink_reads_on_the_card_at_4_5_to_1() -> None:
    for colour in ("red", "black", "gold", "blue", "green"):
        assert contrast(ink(colour), TABLE["card"]) >= 4.5, colour


def test_counts_on_the_felt_read_at_4_5_to_1_in_both_themes() -> None:
    for theme in ("light", "dark"):
        colours = palette.custom_properties(theme)
        for felt in ("--pw-felt", "--pw-felt-shadow"):
            assert contrast(colours["--pw-felt-text"], colours[felt]) >= 4.5, (theme, felt)


def test_the_palette_is_the_only_place_colours_are_written() -> None:
    for module in ("card_art.py", "html.py"):
        assert HEX.findall((VIEW / module).read_text()) == [], module
    everything = set(TABLE.values()) | set(palette.DARK.values()) | set(palette.ART.values())
    for deck in DECKS:
        assert set(HEX.findall(sprite(deck))) <= everything


def test_the_widget_receives_the_palette_as_custom_properties() -> None:
    light, dark = palette.custom_properties("light"), palette.custom_properties("dark")
    assert light["--pw-felt"] == TABLE["felt"] and dark["--pw-felt"] == palette.DARK["felt"]
    assert set(light) == set(dark) == {f"--pw-{name}" for name in TABLE}
    css = palette.stylesheet(".pyr-root")
    assert f".pyr-root{{--pw-felt:{TABLE['felt']};" in css
    for theme in palette.DARK_THEMES:
        assert f"{theme} .pyr-root" in css


def test_bad_input_says_what_was_expected() -> None:
    with pytest.raises(TypeError, match="expected a Card"):
        face_id("K♦")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="expected one of red, black"):
        ink("purple")
    with pytest.raises(ValueError, match="theme must be 'light' or 'dark'"):
        palette.custom_properties("sepia")


@pytest.mark.parametrize("deck", DECKS, ids=lambda d: d.name)
def test_each_index_set_has_faces_whose_corners_read_in_it(deck: Deck) -> None:
    """ "Card indices: R D V": a court card's corners read R, D, V on a face of their own; a
    card whose index is the same in both sets (a number, the ace) keeps its one face."""
    symbols = by_id(deck)
    for index_set in deck.indices:
        for card in deck.cards():
            letter = deck.rank_text(card.rank, index_set)
            same = letter == deck.rank_text(card.rank)
            assert (face_id(card, index_set) == face_id(card)) == same, (card, index_set)
            for ident in (face_id(card, index_set), top_id(card, index_set)):
                texts = {text.text for text in symbols[ident].iter(f"{SVG}text")}
                upper = {text.text for text in symbols[top_id(card, index_set)].iter(f"{SVG}text")}
                assert texts | upper == {letter}, (ident, texts, upper)
    if deck is FRENCH_DECK:
        assert face_id(deck.parse("K♥"), "fr") == "pw-fr-KH-fr"
        assert {deck.rank_text(r, "fr") for r in (11, 12, 13)} == {"V", "D", "R"}
    with pytest.raises(ValueError, match="expected one of en, fr"):
        face_id(deck.cards()[0], "de")
