"""Localized messages (docs/rules.md §8) in English, French, Slovak, Vietnamese and Polish.

The three messages of the app (``blocked``, ``sum``, ``no_moves``) are the app's own words.
The others are this project's additions, for situations the app text does not cover.
"""

from __future__ import annotations

from dataclasses import dataclass

LANGUAGES = ("en", "fr", "sk", "vi", "pl")

MESSAGES: dict[str, dict[str, str]] = {
    "blocked": {
        "en": "This card is blocked by another card",
        "fr": "Cette carte est bloquée par une autre carte",
        "sk": "Túto kartu blokuje iná karta",
        "vi": "Lá bài này bị một lá khác chặn",
        "pl": "Tę kartę blokuje inna karta",
    },
    "sum": {
        "en": "The sum must be {target}",
        "fr": "La somme doit faire {target}",
        "sk": "Súčet musí byť {target}",
        "vi": "Tổng phải bằng {target}",
        "pl": "Suma musi wynosić {target}",
    },
    "no_moves": {
        "en": "No more moves possible",
        "fr": "Plus aucun coup possible",
        "sk": "Už nie je možný žiadny ťah",
        "vi": "Không còn nước đi nào",
        "pl": "Nie ma już możliwych ruchów",
    },
    "won": {
        "en": "You won!",
        "fr": "Vous avez gagné !",
        "sk": "Vyhrali ste!",
        "vi": "Bạn đã thắng!",
        "pl": "Wygrana!",
    },
    "no_recycles": {
        "en": "No more passes through the stock",
        "fr": "Plus aucun passage du talon possible",
        "sk": "Doberací balíček už nemožno prejsť znova",
        "vi": "Không thể duyệt lại chồng bài rút nữa",
        "pl": "Nie można już ponownie przejść talii",
    },
    "no_undo": {
        "en": "Nothing to undo",
        "fr": "Rien à annuler",
        "sk": "Nie je čo vrátiť",
        "vi": "Không có gì để hoàn tác",
        "pl": "Nie ma czego cofnąć",
    },
}


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
