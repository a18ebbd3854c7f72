"""The card art and the palette as the front end draws them, sent once in the trait ``_art``.

Every deck a table uses: its sprite (:func:`~pyramide_widget.engine.card_art.sprite`, put in the
page once) and each card's face and top symbol (``{"K♥": ["pw-fr-KH", "pw-fr-KH-top"]}``, the
top for a card with a card on its lower half); the back's symbol; and the palette's CSS
(:func:`~pyramide_widget.engine.palette.stylesheet`), which gives the table's root its ``--pw-*``
colours in the light and the dark themes. Nothing here changes with the language or the game,
so it is sent once per widget, never with a tap.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..engine.card_art import BACK_ID, face_id, sprite, top_id
from ..engine.palette import stylesheet
from ..engine.table import TABLES

ROOT = ".pyr-root"
"""The element of a view the palette's properties are set on (widget.js's table)."""


@cache
def art_for_views() -> dict[str, Any]:
    """``{"palette": css, "back": id, "decks": {name: {"sprite": svg, "faces": {card: [face,
    top]}}}}`` for every deck of the known tables."""
    decks = {table.deck.name: table.deck for table in TABLES.values()}
    return {
        "palette": stylesheet(ROOT),
        "back": BACK_ID,
        "decks": {
            name: {
                "sprite": sprite(deck),
                "faces": {str(card): [face_id(card), top_id(card)] for card in deck.cards()},
            }
            for name, deck in decks.items()
        },
    }


__all__ = ["ROOT", "art_for_views"]
