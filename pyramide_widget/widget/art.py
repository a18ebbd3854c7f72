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
from ..engine.table import TABLES
from ..engine.view.card_art import BACK_ID, face_id, sprite, top_id
from ..engine.view.palette import stylesheet

ROOT = ".pyr-root"
"""The element of a view the palette's properties are set on (widget.js's table)."""

DECKS: dict[str, Deck] = {table.deck.name: table.deck for table in TABLES.values()}
"""Every deck a table uses, by the name the snapshot gives it."""


@cache
def deck_art(name: str) -> dict[str, Any]:
    """``{"sprite": svg, "faces": {card: [face, top]}}`` for the deck named ``name``."""
    deck = DECKS[name]
    return {
        "sprite": sprite(deck),
        "faces": {str(card): [face_id(card), top_id(card)] for card in deck.cards()},
    }


def art_for_views(decks: Iterable[str]) -> dict[str, Any]:
    """``{"palette": css, "back": id, "decks": {name: deck_art(name)}}`` for ``decks``."""
    return {
        "palette": stylesheet(ROOT),
        "back": BACK_ID,
        "decks": {name: deck_art(name) for name in decks},
    }


__all__ = ["DECKS", "ROOT", "art_for_views", "deck_art"]
