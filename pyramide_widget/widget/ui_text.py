"""Every string the widget shows, in English, French, Slovak, Vietnamese and Polish.

The engine's own messages ("The sum must be 13", ...) are looked up by :mod:`pyramide_widget.engine.i18n`;
this module assembles the rest of the widget's words: buttons, labels, banners, and the names
of the cards that screen readers speak ("queen of clubs, blocked"). Every word comes from its
language's module in :mod:`pyramide_widget.engine.languages`. The widget sends one language's table
to the front end when the language changes, never on each tap.

Standard library only, like the engine, so it can be tested and reused without a browser.
"""

from __future__ import annotations

from typing import Any

from ..engine.cards import SPANISH_DECK, Card, SpanishSuit, Suit, standard_deck
from ..engine.i18n import LANGUAGES, check_language, translate
from ..engine.languages import DEFINITIONS
from ..engine.rules import PRESETS

SPANISH_FIGURES = {10: "sota", 11: "caballo", 12: "rey"}
"""A Spanish card is named in Spanish in every language ("rey de oros", "7 de copas"): its
suits have no names in the other languages."""


def text(key: str, language: str, **values: object) -> str:
    """One UI string in ``language`` with its ``{placeholders}`` filled in."""
    return DEFINITIONS[check_language(language)]["strings"][key].format(**values)


def card_name(card: Card, language: str) -> str:
    """The spoken name of a card: "queen of clubs", "dame de trèfle", "krížová dáma"..."""
    words = DEFINITIONS[check_language(language)]
    if isinstance(card.suit, SpanishSuit):
        return f"{SPANISH_FIGURES.get(card.rank, str(card.rank))} de {card.suit.display_name}"
    rank = words["rank_words"][card.rank - 1]
    suit = words["suit_words"][list(Suit).index(card.suit)] + words["suit_endings"][card.rank - 1]
    return words["strings"]["card_of"].format(rank=rank, suit=suit)


def preset_name(letter: str, language: str) -> str:
    """A rules preset's name in ``language`` (``Custom`` for rules that match no preset). A
    preset not translated yet keeps its own name, so a new game needs no language entry to show."""
    words = DEFINITIONS[check_language(language)]
    if letter in words["presets"]:
        return words["presets"][letter]
    return PRESETS[letter].name if letter in PRESETS else words["custom_rules"]


def table_for(language: str) -> dict[str, Any]:
    """Everything static the front end needs to draw in ``language``: sent once per change.
    Card indices are not here: the snapshot's deck carries both sets (K/Q/J and R/D/V) and its
    options say which one is shown, so switching them re-sends no text."""
    language = check_language(language)
    return {
        "language": language,
        "strings": {
            **DEFINITIONS[language]["strings"],
            # The end banners use the engine's own words (docs/rules.md §8).
            "won_title": translate("won", language),
            "no_moves_title": translate("no_moves", language),
        },
        "cards": {
            str(card): card_name(card, language)
            for card in (*standard_deck(), *SPANISH_DECK.cards())
        },
        "presets": [
            {"letter": letter, "name": preset_name(letter, language)} for letter in PRESETS
        ],
        "custom_rules": DEFINITIONS[language]["custom_rules"],
        "languages": [{"code": code, "name": DEFINITIONS[code]["name"]} for code in LANGUAGES],
    }
