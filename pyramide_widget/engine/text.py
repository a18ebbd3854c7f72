"""Case-insensitive reading of typed text: only ASCII letters change case.

``str.upper`` turns some other characters into ASCII letters (``"ſ".upper()`` is ``"S"``,
``"ı".upper()`` is ``"I"``, ``"ß".upper()`` is ``"SS"``) and ``str.lower`` the Kelvin sign into
``"k"``, so a parser that changed the case first would take a look-alike for a letter it knows.
Every parser of the engine (cards, moves, preset letters, deal codes) changes case with these.
"""

from __future__ import annotations

import string

__all__ = ["ascii_lower", "ascii_upper"]

_UPPER = str.maketrans(string.ascii_lowercase, string.ascii_uppercase)
_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)


def ascii_upper(text: str) -> str:
    """``text`` with its ASCII letters upper-cased and every other character left as it is."""
    return text.translate(_UPPER)


def ascii_lower(text: str) -> str:
    """``text`` with its ASCII letters lower-cased and every other character left as it is."""
    return text.translate(_LOWER)
