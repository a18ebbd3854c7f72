"""Localized messages (docs/rules.md §8), looked up in each language's module of
:mod:`pyramide_widget.engine.languages`."""

from __future__ import annotations

from dataclasses import dataclass

from .languages import CODES, DEFINITIONS

LANGUAGES = CODES

MESSAGES: dict[str, dict[str, str]] = {
    key: {language: DEFINITIONS[language]["messages"][key] for language in LANGUAGES}
    for key in DEFINITIONS["en"]["messages"]
}
"""Each message by key, then language: the languages' definitions in the order code reads them."""


def check_language(language: str) -> str:
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}: expected one of {', '.join(LANGUAGES)}")
    return language


def translate(key: str, language: str, **values: object) -> str:
    """The message ``key`` in ``language``, with ``{placeholders}`` filled in."""
    return MESSAGES[key][check_language(language)].format(**values)


@dataclass(frozen=True)
class Message:
    """The last message of a game: a stable ``key`` for code, ``text`` for people."""

    key: str
    text: str

    def __str__(self) -> str:
        return self.text
