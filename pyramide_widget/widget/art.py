"""The card art and the palette as the front end draws them, in the trait ``_art``.

For each deck the views have drawn so far: its sprite (:func:`~pyramide_widget.engine.view.card_art.sprite`,
put in the page once) and each card's face and top symbol (``{"K♥": ["pw-fr-KH",
"pw-fr-KH-top"]}``, the top for a card with a card on its lower half); the back's symbol; and the
palette's CSS (:func:`~pyramide_widget.engine.view.palette.stylesheet`), which gives the table's root its
``--pw-*`` colours in the light and the dark themes. A deck is added when a game on it is first
shown (the Spanish deck with the first Spanish game), never with a tap or a language change.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from ..engine.cards import Deck
from ..engine.view.card_art import BACK_ID, face_id, sprite, top_id
from ..engine.view.palette import stylesheet

ROOT = ".pyr-root"
"""The element of a view the palette's properties are set on (widget.js's table)."""


@cache
def deck_art(deck: Deck) -> dict[str, Any]:
    """``{"sprite": svg, "faces": {card: [face, top]}, "indices": {index_set: {card: [face,
    top]}}}`` for ``deck``: ``indices`` has the faces whose corners read otherwise in another
    index set (``"fr"``: the courts' R, D, V). A deck a table defined in a notebook brings is
    drawn with the art of its suits' deck (French or Spanish)."""
    cards = deck.cards()
    art = cards[0].deck
    return {
        "sprite": sprite(art),
        "faces": {str(card): [face_id(card), top_id(card)] for card in cards},
        "indices": {
            index_set: {
                str(card): [face_id(card, index_set), top_id(card, index_set)]
                for card in cards
                if face_id(card, index_set) != face_id(card)
            }
            for index_set in art.indices
            if index_set != "en"
        },
    }


def art_for_views(decks: Iterable[Deck]) -> dict[str, Any]:
    """``{"palette": css, "back": id, "decks": {name: deck_art(deck)}}`` for ``decks``."""
    return {
        "palette": stylesheet(ROOT),
        "back": BACK_ID,
        "decks": {deck.name: deck_art(deck) for deck in decks},
    }


def with_deck(art: dict[str, Any], deck: Deck) -> dict[str, Any]:
    """``art`` (what :func:`art_for_views` gave) with ``deck``'s art added."""
    return {**art, "decks": {**art["decks"], deck.name: deck_art(deck)}}


__all__ = ["ROOT", "art_for_views", "deck_art", "with_deck"]
